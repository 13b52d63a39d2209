"""``adjutant serve`` refuses a configuration holding a wrong value, naming the variable, the
value and what is accepted, as deploy/README.md's table describes each variable; an empty value
is the variable's default, like an unset one."""

from pathlib import Path

import pytest

from bot.discord.app import serve
from bot.discord.config import DEFAULT_REFEREE_ROLE, PLACEHOLDER_TOKEN, ConfigError, Settings

TOKEN = "MTIzNDU2Nzg5.secret.token"


@pytest.mark.parametrize("value", ["maybe", "2", "enable", "yes please"])
def test_a_sync_commands_value_that_is_not_a_switch_is_refused(value):
    """ADJUTANT_SYNC_COMMANDS=maybe is refused naming the accepted 1/0 (not read as 'on')."""
    with pytest.raises(ConfigError) as refused:
        Settings.from_env({"ADJUTANT_DISCORD_TOKEN": TOKEN, "ADJUTANT_SYNC_COMMANDS": value})
    assert "ADJUTANT_SYNC_COMMANDS" in str(refused.value) and repr(value) in str(refused.value)
    assert "1" in str(refused.value) and "0" in str(refused.value)


@pytest.mark.parametrize(("value", "sync"), [("1", True), ("0", False), ("off", False), ("Yes", True), ("", True), ("false", False)])
def test_sync_commands_takes_the_switch_words(value, sync):
    """1/0, yes/no, true/false, on/off (any case) and empty (the default, 1) are read."""
    assert Settings.from_env({"ADJUTANT_DISCORD_TOKEN": TOKEN, "ADJUTANT_SYNC_COMMANDS": value}).sync_commands is sync


def test_an_empty_referee_role_is_the_default_role():
    """ADJUTANT_REFEREE_ROLE= (left empty in the env file) means 'Referee', not a role with no name."""
    assert Settings.from_env({"ADJUTANT_DISCORD_TOKEN": TOKEN, "ADJUTANT_REFEREE_ROLE": "  "}).referee_role == DEFAULT_REFEREE_ROLE


def test_the_example_files_placeholder_token_is_refused(capsys):
    """The token left as adjutant.env.example's placeholder exits with 2 before any connection, saying so."""
    assert serve({"ADJUTANT_DISCORD_TOKEN": "paste-the-bot-token-here"}) == 2
    err = capsys.readouterr().err
    assert "ADJUTANT_DISCORD_TOKEN" in err and "placeholder" in err


def test_the_placeholder_is_the_example_files():
    """The placeholder refused is the token's value in deploy/adjutant.env.example."""
    example = Path(__file__).resolve().parents[3] / "deploy" / "adjutant.env.example"
    assert f"ADJUTANT_DISCORD_TOKEN={PLACEHOLDER_TOKEN}\n" in example.read_text(encoding="utf-8")
