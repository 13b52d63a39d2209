"""An Italian player's turn: what the games answer to orders typed as the Italian help lists them."""

from __future__ import annotations

import pytest

from bot.i18n import render, translator
from bot.pictures import render_hand_of
from bot.service import CampaignService
from bot.store import Store
from engine import registry
from engine.games.caucasus.battle import LOSING
from engine.games.caucasus.placement import REASONS, Placement
from engine.games.combat_commander.fireactions import BEFORE_ROLL
from engine.games.combat_commander.game import ITALIAN as CC_ITALIAN
from engine.games.combat_commander.game import VERBS as CC_VERBS
from engine.games.combat_commander.verbnames import NAMES, listed
from engine.games.stalins_war.fire import TERRAIN_TEXTS
from engine.kernel import Match
from engine.mapview import map_view
from engine.orders import match_verb
from engine.text import t
from tests.bot.people import BLUE, RED, REF


@pytest.fixture
async def caucasus_combat(tmp_path):
    """A Caucasus campaign in Italian at the Axis's first Combat Phase: (service, row)."""
    store = await Store.open(tmp_path / "c.db")
    service = CampaignService(store)
    row, _ = await service.create("c1", "caucasus", seed="fixed", creator=REF.user_id, language="it")
    await service.join(row, "axis", RED)
    await service.join(row, "soviet", BLUE)
    for who, line in ((RED, "pronto"), (BLUE, "pronto"), (RED, "fatto")):
        assert (await service.submit(row, who, line))[0].ok
    yield service, row
    await store.close()


async def test_rapporto_previews_the_odds_like_odds(caucasus_combat):
    """'rapporto' (the Italian 'odds') answers the preview instead of being refused as an order."""
    service, row = caucasus_combat
    english = (await service.submit(row, RED, "odds 16mot -> 0936"))[0]
    italian = (await service.submit(row, RED, "rapporto 16mot -> 0936"))[0]
    assert italian.ok, italian.text
    assert italian.text.split("\n", 1)[1] == english.text.split("\n", 1)[1]


def test_a_soviet_event_placement_is_named_as_the_rulebook_names_it():
    """The Naval Brigade event's placement prompt reads 'Brigata Navale' in Italian (4.7)."""
    frame = {"role": "soviet", "why": "Naval Brigade", "items": [{"unit": "s255nb", "hexes": ["3147"]}]}
    prompt = Placement().prompt(registry.get("caucasus"), {}, frame, "soviet")
    assert render(prompt.text, "it").startswith("Brigata Navale: piazza s255nb")


def test_every_arrival_reason_has_its_own_italian_name():
    """No reason units wait to be placed reads in English to an Italian (4.1-4.7)."""
    assert all(render(text, "it") != key for key, text in REASONS.items())


def test_a_loss_choice_names_whose_step_in_italian():
    """The attacker's loss choice names the 'attaccante', not the English key (10.2)."""
    text = t("Choose the {why}'s unit that loses a step ({n} to go): {units}.", why=LOSING["attacker"], n=1, units="a, b")
    assert "attaccante" in render(text, "it") and "attacker" not in render(text, "it")


@pytest.fixture
async def stalins_war_it(tmp_path):
    """A Stalin's War campaign created in Italian, the Axis seated: (service, row, creation replies)."""
    store = await Store.open(tmp_path / "c.db")
    service = CampaignService(store)
    row, replies = await service.create("c1", "stalins-war", seed="fixed", creator=REF.user_id, language="it")
    await service.join(row, "axis", RED)
    yield service, row, replies
    await store.close()


async def test_the_first_turn_is_announced_with_its_italian_month(stalins_war_it):
    """'Inizia il turno 1: Giugno 1941.', not the data file's English 'June 1941'."""
    _, _, replies = stalins_war_it
    said = "\n".join(r.text for r in replies)
    assert "Inizia il turno 1: Giugno 1941." in said and "June" not in said


async def test_a_hand_without_face_up_cards_says_so_in_the_feminine(stalins_war_it):
    """No face-up Combat Card reads 'Nessuna Carta Combattimento scoperta', not '...: nessuno'."""
    service, row, _ = stalins_war_it
    hand = (await service.submit(row, RED, "mano"))[0].text
    assert "Nessuna Carta Combattimento scoperta." in hand and "nessuno" not in hand


