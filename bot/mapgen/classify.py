"""Terrain of one hex from its sampled figures: the first rule that matches wins.

    sea       at least ``sea_min_water`` of the hex is water (unless ``keep_land``)
    alpine    ``alpine_min_3000`` of the land at 3000 m+, or ``alpine_min_snow`` snow/ice/rock
    mountain  ``mountain_min_1500`` of the land at 1500 m+, or mean elevation ``mountain_min_mean``+
    forest    ``forest_min`` of the land under dark canopy
    rough     mean elevation ``rough_min_mean``+, or ``rough_min_1000`` of the land at 1000 m+
    desert    ``desert_min_dry`` dry cover, east of ``desert_min_lon`` and north of ``desert_min_lat``
    open      everything else

Swamps, seasonal swamps and other hand-placed areas come afterwards (``[[areas]]``).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.mapgen.sampling import HexStats

THRESHOLDS = (1000, 1500, 3000)


def classify(stats: HexStats, lat: float, lon: float, rules: Mapping[str, float], keep_land: bool = False) -> str:
    if not keep_land and stats.water >= rules["sea_min_water"]:
        return "sea"
    if stats.above[3000] >= rules["alpine_min_3000"] or stats.snow >= rules["alpine_min_snow"]:
        return "alpine"
    if stats.above[1500] >= rules["mountain_min_1500"] or stats.mean_elevation >= rules["mountain_min_mean"]:
        return "mountain"
    if stats.forest >= rules["forest_min"]:
        return "forest"
    if stats.mean_elevation >= rules["rough_min_mean"] or stats.above[1000] >= rules["rough_min_1000"]:
        return "rough"
    if stats.dry >= rules["desert_min_dry"] and lon >= rules["desert_min_lon"] and lat >= rules["desert_min_lat"]:
        return "desert"
    return "open"
