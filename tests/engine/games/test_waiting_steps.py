"""'Not your turn' names the step of the sequence of play and its rule (issue 14): every procedure of
The Caucasus Campaign and Stalin's War that may wait for a player names a rule for its step."""

from __future__ import annotations

import pytest

from engine import flow, registry


@pytest.mark.parametrize("name", ["caucasus", "stalins-war"])
def test_every_procedure_that_can_wait_names_its_rule(name: str) -> None:
    """A procedure without a rule of its own never waits: it runs by itself and asks nobody (the turn, a battle's driver)."""
    game = registry.get(name)
    unruled = [
        pname
        for pname, proc in sorted(game.procedures.items())
        if type(proc).step is flow.Procedure.step and not proc.rule
    ]
    for pname in unruled:
        proc = game.procedures[pname]
        assert proc.auto and type(proc).active is flow.Procedure.active, pname
