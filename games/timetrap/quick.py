"""The commonest TIMETRAP actions, built straight into the next State (docs/engine-speed.md).

A time card that sets nothing off (no yellow effect; the hand and the game go on), a Time Trap after
which the turn passes on, and a pass change a handful of fields (about 90% of the actions of a game),
also when they end a day and the next one starts plainly (not day 7). So do, more rarely, a yellow
number's question, extra turn or skip, a discard answering the question, and the game's end by a last
card or at day 7's start. Building the next State from the input's fields skips the working copy
(table.py) and its freeze, about half of what apply() costs. Anything else returns None and goes
through the full rules (rules.play_time_card, play_trap, pass_turn, end_day, resolve_pending), whose
result these shortcuts must equal exactly: tests/timetrap/test_quick.py, test_fast_paths.py and the
behaviour fingerprint (games/tools/fingerprint.py) check that.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

from games.core.contract import JSON, Event
from games.core.native64 import WRAPS
from games.timetrap import dates
from games.timetrap.allowed import (
    BUILT,
    MIXED,
    NO_TRAP,
    PLAYS_OF,
    SPECS_DOWN,
    SPECS_UP,
    TIME_CARDS,
    TRAP_ONE,
    TRAPS_OF,
    VALUE_BIT,
    VALUE_BITS,
    VERDICT,
    VERDICT_OF,
    VERDICTS_DOWN,
    VERDICTS_UP,
    listed_by_loop,
    masks_of,
)
from games.timetrap.cards import COLOURS, NUMBER_OF, TRAP_HIGH, TRAP_LOW, is_trap, sorted_in
from games.timetrap.cards import trap_card as _trap_card
from games.timetrap.state import LAST_DAY, LIMITS, Pending, State
from games.timetrap.table import NO_SEATS, ONLY, public_mask, take_first_trap

_new: Final = tuple.__new__
_UNNOTED: Final = BUILT[0]  # no State's note (the compiled build reads this instead of allowed.BUILT)
# The classes as Final names: compiled, each use reads a C static instead of looking the name up in the module's
# dictionary (they are built every action); on the source it is the same global lookup.
_EVENT: Final = Event
_STATE: Final = State
YELLOW: Final = {card.id: card for date_set in dates.DATE_SETS.values() for card in date_set.yellow}
_YELLOW_NUMBER: Final = {card.id: card.number for card in YELLOW.values()}  # yellow date -> its number
# Positions of the State fields these shortcuts write (Final literals: the compiled build inlines them;
# tests/timetrap/test_fast_paths.py checks them against State._fields).
_DATES: Final = 3
_DAY: Final = 4
_TILE_UP: Final = 5
_HANDS: Final = 6
_DISCARD: Final = 7
_BOARD: Final = 8
_KNOW: Final = 9
_START: Final = 10
_TURN: Final = 11
_LIMIT: Final = 12
_PLAYED: Final = 13
_TRAPS: Final = 14
_AFTER_TIME: Final = 15
_LAST_PLAYER: Final = 16
_PASSED: Final = 17
_OUT: Final = 18
_PENDING: Final = 19
_OVER: Final = 20
_WINNER: Final = 21
_END_REASON: Final = 22
_PLAYERS: Final = 0
_RNG: Final = 1
_DATE_SET: Final = 2
_EXTRA_TURN: Final = 23
_SKIP_NEXT: Final = 24
Board: TypeAlias = tuple[tuple[tuple[str, int], ...], ...]
_NEXT: Final[dict[tuple[int, ...], tuple[int, ...]]] = {}  # `out` -> each seat's next player still in


# Each time card's board entry (card, value), one shared tuple per card built once instead of a new one per
# play (a NamedTuple state never changes it; equal to the entry the full rules build).
_ENTRY: Final = {card: (card, value) for card, value in NUMBER_OF.items()}

# The data of the commonest events, one template per seat and card (and tile, day, reason...): each event's
# data is a copy of its template, a dict of its own (a reader may change it). Compiled, copying a ready dict
# costs about half of building the literal, whose keys and values go in one by one (~460 instructions
# against ~830 for three keys, ~400 against ~1,000 for four). On the source a copy of three or four keys
# saves about 100 (a card's and a day's start's, counted: 111 an action at two players) and one of two
# costs more than the literal: the source keeps the literals of a Time Trap's, its discard's and a day's
# end. Each template's keys in the order Table.emit gives them; seats 0-3 (at most four players), the
# time cards (a card played or discarded) and the Time Trap cards.
_SEATS: Final = range(len(COLOURS))
_TRAP_CARDS: Final = tuple(_trap_card(seat) for seat in _SEATS)
_PLAY_DATA: Final[tuple[dict[str, dict[str, JSON]], ...]] = tuple(
    {card: {"seat": seat, "card": card, "value": value} for card, value in NUMBER_OF.items()}
    for seat in _SEATS
)
_DISCARD_DATA: Final[tuple[dict[str, dict[str, JSON]], ...]] = tuple(
    {card: {"seat": seat, "card": card} for card in NUMBER_OF} for seat in _SEATS
)
# A Time Trap's, the tile face up before it (TRAP_HIGH, and the tile turns down) or face down.
_TRAP_DATA_UP: Final[tuple[dict[str, dict[str, JSON]], ...]] = tuple(
    {card: {"seat": seat, "card": card, "value": TRAP_HIGH, "tile": "down"} for card in _TRAP_CARDS}
    for seat in _SEATS
)
_TRAP_DATA_DOWN: Final[tuple[dict[str, dict[str, JSON]], ...]] = tuple(
    {card: {"seat": seat, "card": card, "value": TRAP_LOW, "tile": "up"} for card in _TRAP_CARDS}
    for seat in _SEATS
)
_DAY_END_DATA: Final[dict[str, tuple[dict[str, JSON], ...]]] = {
    reason: tuple({"day": day, "reason": reason} for day in range(LAST_DAY)) for reason in ("limit", "passes")
}
# A day's start by its day, start player and the players still in (its limit, LIMITS; 0 and 1 for a
# malformed state); its date card is written into the copy.
_DAY_START_DATA: Final[tuple[tuple[tuple[dict[str, JSON], ...], ...], ...]] = tuple(
    tuple(
        tuple(
            {"day": day, "start": seat, "limit": LIMITS.get(count, 0), "date": None}
            for count in range(len(COLOURS) + 1)
        )
        for seat in _SEATS
    )
    for day in range(LAST_DAY + 1)
)


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


def _fields(state: State) -> list[Any]:
    """`list(state)`, the State's fields as a list, by 25 C-level reads into a list display on the compiled
    build: about 500 instructions fewer than `list`, which takes the iterator path on a tuple subclass. On
    the source `list` itself is the cheaper one, and _fields is `list` there (below)."""
    t: tuple[Any, ...] = state  # items read as objects: no unboxing and boxing again of the int fields
    return [
        t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11], t[12],
        t[13], t[14], t[15], t[16], t[17], t[18], t[19], t[20], t[21], t[22], t[23], t[24],
    ]  # fmt: skip


_FIELDS_BY_READS: Final = _fields  # the reads themselves, on both builds (tests/timetrap/test_fast_paths.py)
if not WRAPS:  # the source build: the callers' `_fields(state)` is `list(state)`, no Python-level call
    # between (compiled, a call of _fields is a direct C call, which this rebinding does not reach)
    globals()["_fields"] = list


def _without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    """`hand` less its first `card`, what `list.remove` on a copy gives: found by one loop and the two sides
    joined. Compiled (`WRAPS`), a C loop and two tuple slices, about 400 instructions fewer than a list's
    copy, `remove` and `tuple`; on the source those are the cheaper, and the callers keep them there."""
    # The hand's first or last card (a card of a hand in order: often the highest time card or a Time
    # Trap card) by one slice instead of two slices joined (about 450 instructions fewer compiled). A card
    # id is held once: the last card, when it is `card`, is its first too.
    if hand and hand[0] == card:
        return hand[1:]
    last = len(hand) - 1
    if last > 0 and hand[last] == card:
        return hand[:last]
    for at, held in enumerate(hand):  # compiled, a C loop with no tuple per card
        if held == card:
            return hand[:at] + hand[at + 1 :]
    raise ValueError(f"{card} not in hand")


def play(state: State, seat: int, card: str) -> tuple[State, list[Event]] | None:
    """rules.play_time_card of a legal `card` when nothing but the card moves and the turn passes on:
    the hand keeps a card, the daily limit is not reached (or a plain day follows) and the date card
    asks nothing; a card others knew, not on a yellow number, too. None otherwise."""
    # The State's fields unpacked into locals, and the next State built from a tuple display of them (a day's
    # end through _next_day, tuple to tuple): no list of the fields and no list-to-tuple step in
    # tuple.__new__. Compiled, the unpacking is one length check and 25 C-level reads (about 1.1k
    # instructions fewer a card than `_fields` and the State from a list); on the source, `list(state)` and
    # the State from a list cost more than the unpacking (by the NamedTuple's iterator) and a tuple display.
    # A yellow number and a last card (rarer) still write a list of the fields.
    # The State a quick step or the deal built last, with its fields as a plain tuple (the compiled build
    # writes no note: no read of it there).
    note = _UNNOTED if WRAPS else BUILT[0]
    # Unpacked as objects (no unboxing and boxing again of the int fields), from the noted plain tuple when
    # this State is the one noted (the source, nearly every action): 3.11 unpacks a plain tuple directly and
    # a NamedTuple through its iterator, about 600 instructions more.
    t: tuple[Any, ...] = note[3] if note[0] is state else state
    (
        players, rng, date_set, days_, day_, tile_up, hands_, discard, board_, know, start, turn, limit_,
        played_, traps, _after_time, _last_player, _passed, out_, pending, over, winner, end_reason,
        extra_turn, skip_next,
    ) = t  # fmt: skip
    # The locals computed with are typed: compiled, every operation on them is then a native one instead
    # of a generic call on an object (free on the source).
    hands: tuple[tuple[str, ...], ...] = hands_
    hand = hands[seat]
    if extra_turn or skip_next:
        return None
    # A card others knew (a card drawn or given, or left known by a Time Trap's discard): on the board
    # everyone sees it, and Table.to_board drops it from `know` (below). Through the full rules it cost
    # about 16k instructions compiled, 0.2% of two-player actions.
    known = card in know
    value = NUMBER_OF[card]
    day: int = day_
    days: tuple[str, ...] = days_
    date = days[day - 1] if day <= len(days) else None  # today's date card
    if date is not None and _YELLOW_NUMBER.get(date, 0) == value:  # 0: no yellow number (an int)
        if len(hand) < 2 or known:
            return None
        return _play_yellow(_fields(state), seat, card, value, _EFFECT[date])
    if len(hand) < 2:
        return None if known else _play_last(_fields(state), seat, card, value)
    played: int = played_
    played += 1
    limit: int = limit_
    ends_day = played >= limit
    if ends_day and day + 1 not in _PLAIN_NEXT_DAYS:
        return None
    # The hand less the card and the board with it. On the source the hand through a list (fewer tuples than
    # slices joined with `+`) and the board by slices joined; compiled the hand by _without and the board
    # by _with_last_row (one test of the build for both: it costs the source a global read). Two players'
    # hands are built directly as the pair (about 600 instructions fewer than through a list, and at two
    # players nearly every action is a card or a Time Trap); more players' through a list.
    board: Board = board_
    entry = _ENTRY[card]
    if WRAPS:
        left = _without(hand, card)
        if len(board) == day:  # today's row is the last (always, in play)
            new_board = _with_last_row(board, board[-1] + (entry,))
        else:
            new_board = _with_entry(board, day, entry)
    else:
        kept = list(hand)
        kept.remove(card)
        left = tuple(kept)
        if len(board) == day:  # as above: one slice fewer
            new_board = board[:-1] + (board[-1] + (entry,),)  # noqa: RUF005
        else:
            new_board = board[: day - 1] + (board[day - 1] + (entry,),) + board[day:]  # noqa: RUF005
    new_hands: tuple[tuple[str, ...], ...]
    if len(hands) == 2:
        new_hands = (left, hands[1]) if seat == 0 else (hands[0], left)
    else:
        replaced = list(hands)
        replaced[seat] = left
        new_hands = tuple(replaced)
    events = [_new(_EVENT, ("play", _PLAY_DATA[seat][card].copy(), None))]  # a time card's
    if known:  # Table.to_board: the State's own copy of `know`, without the card
        know = dict(know)
        del know[card]
    if ends_day:  # the next day's start sets the turn (_next_day)
        turn = start
    else:
        out: tuple[int, ...] = out_
        following = seat + 1 if seat + 1 < len(out) else 0  # next_active's commonest answer, inlined
        turn = next_active(out, seat) if out[following] else following
    fields: tuple[Any, ...] = (
        players, rng, date_set, days_, day_, tile_up, new_hands, discard, new_board, know, start, turn, limit_,
        played, traps, True, seat, NO_SEATS, out_, pending, over, winner, end_reason, extra_turn, skip_next,
    )  # fmt: skip
    if WRAPS:
        if ends_day:
            return _next_day(fields, new_board, seat, "limit", events, None), events
        built = _new(_STATE, fields)
        _keep_verdict(built, date, value, tile_up)
        return built, events
    # The source: the hands' bits (allowed.VALUE_BIT) carried on from the note, or worked out for a State not
    # noted, less the card played (a MIXED hand stays negative); and _note written out (a call fewer on the
    # commonest action): the day goes on, this card's value the one to beat, a Time Trap may follow it.
    masks: tuple[int, ...] = note[4] if t is not state else masks_of(hands)
    bits = masks[seat] - _BIT_OF_VALUE[value]
    if len(masks) == 2:
        masks = (bits, masks[1]) if seat == 0 else (masks[0], bits)
    else:
        listed = list(masks)
        listed[seat] = bits
        masks = tuple(listed)
    if ends_day:
        return _next_day(fields, new_board, seat, "limit", events, masks), events
    built = _new(_STATE, fields)
    specs = (SPECS_UP if tile_up else SPECS_DOWN).get(date)
    if specs is not None:
        spec = specs.get(value)
        if spec is not None:
            bits = masks[turn]
            if bits >= 0:  # the hand of its own colour (allowed.PLAYS_OF)
                found = PLAYS_OF[turn][bits & spec]
                # a Time Trap card in hand, the verdict allowing one, fewer than two today: its discards too
                if bits >= TRAP_ONE and spec < NO_TRAP and traps < _MAX_TRAPS_PER_DAY:
                    found = found + TRAPS_OF[turn][bits & VALUE_BITS]
                BUILT[0] = (built, found or _PASS_ONLY, turn, fields, masks)
            else:  # MIXED: the hand looped over (the bits carried on for the next steps)
                verdict = (VERDICTS_UP if tile_up else VERDICTS_DOWN)[date][value]
                found = listed_by_loop(new_hands[turn], verdict, traps < _MAX_TRAPS_PER_DAY)
                BUILT[0] = (built, found, turn, fields, masks)
    return built, events


# A time card's value -> its bit (allowed.VALUE_BIT by value; 0 for 0).
_BIT_OF_VALUE: Final = tuple(1 << value >> 1 for value in range(TRAP_ONE.bit_length()))
_PASS_ONLY: Final = ("pass",)


def _keep_verdict(built: State, date: str | None, last: int | None, up: bool) -> None:
    """The compiled build's note (allowed.VERDICT_OF, VERDICT): `built`'s verdict alone, when it is already
    judged, for its first listing, as _note keeps more on the source. A State a quick step built
    in the day's course (`last` the value of the day's last card) or a day's start (None)."""
    verdicts = (VERDICTS_UP if up else VERDICTS_DOWN).get(date)
    if verdicts is not None:
        verdict: Any = verdicts.get(last)  # kept as the table's object: no unboxing and boxing again
        if verdict is not None:
            VERDICT[0] = verdict
            VERDICT_OF[0] = built


