import pytest

from engine import rng
from engine.errors import IllegalOrder, InvalidOrder, OrderError
from engine.game import Action, Override
from engine.kernel import Match, ReplayMismatch
from tests.fixtures.duel import Duel, make_game
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


# Fixed rolls: the referee's 'dice N N ...' ------------------------------------------------------
class BigDiceDuel(Duel):
    """The duel as if it also rolled a d10, so a fixed 9 passes 'dice' and then meets its d6."""

    dice = (6, 10)


def fixed(values, reason="the table knocked the die", m=None):
    """A match where b2 stands next to r2 and the next rolls are fixed at ``values``."""
    m = m or adjacent()
    m.override(Override("dice", tuple(str(v) for v in values), reason))
    return m


def attack(m, answer="pass"):
    m.submit("red", "attack r2 b2")
    return m.submit("blue", answer)


@pytest.mark.parametrize(("value", "survives"), [(1, True), (6, False)])
def test_the_next_attack_uses_the_fixed_roll(value, survives):
    """The attack needs 4: a fixed 1 spares b2 and a fixed 6 eliminates it, whatever the seed."""
    m = fixed([value])
    attack(m)
    assert ("b2" in m.state["units"]) is survives
    assert m.fixed_rolls() == []


def test_a_fixed_roll_does_not_advance_the_rng_counter():
    """Every drawn roll keeps its draw number: the fixed one takes none."""
    m = fixed([6])
    counter = m.state["rng"]
    attack(m)
    assert m.state["rng"] == counter


def test_drawn_rolls_around_fixed_ones_check_against_the_seed():
    """Each roll entry either names its draw number, which the seed reproduces, or says it was fixed."""
    m = fixed([1, 2])
    for _ in range(2):
        attack(m)
        m.submit("red", "end")
        m.submit("blue", "end")
    attack(m)
    rolls = [e.text for r in m.records for e in r.entries if e.kind == "roll"]
    drawn = [x for x in rolls if "n" in x.params]
    assert len(rolls) == 3 and len(drawn) == 1
    for x in drawn:
        assert rng.uniform("s1", x.params["n"], x.params["sides"]) + 1 == x.params["value"]
    assert all("fixed by the referee" in str(x) for x in rolls if x not in drawn)


def test_fixed_rolls_are_announced_to_everyone_with_the_reason():
    """The override says which rolls are fixed and why; the roll says it was fixed, and why."""
    m = fixed([5], reason="a disputed roll")
    said = [str(e.text) for e in m.records[-1].entries if e.to == "*"]
    assert any("dice 5" in s and "a disputed roll" in s for s in said)
    assert any("the next rolls will be: 5" in s for s in said)
    roll = [e for r in attack(m) for e in r.entries if e.kind == "roll"]
    assert roll[0].to == "*" and "rolled 5 (d6, fixed by the referee: a disputed roll)" in str(roll[0].text)


def test_replay_reproduces_fixed_rolls():
    """Replaying the records gives every stored hash, fixed rolls included."""
    m = fixed([6, 3])
    attack(m)
    again = Match.replay(GAME, "basic", GAME.options, "s1", m.records)
    assert again.hash() == m.hash() and again.fixed_rolls() == [(3, "the table knocked the die")]


@pytest.mark.parametrize("value", ["7", "0", "x", "3.5", "-2", "\u0663"])
def test_a_fixed_value_no_die_of_the_game_shows_is_refused_up_front(value):
    """The duel rolls only d6: 7, 0, text, fractions and non-ASCII digits are refused, with the range."""
    m = adjacent()
    before = m.hash()
    with pytest.raises(InvalidOrder) as exc:
        m.override(Override("dice", ("2", value), "test"))
    assert "from 1 to 6" in str(exc.value) and m.hash() == before


def test_a_fixed_value_too_big_for_the_die_rolled_is_refused_without_change():
    """A fixed 9 fits the game's d10 but not the attack's d6: the order is refused and nothing moves."""
    game = BigDiceDuel()
    m = Match.new(game, "basic", game.options, "s1")
    m.override(Override("place", ("b2", "0303"), "set up a fight"))
    m.override(Override("dice", ("9",), "test"))
    m.submit("red", "attack r2 b2")
    before, count = m.hash(), len(m.records)
    with pytest.raises(IllegalOrder) as exc:
        m.submit("blue", "pass")
    said = str(exc.value.text())
    assert "fixed the next roll at 9" in said and "d6" in said and "dice clear" in said
    assert m.hash() == before and len(m.records) == count and m.fixed_rolls() == [(9, "test")]


def test_a_standing_order_meeting_an_impossible_fixed_roll_refuses_the_whole_order():
    """Blue's standing 'pass' would roll the d6 against a fixed 9: red's attack is refused with it."""
    game = BigDiceDuel()
    m = Match.new(game, "basic", game.options, "s1")
    m.override(Override("place", ("b2", "0303"), "set up a fight"))
    m.override(Override("dice", ("9",), "test"))
    m.state["standing"]["blue"] = "pass"
    before, count, undoable = m.hash(), len(m.records), m.can_undo("red")
    with pytest.raises(IllegalOrder):
        m.submit("red", "attack r2 b2")
    assert m.hash() == before and len(m.records) == count and m.can_undo("red") == undoable
    assert m.state["flow"][-1]["proc"] == "turn"


def test_dice_clear_empties_the_queue_and_rolls_draw_again():
    """After 'dice clear' the attack draws from the seed (the counter moves)."""
    m = fixed([6, 6])
    rec = m.override(Override("dice", ("clear",), "changed my mind"))
    assert m.fixed_rolls() == [] and "fixed_dice" not in m.state
    assert any("6, 6 will not be used" in str(e.text) for e in rec.entries)
    counter = m.state["rng"]
    attack(m)
    assert m.state["rng"] == counter + 1


