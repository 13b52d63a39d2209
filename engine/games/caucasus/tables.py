"""The Caucasus Campaign's printed combat tables: the CRT, the Determined Defence table and the
meaning of every combat result (8.3, 8.4, 10.1, 10.4), as data.

Both tables are transcribed from the rulebook's charts (the Italian rulebook wins over the
implementation digest; the two agree cell by cell). Column indices of the CRT run from 0
(1-2) to 9 (9-1); ``engine.combat.OddsColumns`` continues them below (1-3 = -1 ...) and above
(10-1 = 10 ...) so that shifts can be applied before the limits of 8.4.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from engine.combat import OddsColumns, Table

# CRT -------------------------------------------------------------------------------------------
ODDS = OddsColumns(((1, 2), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1), (9, 1)))
COLUMNS: tuple[str, ...] = tuple(ODDS.label(i) for i in range(len(ODDS.columns)))
LOWEST, HIGHEST = 0, len(COLUMNS) - 1  # 1-2 and 9-1 (8.4)

A1, A1_DR, EX, DR, A1_D1, D1, A1_D2, D1_B = "A1", "A1/DR", "EX", "DR", "A1/D1", "D1", "A1/D2", "D1-B"
AE = "AE"  # Automatic Elimination: 10-1 or more after shifts, no die roll (8.4, 8.5)

CRT = Table.from_rows(
    COLUMNS,
    {
        1: [A1, A1, A1, A1_DR, EX, DR, DR, A1_D1, D1, D1],
        2: [A1, A1, A1_DR, EX, DR, DR, A1_D1, D1, D1, A1_D2],
        3: [A1, A1_DR, EX, DR, DR, A1_D1, D1, D1, A1_D2, D1_B],
        4: [A1_DR, EX, DR, DR, A1_D1, D1, D1, A1_D2, D1_B, D1_B],
        5: [EX, DR, DR, A1_D1, D1, D1, A1_D2, D1_B, D1_B, D1_B],
        6: [DR, DR, A1_D1, D1, D1, A1_D2, D1_B, D1_B, D1_B, D1_B],
    },
)


def crt(index: int, die: int) -> str:
    """The CRT result on column ``index`` (0 = 1-2 ... 9-1) for a roll of ``die`` (1-6)."""
    if not LOWEST <= index <= HIGHEST:
        raise ValueError(f"CRT column index {index} is off the table (0..9)")
    if not 1 <= die <= 6:
        raise ValueError(f"a CRT roll is one d6, not {die}")
    return CRT.lookup(die, COLUMNS[index])


# Result definitions (10.1) -----------------------------------------------------------------------
Advance = Literal["always", "if_retreat", "ex", "none"]
Chooser = Literal["owner", "opponent"]


@dataclass(frozen=True)
class ResultSpec:
    """What a combat result does (10.1).

    ``attacker_steps`` / ``defender_steps``: steps lost (``defender_steps`` is ignored when
    ``eliminate_defenders``). ``retreat``: hexes the surviving defenders retreat (0, 2 or 4).
    ``dd_allowed``: Determined Defence may cancel the retreat (10.4). ``disorganize``: retreaters
    become Disorganized (11.5). ``advance``: ``always`` (the attacker may advance), ``if_retreat``
    (only if the defender retreats or is wiped out, 11.3), ``ex`` (no normal advance; if the
    defender had one step involved, the attacker may enter the vacated hex and stop), ``none``.
    ``chooser``: who picks which unit takes each loss (10.2).
    """

    code: str
    attacker_steps: int
    defender_steps: int
    retreat: int
    dd_allowed: bool
    disorganize: bool
    advance: Advance
    chooser: Chooser = "owner"
    eliminate_defenders: bool = False


RESULTS: Mapping[str, ResultSpec] = {
    D1_B: ResultSpec(D1_B, 0, 1, 4, False, True, "always"),
    A1_D2: ResultSpec(A1_D2, 1, 2, 4, False, True, "always"),
    D1: ResultSpec(D1, 0, 1, 2, True, False, "if_retreat"),
    DR: ResultSpec(DR, 0, 0, 2, True, False, "if_retreat"),
    A1_D1: ResultSpec(A1_D1, 1, 1, 2, True, False, "if_retreat", chooser="opponent"),
    EX: ResultSpec(EX, 1, 1, 0, False, False, "ex", chooser="opponent"),
    A1_DR: ResultSpec(A1_DR, 1, 0, 2, True, False, "if_retreat"),
    A1: ResultSpec(A1, 1, 0, 0, False, False, "none"),
    AE: ResultSpec(AE, 0, 0, 0, False, False, "always", eliminate_defenders=True),
}


def attacker_steps(result: str, defender_steps_available: int) -> int:
    """Steps the attacker loses: A1/D2 costs nothing if the defender had only one step (10.1)."""
    spec = RESULTS[result]
    if result == A1_D2 and defender_steps_available <= 1:
        return 0
    return spec.attacker_steps


AdvanceKind = Literal["full", "enter_and_stop", "none"]


def advance_after(
    result: str,
    *,
    retreated: bool,
    wiped_out: bool,
    dd: Literal["none", "success", "failed"] = "none",
    wiped_out_in_dd: bool = False,
    defender_steps_involved: int = 2,
) -> AdvanceKind:
    """The advance the attacker gets after ``result`` (10.1, 10.4, 11.3, 8.5).

    ``retreated``: some defender retreated (even one hex, 11.3); ``wiped_out``: every defender
    is gone; ``wiped_out_in_dd``: the last defending step was lost on the DD table (10.4);
    ``defender_steps_involved``: steps the defenders had in the combat (for EX, 10.1).
    """
    spec = RESULTS[result]
    if spec.advance == "always":
        return "full"
    if spec.advance == "none":
        return "none"
    if spec.advance == "ex":
        return "enter_and_stop" if wiped_out and defender_steps_involved <= 1 else "none"
    # if_retreat: D1, DR, A1/D1, A1/DR.
    if wiped_out_in_dd:
        return "enter_and_stop"  # 10.4: single-step defender lost in the DD: enter and stop.
    if dd == "success":
        return "none"  # 10.4: the retreat is cancelled, and with it the advance.
    if retreated or wiped_out:
        return "full"  # 11.3: a one-hex retreat or no survivors still gives a full advance.
    return "none"


# Determined Defence table (10.4) -----------------------------------------------------------------
DD_COLUMNS: tuple[str, ...] = ("desert", "open", "rough", "mountain_city")
# Cells as printed: "*" marks success, "-1" the lead unit loses a step, "1/1" the lead unit and
# the attacker each lose a step, "-" nothing happens (and the DD fails).
DD_TABLE = Table.from_rows(
    DD_COLUMNS,
    {
        1: ["-1", "-1", "-1", "-1"],
        2: ["-1", "-1", "-1", "-"],
        3: ["-1", "-1", "-", "-"],
        4: ["-1", "-", "-", "*-1"],
        5: ["-", "-", "*-1", "*-1"],
        6: ["-", "*-1", "*-1", "*1/1"],
        7: ["*-1", "*-1", "*1/1", "*1/1"],
        8: ["*-1", "*1/1", "*1/1", "*1/1"],
    },
)


@dataclass(frozen=True)
class DDEntry:
    """One DD cell: whether the retreat is cancelled, and who loses a step (10.4)."""

    success: bool
    lead_loss: bool
    attacker_loss: bool


def parse_dd(cell: str) -> DDEntry:
    """Parse a printed DD cell such as ``*-1``, ``*1/1``, ``-1`` or ``-``."""
    success = cell.startswith("*")
    body = cell.lstrip("*")
    if body == "1/1":
        return DDEntry(success, True, True)
    if body == "-1":
        return DDEntry(success, True, False)
    if body == "-":
        return DDEntry(success, False, False)
    raise ValueError(f"unknown Determined Defence cell {cell!r}")


DD: Mapping[tuple[int, str], DDEntry] = {key: parse_dd(cell) for key, cell in DD_TABLE.cells.items()}
DD_LOWEST, DD_HIGHEST = 1, 8

TQ_DRM = {"E": 1, "R": 0, "L": -1}


def dd_drm(lead_tq: str, support: int = 0) -> int:
    """DRM of a DD roll: +1 Elite lead unit, -1 Low, plus the support marker's +1/+2 (10.4)."""
    return TQ_DRM[lead_tq] + support


def dd_result(column: str, die: int, drm: int = 0) -> DDEntry:
    """The DD outcome for a natural ``die`` plus ``drm``, clamped to rows 1-8 (ruling 19)."""
    if column not in DD_COLUMNS:
        raise ValueError(f"unknown Determined Defence column {column!r}")
    row = max(DD_LOWEST, min(DD_HIGHEST, die + drm))
    return DD[(row, column)]
