"""The map layer: the terrain SVG rasterised once per (map, scale) and cached.

The raster is kept in memory and on disk (``$ADJUTANT_CACHE`` or ``~/.cache/adjutant``), keyed
by a SHA-256 of the map data, the style's map tables, the scale and ``RENDERER_VERSION``: a new
map, style or renderer makes a new key, so stale files are never read.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import threading
from collections.abc import Mapping
from pathlib import Path

import cairosvg  # type: ignore[import-untyped]
from PIL import Image

from engine.hexgrid import Label
from engine.mapdata import MapData
from render.drawn import forget
from render.geometry import Layout
from render.style import Style
from render.terrain_svg import terrain_svg

RENDERER_VERSION = "3"  # 3: cities of other place kinds, VP stars

_memory: dict[str, Image.Image] = {}
_digests: dict[int, tuple[MapData, str]] = {}


def cache_dir() -> Path:
    return Path(os.environ.get("ADJUTANT_CACHE") or Path.home() / ".cache" / "adjutant")


def map_digest(board: MapData) -> str:
    """SHA-256 of everything drawn from ``board`` (memoised per map object)."""
    hit = _digests.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    blob = json.dumps(
        {
            "name": board.name,
            "grid": repr(board.grid),
            "terrain": sorted(board.terrain.items()),
            "sides": sorted((list(k), sorted(v)) for k, v in board.sides.items()),
            "lines": {
                kind: sorted((list(k), sorted(v)) for k, v in edges.items())
                for kind, edges in sorted(board.lines.items())
            },
            "places": sorted((p.hex, p.name, p.kind, sorted(p.attrs.items())) for p in board.places.values()),
            "levels": sorted(board.levels.items()),
            **({"features": sorted((k, sorted(v)) for k, v in board.features.items())} if board.features else {}),
        },
        sort_keys=True,
    )
    digest = hashlib.sha256(blob.encode()).hexdigest()
    _digests[id(board)] = (board, digest)
    return digest


def layer_key(board: MapData, style: Style, size: float, names: Mapping[Label, str] | None = None) -> str:
    """The layer's cache key; the place names drawn are part of it where they are not the data's
    own (a reader's language: "villaggio 1313" is another raster than "village 1313")."""
    parts = f"{map_digest(board)}|{style.digest()}|{size:.3f}|{RENDERER_VERSION}"
    drawn = _renamed(board, names)
    if drawn:
        parts += "|" + json.dumps(drawn, sort_keys=True)
    return hashlib.sha256(parts.encode()).hexdigest()


def _renamed(board: MapData, names: Mapping[Label, str] | None) -> dict[str, str]:
    if not names:
        return {}
    return {str(k): v for k, v in names.items() if k in board.places and board.places[k].name != v}


def rasterise(svg: str) -> Image.Image:
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    with Image.open(io.BytesIO(png)) as im:
        return im.convert("RGB")


def terrain_layer(board: MapData, style: Style, size: float, names: Mapping[Label, str] | None = None) -> Image.Image:
    """The rasterised map at hex radius ``size``, its places named by ``names`` (the reader's
    language; ``None``: the data's names): from memory, else disk, else cairosvg."""
    key = layer_key(board, style, size, names)
    image = _memory.get(key)
    if image is not None:
        return image
    path = cache_dir() / f"terrain-{key}.png"
    image = _load(path)
    if image is None:
        image = rasterise(terrain_svg(board, Layout.of(board.grid, size), style, names))
        _save(image, path)
    _memory[key] = image
    return image


def _load(path: Path) -> Image.Image | None:
    try:
        with Image.open(path) as im:
            return im.convert("RGB")
    except (OSError, ValueError):
        return None


def _save(image: Image.Image, path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}-{threading.get_ident()}.tmp")  # two drawing threads may save one layer
        image.save(tmp, format="PNG", compress_level=1)
        tmp.replace(path)
    except OSError:
        pass  # a read-only or full disk only costs a re-render next time


def clear_memory() -> None:
    """Forget the in-memory rasters (the disk cache stays), and the pictures drawn on them."""
    _memory.clear()
    forget()
