"""The names of the action verbs as a prompt lists them ("play actions before the roll
(crossfire, hand-grenades...)"), in the catalogue: an Italian reader reads them as he types them
(the Italian translation of each is its first Italian alias, ``game.ITALIAN``)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.text import Text, t

NAMES: dict[str, Text] = {
    "crossfire": t("crossfire"),
    "bore-sighting": t("bore-sighting"),
    "marksmanship": t("marksmanship"),
    "hand-grenades": t("hand-grenades"),
    "sustained-fire": t("sustained-fire"),
    "spray-fire": t("spray-fire"),
    "concealment": t("concealment"),
    "light-wounds": t("light-wounds"),
    "assault-fire": t("assault-fire"),
    "ambush": t("ambush"),
    "no-quarter": t("no-quarter"),
    "command-confusion": t("command-confusion"),
    "deploy": t("deploy"),
    "hidden-mines": t("hidden-mines"),
    "hidden-wire": t("hidden-wire"),
    "hidden-entrenchments": t("hidden-entrenchments"),
    "hidden-pillbox": t("hidden-pillbox"),
    "hidden-units": t("hidden-units"),
    "demolition": t("demolition"),
    "dig-in": t("dig-in"),
    "smoke-grenades": t("smoke-grenades"),
}


def listed(verbs: Iterable[str]) -> Text | str:
    """``verbs`` as a comma-separated list, each as its reader types it."""
    out: Text | str = ""
    for verb in verbs:
        name: Text | str = NAMES.get(verb, verb)
        out = name if out == "" else t("{list}, {item}", list=out, item=name)
    return out
