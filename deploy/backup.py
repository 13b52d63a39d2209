"""Online backup of Adjutant's SQLite database, safe while the bot runs.

    python3 deploy/backup.py data/adjutant.db backups/ [--keep 14]

Uses SQLite's online backup API (``sqlite3.Connection.backup``), which copies a consistent
snapshot even while the bot writes (WAL mode), checks the copy with ``PRAGMA integrity_check``
and keeps the newest ``--keep`` backups. Standard library only: it runs with any Python 3.
The equivalent one-liner with the sqlite3 tool is ``sqlite3 data/adjutant.db ".backup b.db"``.
Never copy the .db file with cp while the bot runs: the -wal file holds recent commits.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from datetime import UTC, datetime
from pathlib import Path


def backup(database: Path, folder: Path, keep: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = folder / f"{database.stem}-{stamp}.db"
    partial = target.with_suffix(".db.partial")
    source = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy, pages=1024)
            status = copy.execute("PRAGMA integrity_check").fetchone()
            if status is None or status[0] != "ok":
                raise RuntimeError(f"integrity check of the copy failed: {status}")
            copy.execute("PRAGMA journal_mode=DELETE")
        finally:
            copy.close()
    finally:
        source.close()
    partial.rename(target)
    old = sorted(folder.glob(f"{database.stem}-*.db"))[:-keep] if keep > 0 else []
    for path in old:
        path.unlink()
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Online backup of Adjutant's SQLite database.")
    parser.add_argument("database", type=Path, help="the live database, e.g. data/adjutant.db")
    parser.add_argument("folder", type=Path, help="where the backups go")
    parser.add_argument("--keep", type=int, default=14, help="how many backups to keep (default 14)")
    args = parser.parse_args(argv)
    if not args.database.exists():
        print(f"backup: no database at {args.database}", file=sys.stderr)
        return 2
    print(backup(args.database, args.folder, args.keep))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
