"""Orders typed in Italian: every Italian alias of every game reads as its English
verb, and a game played with the Italian form of each legal action reaches the English hashes."""

from __future__ import annotations

import random

import pytest

from engine import registry
from engine.game import Action, Game, VerbInfo
from engine.games.across_the_bug_river import game as across_the_bug_river
from engine.games.caucasus import verbs as caucasus
from engine.games.combat_commander import game as combat_commander
from engine.games.schwerpunkt import game as schwerpunkt
from engine.games.stalins_war import verbs as stalins_war
from engine.kernel import Match
from engine.orders import match_verb
from engine.verbs import typed_keywords

ITALIAN = {
    "caucasus": caucasus, "stalins-war": stalins_war, "combat_commander": combat_commander,
    "schwerpunkt": schwerpunkt, "across-the-bug-river": across_the_bug_river,
}
BUILT = ("caucasus", "stalins-war")
STEPS = 150


def italian_line(verbs: dict[str, tuple[str, ...]], action: Action) -> str:
    """The action as an Italian player types it: its verb's first Italian alias, its keywords in
    Italian ('con', 'fatto', 'affrettato'...), the other arguments as they are."""
    return typed_keywords(" ".join((verbs.get(action.verb, (action.verb,))[0], *action.args)), "it")


@pytest.mark.parametrize("name", sorted(ITALIAN))
def test_every_italian_alias_reads_as_its_verb(name: str):
    """Each alias, in any case, names its own verb and no other."""
    module = ITALIAN[name]
    table: dict[str, VerbInfo] = module.VERBS
    for verb, aliases in module.ITALIAN.items():
        assert verb in table, f"{verb} is not a verb of {name}"
        for alias in aliases:
            assert match_verb(alias, table) == verb
            assert match_verb(alias.upper(), table) == verb


@pytest.mark.parametrize("name", sorted(ITALIAN))
def test_italian_aliases_shadow_nothing(name: str):
    """No alias is another verb's name or another verb's alias."""
    table: dict[str, VerbInfo] = ITALIAN[name].VERBS
    words = [w for info in table.values() for w in (info.name, *info.aliases)]
    assert len(words) == len(set(words)), sorted(w for w in words if words.count(w) > 1)


@pytest.mark.parametrize("name", BUILT)
def test_help_lists_the_italian_aliases(name: str):
    """Help shows a verb's aliases, so the Italian ones are listed with it."""
    table: dict[str, VerbInfo] = ITALIAN[name].VERBS
    assert "muovi" in table["move"].aliases and "attacca" in table["attack"].aliases
    assert "fatto" in table["done"].aliases and "avanza" in table["advance"].aliases


@pytest.mark.parametrize("name", sorted(ITALIAN))
def test_a_game_typed_in_italian_reaches_the_english_hashes(name: str):
    """Random legal actions, played as given in one match and typed in Italian in another: the
    two matches agree after every step."""
    game: Game = registry.get(name)
    scenario = next(iter(game.scenarios))
    verbs = ITALIAN[name].ITALIAN
    english = Match.new(game, scenario, game.options, "italiano")
    italian = Match.new(game, scenario, game.options, "italiano")
    rnd = random.Random("italiano")
    typed = set()
    for _ in range(STEPS):
        if english.result() is not None:
            break
        role = rnd.choice(sorted(r for r in english.active() if english.prompt(r).actions))
        action = rnd.choice(english.prompt(role).actions)
        english.play(role, action)
        italian.submit(role, italian_line(verbs, action))
        typed.add(action.verb)
        assert italian.hash() == english.hash(), f"{role}: {italian_line(verbs, action)!r} after {action.text!r}"
    assert typed & set(verbs), "no order was typed in Italian"


def test_the_rulebook_examples_read_as_english():
    """'gioca 23 evento', 'ritirata', 'avanza', 'fatto', 'passa', 'muovi', 'attacca' are the
    English verbs for Stalin's War."""
    table = stalins_war.VERBS
    assert [match_verb(w, table) for w in ("gioca", "ritirata", "avanza", "fatto", "passa", "muovi", "attacca")] == [
        "play", "retreat", "advance", "done", "pass", "move", "attack",
    ]
