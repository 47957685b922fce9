"""What today's rules let a seat play on its turn, as tables built once per combination.

Rulebook 003_3dd097fef3f40e34.txt, section 6: a time card must be higher than the last card of the day
while the elapsed tile is face up, lower while it is face down; today's blue date card may narrow the
values further and may forbid a Time Trap, judging against the previous card if it is a time card (a
board row holds time cards and Time Trap cards only). The verdict depends on three small things only
(the date card, the day's last card with its value, the tile), so each combination is judged once and
kept: a seat's playable cards are then its hand looked up in the verdict's table (docs/engine-speed.md).
"""

from __future__ import annotations

from itertools import compress
from typing import Any, Final, TypeAlias

from games.core.native64 import WRAPS
from games.timetrap import dates
from games.timetrap.cards import COLOURS, NUMBER_OF, time_cards, trap_card
from games.timetrap.state import State

PLAY: Final = {c: f"play:{c}" for c in NUMBER_OF}
TRAP: Final = {c: f"trap:{c}" for c in NUMBER_OF}
_PLAY_ITEMS: Final = tuple(PLAY.items())  # (card, "play:<card>") in PLAY's order
_PLAY_VALUES: Final = tuple([NUMBER_OF[card] for card in PLAY])  # each one's value, in the same order
TIME_CARDS: Final = frozenset(NUMBER_OF)  # `TIME_CARDS.issuperset(hand)`: no Time Trap card in the hand
_KEPT: Final = 4096  # more combinations than real play reaches; a malformed state's are judged, not kept
_VALUES: Final = tuple(range(1, 12))
_COLOUR_CARDS: Final = tuple(time_cards(seat) for seat in range(len(COLOURS)))  # each colour's, 1 to 11
_OWN_BIT: Final = tuple({card: 1 << (NUMBER_OF[card] - 1) for card in own} for own in _COLOUR_CARDS)
_TRAP_IDS: Final = frozenset(trap_card(seat) for seat in range(len(COLOURS)))


def _blue_verdict(blue: dates.BlueCard, previous: int | None) -> tuple[frozenset[int], bool]:
    """What `blue` allows after the time card `previous` (None: first card of the day or after a
    trap): the time-card values, and whether a Time Trap."""
    values = frozenset(v for v in _VALUES if blue.allows(dates.PlayContext(v, previous)))
    return values, blue.allows(dates.PlayContext(None, previous))


# A blue card judges only (value, previous time card), both small numbers: its verdicts, built once.
_BLUE: Final = {
    card.id: (card, {previous: _blue_verdict(card, previous) for previous in (None, *_VALUES)})
    for date_set in dates.DATE_SETS.values()
    for card in date_set.blue
}


# One combination's verdict, (plays, trap): plays maps each time card that may be played to its action,
# "play:<card>"; trap says the blue card allows a Time Trap (the caller checks the rest: a time card just
# before, ...). A plain tuple rather than a NamedTuple: the legal list reads both on every turn, and an
# index into a tuple is specialized on 3.11 (into a tuple subclass it is not), as is unpacking one.
Allowed: TypeAlias = tuple[dict[str, str], bool]


# Date card -> the value of the day's last card on the board (None: no card yet) -> the verdict, one table for
# the elapsed tile face up and one for face down. The value alone says what the last card was: a time card
# counts its number, 1-11, a Time Trap card 12 or 0 (TRAP_HIGH, TRAP_LOW), the values the rules put on the
# board with it. Keyed by the value rather than the (card, value) entry, the colours of a card share one
# verdict (a quarter of the combinations to judge). Nested rather than keyed by a (date, last, tile) tuple: a
# turn looks up a string and a number instead of building, hashing and comparing a tuple (compiled, about
# 280 instructions fewer a turn).
VERDICTS_UP: Final[dict[str | None, dict[int | None, Allowed]]] = {}
VERDICTS_DOWN: Final[dict[str | None, dict[int | None, Allowed]]] = {}
_TIME_VALUES: Final = frozenset(_VALUES)  # a time card's values: a board value outside them is a Time Trap


def _judge(date: str | None, last: int | None, up: bool) -> Allowed:
    previous = last if last in _TIME_VALUES else None  # the time card just before, if the last card is one
    blue = _BLUE.get(date) if date is not None else None
    if blue is None:
        values, trap = frozenset(_VALUES), True
    else:
        known = blue[1].get(previous)
        values, trap = _blue_verdict(blue[0], previous) if known is None else known
    # The values that may go (at most 11), then every card of those values in PLAY's order by C-level
    # passes: a verdict is judged once per combination, but a run of 2,000 games meets a few hundred.
    ok = frozenset([v for v in values if last is None or (v > last if up else v < last)])
    plays = dict(compress(_PLAY_ITEMS, map(ok.__contains__, _PLAY_VALUES)))
    return plays, trap


