"""Constructed KINGs tables for rule tests (start from known hands, the way pokerkit starts from a deck)."""

from __future__ import annotations

from collections.abc import Sequence

from games.kings import engine
from games.kings.cards import playing_cards
from games.kings.state import Table

RULEBOOK = "002_4e143f857986e60e.txt"


def fresh(players: int = 4, variant: str = "standard", seed: int = 0, **opts: bool) -> Table:
    table, _ = engine.new_table(players, dict(opts), seed, variant)
    return table


def play_table(
    hands: Sequence[Sequence[str]],
    kings: Sequence[str] = ("w", "r", "b", "g"),
    chars: Sequence[Sequence[str]] | None = None,
    bids: Sequence[Sequence[str]] | None = None,
    lead: int = 0,
    variant: str = "standard",
    round_: int = 1,
) -> Table:
    """A table in the trick phase with the given hands, kings, parties and bids."""
    n = len(hands)
    t = fresh(n, variant)
    t.round = round_
    t.own_king = list(kings[:n])
    t.chars = [list(c) for c in chars] if chars else [[] for _ in range(n)]
    t.bids = [list(b) for b in bids] if bids else [[] for _ in range(n)]
    t.revealed = True
    t.hands = [list(h) for h in hands]
    used = {c for h in hands for c in h}
    t.deck = [c for c in playing_cards(max(n, 3)) if c not in used]
    t.draft_order, t.pool, t.sets_left = [], [], []
    t.phase = "play"
    t.start_player = lead
    t.hand_size = len(hands[0])
    engine._new_trick(t, lead)
    return t


def act(t: Table, seat: int, action: str) -> Table:
    new, _ = engine.apply(t, seat, action)
    return new


def play_all(t: Table, actions: Sequence[tuple[int, str]]) -> Table:
    for seat, action in actions:
        t = act(t, seat, action)
    return t
