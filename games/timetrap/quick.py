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

from games.core.contract import Event
from games.timetrap import dates
from games.timetrap.cards import NUMBER_OF, TRAP_HIGH, TRAP_LOW
from games.timetrap.state import State
from games.timetrap.table import NO_SEATS, ONLY

_new = tuple.__new__
YELLOW = {card.id: card for date_set in dates.DATE_SETS.values() for card in date_set.yellow}
# Positions of the State fields these shortcuts write.
_HANDS, _BOARD, _DISCARD, _KNOW, _TILE_UP = (State._fields.index(f) for f in ("hands", "board", "discard", "know", "tile_up"))
_PLAYED, _TRAPS, _AFTER_TIME = (State._fields.index(f) for f in ("played_today", "traps_today", "after_time"))
_LAST_PLAYER, _PASSED, _TURN = (State._fields.index(f) for f in ("last_player", "passed", "turn"))


def next_active(out: tuple[int, ...], seat: int) -> int:
    """Table.next_active on a State's `out`: the next player still in, to the left of `seat`."""
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
    hand = state.hands[seat]
    if len(hand) < 2 or card in state.know or state.played_today + 1 >= state.limit:
        return None
    if state.extra_turn or state.skip_next:
        return None
    value = NUMBER_OF[card]
    day = state.day
    days = state.dates
    if day <= len(days):
        yellow = YELLOW.get(days[day - 1])
        if yellow is not None and yellow.number == value:
            return None
    fields = list(state)
    # Tuples joined with `+` (unpacking builds a list first on 3.11).
    i = hand.index(card)
    hands = state.hands
    fields[_HANDS] = hands[:seat] + (hand[:i] + hand[i + 1 :],) + hands[seat + 1 :]  # noqa: RUF005
    board = state.board
    fields[_BOARD] = board[: day - 1] + (board[day - 1] + ((card, value),),) + board[day:]  # noqa: RUF005
    fields[_PLAYED] = state.played_today + 1
    fields[_AFTER_TIME] = True
    fields[_LAST_PLAYER] = seat
    fields[_PASSED] = NO_SEATS
    fields[_TURN] = next_active(state.out, seat)
    return _new(State, fields), [_new(Event, ("play", {"seat": seat, "card": card, "value": value}, None))]


def trap(state: State, seat: int, discard: str) -> tuple[State, list[Event]] | None:
    """rules.play_trap of a legal Time Trap when the turn passes on: the hand keeps a card and the
    daily limit is not reached. The discard is the private move of Table.private_move. None otherwise."""
    hand = state.hands[seat]
    if len(hand) < 3 or state.played_today + 1 >= state.limit or state.extra_turn or state.skip_next:
        return None
    trap_card = min([c for c in hand if c not in NUMBER_OF])  # identical cards: the lowest id
    value = TRAP_HIGH if state.tile_up else TRAP_LOW
    know = dict(state.know)
    know.pop(trap_card, None)  # on the board: public
    candidates = [c for c in hand if c in NUMBER_OF]
    mine = 1 << seat
    if len(candidates) <= 1:  # onlookers know which card went: it stays known to whoever knew it
        know[discard] = know.get(discard, 0) | mine
    else:  # it may have been any of them: the others lose track of every candidate
        for other in candidates:
            know.pop(other, None)
        know[discard] = mine
    fields = list(state)
    kept = tuple([c for c in hand if c != trap_card and c != discard])
    hands = state.hands
    fields[_HANDS] = hands[:seat] + (kept,) + hands[seat + 1 :]  # noqa: RUF005
    day = state.day
    board = state.board
    fields[_BOARD] = board[: day - 1] + (board[day - 1] + ((trap_card, value),),) + board[day:]  # noqa: RUF005
    fields[_DISCARD] = state.discard + (discard,)  # noqa: RUF005
    fields[_KNOW] = know
    tile_up = not state.tile_up
    fields[_TILE_UP] = tile_up
    fields[_PLAYED] = state.played_today + 1
    fields[_TRAPS] = state.traps_today + 1
    fields[_AFTER_TIME] = False
    fields[_LAST_PLAYER] = seat
    fields[_PASSED] = NO_SEATS
    fields[_TURN] = next_active(state.out, seat)
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
