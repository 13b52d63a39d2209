"""Known pictures look as they did when approved: the tiny map, and an action crop of a
generated map with a full set of counters, markers and arrows.

Regenerate the golden images (after looking at them!) with ADJUTANT_REGOLDEN=1.
"""

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from engine.mapview import map_view
from render.images import render_view
from render.synthetic import synthetic_units
from tests.render.fakes import FakeGame, medium_map, sample_view

GOLDEN = Path(__file__).parent / "golden"
MEAN_TOLERANCE = 1.5      # mean absolute difference per channel, 0..255
CHANGED_TOLERANCE = 0.01  # share of pixels that differ by more than 48 in some channel


def _tiny():
    return FakeGame(), sample_view(), True


def _synthetic_action():
    board = medium_map()
    units = synthetic_units(board, 80, seed=5)
    start = units[0]["hex"]
    path = [start]
    for direction in (1, 1, 2):
        nxt = board.grid.neighbour(path[-1], direction)
        if nxt:
            path.append(nxt)
    target = board.grid.neighbour(path[-1], 1) or board.grid.neighbour(path[-1], 4)
    units[0]["hex"] = path[-1]
    units[1].update(hex=target, markers=["D"])
    view = {
        "units": units,
        "status": {"game": "Golden", "turn": 4, "phase": "Soviet combat"},
        "last": {"moves": [path], "attacks": [{"from": [path[-1]], "to": target, "result": "EX"}]},
    }
    return FakeGame(board=board), view, False


def _caucasus_action():
    """The Caucasus Campaign after set-up and one Axis move, as everyone sees it."""
    from engine import registry
    from engine.kernel import Match

    game = registry.get("caucasus")
    match = Match.new(game, "campaign", game.options, "golden")
    match.submit("axis", "ready")
    match.submit("soviet", "ready")
    move = next(a for a in match.prompt("axis").actions if a.verb == "move" and a.args[0] == "13pz")
    match.play("axis", move)
    return game, match.view("public"), False


@pytest.mark.parametrize(
    "name,case",
    [("tiny-full", _tiny), ("synthetic-action", _synthetic_action), ("caucasus-action", _caucasus_action)],
)
def test_matches_golden(name, case):
    """The rendering stays within a small tolerance of the golden PNG."""
    game, view, full = case()
    data = render_view(game, map_view(view), "axis", full)
    path = GOLDEN / f"{name}.png"
    if os.environ.get("ADJUTANT_REGOLDEN") == "1":
        path.write_bytes(data)
    assert path.exists(), f"missing {path}: run with ADJUTANT_REGOLDEN=1 and look at it"
    got = Image.open(io.BytesIO(data)).convert("RGB")
    want = Image.open(path).convert("RGB")
    assert got.size == want.size
    diff = ImageChops.difference(got, want)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    changed = diff.convert("L").point(lambda v: 255 if v > 48 else 0).histogram()[255] / (got.width * got.height)
    assert mean <= MEAN_TOLERANCE and changed <= CHANGED_TOLERANCE, (mean, changed)
