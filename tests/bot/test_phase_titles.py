"""Phase titles (the status line and the picture panel's 'phase') read in the reader's language,
with the rulebooks' Italian terms; English reads as before."""

import json

from bot.i18n import render, translator
from engine.games.caucasus import sequence as caucasus
from engine.games.stalins_war import sequence as stalins_war
from engine.games.stalins_war.game import StalinsWar
from engine.mapview import map_view


def _caucasus(impulse: str, step: str = "") -> dict:
    return {"phase": {"side": "axis", "impulse": impulse, "step": step}}


def test_caucasus_titles_read_as_before_in_english():
    """'Axis setup' and 'Axis primary movement' are unchanged in English."""
    assert render(caucasus.phase_title(_caucasus("setup"))) == "Axis setup"
    assert render(caucasus.phase_title(_caucasus("primary", "movement"))) == "Axis primary movement"


def test_caucasus_titles_use_the_rulebooks_italian_terms():
    """An Italian reader reads the Impulso Primario and the Fase Iniziale, the side in Italian."""
    assert render(caucasus.phase_title(_caucasus("primary", "movement")), "it") == "Asse: Fase di Movimento Primaria"
    assert render(caucasus.phase_title(_caucasus("initial")), "it") == "Asse: Fase Iniziale"
    assert render(caucasus.phase_title(_caucasus("setup")), "it") == "Asse: schieramento"


def _stalins_war(turn: int, name: str, ar: int = 5) -> tuple:
    return StalinsWar().rules, {"turn": turn, "ar": ar, "phase": {"name": name, "side": "axis"}}


def test_stalins_war_titles_read_as_before_in_english():
    """'June 1941, Axis AR5' is unchanged in English."""
    assert render(stalins_war.phase_title(*_stalins_war(1, "action"))) == "June 1941, Axis AR5"
    assert render(stalins_war.phase_title(*_stalins_war(2, "attrition"))) == "Summer 1941, Axis attrition"


def test_stalins_war_titles_name_the_month_and_the_action_round_in_italian():
    """The month or season and the Round di Azione read in Italian."""
    assert render(stalins_war.phase_title(*_stalins_war(1, "action")), "it") == "Giugno 1941, Asse, Round di Azione 5"
    assert render(stalins_war.phase_title(*_stalins_war(2, "draw")), "it") == "Estate 1941, Fase di Pesca delle Carte"


def test_a_phase_title_in_the_picture_panel_reads_in_italian():
    """The panel's 'phase' value, a title rather than a word, is translated whole."""
    view = {"status": {"phase": caucasus.phase_title(_caucasus("supply"))}}
    assert map_view(view).translated(translator("it")).panel == (("fase", "Asse: Fase di Rifornimento"),)
    assert map_view(view).panel_items() == [("phase", "Axis supply")]


def test_a_phase_title_stays_json_like_in_the_view():
    """The view holds the title as a Text's JSON (views are plain dicts); the panel reads it back in Italian."""
    view = {"status": {"phase": json.loads(json.dumps(caucasus.phase_title(_caucasus("supply")).to_json()))}}
    assert map_view(view).translated(translator("it")).panel == (("fase", "Asse: Fase di Rifornimento"),)


class _Lines:
    """A context that keeps the lines a phase logs (the phase rolls nothing)."""

    def __init__(self) -> None:
        self.lines: list = []

    def log(self, text, to="everyone") -> None:
        self.lines.append(text)


def test_the_start_of_a_stalins_war_turn_names_its_month_in_italian():
    """The log line opening turn 1 reads 'Giugno 1941' to an Italian reader, 'June 1941' in English."""
    import copy

    from engine.games.stalins_war import phases
    from engine.kernel import Match

    game = StalinsWar()
    state = copy.deepcopy(Match.new(game, "campaign", game.options, "month-words").state)
    state["turn"] = 1
    ctx = _Lines()
    phases.start_turn(game, state, ctx)
    assert render(ctx.lines[0]) == "Turn 1 begins: June 1941."
    assert render(ctx.lines[0], "it") == "Inizia il turno 1: Giugno 1941."
