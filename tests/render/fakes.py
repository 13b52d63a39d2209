"""A tiny hand-written map, a fake game holding it and fake views, for the renderer's tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.mapdata import MapData, load_map
from engine.mapview import map_view
from engine.observation import Observation
from engine.text import Text
from render.synthetic import synthetic_map

TEXTS = {
    "map.toml": """# SOURCE: hand-written test map
name = "Tiny test map"
[grid]
cols = 8
rows = 6
[terrain_codes]
"." = "open"
"f" = "forest"
"m" = "mountain"
"A" = "alpine"
"s" = "swamp"
"~" = "sea"
"r" = "rough"
"d" = "desert"
""",
    "terrain.txt": """# SOURCE: hand-written test map
01 ~~..ffmA
02 ~...fmmA
03 ~.s..rmm
04 ~~s...r.
05 ~~...dd.
06 ~~~..dd.
""",
    "hexsides.txt": """# SOURCE: hand-written test map
0301 0302 minor_river
0302 0402 minor_river
0403 0404 major_river
0404 0504 major_river
0701 0801 alpine
0702 0802 alpine pass
0201 0301 sea
""",
    "lines.txt": """# SOURCE: hand-written test map
road 0302 0402 0503 0603 0703
rail 0304 0404 0504 0604 0704 0804
""",
    "places.txt": """# SOURCE: hand-written test map
0302 | Northtown | town | vp=1
0404 | Rivergrad | major_city | vp=3
0604 | Millford | minor_city
0503 | Hamlet | village
0806 | E | entry | entry=E side=soviet
0301 | Port Azov | town | entry=J side=axis port=minor
""",
}


def tiny_map() -> MapData:
    return load_map(TEXTS)


@cache
def medium_map() -> MapData:
    """A generated 30x22 map: bigger than an action image's window."""
    return synthetic_map(30, 22, seed=5)


def unit(uid: str, hex: str | None, side: str = "axis", **extra: Any) -> dict[str, Any]:
    base = {
        "id": uid,
        "name": uid.upper(),
        "side": side,
        "nationality": "wehrmacht" if side == "axis" else "soviet",
        "type": "INF",
        "size": "XX",
        "values": "5-7-3",
        "step": 0,
        "markers": [],
        "hex": hex,
    }
    base.update(extra)
    return base


def sample_view() -> dict[str, Any]:
    return {
        "units": [
            unit("13pz", "0503", type="PANZER", values="10*-8-6", markers=["AS"]),
            unit("97j", "0503", type="JAGER", step=1, values="3-4-3"),
            unit("ss5", "0403", nationality="ss", type="PZGREN", values="8-9-6"),
            unit("1gd", "0604", side="soviet", nationality="soviet_guards", values="6-8-4", markers=["D", "OOS"]),
            unit("nk", "0605", side="soviet", nationality="nkvd", type="NKVD", size="XX", values="2-4-3"),
            unit("tr", "0704", side="soviet", type="ARMORED_TRAIN", size="II", values="2-2-12"),
            unit("hq", "0202", nationality="wehrmacht", type="HQ", size="XXXX", values="0-(2)-6"),
            unit("mtn", "0602", side="soviet", type="MOUNTAIN", values="4-6-3", step=2),
            unit("off", None),
        ],
        "status": {"game": "Tiny test", "turn": 3, "phase": "Axis impulse 2", "weather": "Mud", "VP": "Axis 4"},
        "last": {
            "moves": [["0302", "0402", "0503"]],
            "attacks": [{"from": ["0503"], "to": "0604", "result": "DR"}],
            "retreats": [["0604", "0705"]],
        },
    }


@dataclass
class FakeGame:
    name: str = "caucasus"
    board: MapData | None = field(default_factory=tiny_map)
    views: dict[str, dict[str, Any]] = field(default_factory=dict)

    def view(self, state: Any, role: str) -> dict[str, Any]:
        return self.views.get(role) or sample_view()


@dataclass
class FakeMatch:
    game: FakeGame
    state: dict[str, Any] = field(default_factory=dict)

    def view(self, role: str) -> dict[str, Any]:
        return self.game.view(self.state, role)

    def observe(self, role: str) -> Observation:
        view = self.view(role)
        return Observation(role, map_view(view), Text("status"), None, view)