def _note(
    built: State,
    fields: tuple[Any, ...],
    date: str | None,
    last: int | None,
    up: bool,
    turn: int,
    masks: tuple[int, ...] | None,
) -> None:
    """Keep what `built`'s first listing and action need (allowed.BUILT), when its verdict is already judged
    and its hands' bits are known: a State a quick step or the deal built from the plain tuple `fields`, not
    over and asking nothing, whose day's last card has the value `last` (None: no card yet today), `turn` to
    act, after which no Time Trap may follow (the callers' last thing done today is not a time card). The
    source build only: compiled, working the verdict out from the board is a few hundred instructions, and
    keeping more than the verdict cost more than it saved (docs/engine-speed.md)."""
    if masks is not None:
        specs = (SPECS_UP if up else SPECS_DOWN).get(date)
        if specs is not None:
            spec = specs.get(last)
            if spec is not None:
                bits = masks[turn]
                if bits >= 0:  # the hand of its own colour (allowed.PLAYS_OF)
                    BUILT[0] = (built, PLAYS_OF[turn][bits & spec] or _PASS_ONLY, turn, fields, masks)
                else:  # MIXED: the hand looped over (the bits carried on for the next steps)
                    verdict = (VERDICTS_UP if up else VERDICTS_DOWN)[date][last]
                    BUILT[0] = (
                        built,
                        listed_by_loop(fields[_HANDS][turn], verdict, False),
                        turn,
                        fields,
                        masks,
                    )


