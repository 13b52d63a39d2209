"""The rulebook's extended example of play ("ESEMPIO DI GIOCO", Italian rulebook after rule 25), replayed.

The position is the rule-25 setup; the hands and deck order come from the example (set by referee
overrides: ``hand SIDE CARD...`` and ``set cards.SIDE.deck [...]``); dice are forced to the rolls the
example states (or, where it states none, to rolls giving its results). Positions the example shows
only on its map pictures are set by the referee (``place``, ``level``, then ``phase SIDE AR`` to restart
the Action Round). Each step below is one test; the steps run in order, once, on one shared match (a
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
from engine.errors import OrderError
from engine.game import Action, Override
from engine.games.stalins_war import fire, supply, zoc
from engine.kernel import KernelContext, Match
from engine.text import Text

GAME: Any = registry.get("stalins-war")
RULES = GAME.rules

# The example's hands (reconstructed from the cards it plays, discards and keeps, see EXAMPLE.md).
AXIS_HAND_T1 = ["AX23", "AX16", "AX21", "AX20", "AX7", "AX1"]
SOVIET_HAND_T1 = ["SU8", "SU25", "SU13", "SU16", "SU17", "SU20"]  # SU8, SU25 played; 4 discarded unseen
AXIS_DRAW_T1 = ["AX4", "AX12", "AX18"]
SOVIET_DRAW_T1 = ["SU11", "SU18", "SU23", "SU24"]
SOVIET_DRAW_T2 = ["SU12", "SU7", "SU10", "SU15", "SU19"]  # Penal Battalions, Sorge, Black Sea Black Death, Uranus, T-34
AXIS_DRAW_T2 = ["AX10", "AX22", "AX19", "AX17", "AX15", "AX3"]


@dataclass
class Step:
    name: str
    lines: list[str] = field(default_factory=list)  # public log lines of the step
    rolls: list[tuple[str, int]] = field(default_factory=list)  # (why, value) of every die rolled
    refused: dict[str, OrderError] = field(default_factory=dict)  # order -> the refusal
    state: dict[str, Any] = field(default_factory=dict)  # the state after the step
    match: Match | None = None  # a copy of the match after the step

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
        self.current.match = copy.deepcopy(self.m, {id(GAME): GAME})
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
    ex.order("axis", "advance 39pz 57pz blitz")


@step("attack_1721")
def _attack_1721(ex: Example) -> None:
    ex.order("axis", "attack 1721 with 9th army 46pz 24pz 47pz nocc", dice=(6, 5))
    ex.refuse("axis", "loss 9th army")  # 11.3.3: the first attack loss goes to a panzer
    ex.order("axis", "loss 46pz")
    ex.refuse("axis", "advance 43 corps")  # 11.1.8: it did not attack
    ex.order("axis", "advance all blitz")  # EX: "ponendo un segnalino Blitz"


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
    ex.order("axis", "move 3pz 1524")
    ex.order("axis", "move 14pz 1524")
    ex.order("axis", "combat 1922 1524")


@step("attack_2023")
def _attack_2023(ex: Example) -> None:
    ex.order("axis", "attack 2023 with 16th army nocc")
    ex.order("soviet", "pass", dice=(3, 5))
    ex.order("axis", "advance 16th army")


@step("attack_1625")
def _attack_1625(ex: Example) -> None:
    ex.current.lines.append(f"supply of 16M before the attack: {supply.supply_status(RULES, ex.m.state, 'su-16m')}")
    ex.order("axis", "attack 1625 with 3pz 14pz nocc")
    ex.order("soviet", "pass", dice=(5, 6))
    ex.order("axis", "loss 3pz")
    ex.refuse("axis", "advance all blitz")  # rough (our map) bars the Blitz marker
    ex.order("axis", "advance all")
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


@step("ar2_position")
def _ar2_position(ex: Example) -> None:
    """The example shows the position before the AR2 attacks only on a map picture: the referee sets it."""
    for uid, label in (
        ("ge-4a", "2223"), ("ge-24pz", "2223"), ("ge-47pz", "2223"), ("ge-43c", "2223"),  # against Smolensk
        ("ge-39pz", "2224"), ("ge-57pz", "2224"), ("ge-56pz", "2224"),  # against Gomel
        ("ge-skpz", "1924"), ("ge-3pz", "1924"), ("ge-14pz", "1924"),  # against Zhitomir
        ("su-central-front", "2322"), ("su-20r", "2322"),  # Smolensk: with the Maritime Army and 42R
        ("su-5r", "2123"),  # Gomel: with 21R
        ("su-southwest-front", "2226"),  # out of Kiev, where South Front will retreat
    ):
        ex.referee("place", uid, label)
    ex.order("axis", "combat 2223 2224 1924")


@step("attack_smolensk")
def _attack_smolensk(ex: Example) -> None:
    ex.order("axis", "attack smolensk with 4th army 24pz 47pz 43 corps nocc")
    ex.order("soviet", "pass", dice=(6, 6))
    ex.order("soviet", "loss central front 20r")
    ex.refuse("axis", "loss 43 corps 24pz")  # the first loss of an attacker goes to a panzer (11.3.3)
    ex.order("axis", "loss 24pz 43 corps")
    for uid in ("central front", "20r", "42r", "maritime army"):
        ex.order("soviet", f"retreat {uid} 2422")
    ex.order("axis", "advance all")


@step("attack_gomel")
def _attack_gomel(ex: Example) -> None:
    ex.current.lines.append(f"supply of 21R before the attack: {supply.supply_status(RULES, ex.m.state, 'su-21r')}")
    ex.order("axis", "attack gomel with 39pz 57pz 56pz nocc", dice=(4, 5))
    ex.order("soviet", "loss 21r")
    ex.order("axis", "loss 57pz")


@step("attack_zhitomir")
def _attack_zhitomir(ex: Example) -> None:
    ex.order("axis", "attack zhitomir with skpz 3pz 14pz nocc")
    ex.order("soviet", "pass", dice=(1, 4))
    ex.order("axis", "loss skpz")
    ex.order("soviet", "retreat south front kiev")
    ex.order("axis", "advance 3pz blitz")


@step("ar2_exploitation")
def _ar2_exploitation(ex: Example) -> None:
    ex.order("axis", "done")
    ex.order("axis", "exploit 3pz 2026 2125 2225")
    ex.order("axis", "exploit 14pz 1925 2026")
    ex.order("axis", "done")


@step("cavalry_raid")
def _cavalry_raid(ex: Example) -> None:
    ex.refuse("soviet", "play 2 event")  # 4.5.1: the two mobilisation plays are not in consecutive ARs
    ex.order("soviet", "play 18 ops")
    ex.order("soviet", "move central front 2522")
    ex.order("soviet", "move 20r 2522")
    ex.order("soviet", "move 42r 2521")
    ex.order("soviet", "move maritime army 2521")  # the last to leave pays the OPS (7.3.3)
    ex.order("soviet", "done")  # no Combat marker: no combat step (11.1.1)


@step("german_reinforcements")
def _german_reinforcements(ex: Example) -> None:
    ex.order("axis", "play 1 event")
    ex.order("axis", "place 2nd army usir")
    ex.order("axis", "place 27 corps konigsberg")
    ex.order("axis", "place 40pz warsaw")


@step("soviet_reinforcements_2")
def _soviet_reinforcements_2(ex: Example) -> None:
    ex.referee("place", "su-reserve-front", "2623")  # out of Moscow (the example's picture): room for an LCU
    ex.order("soviet", "play 2 event")
    for line in ("place kalinin front moscow", "place volkhov front dnepropetrovsk", "place 30r tula", "place 57r tula"):
        ex.order("soviet", line)
    ex.order("soviet", "done")  # no Combat marker: no combat step (11.1.1)


@step("defend_motherland_ops")
def _defend_motherland_ops(ex: Example) -> None:
    # The AR4 position is a picture in the example; the referee sets it and restarts the AR.
    for uid, label in (("ge-14pz", "1828"), ("ge-4a", "2223"), ("ge-43c", "2223"), ("ge-47pz", "2223"), ("su-5r", "2325")):
        ex.referee("place", uid, label)
    ex.referee("phase", "axis", "4")
    ex.order("axis", "play 18 ops")
    ex.order("axis", "move 14pz 1829 1928 2028 2128")  # through Odessa (fort destroyed) and Nikopol
    ex.order("axis", "combat 2223")


@step("attack_gomel_ar4")
def _attack_gomel_ar4(ex: Example) -> None:
    ex.order("axis", "attack gomel with 4th army 43 corps nocc", dice=(4, 6))
    ex.refuse("axis", "advance 47pz")  # 11.5.1: only attacking units advance
    ex.order("axis", "advance 4th army")
    ex.order("axis", "done")


@step("peoples_militia_ops")
def _peoples_militia_ops(ex: Example) -> None:
    ex.order("soviet", "play 23 ops")
    ex.order("soviet", "move southwest front 2327")  # leaves the ZOC of the panzers in 2225: the 1 OPS
    ex.order("soviet", "done")  # no Combat marker: no combat step (11.1.1)


@step("axis_reinforcements_ops")
def _axis_reinforcements_ops(ex: Example) -> None:
    for uid, label in (
        ("su-volkhov-front", "2626"),
        ("ge-39pz", "2030"), ("ge-56pz", "2030"), ("ge-57pz", "2030"),  # to Sevastopol
        ("ge-18a", "2319"), ("ge-40pz", "2319"), ("ge-41pz", "2319"), ("su-leningrad-front", "2420"),
        ("ge-11a", "2228"), ("ge-14pz", "2228"), ("ge-49mtn", "2228"),  # Dnepropetrovsk
        ("su-transcaucasus-front", "2229"),
    ):
        ex.referee("place", uid, label)
    ex.referee("phase", "axis", "5")
    ex.order("axis", "play 4 ops")
    for uid in ("39pz", "56pz", "57pz"):
        ex.order("axis", f"move {uid} 2031 1931")
    ex.order("axis", "combat 2319 2228")


@step("attack_2420")
def _attack_2420(ex: Example) -> None:
    ex.order("axis", "attack 2420 with 18th army 40pz 41pz nocc")
    ex.order("soviet", "pass", dice=(4, 4))
    ex.order("axis", "loss 40pz")
    ex.refuse("axis", "advance all blitz")  # swamp: no Blitz marker
    ex.order("axis", "advance all")


@step("attack_zaporozhe")
def _attack_zaporozhe(ex: Example) -> None:
    ex.order("axis", "attack zaporozhe with 11th army 14pz nocc")
    ex.order("soviet", "pass", dice=(6, 4))  # the first loss goes to 14 Pz by itself (11.3.3)
    ex.order("axis", "advance 11th army")
    ex.order("axis", "done")  # -> Axis Attrition


@step("strategic_withdrawal_rp")
def _strategic_withdrawal_rp(ex: Example) -> None:
    ex.order("soviet", "play 11 rp")  # -> Soviet Attrition, then the Replacement Phase


@step("replacements")
def _replacements(ex: Example) -> None:
    for line in (
        "rebuild leningrad front leningrad",  # reduced: 1 RP
        "rebuild transcaucasus front grozny",  # reduced: 1 RP
        "replace central front",  # 1 RP
        "rebuild west front rostov",  # 1 RP ...
        "replace west front",  # ... and 1 RP more: full strength
        "rebuild 13r rostov",  # SCU levels: 1/2 RP each
        "rebuild 21r rostov",
        "replace 20r",
        "replace 5r",
    ):
        ex.order("soviet", line)
    ex.order("soviet", "done")  # the Axis has no RP: the Card Draw Phase follows


@step("draw_phase_t2")
def _draw_t2(ex: Example) -> None:
    ex.set_deck("soviet", SOVIET_DRAW_T2)
    ex.set_deck("axis", AXIS_DRAW_T2)
    ex.order("soviet", "keep")
    ex.order("axis", "discard 12")


# Turn 3: Autumn 1941 -------------------------------------------------------------------------------------
@step("panzer_refit")
def _panzer_refit(ex: Example) -> None:
    ex.refuse("axis", "play 19 ops")  # Rasputitsa (15.1.1)
    ex.refuse("axis", "play 22 event 14pz 24pz 46pz")  # SW Front (in 2327) is next to 14 Pz
    ex.referee("place", "su-southwest-front", "2426")  # the example's picture: no Soviet unit next to them
    ex.order("axis", "play 22 event 14pz 24pz 46pz")


@step("uranus_rp")
def _uranus_rp(ex: Example) -> None:
    ex.order("soviet", "play 15 rp")


@step("destroy_the_fascists_ops")
def _destroy_the_fascists_ops(ex: Example) -> None:
    for uid, label in (
        ("ge-4a", "2323"), ("ge-24pz", "2323"), ("ge-47pz", "2323"), ("ge-46pz", "2323"),
        ("su-bryansk-front", "2424"), ("su-57r", "2424"), ("su-16r", "2424"), ("su-34r", "2424"),
    ):
        ex.referee("place", uid, label)
    ex.referee("phase", "axis", "2")
    ex.order("axis", "play 17 ops")
    ex.order("axis", "combat 2323")


@step("attack_bryansk")
def _attack_bryansk(ex: Example) -> None:
    ex.order("axis", "attack 2424 with 4th army 24pz 47pz 46pz nocc")
    ex.order("soviet", "cc 12")
    ex.order("soviet", "pass", dice=(1, 3))
    ex.order("soviet", "loss 57r")
    ex.order("axis", "loss 24pz 4th army")


@step("zhukov")
def _zhukov(ex: Example) -> None:
    # The example's Soviet keeps Zhukov (SU9) from turn 2, a card its draws do not contain (EXAMPLE.md).
    ex.referee("hand", "soviet", "SU9", "SU7", "SU10", "SU19")
    for uid, label in (
        ("su-kalinin-front", "2322"), ("su-30r", "2322"), ("su-20r", "2322"),
        ("su-reserve-front", "2423"), ("su-42r", "2423"), ("su-22r", "2423"),
    ):
        ex.referee("place", uid, label)
    ex.referee("level", "su-30r", "1")
    ex.referee("phase", "soviet", "2")
    ex.order("soviet", "play 9 event")


@step("zhukov_attack")
def _zhukov_attack(ex: Example) -> None:
    # In the round Zhukov is played (SU9: "in un attacco questo Round"); Zhukov's hexes need no Combat marker.
    ex.order("soviet", "attack 2323 with kalinin front 30r 20r reserve front 42r 22r zhukov nocc")
    ex.order("axis", "pass", dice=(1, 1))
    ex.order("axis", "loss 4th army")
    ex.order("soviet", "loss kalinin front reserve front")
    ex.order("soviet", "loss 30r")  # Zhukov's extra loss (SU9)


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


def rule_of(err: OrderError) -> str | None:
    return getattr(err, "rule", None)


def consec(state: dict[str, Any]) -> dict[str, int]:
    return dict(state["consec"])


# Tests: turn 1 -----------------------------------------------------------------------------------------
def test_setup_turn_1_starts_in_axis_ar5_with_the_example_hands() -> None:
    """4.4.1, EX: "Il primo turno ... inizia nel Round 5"; six cards each (4.3)."""
    _, state = at("setup")
    assert (state["turn"], state["ar"], state["phase"]) == (1, 5, {"name": "action", "side": "axis"})
    assert state["cards"]["axis"]["hand"] == AXIS_HAND_T1
    assert state["cards"]["soviet"]["hand"] == SOVIET_HAND_T1
    assert state["vp"] == 7
    assert consec(state) == {"axis": 0, "soviet": 0}
    assert state["cards"]["soviet"]["setaside"] == ["SU1", "SU2", "SU3", "SU4", "SU5", "SU6"]


def test_steppe_fox_places_the_sk_panzer_corps_and_gives_a_second_card() -> None:
    """AX23, 4.4.1, EX: "Piazza il Corpo PZ SK con l'11° Armata e poi ... può giocare un'altra carta"."""
    s, state = at("steppe_fox")
    assert rule_of(s.refused["play 21 rp"]) == "4.4.1"
    assert state["units"]["ge-skpz"]["hex"] == state["units"]["ge-11a"]["hex"] == "1527"
    assert "AX23" in state["cards"]["axis"]["removed"]  # asterisked event (7.5.1c)
    assert state["cards"]["axis"]["events_removed"] == 1
    assert state["phase"]["side"] == "axis" and state["flow"][-1]["proc"] == "action_round"
    assert state["flow"][-1].get("extra") is True  # the Axis chooses again


def test_hedgehogs_for_4_ops_is_the_first_consecutive_ops_round_and_no_move_in_turn_1() -> None:
    """7.3.2, 4.4.2, EX: "Gioca la carta Ricci per 4 OPS ... '1° tutte le OPS'" and "non è consentito
    alcun movimento nel primo round di gioco"."""
    s, state = at("hedgehogs")
    rnd = state["round"]
    assert (rnd["kind"], rnd["card"], rnd["ops"]) == ("ops", "AX16", 4)
    assert consec(state)["axis"] == 1
    assert "AX16" not in state["events"]  # played for OPS: Hedgehogs' event is not in force
    assert rule_of(s.refused["move 9th army 1721"]) == "4.4.2"


