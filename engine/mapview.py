"""The typed map view: what a viewer's picture shows, read once from the game's projection.

A game's ``view`` is a plain dict (JSON-like, easy to write); ``map_view`` reads it forgivingly
(missing keys are empty) into the frozen values below, which the renderer draws and the
service compares (a seat whose map differs from the public one gets its own picture). Only
this module looks into a view's map keys: ``units``, ``stacks`` (``engine.stacks``'
projection: blanks stay blanks), ``hex_markers``, ``last``, ``status`` and ``map`` (which of
the game's maps, when its scenarios use several).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.hexgrid import Label
from engine.text import Text

#: The status panel: label (a catalogue key) and value; a ``Text`` value (a phase's title) reads
#: in the reader's language, a plain one as ``_panel_value`` finds it.
Panel = tuple[tuple[str, str | Text], ...]


@dataclass(frozen=True)
class UnitOnMap:
    id: str
    name: str
    side: str
    hex: Label
    raw: Mapping[str, Any]
    markers: tuple[str, ...] = ()
    hidden: bool = False
    #: The markers as the picture prints them (the reader's language); empty: as ``markers``.
    marker_labels: tuple[str, ...] = ()

    def shown_markers(self) -> list[tuple[str, str]]:
        """Each marker's style key and the text printed on its tag."""
        labels = self.marker_labels if len(self.marker_labels) == len(self.markers) else self.markers
        return list(zip(self.markers, labels, strict=True))


@dataclass(frozen=True)
class Attack:
    sources: tuple[Label, ...]
    target: Label
    result: str = ""


@dataclass(frozen=True)
class LastAction:
    moves: tuple[tuple[Label, ...], ...] = ()
    attacks: tuple[Attack, ...] = ()
    retreats: tuple[tuple[Label, ...], ...] = ()
    focus: tuple[Label, ...] = ()
    text: str = ""

    def hexes(self) -> list[Label]:
        """Every hex the action touched, for cropping."""
        out = [h for path in self.moves for h in path]
        for a in self.attacks:
            out += [*a.sources, a.target]
        out += [h for path in self.retreats for h in path]
        return out + list(self.focus)

    @property
    def empty(self) -> bool:
        return not self.hexes() and not self.text


def _paths(value: Any) -> tuple[tuple[Label, ...], ...]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        return ()
    return tuple(tuple(str(h) for h in p) for p in value if isinstance(p, Sequence) and not isinstance(p, str))


def stacked_units(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The counters of the view's ordered stacks (``engine.stacks``' projection, ``view["stacks"]``)
    as unit records, top first: a blank becomes a hidden counter of its side named by its slot,
    so the picture shows every stack's height and nothing the viewer may not see."""
    out: list[dict[str, Any]] = []
    stacks = view.get("stacks")
    if not isinstance(stacks, Mapping):
        return out
    for location, stack in stacks.items():
        counters = stack.get("counters") if isinstance(stack, Mapping) else None
        for c in counters or ():
            if not isinstance(c, Mapping):
                continue
            if c.get("blank"):
                out.append({"id": str(c.get("slot", "")), "side": c.get("side") or "", "hex": str(location), "hidden": True})
            else:
                found = c.get("attributes")
                attributes: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
                out.append({**attributes, "id": str(c.get("unit", "")), "side": c.get("side") or "", "hex": str(location)})
    return out


def units_on_map(view: Mapping[str, Any]) -> list[UnitOnMap]:
    """The view's units that stand on a hex, in the view's order (a stack's top unit first):
    ``view["units"]``, then the counters of its ordered stacks (``stacked_units``)."""
    raw = view.get("units") or []
    if isinstance(raw, Mapping):  # units by id: the key names a unit that does not repeat it
        items = [{"id": k, **v} if isinstance(v, Mapping) and "id" not in v else v for k, v in raw.items()]
    else:
        items = list(raw)
    items += stacked_units(view)
    out = []
    for u in items:
        if not isinstance(u, Mapping) or not u.get("hex"):
            continue
        markers = u.get("markers") or ()
        out.append(
            UnitOnMap(
                id=str(u.get("id", "")),
                name=str(u.get("name") or u.get("id") or ""),
                side=str(u.get("side") or ""),
                hex=str(u["hex"]),
                raw=u,
                markers=tuple(str(m) for m in markers),
                hidden=bool(u.get("hidden")),
            )
        )
    return out


@dataclass(frozen=True)
class HexMarker:
    hex: Label
    text: str
    side: str = ""
    #: The text printed on the tag, in the reader's language; empty: ``text`` (the style key).
    label: str = ""

    @property
    def shown(self) -> str:
        return self.label or self.text