class _Which:
    """A dates.Effects that only records which effect a yellow card asks for (read once per card)."""

    def __init__(self) -> None:
        self.effect = ""

    def draw_from_chosen_player(self) -> None:
        self.effect = "draw"

    def give_chosen_card(self) -> None:
        self.effect = "give"

    def next_player_discards(self) -> None:
        self.effect = "discard_next"

    def extra_turn(self) -> None:
        self.effect = "extra_turn"

    def skip_next_player(self) -> None:
        self.effect = "skip"

    def take_board_trap(self) -> None:
        self.effect = "take_trap"

    def discard_chosen_card(self) -> None:
        self.effect = "discard_own"


def _effect_of(card: dates.YellowCard) -> str:
    which = _Which()
    card.effect(which)
    return which.effect


_EFFECT: Final = {card_id: _effect_of(card) for card_id, card in YELLOW.items()}  # yellow date -> effect
_ASKS_ACTOR: Final = frozenset({"give", "discard_own"})  # asked of the actor, who has a card left
_PASSES_ON: Final = frozenset({"extra_turn", "skip"})  # the turn then passes on (rules.end_turn)
_MAX_TRAPS_PER_DAY: Final = 2  # rules.MAX_TRAPS_PER_DAY (rules imports this module)


def _play_yellow(
    fields: list[Any], seat: int, card: str, value: int, effect: str
) -> tuple[State, list[Event]] | None:
    """play's card of today's yellow number, the hand keeping a card, when its effect is one of the
    commonest: a question (rules.YellowEffects._ask: the card's turn ends only once it is answered, so
    the daily limit waits too), an extra turn or a skip (then the turn passes on as rules.end_turn says,
    the daily limit not reached). This restates YellowEffects' conditions for asking (a card left to give
    or discard, a next player with cards, someone to draw from); tests/timetrap/test_fast_paths.py holds
    it to the full rules. None otherwise (an effect ignored, a Time Trap taken, the day's end).
    `fields` is the input State's, as a list: the next State's once written."""
    out = fields[_OUT]
    hands_now = fields[_HANDS]
    asked = seat
    if effect == "discard_next":
        asked = next_active(out, seat)
        if asked == seat or not hands_now[asked]:
            return None
    elif effect == "draw":
        for other in range(fields[_PLAYERS]):
            if other != seat and not out[other] and hands_now[other]:
                break
        else:
            return None
    elif effect in _PASSES_ON:
        if fields[_PLAYED] + 1 >= fields[_LIMIT]:
            return None
    elif effect not in _ASKS_ACTOR:
        return None  # a Time Trap taken from the board
    kept = list(hands_now[seat])
    kept.remove(card)
    hands = list(hands_now)
    hands[seat] = tuple(kept)
    fields[_HANDS] = tuple(hands)
    fields[_BOARD] = _with_entry(fields[_BOARD], fields[_DAY], _ENTRY[card])
    fields[_PLAYED] += 1
    fields[_AFTER_TIME] = True
    fields[_LAST_PLAYER] = seat
    fields[_PASSED] = NO_SEATS
    events = [_new(_EVENT, ("play", {"seat": seat, "card": card, "value": value}, None))]
    if effect == "extra_turn":
        events.append(_new(_EVENT, ("extra_turn", {"seat": seat}, None)))
        fields[_TURN] = seat
    elif effect == "skip":
        skipped = next_active(out, seat)
        events.append(_new(_EVENT, ("skip", {"seat": skipped, "by": seat}, None)))
        fields[_TURN] = next_active(out, skipped)
    else:
        fields[_PENDING] = Pending(effect, asked, seat)
        events.append(_new(_EVENT, ("asked", {"seat": asked, "kind": effect}, None)))
    return _new(_STATE, fields), events


