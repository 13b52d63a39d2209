"""Counter-based deterministic randomness keyed by the campaign seed.

Draw ``n`` of a campaign is HMAC-SHA256(seed, n). The counter lives in the game state, so
replaying the same actions from the same seed reproduces every roll. The seed itself is never
part of any state or view; only its SHA-256 is published while the campaign runs.
"""

from __future__ import annotations

import hashlib
import hmac


def seed_commitment(seed: str) -> str:
    """The published fingerprint of a seed: hex SHA-256 of its UTF-8 bytes."""
    return hashlib.sha256(seed.encode()).hexdigest()


def draw(seed: str, counter: int) -> int:
    """The 256-bit unsigned integer for draw number ``counter``."""
    mac = hmac.new(seed.encode(), str(counter).encode(), hashlib.sha256).digest()
    return int.from_bytes(mac, "big")


def uniform(seed: str, counter: int, n: int) -> int:
    """An integer in ``range(n)`` from draw ``counter``, without modulo bias in practice.

    A 256-bit draw reduced modulo a small ``n`` has a bias below 2**-240: negligible, and it keeps
    exactly one draw per roll so the counter is easy to audit.
    """
    if n <= 0:
        raise ValueError("n must be positive")
    return draw(seed, counter) % n