def hex_markers(view: Mapping[str, Any]) -> list[HexMarker]:
    """Markers that belong to a hex rather than a unit (entrenchments, control, this round's combat)."""
    out = []
    for m in view.get("hex_markers") or ():
        if isinstance(m, Mapping) and m.get("hex") and m.get("text"):
            out.append(HexMarker(str(m["hex"]), str(m["text"]), str(m.get("side") or "")))
    return out


def last_action(view: Mapping[str, Any]) -> LastAction:
    last = view.get("last")
    if not isinstance(last, Mapping):
        return LastAction()
    attacks = []
    for a in last.get("attacks") or ():
        if isinstance(a, Mapping) and a.get("to"):
            sources = a.get("from") or ()
            sources = (sources,) if isinstance(sources, str) else sources
            attacks.append(Attack(tuple(str(h) for h in sources), str(a["to"]), str(a.get("result") or "")))
    focus = last.get("focus") or ()
    text = last.get("text") or last.get("summary") or ""
    return LastAction(
        moves=_paths(last.get("moves")),
        attacks=tuple(attacks),
        retreats=_paths(last.get("retreats")),
        focus=(focus,) if isinstance(focus, str) else tuple(str(h) for h in focus),
        text=str(text),
    )


def _panel(view: Mapping[str, Any]) -> list[tuple[str, str | Text]]:
    """The status panel's label/value pairs, in the view's order (labels are catalogue keys)."""
    status = view.get("status")
    if not isinstance(status, Mapping):
        return []
    out: list[tuple[str, str | Text]] = []
    for key, value in status.items():
        if isinstance(value, Text):
            out.append((str(key), value))
            continue
        if isinstance(value, Mapping) and "t" in value:  # a Text kept JSON-like in the view (``Text.to_json``)
            out.append((str(key), Text.from_json(value)))
            continue
        if isinstance(value, Mapping):
            value = ", ".join(f"{k} {v}" for k, v in value.items())
        elif isinstance(value, list | tuple):
            value = ", ".join(str(v) for v in value)
        out.append((str(key), str(value)))
    return out


def _panel_value(value: str | Text, translate: Callable[[str], str]) -> str:
    """A panel value in the reader's language where the catalogue knows it: a ``Text`` whole, side names
    ("axis, soviet") through the translator's ``term``, a word such as a weather ("good") as a
    catalogue key, a side leading an item of a list ("Axis 0, Soviet 0"); anything else
    (numbers, names) as it is."""
    if isinstance(value, Text):
        return value.format(translate)
    term = getattr(translate, "term", None)
    if term is None or not value:
        return value
    said = str(term(value))
    if said != value:
        return said
    said = str(translate(value))
    if said != value:
        return said
    items = []
    for item in value.split(", "):
        head, space, rest = item.partition(" ")
        items.append(str(term(head)) + space + rest)
    return ", ".join(items)


@dataclass(frozen=True)
class MapView:
    """Everything one viewer's picture shows: counters (blanks for hidden ones), hex markers,
    the last action and the status panel (label, value), in the view's order."""

    units: tuple[UnitOnMap, ...] = ()
    markers: tuple[HexMarker, ...] = ()
    last: LastAction = LastAction()
    panel: Panel = ()
    #: The map's name, for games whose scenarios are played on different maps (``Game.board_named``).
    map: str = ""
    #: The campaign's map overrides (``engine.mapoverlay.canonical``; empty: the shipped map).
    overlay: str = ""

    def translated(self, translate: Callable[[str], str] | None) -> MapView:
        """The same map with the panel's labels (catalogue keys) and, when the translator
        knows them (its ``marker``), the markers' tags in the reader's language."""
        if translate is None:
            return self
        shown = replace(self, panel=tuple((translate(k), _panel_value(v, translate)) for k, v in self.panel))
        marker = getattr(translate, "marker", None)
        if marker is None:
            return shown
        return replace(
            shown,
            units=tuple(replace(u, marker_labels=tuple(str(marker(m)) for m in u.markers)) for u in self.units),
            markers=tuple(replace(m, label=str(marker(m.text))) for m in self.markers),
        )

    def panel_items(self) -> list[tuple[str, str]]:
        """The panel as it is printed: labels with spaces for underscores."""
        return [(k.replace("_", " "), str(v)) for k, v in self.panel]

    def focused(self, label: Label) -> MapView:
        """The same map centred on ``label`` (a player asked for the area around a hex)."""
        return replace(self, last=LastAction(focus=(label,)))


def map_view(view: Mapping[str, Any], on_board: Callable[[Label], bool] | None = None) -> MapView:
    """The typed map of ``view``; ``on_board`` keeps only the counters standing on the map (not
    those in boxes off it)."""
    units = units_on_map(view)
    if on_board is not None:
        units = [u for u in units if on_board(u.hex)]
    name = view.get("map")
    return MapView(tuple(units), tuple(hex_markers(view)), last_action(view), tuple(_panel(view)), name if isinstance(name, str) else "")
