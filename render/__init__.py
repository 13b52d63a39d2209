"""The renderer: a game's view -> image bytes (SVG authored, cairosvg once, Pillow compose).

Imports only ``engine``, Pillow, cairosvg and the standard library.
"""