def _play_last(fields: list[Any], seat: int, card: str, value: int) -> tuple[State, list[Event]] | None:
    """play's last card of a hand when it ends the game: on day 7 its player wins at once
    (rules.play_time_card, "emptied_day7"); before day 7 they are out (rules.end_turn, "empty_hand"),
    which ends the game when one player is left (Table.eliminate, "last_survivor"), as in nearly every
    two-player game. play has checked the rest (nobody knew the card, no date card's number, no yellow
    flag). None otherwise: a third player goes on, through the full rules. `fields` as in _play_yellow."""
    day = fields[_DAY]
    if day != LAST_DAY and fields[_OUT].count(0) != 2:  # one player would be left
        return None
    hands = list(fields[_HANDS])
    hands[seat] = ()
    fields[_HANDS] = tuple(hands)
    fields[_BOARD] = _with_entry(fields[_BOARD], day, _ENTRY[card])
    fields[_PLAYED] += 1
    fields[_AFTER_TIME] = True
    fields[_LAST_PLAYER] = seat
    fields[_PASSED] = NO_SEATS
    events = [_new(_EVENT, ("play", {"seat": seat, "card": card, "value": value}, None))]
    if day == LAST_DAY:
        _finish(fields, seat, "emptied_day7", events)
    else:
        _out_of_cards(fields, seat, events)
    return _new(_STATE, fields), events


