"""The party draft: KQJ sets and characters in round 1, any character but last round's in rounds 2-3, and
the two-player catch-up kings.

002_4e143f857986e60e.txt: '■パーティ編成(オープンドラフト)' and the two-player page ('ゲーム変更点' ..).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Final

from games.core.contract import Event
from games.kings.cards import (
    CHARACTER_OF,
    KING_COLOURS,
    Character,
    all_character_cards,
)
from games.kings.flow.common import (
    COMPILED,
    EVENT,
    ROUNDS,
    TWO_PLAYER,
    drop_first,
    ev,
    index_of,
    is_two,
    public,
    put,
    smallest_king_number,
    without,
)
from games.kings.state import Table

CATCH_UP_STEP: Final = 100  # two-player: one devil king per 100 points behind (at most two)


def draft_actions(t: Table, seat: int) -> list[str]:
    # The pool is kept in draft order (start_round builds it from _full_pool, a pick only removes a card;
    # tests/kings/test_engine_fast_paths.py checks it), so it is listed as it is, without a sort per call.
    pool = t.pool
    pick = _PICK_OF
    if t.round != 1 or t.variant == TWO_PLAYER:  # rounds 2-3 and two players: any card but last round's
        banned = t.prev_chars[seat] if t.variant != TWO_PLAYER else ()
        if COMPILED:
            return _picks_without(pool, banned)
        if banned:  # last round's cards out of a copy: a C-level scan per banned card, not a test per card
            pool = list(pool)
            for card in banned:
                if card in pool:
                    pool.remove(card)
        if len(pool) < 2:  # itemgetter of one key returns the value itself, not a tuple
            return [_PICK_OF[c] for c in pool]  # not the local `pick`: a comprehension would make it a cell
        return list(itemgetter(*pool)(pick))  # every pick string by one C-level call (hot path)
    # Round 1 (3-5 players): a KQJ set, or a character not held yet (the first copy in the pool).
    out: list[str] = []
    if not t.own_king[seat]:
        out = [_SET_OF[c] for c in t.sets_left]
        if t.draft_order.count(seat) <= 1:
            return out
    chars = t.chars[seat]
    if len(chars) >= 3:
        return out
    kept = _OFFER_POOL  # the pool whose offer is kept (hot path: see _OFFER_POOL)
    if pool is not kept[0]:
        if pool != kept[0]:  # another pool: another table, or a state restored from JSON is equal
            _OFFER[0] = _plain_first_copies(pool)
        kept[0] = pool
    offer = _OFFER[0]
    out += offer.values()
    if chars:  # the characters held are not offered again (one C-level scan each, no dict copy)
        name = _NAME_OF
        for card in chars:
            held = offer.get(name[card])
            if held is not None and not (COMPILED and drop_first(out, held)):
                out.remove(held)
    return out


def _picks_without(pool: list[str], banned: list[str] | tuple[()]) -> list[str]:
    """Rounds 2-3's listing for the compiled build: the pick strings of `pool` without the first copy of each
    banned card, in one pass (the source's `in`, `remove` and `itemgetter` are generic calls once compiled;
    mypyc compares two str natively). tests/kings/test_compiled_shapes.py."""
    left: dict[str, int] = {}  # how many copies of each banned card are still to leave out
    for card in banned:
        left[card] = left.get(card, 0) + 1
    pick = _PICK_OF
    out: list[str] = []
    for card in pool:
        if left:
            copies = left.get(card, 0)
            if copies:
                left[card] = copies - 1
                continue
        out.append(pick[card])
    return out


def _plain_first_copies(pool: list[str]) -> dict[str, str]:
    """Round 1's offer before a seat's own characters are taken out, by the rule: each character not yet
    seen in the pool, by its first copy (only the first copy left of a character is offered:
    '■パーティ編成(オープンドラフト)'), as {character: pick string}, in pool order."""
    name = _NAME_OF  # characters by name: a str's hash is cached, an Enum member's is a Python call
    pick = _PICK_OF
    offer: dict[str, str] = {}
    for card in pool:
        character = name[card]
        if character not in offer:
            offer[character] = pick[card]
    return offer


def _advance_offer(new_pool: list[str], index: int, card: str) -> None:
    """The kept offer moved on from the kept pool to `new_pool`, the kept pool without `card`, which stood
    at `index` (apply_draft, on a round-1 pick from the kept pool). Holds for any pool order: the pick of a
    first copy hands its place to the next card when that is a copy of the same character (the copies of a
    character stand together in draft order, so this is the usual case), and takes its character out when
    no copy is left; a copy left elsewhere in the pool (a pool out of draft order) builds the offer again
    by the plain loop. The dict is changed in place: draft_actions hands out lists, never the dict."""
    _OFFER_POOL[0] = new_pool
    offer = _OFFER[0]
    name = _NAME_OF
    character = name[card]
    if offer.get(character) != _PICK_OF[card]:  # not the first copy: the offer stays as it is
        return
    if index < len(new_pool) and name[new_pool[index]] == character:
        offer[character] = _PICK_OF[new_pool[index]]  # the same key: its place in the order stays
        return
    for other in _COPIES[character]:
        if other in new_pool:  # a copy left further on (out of draft order)
            _OFFER[0] = _plain_first_copies(new_pool)
            return
    del offer[character]


# Round 1's draft offer kept with its pool: _OFFER_POOL[0] the pool, _OFFER[0] {character: pick string of its
# first copy in the pool}, as _plain_first_copies builds it (two typed lists: native dict and list operations
# once compiled). The offer changes by one card a pick, so apply_draft moves it
# on (_advance_offer) instead of every listing looping over the pool. The pool is held itself and matched by
# `is` (the engine never changes a list of a table handed out: copy on write, as engine._LISTED), and by
# content for another list (a table restored from JSON); any other pool is listed by the plain loop.
# tests/kings/test_engine_fast_paths.py holds every listing of seeded games (every option, shuffled pools,
# states restored from JSON) to the plain rule.
_OFFER_POOL: Final[list[list[str]]] = [[]]
_OFFER: Final[list[dict[str, str]]] = [{}]

_CHAR_ORDER: Final = {c.value: i for i, c in enumerate(Character)}
_NAME_OF: Final = {card: character.value for card, character in CHARACTER_OF.items()}  # "healer2" -> "healer"
_PICK_OF: Final = {card: f"pick:{card}" for card in CHARACTER_OF}  # draft action strings, built once
_SET_OF: Final = {str(c): "set:" + str(c) for c in KING_COLOURS}  # set action strings, built once
_DRAFTED: Final[dict[str, tuple[str, str]]] = {
    **{action: ("pick", card) for card, action in _PICK_OF.items()},
    **{action: ("set", colour) for colour, action in _SET_OF.items()},
}


def _char_key(card: str) -> tuple[int, str]:
    return (_CHAR_ORDER[card.rstrip("0123456789")], card)


# Draft order of the character cards as one int per card: a C-level sort key (hot path).
_char_rank: Final = {card: i for i, card in enumerate(sorted(all_character_cards(), key=_char_key))}.__getitem__


def apply_draft(t: Table, seat: int, action: str, events: list[Event]) -> None:
    parsed = _DRAFTED.get(action)  # every pick and set string, parsed once (hot path)
    if parsed is None:
        kind, value = action.split(":", 1)
    else:  # a typed pair: compiled, unpacked without an iterator
        kind, value = parsed
    t.draft_order = t.draft_order[1:]
    if kind == "set":
        t.own_king = put(t.own_king, seat, value)
        t.sets_left = without(t.sets_left, value)
        events.append(ev(EVENT, ("took_set", {"seat": seat, "colour": value, "variant": t.variant}, None)))
    else:
        old_pool = t.pool
        pool = t.pool = list(old_pool)  # without() and put(), inlined (every pick): fresh lists, never shared
        index = index_of(pool, value) if COMPILED else pool.index(value)
        del pool[index]
        if old_pool is _OFFER_POOL[0]:  # round 1's kept offer moves on with its pool
            _advance_offer(pool, index, value)
        chars = t.chars = list(t.chars)
        chars[seat] = chars[seat] + [value]
        events.append(ev(EVENT, ("took_char", {"seat": seat, "card": value, "variant": t.variant}, None)))
    if not t.draft_order:
        after_draft(t, events)


def after_draft(t: Table, events: list[Event]) -> None:
    t.pool = []
    t.start_player = smallest_king_number(t)
    events.append(public(t, "start_player", seat=t.start_player))
    if is_two(t) and t.round == ROUNDS:
        for seat in range(t.players):
            behind = max(t.scores) - t.scores[seat]
            count = min(2, behind // CATCH_UP_STEP)
            if count >= 2:
                t.extra_kings = put(t.extra_kings, seat, list(t.king_deck[1:3]))
                events.append(public(t, "extra_kings", seat=seat, kings=list(t.extra_kings[seat])))
            elif count == 1:
                t.extra_picks = [seat, 1]
                t.phase = "extra"
                return
    t.phase = "bid"


def apply_extra(t: Table, seat: int, colour: str, events: list[Event]) -> None:
    t.extra_kings = put(t.extra_kings, seat, [colour])
    t.extra_picks = []
    events.append(public(t, "extra_kings", seat=seat, kings=[colour]))
    t.phase = "bid"


def draft_is_legal(t: Table, seat: int, action: str) -> bool:
    """`action in draft_actions(t, seat)`, checked directly."""
    kind, _, value = action.partition(":")
    two = t.variant == TWO_PLAYER  # is_two(t), inlined (asked on every pick)
    if t.round != 1 or two:
        return kind == "pick" and value in t.pool and (two or value not in t.prev_chars[seat])
    has_set = bool(t.own_king[seat])
    if kind == "set":
        return not has_set and value in t.sets_left
    if kind != "pick" or value not in t.pool or len(t.chars[seat]) >= 3:
        return False
    if not has_set and t.draft_order.count(seat) <= 1:
        return False
    name = _NAME_OF
    character = name[value]  # value is in the pool: a character card
    for card in t.chars[seat]:  # round 1: no second copy of a character
        if name[card] == character:
            return False
    pool = t.pool
    for card in _EARLIER_COPIES[value]:  # noqa: SIM110  (only the first copy of each character is offered)
        if card in pool:
            return False
    return True


# Each character card's copies that come before it in draft order (draft_is_legal: the first copy left
# in the pool is the one offered).
_EARLIER_COPIES: Final = {
    card: tuple(
        other
        for other in CHARACTER_OF
        if CHARACTER_OF[other] is character and _char_rank(other) < _char_rank(card)
    )
    for card, character in CHARACTER_OF.items()
}


# Each character's cards (`_advance_offer`: is a copy left in the pool?).
_COPIES: Final = {
    character: tuple(card for card, name in _NAME_OF.items() if name == character)
    for character in dict.fromkeys(_NAME_OF.values())
}
