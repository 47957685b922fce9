"""Trick mechanics shared by every Trickster edition: roles, patterns, following, busting, collecting.

Rulebook: 004_6403efb1403ffcad.txt, "How to Play (3-7 Players)" and "Two Player Mode"; the Champions of
Time rulebook (000_fcfbe286cff5777b.txt, 【リードとフォロー】, 【トリック終了】, 【２－３人用ルール】)
describes the same loop with other suits, heroes and round structure.

How an edition plugs in
-----------------------
1. Cards are ints (indexes into the edition's card list). Build one `CardTable` from the (suit, hero)
   pair of every card; suits and heroes are just small ints, so 7 suits or 8, Fantasy heroes or
   Champions of Time heroes, all work the same. Keep the table outside the State (it is derived from
   the deck option), and pass it to these functions.
2. Start each trick with `open_trick(table, order, leader=..., trickster=...)`:
   - 3-7 players (both editions, CoT 4-7): `order=clockwise(leader, players)`, the Trickster is the
     seat after the Leader (`left_of`); the trick ends when every seat in `order` has had its turn.
   - 49-card 2-player mode: `order=(leader, other)`, `cyclic=True`: the two alternate until one cannot
     follow; there is no "everyone followed" end.
   - CoT 2-3 players: no Leader (`leader=NO_SEAT`); pass the Timeline card as `pot=(card,)` so it is
     the first card; `order=clockwise(trickster, 3)` or `(t, o, t, o)` for two players (two turns each).
   - `limit=7` is the 49-card rule "if there are ever seven cards in the Pot ... the Trickster takes
     the cards"; 0 means no limit.
3. On a seat's turn (`trick.turn`): `legal_cards(table, trick, hand)` lists the cards it may play (any
   card while the pot holds fewer than two cards, else those obeying the pattern). Empty (including an
   empty hand) means the seat busts: it collects the pot (`collector = trick.turn`).
4. A card played on a turn enters with `play_card`; a card an effect adds (Striker, Matriarch, Noble,
   Beast, Inventor...) enters with `add_card(table, trick, card, seat)`, which applies "the Leader's
   own effect put the second card in the pot: the Leader becomes the Trickster". Check
   `can_follow(table, trick, card)` and `has_room(trick)` before offering such a card.
5. When the turn (card and effect) is over, `finish_turn(trick)` returns either the next `Trick` or
   an int: the seat that collects (the Trickster, because everyone followed or the pot is full).
6. Who leads next is edition policy; `roles_after_collect` covers the 49-card rules (3-7 players: the
   collector leads; 2 players: the collector becomes the Trickster and the opponent leads).

Everything here is pure and works on tuples and ints, because it sits on the simulation hot path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import IntEnum
from typing import Any, Final, NamedTuple

NO_SEAT: Final = -1
"""`Trick.leader` when no player led (the Champions of Time Timeline card opened the pot)."""

HERO_SHIFT: Final = 16
"""Suit bits live below this bit, hero bits at and above it (up to 16 suits)."""


class Pattern(IntEnum):
    """What later cards must obey, fixed by the first two cards in the pot (rulebook, 'How to Play')."""

    OPEN = 0  # fewer than two cards in the pot: any card may be played
    SUIT = 1  # "Different hero and Same suit": play the same suit
    HERO = 2  # "Same hero and Different suit": play the same hero
    UNIQUE = 3  # "Unique": repeat no hero and no suit already in the pot


# Module-level aliases: `Pattern.SUIT` is a slow class-attribute lookup on an Enum (hot path).
_OPEN: Final = Pattern.OPEN
_SUIT: Final = Pattern.SUIT
_HERO: Final = Pattern.HERO
_UNIQUE: Final = Pattern.UNIQUE


class CardTable:
    """Suit and hero of every card (indexed by card int), with bit masks for fast pattern checks."""

    __slots__ = ("bits", "hero", "suit")

    def __init__(self, faces: Sequence[tuple[int, int]]) -> None:
        for suit, hero in faces:
            if not 0 <= suit < HERO_SHIFT or hero < 0:
                raise ValueError(f"bad card face {(suit, hero)}")
        self.suit: tuple[int, ...] = tuple(s for s, _ in faces)
        self.hero: tuple[int, ...] = tuple(h for _, h in faces)
        self.bits: tuple[int, ...] = tuple((1 << s) | (1 << (HERO_SHIFT + h)) for s, h in faces)

    def __len__(self) -> int:
        return len(self.suit)


def pattern_of(table: CardTable, first: int, second: int) -> Pattern:
    """The pattern set by the second card relative to the first."""
    if table.suit[first] == table.suit[second]:
        return _SUIT
    if table.hero[first] == table.hero[second]:
        return _HERO
    return _UNIQUE


def follow_rule(table: CardTable, pot: Sequence[int]) -> tuple[Pattern, int]:
    """(pattern, mask) for a pot. SUIT/HERO: a card must share a bit of `mask`; UNIQUE: share none."""
    if len(pot) < 2:
        return _OPEN, 0
    first, second = pot[0], pot[1]
    suit = table.suit
    if suit[first] == suit[second]:
        return _SUIT, 1 << suit[first]
    hero = table.hero
    if hero[first] == hero[second]:
        return _HERO, 1 << (HERO_SHIFT + hero[first])
    pattern = _UNIQUE
    used = 0
    bits = table.bits
    for card in pot:
        used |= bits[card]
    return pattern, used


def obeys(table: CardTable, pattern: Pattern, mask: int, card: int) -> bool:
    """Does `card` obey (pattern, mask)?"""
    if pattern is _OPEN:
        return True
    if pattern is _UNIQUE:
        return not table.bits[card] & mask
    return bool(table.bits[card] & mask)


class Trick(NamedTuple):
    """One trick in progress. A tuple (immutable, cheap to rebuild), JSON-ready via `trick_to_json`."""

    pot: tuple[int, ...]
    order: tuple[int, ...]  # seats in turn order for this trick
    step: int  # how many turns were finished; the seat to act is order[step % len(order)]
    cyclic: bool  # 2-player mode: keep alternating until someone cannot follow
    leader: int  # the seat that played the first card, or NO_SEAT
    trickster: int  # collects when everyone followed or the pot is full
    pattern: Pattern
    mask: int
    limit: int  # pot size that ends the trick at the end of a turn (0: no limit)

    @property
    def turn(self) -> int:
        """The seat whose turn it is."""
        order = self.order
        return order[self.step % len(order)]


TRICK_TYPE: Final = Trick  # the class as a `Final` alias: compiled, a C static, not a module-dict read (hot path)

_CLOCKWISE: Final = {
    (start, n): tuple((start + i) % n for i in range(n)) for n in range(1, 17) for start in range(n)
}


_new_trick: Final = tuple.__new__  # a Trick from a ready tuple (hot path; skips NamedTuple.__new__)


def clockwise(start: int, players: int) -> tuple[int, ...]:
    """Every seat once, starting at `start`, in seat order ("clockwise" = seat order, RULINGS.md)."""
    order = _CLOCKWISE.get((start, players))
    if order is None:
        order = tuple((start + i) % players for i in range(players))
    return order


def left_of(seat: int, players: int) -> int:
    """The next seat clockwise ("the player to their left")."""
    return (seat + 1) % players


def open_trick(
    table: CardTable,
    order: Sequence[int],
    *,
    leader: int,
    trickster: int,
    cyclic: bool = False,
    limit: int = 0,
    pot: Sequence[int] = (),
) -> Trick:
    """A new trick. `pot` may already hold a non-player first card (the CoT Timeline card)."""
    if not order:
        raise ValueError("a trick needs at least one seat in its turn order")
    pot_t = tuple(pot)
    pattern, mask = follow_rule(table, pot_t)
    return Trick(pot_t, tuple(order), 0, cyclic, leader, trickster, pattern, mask, limit)


def can_follow(table: CardTable, trick: Trick, card: int) -> bool:
    """May `card` enter the pot now (by a play, or by an effect that adds 'a legal card')?"""
    pattern = trick[6]  # trick.pattern (tuple index: hot path)
    if pattern is _OPEN:
        return True
    if pattern is _UNIQUE:
        return not table.bits[card] & trick[7]
    return bool(table.bits[card] & trick[7])


def legal_cards(table: CardTable, trick: Trick, cards: Sequence[int]) -> tuple[int, ...]:
    """The cards among `cards` that may enter the pot now, in the given order."""
    pattern = trick[6]  # trick.pattern
    if pattern is _OPEN:
        return tuple(cards)
    bits = table.bits
    mask = trick[7]  # trick.mask
    if pattern is _UNIQUE:
        return tuple(c for c in cards if not bits[c] & mask)
    return tuple(c for c in cards if bits[c] & mask)


def legal_plays(table: CardTable, trick: Trick, hand: Sequence[int], actions: Sequence[str]) -> list[str]:
    """The play actions (`actions[card]`) of the cards in `hand` that may enter the pot now, in hand order.

    Both editions' `legal_actions` call this on every turn of a simulation: plain loops, because a
    filtering comprehension is a function call of its own on Python 3.11, and `list(map(actions.__getitem__,
    hand))` calls a slot wrapper (with an argument tuple) per card: several times the loop's cost."""
    pattern = trick[6]  # trick.pattern
    legal = []
    if pattern is _OPEN:
        for c in hand:
            legal.append(actions[c])
        return legal
    bits = table.bits
    mask = trick[7]  # trick.mask
    if pattern is _UNIQUE:
        for c in hand:
            if not bits[c] & mask:
                legal.append(actions[c])
    else:
        for c in hand:
            if bits[c] & mask:
                legal.append(actions[c])
    return legal


