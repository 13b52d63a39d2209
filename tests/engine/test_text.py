"""Texts as data: secret parameters are read whole by their owners and masked for everybody else."""

from engine.text import Secret, Text, t


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
