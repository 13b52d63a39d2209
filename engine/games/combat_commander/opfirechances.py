"""Why the inactive player may not fire at a moving or advancing unit outside an opportunity fire
window: the one attack of an expenditure of MP already made (A33.3), a Trench step that draws no
opportunity fire (F105.2), an Advance that draws none (O16.1).

Each is remembered among the flow's closed steps (``engine.flow.close``, outside the state hash),
so that a 'fire' or 'attack' from that player, refused as out of turn or out of step, cites the
rule; it is forgotten at the next hex entered and when the order ends.
"""

from __future__ import annotations

from engine import flow
from engine.flow import Step
from engine.game import Role, State
from engine.text import Text, t

SCOPE = "opfire"
VERBS = ("fire", "attack")


def close(state: State, role: Role, rule: str, why: Text) -> None:
    """``role`` may not fire at the hex just entered (or at this Advance), ``why``, by ``rule``."""
    forget(state)
    flow.close(state, Step(t("chance of opportunity fire"), rule), why, roles=[role], verbs=VERBS, scope=SCOPE)


def forget(state: State) -> None:
    """A new hex entered, or the order over: what was closed before is old news."""
    flow.forget_closed(state, scope=SCOPE)


def attack_made(state: State, role: Role, label: str) -> None:
    """A33.3: the opportunity fire attack at ``label`` has been made."""
    close(state, role, "A33.3", t("one Fire attack per expenditure of MP, already made at {hex}; fire again when a unit enters another hex", hex=label))


def trench_step(state: State, role: Role) -> None:
    """F105.2: a step from a Trench into an adjacent Trench, Bunker or Pillbox (or the reverse)."""
    close(state, role, "F105.2", t("a step from a Trench into an adjacent Trench, Bunker or Pillbox draws no opportunity fire"))


def advance(state: State, role: Role) -> None:
    """O16.1: the opponent may not use opportunity fire against an Advance."""
    close(state, role, "O16.1", t("an Advance draws no opportunity fire; fire at a unit that Moves into a hex"))
