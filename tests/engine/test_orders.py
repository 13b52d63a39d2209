import pytest

from engine.errors import AmbiguousOrder, InvalidOrder
from engine.game import VerbInfo
from engine.orders import Candidate, fold, match_name, match_verb, split_lines, tokens
from engine.text import t

UNITS = [
    Candidate("13pz", ("13th Panzer Division",)),
    Candidate("14pz", ("14th Panzer Division",)),
    Candidate("1mtn", ("1st Mountain Division",)),
]
VERBS = {"move": VerbInfo("move", "move U H", t("m"), ("m", "mv")), "attack": VerbInfo("attack", "attack", t("a"))}


def test_split_lines_drops_blanks_and_comments():
    assert split_lines("move a 0101\n\n# note\n  attack b  \n") == ["move a 0101", "attack b"]


def test_tokens_split_on_commas_and_arrows():
    assert tokens("attack 13pz,14pz -> 2314") == ["attack", "13pz", "14pz", "2314"]


def test_fold_ignores_case_spaces_and_punctuation():
    assert fold("13th Panzer-Division") == fold("13TH panzer division")


def test_exact_and_forgiving_matches():
    assert match_name("13pz", UNITS, "unit") == "13pz"
    assert match_name("13PZ", UNITS, "unit") == "13pz"
    assert match_name("1st mountain", UNITS, "unit") == "1mtn"


def test_ambiguous_name_lists_candidates():
    with pytest.raises(AmbiguousOrder) as exc:
        match_name("panzer", UNITS, "unit")
    assert exc.value.candidates == ("13pz", "14pz")


def test_unknown_name_suggests():
    with pytest.raises(InvalidOrder) as exc:
        match_name("13pzz", UNITS, "unit")
    assert "Did you mean 13pz" in str(exc.value.text())


def test_verbs_aliases_prefixes_and_typos():
    assert match_verb("MV", VERBS) == "move"
    assert match_verb("att", VERBS) == "attack"
    with pytest.raises(InvalidOrder) as exc:
        match_verb("mvoe", VERBS)
    assert "Did you mean move" in str(exc.value.text())


def test_is_number_accepts_only_ascii_digits():
    """'²' and '①' pass str.isdigit but are no number an order may give."""
    from engine.orders import is_number, number

    assert is_number("2722") and number("07") == 7
    assert not is_number("\u00b2") and not is_number("\u2460") and not is_number("\u0663") and not is_number("")
    assert number("\u00b2") is None


def test_switch_reads_on_and_off_words_and_refuses_others_with_the_usage():
    """A referee's switch word: on/yes/true/1 and off/no/false/0 in any case; another word is refused with the caller's usage."""
    from engine.orders import switch

    assert switch("YES", t("Usage: {usage}.", usage="flag on|off")) and not switch("Off", t("Usage: {usage}.", usage="flag on|off"))
    with pytest.raises(InvalidOrder) as exc:
        switch("maybe", t("Usage: {usage}.", usage="flag on|off"))
    assert "'maybe' is neither on nor off." in str(exc.value.text()) and exc.value.hint is not None
