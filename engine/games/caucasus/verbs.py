"""The order vocabulary of The Caucasus Campaign: verbs, syntax and help."""

from __future__ import annotations

from engine.game import VerbInfo
from engine.text import t
from engine.verbs import with_aliases

#: The orders in Italian, in the words of the Italian rulebook (La Campagna del Caucaso): each
#: alias reads as the English verb it stands for.
ITALIAN: dict[str, tuple[str, ...]] = {
    "setup": ("schiera",),
    "ready": ("pronto",),
    "move": ("muovi", "movimento"),
    "assault": ("assalto",),
    "replace": ("rimpiazza", "rimpiazzo"),
    "eliminate": ("elimina",),
    "hq-remove": ("ritira-hq",),
    "attack": ("attacca", "attacco"),
    "odds": ("rapporto",),
    "loss": ("perdita", "perdi"),
    "dd": ("difesa", "difesa-determinata"),
    "retreat": ("ritirata", "ritirati"),
    "advance": ("avanza", "avanzata"),
    "done": ("fatto", "fine", "passa"),
    "place": ("piazza",),
    "delay": ("ritarda",),
    "caspian": ("caspio",),
    "repl": ("tipo",),
    "standing": ("permanente",),
    "mobile": ("assalto-mobile",),
    "rail": ("ferrovia",),
    "naval": ("navale",),
    "land": ("sbarca", "sbarco"),
    "train": ("treno-blindato", "treno"),
    "flotilla": ("flottiglia",),
    "merge": ("fondi", "fusione"),
    "ae": ("eliminazione-automatica", "ea"),
    "rebuild": ("ricostituisci",),
}

VERBS: dict[str, VerbInfo] = with_aliases(
    (
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
        VerbInfo(
            "advance",
            "advance UNIT HEX [HEX]",
            t("advance after combat (12), after an Automatic Elimination (8.5), or move a Mobile Assault group into the hex it emptied (advance UNIT[,UNIT] HEX, 13.1)"),
        ),
        VerbInfo("done", "done", t("end the current phase or step"), ("end", "next")),
        VerbInfo("place", "place UNIT HEX", t("place an arriving unit (4), or the 4th Guards Cavalry Corps HQ (15.7)")),
        VerbInfo("delay", "delay UNIT", t("delay an arriving reinforcement one turn (4.1)")),
        VerbInfo("caspian", "caspian UNIT", t("send a Soviet reinforcement to the Eastern Caspian box (4.3)")),
        VerbInfo("repl", "repl TYPE", t("choose the type of a free-choice replacement (4.5, 4.6)")),
        VerbInfo(
            "standing",
            "standing dd never|always | standing loss auto | standing loss UNIT UNIT ... | standing retreat auto | standing advance never | standing clear",
            t("standing orders that answer your decisions automatically while you are away"),
        ),
        VerbInfo(
            "mobile",
            "mobile UNIT[,UNIT] [HEX ...] -> TARGET [air MARKER]",
            t("Secondary Movement Phase: a mechanized or cavalry group moves along the path (picking up unmoved units on it), pays 3 MP and assaults the target hex (13)"),
            ("ma",),
        ),
        VerbInfo("rail", "rail UNIT HEX [HEX ...]", t("Primary Movement Phase: move one unit by rail along a rail path, one unit per side per phase (7.22)")),
        VerbInfo(
            "naval",
            "naval UNIT PORT [cap MARKER]",
            t("Soviet Primary Movement Phase: sail from the unit's port to another friendly port of the same sea, one unit per sea; cap spends an air marker for a port in an enemy ZOC (7.22, 16.14)"),
        ),
        VerbInfo("land", "land UNIT HEX fleet MARKER", t("Soviet Primary Movement Phase: land a Naval brigade from Poti on an empty Black Sea coastal hex, spending a Fleet marker (16.23)")),
        VerbInfo("train", "train UNIT HEX [HEX ...]", t("move an armoured train along rail, stopping at the first enemy ZOC (15.6)")),
        VerbInfo("flotilla", "flotilla PORT", t("move the Azov Flotilla to another friendly Sea of Azov port, in either Movement Phase (15.3)")),
        VerbInfo("merge", "merge UNIT UNIT", t("Soviet Movement Phase: merge two reduced rifle divisions, or a reduced rifle division and a rifle brigade, into the first unit named (18.1)")),
        VerbInfo(
            "ae",
            "ae HEX with UNIT[,UNIT] [air MARKER] [fleet MARKER] [brandenburg]",
            t("Primary Movement Phase: Automatic Elimination of an enemy hex by adjacent units that reach 10-1 (8.5)"),
        ),
        VerbInfo("rebuild", "rebuild UNIT HEX", t("Primary Movement Phase: spend a banked replacement to bring a unit back from the Cadre box, reduced, on a friendly HQ or Major City (17.2)")),
    ),
    "it",
    ITALIAN,
)
