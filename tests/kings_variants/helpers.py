"""Constructed states for the variant rule tests (a known deal instead of a shuffle)."""

from __future__ import annotations

from typing import Any

from games.core.contract import Event
from games.kings.variants import ENGINES
from games.kings.variants.base import Variant
from games.kings.variants.engine import VariantGame
from games.kings.variants.state import Entry, VState

SEED = 3


def engine(variant: str) -> VariantGame:
    game = ENGINES[variant]
    assert isinstance(game, VariantGame)
    return game


def rules(variant: str) -> Variant:
    return engine(variant).variant


def play_state(
    variant: str,
    hands: list[list[str]],
    sets: str,
    *,
    leader: int = 0,
    trick: list[tuple[int, str]] | None = None,
    info: dict[str, Any] | None = None,
    queens: list[int] | None = None,
    king_ok: list[bool] | None = None,
    round_no: int = 1,
) -> VState:
    """A play-phase state with the given hands and KQJ sets (one letter per seat), cards in `trick`
    already played from `leader` on. Cards not in play are kept in the deck so every id stays unique."""
    n = len(hands)
    game = engine(variant)
    base = game.setup(n, {}, SEED, variant)
    used = {c for h in hands for c in h} | {c for _, c in trick or []}
    everything = [c for c in game.all_cards(base) if c not in used]
    empty: tuple[tuple[str, ...], ...] = tuple(() for _ in range(n))
    entries = tuple(Entry(s, c) for s, c in trick or [])
    state = base._replace(
        phase="play",
        round=round_no,
        hands=tuple(tuple(h) for h in hands),
        deck=tuple(everything),
        box=(),
        dead=(),
        pool=(),
        aside=empty,
        discards=empty,
        taken=empty,
        sets=tuple(sets),
        king_used=(False,) * n,
        king_ok=tuple(king_ok) if king_ok else (True,) * n,
        queen_left=tuple(queens) if queens else (1,) * n,
        trick=entries,
        leader=leader,
        regular=len(entries),
        waiting=(),
        tricks=(0,) * n,
        bonus=(0,) * n,
        pending=(0,) * n,
        order=(),
        public=frozenset(),
    )
    if info:
        state = state.with_info(**info)
    return state


def trick_winner(events: list[Event]) -> int:
    return int(next(e for e in events if e.kind == "trick").data["winner"])
