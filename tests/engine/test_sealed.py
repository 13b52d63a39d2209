"""Sealed simultaneous choices (engine/sealed.py): commitment, reveal together, one door."""

import pytest

from bot.i18n import render
from engine import sealed
from engine.errors import IllegalOrder, InvariantViolation
from engine.game import PUBLIC, REFEREE, Action
from engine.kernel import KernelContext, Match
from tests.engine.sealed_game import SealedPicks
from tests.harness import play_random, words_of

TAG = "combat:1"


def opened():
    state = {}
    sealed.open_choice(state, TAG, ("soviet", "german"))
    return state


def public_lines(ctx):
    return [render(e.text, viewer=PUBLIC) for e in ctx.entries if e.to == "*"]


def test_choice_is_announced_with_commitment_only():
    """The public announcement names the role and the commitment, never the choice."""
    state, ctx = opened(), KernelContext("s", 0)
    digest = sealed.choose(state, TAG, "soviet", ["ambush"], ctx)
    lines = public_lines(ctx)
    assert lines == [f"Soviet has chosen (sealed; commitment {digest[:16]})."]
    assert "ambush" not in " ".join(lines)


def test_chooser_alone_reads_the_sealed_choice():
    """The chooser is told what was sealed; the entry is addressed to the chooser alone."""
    state, ctx = opened(), KernelContext("s", 0)
    sealed.choose(state, TAG, "soviet", ["ambush"], ctx)
    private = [e for e in ctx.entries if e.to == "soviet"]
    assert [render(e.text, viewer="soviet") for e in private] == ["You sealed: ambush."]
    assert "ambush" not in render(private[0].text, viewer="german")


def test_commitment_binds_choice_and_salt():
    """The stored commitment is the hash of tag, role, choice and the kernel-drawn salt."""
    state, ctx = opened(), KernelContext("s", 0)
    digest = sealed.choose(state, TAG, "soviet", ["ambush", "vodka"], ctx)
    salt = state["sealed"][TAG]["salts"]["soviet"]
    assert digest == sealed.commitment(TAG, "soviet", ["ambush", "vodka"], salt)
    assert digest != sealed.commitment(TAG, "soviet", ["ambush"], salt)


def test_salt_comes_from_the_kernel_counter():
    """The salt is one kernel draw: the same seed and counter give the same salt, another seed another."""
    salts = []
    for seed in ("a", "a", "b"):
        state = opened()
        sealed.choose(state, TAG, "soviet", ["ambush"], KernelContext(seed, 7))
        salts.append(state["sealed"][TAG]["salts"]["soviet"])
    assert salts[0] == salts[1] != salts[2]


def test_second_choice_is_refused_without_quoting_either():
    """A role chooses once; the refusal quotes neither choice."""
    state = opened()
    sealed.choose(state, TAG, "soviet", ["ambush"], KernelContext("s", 0))
    with pytest.raises(IllegalOrder) as err:
        sealed.choose(state, TAG, "soviet", ["vodka"], KernelContext("s", 1), rule="S 12.5")
    text = render(err.value.text(), viewer=PUBLIC)
    assert "ambush" not in text and "vodka" not in text and "S 12.5" in text


def test_role_not_asked_is_refused():
    """A role that is not part of the choice cannot seal one."""
    state = opened()
    with pytest.raises(IllegalOrder):
        sealed.choose(state, TAG, "referee-bot", ["x"], KernelContext("s", 0))


def test_pending_and_complete():
    """Who still has to choose, and completeness once all have."""
    state = opened()
    assert sealed.pending(state, TAG) == ["german", "soviet"]
    sealed.choose(state, TAG, "german", [], KernelContext("s", 0))
    assert sealed.pending(state, TAG) == ["soviet"] and not sealed.complete(state, TAG)
    sealed.choose(state, TAG, "soviet", ["feint"], KernelContext("s", 1))
    assert sealed.complete(state, TAG)


def test_reveal_before_complete_is_an_error():
    """Nothing is revealed while a role has not chosen."""
    state = opened()
    sealed.choose(state, TAG, "german", ["stuka"], KernelContext("s", 0))
    with pytest.raises(ValueError):
        sealed.reveal(state, TAG, KernelContext("s", 1))


def test_reveal_shows_all_choices_together_and_closes():
    """The reveal announces every choice with its salt in one step and closes the record."""
    state = opened()
    sealed.choose(state, TAG, "german", ["stuka"], KernelContext("s", 0))
    sealed.choose(state, TAG, "soviet", [], KernelContext("s", 1))
    ctx = KernelContext("s", 2)
    got = sealed.reveal(state, TAG, ctx)
    assert got == {"german": ("stuka",), "soviet": ()}
    lines = public_lines(ctx)
    assert len(lines) == 2 and "stuka" in lines[0] and "nothing" in lines[1]
    assert ctx.barrier and "sealed" not in state


