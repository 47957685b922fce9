"""The commonest TIMETRAP actions, built straight into the next State (docs/engine-speed.md).

A time card that sets nothing off (no yellow effect; the hand, the day and the game go on), a Time Trap
after which the turn passes on, and a pass that leaves someone still to play change a handful of fields
(about 70% of the actions of a game). Building the next State from the input's fields skips the working
copy (table.py) and its freeze, about half of what apply() costs. Anything else returns None and goes
through the full rules (rules.play_time_card, play_trap, pass_turn), whose result these shortcuts must
equal exactly: tests/timetrap/test_quick.py and the behaviour fingerprint (games/tools/fingerprint.py)
check that.
"""

from __future__ import annotations

from itertools import filterfalse
from typing import Final

from games.core.contract import Event
from games.timetrap import dates
from games.timetrap.allowed import TIME_CARDS
from games.timetrap.cards import NUMBER_OF, TRAP_HIGH, TRAP_LOW
from games.timetrap.state import State
from games.timetrap.table import NO_SEATS, ONLY

_new = tuple.__new__
YELLOW = {card.id: card for date_set in dates.DATE_SETS.values() for card in date_set.yellow}
_YELLOW_NUMBER: Final = {card.id: card.number for card in YELLOW.values()}  # yellow date -> its number
# Positions of the State fields these shortcuts write.
_HANDS, _BOARD, _DISCARD, _KNOW, _TILE_UP = (State._fields.index(f) for f in ("hands", "board", "discard", "know", "tile_up"))
_PLAYED, _TRAPS, _AFTER_TIME = (State._fields.index(f) for f in ("played_today", "traps_today", "after_time"))
_LAST_PLAYER, _PASSED, _TURN = (State._fields.index(f) for f in ("last_player", "passed", "turn"))
_NEXT: Final[dict[tuple[int, ...], tuple[int, ...]]] = {}  # `out` -> each seat's next player still in


def next_active(out: tuple[int, ...], seat: int) -> int:
    """Table.next_active on a State's `out`: the next player still in, to the left of `seat`."""
    following = _NEXT.get(out)
    if following is None:
        following = tuple(_next_active(out, s) for s in range(len(out)))
        if len(_NEXT) < 4096:  # every `out` of real play (a malformed state's are worked out, not kept)
            _NEXT[out] = following
    return following[seat]


def _next_active(out: tuple[int, ...], seat: int) -> int:
    players = len(out)
    for step in range(1, players + 1):
        cand = (seat + step) % players
        if not out[cand]:
            return cand
    return seat


def play(state: State, seat: int, card: str) -> tuple[State, list[Event]] | None:
    """rules.play_time_card of a legal `card` when nothing but the card moves and the turn passes on:
    the hand keeps a card, nobody else knew this one, the daily limit is not reached and the date card
    asks nothing. None otherwise."""
    # Tuple indexes (hot path): the State field is named in each comment.
    hand = state[6][seat]  # state.hands
    played = state[13] + 1  # state.played_today
    if len(hand) < 2 or card in state[9] or played >= state[12] or state[23] or state[24]:
        return None  # state.know, state.limit, state.extra_turn, state.skip_next
    value = NUMBER_OF[card]
    day = state[4]  # state.day
    days = state[3]  # state.dates
    if day <= len(days) and _YELLOW_NUMBER.get(days[day - 1]) == value:
        return None
    fields = list(state)
    # Tuples joined with `+` (unpacking builds a list first on 3.11).
    i = hand.index(card)
    hands = state[6]
    fields[_HANDS] = hands[:seat] + (hand[:i] + hand[i + 1 :],) + hands[seat + 1 :]  # noqa: RUF005
    board = state[8]  # state.board
    fields[_BOARD] = board[: day - 1] + (board[day - 1] + ((card, value),),) + board[day:]  # noqa: RUF005
    fields[_PLAYED] = played
    fields[_AFTER_TIME] = True
    fields[_LAST_PLAYER] = seat
    fields[_PASSED] = NO_SEATS
    fields[_TURN] = next_active(state[18], seat)  # state.out
    return _new(State, fields), [_new(Event, ("play", {"seat": seat, "card": card, "value": value}, None))]


def trap(state: State, seat: int, discard: str) -> tuple[State, list[Event]] | None:
    """rules.play_trap of a legal Time Trap when the turn passes on: the hand keeps a card and the
    daily limit is not reached. The discard is the private move of Table.private_move. None otherwise."""
    hand = state[6][seat]  # state.hands (tuple indexes: hot path)
    played = state[13] + 1  # state.played_today
    if len(hand) < 3 or played >= state[12] or state[23] or state[24]:
        return None  # state.limit, state.extra_turn, state.skip_next
    # C-level passes over the hand (filter, set and list operations) instead of Python loops (hot path).
    trap_card = min(filterfalse(TIME_CARDS.__contains__, hand))  # identical cards: the lowest id
    tile_up = state[5]  # state.tile_up
    value = TRAP_HIGH if tile_up else TRAP_LOW
    know = dict(state[9])  # state.know
    know.pop(trap_card, None)  # on the board: public
    candidates = list(filter(TIME_CARDS.__contains__, hand))
    mine = 1 << seat
    if len(candidates) <= 1:  # onlookers know which card went: it stays known to whoever knew it
        know[discard] = know.get(discard, 0) | mine
    else:  # it may have been any of them: the others lose track of every candidate
        for other in know.keys() & candidates:
            del know[other]
        know[discard] = mine
    fields = list(state)
    kept = list(hand)
    kept.remove(trap_card)
    kept.remove(discard)
    hands = state[6]  # state.hands
    fields[_HANDS] = hands[:seat] + (tuple(kept),) + hands[seat + 1 :]  # noqa: RUF005
    day = state[4]  # state.day
    board = state[8]  # state.board
    fields[_BOARD] = board[: day - 1] + (board[day - 1] + ((trap_card, value),),) + board[day:]  # noqa: RUF005
    fields[_DISCARD] = state[7] + (discard,)  # state.discard
    fields[_KNOW] = know
    tile_up = not tile_up
    fields[_TILE_UP] = tile_up
    fields[_PLAYED] = played
    fields[_TRAPS] = state[14] + 1  # state.traps_today
    fields[_AFTER_TIME] = False
    fields[_LAST_PLAYER] = seat
    fields[_PASSED] = NO_SEATS
    fields[_TURN] = next_active(state[18], seat)  # state.out
    tile = "up" if tile_up else "down"
    return _new(State, fields), [
        _new(Event, ("trap", {"seat": seat, "card": trap_card, "value": value, "tile": tile}, None)),
        _new(Event, ("trap_discard", {"seat": seat, "card": discard}, ONLY[seat])),
    ]


def pass_turn(state: State, seat: int) -> tuple[State, list[Event]] | None:
    """rules.pass_turn when someone is still to play today (the day does not end). None otherwise."""
    passed = state.passed | ONLY[seat]
    out = state.out
    last = state.last_player
    for other in range(state.players):
        if not out[other] and other != last and other not in passed:
            break
    else:
        return None
    fields = list(state)
    fields[_PASSED] = passed
    fields[_AFTER_TIME] = False
    fields[_TURN] = next_active(out, seat)
    return _new(State, fields), [_new(Event, ("pass", {"seat": seat}, None))]