def busts(table: CardTable, trick: Trick, hand: Sequence[int]) -> bool:
    """True when the seat to act cannot legally add a card (an empty hand cannot follow either)."""
    pattern = trick[6]  # trick.pattern
    if pattern is _OPEN:
        return not hand
    bits = table.bits
    mask = trick[7]  # trick.mask
    # plain loops: cheaper than all()/any() over a generator for a hand of a few cards (hot path)
    if pattern is _UNIQUE:
        for c in hand:  # noqa: SIM110
            if not bits[c] & mask:
                return False
        return True
    for c in hand:  # noqa: SIM110
        if bits[c] & mask:
            return False
    return True


def has_room(trick: Trick) -> bool:
    """Can an effect add one more card? A full pot (the limit) takes no more cards."""
    return not trick.limit or len(trick.pot) < trick.limit


def _with_card(table: CardTable, trick: Trick, card: int, trickster: int) -> Trick:
    pot, order, step, cyclic, leader, _, pattern, mask, limit = trick
    pot = pot + (card,)
    if len(pot) == 2:
        pattern, mask = follow_rule(table, pot)
    elif pattern is _UNIQUE:
        mask |= table.bits[card]
    return _new_trick(TRICK_TYPE, (pot, order, step, cyclic, leader, trickster, pattern, mask, limit))


