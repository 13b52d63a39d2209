"""Building test positions on the real (provisional) map with referee overrides."""

from __future__ import annotations

from engine import registry
from engine.game import Override
from engine.games.caucasus.terrain import natural, settlement
from engine.kernel import Match

REASON = "test position"


def game():
    return registry.get("caucasus")


def new_match(seed: str = "test") -> Match:
    g = game()
    m = Match.new(g, "campaign", g.options, seed)
    m.submit("axis", "ready")
    m.submit("soviet", "ready")
    return m


def referee(m: Match, line: str) -> None:
    kind, *args = line.split()
    m.override(Override(kind, tuple(args), REASON))


def empty_board(seed: str = "test", phase: str = "axis primary movement") -> Match:
    m = new_match(seed)
    referee(m, "clear")
    referee(m, f"phase {phase}")
    return m


def plain_hexes(m: Match, terrain: str = "open") -> list[str]:
    """Hexes of ``terrain`` with no settlement whose six neighbours are of the same kind."""
    rules = m.game.rules
    out = []
    for label in sorted(rules.board.grid.labels()):
        if natural(rules, label, 1) != terrain or settlement(rules, label) or label in rules.board.places:
            continue
        ns = rules.board.neighbours(label)
        if len(ns) == 6 and all(
            natural(rules, n, 1) == terrain and not rules.board.side(label, n) and n not in rules.board.places for n in ns
        ):
            out.append(label)
    return out


def unit_of(m: Match, side: str, type_: str, steps: int | None = None, exclude: tuple[str, ...] = ()) -> str:
    rules = m.game.rules
    for uid, spec in sorted(rules.units.items()):
        if spec.side == side and spec.type.value == type_ and uid not in exclude and not spec.white_box:
            if steps is None or len(spec.steps) == steps:
                if not spec.flags & {"restricted", "rail_unlimited", "azov"}:
                    return uid
    raise LookupError(f"no {side} {type_}")