def test_four_combat_markers_use_the_four_ops() -> None:
    """7.3.5, EX: "le usa per piazzare 4 segnalini di combattimento"."""
    _, state = at("combat_markers")
    assert state["round"]["combat_markers"] == ["1720", "1820", "1622", "1623"]
    assert state["round"]["ops"] == 0


def test_attack_on_1920_lcu_column_3_against_scu_column_2() -> None:
    """11.2.1(4), 11.3.4, 14.1.6, EX: 16th Army, strength 5, river + town = column "3" (LCU); 3M on
    column "2" (SCU); rolls 4 and 5: 1/1*; 3M removed permanently; the 1* does not touch an LCU."""
    s, state = at("attack_1920")
    line = fire_line(s, "1920")
    assert "strength 5 on the LCU table" in line and "fires on column 3" in line
    assert "Town" in line and "River" in line
    assert "strength 2 on the SCU table" in line and line.endswith("fires on column 2.")
    assert "Combat result at 1920: 1/1* (attacker's Loss Number / defender's, 11.3.1)." in s.lines
    assert boxes(state, "su-3m") == {"su-3m": "removed"}
    assert state["units"]["ge-16a"]["level"] == 0
    # "L'11° Armata avanza a Vilna": only units that took part may advance (11.1.8); the 16th does.
    assert rule_of(s.refused["advance 11th army"]) == "11.1.8"
    assert hexes(state, "ge-16a", "ge-11a") == {"ge-16a": "1920", "ge-11a": "1527"}
    assert state["control"]["1920"] == "axis"


