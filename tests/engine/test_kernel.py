import pytest

from engine.errors import IllegalOrder, InvalidOrder, OrderError
from engine.game import Action, Override
from engine.kernel import Match, ReplayMismatch
from tests.fixtures.duel import make_game
from tests.harness import play_random

GAME = make_game()


def new(seed="s1"):
    return Match.new(GAME, "basic", GAME.options, seed)


def adjacent():
    """A match where blue's b2 stands next to red's r2."""
    m = new()
    m.override(Override("place", ("b2", "0303"), "set up a fight"))
    return m


def test_setup_is_deterministic_per_seed():
    """The same seed gives the same shuffled hands; the seed never appears in a view."""
    a, b = new("x"), new("x")
    assert a.hash() == b.hash()
    assert new("y").hash() != a.hash()
    for role in GAME.roles:
        assert "x" not in [v for v in a.view(role).values() if isinstance(v, str)]
        assert "seed" not in a.view(role)


def test_setup_publishes_seed_commitment():
    m = new("x")
    assert "Seed commitment" in str(m.setup_entries[0].text)


def test_seed_is_revealed_when_the_game_ends():
    m = new()
    m.override(Override("remove", ("b1",), "test"))
    m.override(Override("remove", ("b2",), "test"))
    assert m.result() is not None and m.view("blue")["seed"] == "s1"


def test_move_then_undo_restores_state():
    m = new()
    before = m.hash()
    m.submit("red", "move r1 0102")
    assert m.can_undo("red")
    m.undo("red")
    assert m.hash() == before
    assert "took back" in str(m.records[-1].entries[0].text)


def test_undo_refused_after_a_roll():
    """A die roll is a barrier: the attack cannot be taken back."""
    m = adjacent()
    m.submit("red", "attack r2 b2")
    m.submit("blue", "pass")
    with pytest.raises(IllegalOrder):
        m.undo("blue")


def test_undo_refused_after_change_of_player():
    m = new()
    m.submit("red", "end")
    with pytest.raises(IllegalOrder) as exc:
        m.undo("red")
    assert "cannot be taken back" in str(exc.value)


def test_cannot_undo_anothers_action():
    m = new()
    m.submit("red", "move r1 0102")
    with pytest.raises(IllegalOrder) as exc:
        m.undo("blue")
    assert "your own" in str(exc.value)


def test_referee_grant_allows_one_undo_across_a_barrier():
    m = new()
    m.submit("red", "end")
    m.override(Override("grant-undo", ("red",), "misclick"))
    m.undo("red")
    assert m.state["player"] == "red"
    m.submit("red", "end")
    with pytest.raises(IllegalOrder):
        m.undo("red")


def test_replay_reproduces_every_hash():
    m = adjacent()
    m.submit("red", "attack r2 b2")
    m.submit("blue", "brace")
    m.submit("red", "move r1 0102")
    m.undo("red")
    m.override(Override("place", ("r1", "0201"), "test"))
    again = Match.replay(GAME, "basic", GAME.options, "s1", m.records)
    assert again.hash() == m.hash()


def test_replay_detects_a_tampered_hash():
    m = new()
    m.submit("red", "move r1 0102")
    m.records[-1].state_hash = "0" * 64
    with pytest.raises(ReplayMismatch):
        Match.replay(GAME, "basic", GAME.options, "s1", m.records)


def test_wrong_player_gets_a_clear_refusal():
    m = new()
    with pytest.raises(IllegalOrder) as exc:
        m.submit("blue", "move b1 0504")
    assert "not your turn" in str(exc.value)


def test_illegal_order_cites_rule_and_leaves_state():
    m = new()
    before = m.hash()
    with pytest.raises(IllegalOrder) as exc:
        m.submit("red", "move r1 0505")
    assert "(F.1)" in str(exc.value) and m.hash() == before


def test_override_needs_reason_and_respects_invariants():
    m = new()
    with pytest.raises(InvalidOrder):
        m.override(Override("place", ("r1", "0202"), " "))
    before = m.hash()
    with pytest.raises(IllegalOrder):
        m.override(Override("place", ("r1", "0202"), "stack them"))  # two counters in one hex
    assert m.hash() == before


def test_override_is_logged_for_everyone_and_is_a_barrier():
    m = new()
    rec = m.override(Override("place", ("r1", "0303"), "table bump"))
    assert rec.barrier and rec.entries[0].to == "*" and "table bump" in str(rec.entries[0].text)


def test_set_override_changes_a_value_but_not_the_rng():
    m = new()
    m.override(Override("set", ("turn", "4"), "skip ahead"))
    assert m.state["turn"] == 4
    with pytest.raises(IllegalOrder):
        m.override(Override("set", ("rng", "0"), "cheat"))


def test_set_takes_a_json_list_split_at_its_commas_by_the_order_tokenizer():
    from engine.orders import tokens

    m = new()
    words = tokens('set discard ["card-01", "card-02"]')  # what a referee types: the tokenizer splits at the comma
    m.override(Override("set", tuple(words[1:]), "a list value"))
    assert m.state["discard"] == ["card-01", "card-02"]
    with pytest.raises(InvalidOrder):
        m.override(Override("set", ("turn", "not", "json"), "three words"))


