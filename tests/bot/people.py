"""The users of the service tests: two players, a referee and a stranger with no seat."""

from bot.service import Sender

RED, BLUE, REF, STRANGER = Sender("u-red", "Rosa"), Sender("u-blue", "Bruno"), Sender("u-ref", "Ref"), Sender("u-x", "X")