def test_attack_on_1723_column_4_and_both_roll_1() -> None:
    """EX: "risolve l'attacco sulla colonna 4 della Tabella del Fuoco LCU ... la difesa ... sulla colonna
    3 della Tabella SCU. Entrambi i giocatori tirano un 1" -> 4M removed, no Axis loss, the 6th advances."""
    s, state = at("attack_1723")
    line = fire_line(s, "1723")
    assert "strength 5 on the LCU table" in line and "fires on column 4" in line
    assert "strength 3 on the SCU table" in line and line.endswith("fires on column 3.")
    # LCU column 4, roll 1 prints "1*" (the example writes "1/0"): it eliminates the SCU all the same.
    assert fire.result(RULES, "lcu", 3, 1) == "1*"
    assert "Combat result at 1723: 1*/0 (attacker's Loss Number / defender's, 11.3.1)." in s.lines
    assert boxes(state, "su-4m") == {"su-4m": "removed"}
    assert state["units"]["ge-6a"] == {**state["units"]["ge-6a"], "hex": "1723", "level": 0}


def test_three_panzers_fire_on_the_lcu_table_but_take_losses_as_scus() -> None:
    """11.2.1(4), 11.3.4, 11.5.2, EX: 48+3+14 Pz, strength 11, river + town: column "6-7" of the LCU
    table; defence column "2" (SCU); 48 Pz flipped for the 1*; all three advance, Blitz in 1722."""
    s, state = at("attack_1722")
    line = fire_line(s, "1722")
    assert "strength 11 on the LCU table (3 Panzer corps in the combat" in line
    assert "fires on column 6-7" in line and line.endswith("fires on column 2.")
    # The example's Soviet roll 4 on SCU column 2 is "-" in the printed table; the test rolls 5.
    assert fire.result(RULES, "scu", 1, 4) == "-" and fire.result(RULES, "scu", 1, 5) == "1*"
    assert "Combat result at 1722: 1/1* (attacker's Loss Number / defender's, 11.3.1)." in s.lines
    assert boxes(state, "su-28r") == {"su-28r": "removed"}
    assert [state["units"][u]["level"] for u in ("ge-48pz", "ge-3pz", "ge-14pz")] == [1, 0, 0]
    assert set(hexes(state, "ge-48pz", "ge-3pz", "ge-14pz").values()) == {"1722"}
    assert state["round"]["blitz"] == ["1722"]


def test_multi_hex_attack_on_1821_with_the_defender_out_of_supply() -> None:
    """11.1.3, 13.1.1, 13.1.3, 11.3.3, EX: panzers of 1720 and 1820 together; 6M OOS at the moment of
    combat (the advances into 1920 and 1722 cut it); defence on SCU column "2"; 2/1*; 56 Pz flipped,
    6M removed; 39 and 57 Pz advance, Blitz."""
    s, state = at("attack_1821")
    assert "supply of 6M before the attack: none" in s.lines
    line = fire_line(s, "1821")
    assert "strength 15 on the LCU table (4 Panzer corps in the combat" in line
    # Our provisional map makes Grodno (1821) a town: 1L, column 12-14 instead of the example's 15+.
    assert "fires on column 12-14" in line
    assert "a unit out of supply (13.3.5) 1L" in line and line.endswith("fires on column 2.")
    assert "All defending units are out of supply: no Combat Cards for the defender (13.3.4)." in s.lines
    assert "Combat result at 1821: 2/1* (attacker's Loss Number / defender's, 11.3.1)." in s.lines
    assert state["units"]["ge-56pz"]["level"] == 1 and boxes(state, "su-6m") == {"su-6m": "removed"}
    assert hexes(state, "ge-39pz", "ge-57pz", "ge-56pz", "ge-41pz") == {
        "ge-39pz": "1821", "ge-57pz": "1821", "ge-56pz": "1820", "ge-41pz": "1820"
    }
    assert state["round"]["blitz"] == ["1722", "1821"]


def test_multi_hex_attack_on_1721_one_lcu_the_first_loss_on_a_panzer() -> None:
    """11.1.3, 11.3.3, 11.3.6, EX: 9th Army + the 1622 panzers (one LCU in all), West Front OOS, 15
    (LCU) against 2 (LCU); 3/1; West Front to the Eliminated box (no asterisk); 46 Pz flipped."""
    s, state = at("attack_1721")
    line = fire_line(s, "1721")
    assert "strength 15 on the LCU table (9th Army is an LCU" in line
    assert "strength 3 on the LCU table (West Front is an LCU" in line
    assert "a unit out of supply (13.3.5) 1L" in line and line.endswith("fires on column 2.")
    # Our map puts Bialystok (town) behind rivers from both 1720 and 1622: column 10-11, not 15+.
    assert "fires on column 10-11" in line
    assert "Combat result at 1721: 3/1 (attacker's Loss Number / defender's, 11.3.1)." in s.lines
    assert rule_of(s.refused["loss 9th army"]) == "11.3.3"
    assert state["units"]["ge-46pz"]["level"] == 1 and state["units"]["ge-9a"]["level"] == 0
    assert boxes(state, "su-west-front") == {"su-west-front": "eliminated"}
    assert rule_of(s.refused["advance 43 corps"]) == "11.1.8"
    assert set(hexes(state, "ge-9a", "ge-46pz", "ge-24pz", "ge-47pz").values()) == {"1721"}
    # Ruling 8.1#6: every attacking hex crosses a minor river, so the Blitz marker is allowed, as in EX.
    assert "1721" in state["round"]["blitz"]


