"""Counter sprites: hidden units are blank, kinds are cached, stacks and markers are drawn."""

from PIL import ImageChops

from engine.mapview import map_view
from render.compose import compose, counter_side
from render.counters import counter_kind, counter_sprite
from render.style import load_style
from tests.render.fakes import tiny_map, unit

STYLE = load_style("caucasus")


def test_hidden_unit_uses_the_blank_sprite_of_its_side():
    """A hidden unit's sprite key holds only its side colour: nothing of what it is."""
    kind = counter_kind(unit("x", "0101", type="PANZER", values="10-8-6", hidden=True), STYLE)
    assert kind.key == f"hidden:{STYLE.side('axis').fill}"
    assert "10-8-6" not in kind.key and "armour" not in kind.key


def test_hidden_units_look_the_same_whatever_they_hide():
    """Two hidden units of one side are pixel-identical; the unhidden one is not."""
    a = counter_sprite(counter_kind(unit("a", "0101", type="PANZER", values="10-8-6", hidden=True), STYLE), 42)
    b = counter_sprite(counter_kind(unit("b", "0101", type="CAVALRY", values="2-2-8", hidden=True), STYLE), 42)
    c = counter_sprite(counter_kind(unit("c", "0101", type="PANZER", values="10-8-6"), STYLE), 42)
    assert ImageChops.difference(a, b).getbbox() is None
    assert ImageChops.difference(a.convert("RGB"), c.convert("RGB")).getbbox() is not None


def _hex_region(view, label):
    board = tiny_map()
    picture = compose(board, map_view(view), STYLE, "axis", full=True)
    x, y = picture.layout.center(label)
    half = counter_side(picture.layout.size)
    panel = picture.image.height - (picture.box[3] - picture.box[1])
    box = (int(x - half), int(y - half) + panel, int(x + half), int(y + half) + panel)
    return picture.image.crop(box)


def test_hidden_unit_on_the_map_shows_nothing_of_its_values():
    """On the map, a hidden panzer and a hidden cavalry unit draw the same pixels."""
    panzer = _hex_region({"units": [unit("a", "0505", type="PANZER", values="10-8-6", hidden=True)]}, "0505")
    cavalry = _hex_region({"units": [unit("a", "0505", type="CAVALRY", values="2-2-8", hidden=True)]}, "0505")
    shown = _hex_region({"units": [unit("a", "0505", type="PANZER", values="10-8-6")]}, "0505")
    assert ImageChops.difference(panzer, cavalry).getbbox() is None
    assert ImageChops.difference(panzer, shown).getbbox() is not None


def test_sprites_are_cached_per_kind():
    """The same kind of counter returns the very same sprite object."""
    kind = counter_kind(unit("a", "0101"), STYLE)
    assert counter_sprite(kind, 40) is counter_sprite(counter_kind(unit("b", "0202"), STYLE), 40)


def test_reduced_step_changes_the_counter():
    """Full, reduced and kampfgruppe steps draw three different counters."""
    sprites = [counter_sprite(counter_kind(unit("a", "0101", step=s), STYLE), 42).convert("RGB") for s in (0, 1, 2)]
    assert ImageChops.difference(sprites[0], sprites[1]).getbbox() is not None
    assert ImageChops.difference(sprites[1], sprites[2]).getbbox() is not None


def test_markers_and_stacks_draw_over_the_counter():
    """A marker tag and a second counter in the hex both change the picture."""
    alone = _hex_region({"units": [unit("a", "0505")]}, "0505")
    marked = _hex_region({"units": [unit("a", "0505", markers=["OOS"])]}, "0505")
    stacked = _hex_region({"units": [unit("a", "0505"), unit("b", "0505")]}, "0505")
    assert ImageChops.difference(alone, marked).getbbox() is not None
    assert ImageChops.difference(alone, stacked).getbbox() is not None
