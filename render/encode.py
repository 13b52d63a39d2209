"""Image encoding: a 256-colour PNG, chosen by measurement.

The pictures are flat colours, antialiased edges and text, which an adaptive palette keeps
almost exactly (no dithering needed) at a third of the size of truecolour PNG. JPEG was faster
but blurred counter values; WebP was smaller but slower. Discord's limit (8 MB) is enforced by
falling back to JPEG, then by shrinking.

Tuned per image kind (measured on 1 MP Caucasus and Stalin's War action images): a map picture
is deflated for speed, the deflate being most of a reply; an image of at most 256 colours (a card
sheet, a text strip) gets its exact palette instead of the octree's guess and is deflated for
size. The PNG is written by ``render.png`` (ISA-L's deflate, rows unfiltered): Pillow's own
writer took three times as long for a slightly larger file.

The palette of a map picture is chosen from a sample, every other pixel of every other row, and
the whole picture is then mapped to it without dithering: choosing the palette from every pixel
was the largest cost of a reply. The sample holds every line two pixels wide or wider (a thin
arrow on a whole map), which a sparser one (one pixel in 4 x 4) lost to a neighbouring colour;
the look is the same (mean error per channel 1.1-1.5 either way). A picture too small to sample
is quantised whole.

The pictures of one reply (the public one and each seat's private one) are one scene: the same
map crop, highlights, arrows and panel under different counters. The first one's palette is
kept under the scene's key (``render.compose.Picture.scene``) and the others are mapped to it:
choosing a palette was 2.5 ms of a picture's 5.5 ms of palette work. A scene's key holds its
last action, so a later order's picture (a new arrow, a combat result) never borrows an older
palette that lacks its colours. Only a public picture's palette is kept: a palette chosen from a
seat's own picture could hold the colours of its hidden counters, which another reader's picture
must not carry.
"""

from __future__ import annotations

import io
from collections import OrderedDict
from collections.abc import Hashable

from PIL import Image

from render.png import palette_png

SOFT_LIMIT = 1_000_000   # aim: under 1 MB normally
HARD_LIMIT = 8_000_000   # never more than 8 MB
PALETTE_STEP = 2         # a map picture's palette is chosen from one pixel in 2 x 2
SAMPLED_FROM = 256 * 256  # ... when it has at least this many pixels
SCENES_KEPT = 4          # palettes kept for the next pictures of the same scene

_scenes: OrderedDict[Hashable, Image.Image] = OrderedDict()


def _png(image: Image.Image, scene: Hashable | None = None, public: bool = False) -> bytes:
    exact = image.getcolors(256) is not None
    if exact:
        palette = image.convert("P", palette=Image.Palette.ADAPTIVE, colors=256)
    else:
        palette = _paletted(image, scene, public)
    return palette_png(palette, small=exact)


def _paletted(image: Image.Image, scene: Hashable | None = None, public: bool = False) -> Image.Image:
    """``image`` in 256 colours chosen from a sample of its pixels, or those of the public
    picture of its ``scene``; a ``public`` picture's palette is kept for the others."""
    octree, none = Image.Quantize.FASTOCTREE, Image.Dither.NONE
    if image.width * image.height < SAMPLED_FROM:
        return image.quantize(256, method=octree, dither=none)
    palette = _scenes.get(scene) if scene is not None else None
    if palette is None:
        size = (image.width // PALETTE_STEP, image.height // PALETTE_STEP)
        palette = image.resize(size, Image.Resampling.NEAREST).quantize(256, method=octree, dither=none)
        if scene is not None and public:
            _scenes[scene] = palette
            while len(_scenes) > SCENES_KEPT:
                _scenes.popitem(last=False)
    return image.quantize(palette=palette, dither=none)


def _jpeg(image: Image.Image, quality: int) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="JPEG", quality=quality, subsampling=0)
    return buf.getvalue()


def encode(image: Image.Image, scene: Hashable | None = None, public: bool = False) -> bytes:
    """PNG bytes of ``image``; JPEG (then a smaller JPEG) only if the PNG passes 8 MB. Pictures
    of one ``scene`` share the palette of its ``public`` one (``None``: a palette of its own)."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    data = _png(image, scene, public)
    if len(data) <= HARD_LIMIT:
        return data
    data = _jpeg(image, 85)
    while len(data) > HARD_LIMIT:
        image = image.resize((image.width * 3 // 4, image.height * 3 // 4), Image.Resampling.LANCZOS)
        data = _jpeg(image, 80)
    return data


def extension(data: bytes) -> str:
    """The file extension that fits ``data`` (what to name the attachment)."""
    return "png" if data.startswith(b"\x89PNG") else "jpg"