def _last_day_ends_game(state: State, fields: list[Any], reason: str, events: list[Event]) -> bool:
    """rules.end_day on day 6 then start_day of day 7 on the next State's `fields`, when the Time Trap
    holders' elimination there ends the game (as it nearly always does at two players): True, and
    `fields` and `events` are the result. False when nobody holds one or two players are left (the
    caller goes to the full rules)."""
    out = state[18]  # state.out (tuple indexes: hot path)
    hands = fields[_HANDS]
    # rules.start_day's holders (state.players)
    holders = [s for s in range(state[0]) if not out[s] and any(is_trap(c) for c in hands[s])]
    if not holders:
        return False
    order = max(out) + 1
    after = list(out)
    for seat in holders:
        after[seat] = order
    left = after.count(0)
    if left > 1:
        return False
    fields[_DAY] = LAST_DAY
    fields[_BOARD] = fields[_BOARD] + ((),)  # the new day's row
    fields[_PLAYED] = 0
    fields[_TRAPS] = 0
    fields[_PASSED] = NO_SEATS
    fields[_AFTER_TIME] = False
    fields[_LAST_PLAYER] = None
    fields[_OUT] = tuple(after)
    events.append(_new(_EVENT, ("day_end", {"day": LAST_DAY - 1, "reason": reason}, None)))
    for seat in holders:
        events.append(_new(_EVENT, ("eliminated", {"seat": seat, "reason": "trap"}, None)))
    if left:
        _finish(fields, after.index(0), "last_survivor", events)
    else:
        _finish(fields, None, "no_survivor", events)
    return True


def _with_last_row(board: Board, row: tuple[tuple[str, int], ...]) -> Board:
    """`board[:-1] + (row,)`, a board of one to seven days with its last row replaced, built by one tuple
    display: compiled, one tuple instead of a slice, a 1-tuple and their join (about 350 instructions
    fewer a card played). On the source a call costs more than it saves: the callers join there."""
    days = len(board)
    if days == 1:
        return (row,)
    if days == 2:
        return (board[0], row)
    if days == 3:
        return (board[0], board[1], row)
    if days == 4:
        return (board[0], board[1], board[2], row)
    if days == 5:
        return (board[0], board[1], board[2], board[3], row)
    if days == 6:
        return (board[0], board[1], board[2], board[3], board[4], row)
    return board[:-1] + (row,)  # noqa: RUF005  (day 7, or a malformed board)


def _with_entry(board: Board, day: int, entry: tuple[str, int]) -> Board:
    """`board` with `entry` played today (Table.to_board)."""
    return board[: day - 1] + (board[day - 1] + (entry,),) + board[day:]  # noqa: RUF005


def _out_of_cards(fields: list[Any], seat: int, events: list[Event]) -> None:
    """Table.eliminate([seat], "empty_hand") on the next State's `fields` when it leaves one player,
    who wins at once (the callers check that one is left)."""
    out = list(fields[_OUT])
    out[seat] = max(out) + 1
    fields[_OUT] = tuple(out)
    events.append(_new(_EVENT, ("eliminated", {"seat": seat, "reason": "empty_hand"}, None)))
    _finish(fields, out.index(0), "last_survivor", events)


def _finish(fields: list[Any], winner: int | None, reason: str, events: list[Event]) -> None:
    """Table.finish on the next State's `fields` (a game not over yet)."""
    fields[_OVER] = True
    fields[_WINNER] = winner
    fields[_END_REASON] = reason
    fields[_PENDING] = None
    hands = [len(hand) for hand in fields[_HANDS]]
    events.append(_new(_EVENT, ("game_over", {"winner": winner, "reason": reason, "hands": hands}, None)))


