"""Sampling the data sets inside each hex: the raw numbers terrain classification works from.

Each hex is covered by a lattice of points (``step_km`` apart, in grid kilometres); every point
is looked up in the land/sea mask, the ETOPO colour relief and the Blue Marble image.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from bot.mapgen.placement import SQRT3, Placement
from engine.hexgrid import Label

Rgb = tuple[int, int, int]


@dataclass(frozen=True)
class PointSample:
    lat: float
    lon: float
    water: bool  # sea, or a lake that counts as sea (the Caspian)
    elevation: float  # metres, decoded from the colour relief
    relief_rgb: Rgb
    cover_rgb: Rgb  # Blue Marble colour: vegetation, bare rock, snow


@dataclass(frozen=True)
class HexStats:
    """Per-hex figures: fractions are of all points; elevation figures are over land points."""

    points: int
    water: float
    mean_elevation: float
    above: dict[int, float]  # threshold (m) -> fraction of land points at or above it
    forest: float
    dry: float
    snow: float

    @property
    def land(self) -> float:
        return 1.0 - self.water


def hex_offsets(size: float, step_km: float) -> list[tuple[float, float]]:
    """Lattice offsets (grid km) inside a flat-top hexagon of corner radius ``size``."""
    half_h = size * SQRT3 / 2
    n = math.ceil(size / step_km)
    out = []
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            x, y = i * step_km, j * step_km
            if abs(y) <= half_h and SQRT3 * abs(x) + abs(y) <= SQRT3 * size:
                out.append((x, y))
    return out


def sample_hex(placement: Placement, label: Label, offsets: list[tuple[float, float]], probe: Callable[[float, float], PointSample]) -> Iterator[PointSample]:
    cx, cy = placement.centre(label)
    for dx, dy in offsets:
        lat, lon = placement.to_latlon(cx + dx, cy + dy)
        yield probe(lat, lon)


def summarise(samples: list[PointSample], thresholds: list[int], is_forest: Callable[[Rgb], bool], is_dry: Callable[[Rgb], bool], is_snow: Callable[[Rgb], bool]) -> HexStats:
    n = len(samples)
    land = [s for s in samples if not s.water]
    m = len(land) or 1
    return HexStats(
        points=n,
        water=(n - len(land)) / n if n else 1.0,
        mean_elevation=sum(s.elevation for s in land) / m,
        above={t: sum(1 for s in land if s.elevation >= t) / m for t in thresholds},
        forest=sum(1 for s in land if is_forest(s.cover_rgb)) / m,
        dry=sum(1 for s in land if is_dry(s.cover_rgb)) / m,
        snow=sum(1 for s in land if is_snow(s.cover_rgb)) / m,
    )