def test_exploitation_three_hexes_ignoring_non_swamp_terrain_in_turn_1() -> None:
    """12.1.4, 12.2.2, 12.2.5, 4.4.6, 4.4.3, EX: "Tutte le unità possono avanzare di 3 esagoni ... ignorare
    tutto il terreno non di palude"; units next to a Blitz marker exploit too (41, 56 Pz in 1820)."""
    s, state = at("exploitation")
    assert rule_of(s.refused["exploit 39pz 1921 2021 2121 2221"]) == "12.2.2"
    assert rule_of(s.refused["exploit 24pz 1822 1922"]) == "12.2.5"
    assert rule_of(s.refused["exploit 9th army 1821"]) == "12.1.1"
    assert rule_of(s.refused["exploit 3pz 1623 1523 1524"]) == "4.4.3"
    assert hexes(state, "ge-24pz", "ge-47pz", "ge-39pz", "ge-41pz", "ge-56pz", "ge-46pz") == {
        "ge-24pz": "1922", "ge-47pz": "1922", "ge-39pz": "2121", "ge-41pz": "2019", "ge-56pz": "2020", "ge-46pz": "2020",
    }
    assert state["control"]["1922"] == "axis"  # entering takes control (ruling 8.1#42)


def test_axis_attrition_all_in_supply_then_soviet_supply_check() -> None:
    """13.3.8, 13.1.1, EX: Axis Attrition: "Sono tutte in rifornimento" (the Pripyat panzers trace through
    hexes next to Soviet units without ZOC); the Soviet AR5 begins with OOS markers in 1918 and 2022."""
    s, state = at("exploitation")
    assert "Axis Attrition segment (13.3.8): 0 units out of supply." in s.lines
    assert not [u for u, v in state["units"].items() if v["hex"] and u.startswith(("ge-", "ro-", "hu-")) and v.get("oos")]
    oos = sorted(v["hex"] for u, v in state["units"].items() if v["hex"] and u.startswith("su-") and v.get("oos"))
    assert oos == ["1918", "2022"]
    assert supply.supply_status(RULES, state, "ge-24pz") == "full"


def test_soviet_industrial_evacuation_for_4_ops() -> None:
    """7.3.2, EX: "Gioca poi Evacuazione Industriale per 4 OPS ... avanzando il segnalino di OPS
    Consecutive di uno spazio"."""
    _, state = at("soviet_ops")
    assert (state["round"]["kind"], state["round"]["ops"]) == ("ops", 4)
    assert consec(state) == {"axis": 1, "soviet": 1}
    assert "SU8" not in state["events"]


def test_soviet_moves_pay_for_leaving_zoc_and_for_strategic_movement() -> None:
    """7.3.3, 7.3.4, 10.2, EX: Move markers in 1724 and 1726 (the last unit leaves an enemy ZOC) and in
    1829 (strategic movement to Smolensk); other moves are free; the last OPS places a Combat marker in 1823."""
    s, state = at("soviet_moves")
    rnd = state["round"]
    assert rnd["move_markers"] == ["1724", "1726", "1829"]
    assert rnd["combat_markers"] == ["1823"] and rnd["ops"] == 0
    assert state["units"]["su-maritime-army"]["hex"] == RULES.hex_of("Smolensk")
    assert hexes(state, "su-22m", "su-5m") == {"su-22m": "2023", "su-5m": "1829"}


def test_stalin_organs_attack_by_the_rifle_corps_on_the_pripyat_panzers() -> None:
    """4.4.7, 7.5.5, 11.2.1(7), EX: an SCU-only attack on a panzer-only hex is allowed; Stalin Organs
    shifts 1 right; defence "6 (SCU)"; rolls 2 (Soviet) and 5 (Axis): 0/1; 5R flipped; the CC discarded."""
    _, before = at("soviet_moves")
    assert supply.supply_status(RULES, before, "su-5r") == "full"  # through 1824, where 15M negates the ZOC
    cut = copy.deepcopy(before)
    cut["units"]["su-15m"]["hex"] = None
    assert supply.supply_status(RULES, cut, "su-5r") == "none"
    s, state = at("stalin_organs")
    line = fire_line(s, "1922")
    assert "Stalin Organs (SU25) 1R" in line and "Swamp" in line
    assert "Axis defends with strength 6 on the SCU table" in line and line.endswith("fires on column 6-7.")
    # 5R attacks with 2 on our provisional counter (the example's column 3 implies 4): column 1.
    assert "Soviet attacks with strength 2 on the SCU table" in line and "fires on column 1." in line
    assert "Combat result at 1922: 0/1 (attacker's Loss Number / defender's, 11.3.1)." in s.lines
    assert state["units"]["su-5r"]["level"] == 1
    assert "SU25" in state["cards"]["soviet"]["discard"]


def test_soviet_attrition_removes_12m_and_minsk_is_back_in_supply() -> None:
    """13.3.8, 13.1.3, EX: "Il corpo 22M ha mosso in 2023 ... linea di rifornimento per la Armata 13R a Minsk
    ... Il corpo 12M in 1918 rimane OOS e viene pertanto rimosso dalla mappa (e dal gioco)"."""
    s, state = at("stalin_organs")
    assert "Soviet Attrition segment (13.3.8): 1 unit out of supply." in s.lines
    assert boxes(state, "su-12m") == {"su-12m": "removed"}
    assert state["units"]["su-13r"]["hex"] == "2022" and not state["units"]["su-13r"]["oos"]
    assert state["control"]["1818"] == "axis"  # Libau, cut off by the Axis advance (13.3.9)


def test_soviet_attrition_leaves_far_away_batumi_soviet() -> None:
    """13.2.2, 13.3.9: Batumi, on the Transcaucasian railway to Baku, traces supply in June 1941 (the
    example changes no other control; an earlier map put 2436 in Turkey and lost it here)."""
    _, state = at("stalin_organs")
    assert state["control"]["2436"] == "soviet"


def test_draw_phase_discards_automatic_cards_and_refill() -> None:
    """7.1.3, 7.6.2, 4.4.1, EX: no Replacement Phase in turn 1; the Axis keeps 3 cards and draws AX4,
    AX12, AX18; the Soviet discards his 4 cards, receives SU1 and SU2 and draws SU11, SU18, SU23, SU24."""
    s, state = at("draw_phase")
    assert not list(iter_lines(s, "Replacement"))
    assert state["cards"]["axis"]["hand"] == ["AX20", "AX7", "AX1", "AX4", "AX12", "AX18"]
    assert state["cards"]["soviet"]["hand"] == ["SU1", "SU2", "SU11", "SU18", "SU23", "SU24"]
    assert state["cards"]["soviet"]["setaside"] == ["SU3", "SU4", "SU5", "SU6"]
    assert "AX21" in state["cards"]["axis"]["discard"]
    assert state["hand_size"] == {"axis": 6, "soviet": 6}


# Tests: turn 2 -----------------------------------------------------------------------------------------
def test_turn_2_starts_with_3_soviet_rp_and_an_axis_banked_ops() -> None:
    """4.5.2, 18.2.1, 7.3.2, EX: "la pedina di Rimpiazzi sovietica viene posta nella casella '3'" and
    "il giocatore dell'Asse riceve 1 OPS Conservata"; the consecutive counts carry over."""
    _, state = at("draw_phase")
    assert (state["turn"], state["ar"], state["phase"]) == (2, 1, {"name": "action", "side": "axis"})
    assert state["rp"]["soviet"] == 3
    assert state["banked"]["axis"] == 1
    assert consec(state) == {"axis": 1, "soviet": 1}


