"""A picture of the generated map for a person to check: hexes coloured by terrain, hexside
features, roads and railways, places, entries; the real coastline and rivers drawn thin on top."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from bot.mapgen.model import MapModel
from bot.mapgen.placement import Placement

COLOURS = {
    "sea": (150, 190, 235),
    "lake": (120, 170, 230),
    "offmap": (200, 200, 200),
    "open": (236, 232, 196),
    "clear": (236, 232, 196),
    "desert": (232, 208, 150),
    "rough": (200, 180, 130),
    "swamp": (120, 170, 150),
    "seasonal_swamp": (175, 205, 170),
    "forest": (90, 150, 80),
    "mountain": (150, 110, 80),
    "alpine": (245, 245, 250),
}
SIDE_STYLE = {
    "major_river": ((20, 60, 200), 5),
    "minor_river": ((60, 120, 230), 3),
    "river": ((60, 120, 230), 3),
    "volga_dashed": ((255, 255, 255), 2),
    "kerch": ((230, 30, 30), 7),
    "lake": ((40, 100, 160), 5),
    "sea": ((0, 200, 230), 6),
    "alpine": ((60, 30, 10), 5),
    "pass": ((230, 30, 30), 7),
}


def _font(size: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # pragma: no cover - very old Pillow
        return ImageFont.load_default()


def draw_preview(
    model: MapModel,
    placement: Placement,
    path: str,
    size: float = 18.0,
    coast: Sequence[Sequence[tuple[float, float]]] = (),
    rivers: Sequence[Sequence[tuple[float, float]]] = (),
) -> None:
    grid = model.grid
    scale = size / placement.size
    x0, y0 = placement.centre_of(grid.first_col, grid.first_row)
    margin = size * 1.2

    def px(x: float, y: float) -> tuple[float, float]:
        return (x - x0) * scale + margin, (y - y0) * scale + margin

    width = int(size * 1.5 * (grid.cols - 1) + 2 * margin)
    height = int(size * 1.7320508 * (grid.rows + 0.5) + 2 * margin)
    image = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    small, big = _font(max(7, int(size * 0.42))), _font(max(9, int(size * 0.62)))

    for label in grid.labels():
        corners = [px(x, y) for x, y in placement.corners(label)]
        draw.polygon(corners, fill=COLOURS.get(model.terrain[label], (255, 0, 255)), outline=(170, 170, 170))
        cx, cy = px(*placement.centre(label))
        draw.text((cx, cy + size * 0.45), label, fill=(110, 110, 110), font=small, anchor="mm")

    for polyline, colour, width_px in [(c, (0, 90, 160), 1) for c in coast] + [(r, (90, 160, 255), 1) for r in rivers]:
        pts = [px(*placement.to_xy(lat, lon)) for lat, lon in polyline]
        if len(pts) > 1:
            draw.line(pts, fill=colour, width=width_px)

    for (a, b), feats in sorted(model.sides.items()):
        ca, cb = placement.centre(a), placement.centre(b)
        mx, my = (ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2
        dx, dy = cb[0] - ca[0], cb[1] - ca[1]
        half = placement.size / 2
        norm = (dx * dx + dy * dy) ** 0.5
        ex, ey = -dy / norm * half, dx / norm * half
        for feat in sorted(feats, key=lambda f: list(SIDE_STYLE).index(f) if f in SIDE_STYLE else 99):
            colour, w = SIDE_STYLE.get(feat, ((255, 0, 255), 3))
            draw.line([px(mx - ex, my - ey), px(mx + ex, my + ey)], fill=colour, width=w)

    for line in model.lines:
        pts = [px(*placement.centre(h)) for h in line.hexes]
        if line.kind == "rail":
            colour = (200, 0, 120) if line.flags else (0, 0, 0)
            draw.line(pts, fill=colour, width=3)
        else:
            draw.line(pts, fill=(200, 90, 0), width=2)

    for label, place in sorted(model.places.items()):
        cx, cy = px(*placement.centre(label))
        r = {"major_city": 6, "minor_city": 5, "fortress_city": 6, "city": 5, "town": 4, "village": 2, "entry": 0}.get(place.kind, 3) * size / 18
        if r:
            draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(200, 0, 0) if place.kind.endswith("city") else (0, 0, 0))
        text = place.name if place.kind != "entry" else ""
        if "entry" in place.attrs:
            text = f"[{place.attrs['entry']}] " + text
        if "vp" in place.attrs:
            text += f" {place.attrs['vp']}vp"
        if place.attrs.get("oil") == "1":
            text += " oil"
        draw.text((cx, cy - size * 0.5), text.strip(), fill=(0, 0, 0), font=big, anchor="mm")

    for zone, hexes in model.zones.items():
        if zone.startswith("army"):
            for label in hexes:
                cx, cy = px(*placement.centre(label))
                draw.text((cx - size * 0.5, cy), zone[4:], fill=(160, 0, 0), font=small, anchor="mm")
    image.save(path)
