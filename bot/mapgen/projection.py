"""Lambert conformal conic projection on a sphere: latitude/longitude <-> kilometres.

Pure arithmetic, no dependencies, so the grid placement can be tested without the map data.
``y`` grows northward; the central meridian ``lon_0`` is vertical (it is "grid north").
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Lcc:
    """A spherical Lambert conformal conic projection with two standard parallels."""

    lat_1: float
    lat_2: float
    lon_0: float
    lat_0: float
    radius_km: float = 6371.0

    @property
    def _n(self) -> float:
        p1, p2 = math.radians(self.lat_1), math.radians(self.lat_2)
        if abs(p1 - p2) < 1e-9:
            return math.sin(p1)
        return float(math.log(math.cos(p1) / math.cos(p2)) / math.log(
            math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)
        ))

    @property
    def _f(self) -> float:
        p1 = math.radians(self.lat_1)
        n = self._n
        return float(math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n)

    def _rho(self, lat: float) -> float:
        return float(self.radius_km * self._f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** self._n)

    def forward(self, lat: float, lon: float) -> tuple[float, float]:
        """Kilometres east and north of (``lat_0``, ``lon_0``)."""
        n = self._n
        rho = self._rho(lat)
        theta = n * math.radians(lon - self.lon_0)
        return rho * math.sin(theta), self._rho(self.lat_0) - rho * math.cos(theta)

    def inverse(self, x: float, y: float) -> tuple[float, float]:
        """Latitude and longitude of the point ``x`` km east and ``y`` km north of the origin."""
        n = self._n
        rho0 = self._rho(self.lat_0)
        rho = math.copysign(math.hypot(x, rho0 - y), n)
        theta = math.atan2(x, rho0 - y)
        lat = 2 * math.atan((self.radius_km * self._f / rho) ** (1 / n)) - math.pi / 2
        return math.degrees(lat), self.lon_0 + math.degrees(theta / n)
