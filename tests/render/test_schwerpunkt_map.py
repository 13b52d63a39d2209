"""The provisional Schwerpunkt map: its land edges are not drawn as sea."""

from engine.games.schwerpunkt.model import rules
from render.geometry import Layout
from render.style import load_style
from render.terrain import terrain_layer


def test_east_edge_margin_is_not_sea_blue():
    """The margin east of the 44xx column (land, the Soviet supply edge, E 7.0) is drawn in a land colour."""
    board = rules().board
    style = load_style("schwerpunkt")
    image = terrain_layer(board, style, 8.0).convert("RGB")
    lay = Layout.of(board.grid, 8.0)
    x, y = lay.center("4420")
    r, g, b = image.getpixel((min(image.width - 1, int(x + 8.0 * 1.05)), int(y)))
    assert not (b > r and b > g), (r, g, b)


def test_only_schwerpunkt_fans_stacks_the_viewer_sees_whole():
    """S 3.5: the owner's picture fans out his own stacks (each counter's values showing); other games keep piles."""
    assert load_style("schwerpunkt").fans_visible_stacks() and not load_style("default").fans_visible_stacks()


def counter_pixels(fan: bool) -> int:
    """Pixels of the German counter colour in the owner's picture of his 3-stack, fanned or piled."""
    from dataclasses import replace

    from render.compose import compose
    from tests.engine.games.schwerpunkt.helpers import new_match, position

    match = new_match("scenario2")
    position(match, {"2020": ["gd-pz", "gd-gre", "168-417"]})
    base = load_style("schwerpunkt")
    style = replace(base, tables={**base.tables, "stacks": {"fan_visible": fan}})
    image = compose(rules().board, match.observe("german").map, style, "german", False).image.convert("RGB")
    return dict((colour, n) for n, colour in image.getcolors(1 << 24)).get((0xA4, 0xA8, 0xA3), 0)


def test_the_owners_stack_is_fanned_out():
    """S 3.5: the owner sees his stack whole: fanned, the counters below the top show more of themselves."""
    assert counter_pixels(True) > counter_pixels(False) * 1.3
