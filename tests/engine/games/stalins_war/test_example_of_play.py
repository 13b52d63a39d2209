"""The rulebook's extended example of play ("ESEMPIO DI GIOCO", Italian rulebook after rule 25), replayed.

The position is the rule-25 setup; the hands and deck order come from the example (set by referee
overrides: ``hand SIDE CARD...`` and ``set cards.SIDE.deck [...]``); dice are forced to the rolls the
example states. Each step below is one test; the steps run in order, once, on one shared match (a
step that fails makes the later ones fail with the same error). Where the example contradicts the
rules or our provisional map and counter strengths, the test asserts what the rules give and
``engine/games/stalins_war/EXAMPLE.md`` says why (one line per step: reproduced / differs / not
reproducible).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine import registry
from engine.errors import IllegalOrder, OrderError
from engine.game import Action, Override
from engine.games.stalins_war import fire, supply
from engine.kernel import KernelContext, Match
from engine.text import Text

GAME: Any = registry.get("stalins-war")
RULES = GAME.rules

# The example's hands (reconstructed from the cards it plays, discards and keeps, see EXAMPLE.md).
AXIS_HAND_T1 = ["AX23", "AX16", "AX21", "AX20", "AX7", "AX1"]
SOVIET_HAND_T1 = ["SU8", "SU25", "SU13", "SU16", "SU17", "SU20"]  # SU8, SU25 played; 4 discarded unseen
AXIS_DRAW_T1 = ["AX4", "AX12", "AX18"]
SOVIET_DRAW_T1 = ["SU11", "SU18", "SU23", "SU24"]


@dataclass
class Step:
    name: str
    lines: list[str] = field(default_factory=list)  # public log lines of the step
    rolls: list[tuple[str, int]] = field(default_factory=list)  # (why, value) of every die rolled
    refused: dict[str, OrderError] = field(default_factory=dict)  # order -> the refusal
    state: dict[str, Any] = field(default_factory=dict)  # the state after the step

    def text(self) -> str:
        return "\n".join(self.lines)


class Example:
    """One match played through the example, step by step, with forced dice."""

    def __init__(self) -> None:
        self.m = Match.new(GAME, "campaign", GAME.options, "example-of-play")
        self.dice: list[int] = []
        self.current = Step("setup")
        self.steps: dict[str, Step] = {}
        self.failed: BaseException | None = None

    # Driving the match ----------------------------------------------------------------------------
    def roll(self, ctx: KernelContext, sides: int, why: Text) -> int:
        if not self.dice:
            raise AssertionError(f"unexpected die roll: {why}")
        value = self.dice.pop(0)
        self.current.rolls.append((str(why), value))
        ctx.barrier = True
        return value

    def referee(self, kind: str, *args: str) -> None:
        rec = self.m.override(Override(kind, tuple(args), "the rulebook's example of play"))
        self._keep([rec])

    def order(self, role: str, line: str, dice: tuple[int, ...] = ()) -> None:
        self.dice[:] = list(dice)
        self._keep(self.m.submit(role, line))
        assert not self.dice, f"{line!r}: dice not used: {self.dice}"

    def action(self, role: str, verb: str, *args: str) -> None:
        self._keep(self.m.play(role, Action(verb, tuple(args))))

    def refuse(self, role: str, line: str) -> OrderError:
        """``line`` must be refused (and change nothing)."""
        before = copy.deepcopy(self.m.state)
        with pytest.raises(OrderError) as info:
            self.m.submit(role, line)
        assert self.m.state == before
        self.current.refused[line] = info.value
        return info.value

    def _keep(self, records: list[Any]) -> None:
        for rec in records:
            self.current.lines.extend(str(e.text) for e in rec.entries if e.to == "*")

    def set_deck(self, side: str, top: list[str]) -> None:
        deck = list(self.m.state["cards"][side]["deck"])
        assert set(top) <= set(deck), (top, deck)
        self.referee("set", f"cards.{side}.deck", json.dumps(top + [c for c in deck if c not in top]))

    # Bookkeeping -----------------------------------------------------------------------------------
    def run(self, name: str, body: Callable[[Example], None]) -> None:
        self.current = Step(name)
        body(self)
        self.current.state = copy.deepcopy(self.m.state)
        self.steps[name] = self.current

    def unit(self, uid: str) -> dict[str, Any]:
        u: dict[str, Any] = self.m.state["units"][uid]
        return u


STEPS: list[tuple[str, Callable[[Example], None]]] = []


def step(name: str) -> Callable[[Callable[[Example], None]], Callable[[Example], None]]:
    def register(body: Callable[[Example], None]) -> Callable[[Example], None]:
        STEPS.append((name, body))
        return body

    return register


# Turn 1: June 1941 -------------------------------------------------------------------------------------
@step("setup")
def _setup(ex: Example) -> None:
    ex.referee("hand", "axis", *AXIS_HAND_T1)
    ex.referee("hand", "soviet", *SOVIET_HAND_T1)
    ex.set_deck("axis", AXIS_DRAW_T1)
    ex.set_deck("soviet", SOVIET_DRAW_T1)


@step("steppe_fox")
def _steppe_fox(ex: Example) -> None:
    ex.refuse("axis", "play 21 rp")  # no replacement play in June 1941 (4.4.1)
    ex.order("axis", "play 23 event")


@step("hedgehogs")
def _hedgehogs(ex: Example) -> None:
    ex.order("axis", "play 16 ops")
    ex.refuse("axis", "move 9th army 1721")  # 4.4.2


@step("combat_markers")
def _markers(ex: Example) -> None:
    ex.order("axis", "combat 1720 1820 1622 1623")


@step("attack_1920")
def _attack_1920(ex: Example) -> None:
    ex.order("axis", "attack 1920 with 16th army nocc")
    ex.order("soviet", "pass", dice=(4, 5))
    ex.refuse("axis", "advance 11th army")  # the example's "11th Army advances to Vilna" (11.1.8)
    ex.order("axis", "advance 16th army")


@step("attack_1723")
def _attack_1723(ex: Example) -> None:
    ex.order("axis", "attack 1723 with 6th army nocc")
    ex.order("soviet", "pass", dice=(1, 1))
    ex.order("axis", "advance 6th army")


@step("attack_1722")
def _attack_1722(ex: Example) -> None:
    ex.order("axis", "attack 1722 with 48pz 3pz 14pz nocc")
    # The example's Soviet roll is 4, which gives "-" on the SCU column 2; 5 gives its 1* (EXAMPLE.md).
    ex.order("soviet", "pass", dice=(2, 5))
    ex.order("axis", "loss 48pz")
    ex.order("axis", "advance all")
    ex.order("axis", "blitz")


@step("attack_1821")
def _attack_1821(ex: Example) -> None:
    ex.current.lines.append(f"supply of 6M before the attack: {supply.supply_status(RULES, ex.m.state, 'su-6m')}")
    ex.order("axis", "attack 1821 with 39pz 57pz 56pz 41pz nocc", dice=(2, 5))
    ex.order("axis", "loss 56pz")
    ex.order("axis", "advance 39pz 57pz")
    ex.order("axis", "blitz")


@step("attack_1721")
def _attack_1721(ex: Example) -> None:
    ex.order("axis", "attack 1721 with 9th army 46pz 24pz 47pz nocc", dice=(6, 5))
    ex.refuse("axis", "loss 9th army")  # 11.3.3: the first attack loss goes to a panzer
    ex.order("axis", "loss 46pz")
    ex.refuse("axis", "advance 43 corps")  # 11.1.8: it did not attack
    ex.order("axis", "advance all")


@step("exploitation")
def _exploitation(ex: Example) -> None:
    ex.order("axis", "done")
    ex.refuse("axis", "exploit 39pz 1921 2021 2121 2221")  # 3 hexes (12.2.2)
    ex.refuse("axis", "exploit 24pz 1822 1922")  # stops on entering swamp (12.2.5)
    ex.refuse("axis", "exploit 9th army 1821")  # LCUs never exploit (12.1.1)
    ex.refuse("axis", "exploit 3pz 1623 1523 1524")  # 1524 is in Hungary on our map (4.4.3)
    for line in (
        "exploit 3pz 1623 1523",
        "exploit 14pz 1623 1523",
        "exploit 48pz 1723",
        "exploit 24pz 1821 1921 1922",  # the Pripyat swamps
        "exploit 47pz 1821 1921 1922",
        "exploit 39pz 1921 2021 2121",
        "exploit 57pz 1921 2021",
        "exploit 41pz 1919 2019",
        "exploit 56pz 1920 2020",
        "exploit 46pz 1821 1920 2020",
    ):
        ex.order("axis", line)
    ex.order("axis", "done")  # -> Axis Attrition, then the Soviet AR5 begins (supply traced)


@step("soviet_ops")
def _soviet_ops(ex: Example) -> None:
    ex.order("soviet", "play 8 ops")


@step("soviet_moves")
def _soviet_moves(ex: Example) -> None:
    ex.order("soviet", "move southwest front 1825 1925 2025")  # leaves the ZOC of 1723: 1 OPS
    ex.order("soviet", "move south front 1826 1925")  # leaves the Romanian ZOC: 1 OPS
    ex.order("soviet", "rail maritime army smolensk")  # strategic movement: 1 OPS
    ex.order("soviet", "move 22m 2023")  # not in a ZOC: free
    ex.order("soviet", "move 5m 1827 1828 1829")  # free (ready for turn 2's sea move)
    ex.order("soviet", "combat 1823")  # the last OPS


@step("stalin_organs")
def _stalin_organs(ex: Example) -> None:
    ex.order("soviet", "attack 1922 with 5r cc 25")
    ex.order("axis", "pass", dice=(2, 5))
    ex.order("soviet", "done")  # no exploitation; Soviet Attrition; the Card Draw Phase


@step("draw_phase")
def _draw(ex: Example) -> None:
    ex.order("soviet", "discard 13 16 17 20")
    ex.order("axis", "discard 21")


# Turn 2: Summer 1941 -------------------------------------------------------------------------------------
@step("pq17")
def _pq17(ex: Example) -> None:
    ex.order("axis", "play 20 ops")


@step("axis_ar1_moves")
def _axis_ar1_moves(ex: Example) -> None:
    ex.order("axis", "move 16th army 1921 1922")  # stops in the ZOC of 22M
    ex.order("axis", "move 39pz 2122")
    ex.order("axis", "move 57pz 2121 2122")
    ex.order("axis", "move 46pz 2021 2121 2122")
    ex.order("axis", "move 56pz 2021 2121 2122")
    ex.order("axis", "combat 1922")


@step("attack_2023")
def _attack_2023(ex: Example) -> None:
    ex.order("axis", "attack 2023 with 16th army nocc")
    ex.order("soviet", "pass", dice=(3, 5))
    ex.order("axis", "advance 16th army")
    ex.order("axis", "done")


@step("mobilisation")
def _mobilisation(ex: Example) -> None:
    ex.order("soviet", "play 1 event")
    for line in ("place bryansk front kharkov", "place 16r kharkov", "place 34r kharkov", "place 40r kharkov",
                 "place 42r smolensk", "place 51r kiev"):
        ex.order("soviet", line)


@step("soviet_ar1_moves")
def _soviet_ar1_moves(ex: Example) -> None:
    ex.order("soviet", "rail stalin chelyabinsk")
    ex.order("soviet", "sea 5m 2232")
    ex.order("soviet", "combat 1824 2022")


@step("attack_1723_15m")
def _attack_1723_15m(ex: Example) -> None:
    ex.order("soviet", "attack 1723 with 15m nocc")
    ex.order("axis", "pass", dice=(6, 5))


@step("attack_2122")
def _attack_2122(ex: Example) -> None:
    ex.order("soviet", "attack 2122 with 13r nocc")
    ex.order("axis", "pass", dice=(1, 6))
    ex.order("soviet", "done")


@step("taifun")
def _taifun(ex: Example) -> None:
    ex.order("axis", "play 7 ops")
    ex.order("axis", "bank 1")
    ex.order("axis", "move 46pz 2022 2021")  # through Minsk, empty since 13R's elimination


def _run_until(name: str) -> Example:
    ex = _example()
    if name in ex.steps:
        return ex
    if ex.failed is not None:
        raise AssertionError(f"an earlier step of the example failed: {ex.failed!r}")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(KernelContext, "roll", lambda ctx, sides, why: ex.roll(ctx, sides, why))
        for step_name, body in STEPS:
            if step_name in ex.steps:
                continue
            try:
                ex.run(step_name, body)
            except BaseException as exc:
                ex.failed = exc
                raise
            if step_name == name:
                break
    return ex


_EXAMPLE: list[Example] = []


def _example() -> Example:
    if not _EXAMPLE:
        _EXAMPLE.append(Example())
    return _EXAMPLE[0]


def at(name: str) -> tuple[Step, dict[str, Any]]:
    ex = _run_until(name)
    s = ex.steps[name]
    return s, s.state


def hexes(state: dict[str, Any], *uids: str) -> dict[str, str | None]:
    return {u: state["units"][u]["hex"] for u in uids}


def boxes(state: dict[str, Any], *uids: str) -> dict[str, str | None]:
    return {u: state["units"][u]["box"] for u in uids}


def fire_line(s: Step, target: str) -> str:
    found = [line for line in s.lines if line.startswith(f"Fire at {target}")]
    assert len(found) == 1, s.text()
    return found[0]


def iter_lines(s: Step, needle: str) -> Iterator[str]:
    return (line for line in s.lines if needle in line)
