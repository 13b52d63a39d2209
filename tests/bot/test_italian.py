"""Italian is complete: every message of the template has an Italian translation that keeps its
placeholders, and the template itself holds every message of the code."""

from __future__ import annotations

from bot.i18n import catalogue_path, render
from engine.text import ngettext, t
from tests.bot.i18n_helpers import (
    extracted_ids,
    literal_calls,
    msgid_key,
    placeholders,
    read_catalogue,
    template_ids,
)

ITALIAN = catalogue_path("it")


def italian() -> dict[tuple[str, ...], tuple[str, ...]]:
    catalog = read_catalogue(ITALIAN, "it")
    out = {}
    for m in catalog:
        if m.id and not m.fuzzy:
            out[msgid_key(m.id)] = (m.string,) if isinstance(m.string, str) else tuple(m.string)
    return out


def test_the_template_holds_every_message_of_the_code():
    """A message added to the code without regenerating the template is found (and named)."""
    code, template = extracted_ids(), template_ids()
    assert sorted(code - template) == [], "regenerate bot/locale/adjutant.pot (see bot/i18n.py) and translate the new messages"
    assert sorted(template - code) == [], "the template holds messages the code no longer has: regenerate it"


def test_no_message_of_the_code_hides_from_the_extractor():
    """A t() call inside an f-string or nested in another call's call is parsed out of the code
    and found in the template, so it is never left untranslated."""
    template = {key[0] for key in template_ids()}
    hidden = [f"{path}:{line}: {text!r}" for path, line, text in literal_calls() if text not in template]
    assert hidden == [], "move these t() calls where the extractor sees them (out of f-strings, not two calls deep)"


def test_every_message_has_an_italian_translation():
    """No message of the template is left untranslated (or fuzzy) in Italian."""
    done = italian()
    missing = [key for key in sorted(template_ids()) if not all(done.get(key, ("",)))]
    assert missing == [], f"{len(missing)} messages have no Italian translation, e.g. {missing[:5]}"


def test_the_italian_catalogue_holds_no_stale_message():
    """Every Italian entry still belongs to a message of the template."""
    assert sorted(set(italian()) - template_ids()) == []


def test_italian_keeps_every_placeholder():
    """A translation that loses, adds or respells a {placeholder} is named."""
    bad = []
    for key, forms in italian().items():
        for i, form in enumerate(forms):
            source = key[min(i, len(key) - 1)]
            if form and placeholders(form) != placeholders(source):
                bad.append((key[0], form))
    assert bad == []


def test_plural_messages_have_both_italian_forms():
    """Italian has two plural forms (one, other), and each counted message fills both."""
    counted = {key: forms for key, forms in italian().items() if len(key) == 2}
    assert counted and all(len(forms) == 2 and all(forms) for forms in counted.values())


def test_italian_renders_a_counted_message_by_its_count():
    """One card is 'carta', any other number 'carte' (zero included, as Italian says it)."""
    said = [render(ngettext("{side} draws {n} card.", "{side} draws {n} cards.", n, side="axis"), "it") for n in (0, 1, 2)]
    assert said == ["L'Asse pesca 0 carte.", "L'Asse pesca 1 carta.", "L'Asse pesca 2 carte."]  # the side in Italian, its article too


def test_italian_uses_the_rulebooks_terms():
    """The Italian texts use the rulebooks' own words (Difesa Determinata, Fase di Movimento Primaria)."""
    assert render(t("{unit} cannot lead a Determined Defence (disorganized or white-box).", unit="X"), "it").startswith(
        "X non può guidare una Difesa Determinata"
    )
    assert "Fase di Movimento Primaria" in render(t("Naval movement is allowed only in a friendly Primary Movement Phase."), "it")


def test_a_language_without_a_catalogue_reads_english():
    """An unknown language falls back to the English templates rather than failing."""
    assert render(t("The game is over."), "xx") == "The game is over."


def test_an_empty_text_stays_empty_in_italian():
    """An empty optional part (t("")) is empty, never the catalogue's header that gettext("") returns."""
    assert render(t("{title}: choose{extra}.", title="June 1941", extra=t("")), "it") == "June 1941: choose."
    assert render(t(""), "it") == "" and render("", "it") == ""


def test_no_italian_sentence_opens_on_a_bare_side():
    """'Asse pesca 6 carte' reads as a headline: a side that opens a sentence takes its article ({side:The})."""
    import re

    bare = re.compile(r"^\{(side|role)\} [a-zàèéìòù]")
    headline = [key[0] for key, forms in italian().items() if any(bare.match(form) for form in forms)]
    assert headline == []


def test_a_side_after_a_noun_reads_with_its_preposition():
    """'a {side} unit' is 'un'unità dell'Asse', 'the {role} seat' 'il posto del Sovietico'."""
    assert render(t("A {side} unit in {hex} is eliminated ({rule}).", side="axis", hex="0101", rule="5.3"), "it") == (
        "Un'unità dell'Asse in 0101 è eliminata (5.3)."
    )
    assert render(t("The {role} seat is taken by {user}. To play it as a team, ask its captain to add you (team add).", role="soviet", user="Rosa"), "it").startswith(
        "Il posto del Sovietico è occupato da Rosa."
    )


def test_italian_prompts_quote_orders_with_their_italian_keywords():
    """A prompt quotes an order as an Italian types it: 'fronte fatto', not 'fronte done' (referee commands stay English)."""
    import re

    from engine.verbs import typed_keywords

    referee = {"dice", "phase", "referee:"}
    english = []
    for key, forms in italian().items():
        for form in forms:
            for quoted in re.findall(r"(?<!\w)'([a-zà-ù0-9][^']*)'(?!\w)", form):
                words = quoted.split(" ")
                if len(words) > 1 and words[0] not in referee and typed_keywords(quoted, "it") != quoted:
                    english.append((key[0], quoted))
    assert english == []