# What the next listing needs of the State a quick step (games/timetrap/quick.py) or the deal built last, when
# its verdict was already judged: (the State, its turn's listing as a shared tuple (PLAYS_OF, below), the seat
# to act, the State's fields as a plain tuple, each seat's hand as bits (VALUE_BIT, below)). Such a State is
# never over and asks no question. rules.noted_to_act, noted_legal_actions and noted_apply then read these
# here instead of from the State (a NamedTuple, whose index reads 3.11 does not specialize: ~140 instructions
# each), instead of working the verdict out from the board and of looping over the hand; the next quick step
# unpacks the plain tuple instead of the NamedTuple and carries the hands' bits on. One tuple replaced whole,
# holding the State itself, so `is` never matches another State; a slot of a Final list, as rules._LAST_LEGAL.
# The source build only (quick._note). Typed as a plain tuple of objects: compiled, a fixed-length tuple type
# would be unboxed and every item checked on each read (the compiled build only ever reads the first item,
# never this State).
Note: TypeAlias = tuple[Any, ...]  # (State, tuple[str, ...], int, tuple[Any, ...], tuple[int, ...])
BUILT: Final[list[Note]] = [(None, (), -1, (), ())]
# The compiled build's note (quick._keep_verdict): the State a quick step built last, when its verdict was
# already judged, and that verdict, which rules.legal_actions then reads for that State instead of calling
# allowed() (its reads of the State and the board, ~550 instructions). Two slots, each replaced alone (no
# tuple built per action); the verdict's slot holds objects: typed `list[Allowed]`, each store boxed the
# verdict into a new tuple (mypyc holds a `tuple[dict, bool]` unboxed), which cost what the note saved.
# The State's slot is written last, so a reader that finds its State finds its verdict. Never written on
# the source, which keeps BUILT.
VERDICT_OF: Final[list[State | None]] = [None]
VERDICT: Final[list[Any]] = [None]


def allowed(state: State) -> Allowed:
    """Today's verdict for `state` (the first card of the day has no value to beat)."""
    day = state[4]  # state.day (tuple indexes: hot path)
    board = state[8]  # state.board
    row = board[day - 1] if len(board) >= day else ()
    days = state[3]  # state.dates
    last = row[-1][1] if row else None  # the value of the day's last card
    date = days[day - 1] if day <= len(days) else None
    verdicts = (VERDICTS_UP if state[5] else VERDICTS_DOWN).get(date)  # state.tile_up
    verdict = verdicts.get(last) if verdicts is not None else None
    if verdict is None:
        up = state[5]
        verdict = _judge(date, last, up)
        _keep(VERDICTS_UP if up else VERDICTS_DOWN, date, last, verdict)
    return verdict


def _keep(
    by_date: dict[str | None, dict[int | None, Allowed]], date: str | None, last: int | None, verdict: Allowed
) -> None:
    """Keep a new verdict, up to _KEPT dates and _KEPT values a date (a malformed state's are judged, not
    kept), and on the source its spec beside it (SPECS_UP, SPECS_DOWN)."""
    by_last = by_date.get(date)
    if by_last is None:
        if len(by_date) >= _KEPT:
            return
        by_last = by_date[date] = {}
    if len(by_last) < _KEPT:
        by_last[last] = verdict
        if not WRAPS:  # the source's note reads the spec (the compiled build never does)
            specs = SPECS_UP if by_date is VERDICTS_UP else SPECS_DOWN
            specs.setdefault(date, {})[last] = spec_of(verdict)


