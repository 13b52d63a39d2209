"""Hostile lines for the campaign service, typed as the console and Discord type them.

``hostile_lines`` builds, from a game's own verbs (and their aliases in every language), the
legal orders of the moment, the units and hexes of the position and the other sides' names,
lines a hostile or careless player types: a verb with no arguments or far too many, letters
for numbers and numbers for units, unknown or enemy units, huge and negative numbers, Unicode
look-alikes, very long lines, empty quoted strings, repeated separators. ``referee_lines``
does the same for the referee. ``check_refusal`` says what is wrong with the service's answer
to one of them: internal text (a traceback, a Python repr) in a reply, a refusal that changed
the position, or another role's secret shown.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence

from bot.i18n import render
from engine.errors import OrderError
from engine.game import Game, State
from engine.kernel import KernelContext, Match
from engine.orders import MAX_LINE_CHARS
from engine.state import clone
from tests.harness import fork

#: Look-alikes of Latin letters and digits (Cyrillic, Greek, full-width, superscripts, circled),
#: a zero-width space and a right-to-left mark.
LOOKALIKES = {
    "a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441", "x": "\u0445",
    "A": "\u0391", "B": "\u0392", "E": "\u0395", "H": "\u0397", "K": "\u039a", "T": "\u03a4",
    "0": "\uff10", "1": "\u00b9", "2": "\u2461", "3": "\u0663", "4": "\u0967", "7": "\U0001d7d5",
}
HUGE = ("99999999999999999999999", "1e309", "2147483648", "9" * 60)
NEGATIVE = ("-1", "-0", "-999999", "\u22121")
WRONG_TYPES = ("abc", "x", "1.5", "½", "0x1f", "NaN", "inf", "None", "{}", "[]", "''", '""', "\"\"", "%s", "{unit}",
               "@everyone", "@here", "<@&123456789012345678>", "<@!42>", "**x**", "`x`", "||x||", "\U0001f525")
SEPARATORS = (",,,", ";;", " -> -> ", "--", "//", "  ", "\t", "|", "=", ":")
#: Verbs every game answers, in English and Italian.
META = ("status", "options", "hand", "map", "history", "undo", "help", "away", "language",
        "stato", "opzioni", "mano", "mappa", "storia", "aiuto", "assente", "lingua", "indietro")
#: The referee's commands of the service and of the games (not 'seat': it gives a seat away, rightly).
REFEREE_COMMON = ("place", "remove", "counter", "dice", "map", "phase", "turn", "pile", "hand", "level",
                  "supply", "activate", "event", "vp", "rewind", "deadline", "away", "language",
                  "show", "export", "step", "strength", "marker", "control", "weather", "fleet", "mark", "repl",
                  "air", "effect", "option", "rp", "banked", "entrench", "festung", "time", "initiative", "smoke",
                  "blaze", "fortify", "weapon", "radio", "oos", "front", "disorganize", "interdiction", "grant-undo")
#: Text that never belongs in a reply: Python's own words and reprs.
INTERNAL = re.compile(r"Traceback|KeyError|IndexError|TypeError|ValueError|AttributeError|ZeroDivision"
                      r"|\bNone\b|\{'|'\}|<[a-z_.]+ object at|\bdict_keys\(|\bfrozenset\(|internal error")


def lookalike(text: str) -> str:
    """``text`` with its look-alike characters swapped in."""
    return "".join(LOOKALIKES.get(ch, ch) for ch in text)


def verbs_of(game: Game) -> list[str]:
    """Every word that starts an order of ``game``: its verbs and their aliases in every language."""
    out: list[str] = []
    for info in game.verbs.values():
        out += [info.name, *info.aliases]
        for _, words in info.translated:
            out += list(words)
    return sorted(set(out))


def names_of(game: Game, match: Match) -> list[str]:
    """Units, hexes and other words of the position: what hostile lines name wrongly."""
    state = match.state
    found: set[str] = set()
    units = state.get("units") if isinstance(state, dict) else None
    if isinstance(units, dict):
        found |= {str(u) for u in list(units)[:60]}
    hexes = game.hexes()
    if hexes:
        found |= set(sorted(hexes)[:30])
    found |= set(game.roles)
    return sorted(found)


def _mutations(text: str, words: Sequence[str], rnd: random.Random) -> Iterable[str]:
    """A legal order made wrong."""
    parts = text.split()
    if not parts:
        return
    i = rnd.randrange(len(parts))
    yield " ".join(parts[:1])  # the verb alone
    yield " ".join([*parts, *parts[1:], *parts[1:]])  # too many
    yield " ".join(p if j != i or j == 0 else rnd.choice(WRONG_TYPES) for j, p in enumerate(parts))
    yield " ".join(p if j != i or j == 0 else rnd.choice(HUGE) for j, p in enumerate(parts))
    yield " ".join(p if j != i or j == 0 else rnd.choice(NEGATIVE) for j, p in enumerate(parts))
    yield " ".join(p if j != i or j == 0 else rnd.choice(words) for j, p in enumerate(parts))
    yield lookalike(text)
    yield rnd.choice(SEPARATORS).join(parts)
    yield re.sub(r"\d+", lambda m: "-" + m.group(0), text)
    yield re.sub(r"\d+", lambda m: m.group(0) + "0000000000000", text)
    yield text.replace(" ", ' "" ')
    yield text + " " + " ".join(rnd.choice(words) for _ in range(4))
    yield text.upper()


def hostile_lines(game: Game, match: Match, role: str, legal: Sequence[str], rnd: random.Random, n: int) -> list[str]:
    """``n`` hostile lines for ``role`` of ``game`` now (``legal``: its legal orders as typed)."""
    verbs = verbs_of(game)
    words = names_of(game, match)
    others = [r for r in game.roles if r != role]
    out: list[str] = []
    while len(out) < n:
        pick = rnd.randrange(12)
        verb = rnd.choice(verbs + list(META))
        if pick == 0:
            out.append(verb)
        elif pick == 1:
            out.append(" ".join([verb, *(rnd.choice(words + list(WRONG_TYPES)) for _ in range(rnd.randint(5, 25)))]))
        elif pick == 2:
            out.append(f"{verb} {rnd.choice(WRONG_TYPES)} {rnd.choice(HUGE + NEGATIVE)}")
        elif pick == 3:
            out.append(f"{verb} {rnd.choice(words)} {rnd.choice(words)} {rnd.choice(HUGE + NEGATIVE + WRONG_TYPES)}")
        elif pick == 4:
            out.append(f"{verb} {lookalike(rnd.choice(words))} {lookalike(rnd.choice(words))}")
        elif pick == 5:
            unit = (f"{verb} {rnd.choice(words)} ") * (MAX_LINE_CHARS // 8)
            out.append(unit[: rnd.choice((MAX_LINE_CHARS - 1, MAX_LINE_CHARS))])
        elif pick == 6:
            out.append(f'{verb} "" \'\' "" {rnd.choice(SEPARATORS)}{rnd.choice(SEPARATORS)}')
        elif pick == 7 and others:
            out.append(f"{verb} {rnd.choice(others)} {rnd.choice(words)}")
        elif pick in (8, 9, 10) and legal:
            out += list(_mutations(rnd.choice(legal), words, rnd))[rnd.randrange(13):][:2]
        else:
            out.append(f"{verb} {rnd.choice(words)}{rnd.choice(SEPARATORS)}{rnd.choice(words)}{rnd.choice(SEPARATORS)}")
    return out[:n]


def referee_lines(game: Game, match: Match, rnd: random.Random, n: int) -> list[str]:
    """``n`` referee commands with bad arguments (each with a reason, so the game judges them), among
    them ``set`` of a number of the state to a huge, negative or wrong value."""
    words = names_of(game, match)
    numbers = sorted(k for k, v in match.state.items() if isinstance(v, int) and not isinstance(v, bool))
    out: list[str] = []
    while len(out) < n:
        kind = rnd.choice(REFEREE_COMMON)
        pick = rnd.randrange(8)
        if pick == 0:
            args = ""
        elif pick == 1:
            args = rnd.choice(words)
        elif pick == 2:
            args = f"{rnd.choice(words)} {rnd.choice(HUGE + NEGATIVE + WRONG_TYPES)}"
        elif pick == 3:
            args = " ".join(rnd.choice(words + list(WRONG_TYPES)) for _ in range(rnd.randint(3, 12)))
        elif pick == 4:
            args = f"{lookalike(rnd.choice(words))} {lookalike(rnd.choice(words))}"
        elif pick == 5:
            args = f'"" {rnd.choice(SEPARATORS)} {rnd.choice(words)}'
        else:
            args = f"{rnd.choice(words)} {rnd.choice(words)} {rnd.choice(HUGE + NEGATIVE)}"
        if pick == 7 and numbers:
            kind, args = "set", f"{rnd.choice(numbers)} {rnd.choice(HUGE + NEGATIVE + WRONG_TYPES)}"
        out.append(f"{kind} {args} because fuzz".replace("  ", " "))
    return out


def internal_text(reply: str, line: str) -> str | None:
    """The internal words (a traceback, a Python repr) in a reply to ``line``, if any: words the
    line itself holds (a player may type 'None') are not counted."""
    for found in INTERNAL.finditer(reply.replace(line, "")):
        if found.group(0) not in line:
            return found.group(0)
    return None


def refusal_with(match: Match, state: State, role: str, line: str) -> str | None:
    """What the engine answers ``role``'s ``line`` in ``state`` (a refusal's text), None if it takes it."""
    twin = fork(match)
    twin.state = state
    try:
        with twin.on_map():
            answer = match.game.query(state, role, line)
        if answer is not None:
            return render(answer, viewer=role)
        twin.submit(role, line)
    except OrderError as exc:
        return render(exc.text(), viewer=role)
    return None


def depends_on_secret(match: Match, owner: str, role: str, line: str, seed: str) -> bool:
    """True when the engine's answer to ``role``'s ``line`` changes once ``owner``'s hidden holdings
    are dealt again (the answer tells something of them); True too when they cannot be dealt again."""
    redealt = match.game.redeal(clone(match.state), owner, KernelContext(f"hostile-{seed}", 0))
    if redealt is None:
        return True
    return refusal_with(match, redealt, role, line) != refusal_with(match, clone(match.state), role, line)
