"""The contract every game implements (see docs/architecture.md).

A game is one object with pure methods over an immutable State. Front ends and tools depend only on
this surface: they never reach into a game's State, they render `view()` and `events`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Final, Generic, NamedTuple, Protocol, TypeVar

from games.core.errors import InvalidOptions
from games.core.faces import Faces
from games.core.search_hooks import NO_HOOKS, SearchHooks
from games.core.seat_policy import JSON as JSON
from games.core.seat_policy import Policy as Policy
from games.core.seat_policy import ViewThunk as ViewThunk

S = TypeVar("S")
_C = TypeVar("_C")


def plain_class(cls: type[_C]) -> type[_C]:
    """Leaves the class as it is, and so keeps it a plain Python class in the compiled build (mypyc,
    tools/build/compiled.py: any decorator but a dataclass's or mypyc's own does): one that keeps its
    `__dict__`, for classes pickled to the AI workers that a native class would not unpickle as they are
    (KINGs' trick entries)."""
    return cls


try:
    from mypy_extensions import mypyc_attr as mypyc_attr  # each game's class says it too
except ImportError:  # the pure-Python runtime has no mypy_extensions: only the compiler reads the marks

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_C], _C]:
        return _unchanged


def _unchanged(cls: _C) -> _C:
    return cls


_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class Event(NamedTuple):
    """Something that happened. `audience` None means public; otherwise only those seats may see it.

    A NamedTuple rather than a frozen dataclass: equally immutable and typed, but built by one
    `tuple.__new__` (see `new_event`), and engines emit one or more events on every action.
    """

    kind: str
    data: Mapping[str, JSON] = _NO_DATA
    audience: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_json(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "data": dict(self.data),
            "audience": None if self.audience is None else sorted(self.audience),
        }

    @staticmethod
    def from_json(raw: Mapping[str, JSON]) -> Event:
        audience = raw.get("audience")
        return Event(
            kind=str(raw["kind"]),
            data=dict(raw.get("data") or {}),
            audience=None if audience is None else frozenset(int(s) for s in audience),
        )


_tuple_new: Final = tuple.__new__
_EVENT: Final = Event  # a NamedTuple is no native class: compiled, its name is a module-dict read per use


def new_event(kind: str, data: Mapping[str, JSON], audience: frozenset[int] | None = None) -> Event:
    """`Event(kind, data, audience)` in one C call (skips NamedTuple.__new__'s argument handling).

    Both names are `Final`, so the compiled build reads them as C statics, not from the module's dict
    (two dict reads, ~200 instructions, on every event of the engines that build theirs here)."""
    return _tuple_new(_EVENT, (kind, data, audience))


@dataclass(frozen=True, slots=True)
class Prompt:
    """What a seat is being asked now: a kind (play, choose-target, give-card, bid…) and its details."""

    kind: str
    params: Mapping[str, JSON] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final result. placements[seat] is 1 for first; equal numbers are shared places."""

    placements: tuple[int, ...]
    scores: tuple[float, ...]
    teams: tuple[tuple[int, ...], ...] | None = None
    details: Mapping[str, JSON] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        return {
            "placements": list(self.placements),
            "scores": list(self.scores),
            "teams": None if self.teams is None else [list(t) for t in self.teams],
            "details": dict(self.details),
        }


_store: Final = object.__setattr__  # Final: compiled, a C static rather than a module-dict read
# Outcome's own __new__: object's on the source; compiled, the native class's (object.__new__ refuses it there)
_new_outcome_shell: Final = Outcome.__new__


def new_outcome(placements: tuple[int, ...], scores: tuple[float, ...], details: Mapping[str, JSON]) -> Outcome:
    """`Outcome(placements=..., scores=..., details=...)` (no teams), as `new_event` is for Event: by the
    frozen dataclass's own four field stores, without its keyword call through `__init__` (about 7.8k
    instructions a call on the source, half of it the call; TIMETRAP builds one a game, and a 2-player game
    is about 20 actions). The compiled build takes the same path: its Outcome is a native class, but the
    `__init__` is the one the dataclasses module writes, a Python function (~7k instructions a call
    there, 1.5% of a compiled 2-player TIMETRAP game). tests/core/test_contract_fast.py holds the two
    equal, field by field, on whichever build runs it."""
    result = _new_outcome_shell(Outcome)
    _store(result, "placements", placements)
    _store(result, "scores", scores)
    _store(result, "teams", None)
    _store(result, "details", details)
    return result


def placements_from_scores(scores: Sequence[float], lower_is_better: bool = False) -> tuple[int, ...]:
    """Competition ranking (1, 2, 2, 4): equal scores share a place."""
    ordered = sorted(scores, reverse=not lower_is_better)
    return tuple(ordered.index(s) + 1 for s in scores)


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """A table option: front ends build choices from it; the engine validates the value."""

    name: str
    choices: tuple[str, ...] = ()
    default: str | None = None
    help: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class VariantInfo:
    id: str
    names: Mapping[str, str]
    min_players: int
    max_players: int
    teams: bool = False
    """Played in teams (outcomes carry them); a game can mix team and solo variants (KINGs)."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str
    names: Mapping[str, str]
    variants: tuple[VariantInfo, ...]
    options: tuple[OptionInfo, ...] = ()
    teams: bool = False

    @property
    def min_players(self) -> int:
        return min(v.min_players for v in self.variants)

    @property
    def max_players(self) -> int:
        return max(v.max_players for v in self.variants)

    @property
    def default_variant(self) -> str:
        return self.variants[0].id

    def variant(self, variant_id: str | None) -> VariantInfo:
        """The named variant (default: the first), or InvalidOptions with the list of choices."""
        wanted = variant_id or self.default_variant
        for v in self.variants:
            if v.id == wanted:
                return v
        raise InvalidOptions(
            "unknown_variant", variant=wanted, choices=", ".join(v.id for v in self.variants)
        )

    def check_players(self, variant_id: str | None, players: int) -> VariantInfo:
        v = self.variant(variant_id)
        if not v.min_players <= players <= v.max_players:
            raise InvalidOptions("bad_player_count", min=v.min_players, max=v.max_players, got=players)
        return v

    def to_json(self) -> dict[str, JSON]:
        return {
            "id": self.id,
            "names": dict(self.names),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "teams": self.teams,
            "variants": [
                {
                    "id": v.id,
                    "names": dict(v.names),
                    "min_players": v.min_players,
                    "max_players": v.max_players,
                    "teams": v.teams or self.teams,
                }
                for v in self.variants
            ],
            "options": [
                {"name": o.name, "choices": list(o.choices), "default": o.default} for o in self.options
            ],
        }