# A turn's listing as bits, the source build's note (quick.py; rules.noted_legal_actions). A seat whose hand
# holds time cards of its own colour only (as a deal leaves it; cards.time_cards(seat)) has its hand as a
# small int: bit v-1 for the time card of value v, plus TRAP_ONE for each Time Trap card it holds. A verdict's
# spec is the values it lets go as bits, plus NO_TRAP when it forbids a Time Trap. The seat's listing is then
# PLAYS_OF[seat][hand & spec] (the playable cards, by number: the hand's order), with TRAPS_OF[seat][time
# cards] after it when a Time Trap may follow, both tuples built at import on the source only (4 colours x 2
# x 2,048 tuples, about 1.5 MB and 10-25 ms); the note keeps it with the State, and the listing and apply()
# read it there instead of looping over the hand (about 250 instructions a card on 3.11). Every value stays
# within one machine digit, where 3.11's int operations are cheap; a hand holding another colour's time card
# (drawn or given) is MIXED, a negative number that the quick steps' additions and subtractions keep
# negative, and its seat's listings are looped over (listed_by_loop), noted the same way.
VALUE_BIT: Final = {card: 1 << (value - 1) for card, value in NUMBER_OF.items()}
TRAP_ONE: Final = 1 << len(_VALUES)  # a Time Trap card held, counted above the values' bits
VALUE_BITS: Final = TRAP_ONE - 1
NO_TRAP: Final = 1 << 20  # in a spec: the verdict forbids a Time Trap
MIXED: Final = -(1 << 24)  # a hand with another colour's time card
_PASS_ONLY: Final = ("pass",)
# Date card -> the day's last value -> the verdict's spec, beside VERDICTS_UP and VERDICTS_DOWN (by _keep).
SPECS_UP: Final[dict[str | None, dict[int | None, int]]] = {}
SPECS_DOWN: Final[dict[str | None, dict[int | None, int]]] = {}


def _by_bits(actions: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Every set of bits of the values 1-11 -> the actions of those values, in ascending values."""
    table: list[tuple[str, ...]] = [()]
    for key in range(1, TRAP_ONE):
        top = key.bit_length() - 1
        table.append((*table[key ^ (1 << top)], actions[top]))
    return tuple(table)


# Built on the source only: the compiled build writes no note and never reads them (they cost its start
# ~10 ms and its process ~1.5 MB for nothing).
PLAYS_OF: Final[tuple[tuple[tuple[str, ...], ...], ...]] = (
    () if WRAPS else tuple(_by_bits(tuple(PLAY[card] for card in own)) for own in _COLOUR_CARDS)
)
TRAPS_OF: Final[tuple[tuple[tuple[str, ...], ...], ...]] = (
    () if WRAPS else tuple(_by_bits(tuple(TRAP[card] for card in own)) for own in _COLOUR_CARDS)
)


def spec_of(verdict: Allowed) -> int:
    """The verdict as bits: the values it lets go, and NO_TRAP when it forbids a Time Trap."""
    spec = 0
    for card in verdict[0]:
        spec |= VALUE_BIT[card]
    return spec if verdict[1] else spec | NO_TRAP


def listing_of(seat: int, bits: int, spec: int, trap_may_follow: bool) -> tuple[str, ...]:
    """The listing of `seat` holding `bits` (not MIXED) under `spec`, as quick.play writes it inline into the
    note (quick._note and the deal: no Time Trap may follow) and noted_legal_actions reads it."""
    found = PLAYS_OF[seat][bits & spec]
    if trap_may_follow and bits >= TRAP_ONE and spec < NO_TRAP:
        found = found + TRAPS_OF[seat][bits & VALUE_BITS]
    return found or _PASS_ONLY


def listed_by_loop(hand: tuple[str, ...], verdict: Allowed, trap_may_follow: bool) -> tuple[str, ...]:
    """The listing of a MIXED `hand` (not as bits) under `verdict`, as rules.legal_actions loops over it (a
    Time Trap card in hand is its last card: a hand of play is in order): noted the same way."""
    table, trap_ok = verdict
    plays = []
    for card in hand:
        if card in table:
            plays.append(table[card])
    if trap_ok and trap_may_follow and hand and hand[-1] not in TIME_CARDS:
        for card in hand:
            if card in TRAP:
                plays.append(TRAP[card])
    return tuple(plays) if plays else _PASS_ONLY


def masks_of(hands: tuple[tuple[str, ...], ...]) -> tuple[int, ...]:
    """Each hand as bits (above), MIXED for a hand with another colour's card, an unknown card or not in order
    (a State from elsewhere: its listing then takes the plain loop, in the hand's own order)."""
    masks = []
    for seat, hand in enumerate(hands):
        own = _OWN_BIT[seat] if seat < len(_OWN_BIT) else {}
        mask = previous = 0
        for card in hand:
            bit = own.get(card)
            if bit is not None and bit > previous and mask < TRAP_ONE:  # a time card of its own, in order
                mask |= bit
                previous = bit
            elif card in _TRAP_IDS:  # Time Trap cards last
                mask += TRAP_ONE
            else:
                mask = MIXED
                break
        masks.append(mask)
    return tuple(masks)
