"""The game-module interface and the values that cross it.

A game is a handful of pure functions over plain, JSON-serialisable state (a ``dict``):
``setup``, ``active``, ``prompt``, ``parse``, ``apply``, ``view``, ``result``, plus referee
``override`` and ``check_invariants``. The kernel (``engine.kernel``) wraps a game with the log,
randomness, barriers, undo and replay; nothing else reads a game's state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from engine.errors import InvariantViolation
from engine.mapview import map_view
from engine.observation import Observation
from engine.text import Text, t

if TYPE_CHECKING:
    from engine.mapdata import MapData
    from engine.stacks import StackPolicy

Role = str
State = dict[str, Any]
View = dict[str, Any]

EVERYONE = "*"
REFEREE = "referee"
#: The viewer who reads only what everybody may read (the campaign channel).
PUBLIC = "public"


@dataclass(frozen=True)
class Action:
    """One order in canonical form: a verb and its arguments, exactly as it could be typed."""

    verb: str
    args: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return " ".join((self.verb, *self.args))

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> list[str]:
        return [self.verb, *self.args]

    @staticmethod
    def from_json(data: Sequence[str]) -> Action:
        return Action(str(data[0]), tuple(str(a) for a in data[1:]))


@dataclass(frozen=True)
class VerbInfo:
    """What a verb does and how it is typed, for ``help`` and autocomplete."""

    name: str
    syntax: str
    summary: Text
    aliases: tuple[str, ...] = ()
    #: The aliases of each language other than English, as ``(language, aliases)`` pairs: help
    #: and ``options`` show a reader the verb as typed in their language.
    translated: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def typed_in(self, language: str) -> str:
        """The verb as a reader of ``language`` types it: its first alias there, else its name."""
        for lang, words in self.translated:
            if lang == language and words:
                return words[0]
        return self.name


@dataclass(frozen=True)
class Prompt:
    """What ``role`` is asked now, and every legal action it may take."""

    role: Role
    text: Text
    actions: tuple[Action, ...] = ()
    verbs: tuple[str, ...] = ()
    #: The published default: what is done for ``role`` if it does not answer (a response
    #: window's ``pass``), so a campaign may run with deadlines without changing the rules.
    default: Action | None = None

    @property
    def waiting(self) -> bool:
        """True if the role has something to decide now."""
        return bool(self.actions)


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the winner (or ``None`` for a draw) and why."""

    winner: Role | None
    reason: Text


@dataclass(frozen=True)
class ScenarioInfo:
    name: str
    title: str
    description: Text | str = ""


@dataclass(frozen=True)
class Override:
    """A referee's typed intervention: ``kind`` with arguments and a mandatory reason."""

    kind: str
    args: tuple[str, ...]
    reason: str

    @property
    def text(self) -> str:
        return " ".join((self.kind, *self.args))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": list(self.args), "reason": self.reason}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Override:
        return Override(str(data["kind"]), tuple(str(a) for a in data["args"]), str(data["reason"]))


class Context(Protocol):
    """What a game may ask of the kernel while it sets up or applies an action."""

    def roll(self, sides: int, why: Text) -> int: ...

    def shuffle(self, items: Sequence[Any], why: Text) -> list[Any]: ...

    def pick(self, items: Sequence[Any], why: Text) -> Any: ...

    def log(self, text: Text, to: Role = EVERYONE) -> None: ...

    def reveal(self, text: Text, to: Role = EVERYONE) -> None: ...