@dataclass(frozen=True, slots=True)
class CardText:
    """One kind of card in words: for `/card`, the console's `?`, rules pages and picture sheets.

    `key` is stable (a card id or a kind id such as a hero slug); `ruling` marks an effect whose value
    came from our rulings (RULINGS.md) rather than the rulebook's words (shown on rules pages only).
    """

    key: str
    name: str
    effect: str
    ruling: bool = False


Names = Sequence[str] | None
"""names[seat] = a person's display name; None falls back to "P1".."Pn" (games.core.names)."""


class CardRenderer(Protocol):
    def __call__(self, card: str, lang: str, /) -> str: ...


class ActionRenderer(Protocol):
    def __call__(
        self, action: str, view: Mapping[str, JSON], lang: str, /, *, names: Names = None
    ) -> str: ...


class EventRenderer(Protocol):
    def __call__(self, event: Event, lang: str, /, *, names: Names = None) -> str: ...


class ViewRenderer(Protocol):
    def __call__(self, view: Mapping[str, JSON], lang: str, /, *, names: Names = None) -> str: ...


class PromptRenderer(Protocol):
    def __call__(self, prompt: Prompt, lang: str, /, *, names: Names = None) -> str: ...


class RulesRenderer(Protocol):
    def __call__(self, lang: str, /) -> str: ...


class EffectText(Protocol):
    def __call__(self, card: str, lang: str, /) -> str | None: ...


class ActionEffectText(Protocol):
    def __call__(self, action: str, view: Mapping[str, JSON], lang: str, /) -> str | None: ...


class CatalogText(Protocol):
    def __call__(self, lang: str, /) -> list[CardText]: ...


@dataclass(frozen=True, slots=True)
class GameText:
    """The renderers of a game's text module, so each Game wires them once instead of re-declaring
    delegating methods (front ends still call only Game.render_* / card_effect / describe_action /
    card_catalog). The last three are optional: a game without card texts leaves them None."""

    card: CardRenderer
    action: ActionRenderer
    event: EventRenderer
    view: ViewRenderer
    prompt: PromptRenderer
    rules: RulesRenderer
    effect: EffectText | None = None
    describe: ActionEffectText | None = None
    catalog: CatalogText | None = None


@dataclass(frozen=True, slots=True)
class ReplayMarks:
    """Where a replay's steps end, declared by the game: one step per trick and per part of a round's
    setup (a draft, bids, an exchange), instead of one per card, so stepping a game takes tens of clicks.

    Only public events (audience None) are read, so every viewer gets the same steps and a step number
    says nothing hidden. `steps`: event kinds after whose action a step ends; `rounds`: kinds that open a
    new round (or deal, or day: `round_word`), for the replay's "jump to a round". Empty: a step per action.
    """

    steps: frozenset[str] = frozenset()
    rounds: frozenset[str] = frozenset()
    round_word: str = "round"  # round | deal | day: what the jump list calls a round


