"""render_match: format, sizes, the crop of action images, boards and no boards."""

import io

from PIL import Image

from engine.mapview import map_view
from render.compose import compose
from render.images import extension, render_match
from render.style import load_style
from tests.render.fakes import FakeGame, FakeMatch, medium_map, sample_view, tiny_map, unit


def _decode(data):
    return Image.open(io.BytesIO(data))


def test_action_and_full_images_are_small_pngs():
    """Both pictures are PNG, well under 1 MB, and the full map is at least as big."""
    game = FakeGame()
    action = render_match(game, FakeMatch(game), "axis", full=False)
    full = render_match(game, FakeMatch(game), "axis", full=True)
    assert action is not None and full is not None
    assert extension(action) == "png" and action.startswith(b"\x89PNG")
    assert len(action) < 1_000_000 and len(full) < 1_000_000
    a, f = _decode(action), _decode(full)
    assert a.format == "PNG" and f.format == "PNG"
    assert f.width >= a.width * 0.5 and a.width > 200 and a.height > 200


def test_no_board_no_image():
    """A game without a board gets no image."""
    game = FakeGame(board=None)
    assert render_match(game, FakeMatch(game), "public", full=True) is None


def test_render_match_uses_the_roles_view():
    """The picture shows what match.observe(role) returns for that role."""
    game = FakeGame()
    game.views["soviet"] = {"units": [], "status": {"turn": 1}}
    seen = []

    class Spy(FakeMatch):
        def view(self, role):
            seen.append(role)
            return super().view(role)

    render_match(game, Spy(game), "soviet", full=True)
    assert seen == ["soviet"]


def _inside(picture, label):
    x, y = picture.layout.center(label)
    left, t, r, b = picture.box
    return left <= x < r and t <= y < b


def test_crop_contains_focus_hexes():
    """An action image holds every hex of the last action, focus hexes included."""
    board = tiny_map()
    view = {"units": [unit("a", "0101")], "last": {"focus": ["0806", "0605"]}}
    picture = compose(board, map_view(view), load_style("caucasus"), "axis", full=False)
    assert _inside(picture, "0806") and _inside(picture, "0605")


def test_crop_is_smaller_than_the_map_on_a_big_map():
    """On a map bigger than the window, the action image is a crop around the action."""
    board = medium_map()
    view = {"units": [unit("a", "1512")], "last": {"moves": [["1512", "1612", "1712"]]}}
    style = load_style("caucasus")
    picture = compose(board, map_view(view), style, "axis", full=False)
    width, height = picture.layout.image_size
    assert picture.box[2] - picture.box[0] < width and picture.box[3] - picture.box[1] < height
    assert all(_inside(picture, h) for h in ("1512", "1612", "1712"))
    assert not _inside(picture, "0101") and not _inside(picture, "3022")


def test_without_last_action_the_window_follows_the_viewers_units():
    """With no last action, the image is centred on the viewer's own units."""
    board = medium_map()
    view = {"units": [unit("a", "2820", side="soviet"), unit("b", "0303", side="axis")]}
    picture = compose(board, map_view(view), load_style("caucasus"), "soviet", full=False)
    assert _inside(picture, "2820") and not _inside(picture, "0303")


def test_status_panel_adds_a_strip_on_top():
    """The status panel sits above the map crop."""
    board, style = tiny_map(), load_style("caucasus")
    with_status = compose(board, map_view(sample_view()), style, "axis", full=True)
    view = sample_view()
    del view["status"]
    without = compose(board, map_view(view), style, "axis", full=True)
    assert with_status.image.height > without.image.height
    assert with_status.image.width == without.image.width


def test_units_off_the_map_are_skipped():
    """Units whose hex is null (or not on the map) are not drawn and break nothing."""
    game = FakeGame()
    game.views["axis"] = {"units": [unit("x", None), unit("y", "9999")], "status": {}}
    assert render_match(game, FakeMatch(game), "axis", full=False) is not None