class Game(ABC):
    """The base class of every game: each hook the kernel, service, renderer and tests call.

    A game overrides the methods marked *required* and any optional hook whose default does not
    fit; nothing is discovered by name elsewhere. Information leaves a game through one door,
    a projection per *viewer*: a role, ``PUBLIC`` (what everybody may read: the campaign
    channel) or ``REFEREE`` (everything). ``view`` is the map-and-panel projection, texts name
    secret values through ``engine.text.Secret`` parameters (rendered per viewer), and orders
    and overrides are projected by ``order_text`` / ``override_text``. Read ``engine/games/ADDING_A_GAME.md``
    and the template game ``engine/games/duel`` before writing one.
    """

    name: str = ""
    title: str = ""
    roles: tuple[Role, ...] = ()
    scenarios: Mapping[str, ScenarioInfo] = {}
    options: Mapping[str, Any] = {}
    verbs: Mapping[str, VerbInfo] = {}
    #: The map, for games played on one (the renderer draws it; ``map HEX`` looks places up).
    board: MapData | None = None
    #: Whether ``adjutant games`` and the Discord game list show the game (the template does not).
    listed: bool = True
    #: Whether each seat holds private information (a hand): its holdings go to it privately
    #: after every change, and its refused orders are answered to it alone.
    hidden_holdings: bool = False
    #: The game's own referee override kinds (``override``), offered by autocomplete and help.
    override_kinds: tuple[str, ...] = ()
    #: Whether the game's rules read its board through ``engine.mapoverlay.with_map``, so that a
    #: referee's ``map`` overrides change the rulings (games that do not refuse ``map``).
    reads_map_overrides: bool = False
    #: The printed values of a counter a referee may change (``counter UNIT FIELD VALUE``, see
    #: ``engine.printed``): name -> ``"int"`` or ``"bool"``; the game's values accessor reads them.
    counter_fields: Mapping[str, str] = {}
    #: The unit value counting the steps a counter has lost (the side it shows), for ``counter``.
    counter_step_key: str = "step"
    #: The dice the game rolls, by number of sides: a referee's fixed roll (``dice N``) must be
    #: at most the largest, and is checked again against the die actually rolled.
    dice: tuple[int, ...] = (6,)
    #: The version of the rules as the engine applies them. Bump it (and add a section to the
    #: game's ``CHANGES.md``) when a change would make an old campaign's log replay differently:
    #: running campaigns then continue from their latest state under the new rules, and their
    #: referees and players are told what changed.
    rules_version: int = 1
    #: The version of the state's shape. Bump it with a step in ``migrate_state`` when keys are
    #: added, renamed or change meaning, so that states saved earlier still load.
    state_format: int = 1
    #: State keys a position file may hold though the scenario's set-up state lacks them: parts
    #: of the state (``"outcome"``) and unit values (``"units.*.moved"``); see ``engine.position``.
    position_keys: tuple[str, ...] = ()

    # Required ------------------------------------------------------------------------------------
    @abstractmethod
    def setup(self, scenario: str, options: Mapping[str, Any], ctx: Context) -> State:
        """*Required.* The state at the start of ``scenario`` (rolls and shuffles through ``ctx``)."""

    @abstractmethod
    def active(self, state: State) -> frozenset[Role]:
        """*Required.* The roles who may act now (several during simultaneous choices)."""

    @abstractmethod
    def prompt(self, state: State, role: Role) -> Prompt:
        """*Required.* What ``role`` is asked now and every legal action (one list drives all)."""

    @abstractmethod
    def parse(self, state: State, role: Role, line: str) -> Action:
        """*Required.* One typed order line as an ``Action``, or ``InvalidOrder`` / ``AmbiguousOrder``."""

    @abstractmethod
    def apply(self, state: State, role: Role, action: Action, ctx: Context) -> State:
        """*Required.* Apply a legal action (``state`` is the kernel's working copy) or raise ``IllegalOrder``."""

    @abstractmethod
    def view(self, state: State, viewer: Role) -> View:
        """*Required.* Everything ``viewer`` may see of the board and panel, and nothing more."""

    @abstractmethod
    def result(self, state: State) -> Outcome | None:
        """*Required.* The outcome once the game is over, else ``None``."""

    @abstractmethod
    def override(self, state: State, override: Override, ctx: Context) -> State:
        """*Required.* Apply a referee's game-specific override (the kernel handles set/rewind/grant-undo)."""

    @abstractmethod
    def check_invariants(self, state: State) -> None:
        """*Required.* Raise ``InvariantViolation`` if ``state`` is impossible (overrides never skip it)."""

    @abstractmethod
    def status(self, state: State, viewer: Role) -> Text:
        """*Required.* The turn, phase and tracks, as ``viewer`` may read them."""

    @abstractmethod
    def holdings(self, state: State, role: Role) -> Text:
        """*Required.* ``role``'s private holdings (a hand), for ``role`` alone."""

    # Optional hooks ------------------------------------------------------------------------------
    def observe(self, state: State, viewer: Role) -> Observation:
        """Everything ``viewer`` may know now, through one door: the typed map read from ``view``
        (counters standing on the board only), ``status``, and, for a seat of a game whose seats
        hold secrets (``hidden_holdings``), its ``holdings``. The service and renderer read only
        this; override it only to build the map directly instead of through ``view``."""

        view = self.view(state, viewer)
        board = self.board
        on_board = (lambda label: label in board.grid) if board is not None else None
        holdings = self.holdings(state, viewer) if self.hidden_holdings and viewer in self.roles else None
        return Observation(viewer, map_view(view, on_board), self.status(state, viewer), holdings, view)

    def prompt_text(self, state: State, role: Role) -> Text:
        """What ``role`` is asked, without computing every legal action (override when costly)."""
        return self.prompt(state, role).text

    def auto_action(self, state: State, role: Role) -> Action | None:
        """A standing order's answer for ``role`` now, applied by the kernel without a round-trip."""
        return None

    def query(self, state: State, role: Role, line: str) -> Text | None:
        """A read-only answer to ``line`` (previews such as ``odds``) for ``role`` alone, or ``None``."""
        return None

    def order_text(self, action: Action, viewer: Role) -> str:
        """How ``viewer`` (never the order's own player, never the referee) reads ``action``.

        The default shows it whole; a game redacts the secret part (a picked card, a private
        standing order). Echoes, history, undo announcements and refusals all read it here.
        """
        return action.text

    def order_said(self, state: State, role: Role, action: Action) -> Text | None:
        """How everybody but ``role`` and the referee reads ``action``, decided where it was given
        (``state`` is the position before it): a ``Text`` whose ``Secret`` parameters hide what
        only some viewers may know (a counter below the top of a hidden stack: ``stacks.unit_ref``).
        The kernel keeps it with the order, so the echo, history, undo texts and refusals read
        it for ever after. ``None`` (the default): ``order_text`` projects the order instead.
        """
        return None

    def override_text(self, override: Override, viewer: Role) -> str:
        """How ``viewer`` (never the referee) reads a referee override: redact hands, decks, hidden units.
        The default hides the value of a ``set`` on a secret holding (``private_set``)."""
        return private_set(override, viewer) or override.text

    def secrets(self, state: State) -> Mapping[Role, set[str]]:
        """For the tests: words each role keeps from the others now (the cards in a hand)."""
        return {}

    def redeal(self, state: State, role: Role, ctx: Context) -> State | None:
        """For the tests: ``state`` with ``role``'s hidden holdings dealt again consistently with
        everything public (hand sizes, pile sizes), or ``None`` when the role hides nothing.

        The random-play harness applies the same public action to both and checks that nobody's
        turn and no public text depends on what was in the hand.
        """
        return None

    def settle(self, state: State, ctx: Context) -> None:  # noqa: B027 - optional hook, empty by default
        """*Optional.* Carry out in place what the rules do by themselves from ``state`` before
        anyone is asked (the automatic steps a loaded position file may stop on), drawing through
        ``ctx``. The default: nothing (a game whose every step waits for a player)."""

    def migrate_state(self, state: State, from_format: int) -> State:
        """A state saved in format ``from_format`` (a snapshot or head written by an earlier
        version) in the current ``state_format``. The default takes the current format only;
        a game that bumps ``state_format`` adds one step per version here."""
        if from_format != self.state_format:
            raise InvariantViolation(
                t("A state saved in format {old} cannot be read by this version (format {new}).", old=from_format, new=self.state_format)
            )
        return state

    def default_action(self, state: State, role: Role) -> Action | None:
        """The decision's published default, which the service applies as an ordinary order when
        the campaign's deadline for it passes (``None``: the referees decide). Default: the
        prompt's published ``default`` (a held roll's ``accept``), else ``pass``, ``done`` or
        ``end`` (without arguments), whichever the prompt lists first."""
        prompt = self.prompt(state, role)
        if prompt.default is not None:
            return prompt.default
        actions = prompt.actions
        for verb in ("pass", "done", "end"):
            for action in actions:
                if action.verb == verb and not action.args:
                    return action
        return None

    def ordered_stacks(self, state: State) -> tuple[StackPolicy, Mapping[str, Mapping[str, Any]]] | None:
        """The game's stack rule and the counters it orders (``engine.stacks``), for the kernel's
        referee override ``restack LOCATION UNIT ...`` (a stack's whole new order, announced
        without naming a counter); ``None`` (the default): the game has no ordered stacks."""
        return None

    def turn(self, state: State) -> int | None:
        """The game turn now (the end of each is summed up in public, and the timelapse draws one
        frame per turn), or ``None`` for a game without turns. Default: the state's ``turn``."""
        turn = state.get("turn")
        return turn if isinstance(turn, int) and not isinstance(turn, bool) else None

    def validate(self) -> list[str]:
        """Problems in the game's data files (``adjutant validate GAME``)."""
        return []

    def data_notes(self) -> list[str]:
        """Facts about the data files that are not problems (``adjutant validate GAME`` prints them)."""
        return []

    def position_sections(self, state: State) -> dict[str, Any]:
        """The ``state`` part of a position file (``engine.position``): the game's parts by name.

        The default writes the state's own parts, so every game can be exported; a game may
        rename or regroup them to make the file friendlier, and then reads them back in
        ``position_state``. ``state`` is a copy (the kernel's own values already taken out).
        """
        return state

    def position_state(self, sections: dict[str, Any], template: State) -> State:
        """The state a position file's checked ``sections`` describe.

        ``template`` is the scenario's set-up state (a copy): the default replaces each of its
        parts by the part the file gives and keeps the others, so a hand-written position need
        only hold what differs from the set-up.
        """
        template.update(sections)
        return template

    def referee_views(self, state: State) -> Mapping[str, Any]:
        """Readings of ``state`` the referee's ``show WHAT`` offers beside the state's own parts
        (``history``: what each unit did this round, the round's markers...), by name. They are
        read only; the referee sets what they show with the game's overrides. Default: none."""
        return {}

    def referee_log_views(self, state: State, entries: Sequence[LogEntry]) -> Mapping[str, Any]:
        """Readings like ``referee_views`` that also read the campaign's log (``entries``, oldest
        first), for what the state does not keep (the units placed this turn...); by name, over
        ``referee_views``' reading of the same name. Default: none."""
        return {}

    def board_named(self, name: str) -> MapData | None:
        """The map a view names (``view["map"]``), for games whose scenarios are played on different
        maps; by default the game's one ``board``."""
        return self.board

    def hexes(self) -> frozenset[str] | None:
        """Every hex of the map (a position's units are checked against it), or ``None`` without one."""
        if self.board is None:
            return None
        return frozenset(self.board.terrain)

    def unit_label(self, uid: str) -> str:
        """A unit's printed name."""
        return uid