def test_convoy_pq17_for_ops_second_consecutive_round_gives_2_ops() -> None:
    """7.3.2, EX: "Gioca Convoglio PQ-17 per OPS ... '2°, -1 OPS'. Di conseguenza, riceve 3 – 1 = 2 OPS. Entrambe le
    OPS verranno usate per il combattimento"."""
    _, state = at("pq17")
    assert (state["round"]["kind"], state["round"]["ops"]) == ("ops", 2)
    assert consec(state)["axis"] == 2 and state["banked"]["axis"] == 1
    _, moved = at("axis_ar1_moves")
    assert moved["round"]["combat_markers"] == ["1922", "1524"] and moved["round"]["ops"] == 0


def test_16th_army_attacks_22m_in_the_swamp_4_lcu_against_2_scu() -> None:
    """11.3.4, EX: "Il 22M sovietico in 2023 viene attaccato dalla 16° fanteria tedesca a 4 (LCU) contro 2
    (SCU), per un risultato di 1/1* ... la 16° fanteria avanza ... senza subire danni"."""
    s, state = at("attack_2023")
    line = fire_line(s, "2023")
    assert "strength 5 on the LCU table" in line and "Swamp" in line and "fires on column 4" in line
    assert line.endswith("strength 2 on the SCU table (SCUs only, 11.2.1(4)), column 2; shifts: none; fires on column 2.")
    assert "Combat result at 2023: 1/1* (attacker's Loss Number / defender's, 11.3.1)." in s.lines
    assert boxes(state, "su-22m") == {"su-22m": "removed"}
    assert state["units"]["ge-16a"] == {**state["units"]["ge-16a"], "hex": "2023", "level": 0}


def test_panzers_attack_1625_asterisked_loss_on_3_pz_no_blitz_in_rough() -> None:
    """11.3.4, 11.2.1(9), EX: "Le unità in 1524 attaccano 1625 ... 8 (SCU) contro 1 (SCU). Il risultato è 1/1* ...
    il 16M viene rimosso permanentemente dal gioco e il 3 Pz si gira; entrambi i panzer avanzano in 1625, dove viene
    posto un segnalino Blitz"."""
    s, state = at("attack_1625")
    line = fire_line(s, "1625")
    assert "Axis attacks with strength 8 on the SCU table" in line
    # Our map: 16M traces supply (defence 2, column 2) and Stanislav is rough + town (2L, no Blitz).
    assert "supply of 16M before the attack: full" in s.lines
    assert "Rough" in line and "Town" in line and "fires on column 5." in line
    assert "Combat result at 1625: 1/1* (attacker's Loss Number / defender's, 11.3.1)." in s.lines
    assert boxes(state, "su-16m") == {"su-16m": "removed"}
    assert state["units"]["ge-3pz"]["level"] == 1 and state["units"]["ge-14pz"]["level"] == 0
    assert rule_of(s.refused["advance all blitz"]) == "11.2.1(9)"
    assert set(hexes(state, "ge-3pz", "ge-14pz").values()) == {"1625"}


def test_mobilisation_reinforcements_give_4_ops_and_keep_the_consecutive_count() -> None:
    """4.5.1, 7.5.2, 7.6.4, EX: card 1 as the Reinforcements event "e per ricevere 4 OPS ... la conta delle
    OPS Consecutive rimane invariata"; removed for good; the Events-Played marker moves to 1; Bryansk Front,
    16R, 34R, 40R at Kharkov, 42R at Smolensk, 51R at Kiev; they may move but not fight."""
    _, state = at("mobilisation")
    oos = sorted(v["hex"] for u, v in state["units"].items() if v["hex"] and u.startswith("su-") and v.get("oos"))
    assert oos == ["1624"]  # the example: 1624, 1727, 2022 (EXAMPLE.md)
    assert (state["round"]["kind"], state["round"]["ops"]) == ("event_ops", 4)
    assert consec(state)["soviet"] == 1
    assert "SU1" in state["cards"]["soviet"]["removed"] and state["cards"]["soviet"]["events_removed"] == 1
    kharkov, smolensk, kiev = RULES.hex_of("Kharkov"), RULES.hex_of("Smolensk"), RULES.hex_of("Kiev")
    assert hexes(state, "su-bryansk-front", "su-16r", "su-34r", "su-40r", "su-42r", "su-51r") == {
        "su-bryansk-front": kharkov, "su-16r": kharkov, "su-34r": kharkov, "su-40r": kharkov,
        "su-42r": smolensk, "su-51r": kiev,
    }
    assert all(state["units"][u].get("fought") for u in ("su-bryansk-front", "su-42r", "su-51r"))


def test_stalin_leaves_moscow_by_rail_and_5m_moves_by_sea() -> None:
    """16.4.5, 10.2.6, 7.3.4, EX: "segnalini di Movimento a Mosca ed Odessa ... Stalin ... a Chelyabinsk,
    mentre il corpo 5M muove per mare in 2232"; the 2 OPS left place 2 Combat markers."""
    _, state = at("soviet_ar1_moves")
    assert state["units"]["su-stalin"]["hex"] == RULES.hex_of("Chelyabinsk")
    assert state["units"]["su-5m"]["hex"] == "2232"
    assert sorted(state["round"]["move_markers"]) == sorted([RULES.hex_of("Moscow"), RULES.hex_of("Odessa")])
    assert state["round"]["combat_markers"] == ["1824", "2022"] and state["round"]["ops"] == 0


def test_15m_attack_on_1723_asterisked_loss_kills_the_reduced_panzer_not_the_army() -> None:
    """11.3.4, 11.3.6, 20.1.1, EX: "L'unità in 1824 attacca 1723 ... con risultato di 1*/2; la 15M ... viene
    eliminata permanentemente ... il 48 Pz, già girato, viene eliminato dal risultato 1* e posto nella casella
    delle Unità Eliminate dell'Asse"."""
    s, state = at("attack_1723_15m")
    line = fire_line(s, "1723")
    assert "Axis defends with strength 7 on the LCU table (6th Army is an LCU" in line
    # The example omits German Mobile Defence (army + panzer, turn 2): 6-7 becomes 8-9 (EXAMPLE.md).
    assert "German Mobile Defence (20.1.1) 1L" in line and "German Mobile Defence (20.1.1) 1R" in line
    assert "Combat result at 1723: 1*/2 (attacker's Loss Number / defender's, 11.3.1)." in s.lines
    assert boxes(state, "su-15m", "ge-48pz") == {"su-15m": "removed", "ge-48pz": "eliminated"}
    assert state["units"]["ge-6a"]["level"] == 0


def test_13r_attack_on_2122_is_wiped_out_to_the_eliminated_box() -> None:
    """11.2.1(4), 14.1.6, EX: "attaccato 2122 ad 1 (SCU) contro 12 (LCU), un risultato di 0/3 elimina
    l'armata 13R, che viene posta nella casella delle Unità Eliminate"."""
    s, state = at("attack_2122")
    line = fire_line(s, "2122")
    assert "fires on column 1" in line and "(4 Panzer corps in the combat" in line
    assert boxes(state, "su-13r") == {"su-13r": "eliminated"}


def test_taifun_third_consecutive_ops_banked_ops_and_minsk_taken() -> None:
    """7.3.2, 18.1.1, 5.1.1, EX: "Il segnalino di OPS Consecutive avanza alla casella '3°, -2 OPS', quindi
    riceve 4-2=2 OPS. Decide di usare le sue OPS Conservate per incrementare a 3 OPS ... passano da Minsk ...
    incrementando quindi la conta dei VP ad 8"."""
    _, state = at("taifun")
    assert consec(state)["axis"] == 3
    assert state["round"]["ops"] == 3 and state["banked"]["axis"] == 0
    assert state["control"]["2022"] == "axis" and state["vp"] == 8
    assert "AX7" not in state["events"]  # Taifun for OPS: Moscow stays closed to Axis attacks (11.1.9)


