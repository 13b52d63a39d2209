"""The timelapse: one captioned frame of the public map per turn, as a looping GIF."""

import io

from PIL import Image

from engine.mapview import map_view
from render.timelapse import WIDTH, animate, frame
from tests.render.fakes import FakeGame, sample_view


def test_a_frame_is_the_whole_map_under_its_caption_at_most_width_pixels_wide():
    """The caption strip sits above the map; the frame is no wider than WIDTH."""
    image = frame(FakeGame(), map_view(sample_view()), "Turn 3")
    assert image.width <= WIDTH and image.height > 50


def test_frames_become_a_looping_gif_with_one_frame_each():
    """Two frames make a two-frame GIF that loops."""
    shown = map_view(sample_view())
    gif = Image.open(io.BytesIO(animate([frame(FakeGame(), shown, "Turn 1"), frame(FakeGame(), shown, "Turn 2")])))
    assert gif.format == "GIF" and gif.n_frames == 2 and gif.info.get("loop") == 0
