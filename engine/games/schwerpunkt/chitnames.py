"""The combat chits' names as readers read them (the rulebook's chit lists, charts C).

The state and the orders name a chit by its id ("battlefield-dominance"); a message names it by
its printed name in the reader's language, followed by the id the player types
("Dominio del campo di battaglia (battlefield-dominance)").
"""

from __future__ import annotations

from engine.text import Text, t

CHIT_NAMES: dict[str, Text] = {
    "assault-engineers": t("Assault Engineers"),
    "battlefield-dominance": t("Battlefield Dominance"),
    "blitzkrieg": t("Blitzkrieg"),
    "fanaticism-g": t("Fanaticism"),
    "flamethrowers": t("Flamethrower Support"),
    "leading-from-the-front": t("Leading from the Front"),
    "local-reserve": t("Ad-hoc Local Reserve"),
    "dedicated-tactics": t("Dedicated Tactics"),
    "probing-attack": t("Probing Attack"),
    "rocket-launchers": t("Rocket-launcher Support"),
    "soviet-supply-shortage": t("Soviet Supply Shortage"),
    "tank-destroyers": t("Self-propelled Tank Destroyers"),
    "cas-1": t("Close Air Support I"),
    "cas-2": t("Close Air Support II"),
    "cas-3": t("Close Air Support III"),
    "art-1": t("Independent Artillery Support I"),
    "art-2": t("Independent Artillery Support II"),
    "art-3": t("Independent Artillery Support III"),
    "heavy-tank-1": t("Independent Heavy Tank Support I"),
    "heavy-tank-2": t("Independent Heavy Tank Support II"),
    "tank-1": t("Independent Tank Support I"),
    "tank-2": t("Independent Tank Support II"),
    "tank-3": t("Independent Tank Support III"),
    "ambush": t("Ambush"),
    "cas-s": t("Close Air Support"),
    "extreme-conditions": t("Extreme Conditions"),
    "fanaticism-s": t("Fanaticism"),
    "feint": t("Feint"),
    "human-wave": t("Human-wave Assault"),
    "anti-tank": t("Independent Anti-tank Support"),
    "intelligence": t("Intelligence"),
    "mobile-battle": t("Mobile Battle"),
    "nkvd": t("NKVD Support"),
    "partisans": t("Partisan Support"),
    "penal-battalion": t("Penal Battalion Support"),
    "vodka": t("Vodka"),
    "s-art-1": t("Independent Artillery Support I"),
    "s-art-2": t("Independent Artillery Support II"),
    "s-art-3": t("Independent Artillery Support III"),
    "s-art-4": t("Independent Artillery Support IV"),
    "s-tank-1": t("Independent Tank Support I"),
    "s-tank-2": t("Independent Tank Support II"),
    "s-tank-3": t("Independent Tank Support III"),
    "rocket-1": t("Rocket Support I"),
    "rocket-2": t("Rocket Support II"),
}


def chit_label(chit: str) -> Text | str:
    """A chit as a message names it: its name in the reader's language and the id to type (an
    unknown id as it is)."""
    name = CHIT_NAMES.get(chit)
    return chit if name is None else t("{name} ({id})", name=name, id=chit)