def trap(state: State, seat: int, discard: str) -> tuple[State, list[Event]] | None:
    """rules.play_trap of a legal Time Trap when the turn passes on: the hand keeps a card and the
    daily limit is not reached, or it is and a plain day follows (_next_day); or when it empties the hand before day 7 and one player is left, who
    wins (rules.end_turn's elimination, as in _play_last). The discard is the private move of
    Table.private_move. None otherwise."""
    note = _UNNOTED if WRAPS else BUILT[0]  # unpacked into locals, the typed ones computed with, as in play
    t: tuple[Any, ...] = note[3] if note[0] is state else state
    (
        players, rng, date_set, days, day_, tile_up_, hands_, pile_, board_, know_, start, turn, limit_,
        played_, traps_, _after_time, _last_player, _passed, out_, pending, over, winner, end_reason,
        extra_turn, skip_next,
    ) = t  # fmt: skip
    hands: tuple[tuple[str, ...], ...] = hands_
    hand = hands[seat]
    played: int = played_
    played += 1
    if extra_turn or skip_next:
        return None
    ends_game = len(hand) < 3  # the Time Trap and the discard are the hand's last cards
    ends_day = False
    day: int = day_
    limit: int = limit_
    out: tuple[int, ...] = out_
    if ends_game:
        if day == LAST_DAY or out.count(0) != 2:
            return None
    elif played >= limit:
        if day + 1 not in _PLAIN_NEXT_DAYS:
            return None
        ends_day = True
    # One plain pass over the hand: its time cards (the discard may have been any of them) and its lowest
    # Time Trap card (identical cards: the lowest id). Compiled, a C loop; `filter` and `min` over a
    # bound `__contains__` were a call per card.
    candidates: list[str]
    trap_card: str = hand[-1]
    if not WRAPS and len(hand) > 1 and hand[-2] in TIME_CARDS and trap_card not in TIME_CARDS:
        # The source, one Time Trap card: the hand's last, its time cards the rest (a hand of play is in
        # order, as rules.legal_actions says): a slice instead of the loop (~250 instructions a card).
        candidates = list(hand[:-1])
    else:
        candidates = []
        trap_card = ""
        for c in hand:
            if c in TIME_CARDS:
                candidates.append(c)
            elif not trap_card or c < trap_card:
                trap_card = c
    tile_up: bool = tile_up_
    value = TRAP_HIGH if tile_up else TRAP_LOW
    know: dict[str, int] = dict(know_)
    # Plain tests and deletions: compiled, `dict.pop` and `keys() & candidates` were generic calls (the
    # latter builds a set); the dict ends the same, every known candidate gone.
    if trap_card in know:  # on the board: public
        del know[trap_card]  # noqa: RUF051  (compiled, `pop` is a generic method call)
    mine = 1 << seat
    if len(candidates) <= 1:  # onlookers know which card went: it stays known to whoever knew it
        know[discard] = know.get(discard, 0) | mine
    else:  # it may have been any of them: the others lose track of every candidate
        # (on the source, one C-level test first: most hands hold no card another seat knows)
        if WRAPS or not know.keys().isdisjoint(candidates):
            for other in candidates:
                if other in know:
                    del know[other]  # noqa: RUF051
        know[discard] = mine
    # The hand less both cards, the board with the Time Trap card and the events' data, as in play: one test
    # of the build. The events' data compiled from templates (about 600 instructions fewer a Time Trap);
    # on the source a template's copy of two keys costs more than the literal, one of four about the same.
    board: Board = board_
    entry = (trap_card, value)
    tile = "down" if tile_up else "up"  # the tile turns
    trap_data: dict[str, JSON] | None
    if WRAPS:
        left = _without(_without(hand, trap_card), discard)
        if len(board) == day:  # today's row is the last (always, in play)
            new_board = _with_last_row(board, board[-1] + (entry,))
        else:
            new_board = _with_entry(board, day, entry)
        trap_data = (_TRAP_DATA_UP if tile_up else _TRAP_DATA_DOWN)[seat].get(trap_card)
        trap_data = (
            {"seat": seat, "card": trap_card, "value": value, "tile": tile}
            if trap_data is None
            else trap_data.copy()
        )
        discard_data = _DISCARD_DATA[seat][discard].copy()  # a time card
    else:
        kept = list(hand)
        kept.remove(trap_card)
        kept.remove(discard)
        left = tuple(kept)
        if len(board) == day:  # as above: one slice fewer
            new_board = board[:-1] + (board[-1] + (entry,),)  # noqa: RUF005
        else:
            new_board = board[: day - 1] + (board[day - 1] + (entry,),) + board[day:]  # noqa: RUF005
        trap_data = {"seat": seat, "card": trap_card, "value": value, "tile": tile}
        discard_data = {"seat": seat, "card": discard}
    new_hands: tuple[tuple[str, ...], ...]
    if len(hands) == 2:  # as in play
        new_hands = (left, hands[1]) if seat == 0 else (hands[0], left)
    else:
        replaced = list(hands)
        replaced[seat] = left
        new_hands = tuple(replaced)
    pile: tuple[str, ...] = pile_
    new_pile = pile + (discard,)  # noqa: RUF005
    traps: int = traps_
    tile_up = not tile_up
    events = [
        _new(_EVENT, ("trap", trap_data, None)),
        _new(_EVENT, ("trap_discard", discard_data, ONLY[seat])),
    ]
    if not (ends_game or ends_day):
        following = seat + 1 if seat + 1 < len(out) else 0  # next_active's commonest answer, inlined
        turn = next_active(out, seat) if out[following] else following
    fields: tuple[Any, ...] = (
        players, rng, date_set, days, day_, tile_up, new_hands, new_pile, new_board, know, start, turn,
        limit_, played, traps + 1, False, seat, NO_SEATS, out_, pending, over, winner, end_reason,
        extra_turn, skip_next,
    )  # fmt: skip
    if ends_game:  # the game's end writes more fields: a list of them
        written: list[Any] = list(fields)
        _out_of_cards(written, seat, events)
        return _new(_STATE, written), events
    masks: tuple[int, ...] | None = None  # the source: the hands' bits, as in play
    if not WRAPS:
        masks = note[4] if t is not state else masks_of(hands)
        listed = list(masks)
        listed[seat] -= TRAP_ONE + VALUE_BIT[discard]  # a MIXED hand stays negative
        masks = tuple(listed)
    if ends_day:
        return _next_day(fields, new_board, seat, "limit", events, masks), events
    built = _new(_STATE, fields)
    days_: tuple[str, ...] = days
    date = days_[day - 1] if day <= len(days_) else None
    if WRAPS:
        _keep_verdict(built, date, value, tile_up)
    elif masks is not None:  # _note written out, as in play and _next_day; no Time Trap may follow
        specs = (SPECS_UP if tile_up else SPECS_DOWN).get(date)
        if specs is not None:
            spec = specs.get(value)
            if spec is not None:
                bits = masks[turn]
                if bits >= 0:  # the hand of its own colour (allowed.PLAYS_OF)
                    BUILT[0] = (built, PLAYS_OF[turn][bits & spec] or _PASS_ONLY, turn, fields, masks)
                else:
                    _note(built, fields, date, value, tile_up, turn, masks)  # MIXED: by the loop
    return built, events


