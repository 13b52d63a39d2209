"""Outbox entries grouped and cut into Discord messages within Discord's limits."""

from bot.discord.posts import (
    ATTACHMENTS_PER_MESSAGE,
    MESSAGE_LIMIT,
    NONCE_LIMIT,
    Picture,
    Post,
    escape_markdown,
    group,
    messages,
    split_text,
)
from bot.replies import Reply
from bot.store import OutboxEntry

PNG = b"\x89PNG" + b"0" * 100


def entry(i: int, reply: Reply, campaign: int = 1) -> OutboxEntry:
    return OutboxEntry(i, campaign, reply.to, reply.payload(), reply.image)


def test_a_batch_becomes_one_post_per_recipient():
    """Public and private replies of one batch make two posts; an image's text is its alt text."""
    entries = [
        entry(1, Reply("public", "\u2713 draw", batch="b")),
        entry(2, Reply("red", "You drew card-03.", batch="b")),
        entry(3, Reply("public", "red draws a card.", batch="b")),
        entry(4, Reply("public", "Map of the area around 0101.", image=PNG, batch="b")),
        entry(5, Reply("public", "Rosa now plays red.")),
        entry(6, Reply("public", "Bruno now plays blue.")),
    ]
    posts = group(entries)
    assert [(p.recipient, p.entry_ids) for p in posts] == [("public", (1, 3, 4)), ("red", (2,)), ("public", (5,)), ("public", (6,))]
    assert posts[0].text == "\u2713 draw\nred draws a card."
    assert posts[0].pictures[0].alt == "Map of the area around 0101."
    assert posts[0].pictures[0].filename == "image-4.png"


def test_split_text_cuts_at_line_ends_within_the_limit():
    """No piece is over the limit; lines survive whole unless one alone is too long."""
    text = "\n".join(f"line {i} " + "x" * 90 for i in range(60)) + "\n" + "y" * 4500
    pieces = split_text(text)
    assert all(len(p) <= MESSAGE_LIMIT for p in pieces)
    assert "".join(pieces).replace("\n", "") == text.replace("\n", "")
    assert all(p.startswith(("line", "y")) for p in pieces)


def test_messages_respect_attachment_limits_and_carry_distinct_nonces():
    """At most ten attachments and 8 MB per message; every nonce distinct and short."""
    pictures = tuple(Picture(PNG, f"map {i}", f"image-{i}") for i in range(12))
    big = tuple(Picture(b"\x89PNG" + b"1" * 3_000_000, "big", f"big-{i}") for i in range(3))
    post = Post(1, "public", "b", (41, 42), "\u2713 move r1 0102", pictures + big)
    out = messages(post)
    assert out[0].content == "\u2713 move r1 0102"
    assert all(len(m.attachments) <= ATTACHMENTS_PER_MESSAGE for m in out)
    assert all(sum(len(a.data) for a in m.attachments) <= 8_000_000 for m in out)
    assert sum(len(m.attachments) for m in out) == 15
    assert [a.description for a in out[0].attachments][:2] == ["map 0", "map 1"]
    nonces = [m.nonce for m in out]
    assert len(set(nonces)) == len(nonces) and all(len(n) <= NONCE_LIMIT for n in nonces)
    assert nonces[0] == "adj41.0"


def test_very_long_text_is_attached_as_a_file():
    """Past three messages the text goes as a file, the first part shown."""
    text = "\n".join(f"#{i} red: move r1 0102" for i in range(600))
    out = messages(Post(1, "red", "b", (7,), text))
    assert len(out) == 1 and len(out[0].content) <= MESSAGE_LIMIT
    assert out[0].attachments[0].filename == "adjutant-7.txt"
    assert out[0].attachments[0].data.decode() == text


def test_markdown_is_escaped_so_orders_show_as_typed():
    assert escape_markdown("move 1_pz *now*") == "move 1\\_pz \\*now\\*"


def ruling_reply(order: str, reason: str, rule: str | None = "F.4", batch: str = "b") -> Reply:
    ruling = {"order": order, "reason": reason} | ({"rule": rule, "label": "Regola"} if rule else {})
    said = f"{reason} ({rule})" if rule else reason
    return Reply("public", f"\u2717 {order} \u2014 {said}", ok=False, batch=batch, extra={"ruling": ruling})


def test_a_refusal_goes_as_an_embed_with_its_rule_and_leaves_the_text():
    """A ruling among a batch's lines: an embed (order, reason, rule in the reader's words), the other lines stay text."""
    posts = group([
        entry(1, Reply("public", "\u2713 move r1 0102", batch="b")),
        entry(2, ruling_reply("attack r1 b1", "b1 is not adjacent.")),
    ])
    [post] = posts
    assert post.text == "\u2713 move r1 0102\n\u2717 attack r1 b1 \u2014 b1 is not adjacent. (F.4)"  # whole, for a plain last resort
    [out] = messages(post)
    assert out.content == "\u2713 move r1 0102"
    [ruling] = out.rulings
    assert (ruling.order, ruling.reason, ruling.rule, ruling.label) == ("attack r1 b1", "b1 is not adjacent.", "F.4", "Regola")


def test_a_refusal_alone_is_a_message_with_an_embed_and_no_content():
    """A batch that is one refusal of form (no rule) is still delivered: an empty content and the embed."""
    [out] = messages(group([entry(1, ruling_reply("mvoe r1", "Unknown order 'mvoe'.", rule=None))])[0])
    assert out.content == "" and out.rulings[0].rule is None


def test_rulings_past_what_one_message_holds_stay_lines_of_text():
    """Ten rulings at most go as embeds, within Discord's total size; the rest stay in the text."""
    many = [entry(i, ruling_reply(f"move r{i} 0909", "0909 is not a hex of this map. " * 5)) for i in range(1, 16)]
    outs = messages(group(many)[0])
    shown = outs[0].rulings
    assert len(shown) == 10 and all(not o.rulings for o in outs[1:])
    body = "\n".join(o.content for o in outs)
    assert all(f"move r{i} 0909" not in body for i in range(1, 11))
    assert all(f"move r{i} 0909" in body for i in range(11, 16))
    huge = [entry(i, ruling_reply(f"move r{i} 0909", "x" * 1400)) for i in range(1, 6)]
    assert len(messages(group(huge)[0])[0].rulings) == 3  # 6,000 characters over every embed of a message
