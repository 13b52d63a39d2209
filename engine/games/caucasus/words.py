"""The words of the sequence of play and of the weather as players read them: the state keeps
its English keys ("primary", "good"), the texts show these translatable words instead."""

from __future__ import annotations

from typing import Any

from engine.text import Text, t

IMPULSES: dict[str, Text] = {"primary": t("Primary"), "secondary": t("Secondary")}
WEATHER: dict[str, Text] = {"good": t("good"), "bad": t("bad")}
#: A phase's title by its impulse and step (the side is a parameter).
PHASES: dict[tuple[str, str], Text] = {
    ("setup", ""): t("{side} setup"),
    ("initial", ""): t("{side} initial"),
    ("primary", "movement"): t("{side} primary movement"),
    ("primary", "combat"): t("{side} primary combat"),
    ("secondary", "movement"): t("{side} secondary movement"),
    ("secondary", "combat"): t("{side} secondary combat"),
    ("supply", ""): t("{side} supply"),
    ("victory", ""): t("{side} victory"),
}


def impulse(key: str) -> Text | str:
    """The impulse ``key`` as a word of a phase's name ("Primary")."""
    return IMPULSES.get(key, key.capitalize())


def weather(key: str) -> Text | str:
    return WEATHER.get(key, key)


def phase(ph: Any) -> Text | str:
    """The title of the phase ``ph`` (the state's ``phase``): "Axis primary movement"."""
    side = str(ph["side"]).capitalize()
    title = PHASES.get((str(ph["impulse"]), str(ph["step"] or "")))
    if title is None:
        return " ".join(p for p in (side, ph["impulse"], ph["step"]) if p)
    return Text(title.template, {"side": side})