def test_smolensk_tie_won_by_the_panzers_retreat_and_no_blitz_in_a_city() -> None:
    """11.2.1(7), 11.3.2, 11.3.3, 11.4.2, 11.5.2, EX: "A Smolensk entrambe le parti tirano un 6 ... Ogni unità
    sovietica subisce un colpo ... le rimanenti unità si ritirano in 2422; l'Asse deve subire un Panzer come primo
    colpo (11.3.3), mentre il 43° Corpo ... subisce il colpo rimanente ... non si possono piazzare segnalini Blitz"."""
    s, state = at("attack_smolensk")
    line = fire_line(s, "2322")
    assert "Axis attacks with strength 13 on the LCU table" in line and "City" in line
    # Our provisional Paulus Line puts Smolensk east of it: 1L more than the example (EXAMPLE.md).
    assert "Axis attack east of the Paulus Line" in line and "fires on column 8-9. Soviet" in line
    assert "Soviet defends with strength 9 on the LCU table" in line and line.endswith("fires on column 8-9.")
    assert "Combat result at 2322: 2/2 (attacker's Loss Number / defender's, 11.3.1)." in s.lines
    assert any(x.startswith("Axis wins the combat: equal Loss Numbers, but only the attacker") for x in s.lines)
    assert rule_of(s.refused["loss 43 corps 24pz"]) == "11.3.3"
    assert [state["units"][u]["level"] for u in ("ge-24pz", "ge-43c", "ge-4a", "ge-47pz")] == [1, 1, 0, 0]
    assert [state["units"][u]["level"] for u in ("su-central-front", "su-20r", "su-42r", "su-maritime-army")] == [1, 1, 0, 0]
    assert set(hexes(state, "su-central-front", "su-20r", "su-42r", "su-maritime-army").values()) == {"2422"}
    assert set(hexes(state, "ge-4a", "ge-24pz", "ge-47pz", "ge-43c").values()) == {"2322"}
    assert "2322" not in state["round"]["blitz"] and state["control"]["2322"] == "axis"


def test_gomel_tie_in_a_swamp_the_soviet_holds() -> None:
    """11.2.1(7), 13.1.1, 13.3.4, EX: "Il risultato a Gomel è 1/1*, viene ancora girato un Panzer ed il sovietico
    tiene la città" (no tie-break win in a swamp hex)."""
    s, state = at("attack_gomel")
    assert "supply of 21R before the attack: none" in s.lines
    assert "All defending units are out of supply: no Combat Cards for the defender (13.3.4)." in s.lines
    line = fire_line(s, "2123")
    assert "Swamp" in line and "Town" in line and "3 Panzer corps in the combat" in line
    assert "Combat result at 2123: 1/1* (attacker's Loss Number / defender's, 11.3.1)." in s.lines
    assert "Nobody wins the combat: equal Loss Numbers 1 (11.2.1(7))." in s.lines
    assert state["units"]["ge-57pz"]["level"] == 1 and state["units"]["su-21r"]["level"] == 1
    assert set(hexes(state, "su-21r", "su-5r").values()) == {"2123"}


def test_zhitomir_tie_break_retreat_into_kiev_through_negated_zoc_and_blitz() -> None:
    """11.2.1(7), 11.4.4, 8.3, 11.5.2, EX: "a Zhitomer il risultato è 1/1. Il Fronte Meridionale si gira e si
    ritira a Kiev (poiché l'unità a Kiev annulla la ZOC per la ritirata). Il Pz SK si gira ... il 3 Pz (solamente)
    avanza a Zhitomer, consentendo di piazzare un segnalino Blitz"."""
    s, state = at("attack_zhitomir")
    _, before = at("attack_gomel")
    assert zoc.enemy_zoc(RULES, before, "2025", "soviet")  # Kiev is in the ZOC of the panzers in 1924
    line = fire_line(s, "1925")
    assert "strength 10 on the LCU table (3 Panzer corps in the combat" in line and "Town" in line
    assert "Soviet defends with strength 3 on the LCU table (South Front is an LCU" in line
    assert "Combat result at 1925: 1/1 (attacker's Loss Number / defender's, 11.3.1)." in s.lines
    assert any(x.startswith("Axis wins the combat: equal Loss Numbers, but only the attacker") for x in s.lines)
    assert state["units"]["su-south-front"] == {**state["units"]["su-south-front"], "hex": "2025", "level": 1}
    assert state["units"]["ge-skpz"]["level"] == 1
    assert hexes(state, "ge-3pz", "ge-skpz", "ge-14pz") == {"ge-3pz": "1925", "ge-skpz": "1924", "ge-14pz": "1924"}
    assert state["round"]["blitz"] == ["1925"]


def test_exploitation_from_zhitomir() -> None:
    """12.1.4, 12.2.2, EX: "L'Asse fa poi sfruttamento con i panzer a Zhitomer e 1925" (3 Pz deep to 2225)."""
    _, state = at("ar2_exploitation")
    assert hexes(state, "ge-3pz", "ge-14pz") == {"ge-3pz": "2225", "ge-14pz": "2026"}


def test_deep_cavalry_raid_pays_one_ops_to_leave_the_zoc() -> None:
    """7.3.2, 7.3.3, 4.5.1, EX: "gioca Raid di Cavalleria in Profondità per OPS, avanzando il segnalino ... '2° -1
    OPS' e ricevendo 1 OPS. La usa per piazzare un segnalino di Movimento in 2422"."""
    s, state = at("cavalry_raid")
    assert rule_of(s.refused["play 2 event"]) == "4.5.1"
    assert consec(state)["soviet"] == 2
    assert state["last_round"] == {"side": "soviet", "kind": "ops", "card": "SU18"}
    assert "Soviet pays 1 OPS for the units leaving the enemy ZOC in 2422 (7.3.3)." in s.lines
    assert set(hexes(state, "su-central-front", "su-20r", "su-42r", "su-maritime-army").values()) == {"2521", "2522"}


def test_german_reinforcements_event_resets_the_count_and_panzers_deep_in_supply() -> None:
    """7.3.2, 7.5.2, 13.1.3, EX: "L'Asse gioca la carta Rinforzi 1 come evento ... azzerando la conta delle OPS
    Consecutive ... ponendo la 2° Armata nel USIR, il 27° Corpo a Königsberg e il 40° Pz a Varsavia"; the panzers in
    2225 are in supply (the Soviet units in 2123 and 2025 are OOS, without ZOC)."""
    _, state = at("german_reinforcements")
    assert consec(state)["axis"] == 0
    assert hexes(state, "ge-2a", "ge-27c", "ge-40pz") == {"ge-2a": "1422", "ge-27c": "1719", "ge-40pz": "1621"}
    assert "AX1" in state["cards"]["axis"]["removed"]
    # Steppe Fox and this card: 2 (the example's marker says 1 here, 2 in its closing summary).
    assert state["cards"]["axis"]["events_removed"] == 2
    assert state["units"]["ge-3pz"]["hex"] == "2225" and not state["units"]["ge-3pz"]["oos"]
    _, later = at("soviet_reinforcements_2")
    assert all(later["units"][u]["oos"] for u in ("su-21r", "su-5r", "su-south-front", "su-51r"))


def test_second_mobilisation_card_gives_ops_less_the_box_penalty() -> None:
    """4.5.1, EX: "Il sovietico gioca la sua carta Rinforzi 2 come evento ... La conta delle OPS Consecutive rimane
    invariata, si ricevono quindi 4-1 = 3 OPS. Pone il Fronte di Kalinin a Mosca, il Fronte di Volkhov a
    Dnepropetrovsk, ed entrambe le armate a Tula"."""
    s, state = at("soviet_reinforcements_2")
    assert "The event gives 3 OPS." in s.lines and consec(state)["soviet"] == 2
    assert hexes(state, "su-kalinin-front", "su-volkhov-front", "su-30r", "su-57r") == {
        "su-kalinin-front": RULES.hex_of("Moscow"), "su-volkhov-front": RULES.hex_of("Dnepropetrovsk"),
        "su-30r": RULES.hex_of("Tula"), "su-57r": RULES.hex_of("Tula"),
    }
    assert state["cards"]["soviet"]["events_removed"] == 2


