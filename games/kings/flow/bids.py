"""Bids (one or, in round 3, two of a seat's items, committed secretly and revealed together) and the
Cheerleader's choice once they are revealed.

002_4e143f857986e60e.txt: '■ラウンド1' .. '■ラウンド3' (bids), the Cheerleader (expansion character).
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from games.core.contract import Event
from games.kings.cards import CHARACTER_OF
from games.kings.flow.common import CHEERLEADER_CARDS, COMPILED, EVENT, ROUNDS, TWO_PLAYER, ev, public, put
from games.kings.flow.tasks import begin_setup
from games.kings.state import Table


def _bid_items(t: Table, seat: int) -> tuple[list[str], int, str | None]:
    """What a seat may bid: its character cards (and the jack in round 3 or with two players), how many
    at most, and its Cheerleader card if it has one (then it bids nothing or a set with the Cheerleader)."""
    items = list(t.chars[seat])
    two = t.variant == TWO_PLAYER
    if two or t.round == ROUNDS:
        items.append("jack")
    cheer = None
    cheerleaders = CHEERLEADER_CARDS
    for c in t.chars[seat]:  # the first Cheerleader card (a plain loop, no generator frame)
        if c in cheerleaders:
            cheer = c
            break
    return items, 2 if (t.round == ROUNDS and not two) else 1, cheer


def bid_actions(t: Table, seat: int) -> list[str]:
    items, most, cheer = _bid_items(t, seat)
    if cheer is None and most == 1:  # one item (rounds 1-2, the usual case): a string each, built directly
        return ["bid:" + item for item in items]
    if cheer is None and most == 2 and not COMPILED:  # round 3 without a Cheerleader, on the source
        return _paired_bids(items)
    return _bid_choices(items, most, cheer)


def _paired_bids(items: list[str]) -> list[str]:
    """`_bid_choices(items, 2, None)` (round 3 of the standard game without a Cheerleader: one item or two)
    on the source, without comprehension frames or string building: each choice's string looked up in
    tables built once (`_BID_OF`, and `_PAIR_OF` by the pair in the items' order), by C-level `map`s over the
    items and their `combinations`, in the same order. Why: the general listing's two comprehensions (each a
    frame of its own on 3.11) and its ten joins and concatenations a listing cost several times the lookups
    (about 0.7% of a 3-player action's instructions). Compiled, the comprehensions are native loops and a
    `map` over a bound method a generic call per item, so that build keeps them.
    tests/kings/test_listing_tables.py holds the two equal."""
    if not _BID_ITEMS.issuperset(items):  # a card the tables do not hold (a hand-made table)
        return _bid_choices(items, 2, None)
    out = list(map(_BID_OF.__getitem__, items))
    out += map(_PAIR_OF.__getitem__, combinations(items, 2))
    return out


_BID_OF: Final = {card: "bid:" + card for card in [*CHARACTER_OF, "jack"]}  # one item's bid, built once
_PAIR_OF: Final = {(a, b): f"bid:{a}:{b}" for a in _BID_OF for b in _BID_OF}  # two items' bid, built once
_BID_ITEMS: Final = frozenset(_BID_OF)


def _bid_choices(items: list[str], most: int, cheer: str | None) -> list[str]:
    """bid_actions with two items (round 3) or a Cheerleader, in a function of its own: these comprehensions
    read `items` and `cheer`, which would be cells of bid_actions on every call."""
    choices = [c for k in range(1, most + 1) for c in combinations(items, k)]
    if cheer is not None:  # a face-up Cheerleader means no bid at all
        return ["bid:none"] + ["bid:" + ":".join(c) for c in choices if cheer in c]
    return ["bid:" + ":".join(c) for c in choices]


def bid_is_legal(t: Table, seat: int, action: str) -> bool:
    """`action in bid_actions(t, seat)`, checked directly: one or (round 3) two of the seat's items in
    their listed order, with its Cheerleader if it has one, or "bid:none" for a face-up Cheerleader."""
    if not action.startswith("bid:"):
        return False
    items, most, cheer = _bid_items(t, seat)
    chosen = action[4:].split(":")
    if chosen == ["none"]:
        return cheer is not None
    if not 1 <= len(chosen) <= most or (cheer is not None and cheer not in chosen):
        return False
    last = -1
    for item in chosen:  # combinations() lists each choice once, in the items' order
        if item not in items or items.index(item) <= last:
            return False
        last = items.index(item)
    return True


def apply_bid(t: Table, seat: int, action: str, events: list[Event]) -> None:
    items = action.split(":")[1:]
    t.bids = put(t.bids, seat, [] if items == ["none"] else items)
    events.append(ev(EVENT, ("bid_committed", {"seat": seat, "variant": t.variant}, None)))
    if None in t.bids:  # a seat yet to bid (a bid is a list, never equal to None)
        return
    t.revealed = True
    events.append(public(t, "bids_revealed", bids=[list(b or []) for b in t.bids]))
    cheerleaders = CHEERLEADER_CARDS  # the Cheerleader's cards as a set: no character_of call per card
    for s in range(t.players):
        for card in t.chars[s]:
            if card in cheerleaders:
                t.cheer_seat = s
                t.cheer_mode = "copy" if card in (t.bids[s] or []) else "kizuna"
                t.phase = "cheer"
                return
    begin_setup(t, events)


def cheer_actions(t: Table, seat: int) -> list[str]:
    others = [s for s in range(t.players) if s != seat]
    if t.cheer_mode == "kizuna":
        return [f"partner:{s}" for s in others]
    return [f"copy:{s}:{b}" for s in others for b in t.bids[s] or []]


def apply_cheer(t: Table, seat: int, action: str, events: list[Event]) -> None:
    parts = action.split(":")
    if parts[0] == "partner":
        t.partner = int(parts[1])
        events.append(public(t, "kizuna", seat=seat, partner=t.partner))
    else:
        t.copy_target = [int(parts[1]), parts[2]]
        events.append(public(t, "copy", seat=seat, target=int(parts[1]), bid=parts[2]))
    begin_setup(t, events)
