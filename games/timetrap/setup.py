"""A fresh table: options, each player's cards, the date cards and the first start player.

Rulebook 003_3dd097fef3f40e34.txt, section 4 (ゲームの準備).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from games.core.errors import InvalidOptions
from games.core.native64 import WRAPS
from games.core.rng import Rng, seed_state
from games.timetrap import cards, dates
from games.timetrap.allowed import BUILT, PLAYS_OF, SPECS_UP, TRAP_ONE, VALUE_BIT
from games.timetrap.state import LIMITS, State
from games.timetrap.table import public_mask

OPTION_NAMES: Final = ("date_set", "dates")
_new: Final = tuple.__new__
_STATE: Final = State  # a C static when compiled, as in quick.py
_FIRST_BOARD: Final[tuple[tuple[tuple[str, int], ...], ...]] = ((),)  # day 1's empty row
_NOBODY: Final[frozenset[int]] = frozenset()
# Each date set's blue and yellow card ids in the set's order (what a deal shuffles), built once.
_BLUE_IDS: Final = {set_id: tuple(c.id for c in s.blue) for set_id, s in dates.DATE_SETS.items()}
_YELLOW_IDS: Final = {set_id: tuple(c.id for c in s.yellow) for set_id, s in dates.DATE_SETS.items()}


_DEFAULT_CHOICE: Final[tuple[str, tuple[str, ...] | None]] = (dates.DEFAULT_SET.strip(), None)


def _bad(name: str, reason: str, **params: object) -> InvalidOptions:
    return InvalidOptions(f"timetrap.bad_{reason}", name=name, **params)


def parse_options(options: Mapping[str, str]) -> tuple[str, tuple[str, ...] | None]:
    """(date set id, fixed date cards for days 1-6 or None). Raises InvalidOptions, localized."""
    if not options:  # no options (every simulated game): the default set, dealt at random
        return _DEFAULT_CHOICE
    for key in options:
        if key not in OPTION_NAMES:
            raise _bad(key, "option_name", choices=", ".join(OPTION_NAMES))
    set_id = (options.get("date_set") or dates.DEFAULT_SET).strip()
    if set_id not in dates.DATE_SETS:
        raise _bad("date_set", "date_set", value=set_id, choices=", ".join(dates.DATE_SETS))
    raw = (options.get("dates") or "").strip()
    if not raw:
        return set_id, None
    chosen = tuple(part.strip().upper() for part in raw.split(","))
    date_set = dates.DATE_SETS[set_id]
    blue_ids = {c.id for c in date_set.blue}
    yellow_ids = {c.id for c in date_set.yellow}
    if len(chosen) != 6:
        raise _bad("dates", "dates_count", got=len(chosen))
    for day, card_id in enumerate(chosen, start=1):
        wanted = blue_ids if day in dates.BLUE_DAYS else yellow_ids
        if card_id not in wanted:
            colour = "blue" if day in dates.BLUE_DAYS else "yellow"
            raise _bad("dates", f"dates_{colour}", day=day, value=card_id, choices=", ".join(sorted(wanted)))
    if len(set(chosen)) != 6:
        raise _bad("dates", "dates_repeat")
    return set_id, chosen


def _kept_hand(seat: int, dropped: tuple[str, ...]) -> tuple[str, ...]:
    """The seat's hand after the set-up discards `dropped`: the rest of its time cards in their sorted
    order (by number), then its Time Trap card."""
    return (*[card for card in cards.time_cards(seat) if card not in dropped], cards.trap_card(seat))


# The deal's hands, built once: a seat's two discards (its first shuffled card, then its second) -> the hand
# it keeps. Card ids name their colour, so the discards alone say whose deck it is. A deal looks its hands
# up here instead of copying a deck and removing the discards, about a tenth of a simulated two-player game's
# set-up (docs/engine-speed.md).
_KEPT: Final = {
    first: {second: _kept_hand(seat, (first, second)) for second in cards.time_cards(seat) if second != first}
    for seat in range(len(cards.COLOURS))
    for first in cards.time_cards(seat)
}
# A dealt hand as bits (allowed.masks_of): its colour's eleven time cards and its Time Trap card, less the two
# set-up discards' bits.
_DEALT: Final = sum(VALUE_BIT[card] for card in cards.time_cards(0)) + TRAP_ONE
_DECKS: Final = {players: tuple(cards.time_cards(seat) for seat in range(players)) for players in LIMITS}
# Who knows what at the start, by player count: everyone saw each player receive a Time Trap card.
_KNOW_AT_START: Final = {
    players: {cards.trap_card(seat): public_mask(players) for seat in range(players)} for players in LIMITS
}
_PASS_ONLY: Final = ("pass",)
_NOBODY_OUT: Final = {players: (0,) * players for players in LIMITS}


def setup(players: int, options: Mapping[str, str], seed: int) -> State:
    set_id, fixed = parse_options(options)
    rng = Rng(seed_state(seed))
    # `rng.shuffled_head(...)` called as a method each time: compiled, a direct call of the native method
    # (a bound method held in a local was a generic call); on the source, a method lookup more a call.
    hands: list[tuple[str, ...]] = []
    discard: list[str] = []
    for own in _DECKS[players]:  # each seat's eleven time cards, 1 to 11
        first, second = rng.shuffled_head(own, 2)  # the shuffled deck's first cards (cards.SETUP_DISCARDS)
        discard += first, second  # face down: nobody knows them, the owner included
        hands.append(_KEPT[first][second])
    if fixed is None:
        blue = rng.shuffled_head(_BLUE_IDS[set_id], 3)
        yellow = rng.shuffled_head(_YELLOW_IDS[set_id], 3)
        fixed = (blue[0], yellow[0], blue[1], yellow[1], blue[2], yellow[2])
    start = rng.below(players)  # "decide by any method": a seeded draw, announced publicly
    # Positional, by one tuple.__new__ (State's field order): a keyword NamedTuple call is a Python-level
    # function with 25 arguments, a few percent of a short simulated game (docs/engine-speed.md).
    fields: tuple[Any, ...] = (
        players,  # players
        rng.state,  # rng
        set_id,  # date_set
        fixed,  # dates
        1,  # day
        True,  # tile_up
        tuple(hands),  # hands
        tuple(rng.shuffled(discard)),  # discard
        _FIRST_BOARD,  # board
        dict(_KNOW_AT_START[players]),  # know (a State's own dict)
        start,  # start
        start,  # turn
        LIMITS[players],  # limit
        0,  # played_today
        0,  # traps_today
        False,  # after_time
        None,  # last_player
        _NOBODY,  # passed
        _NOBODY_OUT[players],  # out
        None,  # pending
        False,  # over
        None,  # winner
        None,  # end_reason
        False,  # extra_turn
        False,  # skip_next
    )
    state: State = _new(_STATE, fields)
    if not WRAPS:  # the source: day 1's listing noted for the first turn, as quick.py notes a day's
        # (allowed.BUILT; the tile starts face up, no card to beat, no Time Trap may follow)
        specs = SPECS_UP.get(fixed[0])
        if specs is not None:
            spec = specs.get(None)
            if spec is not None:
                # each seat's hand as bits, from its two discards (`discard` in the deal's order, two a seat):
                # the compiled build does none of this
                masks: tuple[int, ...]
                if players == 2:
                    masks = (
                        _DEALT - VALUE_BIT[discard[0]] - VALUE_BIT[discard[1]],
                        _DEALT - VALUE_BIT[discard[2]] - VALUE_BIT[discard[3]],
                    )
                else:
                    masks = tuple(
                        [
                            _DEALT - VALUE_BIT[discard[at]] - VALUE_BIT[discard[at + 1]]
                            for at in range(0, 2 * players, 2)
                        ]
                    )
                BUILT[0] = (state, PLAYS_OF[start][masks[start] & spec] or _PASS_ONLY, start, fields, masks)
    return state