def test_dice_clear_with_nothing_waiting_is_refused():
    """Clearing an empty queue says there is nothing to clear."""
    with pytest.raises(IllegalOrder) as exc:
        new().override(Override("dice", ("clear",), "test"))
    assert "nothing to clear" in str(exc.value)


def test_fixed_rolls_queue_up_in_order():
    """A second 'dice' adds after the first; each roll takes the oldest."""
    m = fixed([2])
    fixed([5], reason="second", m=m)
    assert m.fixed_rolls() == [(2, "the table knocked the die"), (5, "second")]
    attack(m)
    assert m.fixed_rolls() == [(5, "second")]


def test_set_cannot_reach_the_fixed_rolls_or_any_kernel_value():
    """'set' would bypass the checks of 'dice': the kernel's keys are refused at any depth."""
    m = fixed([2])
    for path, value in (("fixed_dice.0.value", "7"), ("undo_grants", "{}"), ("undo_grants.red", "1")):
        before = m.hash()
        with pytest.raises(IllegalOrder) as exc:
            m.override(Override("set", (path, value), "cheat"))
        assert "kernel's own values" in str(exc.value) and m.hash() == before


def test_a_match_without_fixed_rolls_hashes_as_before():
    """The queue leaves no key once used up, so states never fixed hash as they always did."""
    m = fixed([4])
    attack(m)
    assert "fixed_dice" not in m.state


def test_an_order_naming_a_hidden_counter_is_projected_where_it_was_given():
    """order_said is decided before the order: others read a blank for the readied reserve
    counter in the echo, the history and an undo refusal, and it survives the database."""
    match = Match.new(make_game(), "basic", {}, "seed")
    rec = match.play("red", Action("ready", ("r4",)))[0]
    assert match.order_text(rec, "red") == "ready r4"
    for viewer in ("blue", "public"):
        assert match.order_text(rec, viewer) == "ready a red counter in reserve-red"
        assert [h.said for h in match.history(viewer, 1)] == ["ready a red counter in reserve-red"]
    stored = type(rec).from_json(rec.to_json())
    assert stored.said == rec.said
    replayed = Match.replay(make_game(), "basic", {}, "seed", match.records)
    assert replayed.order_text(replayed.records[-1], "blue") == "ready a red counter in reserve-red"


def test_a_record_without_a_projection_keeps_its_old_json():
    """Orders the game does not project store no 'said' key: old databases read the same."""
    match = Match.new(make_game(), "basic", {}, "seed")
    rec = match.play("red", Action("move", ("r1", "0102")))[0]
    assert "said" not in rec.to_json() and rec.said is None


def test_a_trusting_replay_checks_the_final_state_only_and_still_catches_a_difference():
    """check='end' replays to the same state; a tampered last record is still found."""
    match = Match.new(make_game(), "basic", {}, "trust")
    for line in ("move r1 0102", "move r1 0103", "end", "move b1 0504", "undo", "move b1 0405", "end"):
        role = sorted(match.active())[0]
        match.undo(role) if line == "undo" else match.play(role, match.parse(role, line))
    fast = Match.replay(make_game(), "basic", {}, "trust", match.records, check="end")
    assert fast.hash() == match.hash() and [r.seq for r in fast.records] == [r.seq for r in match.records]
    tampered = list(match.records)
    tampered[-1] = type(tampered[-1]).from_json({**tampered[-1].to_json(), "hash": "0" * 64})
    with pytest.raises(ReplayMismatch):
        Match.replay(make_game(), "basic", {}, "trust", tampered, check="end")


def test_a_referee_restacks_any_game_with_ordered_stacks_without_naming_a_hidden_counter():
    """'restack LOCATION U U': the whole new order, within the rule; others read only the place."""
    match = Match.new(make_game(), "basic", {}, "seed")
    rec = match.override(Override("restack", ("reserve-red", "r4", "r3"), "the counters were swapped"))
    assert match.state["stacks"]["reserve-red"] == ["r4", "r3"]
    assert match.order_text(rec, "blue") == match.order_text(rec, "public") == "restack reserve-red"
    assert match.order_text(rec, "referee") == "restack reserve-red r4 r3"
    assert all("r4" not in e.text.format(viewer="public") for e in rec.entries if e.to == "*")
    with pytest.raises(InvalidOrder):
        match.override(Override("restack", ("reserve-red", "r4"), "one counter short"))


def test_restack_of_a_place_holding_no_stack_says_there_is_none():
    """'restack 0101 a b c' where nothing stands says no stack stands there, not that its 0 counters must be named."""
    match = Match.new(make_game(), "basic", {}, "seed")
    before = match.hash()
    with pytest.raises(InvalidOrder) as exc:
        match.override(Override("restack", ("0101", "r4", "r3"), "a typo"))
    assert "No stack stands in 0101" in str(exc.value) and "0 counters" not in str(exc.value)
    assert match.hash() == before


def test_restack_in_a_game_without_ordered_stacks_is_a_clear_refusal():
    """A game without ordered stacks says so."""
    from engine import registry

    game = registry.get("caucasus")
    match = Match.new(game, next(iter(game.scenarios)), dict(game.options), "seed")
    with pytest.raises(InvalidOrder) as exc:
        match.override(Override("restack", ("1031", "a", "b"), "test"))
    assert "no ordered stacks" in str(exc.value)
