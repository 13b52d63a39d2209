"""`adjutant timelapse`: a stored campaign replayed and drawn turn by turn."""

import asyncio
import io

from PIL import Image

from bot.cli import main
from bot.service import CampaignService
from bot.store import Store
from bot.timelapse import timelapse
from engine.text import Text
from tests.bot.people import REF


async def test_a_campaign_without_a_map_has_no_timelapse_and_says_why(setup):
    """The template game has no board: a clear text, no image."""
    service, row, store = setup
    assert isinstance(await timelapse(store, row), Text)


async def test_a_new_campaign_draws_its_start_and_its_position_now(tmp_path):
    """A Stalin's War campaign just created: two frames (turn 1 and now)."""
    store = await Store.open(tmp_path / "t.db")
    row, _ = await CampaignService(store).create("sw", "stalins-war", seed="fixed", creator=REF.user_id)
    data, frames = await timelapse(store, row)
    assert frames == 2 and Image.open(io.BytesIO(data)).n_frames == 2
    await store.close()


def test_the_command_writes_a_gif_and_refuses_an_unknown_campaign_with_exit_2(tmp_path, capsys):
    """The GIF is written for a stored campaign; no such campaign: one line, exit 2."""
    db = tmp_path / "t.db"

    async def make():
        store = await Store.open(db)
        await CampaignService(store).create("sw", "stalins-war", seed="fixed", creator=REF.user_id)
        await store.close()

    asyncio.run(make())
    out = tmp_path / "sw.gif"
    assert main(["timelapse", "--db", str(db), "--campaign", "sw", "--out", str(out)]) == 0
    assert Image.open(out).n_frames == 2 and "2 frames" in capsys.readouterr().out
    assert main(["timelapse", "--db", str(db), "--campaign", "nope", "--out", str(out)]) == 2
    assert "no campaign 'nope'" in capsys.readouterr().err
