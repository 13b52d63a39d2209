"""Loading a campaign with a long log (a planned replay, no copy per record) keeps undo as it was."""

import random

from bot.service import CampaignService
from engine.state import state_hash, thawed
from tests.bot.people import BLUE, RED

SENDERS = {"red": RED, "blue": BLUE}


async def test_undo_after_loading_a_long_campaign_goes_back_as_before_the_restart(setup):
    """After a restart the last order of a 150-record campaign is taken back to the same state."""
    service, row, store = setup
    rnd = random.Random("load-undo")
    while (match := await service.match(row)).next_seq() <= 150:
        role = rnd.choice(sorted(match.active()))
        action = rnd.choice(match.prompt(role).actions)
        await service.submit(row, SENDERS[role], action.text, role)
    match = await service.match(row)
    while match.undoable() is None or not match.can_undo(match.undoable().role):  # type: ignore[union-attr]
        role = sorted(match.active())[0]
        moves = [a for a in match.prompt(role).actions if a.verb == "move"] or match.prompt(role).actions
        await service.submit(row, SENDERS[role], moves[0].text, role)
    who = match.undoable().role  # type: ignore[union-attr]
    kept = match._undo[-1][0]  # the state the played match would go back to (JSON text, live or after a replay)
    before = state_hash(thawed(kept) if isinstance(kept, (bytes, str)) else kept)
    again = CampaignService(store)
    reloaded = await again.match(row)
    assert reloaded.hash() == match.hash() and reloaded.can_undo(who)
    assert (await again.submit(row, SENDERS[who], "undo", who))[0].ok
    assert (await again.match(row)).hash() == before
