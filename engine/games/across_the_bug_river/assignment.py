"""The Assignment Segment (8.2): attachments of independents, detachments and isolated units (5.5).

Each side in turn, the German first, gets the ``assignment`` window: ``attach UNIT FORMATION``
changes one attachment, ``pass`` (the published default) keeps the rest as they are. Before it,
every isolated unit attached away at an earlier segment returns to the formation it came from when
it can trace a command path of any length to that formation's HQ (5.5.1).

What may be attached (the unit never disorganised; RULINGS A1-A3):
- an independent (``ind-CORPS``) to a formation of its own corps, within that HQ's command range,
  and, when it is attached already, within its current HQ's range too (5.5.2);
- a detachment of the 5.5.1 table (read as exhaustive, at most that many away at once), within
  command range of both HQs; ``attach UNIT`` naming its own formation brings it back;
- an isolated unit, temporarily, to another formation within whose command range it is (5.5.1).

Attachments are secret (5.5.2): what changed is told only to the owner.
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.errors import IllegalOrder
from engine.flow import Frame, Procedure, Step
from engine.game import Action, Context, Prompt, Role, State
from engine.games.across_the_bug_river import board
from engine.games.across_the_bug_river.data import Rules
from engine.games.across_the_bug_river.phases import rules_of
from engine.hexgrid import Label
from engine.text import t

#: 5.5.1's detachments: (from, kind, at most, to).
DETACHMENTS = (
    ("14pz", "afv", 2, ("44id", "298id")),
    ("44id", "infantry", 1, ("14pz",)),
    ("298id", "infantry", 1, ("14pz",)),
    ("41td", "afv", 2, ("87rd", "215md")),
    ("215md", "infantry", 1, ("41td",)),
    ("1atb", "at", 2, ("135rd",)),
    ("19td", "afv", 2, ("135rd",)),
)


def in_range(rules: Rules, state: State, uid: str, fid: str, ezoc: set[Label] | None = None) -> bool:
    hq = state["units"].get(rules.formations[fid].hq) if fid in rules.formations else None
    u = state["units"][uid]
    if hq is None or hq["hex"] is None or u["hex"] is None:
        return False
    length = board.path_length(rules, state, u["hex"], [hq["hex"]], u["side"], terrain_blocks=False, ezoc=ezoc)
    return length is not None and length <= rules.formations[fid].range


def kind_of(rules: Rules, uid: str) -> str:
    printed = rules.units[uid]
    if printed.combat == "afv":
        return "afv"
    return "at" if printed.type == "at" else "infantry"


def refusal(rules: Rules, state: State, side: str, uid: str, fid: str, ezoc: set[Label] | None = None) -> IllegalOrder | None:
    """Why ``uid`` may not be attached to ``fid`` now (5.5), or ``None`` (``ezoc``: the ZOC of
    ``side``'s enemy, when the caller asks many of these of one state)."""
    u = state["units"].get(uid)
    if u is None or u["side"] != side or u["kind"] != "unit" or u["hex"] is None:
        return IllegalOrder(t("{unit} is not one of your combat units on the map.", unit=uid), "8.2")
    if fid not in rules.formations or rules.formations[fid].side != side or fid not in state["formations"]:
        return IllegalOrder(t("{formation} is not one of your formations in play.", formation=fid), "8.2")
    if board.acting_formation(u) == fid:
        return IllegalOrder(t("{unit} already belongs to {formation}.", unit=uid, formation=fid), "8.2")
    if u["disorganized"]:
        return IllegalOrder(t("A disorganised unit is not attached."), "5.5.2")
    own = rules.units[uid].formation
    current = board.acting_formation(u)
    if board.command(rules, state, uid, ezoc) == "isolated" and in_range(rules, state, uid, fid, ezoc):
        return None  # 5.5.1: an isolated unit may join any formation whose command range reaches it
    if own.startswith("ind-"):
        if rules.formations[fid].corps != own.removeprefix("ind-"):
            return IllegalOrder(t("An independent attaches only to a formation of its own corps."), "5.5.2")
        if not in_range(rules, state, uid, fid, ezoc) or (current != own and not in_range(rules, state, uid, current, ezoc)):
            return IllegalOrder(t("{unit} must be within command range of the new HQ (and of its present one).", unit=uid), "5.5.2")
        return None
    if fid == own:
        if not in_range(rules, state, uid, own, ezoc):
            return IllegalOrder(t("{unit} must be within command range of its own HQ to return.", unit=uid), "5.5.1")
        return None
    rows = [r for r in DETACHMENTS if r[0] == own and r[1] == kind_of(rules, uid) and fid in r[3]]
    if not rows:
        return IllegalOrder(t("{formation} may not receive {unit}: only the detachments of 5.5.1 are allowed.", formation=fid, unit=uid), "5.5.1")
    away = [x for x, v in state["units"].items() if x != uid and rules.units.get(x) is not None and rules.units[x].formation == own
            and v.get("assigned") not in (None, own) and kind_of(rules, x) == rows[0][1] and x not in state.get("temporary", {})]
    if len(away) >= rows[0][2]:
        return IllegalOrder(t("At most {n} such units of {formation} are detached at once.", n=rows[0][2], formation=own), "5.5.1")
    if not in_range(rules, state, uid, fid, ezoc) or not in_range(rules, state, uid, current, ezoc):
        return IllegalOrder(t("{unit} must be within command range of both HQs.", unit=uid), "5.5.1")
    return None


def begin(game: Any, state: State, cut: list[str], ctx: Context) -> None:
    """The Assignment Segment: isolated units come home where they can, then each side's window."""
    rules = rules_of(game)
    temporary = state.setdefault("temporary", {})
    for uid in sorted(temporary):
        u = state["units"][uid]
        home = temporary[uid] or rules.units[uid].formation
        hq = state["units"].get(rules.formations[home].hq) if home in rules.formations else None
        if u["hex"] is None:
            del temporary[uid]
        elif hq is not None and hq["hex"] is not None and board.path_length(rules, state, u["hex"], [hq["hex"]], u["side"], terrain_blocks=False) is not None:
            u["assigned"] = temporary.pop(uid)
            ctx.log(t("{unit} returns to {formation} (5.5.1).", unit=uid, formation=home), to=u["side"])
    open_window(game, state, "german", cut, ctx)


def open_window(game: Any, state: State, side: str, cut: list[str], ctx: Context) -> None:
    """A side's window (replacing the frame below), skipped as 'pass' when nothing may change."""
    frame = flow.goto(state, "assignment", side=side, cut=cut)
    if not Assignment().options(game, state, frame):
        Assignment().close(game, state, frame, ctx)


class Assignment(Procedure):
    """A side's Assignment Segment (8.2)."""

    name = "assignment"
    rule = "8.2"

    def step(self, game: Any, state: State, frame: Frame) -> Step:
        return Step(t("Assignment Segment"), "8.2")

    def active(self, game: Any, state: State, frame: Frame) -> frozenset[Role]:
        return frozenset({frame["side"]})

    def options(self, game: Any, state: State, frame: Frame) -> list[Action]:
        rules = rules_of(game)
        side = frame["side"]
        out: list[Action] = []
        ezoc = board.zoc(rules, state, board.other(side))  # one read of the state, many paths
        for uid in sorted(board.combat_units(state, side)):
            for fid in sorted(state["formations"]):
                if rules.formations[fid].side == side and board.acting_formation(state["units"][uid]) != fid and refusal(rules, state, side, uid, fid, ezoc) is None:
                    out.append(Action("attach", (uid, fid)))
        return out

    def prompt(self, game: Any, state: State, frame: Frame, role: Role) -> Prompt:
        return Prompt(role, t("Assignment Segment: 'attach UNIT FORMATION' to change an attachment, or 'pass' to keep them (8.2)."),
                      (Action("pass"), *self.options(game, state, frame)))

    def handle(self, game: Any, state: State, frame: Frame, role: Role, action: Action, ctx: Context) -> None:
        rules = rules_of(game)
        if action.verb == "pass":
            self.close(game, state, frame, ctx)
            return
        if action.verb != "attach" or len(action.args) != 2:
            raise flow.refuse(action, ("attach", "pass"), self.step(game, state, frame), t("Give 'attach UNIT FORMATION' or 'pass'."))
        uid, fid = action.args
        problem = refusal(rules, state, role, uid, fid)
        if problem is not None:
            raise problem
        u = state["units"][uid]
        if board.command(rules, state, uid) == "isolated" and uid not in state.setdefault("temporary", {}):
            state["temporary"][uid] = u.get("assigned")
        u["assigned"] = None if fid == rules.units[uid].formation else fid
        ctx.log(t("{unit} is attached to {formation} (8.2).", unit=uid, formation=fid), to=role)

    def close(self, game: Any, state: State, frame: Frame, ctx: Context) -> None:
        from engine.games.across_the_bug_river import replacements

        if frame["side"] == "german":
            open_window(game, state, "soviet", frame["cut"], ctx)
        else:
            replacements.begin(game, state, frame["cut"], ctx)
