"""Reading an elevation back from a hill-shaded colour-relief pixel.

The ETOPO1 image colours elevation with a ramp (dark green at sea level, light green, cream,
tan, ochre, dark brown on the highest peaks) and darkens or lightens it with hill shading. A
pixel is matched against the ramp allowing for a brightness factor; the elevation of the best
match is returned. Pure Python; the ramp comes from the source folder.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

Rgb = tuple[int, int, int]
RampEntry = tuple[float, float, float, float]  # elevation (m), r, g, b


class ReliefDecoder:
    """Elevation from an ETOPO-style hill-shaded colour, given the colour ramp."""

    def __init__(self, ramp: Sequence[Sequence[float]], steps: int = 8, shade: tuple[float, float] = (0.45, 1.3)) -> None:
        entries = sorted((float(e[0]), float(e[1]), float(e[2]), float(e[3])) for e in ramp)
        if len(entries) < 2:
            raise ValueError("the relief ramp needs at least two entries")
        self.shade = shade
        self.candidates: list[RampEntry] = []
        for a, b in zip(entries, entries[1:], strict=False):
            for k in range(steps):
                t = k / steps
                self.candidates.append(tuple(a[i] + (b[i] - a[i]) * t for i in range(4)))  # type: ignore[arg-type]
        self.candidates.append(entries[-1])
        self._cached = lru_cache(maxsize=65536)(self._decode)

    def elevation(self, rgb: Rgb) -> float:
        # Quantise to 4 levels per step of 4: JPEG noise is larger than that anyway.
        return self._cached((rgb[0] >> 2, rgb[1] >> 2, rgb[2] >> 2))

    def _decode(self, q: Rgb) -> float:
        r, g, b = (q[0] << 2) + 2, (q[1] << 2) + 2, (q[2] << 2) + 2
        lo, hi = self.shade
        best = (float("inf"), 0.0)
        for elev, cr, cg, cb in self.candidates:
            norm = cr * cr + cg * cg + cb * cb
            k = (r * cr + g * cg + b * cb) / norm if norm else 1.0
            k = min(hi, max(lo, k))
            err = (r - k * cr) ** 2 + (g - k * cg) ** 2 + (b - k * cb) ** 2
            if err < best[0]:
                best = (err, elev)
        return best[1]
