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