@dataclass(frozen=True)
class LogEntry:
    """One line of the campaign log and who may read it (``*``, a role, or ``referee``)."""

    text: Text
    to: Role = EVERYONE
    kind: str = "event"

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text.to_json(), "to": self.to, "kind": self.kind}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> LogEntry:
        return LogEntry(Text.from_json(data["text"]), str(data["to"]), str(data.get("kind", "event")))


#: Parts of a state path that name a secret holding: a ``set`` there shows its value only to
#: the referee and to the role the path names (``cards.axis.hand`` to the Axis).
SECRET_PATH_PARTS = frozenset(
    {"hand", "hands", "deck", "decks", "draw", "draws", "chit", "chits", "cup", "cups", "standing",
     "reactions", "picks", "sealed", "secret", "secrets", "hidden"}
)


def private_set(override: Override, viewer: Role, parts: frozenset[str] = SECRET_PATH_PARTS) -> str | None:
    """``set PATH (private)`` when ``override`` sets a path through one of ``parts`` that is not
    ``viewer``'s own holding; ``None`` when ``viewer`` may read it as typed."""
    if override.kind != "set" or not override.args:
        return None
    path = override.args[0]
    keys = {key.casefold() for key in path.split(".")}
    if viewer.casefold() in keys or not keys & parts:
        return None
    return f"set {path} (private)"



def hidden_counter_override(override: Override) -> bool:
    """Whether ``override`` changes a counter's values or a unit's state part (``counter ...``,
    ``set units...``, ``set stacks...``): in a game of hidden counters no player reads it."""
    if override.kind == "counter":
        return True
    return override.kind == "set" and bool(override.args) and override.args[0].split(".")[0] in ("units", "stacks")