def play_card(table: CardTable, trick: Trick, card: int) -> Trick:
    """The seat to act plays `card` to the pot (legality is the caller's check: `can_follow`)."""
    return _with_card(table, trick, card, trick.trickster)


def add_card(table: CardTable, trick: Trick, card: int, seat: int) -> Trick:
    """An effect of `seat`'s card adds `card` to the pot.

    If this is the second card and `seat` led the first, the Leader takes the Trickster role and this
    card sets the pattern (004 rulebook, "Striker/Matriarch Notes"; CoT 【トリックスターに関する特殊処理】).
    """
    trickster = trick.trickster
    if len(trick.pot) == 1 and seat == trick.leader and trick.leader != NO_SEAT:
        trickster = seat
    return _with_card(table, trick, card, trickster)


def finish_turn(trick: Trick) -> Trick | int:
    """End the current turn: the next trick state, or the seat that collects (always the Trickster).

    The Trickster collects when every seat in a non-cyclic order has had its turn ("each player legally
    played one card") or when the pot reached its limit ("seven cards in the Pot").
    """
    pot, order, step, cyclic, leader, trickster, pattern, mask, limit = trick
    if limit and len(pot) >= limit:
        return trickster
    step += 1
    if not cyclic and step >= len(order):
        return trickster
    return _new_trick(TRICK_TYPE, (pot, order, step, cyclic, leader, trickster, pattern, mask, limit))


def roles_after_collect(collector: int, players: int) -> tuple[int, int]:
    """(Leader, Trickster) of the next trick under the 49-card rules.

    3-7 players: "the player who collected cards becomes the next Leader ... The player to their left
    is the new Trickster". Two Player Mode: "you do not become Leader. Instead, your opponent becomes
    the Leader and you become the Trickster."
    """
    if players == 2:
        return 1 - collector, collector
    return collector, left_of(collector, players)


def trick_to_json(trick: Trick) -> dict[str, Any]:
    """Plain JSON for a Trick (cards stay ints; the edition maps them to ids if it wants)."""
    return {
        "pot": list(trick.pot),
        "order": list(trick.order),
        "step": trick.step,
        "cyclic": trick.cyclic,
        "leader": trick.leader,
        "trickster": trick.trickster,
        "limit": trick.limit,
    }


def trick_from_json(table: CardTable, raw: Mapping[str, Any]) -> Trick:
    """Inverse of `trick_to_json` (pattern and mask are recomputed from the pot)."""
    pot = tuple(int(c) for c in raw["pot"])
    pattern, mask = follow_rule(table, pot)
    return Trick(
        pot,
        tuple(int(s) for s in raw["order"]),
        int(raw["step"]),
        bool(raw["cyclic"]),
        int(raw["leader"]),
        int(raw["trickster"]),
        pattern,
        mask,
        int(raw["limit"]),
    )