def test_the_two_aimed_fire_actions_are_typed_as_the_cards_name_them():
    """Bore Sighting (A27) and Marksmanship (A37), both 'Fuoco mirato' in the rulebook, are typed as
    the Italian card faces tell them apart: 'tiro-preparato' and 'tiratori-scelti'."""
    assert match_verb("tiro-preparato", CC_VERBS) == "bore-sighting"
    assert match_verb("tiratori-scelti", CC_VERBS) == "marksmanship"



async def test_a_hidden_counters_move_is_echoed_in_italian(tmp_path):
    """A move of a counter under the top of its stack is echoed 'una pedina (Tedesco) in ...' in an
    Italian channel, not 'a german counter in ...' (3.4)."""
    store = await Store.open(tmp_path / "c.db")
    service = CampaignService(store)
    row, _ = await service.create("c1", "across-the-bug-river", seed="fixed", creator=REF.user_id, language="it")
    await service.join(row, "german", RED)
    for line in ("attiva 298id", "accetta"):
        assert (await service.submit(row, RED, line))[0].ok
    echo = (await service.submit(row, RED, "muovi I/525 1611"))[0]
    await store.close()
    assert echo.to == "public" and echo.text.startswith("\u2713 muovi una pedina"), echo.text



def test_a_listed_action_reads_as_the_italian_types_it():
    """Each Combat Commander action a prompt lists reads in Italian as its first Italian alias."""
    assert {verb: render(text, "it") for verb, text in NAMES.items()} == {verb: CC_ITALIAN[verb][0] for verb in NAMES}


def test_the_fire_attack_window_lists_its_actions_in_italian():
    """The window before a Fire attack roll (A24) lists 'tiro-preparato, fuoco-incrociato, ...' to an
    Italian, not 'bore-sighting, crossfire'."""
    text = t(
        "Attack on {hex} by {units}: play actions before the roll ({actions}), or 'pass'.",
        hex="L3", units="g-s3", actions=listed(BEFORE_ROLL),
    )
    assert "(tiro-preparato, fuoco-incrociato, bombe-a-mano, tiratori-scelti," in render(text, "it")
    assert "(bore-sighting, crossfire, hand-grenades, marksmanship," in render(text, "en")


def test_a_terrain_shift_names_the_terrain_as_the_italian_rulebook_does():
    """The defender's Town and a River every attacker crosses read 'Cittadina' and 'Fiume' in an
    Italian fire line (Terrain Effects Chart), not the English names."""
    town = t("{terrain} (Terrain Effects Chart)", terrain=TERRAIN_TEXTS["town"])
    river = t("{terrain}, every attacker crosses it (Terrain Effects Chart note a)", terrain=TERRAIN_TEXTS["river"])
    assert render(town, "it").startswith("Cittadina") and render(river, "it").startswith("Fiume")


def test_a_stalins_war_counter_tags_its_round_in_italian():
    """The MOVED and FOUGHT tags on a Stalin's War counter print 'MOSSA' and 'IMPEGNATA' on an
    Italian picture."""
    assert [translator("it").marker(tag) for tag in ("MOVED", "FOUGHT")] == ["MOSSA", "IMPEGNATA"]


async def test_an_italian_hand_picture_titles_the_cards_as_the_italian_rulebook(tmp_path):
    """The picture of a Stalin's War hand, drawn for an Italian, titles each card as the Italian
    rulebook's card list prints it ('DIFENDETE LA MADREPATRIA!'), not with the English title."""
    store = await Store.open(tmp_path / "c.db")
    service = CampaignService(store, hand_renderer=render_hand_of)
    row, _ = await service.create("c1", "stalins-war", seed="fixed", creator=REF.user_id, language="it")
    await service.join(row, "axis", RED)
    pictured = [r for r in await service.submit(row, RED, "mano") if r.image is not None]
    await store.close()
    cards = registry.get("stalins-war").rules.cards
    shown = [part.split(" ", 1) for part in pictured[0].text.split("; ")]
    assert shown and all(title.startswith(cards[cid.lstrip("#")].title_it) for cid, title in shown), shown


