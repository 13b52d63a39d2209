"""Looking up one geographic point in every data set: water, elevation, land cover."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.mapgen.rasters import ColourImage, LandSeaMask, data_dir
from bot.mapgen.relief import ReliefDecoder
from bot.mapgen.sampling import PointSample

Rgb = tuple[int, int, int]


def cover_tests(cover: Mapping[str, Any]) -> tuple[Callable[[Rgb], bool], Callable[[Rgb], bool], Callable[[Rgb], bool]]:
    """Blue Marble pixel tests (forest, dry, snow) from the ``[cover]`` thresholds."""
    f, d, s = cover["forest"], cover["dry"], cover["snow"]

    def is_forest(c: Rgb) -> bool:
        return bool(c[0] <= f["max_red"] and c[1] <= f["max_green"] and c[1] >= f["min_green_over_red"] * c[0])

    def is_dry(c: Rgb) -> bool:
        return bool(c[0] >= d["min_red_over_green"] * c[1])

    def is_snow(c: Rgb) -> bool:
        return bool(sum(c) / 3 >= s["min_mean"] and max(c) - min(c) <= s["max_spread"])

    return is_forest, is_dry, is_snow


@dataclass
class Datasets:
    mask: LandSeaMask
    relief: ColourImage
    cover: ColourImage
    decoder: ReliefDecoder
    water_lakes: list[tuple[float, float, float, float]]

    @classmethod
    def load(cls, data: Mapping[str, Any], relief: Mapping[str, Any]) -> Datasets:
        folder = data_dir()
        shade = relief.get("shade", (0.45, 1.3))
        return cls(
            mask=LandSeaMask(folder / data["mask"], float(data["mask_minutes"])),
            relief=ColourImage(folder / data["relief"]),
            cover=ColourImage(folder / data["cover"]),
            decoder=ReliefDecoder(relief["ramp"], shade=(float(shade[0]), float(shade[1]))),
            water_lakes=[(float(b[0]), float(b[1]), float(b[2]), float(b[3])) for b in data.get("water_lakes", [])],
        )

    def is_water(self, lat: float, lon: float) -> bool:
        value = self.mask.value(lat, lon)
        if value == LandSeaMask.OCEAN:
            return True
        if value == LandSeaMask.LAKE:
            return any(s <= lat <= n and w <= lon <= e for s, w, n, e in self.water_lakes)
        return False

    def probe(self, lat: float, lon: float) -> PointSample:
        rgb = self.relief.rgb(lat, lon)
        return PointSample(lat, lon, self.is_water(lat, lon), self.decoder.elevation(rgb), rgb, self.cover.rgb(lat, lon))
