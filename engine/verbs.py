"""Verbs typed in other languages: a game's aliases per language, for reading and for help."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping

from engine.game import VerbInfo


def with_aliases(verbs: Iterable[VerbInfo], language: str, table: Mapping[str, tuple[str, ...]]) -> dict[str, VerbInfo]:
    """``verbs`` by name, each also typed with its ``language`` aliases from ``table``."""
    return {
        v.name: dataclasses.replace(
            v, aliases=v.aliases + table.get(v.name, ()), translated=v.translated + ((language, table.get(v.name, ())),)
        )
        for v in verbs
    }


#: The words typed after a verb in Italian that read as the English keywords the games parse
#: ("fronte fatto" is "front done", "attacca 3314 con gd-pz" is "attack 3314 with gd-pz"), in the
#: rulebooks' words (Attacco affrettato / regolare / preparato, Fumo, Accesso alla Batteria,
#: Movimento Esteso / Strategico, Supporto Aereo, Flotta). The first Italian word of each English
#: keyword is the one help and options show an Italian reader (``typed_keywords``).
ITALIAN_KEYWORDS: dict[str, str] = {
    "fatto": "done",
    "nessuno": "none",
    "nessuna": "none",
    "niente": "none",
    "tutti": "all",
    "tutte": "all",
    "con": "with",
    "mai": "never",
    "sempre": "always",
    "chiedi": "ask",
    "passa": "pass",
    "evento": "event",
    "rifornimento": "supply",
    "migliori": "best",
    # Across the Bug River: the attack's kind (7.5), the pontoon taken up (10.3), standing orders (5.2, 6.4, 7.5.2)
    "affrettato": "hasty",
    "regolare": "regular",
    "preparato": "prepared",
    "rimuovi": "remove",
    "nessuna-reazione": "noreact",
    "reagisci": "react",
    "tieni": "hold",
    "colpo": "hit",
    "fortuna": "luck",
    "elenco": "list",
    "cancella": "clear",
    # Combat Commander: Artillery Request (O18), smoke (O20.2.1), standing reactions (9.1), the side routed (O23)
    "asse": "axis",
    "alleati": "allies",
    "accesso": "access",
    "fumo": "smoke",
    "iniziativa": "initiative",
    "fino-a": "upto",
    "finestre": "windows",
    "fuoco": "fire",
    # The Caucasus Campaign: air and fleet support, extended and strategic movement
    "aereo": "air",
    "flotta": "fleet",
    "esteso": "ext",
    "strategico": "strat",
    "perdita": "loss",
    "ritirata": "retreat",
    "avanza": "advance",
    # Stalin's War: attack from, Combat Cards used or refused (11.2, 7.5.5)
    "da": "from",
    "usa": "use",
    "senza-cc": "nocc",
    # Schwerpunkt: the phase's order (S 4.2), reinforcements, administrative movement, retreats, standing orders
    "prima-movimento": "move-first",
    "prima-combattimento": "combat-first",
    "fronte": "front",
    "esagono": "hex",
    "casella1": "box1",
    "sudovest": "southwest",
    "piazza": "place",
    "ritira": "withdraw",
    "dividi": "split",
    "verso": "to",
    "muovi": "move",
    "attacca": "attack",
    "rifiuta": "refuse",
    "resta": "stand",
    "segnalini": "chits",
    "grigio": "grey",
    "nero": "black",
    # Combat Commander: the public echo of an order masks a card or an objective chit by its kind
    "carta": "card",
    "segnalino": "chit",
    # Every game: an order echoed without its private part ('react (private)', 'standing (private)')
    "(privato)": "(private)",
}

#: Each language's keywords after a verb: the word typed there, and the English keyword it reads as.
KEYWORDS: dict[str, dict[str, str]] = {"it": ITALIAN_KEYWORDS}
#: The keywords an Italian types as they are: names and the rulebooks' own abbreviations.
SAME_IN_ITALIAN: frozenset[str] = frozenset({"auto", "brandenburg", "cap", "cc", "dd", "no", "oos", "ops", "rochade", "rp", "voronezh"})


def english_keywords(line: str) -> str | None:
    """``line`` with its Italian keywords after the verb read in English, or ``None`` when it has none."""
    words = line.split()
    if len(words) < 2:
        return None
    rest = [ITALIAN_KEYWORDS.get(w.casefold(), w) for w in words[1:]]
    if rest == words[1:]:
        return None
    return " ".join([words[0], *rest])


def _typed_forms(language: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for typed, english in KEYWORDS.get(language, {}).items():
        out.setdefault(english, typed)
    return out


def typed_keywords(line: str, language: str) -> str:
    """``line`` (an order as recorded: verb first, English keywords) with the keywords after its
    verb as a reader of ``language`` types them ("front done" -> "front fatto"); the verb and every
    other word unchanged. ``english_keywords`` reads the result back as ``line``."""
    forms = _typed_forms(language)
    if not forms:
        return line
    verb, space, rest = line.partition(" ")
    if not space:
        return line
    return verb + space + " ".join(forms.get(w, w) for w in rest.split(" "))


def typed_syntax(syntax: str, verb: str, typed_verb: str, language: str) -> str:
    """A verb's syntax ("front FRONT HEX | front done") as a reader of ``language`` types it: the
    verb as ``typed_verb`` and its keywords in that language ("fronte FRONT HEX | fronte fatto");
    the placeholders (FRONT, HEX) unchanged."""
    forms = _typed_forms(language)

    def word(m: re.Match[str]) -> str:
        w = m.group(0)
        return typed_verb if w == verb else forms.get(w, w)

    return re.sub(r"(?<![\w-])[a-z][a-z0-9-]*(?![\w-])", word, syntax)