def discard(state: State, seat: int, card: str) -> tuple[State, list[Event]] | None:
    """rules.resolve_pending of a legal "discard:<card>" (the answer to a yellow card asking the next
    player or the actor to discard) when the turn then passes on from the actor (rules.end_turn): both
    hands keep a card and the daily limit is not reached. The discard is Table.private_move's, as in
    trap, every card of the hand a candidate. None otherwise."""
    pending = state[19]  # state.pending (tuple indexes: hot path)
    if pending is None:
        return None
    actor = pending[2]  # pending.actor
    hands_now = state[6]  # state.hands
    hand = hands_now[seat]
    if len(hand) < 2 or not hands_now[actor] or state[13] >= state[12] or state[23] or state[24]:
        return None  # state.played_today, state.limit, state.extra_turn, state.skip_next
    know: dict[str, int] = dict(state[9])  # state.know: the others lose track of every card of the hand
    for other in hand:  # a plain loop, as in trap
        if other in know:
            del know[other]  # noqa: RUF051  (as in trap)
    know[card] = 1 << seat
    fields: list[Any] = _fields(state)
    kept = list(hand)
    kept.remove(card)
    hands = list(hands_now)
    hands[seat] = tuple(kept)
    fields[_HANDS] = tuple(hands)
    fields[_DISCARD] = fields[_DISCARD] + (card,)
    fields[_KNOW] = know
    fields[_PENDING] = None
    fields[_TURN] = next_active(fields[_OUT], actor)
    return _new(_STATE, fields), [
        _new(_EVENT, ("discard", {"seat": seat}, None)),
        _new(_EVENT, ("discard_card", {"seat": seat, "card": card}, ONLY[seat])),
    ]


def pass_turn(state: State, seat: int) -> tuple[State, list[Event]] | None:
    """rules.pass_turn: when someone is still to play today, or when the pass ends a day after which a
    plain day follows (see _next_day). None otherwise."""
    note = _UNNOTED if WRAPS else BUILT[0]  # unpacked into locals, the typed ones computed with, as in play
    t: tuple[Any, ...] = note[3] if note[0] is state else state
    (
        players_, rng, date_set, days, day_, tile_up, hands, discard, board, know, start_, turn, limit,
        played, traps, after_time, last_, passed_, out_, pending, over, winner, end_reason, extra_turn,
        skip_next,
    ) = t  # fmt: skip
    before: frozenset[int] = passed_
    grown = _PASSED_TOO.get(before)  # _passed_too, inlined (one call less)
    passed = _passed_too(before, seat) if grown is None else grown[seat]
    out: tuple[int, ...] = out_
    last: int | None = last_
    last_seat = -1 if last is None else last  # an int: compiled, the comparison below is a native one
    players: int = players_
    events = [_new(_EVENT, ("pass", {"seat": seat}, None))]
    for other in range(players):
        if not out[other] and other != last_seat and other not in passed:
            break
    else:  # nobody is waiting: the day ends
        day: int = day_
        if day + 1 not in _PLAIN_NEXT_DAYS:
            fields: list[Any] = _fields(state)
            if day + 1 == LAST_DAY and _last_day_ends_game(state, fields, "passes", events):
                return _new(_STATE, fields), events
            return None
        start: int = start_ if last is None else last
        if t is not state:  # the noted plain tuple: the fields _next_day reads are the input's (and its bits)
            return _next_day(t, board, start, "passes", events, note[4]), events
        now: tuple[Any, ...] = (
            players_, rng, date_set, days, day_, tile_up, hands, discard, board, know, start_, turn, limit,
            played, traps, after_time, last_, passed_, out_, pending, over, winner, end_reason, extra_turn,
            skip_next,
        )  # fmt: skip
        return _next_day(now, board, start, "passes", events, None if WRAPS else masks_of(hands)), events
    following = seat + 1 if seat + 1 < len(out) else 0  # next_active's commonest answer, inlined
    turn = next_active(out, seat) if out[following] else following
    after: tuple[Any, ...] = (
        players_, rng, date_set, days, day_, tile_up, hands, discard, board, know, start_, turn, limit,
        played, traps, False, last_, passed, out_, pending, over, winner, end_reason, extra_turn, skip_next,
    )  # fmt: skip
    built = _new(_STATE, after)
    if not WRAPS:  # the source: the next turn's listing noted too (the board and the bits are the input's)
        today: int = day_
        dates_: tuple[str, ...] = days
        row = board[today - 1] if len(board) >= today else ()
        _note(
            built,
            after,
            dates_[today - 1] if today <= len(dates_) else None,
            row[-1][1] if row else None,
            tile_up,
            turn,
            note[4] if t is not state else masks_of(hands),
        )
    return built, events