def test_project_hides_other_choices():
    """A view shows who has chosen and the commitments; a choice only to its role and the referee."""
    state = opened()
    sealed.choose(state, TAG, "soviet", ["ambush"], KernelContext("s", 0))
    assert "ambush" not in str(sealed.project(state, "german"))
    assert "ambush" not in str(sealed.project(state, PUBLIC))
    assert sealed.project(state, "soviet")[TAG]["mine"] == ["ambush"]
    assert sealed.project(state, REFEREE)[TAG]["choices"] == {"soviet": ["ambush"]}
    assert sealed.project(state, PUBLIC)[TAG]["chosen"] == ["soviet"]


def test_order_text_redacts_sealed_verbs():
    """A sealed verb reads as the verb and '(sealed)'; other verbs are left to the game."""
    assert sealed.order_text(Action("chits", ("ambush",)), ("chits",)) == "chits (sealed)"
    assert sealed.order_text(Action("move", ("a", "b")), ("chits",)) is None


def test_secret_words_are_unrevealed_choices():
    """secret_words lists each role's sealed choice until the reveal."""
    state = opened()
    sealed.choose(state, TAG, "soviet", ["ambush"], KernelContext("s", 0))
    assert sealed.secret_words(state) == {"soviet": {"ambush"}}


def test_check_catches_a_tampered_choice():
    """A sealed choice changed after its commitment breaks the invariant."""
    state = opened()
    sealed.choose(state, TAG, "soviet", ["ambush"], KernelContext("s", 0))
    sealed.check(state)
    state["sealed"][TAG]["choices"]["soviet"] = ["vodka"]
    with pytest.raises(InvariantViolation):
        sealed.check(state)


def test_close_reveals_nothing():
    """A cancelled choice is dropped without any announcement."""
    state = opened()
    sealed.choose(state, TAG, "soviet", ["ambush"], KernelContext("s", 0))
    sealed.close(state, TAG)
    assert not sealed.is_open(state, TAG) and "sealed" not in state


def test_public_history_never_shows_a_choice_before_the_reveal():
    """Over a whole game, the public projection of every record (echo, entries, history) never
    names a sealed choice before the record that reveals it, nor a card drawn and not chosen."""
    game = SealedPicks()
    match = Match.new(game, "basic", {}, "history-seed")
    while match.result() is None:
        role = sorted(match.active())[0]
        match.play(role, match.prompt(role).actions[-1])
        secrets = game.secrets(match.state)
        for viewer in (PUBLIC, *game.roles):
            hidden = set().union(*(w for r, w in secrets.items() if r != viewer))
            for line in match.history(viewer, len(match.records)):
                shown = words_of(" ".join([line.said, *(render(e, viewer=viewer) for e in line.entries)]))
                assert not hidden & shown, (viewer, line)
    revealed = [e for r in match.records for e in r.entries if e.kind == "reveal"]
    assert len(revealed) == 6


def test_unchosen_cards_are_never_revealed():
    """A drawn card that was not chosen never appears in any public text of the game."""
    game = SealedPicks()
    match = Match.new(game, "basic", {}, "unchosen")
    drawn, chosen = set(), set()
    while match.result() is None:
        for r in game.roles:
            drawn |= set(match.state["hands"][r])
        role = sorted(match.active())[0]
        action = match.prompt(role).actions[1]  # one card
        chosen |= set(action.args)
        match.play(role, action)
    public = " ".join(render(e.text, viewer=PUBLIC) for r in match.records for e in r.entries if e.to == "*")
    assert not (drawn - chosen) & words_of(public)
    assert chosen <= words_of(public)


@pytest.mark.parametrize("seed", [f"sealed-{i}" for i in range(8)])
def test_random_play_keeps_sealed_choices_secret(seed):
    """The random-play harness with its secrets and redeal checks on a sealed-choice game."""
    report = play_random(SealedPicks(), "basic", seed, max_steps=60, check_every=1, redeal_every=1)
    assert report.finished


def test_a_game_names_the_items_of_the_reveal():
    """A game's namer names each item in the reveal and in the chooser's message, in the reader's language."""
    from engine.games.schwerpunkt.chitnames import chit_label

    state, first = opened(), KernelContext("s", 0)
    sealed.choose(state, TAG, "soviet", ["ambush"], first, name=chit_label)
    sealed.choose(state, TAG, "german", ["battlefield-dominance", "blitzkrieg"], KernelContext("s", 1), name=chit_label)
    ctx = KernelContext("s", 2)
    sealed.reveal(state, TAG, ctx, name=chit_label)
    revealed = [render(e.text, "it", viewer=PUBLIC) for e in ctx.entries if e.to == "*"]
    assert any("Dominio del campo di battaglia (battlefield-dominance), Blitzkrieg (blitzkrieg)" in line for line in revealed)
    mine = [render(e.text, "it", viewer="soviet") for e in first.entries if e.to == "soviet"]
    assert mine == ["Hai sigillato: Imboscata (ambush)."]