def test_hex_markers_are_drawn_at_the_top_of_their_hex_or_below_a_combat_result():
    """A view's ``hex_markers`` (entrenchments, control, combat markers) appear on the map; malformed
    entries are skipped."""
    from engine.mapview import hex_markers, map_view

    board, style = tiny_map(), load_style("stalins-war")
    view = sample_view()
    plain = compose(board, map_view(view), style, "axis", full=True)
    view["hex_markers"] = [{"hex": "0403", "text": "ENTR", "side": "axis"}, {"hex": "0604", "text": "AX"}, {"text": "X"}, "junk"]
    assert [(m.hex, m.text) for m in hex_markers(view)] == [("0403", "ENTR"), ("0604", "AX")]
    marked = compose(board, map_view(view), style, "axis", full=True)
    assert marked.image.size == plain.image.size
    lay, top = marked.layout, marked.image.height - (marked.box[3] - marked.box[1])

    def band(picture, label, upper):
        x, y = lay.center(label)
        y0 = y - lay.size * 0.87 if upper else y + lay.size * 0.87 - lay.size * 0.3
        return picture.image.crop((int(x - 8), int(y0 + top + 1), int(x + 8), int(y0 + top + lay.size * 0.3 - 1))).tobytes()

    assert band(marked, "0403", True) != band(plain, "0403", True)
    assert band(marked, "0604", False) != band(plain, "0604", False)  # 0604 carries the "DR" result on top


def test_other_games_city_kinds_get_a_symbol_and_a_name():
    """Stalin's War's 'city' and 'fortress_city' places are drawn like minor and major cities, VP hexes with a star."""
    from engine.mapdata import Place
    from render.terrain_svg import _place_symbol

    city = Place("0101", "Minsk", "city", {"vp": "1"})
    fortress = Place("0102", "Sevastopol", "fortress_city", {})
    assert "<rect" in _place_symbol(city, 10, 10, 36) and "<polygon" in _place_symbol(city, 10, 10, 36)
    assert "<rect" in _place_symbol(fortress, 10, 10, 36) and "<polygon" not in _place_symbol(fortress, 10, 10, 36)


def test_crop_frames_the_latest_move_not_the_whole_phase():
    """An action image frames the phase's last move: an earlier move far away stays outside (#20)."""
    board = medium_map()
    view = {"units": [unit("a", "0303"), unit("b", "2820")], "last": {"moves": [["0202", "0303"], ["2719", "2820"]]}}
    picture = compose(board, map_view(view), load_style("caucasus"), "axis", full=False)
    assert _inside(picture, "2719") and _inside(picture, "2820")
    assert not _inside(picture, "0202") and not _inside(picture, "0303")


def test_crop_frames_the_latest_attack_and_retreat():
    """The last attack's hexes and the last retreat are framed with the last move."""
    board = medium_map()
    view = {
        "units": [unit("a", "1512")],
        "last": {
            "moves": [["0202", "0303"], ["1512", "1612"]],
            "attacks": [{"from": ["0303"], "to": "0404"}, {"from": ["1612"], "to": "1712"}],
            "retreats": [["1712", "1812"]],
        },
    }
    picture = compose(board, map_view(view), load_style("caucasus"), "axis", full=False)
    assert all(_inside(picture, h) for h in ("1512", "1612", "1712", "1812"))
    assert not _inside(picture, "0404")


def test_every_viewer_s_picture_of_one_moment_is_one_scene():
    """Two viewers' pictures of the same last action (different counters) share a scene; another action is another."""
    board, style = medium_map(), load_style("caucasus")
    public = {"units": [unit("a", "2820", side="soviet")], "last": {"moves": [["2820", "2821"]]}}
    private = {**public, "units": [unit("a", "2820", side="soviet"), unit("b", "2821", side="soviet")]}
    later = {**public, "last": {"moves": [["2820", "2720"]]}}
    scene = compose(board, map_view(public), style, "soviet", full=False).scene
    assert compose(board, map_view(private), style, "soviet", full=False).scene == scene
    assert compose(board, map_view(later), style, "soviet", full=False).scene != scene