# Who has passed -> those sets with each seat added (`passed | ONLY[seat]` by seat), built once per set and
# shared: a pass looks its new set up instead of building one (a day meets a handful of sets).
_PASSED_TOO: Final[dict[frozenset[int], tuple[frozenset[int], ...]]] = {}


def _passed_too(passed: frozenset[int], seat: int) -> frozenset[int]:
    """`passed | ONLY[seat]`, one of the shared sets of _PASSED_TOO (a malformed state's are built, not kept)."""
    grown = _PASSED_TOO.get(passed)
    if grown is None:
        grown = tuple([passed | only for only in ONLY])
        if len(_PASSED_TOO) < 4096:
            _PASSED_TOO[passed] = grown
    return grown[seat]


# The days whose start eliminates nobody (day 7 eliminates the Time Trap holders): rules.end_day and
# start_day reduce to _next_day.
_PLAIN_NEXT_DAYS: Final = frozenset({2, 3, 4, 5, 6})
_TRAP_DAYS: Final = frozenset({3, 5})  # rules.TRAP_DAYS: the start player picks up a played Time Trap card


def _next_day(
    fields: tuple[Any, ...],
    board: Board,
    start: int,
    reason: str,
    events: list[Event],
    masks: tuple[int, ...] | None,
) -> State:
    """rules.end_day then start_day on `fields`, the next State's fields as a tuple (its day, players, dates
    and `out` still the input State's; `board` the day's final board), when the next day is in
    _PLAIN_NEXT_DAYS: the new day's State. `start` (the last to play a card, else the day's start player)
    opens it, or the next player still in after them; on days 3 and 5 they pick up the first Time Trap card
    on the board. A tuple in and a tuple display out: the State is built from a tuple, without a list of its
    fields (about 600 instructions fewer a day's end compiled). On the source it notes the new day's first
    listing with the State (allowed.BUILT, as play does; `masks` the hands' bits, None compiled): a day's
    start is the commonest listing a play does not precede (about a fifth of a two-player game's turns)."""
    day: int = fields[_DAY]
    out: tuple[int, ...] = fields[_OUT]
    if out[start]:
        start = next_active(out, start)
    days: tuple[str, ...] = fields[_DATES]
    date = days[day] if day < len(days) else None  # the new day's date card
    # The players still in, and the day's end's data: compiled, a C loop (`out.count(0)` is a generic method
    # call, ~550 instructions a day) and a template's copy; on the source the method and the literal.
    if WRAPS:
        still_in = 0
        for gone in out:
            if not gone:
                still_in += 1
        ended = _DAY_END_DATA[reason][day].copy()
    else:
        still_in = out.count(0)
        ended = {"day": day, "reason": reason}
    limit = LIMITS[still_in]  # by the players still in
    started = _DAY_START_DATA[day + 1][start][still_in].copy()
    started["date"] = date
    events.append(_new(_EVENT, ("day_end", ended, None)))
    events.append(_new(_EVENT, ("day_start", started, None)))
    hands = fields[_HANDS]
    know = fields[_KNOW]
    new_board = board + ((),)  # noqa: RUF005  (a new row)
    if day + 1 in _TRAP_DAYS:
        rows = list(board)
        trap = take_first_trap(rows)  # first_trap and take_from_board in one pass
        if trap is not None:  # Table.from_board: a public pick-up
            new_board = tuple(rows) + ((),)  # noqa: RUF005  (the new day's row)
            held = list(hands)  # through a list, as in play
            held[start] = sorted_in(held[start], trap)
            hands = tuple(held)
            if masks is not None:  # the source's bits of the hands (None compiled), the card gained
                listed = list(masks)
                listed[start] += TRAP_ONE if trap in _TRAP_CARDS else MIXED  # MIXED: a malformed board's
                masks = tuple(listed)
            everyone = public_mask(fields[_PLAYERS])
            if know.get(trap) != everyone:
                know = dict(know)
                know[trap] = everyone
            events.append(_new(_EVENT, ("pickup", {"seat": start, "card": trap}, None)))
    f = fields
    tile_up: bool = f[_TILE_UP]
    new_day: tuple[Any, ...] = (
        f[_PLAYERS], f[_RNG], f[_DATE_SET], days, day + 1, tile_up, hands, f[_DISCARD], new_board, know,
        start, start, limit, 0, 0, False, None, NO_SEATS, out, f[_PENDING], f[_OVER], f[_WINNER],
        f[_END_REASON], f[_EXTRA_TURN], f[_SKIP_NEXT],
    )  # fmt: skip
    built = _new(_STATE, new_day)
    if WRAPS:
        _keep_verdict(built, date, None, tile_up)
    elif masks is not None:  # _note written out (a day's start: a fifth of two-player turns); no card to beat
        specs = (SPECS_UP if tile_up else SPECS_DOWN).get(date)
        if specs is not None:
            spec = specs.get(None)
            if spec is not None:
                bits = masks[start]
                if bits >= 0:  # the hand of its own colour (allowed.PLAYS_OF)
                    BUILT[0] = (built, PLAYS_OF[start][bits & spec] or _PASS_ONLY, start, new_day, masks)
                else:
                    _note(built, new_day, date, None, tile_up, start, masks)  # MIXED: by the loop
    return built
