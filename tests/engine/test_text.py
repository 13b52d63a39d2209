"""Texts as data: secret parameters are read whole by their owners and masked for everybody else."""

from engine.text import Named, Secret, Text, joined, ngettext, t


def test_a_secret_is_read_whole_by_its_owner_and_the_referee_only():
    """The owner and the referee read the value; another seat and the channel read its public face."""
    text = t("{role} took back '{order}'.", role="axis", order=Secret("pick AX15", ("axis",), "pick (a card, secret)"))
    assert text.format(viewer="axis") == "axis took back 'pick AX15'."
    assert text.format(viewer="referee") == "axis took back 'pick AX15'."
    assert text.format(viewer="soviet") == "axis took back 'pick (a card, secret)'."
    assert text.format(viewer="public") == "axis took back 'pick (a card, secret)'."


def test_a_secret_without_a_public_face_reads_secret():
    """With no face given, other viewers read '(secret)', translated like any text."""
    text = t("Card: {card}.", card=Secret("SU14", ("soviet",)))
    assert text.format(viewer="axis") == "Card: (secret)."
    assert text.format(lambda s: s.replace("secret", "segreto"), viewer="axis") == "Card: (segreto)."


def test_secrets_survive_the_log_as_json_and_nested_texts():
    """A secret inside a nested text is stored and read back with its audience."""
    inner = t("you hold {card}", card=Secret("AX3", ("axis",), "a card"))
    text = t("{who}: {what}", who="axis", what=inner)
    back = Text.from_json(text.to_json())
    assert back == text
    assert back.format(viewer="soviet") == "axis: you hold a card"
    assert [s.value for s in back.secrets()] == ["AX3"]


def test_a_counted_message_reads_its_english_form_by_the_count():
    """Untranslated, one thing reads the singular template and any other count the plural."""
    said = [ngettext("{n} card", "{n} cards", n).format() for n in (0, 1, 2)]
    assert said == ["0 cards", "1 card", "2 cards"]


def test_a_counted_message_asks_the_catalogue_for_its_plural():
    """A translator with an ngettext chooses the form; a plain one falls back to English."""

    class Catalogue:
        def __call__(self, template: str) -> str:
            return template

        def ngettext(self, singular: str, plural: str, n: int) -> str:
            return "{n} carta" if n == 1 else "{n} carte"

    assert ngettext("{n} card", "{n} cards", 3).format(Catalogue()) == "3 carte"
    assert ngettext("{n} card", "{n} cards", 3).format(lambda s: s.upper()) == "3 cards"


def test_a_counted_message_survives_the_log_as_json():
    """The plural template and the count are stored and read back."""
    text = ngettext("{side} draws {n} card.", "{side} draws {n} cards.", 2, side="axis")
    back = Text.from_json(text.to_json())
    assert back == text and back.format() == "axis draws 2 cards."
    assert "pl" not in t("plain").to_json()


def test_joined_translates_each_item_and_keeps_the_order():
    """A list of texts reads item by item in the reader's language, separated as asked."""
    words = {"Fire": "Fuoco", "Move": "Movimento"}
    text = joined([t("Fire"), t("Move"), "B1"])
    assert isinstance(text, Text)
    assert text.format(lambda s: words.get(s, s)) == "Fuoco; Movimento; B1"
    assert joined([t("Fire"), "x"], ", ").format() == "Fire, x"
    assert joined([]) == ""


def test_a_named_parameter_reads_the_name_of_the_readers_language():
    """A Named reads its own name for the translator's language, else the English one; it survives the log."""

    class Italian:
        language = "it"

        def __call__(self, template: str) -> str:
            return template

    text = t("You draw {card}.", card=Named("SU7 Sorge", {"it": "SU7 SORGE"}))
    assert text.format() == "You draw SU7 Sorge."
    assert text.format(Italian()) == "You draw SU7 SORGE."
    assert t("{c}", c=Named("AX1 Blau")).format(Italian()) == "AX1 Blau"
    back = Text.from_json(text.to_json())
    assert back == text and back.format(Italian()) == "You draw SU7 SORGE."
