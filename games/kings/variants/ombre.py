"""Ombre (オンブレ, 3 players): 002_4e143f857986e60e.txt, the Ombre pages.

9 cards plus 3 auction cards each (the auction cards face down, seen by nobody, their owner included),
one white flag out of the game. An auction makes one player the King, who chooses a KQJ set whose colour
becomes trump (white: no trump, and the white king may go on any card). The rivals take sets clockwise
and turn their king and jack face down (3 wins: +100). Exchanges follow; 9 tricks; the white flag beats
rares (+100 each); King and Rival bonuses; three rounds with the auction start moving clockwise.
"""

from __future__ import annotations

from typing import Any, Final

from games.core.contract import Event, Outcome, new_event, placements_from_scores
from games.core.errors import IllegalAction
from games.core.rng import Rng, seed_state
from games.kings.variants import data
from games.kings.variants.base import SEAT, Variant, owing
from games.kings.variants.components import base_deck, set_actions, sort_cards
from games.kings.variants.state import (
    VState,
    put,
)

REMOVED_FLAG: Final = "flag2"  # text: 白旗1枚を抜いたプレイングカード
OMBRE_DECK: Final = tuple(c for c in base_deck() if c != REMOVED_FLAG)
"""The cards dealt each round, built once."""
AUCTION_ACTIONS: Final = tuple(
    ("pass", *(f"king:{n}" for n in range(least, data.OMBRE_MAX_AUCTION + 1)))
    for least in range(data.OMBRE_MAX_AUCTION + 2)
)
"""The auction's choices for each least number of auction cards to declare, built once."""


