"""The names of Schwerpunkt's fronts, weathers and phases as readers read them.

The state keeps short English keys ("southwest", "very_mud", "activity"); a message names them
with these texts, so an Italian reader reads "Sud-Ovest", "fango profondo", "attività".
"""

from __future__ import annotations

from engine.text import Text, t

FRONTS: dict[str, Text] = {"southwest": t("Southwest"), "voronezh": t("Voronezh")}
WEATHERS: dict[str, Text] = {"frozen": t("Frozen"), "mud": t("Mud"), "very_mud": t("Very Mud")}
PHASES: dict[str, Text] = {
    "setup": t("set-up"),
    "activity": t("activity phase"),
    "general": t("general phase"),
    "victory": t("victory check"),
}


def front_name(front: str) -> Text | str:
    """A Soviet Front's name in the reader's language (an unknown key as it is)."""
    return FRONTS.get(front, front)


def weather_name(weather: str) -> Text | str:
    """A weather's name in the reader's language."""
    return WEATHERS.get(weather, weather)


def phase_name(kind: str) -> Text | str:
    """A phase's name in the reader's language."""
    return PHASES.get(kind, kind)
