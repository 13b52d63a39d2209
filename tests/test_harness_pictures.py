"""The random-play harness reads the texts of every viewer's pictures (tests/harness.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import tests.harness as harness
from engine import registry
from engine.game import PUBLIC, REFEREE, Action
from engine.kernel import Match
from tests.harness import check_secrets, picture_texts, walk

SECRET = "Zzsecretcard"


def schwerpunkt() -> Match:
    game = registry.get("schwerpunkt")
    return walk(Match.new(game, "scenario1", game.options, "pictures"), 30, "pictures")


def leaky(monkeypatch: pytest.MonkeyPatch, match: Match) -> None:
    """The soviet seat holds ``SECRET`` and every picture description names it."""
    real = harness.describe
    monkeypatch.setattr(harness, "describe", lambda *a, **k: real(*a, **k) + " " + SECRET)
    monkeypatch.setattr(match.game, "secrets", lambda state: {"soviet": {SECRET}})


def test_picture_texts_hold_the_descriptions_and_the_panel() -> None:
    """Each viewer's texts are the area, whole-map and around-a-hex descriptions and the panel lines."""
    match = schwerpunkt()
    channels = {channel for channel, _ in picture_texts(match.game, match, PUBLIC)}
    assert {"picture description", "whole-map picture description", "picture description around a hex", "picture panel"} <= channels


def test_a_secret_in_a_picture_description_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """A description naming a seat's secret fails the check towards the public channel."""
    match = schwerpunkt()
    leaky(monkeypatch, match)
    with pytest.raises(AssertionError, match="picture description towards german"):
        check_secrets(match.game, match, [], pictures=True)


def test_pictures_are_read_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without ``pictures`` the check leaves the descriptions alone (the sampling that keeps it fast)."""
    match = schwerpunkt()
    leaky(monkeypatch, match)
    check_secrets(match.game, match, [], pictures=False)


def test_the_referee_may_read_every_secret_in_a_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    """The referee's pictures are built but not held to another seat's secrets."""
    match = schwerpunkt()
    leaky(monkeypatch, match)
    texts = " ".join(text for _, text in picture_texts(match.game, match, REFEREE))
    assert SECRET in texts


def test_a_secret_in_a_seats_options_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """An order offered to one seat naming the other seat's secret fails the check."""
    match = schwerpunkt()
    real = match.prompt
    monkeypatch.setattr(match, "prompt", lambda role: replace(real(role), actions=(Action("fire", (SECRET,)),)) if role == "german" else real(role))
    monkeypatch.setattr(match.game, "secrets", lambda state: {"soviet": {SECRET}})
    with pytest.raises(AssertionError, match="options towards german"):
        check_secrets(match.game, match, [], pictures=True)