def test_defend_the_motherland_for_ops_and_the_run_through_odessa_and_nikopol() -> None:
    """7.3.2, 7.3.3, 16.2, 5.1.1, EX: "Gioca poi Difendete la Madrepatria per OPS, ricevendo tutte e 3 le OPS ...
    Un'unità dell'Asse muove anche attraverso Odessa (distruggendo il forte non occupato) e Nikopol, incrementando la
    conta di VP" (+2)."""
    s, state = at("defend_motherland_ops")
    assert consec(state)["axis"] == 1
    assert "Axis plays AX18 Defend the Motherland! for 3 OPS (consecutive OPS round 1)." in s.lines
    assert "AX18" not in state["events"]  # for OPS: the event is not in force
    assert "Axis pays 1 OPS for the units leaving the enemy ZOC in 1828 (7.3.3)." in s.lines
    assert "1829" in state["markers"]["fortress_destroyed"]
    assert state["control"]["1829"] == state["control"]["2128"] == "axis"
    assert state["vp"] == at("attack_2122")[1]["vp"] + 1 + 1 + 2  # Minsk, Smolensk (our VP space), Odessa, Nikopol


def test_gomel_falls_to_the_4th_army_panzers_in_the_hex_cannot_advance() -> None:
    """11.3.4, 11.5.1, 11.1.8, EX: "l'attacco viene risolto a 4(LCU) : 3(SCU) dopo due spostamenti ... Il risultato
    è 1/1*, quindi il 43° corpo ... viene posto nella casella delle Unità Eliminate e l'Asse avanza la 4° Armata a Gomel
    (i panzer non possono avanzare perché solo le unità attaccanti possono avanzare – 11.5.1)"."""
    s, state = at("attack_gomel_ar4")
    line = fire_line(s, "2123")
    assert "Axis attacks with strength 6 on the LCU table (4th Army is an LCU" in line
    assert "Combat result at 2123: 1/1* (attacker's Loss Number / defender's, 11.3.1)." in s.lines
    assert boxes(state, "ge-43c", "su-21r") == {"ge-43c": "eliminated", "su-21r": "eliminated"}
    assert rule_of(s.refused["advance 47pz"]) == "11.1.8"
    assert hexes(state, "ge-4a", "ge-47pz") == {"ge-4a": "2123", "ge-47pz": "2223"}
    assert state["control"]["2123"] == "axis"


def test_peoples_militia_third_consecutive_ops_gives_1_ops() -> None:
    """7.3.2, 7.3.3, EX: "Il sovietico gioca Milizia del Popolo per OPS, avanzando il segnalino ... '3°, -2 OPS' e
    ricevendo quindi solo 1 OPS ... Spende la OP per porre un segnalino di movimento"."""
    s, state = at("peoples_militia_ops")
    assert "Soviet plays SU23 People's Militia for 1 OPS (consecutive OPS round 3)." in s.lines
    assert consec(state)["soviet"] == 3
    assert "Soviet pays 1 OPS for the units leaving the enemy ZOC in 2226 (7.3.3)." in s.lines
    assert "SU23" not in state["events"]  # no Soviet entrenchments: the event was not played


def test_axis_reinforcements_for_ops_and_sevastopol_taken() -> None:
    """7.3.2, 16.2, 5.1.1, EX: "Gioca la carta Rinforzi 4 per OPS, ricevendo 3-1 = 2 OPS. Tre panzer avanzano a
    Sevastopoli, distruggendo la fortezza vuota ed incrementando la conta dei VP"."""
    s, state = at("axis_reinforcements_ops")
    assert "Axis plays AX4 Axis Reinforcements for 2 OPS (consecutive OPS round 2)." in s.lines
    assert "1931" in state["markers"]["fortress_destroyed"] and state["control"]["1931"] == "axis"
    assert state["vp"] == at("defend_motherland_ops")[1]["vp"] + 1
    assert state["round"]["combat_markers"] == ["2319", "2228"]


def test_attack_in_the_swamp_no_blitz_marker() -> None:
    """11.3.3, 11.2.1(9), EX: "L'attacco contro 2420 è 12 : 3 dopo uno spostamento a sinistra ... per la palude,
    portando ad un risultato di 2/1. Il Fronte di Leningrado è eliminato e si gira il 40 Pz. Tutte le unità attaccanti
    avanzano in 2420, ma non si può piazzare alcun segnalino Blitz essendoci terreno palude"."""
    s, state = at("attack_2420")
    line = fire_line(s, "2420")
    assert "Axis attacks with strength 12 on the LCU table" in line and "Swamp" in line
    assert "Soviet defends with strength 3 on the LCU table" in line
    assert "Combat result at 2420: 2/1 (attacker's Loss Number / defender's, 11.3.1)." in s.lines
    assert boxes(state, "su-leningrad-front") == {"su-leningrad-front": "eliminated"}
    assert state["units"]["ge-40pz"]["level"] == 1
    assert rule_of(s.refused["advance all blitz"]) == "11.2.1(9)"
    assert set(hexes(state, "ge-18a", "ge-40pz", "ge-41pz").values()) == {"2420"}


def test_zaporozhe_first_loss_on_the_panzer_the_army_advances() -> None:
    """11.3.3, 11.5.1, 13.3.8, EX: "L'attacco contro Zaporozhe viene risolto ad 8 : 3 dopo due spostamenti di
    colonna ... un altro 2/1. Il Fronte Trans-Caucaso viene eliminato, il 14 Pz subisce una perdita ... ed il 11°
    fanteria avanza a Zaporozhe, prende il controllo della città e viene lasciato il corpo a Dnepropetrovsk"; then the
    Axis Attrition: all in supply."""
    s, state = at("attack_zaporozhe")
    line = fire_line(s, "2229")
    assert "City" in line and "fires on column 5." in line
    assert "Combat result at 2229: 2/1 (attacker's Loss Number / defender's, 11.3.1)." in s.lines
    assert boxes(state, "su-transcaucasus-front") == {"su-transcaucasus-front": "eliminated"}
    assert state["units"]["ge-14pz"]["level"] == 1 and state["units"]["ge-11a"]["level"] == 0
    assert hexes(state, "ge-11a", "ge-14pz", "ge-49mtn") == {"ge-11a": "2229", "ge-14pz": "2228", "ge-49mtn": "2228"}
    assert state["control"]["2229"] == "axis"
    assert "Axis Attrition segment (13.3.8): 0 units out of supply." in s.lines


def test_strategic_withdrawal_for_rp_resets_the_count_then_soviet_attrition() -> None:
    """7.3.2, 7.4, 13.3.8, EX: "Il sovietico gioca Ritirata Strategica per 4 RP ... sposta il segnalino RP da 3 a 7 e
    azzera la conta delle OPS Consecutive"; OOS units are eliminated (the asterisked ones for good)."""
    s, state = at("strategic_withdrawal_rp")
    assert consec(state) == {"axis": 2, "soviet": 0}
    assert state["rp"]["soviet"] == 7
    assert "Soviet Attrition segment (13.3.8): 1 unit out of supply." in s.lines
    assert boxes(state, "su-8m") == {"su-8m": "removed"}  # in 1624, as in the example


def test_soviet_replacements_fronts_cost_1_rp_a_level_scus_half() -> None:
    """14.1.3, 14.1.4, EX: "Decide di ricostruire 3 Fronti a forza ridotta ... Ogni tale ricostruzione costa 1 RP ...
    Ricostruisce poi il Fronte Occidentale a piena forza a Rostov, al costo di 2 RP. Spende poi gli ultimi 2 RP per
    piazzare 4 SCU di un livello di forza (costa ½ RP per livello di SCU)"."""
    s, state = at("replacements")
    assert state["units"]["su-leningrad-front"] == {**state["units"]["su-leningrad-front"], "hex": "2517", "level": 1}
    assert state["units"]["su-transcaucasus-front"]["hex"] == RULES.hex_of("Grozny")
    assert state["units"]["su-west-front"] == {**state["units"]["su-west-front"], "hex": RULES.hex_of("Rostov"), "level": 0}
    assert hexes(state, "su-13r", "su-21r") == {"su-13r": "2530", "su-21r": "2530"}
    assert float(state["rp"]["soviet"]) == 0  # 1 + 1 + 1 + 2 + 4 x 1/2 = 7


