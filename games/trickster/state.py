"""The Trickster (49-card) table state: immutable tuples of ints, and its JSON form.

NamedTuples rather than dataclasses: they are frozen, typed, and about three times cheaper to build,
which matters because every action builds a new State (simulation hot path).

Knowledge: cards in hands and in the deck are hidden, except where the rules reveal them. `public`
is a bit mask (bit = card int) of hidden-zone cards everyone knows; `seen[seat]` the ones that seat
also knows (a card it gave away secretly, the card it put on the deck...). A player always knows
their own hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from games.trickster.cards import CARD_IDS, CARD_INDEX, HERO_INDEX, HEROES, TABLE
from games.trickster.tricks import Trick, trick_from_json, trick_to_json

HOUSE_PICK: Final = 0
PLAYING: Final = 1
EFFECT: Final = 2
OVER: Final = 3
PHASE_NAMES: Final = ("house", "play", "effect", "over")


class Pending(NamedTuple):
    """An effect waiting for a choice (see hero.py): who chooses what, and the choices so far."""

    hero: int
    actor: int
    card: int  # the card whose effect this is
    picks: tuple[int, ...]
    memo: tuple[int, ...]
    kind: str
    choosers: tuple[int, ...]
    options: tuple[tuple[int, ...], ...]
    note: str
    commits: tuple[int, ...]  # per chooser: the secret choice made, or -1


class State(NamedTuple):
    players: int
    deck_name: str  # the deck option (fantasy, tianxia, symbiosis, basic-mix, epic-mix)
    heroes: tuple[int, ...]  # heroes in play
    hand_size: int  # starting hand size (refills deal up to it)
    ends_at: int  # the Out count that ends the game
    outs: int  # times players were Out so far
    phase: int
    hands: tuple[tuple[int, ...], ...]
    houses: tuple[tuple[int, ...], ...]
    trash: tuple[int, ...]
    deck: tuple[int, ...]  # index 0 is the top
    trick: Trick
    sideways: int  # bit mask of sideways cards
    public: int  # bit mask: hidden-zone cards known to all
    seen: tuple[int, ...]  # per seat: hidden-zone cards that seat knows besides its hand
    house_picks: tuple[int, ...]  # setup: each seat's secret House choice (-1: not yet)
    pending: Pending | None
    rng: int
    turns: int  # actions applied so far (a version number for front ends)


# The NamedTuple classes as `Final` aliases for the hot path's `tuple.__new__(STATE_TYPE, ...)`: compiled,
# a NamedTuple is no native class, so a plain read of its name is a module-dict lookup (~100 instructions).
STATE_TYPE: Final = State
PENDING_TYPE: Final = Pending


def _ids(cards: tuple[int, ...]) -> list[str]:
    return [CARD_IDS[c] for c in cards]


def _ints(ids: Any) -> tuple[int, ...]:
    return tuple(CARD_INDEX[str(i)] for i in ids)


def mask_cards(mask: int) -> list[int]:
    """The card ints whose bit is set, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _mask_ids(mask: int) -> list[str]:
    return [CARD_IDS[c] for c in mask_cards(mask)]


def _mask(ids: Any) -> int:
    out = 0
    for cid in ids:
        out |= 1 << CARD_INDEX[str(cid)]
    return out


def to_json(st: State) -> dict[str, Any]:
    trick = trick_to_json(st.trick)
    trick["pot"] = _ids(st.trick.pot)
    pending = None
    if st.pending is not None:
        p = st.pending
        pending = {
            "hero": HEROES[p.hero].slug,
            "actor": p.actor,
            "card": CARD_IDS[p.card],
            "picks": list(p.picks),
            "memo": list(p.memo),
            "kind": p.kind,
            "choosers": list(p.choosers),
            "options": [list(o) for o in p.options],
            "note": p.note,
            "commits": list(p.commits),
        }
    return {
        "players": st.players,
        "deck_name": st.deck_name,
        "heroes": [HEROES[h].slug for h in st.heroes],
        "hand_size": st.hand_size,
        "ends_at": st.ends_at,
        "outs": st.outs,
        "phase": PHASE_NAMES[st.phase],
        "hands": [_ids(h) for h in st.hands],
        "houses": [_ids(h) for h in st.houses],
        "trash": _ids(st.trash),
        "deck": _ids(st.deck),
        "trick": trick,
        "sideways": _mask_ids(st.sideways),
        "public": _mask_ids(st.public),
        "seen": [_mask_ids(m) for m in st.seen],
        "house_picks": [CARD_IDS[c] if c >= 0 else None for c in st.house_picks],
        "pending": pending,
        "rng": str(st.rng),
        "turns": st.turns,
    }


def from_json(raw: Mapping[str, Any]) -> State:
    t = dict(raw["trick"])
    t["pot"] = list(_ints(t["pot"]))
    pending = None
    p = raw.get("pending")
    if p:
        pending = Pending(
            HERO_INDEX[p["hero"]],
            int(p["actor"]),
            CARD_INDEX[p["card"]],
            tuple(int(x) for x in p["picks"]),
            tuple(int(x) for x in p["memo"]),
            str(p["kind"]),
            tuple(int(x) for x in p["choosers"]),
            tuple(tuple(int(x) for x in o) for o in p["options"]),
            str(p["note"]),
            tuple(int(x) for x in p["commits"]),
        )
    return State(
        players=int(raw["players"]),
        deck_name=str(raw["deck_name"]),
        heroes=tuple(HERO_INDEX[h] for h in raw["heroes"]),
        hand_size=int(raw["hand_size"]),
        ends_at=int(raw["ends_at"]),
        outs=int(raw["outs"]),
        phase=PHASE_NAMES.index(raw["phase"]),
        hands=tuple(_ints(h) for h in raw["hands"]),
        houses=tuple(_ints(h) for h in raw["houses"]),
        trash=_ints(raw["trash"]),
        deck=_ints(raw["deck"]),
        trick=trick_from_json(TABLE, t),
        sideways=_mask(raw["sideways"]),
        public=_mask(raw["public"]),
        seen=tuple(_mask(m) for m in raw["seen"]),
        house_picks=tuple(CARD_INDEX[c] if c is not None else -1 for c in raw["house_picks"]),
        pending=pending,
        rng=int(raw["rng"]),
        turns=int(raw["turns"]),
    )