@mypyc_attr(allow_interpreted_subclasses=True)  # any Python class may subclass it in the compiled build too
class Game(ABC, Generic[S]):
    """One game id. Every method is pure: states are never mutated, only replaced."""

    info: GameInfo

    # --- lifecycle -----------------------------------------------------------------------------
    @abstractmethod
    def setup(
        self,
        players: int,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
        variant: str | None = None,
    ) -> S:
        """A fresh table. Raises InvalidOptions with a player-facing reason for bad values."""

    def setup_events(self, state: S) -> list[Event]:
        """What the setup drew, to announce when the table starts (RULINGS "All games": "the oldest
        player" / "decide by any method" becomes a draw by the table's seeded RNG, announced publicly).

        The host publishes these together with the table's start; `simulate` leak-checks them like any
        other events. Only public facts (audience None) or per-seat private events: never a card hidden
        from a seat that can see the event. Default: nothing was drawn.
        """
        return []

    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]:
        """Seats that owe a decision now (several for simultaneous secret choices; empty when over)."""

    @abstractmethod
    def prompt(self, state: S, seat: int) -> Prompt | None:
        """What `seat` is asked now, or None when it owes nothing."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[str]:
        """Every legal action for `seat`, encoded (short, stable strings; they go into custom ids)."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: str) -> tuple[S, list[Event]]:
        """The new state and what happened. Raises IllegalAction (state untouched) when not legal."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, JSON]:
        """Everything `seat` may see, JSON-ready. None is a spectator."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Placements and scores once over; None before."""

    # --- persistence -----------------------------------------------------------------------------
    @abstractmethod
    def to_json(self, state: S) -> dict[str, JSON]: ...

    @abstractmethod
    def from_json(self, data: Mapping[str, JSON]) -> S: ...

    # --- what invariant checks need ------------------------------------------------------------
    @abstractmethod
    def all_cards(self, state: S) -> list[str]:
        """Every card id in the state, wherever it is (conservation check)."""

    @abstractmethod
    def hidden_from(self, state: S, seat: int | None) -> set[str]:
        """Card ids that `seat` may not know now (None: a spectator)."""

    def num_players(self, state: S) -> int:
        return int(self.view(state, None)["players"])

    # --- AI ----------------------------------------------------------------------------------------
    def policies(self) -> dict[str, Policy]:
        """Named AI policies; 'random' always exists."""
        from games.core.policy import random_policy

        return {"random": random_policy}

    replay: ReplayMarks = ReplayMarks()
    """Where a replay's steps end (one per trick and per setup part); the default: a step per action."""

    search: SearchHooks = NO_HOOKS
    """What the one search (games/search) may use of this game; the defaults when it declares nothing."""

    # --- text (pure; shared by the Discord and terminal front ends) ------------------------------
    texts: ClassVar[GameText | None] = None
    """A game's text module, wired once; the render_* methods below delegate to it when set."""

    faces: ClassVar[Faces | None] = None
    """What its pictures print: cards, decks, the table's look (games/core/faces.py); None: no pictures."""

    def render_card(self, card: str, lang: str = "en") -> str:
        return self.texts.card(card, lang) if self.texts else card

    def render_action(
        self, action: str, view: Mapping[str, JSON], lang: str = "en", *, names: Names = None
    ) -> str:
        """A button label for an action, from what the acting seat may see (people by `names`)."""
        return self.texts.action(action, view, lang, names=names) if self.texts else action

    def render_event(self, event: Event, lang: str = "en", *, names: Names = None) -> str:
        if self.texts:
            return self.texts.event(event, lang, names=names)
        return f"{event.kind} {dict(event.data)}"

    def render_view(self, view: Mapping[str, JSON], lang: str = "en", *, names: Names = None) -> str:
        """A multi-line text of the board as `view`'s seat sees it (people by `names`)."""
        return self.texts.view(view, lang, names=names) if self.texts else repr(dict(view))

    def render_prompt(self, prompt: Prompt, lang: str = "en", *, names: Names = None) -> str:
        return self.texts.prompt(prompt, lang, names=names) if self.texts else prompt.kind

    def rules_page(self, lang: str = "en") -> str:
        """The rules summary with rulings marked (docs/rules/<game>.md is the long form)."""
        return self.texts.rules(lang) if self.texts else self.info.names.get(lang, self.info.id)

    # --- card texts: what a card does, in a line (`/card`, the console's `?`) -----------------------
    def card_effect(self, card_id: str, lang: str = "en") -> str | None:
        """The short effect text of one card id; None for a card without an effect (or no texts)."""
        if self.texts and self.texts.effect:
            return self.texts.effect(card_id, lang)
        return None

    def describe_action(self, action: str, view: Mapping[str, JSON], lang: str = "en") -> str | None:
        """The short effect behind an action (a select option's description, a draft candidate's
        text), from what the acting seat may see; None when the action plays no card with an effect."""
        if self.texts and self.texts.describe:
            return self.texts.describe(action, view, lang)
        return None

    def card_catalog(self, lang: str = "en") -> list[CardText]:
        """Every distinct card kind with its effect (for `/card`, the console `?`, rules pages)."""
        if self.texts and self.texts.catalog:
            return self.texts.catalog(lang)
        return []
