"""The 'odds' preview (S 12.4 B-E): column, modifiers and chits, never past what the asker may see."""

from bot.i18n import render
from engine.games.schwerpunkt.model import rules
from tests.engine.games.schwerpunkt.combat_helpers import german_combat


def ask(match, role, line):
    return render(match.game.query(match.state, role, line), viewer=role)


def test_odds_of_a_visible_defender_give_column_and_chits():
    """S 12.7, S 12.51: 8 CS against 5 is the 3:2 column; the German draws 4 chits, the Soviet 2."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    text = ask(match, "german", "odds 2021")
    assert "column 3:2" in text and "German 4, Soviet 2" in text and "German has tactical superiority" in text


def test_odds_list_the_terrain_modifiers(monkeypatch):
    """E 16.22: the preview names each die modifier of the defender's terrain."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    monkeypatch.setitem(rules().board.terrain, "2021", "forest")
    text = ask(match, "german", "odds 2021 with gd-pz")
    assert "Modifier -2: terrain forest" in text and "before chits: -2" in text


def test_odds_never_show_a_hidden_stack():
    """S 3.5: against a stack whose lower counters are hidden the preview gives the attacker's side only."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100", "s-183"]})
    text = ask(match, "german", "odds 2021")
    assert "s-183" not in text and "known once the attack is declared" in text and "Odds " not in text and "Defence" not in text


def test_odds_during_a_combat_show_the_revealed_stacks():
    """S 3.5: once declared the stacks are revealed: 'odds' shows the combat under way whole, to either side."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100", "s-183"]})
    match.submit("german", "attack 2021 with gd-pz")
    text = ask(match, "soviet", "odds")
    assert "10 CS" in text and "column" in text


def test_odds_name_the_out_of_supply_halving():
    """S 6.4: an OOS attacker's CS and TV are halved, and the preview says so."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    match.state["units"]["gd-pz"]["oos"] = True
    text = ask(match, "german", "odds 2021")
    assert "gd-pz is out of supply" in text and "4 CS" in text


def test_odds_change_nothing():
    """'odds' is read-only: the position and its hash are untouched."""
    match = german_combat({"2020": ["gd-pz"], "2021": ["s-100"]})
    before = match.hash()
    ask(match, "german", "odds 2021")
    assert match.hash() == before