def test_the_schwerpunkt_picture_panel_reads_in_italian():
    """The picture's panel of Schwerpunkt reads 'Gelato', 'Fase di Attività (Sovietico) 1' and the
    Fronts' AP as 'Sudovest', not the state's English keys ('frozen', 'activity soviet 1', 'southwest')."""
    game = registry.get("schwerpunkt")
    match = Match.new(game, "scenario1", game.options, "pannello")
    panel = dict(map_view(match.observe("public").view).translated(translator("it")).panel_items())
    assert panel["meteo"] == "Gelato" and panel["fase"] == "Fase di Attività (Sovietico) 1", panel
    assert panel["Punti Attività"].startswith("Tedeschi 0, Sudovest "), panel


@pytest.mark.parametrize(("name", "title"), [("caucasus", "La Campagna del Caucaso"), ("stalins-war", "La Guerra di Stalin")])
def test_a_game_with_an_italian_rulebook_title_is_named_by_it(name: str, title: str):
    """The picture's panel and the status name the game and its scenario as the Italian rulebook
    does ('La Campagna del Caucaso', 'campagna'), not 'The Caucasus Campaign', 'campaign'."""
    game = registry.get(name)
    match = Match.new(game, "campaign", game.options, "titolo")
    panel = dict(map_view(match.observe("public").view).translated(translator("it")).panel_items())
    assert (panel["gioco"], panel["scenario"]) == (title, "campagna")
    assert render(match.observe("public").status, "it").startswith(f"{title}, campagna: ")


def test_the_public_echo_of_a_combat_commander_card_reads_carta_in_italian():
    """'✓ fire card g-l2' (the card's id masked) reads '✓ fuoco carta g-l2' in an Italian channel, not 'card'."""
    from bot.service import _typed_line
    from engine.game import Action
    from engine.games.combat_commander import cards

    game = registry.get("combat_commander")
    cid = next(iter(cards._index()))
    shown = game.order_text(Action("fire", (cid, "g-l2")), "public")
    assert shown == "fire card g-l2"
    assert _typed_line(game, shown, "it") == f"{game.verbs['fire'].typed_in('it')} carta g-l2"
    assert _typed_line(game, shown, "en") == "fire card g-l2"


def test_the_public_echo_of_a_private_reaction_reads_privato_in_italian():
    """'✓ react (private)' reads with '(privato)' in an Italian channel; the reaction itself stays hidden."""
    from bot.service import _typed_line
    from engine.game import Action

    game = registry.get("combat_commander")
    shown = game.order_text(Action("react", ("initiative", "upto", "7")), "public")
    assert _typed_line(game, shown, "it") == f"{game.verbs['react'].typed_in('it')} (privato)"
    assert _typed_line(game, shown, "en") == "react (private)"


def test_an_italian_hand_picture_draws_the_italian_card_text(monkeypatch: pytest.MonkeyPatch):
    """The hand picture drawn for an Italian prints each card's Italian rulebook text; for an English reader the English."""
    import types

    import bot.pictures

    drawn: list[list[dict[str, object]]] = []
    monkeypatch.setattr(bot.pictures, "render_hand", lambda hand, translate: drawn.append(hand) or b"")
    card = registry.get("stalins-war").rules.cards["AX8"]
    face = {"id": "AX8", "title": "Blau *", "text": card.text, "titles": {"it": "BLAU *"}, "texts": {"it": card.text_it}}
    seen = types.SimpleNamespace(view={"hand": [face]})
    render_hand_of(registry.get("stalins-war"), seen, "it")
    render_hand_of(registry.get("stalins-war"), seen, "en")
    assert [hand[0]["text"] for hand in drawn] == [card.text_it, card.text]


def test_a_caucasus_hand_reads_its_markers_states_in_italian():
    """The Soviet 'mano' reads its air and fleet markers' states and 'none' in Italian, not 'unavailable' or 'none'."""
    game = registry.get("caucasus")
    match = Match.new(game, "campaign", game.options, "hand-it")
    state = match.state
    state["air"] = {"va-1": {"side": "soviet", "available": True, "ready": True}, "va-2": {"side": "soviet", "available": True, "ready": False}}
    state["fleet"] = {"bsf-1": "available", "bsf-2": "unavailable", "bsf-3": "removed"}
    state["repl"] = {}
    said = render(game.holdings(state, "soviet"), "it")
    english = {"none", "ready", "used", "available", "unavailable", "removed"}
    assert not english & set(said.replace("(", " ").replace(")", " ").replace(";", " ").replace(",", " ").split()), said
