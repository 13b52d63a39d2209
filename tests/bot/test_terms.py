"""Side names read in the reader's language and are understood in any language Adjutant speaks."""

from bot.i18n import render, side_of, translator
from bot.terms import SIDE_NAMES
from engine import registry
from engine.text import Secret, t
from tests.bot.people import RED


def test_every_games_sides_are_terms_of_the_catalogue():
    """A new game's side missing from bot.terms would stay English in Italian texts: listed, it is found."""
    roles = {role for name in registry.names(include_unlisted=True) for role in registry.get(name).roles}
    assert sorted(roles - SIDE_NAMES) == []
    assert all(translator("it").term(side) != side for side in SIDE_NAMES)


def test_a_side_parameter_reads_in_the_readers_language():
    """'{role} draws a card.' names the Soviet side in Italian for an Italian reader, in English otherwise."""
    said = t("{role} draws a card.", role="soviet")
    assert render(said, "it") == "Il Sovietico pesca una carta."
    assert render(said, "en") == "Soviet draws a card."


def test_english_shows_the_sides_name_never_its_role_key():
    """An English reader reads 'Axis draws a card.' and 'Axis, Soviet', not the lowercase role keys."""
    assert render(t("{role} draws a card.", role="axis"), "en") == "Axis draws a card."
    assert translator("en").term("axis, soviet") == "Axis, Soviet" and translator("en").term("allies") == "Allies"


def test_other_parameters_and_secrets_are_left_as_they_are():
    """A unit id, a user's name or a hex is never taken for a side; a secret side stays masked."""
    assert render(t("{user} now plays {role}.", user="Rosa", role="axis"), "it") == "Rosa ora gioca l'Asse."
    assert render(t("{user} now plays {role}.", user="red-1", role="blue"), "it") == "red-1 ora gioca il Blu."
    hidden = t("{role} draws a card.", role=Secret("axis", ("axis",)))
    assert "Asse" not in render(hidden, "it", viewer="soviet")


def test_a_side_named_in_italian_is_understood():
    """'Asse', 'sovietico' and 'axis' all name their side; other words name none."""
    assert [side_of(w) for w in ("Asse", "SOVIETICO", "axis", "Tedesco", "panzer")] == ["axis", "soviet", "axis", "german", None]


async def test_a_player_may_name_a_side_in_italian(setup):
    """'leave Rosso' gives up the red seat: the service takes the side's Italian name."""
    service, row, store = setup
    [said] = await service.leave(row, "Rosso", RED)
    assert "red" not in await store.seats(row.id) and "left the Red seat" in said.text


def test_a_capitalised_side_or_a_list_of_sides_reads_in_italian():
    """'Axis' (a status line's capital) and 'axis, soviet' (whom the game waits for) are sides too."""
    it = translator("it")
    assert it.term("Axis") == "Asse" and it.term("axis, soviet") == "Asse, Sovietico"
    assert it.term("axis, 1234") == "axis, 1234" and translator("en").term("Axis") == "Axis"


def test_a_translation_puts_the_article_before_a_side():
    """'{side:The}' and '{side:of}' read 'L'Asse' and 'dell'Asse' in Italian (bot.terms.ARTICLE_CONTEXTS)."""
    assert render(t("{side} passes (7.2.6).", side="axis"), "it") == "L'Asse passa (7.2.6)."
    assert render(t("You do not hold the {role} seat.", role="soviet"), "it") == "Non occupi il posto del Sovietico."
    assert render(t("{side} transfers the initiative to {other} (6.2).", side="german", other="allies"), "it") == (
        "Il Tedesco cede l'iniziativa all'Alleato (6.2)."
    )


def test_english_reads_the_bare_side_name():
    """English templates carry no article form: the side reads as before."""
    assert render(t("{side} passes (7.2.6).", side="Axis"), "en") == "Axis passes (7.2.6)."


def test_an_article_form_on_a_value_that_is_no_side_reads_the_bare_value():
    """A form asked of a value that is no side's name never crashes: the Italian reads the value bare."""
    from bot.i18n import SideWord

    assert format(SideWord("Asse", {"of": "dell'Asse"}), "Of") == "Dell'Asse"
    assert render(t("{side} passes (7.2.6).", side="Rosa"), "it") == "Rosa passa (7.2.6)."
    assert render(t("{side} passes (7.2.6).", side="axis, soviet"), "it") == "Asse, Sovietico passa (7.2.6)."


def test_a_side_quoted_as_typed_stays_as_typed():
    """''soviet' is not a hex' quotes the word typed: it is not turned into the side's name, in any language."""
    said = t("'{word}' is not a hex to attack.", word="soviet")
    assert render(said, "en") == "'soviet' is not a hex to attack." and render(said, "it").startswith("'soviet'")