class Ombre(Variant):
    id = "ombre"
    players = 3
    queens = True
    flag_beats_rare = True

    def trump(self, s: VState) -> str | None:
        info = s.info  # `s.get("trump")`, the King's set once chosen, read directly (every trick's end asks;
        # compiled, a method call costs more than the read)
        colour = None if info is None else info.get("trump")
        return None if colour in (None, "w") else str(colour)

    def king_extra(self, colour: str, card: str, queen: str) -> bool:
        """White king (Ombre): on any card, played by the normal rules first."""
        return colour == "w"

    # --- dealing and the auction ----------------------------------------------------------------------
    def setup(self, players: int, seed: int) -> VState:
        rng = Rng(seed_state(seed))
        start = rng.below(players)
        s = VState(
            variant=self.id,
            players=players,
            rng=rng.state,
            round=0,
            phase="auction",
            hands=(),
            scores=(0,) * players,
            info={"first_start": start},
        )
        return self.deal_round(s, 1, start)

    def setup_events(self, s: VState) -> list[Event]:
        """RULINGS "All games": the first auction's start player is drawn, announced publicly."""
        start = int(s.get("first_start"))
        return [
            new_event("auction_start", {"seat": start, "turn": (start + 1) % s.players, "variant": self.id})
        ]

    def deal_round(self, s: VState, round_no: int, start: int) -> VState:
        n = s.players
        rng = Rng(s.rng)
        shuffled = rng.shuffled(OMBRE_DECK)
        hands = tuple(sort_cards(shuffled[i * 9 : (i + 1) * 9]) for i in range(n))
        aside = tuple(tuple(shuffled[n * 9 + i * 3 : n * 9 + (i + 1) * 3]) for i in range(n))
        w = s.copy()  # the new states written on a copy, as every set-up step here
        w.rng = rng.state
        w.round = round_no
        w.phase = "auction"
        w.hands = hands
        w.box = (REMOVED_FLAG,)
        w.dead = ()
        w.sets = ("",) * n
        w.king_used = (False,) * n
        w.king_ok = (False,) * n
        w.queen_left = (0,) * n
        w.public = frozenset()
        w.order = ()
        w.leader = start
        w = self.empty_seats(w)  # a new state no one else holds yet
        w.aside = aside
        w.deck = tuple(shuffled[n * 12 :])
        info = w.info = dict(s.info or {})  # a new dict (a state's is never changed in place)
        info["start"] = start
        info["high"] = start
        info["count"] = 0
        info["counts"] = [0] * n
        info["passed"] = []
        info["turn"] = (start + 1) % n
        info["king"] = None
        info["trump"] = None
        return w

    def phase_to_act(self, s: VState) -> frozenset[int]:
        phase = s.phase  # asked three times per action
        if phase == "auction":
            info: Any = s.info  # (set by every deal: a dict here)
            return SEAT[int(info["turn"])]
        if phase == "set":
            return SEAT[s.order[0]]
        return owing(s.pending)

    def auction_actions(self, s: VState, seat: int) -> list[str]:
        """Overbid with more auction cards; only the auction's start player may match (Ruling)."""
        info: Any = s.info  # (read once: the auction's facts are set by every deal)
        count = int(info["count"])
        least = max(1, count if seat == info["start"] else count + 1)
        return list(AUCTION_ACTIONS[least])

    def phase_actions(self, s: VState, seat: int) -> list[str]:
        phase = s.phase  # asked twice an action
        if phase == "auction":
            return self.auction_actions(s, seat)
        if phase == "set":
            return set_actions(s.sets)
        return self.discard_actions(s, seat)

    def phase_apply(self, s: VState, seat: int, action: str) -> tuple[VState, list[Event]]:
        if s.phase != "exchange":  # an exchange discard is checked on its own by apply_discard
            # (Variant.apply has checked that the seat is to act)
            if action not in self.phase_actions(s, seat):
                raise IllegalAction("unknown_action")
            if s.phase == "auction":
                return self.bid(s, seat, action)
            return self.take_set(s, seat, action.split(":", 1)[1])
        s = self.apply_discard(s, seat, action)
        events = [new_event("discarded", {"seat": seat})]
        if not any(s.pending):
            s, more = self.start_play(s)
            events.extend(more)
        return s, events

    def start_play(self, s: VState) -> tuple[VState, list[Event]]:
        """The King leads the first trick."""
        king = int(s.get("king"))
        w = s.copy()
        w.phase = "play"
        w.leader = king
        w.regular = 0
        return w, [new_event("start_player", {"seat": king})]

    def bid(self, s: VState, seat: int, action: str) -> tuple[VState, list[Event]]:
        info: Any = s.info  # (read once: the auction's facts are set by every deal)
        passed = list(info["passed"])
        counts = list(info["counts"])
        high = int(info["high"])
        count = int(info["count"])
        if action == "pass":
            passed.append(seat)
            event = new_event("auction", {"seat": seat, "count": None})
        else:
            count = int(action.split(":")[1])
            high = seat
            counts[seat] = count
            event = new_event("auction", {"seat": seat, "count": count})
        players = s.players
        nxt = None  # the next seat clockwise still in the auction, other than the high bidder
        for k in range(1, players):
            other = (seat + k) % players
            if other not in passed and other != high:
                nxt = other
                break
        w = s.copy()  # the auction's facts in a new info dict (a state's is never changed in place)
        info = w.info = dict(info)
        info["passed"] = passed
        info["counts"] = counts
        info["high"] = high
        info["count"] = count
        if len(passed) < players - 1 and nxt is not None:
            info["turn"] = nxt
            return w, [event]
        return self.auction_won(w, high, [event])

    def auction_won(self, s: VState, king: int, events: list[Event]) -> tuple[VState, list[Event]]:
        """The King keeps the auction cards it did not spend (and discards as many); rivals take all 3."""
        used = int(s.get("counts")[king])
        players = s.players
        hands = list(s.hands)
        pending = [0] * players
        dead = list(s.dead)
        aside = s.aside
        for seat in range(players):
            cards = aside[seat]
            if seat == king:
                dead.extend(cards[:used])
                cards = cards[used:]
            hands[seat] = sort_cards([*hands[seat], *cards])
            pending[seat] = len(cards)
        w = s.copy()
        w.hands = tuple(hands)
        w.aside = tuple([() for _ in range(players)])
        w.dead = tuple(dead)
        w.pending = tuple(pending)
        w.phase = "set"
        w.order = tuple([(king + k) % players for k in range(players)])
        w.king_ok = tuple([i == king for i in range(players)])
        info = w.info = dict(s.info or {})  # a new dict (a state's is never changed in place)
        info["king"] = king
        return w, [*events, new_event("auction_won", {"seat": king, "count": used})]

    def take_set(self, s: VState, seat: int, colour: str) -> tuple[VState, list[Event]]:
        w = s.copy()
        w.sets = put(s.sets, seat, colour)
        w.queen_left = put(s.queen_left, seat, 1)
        w.order = order = s.order[1:]
        if seat == s.get("king"):
            info = w.info = dict(s.info or {})  # a new dict (a state's is never changed in place)
            info["trump"] = colour
        events = [new_event("set_taken", {"seat": seat, "colour": colour})]
        if not order:
            w.phase = "exchange"
            if not any(s.pending):
                s, more = self.start_play(w)
                return s, events + more
        return w, events

    # --- tricks and scoring -----------------------------------------------------------------------------
    def after_trick(self, s: VState, winner: int, rares_beaten: int) -> tuple[VState, list[Event]]:
        """White flag beats rare: +100 at once for each rare it beats."""
        if not rares_beaten:
            return s, []
        points = data.OMBRE_FLAG_BEATS_RARE * rares_beaten
        scores = s.scores
        w = s.copy()
        w.scores = put(scores, winner, scores[winner] + points)
        s = w
        return s, [new_event("flag_beats_rare", {"seat": winner, "points": points})]

    def end_round(self, s: VState) -> tuple[VState, list[Event]]:
        king = int(s.get("king"))
        wins = [s.tricks[i] + s.bonus[i] for i in range(s.players)]
        rivals = [i for i in range(s.players) if i != king]
        points = [0] * s.players
        sole_first = all(wins[king] > wins[r] for r in rivals)
        if sole_first:
            points[king] += data.OMBRE_KING_SOLE_FIRST
        if wins[king] >= data.OMBRE_KING_BONUS_WINS:
            points[king] += data.OMBRE_KING_FIVE
        for r in rivals:
            if not sole_first:
                points[r] += data.OMBRE_RIVAL_BLOCK
            if wins[r] == data.OMBRE_RIVAL_JACK_WINS:
                points[r] += data.OMBRE_RIVAL_JACK
        scores = tuple(a + b for a, b in zip(s.scores, points, strict=True))
        w = s.copy()
        w.scores = scores
        info = w.info = dict(s.info or {})  # a new dict (a state's is never changed in place)
        info["round_totals"] = [*s.get("round_totals", []), list(scores)]
        events = [
            new_event(
                "round_scored",
                {"round": s.round, "wins": wins, "points": points, "scores": list(scores)},
            )
        ]
        if s.round >= data.ROUNDS["ombre"]:
            w.phase = "over"
            return w, [*events, new_event("game_over", {"scores": list(scores)})]
        w.phase = "scored"
        return w, events

    def next_round(self, s: VState) -> tuple[VState, list[Event]]:
        start = (int(s.get("start")) + 1) % s.players
        s = self.deal_round(s, s.round + 1, start)
        return s, [new_event("new_round", {"round": s.round, "auction_start": start})]

    def outcome(self, s: VState) -> Outcome | None:
        return Outcome(
            placements=placements_from_scores(s.scores),
            scores=tuple(float(x) for x in s.scores),
        )

    def view_extra(self, s: VState, seat: int | None) -> dict[str, Any]:
        return {
            "auction": {
                "start": s.get("start"),
                "high": s.get("high"),
                "count": s.get("count"),
                "counts": list(s.get("counts")),
                "passed": list(s.get("passed")),
                "turn": s.get("turn") if s.phase == "auction" else None,
            },
            "auction_cards": [len(p) for p in s.aside],
            "king_seat": s.get("king"),
            "king_colour": s.get("trump"),
        }

    def hidden_extra(self, s: VState, seat: int | None) -> set[str]:
        """Auction cards are face down for everyone, their owner included."""
        return {c for pile in s.aside for c in pile}
