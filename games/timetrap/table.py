"""A mutable working copy of one State for the length of one apply(): card moves and who knows what.

Knowledge: a card on the board is public; a card in a hand is known to its owner and to the seats in
`know[card]` (bit `players` stands for spectators, set only by public moves); a card in the face-down discard pile only to the seats in `know[card]`. A private move
(random draw, gift, face-down discard) tells its two parties which card moved; everyone else only sees
that *a* card moved, so they lose track of every card that could have been the one (unless it was the only
candidate).

Speed (docs/engine-speed.md): the working copy shares the input State's tuples and its `know` dict until
one is written (copy on write): a hand, a board row or the discard pile is replaced by a new tuple, `know`
is copied before its first write. A card joins the end of a hand (so the AI's playouts, which never
freeze, see the hands in the order they always did); `freeze` sorts only the hands that gained a card and
builds the next State with one `tuple.__new__`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, TypeAlias

from games.core.contract import Event
from games.timetrap import cards
from games.timetrap.state import Pending, State

# `_new(_EVENT, (kind, data, audience))`, `_new(_STATE, (...))`: no Python-level call. The classes as Final
# names: compiled, a C static instead of a lookup in the module's dictionary (quick.py does the same).
_new: Final = tuple.__new__
_EVENT: Final = Event
_STATE: Final = State
NO_SEATS: Final[frozenset[int]] = frozenset()
ONLY: Final = tuple(frozenset((s,)) for s in range(8))  # ONLY[seat]: the set of that seat alone, built once


def bit(seat: int) -> int:
    return 1 << seat


def public_mask(players: int) -> int:
    """Every seat and the spectators (bit `players`): what a public move makes known."""
    return (1 << (players + 1)) - 1


Row: TypeAlias = tuple[tuple[str, int], ...]  # one day of the board: (card, value) in play order
TIME_CARD_NUMBER: Final = cards.NUMBER_OF  # a Final alias: compiled, a C static instead of a module lookup


def first_trap(board: Sequence[Row]) -> str | None:
    """The first Time Trap card played on the board, earliest day first (None: there is none)."""
    # Plain loops: on a board of a few short rows cheaper than chained iterators on the source, and C
    # loops once compiled (a board row holds time cards and Time Trap cards only).
    for row in board:
        for card, _ in row:
            if card not in TIME_CARD_NUMBER:
                return card
    return None


def take_from_board(board: list[Row], card: str) -> None:
    """`card` leaves the board (`board` is a copy: its rows are replaced, never changed)."""
    for day, row in enumerate(board):
        for i, (played, _) in enumerate(row):
            if played == card:
                board[day] = row[:i] + row[i + 1 :]
                break


def take_first_trap(board: list[Row]) -> str | None:
    """first_trap(board), taken off `board` (a copy: its rows are replaced, never changed) as
    take_from_board does, in one pass: the Time Trap pick-up of days 3 and 5 (quick.py). The rows before
    the card's hold time cards only, so take_from_board would leave them; a card is on the board once, so
    the rows after it are searched only as take_from_board would (a malformed board may hold it twice)."""
    for day, row in enumerate(board):
        i = 0
        for card, _ in row:
            if card not in TIME_CARD_NUMBER:
                board[day] = row[:i] + row[i + 1 :]
                for later in range(day + 1, len(board)):
                    rest = board[later]
                    for j, (played, _) in enumerate(rest):
                        if played == card:
                            board[later] = rest[:j] + rest[j + 1 :]
                            break
                return card
            i += 1  # noqa: SIM113  (enumerate builds a tuple per entry: slower on a hot path)
    return None


def seat_mask(seat: int | None, players: int) -> int:
    """The knowledge bit of a seat; spectators (None) share bit `players`, set only by public moves."""
    return 1 << (players if seat is None else seat)


class Table:
    __slots__ = (
        "after_time",
        "base",
        "board",
        "day",
        "discard",
        "end_reason",
        "events",
        "extra_turn",
        "grown",
        "hands",
        "know",
        "last_player",
        "limit",
        "out",
        "over",
        "owned",
        "passed",
        "pending",
        "played_today",
        "players",
        "rng",
        "skip_next",
        "start",
        "tile_up",
        "traps_today",
        "turn",
        "winner",
    )

    hands: list[tuple[str, ...]]  # per seat; a changed hand is a new tuple (copy on write)
    board: list[tuple[tuple[str, int], ...]]  # per day started: (card, value) in play order
    discard: tuple[str, ...]
    know: Mapping[str, int]  # the input State's until first written; then `owned`
    owned: dict[str, int] | None
    out: tuple[int, ...]
    passed: frozenset[int]
    pending: Pending | None
    last_player: int | None
    winner: int | None
    end_reason: str | None

    def __init__(self, state: State) -> None:
        (
            self.players,
            self.rng,
            _date_set,
            _dates,
            self.day,
            self.tile_up,
            hands,
            self.discard,
            board,
            self.know,
            self.start,
            self.turn,
            self.limit,
            self.played_today,
            self.traps_today,
            self.after_time,
            self.last_player,
            self.passed,
            self.out,
            self.pending,
            self.over,
            self.winner,
            self.end_reason,
            self.extra_turn,
            self.skip_next,
        ) = state
        self.base = state
        self.hands = list(hands)
        self.board = list(board)
        self.owned = None
        self.grown = 0  # bit mask of the seats whose hand got a card (sorted again on freeze)
        self.events: list[Event] = []

    # --- reading -----------------------------------------------------------------------------
    def active(self) -> list[int]:
        out = self.out
        return [s for s in range(self.players) if not out[s]]

    def next_active(self, seat: int) -> int:
        """The next player still in, to the left (seat order) of `seat` (which may itself be out)."""
        out = self.out
        players = self.players
        for step in range(1, players + 1):
            cand = (seat + step) % players
            if not out[cand]:
                return cand
        return seat

    def date(self) -> str | None:
        dates = self.base.dates
        return dates[self.day - 1] if self.day <= len(dates) else None

    def emit(self, event_kind: str, event_audience: frozenset[int] | None = None, /, **data: object) -> None:
        # Not `kind`: an event's data may hold a "kind" (asked), which the compiled build would bind to
        # a positional-only parameter of that name instead of leaving it in `data`.
        self.events.append(_new(_EVENT, (event_kind, data, event_audience)))

    # --- knowledge ---------------------------------------------------------------------------
    def own_know(self) -> dict[str, int]:
        """`know`, copied first if it is still the input State's (copy on write)."""
        owned = self.owned
        if owned is None:
            owned = self.owned = dict(self.know)
            self.know = owned
        return owned

    def set_know(self, card: str, mask: int) -> None:
        """Who knows `card`; a card nobody else knows has no entry (as the frozen State stores it)."""
        know = self.know
        if mask:
            if know.get(card) != mask:
                self.own_know()[card] = mask
        elif card in know:
            del self.own_know()[card]

    # --- card moves ------------------------------------------------------------------------------
    def take_hand(self, seat: int, card: str) -> None:
        hand = self.hands[seat]
        i = hand.index(card)
        self.hands[seat] = hand[:i] + hand[i + 1 :]

    def to_board(self, seat: int, card: str, value: int) -> None:
        self.take_hand(seat, card)
        if card in self.know:
            del self.own_know()[card]
        board = self.board
        day = self.day - 1
        board[day] = board[day] + ((card, value),)

    def from_board(self, seat: int, card: str) -> None:
        """A public pick-up: everyone saw which card went into which hand."""
        take_from_board(self.board, card)
        self.hands[seat] = self.hands[seat] + (card,)
        self.grown |= 1 << seat
        self.set_know(card, public_mask(self.players))

    def private_move(self, src: int, card: str, dst: int | None, candidates: list[str]) -> None:
        """Move `card` from src's hand to dst's hand (None: the face-down discard pile).

        `candidates` are the cards of src's hand that onlookers know could have been the one moved.
        """
        parties = bit(src) | (0 if dst is None else bit(dst))
        others_known = len(candidates) <= 1
        if not others_known:
            keep = 0 if dst is None else bit(dst)
            for other in candidates:
                if other != card:
                    self.set_know(other, self.know.get(other, 0) & keep)
        before = self.know.get(card, 0)
        self.set_know(card, (before | parties) if others_known else parties)
        self.take_hand(src, card)
        if dst is None:
            self.discard = self.discard + (card,)  # noqa: RUF005  (no list detour)
        else:
            self.hands[dst] = self.hands[dst] + (card,)
            self.grown |= 1 << dst

    # --- ends ----------------------------------------------------------------------------------------
    def eliminate(self, seats: list[int], reason: str) -> None:
        """Seats drop out at the same moment; the last survivor wins at once; nobody left: no winner."""
        if not seats:
            return
        out = list(self.out)
        order = max(out) + 1
        for seat in seats:
            out[seat] = order
            self.out = tuple(out)
            self.emit("eliminated", seat=seat, reason=reason)
        alive = self.active()
        if len(alive) == 1:
            self.finish(alive[0], "last_survivor")
        elif not alive:
            self.finish(None, "no_survivor")

    def finish(self, winner: int | None, reason: str) -> None:
        if self.over:
            return
        self.over = True
        self.winner = winner
        self.end_reason = reason
        self.pending = None
        self.emit("game_over", winner=winner, reason=reason, hands=[len(h) for h in self.hands])

    def freeze(self) -> State:
        base = self.base
        hands = self.hands
        grown = self.grown
        if grown:  # taking a card keeps a hand sorted; adding one does not
            for seat, hand in enumerate(hands):
                if grown >> seat & 1:
                    hands[seat] = cards.sorted_hand(hand)
        return _new(
            _STATE,
            (
                self.players,
                self.rng,
                base.date_set,
                base.dates,
                self.day,
                self.tile_up,
                tuple(hands),
                self.discard,
                tuple(self.board),
                self.know,
                self.start,
                self.turn,
                self.limit,
                self.played_today,
                self.traps_today,
                self.after_time,
                self.last_player,
                self.passed,
                self.out,
                self.pending,
                self.over,
                self.winner,
                self.end_reason,
                self.extra_turn,
                self.skip_next,
            ),
        )
