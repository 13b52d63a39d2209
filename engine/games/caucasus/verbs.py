"""The order vocabulary of The Caucasus Campaign: verbs, syntax and help."""

from __future__ import annotations

from engine.game import VerbInfo
from engine.text import t

VERBS: dict[str, VerbInfo] = {
    v.name: v
    for v in (
        VerbInfo("setup", "setup UNIT HEX", t("at set-up: put a freely set-up unit on another legal hex (20.1, 20.2)")),
        VerbInfo("ready", "ready", t("at set-up: your set-up is complete")),
        VerbInfo(
            "move",
            "move UNIT[,UNIT] HEX [HEX ...] [ext] [strat]",
            t("move a unit or a stacked group to a hex (the cheapest path) or along a typed path; ext = extended movement (7.21), strat = strategic road movement (7.5)"),
            ("m", "mv"),
        ),
        VerbInfo("assault", "assault UNIT", t("Secondary Movement Phase: take an Assault marker (7.3)")),
        VerbInfo("replace", "replace UNIT", t("Primary Movement Phase: spend a banked replacement on a reduced unit (17.2)")),
        VerbInfo("eliminate", "eliminate UNIT", t("remove a unit of an over-stacked hex (5.2)")),
        VerbInfo("hq-remove", "hq-remove HQ", t("take an HQ off the map; it returns next Initial Phase (15.1)")),
        VerbInfo(
            "attack",
            "attack UNIT[,UNIT] -> HEX [air MARKER] [fleet MARKER] [brandenburg]",
            t("attack one hex with adjacent units, with optional support (8, 16)"),
            ("a", "att"),
        ),
        VerbInfo("odds", "odds UNIT[,UNIT] -> HEX [air MARKER] [fleet MARKER] [brandenburg]", t("preview the odds of an attack without making it")),
        VerbInfo("loss", "loss UNIT", t("choose the unit that loses a step (10.2)")),
        VerbInfo("dd", "dd LEAD [air MARKER | fleet MARKER]", t("attempt a Determined Defence with a lead unit (10.4)")),
        VerbInfo("retreat", "retreat [UNIT] HEX [HEX ...]", t("retreat a unit (or every retreating unit) along a path (11)")),
        VerbInfo("advance", "advance UNIT HEX [HEX]", t("advance after combat (12)")),
        VerbInfo("done", "done", t("end the current phase or step"), ("end", "next")),
        VerbInfo("place", "place UNIT HEX", t("place an arriving unit (4)")),
        VerbInfo("delay", "delay UNIT", t("delay an arriving reinforcement one turn (4.1)")),
        VerbInfo("caspian", "caspian UNIT", t("send a Soviet reinforcement to the Eastern Caspian box (4.3)")),
        VerbInfo("repl", "repl TYPE", t("choose the type of a free-choice replacement (4.5, 4.6)")),
        VerbInfo(
            "standing",
            "standing dd never|always | standing loss auto | standing retreat auto | standing advance never | standing clear",
            t("standing orders that answer your decisions automatically while you are away"),
        ),
        VerbInfo("mobile", "mobile ...", t("Mobile Assault (13): not implemented yet")),
        VerbInfo("rail", "rail UNIT HEX [HEX ...]", t("Primary Movement Phase: move one unit by rail along a rail path, one unit per side per phase (7.22)")),
        VerbInfo("naval", "naval UNIT PORT PORT", t("naval movement (7.22): not implemented yet")),
        VerbInfo("land", "land UNIT HEX", t("amphibious landing (16.23): not implemented yet")),
        VerbInfo("train", "train UNIT HEX [HEX ...]", t("move an armoured train along rail, stopping at the first enemy ZOC (15.6)")),
        VerbInfo("flotilla", "flotilla PORT", t("Azov Flotilla movement (15.3): not implemented yet")),
        VerbInfo("merge", "merge UNIT UNIT", t("merge reduced Soviet units (18.1): not implemented yet")),
        VerbInfo("ae", "ae HEX with UNIT[,UNIT]", t("Automatic Elimination during movement (8.5): not implemented yet")),
    )
}