def refused_set(m, path, value):
    """The refusal of ``set PATH VALUE``, checking that it changed nothing."""
    before = m.hash()
    with pytest.raises(InvalidOrder) as exc:
        m.override(Override("set", (path, value), "test"))
    assert m.hash() == before
    return str(exc.value.text())


@pytest.mark.parametrize("value", ['"x"', "x", "true", "4.5", "1e999", "[4]", "null"])
def test_set_keeps_a_whole_number_whole(value):
    """A whole number is replaced by a whole number only (true is not one, nor 1e999)."""
    text = refused_set(new(), "turn", value)
    assert "'turn' holds a whole number" in text and "set turn 3" in text


@pytest.mark.parametrize("value", ["1e999", "-1e999", "NaN", "Infinity"])
def test_set_takes_finite_numbers_only(value):
    """Infinite or not-a-number values are refused wherever they stand, even where null stood."""
    m = new()
    m.state["flow"][-1]["note"] = None
    assert "'flow.0.note'" in refused_set(m, "flow.0.note", value)
    assert "'discard.0'" in refused_set(m, "discard", f"[{value}]")


def test_set_keeps_text_text():
    """Text is replaced by text (a bare word is taken as text); a number is refused."""
    m = new()
    assert "'player' holds text" in refused_set(m, "player", "3")
    m.override(Override("set", ("player", "blue"), "test"))
    assert m.state["player"] == "blue"


def test_set_keeps_the_kind_of_a_lists_items():
    """A list of card names takes card names, not numbers."""
    m = new()
    assert "a list of text" in refused_set(m, "hands.red", "[1, 2]")
    m.override(Override("set", ("hands.red", '["card-00"]'), "test"))
    assert m.state["hands"]["red"] == ["card-00"]


def test_set_keeps_every_key_of_an_object():
    """An object must keep its keys, each with a value of its kind."""
    m = new()
    assert "an object with the keys hex, side" in refused_set(m, "units.r1", '{"side": "red"}')
    assert "'units.r1.hex' holds text" in refused_set(m, "units.r1", '{"side": "red", "hex": 3}')
    m.override(Override("set", ("units.r1", '{"side": "red", "hex": "0303"}'), "test"))
    assert m.state["units"]["r1"]["hex"] == "0303"


def test_a_refused_set_names_no_value_of_the_state():
    """The refusal's example is built from the shape alone: blue's cards are not in it."""
    m = new()
    text = refused_set(m, "hands.blue", "5")
    assert not any(card in text for card in m.state["hands"]["blue"])


def test_rewind_returns_to_an_earlier_record():
    m = new()
    m.submit("red", "move r1 0102")
    h1 = m.hash()
    m.submit("red", "move r1 0103")
    m.override(Override("rewind", ("1",), "wrong move"))
    assert m.hash() == h1
    assert Match.replay(GAME, "basic", GAME.options, "s1", m.records).hash() == h1


def test_standing_orders_answer_windows():
    """A standing 'brace' answers the defender's window without waiting for blue."""
    m = adjacent()
    m.state["standing"]["blue"] = "brace"
    recs = m.submit("red", "attack r2 b2")
    assert [r.kind for r in recs] == ["order", "auto"] and recs[1].action.verb == "brace"
    assert m.active() == {"red"}


def test_hidden_hands_and_refusal_without_leak():
    """Playing a card one does not hold is refused without saying who holds it."""
    m = new()
    blue_card = m.state["hands"]["blue"][0]
    assert blue_card not in str(m.view("red"))
    with pytest.raises(IllegalOrder) as exc:
        m.submit("red", f"play {blue_card}")
    assert "blue" not in str(exc.value)


@pytest.mark.parametrize("seed", [f"fuzz-{i}" for i in range(30)])
def test_random_play(seed):
    """Random legal play: no crash, no dead end, replay agrees, undo respects barriers."""
    report = play_random(GAME, "basic", seed, max_steps=300)
    assert report.steps > 0


def test_prompt_text_matches_the_full_prompt():
    """The cheap question text is the same as the full prompt's, for the active and a waiting role."""
    m = new()
    for role in GAME.roles:
        assert str(m.prompt_text(role)) == str(m.prompt(role).text)


def test_an_order_that_would_break_an_invariant_is_refused_and_changes_nothing():
    """A game whose own checks miss a rule: the kernel's invariant check refuses the order cleanly."""
    from engine.games.duel.game import Duel

    class Careless(Duel):
        def apply(self, state, role, action, ctx):
            state["units"]["r1"]["hex"] = state["units"]["b1"]["hex"]  # two counters in one hex
            return state

    game = Careless()
    match = Match.new(game, "basic", game.options, "careless")
    before = match.hash()
    with pytest.raises(IllegalOrder) as exc:
        match.play("red", Action("end"))
    assert "impossible position" in str(exc.value.text()) and match.hash() == before and not match.records


def test_set_refuses_a_list_index_in_other_digits():
    """'set units.² ...' is a clear refusal, not a crash (int('²') fails)."""
    match = Match.new(GAME, "basic", GAME.options, "digits")
    with pytest.raises(OrderError):
        match.override(Override("set", ("deck.²", '"x"'), "test"))
