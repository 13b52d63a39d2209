"""The order vocabulary of Stalin's War (digest section 7): verbs, syntax and help."""

from __future__ import annotations

from engine.game import VerbInfo
from engine.text import t
from engine.verbs import with_aliases

#: The orders in Italian, in the words of the Italian rulebook (La Guerra di Stalin): each alias
#: reads as the English verb it stands for ("gioca 23 evento" is "play 23 event").
ITALIAN: dict[str, tuple[str, ...]] = {
    "play": ("gioca",),
    "move": ("muovi", "movimento"),
    "rail": ("ferrovia",),
    "sea": ("mare",),
    "entrench": ("trincera", "trinceramento"),
    "partisans": ("partigiani",),
    "bank": ("accantona",),
    "combat": ("combattimento",),
    "attack": ("attacca", "attacco"),
    "cc": ("carta-combattimento",),
    "loss": ("perdita", "perdite"),
    "retreat": ("ritirata", "ritirati"),
    "noretreat": ("nessuna-ritirata",),
    "advance": ("avanza", "avanzata"),
    "exploit": ("sfrutta", "sfruttamento"),
    "place": ("piazza",),
    "choose": ("scegli",),
    "cancel": ("annulla",),
    "replace": ("rimpiazza",),
    "rebuild": ("ricostituisci",),
    "discard": ("scarta",),
    "keep": ("tieni",),
    "remove": ("rimuovi",),
    "pick": ("prendi",),
    "pass": ("passa",),
    "done": ("fatto", "fine"),
    "odds": ("rapporto",),
}

VERBS: dict[str, VerbInfo] = with_aliases(
    (
        VerbInfo("play", "play CARD ops|rp|event [ARGS]", t("your Action Round: play a card for OPS, for replacement points or as its event (7.2)"), ("p",)),
        VerbInfo("zero", "zero move | zero pass [CARD]", t("a 0-OPS round: move and fight with banked OPS only, or pass and swap one card (7.2.6)")),
        VerbInfo("move", "move UNIT HEX [HEX ...]", t("move a unit to a hex (cheapest path) or along a path (10.0)"), ("m", "mv")),
        VerbInfo("rail", "rail UNIT HEX", t("strategic movement by rail, 1 OPS, SCUs only (10.2)")),
        VerbInfo("sea", "sea UNIT HEX", t("strategic movement by sea, 1 OPS (10.2.5-10.2.6)")),
        VerbInfo("entrench", "entrench HEX", t("1 OPS: attempt an entrenchment with the LCU in a hex (10.3)")),
        VerbInfo("partisans", "partisans HEX HEX", t("Soviet, 1 OPS: place two Partisans (16.1.2)")),
        VerbInfo("festung", "festung HEX", t("Axis, 1 OPS: place a Festung (16.3)")),
        VerbInfo("bank", "bank N", t("spend N banked OPS this round (18.1)")),
        VerbInfo("combat", "combat HEX [HEX ...]", t("after moving: put Combat markers in hexes, 1 OPS each (7.3.5)")),
        VerbInfo("attack", "attack HEX [with UNIT|HEX ...] [cc [use] CARD ...] [nocc]", t("attack an enemy hex from hexes with Combat markers (11.0)"), ("a", "att")),
        VerbInfo("cc", "cc CARD [ARGS] | cc use CARD", t("play a Combat Card from your hand, or use a face-up one (7.5.5)")),
        VerbInfo("loss", "loss UNIT [UNIT ...] | loss auto", t("choose which units take the losses (11.3)")),
        VerbInfo("retreat", "retreat UNIT HEX [HEX] | retreat auto", t("retreat a defending unit (11.4)")),
        VerbInfo("noretreat", "noretreat UNIT", t("cancel the retreat with one extra loss on UNIT (11.4.3)")),
        VerbInfo("advance", "advance UNIT [UNIT ...] | advance none", t("advance into the vacated hex (11.5)")),
        VerbInfo("blitz", "blitz | blitz no", t("place a Blitz marker in the hex you advanced into (11.5.2)")),
        VerbInfo("exploit", "exploit UNIT HEX [HEX ...]", t("exploitation move after all combats (12.0)")),
        VerbInfo("place", "place UNIT HEX | place auto", t("place an arriving unit (7.5.2)")),
        VerbInfo("choose", "choose ARG ...", t("answer an event's question (the prompt says which)")),
        VerbInfo("cancel", "cancel", t("cancel an opponent's event where a card allows it (SU22, AX18)")),
        VerbInfo("replace", "replace UNIT", t("Replacement Phase: restore one level of a unit in full supply (14.1)")),
        VerbInfo("rebuild", "rebuild UNIT HEX", t("Replacement Phase: bring back an eliminated unit (14.1.4)")),
        VerbInfo("discard", "discard CARD [CARD ...]", t("Card Draw Phase: discard cards before drawing (7.6.2)")),
        VerbInfo("keep", "keep", t("Card Draw Phase: keep your hand")),
        VerbInfo("remove", "remove HEX [HEX ...]", t("End of Turn: remove your entrenchments or inactive Partisans (6.0E)")),
        VerbInfo("pick", "pick CARD | pick none", t("optional 23.1.1: take a chosen Blitzkrieg card into your opening hand for 1 VP")),
        VerbInfo("pass", "pass", t("decline: play no Combat Card, take no option"), ("no",)),
        VerbInfo("done", "done", t("end the current step"), ("end", "next")),
        VerbInfo("odds", "odds HEX [with UNIT ...]", t("preview the fire columns of an attack without making it")),
    ),
    "it",
    ITALIAN,
)

CARD_VERBS = frozenset({"play", "cc", "discard", "pick", "zero"})
