"""What a game tells the one search (games/search) about itself: a typed record on `Game`, like `GameText`.

The search needs nothing beyond the engine contract, but a game may know better in seven places (docs/ai.md
has the measurements behind each game's choice). Each game declares one `SearchHooks` as `Game.search`; a
game that declares nothing searches with the defaults below, and the search reads only this record.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from games.core.seat_policy import JSON, Policy

DEFAULT_PLAYOUTS = 240
"""Playouts per decision of a game that says nothing."""

Path = tuple[str | int, ...]
"""A place in a state's JSON (("hands", 2), ("discards", 0, 1)): where a hidden card lies."""

Constraints = Mapping[Path, frozenset[str]]
"""Per place prefix, the cards that cannot be there (a seat that failed to follow holds none of the suit)."""


class Horizon(Protocol):
    """Where a playout may stop, and the value there for `seats` in [0, 1] (None: play on). `root` is the
    sampled state the decision is made on."""

    def __call__(self, root: Any, state: Any, seats: Sequence[int], /) -> float | None: ...


class SampleConstraints(Protocol):
    """What the seat's view makes public beyond its card lists, as constraints on the sampler's deal."""

    def __call__(self, view: Mapping[str, JSON], seat: int, /) -> Constraints: ...


class SampleDeal(Protocol):
    """The cards for `places` (a permutation of `cards`), dealt from the seat's view only."""

    def __call__(
        self,
        view: Mapping[str, JSON],
        seat: int,
        places: Sequence[Path],
        cards: Sequence[str],
        rng: random.Random,
        constraints: Constraints,
        /,
    ) -> list[str]: ...


class PlayoutView(Protocol):
    """The part of `Game.view(state, seat)` a playout policy reads, built without the rest."""

    def __call__(self, state: Any, seat: int, /) -> Mapping[str, JSON]: ...


@dataclass(frozen=True, slots=True)
class Playout:
    """A playout policy the game does not offer as a level (e.g. its rules of thumb without look-ahead),
    and the short view it reads, built once per playout action instead of the game's full view.

    `own`, when given, plays the searching side's own later moves and `policy` only the seats against it:
    a game may model its opponents as they were measured to play (TIMETRAP's heuristic seats) while the
    searching seat keeps the policy it means to follow. `own` reads `own_view` when given (a model of the
    opponents may read more than the searching side's own policy: its moves then skip those fields), else
    `view`."""

    policy: Policy
    view: PlayoutView | None = None
    own: Policy | None = None
    own_view: PlayoutView | None = None


PlayoutChoice = str | Playout
"""A playout policy: one of the game's policies by name, or a Playout."""

V = TypeVar("V")


def for_variant(value: V | Mapping[str, V], variant: object, default: V) -> V:
    """`value` for a table of `variant`: one value for every variant, or a mapping by variant id where
    "" stands for every variant not named (`default` when neither is there)."""
    if isinstance(value, Mapping):
        found: V = value.get(str(variant), value.get("", default))
        return found
    return value


@dataclass(frozen=True, slots=True)
class SearchHooks:
    """What the search may use of one game. `playout` and `playouts` are one value or a mapping by variant
    id ("" for the rest).

    - playout: the policy that plays the playouts (random ones are 4-10x cheaper than the heuristic, so
      more deals fit the same time); None: the game's heuristic, else random.
    - playouts: playouts per decision.
    - anchor: a policy name (usually the heuristic): the search departs from that policy's move only when
      the playouts show another clearly better.
    - race_deals: deals of their own for that one comparison when the shared deals leave it undecided.
    - horizon: where a playout stops and what the position is worth there (a long game plays out to the
      end of the deal or the day only, so playouts are several times shorter).
    - sample_constraints: what the seat's view shows beyond its card lists (a void), for the sampler.
    - sample_deal: the game's own deal of the hidden cards, when its hidden places are not alike.
    """

    playout: PlayoutChoice | Mapping[str, PlayoutChoice] | None = None
    playouts: int | Mapping[str, int] = DEFAULT_PLAYOUTS
    anchor: str | None = None
    race_deals: int = 0
    horizon: Horizon | None = None
    sample_constraints: SampleConstraints | None = None
    sample_deal: SampleDeal | None = None

    def playout_for(self, variant: object) -> PlayoutChoice | None:
        return for_variant(self.playout, variant, None)

    def playouts_for(self, variant: object) -> int:
        return for_variant(self.playouts, variant, DEFAULT_PLAYOUTS)


NO_HOOKS = SearchHooks()
"""A game that says nothing: every default above."""