def test_draw_phase_of_turn_2_and_the_end_of_the_turn() -> None:
    """7.1.3, 7.6.2, 18.1.2, 18.2.1, EX: the Soviet keeps his last card and, with no automatic card in turn 2, draws
    5; the Axis discards his last card and draws 6; at the end of the turn the RP and banked OPS go to zero, the
    consecutive counts stay (Axis on "2", Soviet on 0); Events Played: Axis 2; turn 3 begins with 1 banked Axis OPS."""
    _, state = at("draw_phase_t2")
    assert state["cards"]["soviet"]["hand"] == ["SU24", *SOVIET_DRAW_T2]  # the example keeps Zhukov (EXAMPLE.md)
    assert state["cards"]["axis"]["hand"] == AXIS_DRAW_T2
    assert state["cards"]["soviet"]["setaside"] == ["SU3", "SU4", "SU5", "SU6"]
    assert (state["turn"], state["ar"]) == (3, 1)
    assert consec(state) == {"axis": 2, "soviet": 0}
    assert state["rp"]["soviet"] == 0 and state["banked"]["axis"] == 1
    assert state["cards"]["axis"]["events_removed"] == 2


def test_rasputitsa_panzer_refit_event_keeps_the_consecutive_count() -> None:
    """15.1.1, AX22, EX: "Il primo Round di tutti i turni di autunno ... è un round di Rasputitsa ... l'Asse gioca
    Revisione dei Panzer, girando il 14 Pz ... il 24 Pz ... ed il 46 Pz"."""
    s, state = at("panzer_refit")
    assert rule_of(s.refused["play 19 ops"]) == "15.1.1"
    assert rule_of(s.refused["play 22 event 14pz 24pz 46pz"]) == "AX22"
    assert [state["units"][u]["level"] for u in ("ge-14pz", "ge-24pz", "ge-46pz")] == [0, 0, 0]
    assert consec(state)["axis"] == 2  # not reset in Rasputitsa


def test_rasputitsa_operation_uranus_for_rp() -> None:
    """15.1.1, 7.4, EX: "gioca Operazione Uranus per 4 RP ... né il sovietico né l'Asse azzerano la conta delle OPS
    Consecutive in questo round"."""
    _, state = at("uranus_rp")
    assert state["rp"]["soviet"] == 4 and state["rp_plays"]["soviet"] == [1]
    assert consec(state) == {"axis": 2, "soviet": 0}


def test_destroy_the_fascists_for_ops_third_round_gives_1_ops() -> None:
    """7.3.2, EX: "L'Asse gioca Distruggete i Fascisti! Dopo aver spostato la conta delle OPS Consecutive a 3, riceve
    3-2 = 1 OP ... spende poi 1 OP per piazzare un segnalino di combattimento in 2323"."""
    s, state = at("destroy_the_fascists_ops")
    assert "Axis plays AX17 Destroy the Fascists! for 1 OPS (consecutive OPS round 3)." in s.lines
    assert state["round"]["combat_markers"] == ["2323"] and state["round"]["ops"] == 0


def test_penal_battalions_win_and_the_card_is_kept_face_up() -> None:
    """SU12, 7.5.5b, 11.3.2, 11.3.3, EX: "L'attacco viene risolto 10 : 10 dopo due spostamenti ... e il gioco della CC
    (Battaglioni Penali) ... Il risultato ... il sovietico vince il combattimento, e può tenere la CC di fronte a sé ...
    L'Asse deve subire la prima perdita con i PZ, e gira 24 PZ ... la seconda perdita al 4° fanteria"."""
    s, state = at("attack_bryansk")
    line = fire_line(s, "2424")
    assert "Penal Battalions (SU12) 1R" in line and line.endswith("fires on column 10-11.")
    assert "Combat result at 2424: 1/2 (attacker's Loss Number / defender's, 11.3.1)." in s.lines
    assert "Soviet wins the combat and keeps SU12 face up (7.5.5b)." in s.lines
    assert "SU12" in state["cards"]["soviet"]["faceup"]
    assert [state["units"][u]["level"] for u in ("ge-24pz", "ge-4a", "su-57r")] == [1, 1, 1]


def test_zhukov_event_lasts_the_turn() -> None:
    """SU9, 7.3.2, EX: "il sovietico gioca Zhukov come evento ... Notate che Zhukov non è una CC, pertanto rimane in
    gioco per il resto del turno"."""
    _, state = at("zhukov")
    assert state["effects"]["zhukov"] == 3 and consec(state)["soviet"] == 0
    assert "SU9" in state["events"]


def test_zhukov_attacks_in_the_round_it_is_played() -> None:
    """SU9, EX: "gioca Zhukov come evento; questo gli consente di attivare 2 esagoni per un singolo combattimento in
    questo round ed ogni round OPS seguente ... Attiva gli esagoni 2322 e 2423 per un contrattacco contro 2323"."""
    s, _ = at("zhukov")
    assert s.match is not None
    m = copy.deepcopy(s.match, {id(GAME): GAME})
    assert m.active() == frozenset({"soviet"})
    m.submit("soviet", "attack 2323 with kalinin front 30r 20r reserve front 42r 22r zhukov nocc")


def test_a_referees_fixed_dice_resolve_the_zhukov_counter_attack_as_the_example() -> None:
    """The kernel's 'dice 1 1' (every game) instead of the test's dice: both fire rolls are the
    referee's, announced as fixed, the draw counter does not move, and the result is the example's 1/2."""
    s, _ = at("zhukov")
    assert s.match is not None
    m = copy.deepcopy(s.match, {id(GAME): GAME})
    m.override(Override("dice", ("1", "1"), "the example's dice"))
    counter = m.state["rng"]
    recs = m.submit("soviet", "attack 2323 with kalinin front 30r 20r reserve front 42r 22r zhukov nocc")
    recs += m.submit("axis", "pass")
    said = [str(e.text) for r in recs for e in r.entries if e.to == "*"]
    fixed = [x for x in said if "rolled 1 (d6, fixed by the referee: the example's dice)" in x]
    assert len(fixed) == 2 and all("fire, column" in x for x in fixed)
    assert "Combat result at 2323: 1/2 (attacker's Loss Number / defender's, 11.3.1)." in said
    assert m.state["rng"] == counter and m.fixed_rolls() == []


def test_zhukov_combines_two_hexes_and_two_fronts_against_mobile_defence() -> None:
    """SU9, 11.1.3, 20.1.1, 11.3.5, 14.1.6, EX: "L'attacco è 13 : 14, ma viene poi modificato dalla capacità di
    Difesa Mobile del tedesco (20.0) e viene risolto quindi sul 10 : 15. Il risultato è 1/2, ma il sovietico deve
    subire una ulteriore perdita per Zhukov. Vengono girati i Fronti Kalinin e Riserva e pone il 30 R nella casella
    Unità Eliminate, mentre l'Asse il 4° fanteria di un livello, rimpiazzandolo con la pedina ... di forza 3-3"."""
    s, state = at("zhukov_attack")
    line = fire_line(s, "2323")
    assert "Soviet attacks with strength 13 on the LCU table" in line and "fires on column 10-11" in line
    assert "German Mobile Defence (20.1.1) 1L" in line and line.endswith("fires on column 15+.")
    assert "Combat result at 2323: 1/2 (attacker's Loss Number / defender's, 11.3.1)." in s.lines
    assert "Losses added after the winner is known (11.3.5): Zhukov's extra loss (SU9)." in s.lines
    assert [state["units"][u]["level"] for u in ("su-kalinin-front", "su-reserve-front")] == [1, 1]
    assert boxes(state, "su-30r") == {"su-30r": "eliminated"}
    assert state["units"]["ge-4a"]["level"] == 2 and "4th Army loses a level (3-3)." in s.lines
