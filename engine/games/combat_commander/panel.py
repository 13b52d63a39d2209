"""The status panel over every Combat Commander picture: the public tracks a player looks for at
a glance (Time and Sudden Death, 6.1-6.2; the VP lead, 4.1; the Initiative card's holder, 9;
whose turn and how many orders given, 5). Public facts only; labels are catalogue keys (the
renderer's caller translates them)."""

from __future__ import annotations

from engine.game import State
from engine.text import t


def panel(state: State) -> dict[str, str]:
    player, vp = state["player"], int(state["vp"])
    return {
        t("Time").template: str(state["time"]),
        t("Sudden Death").template: str(state["sudden_death"]),
        t("VP").template: f"axis {vp}" if vp > 0 else f"allies {-vp}" if vp < 0 else "0",
        t("Initiative").template: state["initiative"],
        t("turn").template: f"{player} {state['orders']}/{state['sides'][player]['capacity']}",
    }
