"""A mutable working copy of one State for the length of one apply(): card moves and who knows what.

Knowledge: a card on the board is public; a card in a hand is known to its owner and to the seats in
`know[card]` (bit `players` stands for spectators, set only by public moves); a card in the face-down discard pile only to the seats in `know[card]`. A private move
(random draw, gift, face-down discard) tells its two parties which card moved; everyone else only sees
that *a* card moved, so they lose track of every card that could have been the one (unless it was the only
candidate).
"""

from __future__ import annotations

from dataclasses import replace

from games.core.contract import Event
from games.timetrap import cards
from games.timetrap.state import State


def bit(seat: int) -> int:
    return 1 << seat


def public_mask(players: int) -> int:
    """Every seat and the spectators (bit `players`): what a public move makes known."""
    return (1 << (players + 1)) - 1


def seat_mask(seat: int | None, players: int) -> int:
    """The knowledge bit of a seat; spectators (None) share bit `players`, set only by public moves."""
    return 1 << (players if seat is None else seat)


class Table:
    def __init__(self, state: State) -> None:
        self.base = state
        self.players = state.players
        self.hands = [list(h) for h in state.hands]
        self.discard = list(state.discard)
        self.board = [list(row) for row in state.board]
        self.know = dict(state.know)
        self.out = list(state.out)
        self.passed = set(state.passed)
        self.day = state.day
        self.tile_up = state.tile_up
        self.start = state.start
        self.turn = state.turn
        self.limit = state.limit
        self.played_today = state.played_today
        self.traps_today = state.traps_today
        self.after_time = state.after_time
        self.last_player = state.last_player
        self.pending = state.pending
        self.over = state.over
        self.winner = state.winner
        self.end_reason = state.end_reason
        self.extra_turn = state.extra_turn
        self.skip_next = state.skip_next
        self.rng = state.rng
        self.events: list[Event] = []

    # --- reading -----------------------------------------------------------------------------
    def active(self) -> list[int]:
        return [s for s in range(self.players) if not self.out[s]]

    def next_active(self, seat: int) -> int:
        """The next player still in, to the left (seat order) of `seat` (which may itself be out)."""
        for step in range(1, self.players + 1):
            cand = (seat + step) % self.players
            if not self.out[cand]:
                return cand
        return seat

    def date(self) -> str | None:
        dates = self.base.dates
        return dates[self.day - 1] if self.day <= len(dates) else None

    def emit(self, kind: str, audience: frozenset[int] | None = None, /, **data: object) -> None:
        self.events.append(Event(kind, dict(data), audience))

    # --- card moves ------------------------------------------------------------------------------
    def to_board(self, seat: int, card: str, value: int) -> None:
        self.hands[seat].remove(card)
        self.know.pop(card, None)
        self.board[self.day - 1].append((card, value))

    def from_board(self, seat: int, card: str) -> None:
        """A public pick-up: everyone saw which card went into which hand."""
        for row in self.board:
            for entry in row:
                if entry[0] == card:
                    row.remove(entry)
                    break
        self.hands[seat].append(card)
        self.know[card] = public_mask(self.players)

    def private_move(self, src: int, card: str, dst: int | None, candidates: list[str]) -> None:
        """Move `card` from src's hand to dst's hand (None: the face-down discard pile).

        `candidates` are the cards of src's hand that onlookers know could have been the one moved.
        """
        parties = bit(src) | (0 if dst is None else bit(dst))
        others_known = len(candidates) <= 1
        for other in candidates:
            if other != card and not others_known:
                self.know[other] = self.know.get(other, 0) & (0 if dst is None else bit(dst))
        before = self.know.get(card, 0)
        self.know[card] = (before | parties) if others_known else parties
        self.hands[src].remove(card)
        if dst is None:
            self.discard.append(card)
        else:
            self.hands[dst].append(card)

    # --- ends ----------------------------------------------------------------------------------------
    def eliminate(self, seats: list[int], reason: str) -> None:
        """Seats drop out at the same moment; the last survivor wins at once; nobody left: no winner."""
        if not seats:
            return
        order = max(self.out) + 1
        for seat in seats:
            self.out[seat] = order
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
        return replace(
            self.base,
            rng=self.rng,
            hands=tuple(cards.sorted_hand(h) for h in self.hands),
            discard=tuple(self.discard),
            board=tuple(tuple(row) for row in self.board),
            know={c: m for c, m in self.know.items() if m},
            out=tuple(self.out),
            passed=frozenset(self.passed),
            day=self.day,
            tile_up=self.tile_up,
            start=self.start,
            turn=self.turn,
            limit=self.limit,
            played_today=self.played_today,
            traps_today=self.traps_today,
            after_time=self.after_time,
            last_player=self.last_player,
            pending=self.pending,
            over=self.over,
            winner=self.winner,
            end_reason=self.end_reason,
            extra_turn=self.extra_turn,
            skip_next=self.skip_next,
        )
