"""The public "Waiting for" line when several players answer at once (a window open to both)."""

from __future__ import annotations

from bot.service import CampaignService
from bot.store import Store
from engine.text import Text, t


class BothWaiting:
    """A match waiting for both sides, each asked a question that ends its sentence."""

    def result(self) -> None:
        return None

    def active(self) -> frozenset[str]:
        return frozenset({"axis", "allies"})

    def prompt_text(self, role: str) -> Text:
        return t("Time advance: you may play Dig In, 'dig-in CARD HEX', or 'pass' (A32).")


async def test_two_questions_are_joined_without_a_stray_full_stop(tmp_path):
    """'... (A32); Axis — ... (A32).': only the last question keeps its full stop."""
    store = await Store.open(tmp_path / "w.db")
    try:
        service = CampaignService(store)
        (reply,) = service._prompt_replies(None, BothWaiting(), "")  # type: ignore[arg-type]
        assert ".;" not in reply.text and reply.text.endswith("(A32).")
        assert "(A32); Axis" in reply.text
    finally:
        await store.close()
