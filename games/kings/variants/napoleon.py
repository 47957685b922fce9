"""Napoleon (ナポレオン, 5 players, 2 against 3): 002_4e143f857986e60e.txt, the Napoleon pages.

Round 1: 8 cards each from the 44; a number card bid, face down and revealed together, orders the KQJ
set picks (ties: black, red, blue, green). White (the Emperor) and black (the Partner) play against red,
blue and green. Playing cards 11 and 12 stand in for jack and queen. The Emperor takes the 4 deck cards
and discards 4 (never a flag, rare, 11 or 12); the jacks are dispatched; 9 tricks. Round 2: own 11/12,
7 cards, the Emperor and the trailing team's black or red king exchange 4.
"""

from __future__ import annotations

from itertools import compress, filterfalse
from operator import not_
from typing import Any, Final

from games.core.contract import Event, Outcome, new_event
from games.core.errors import IllegalAction
from games.core.native64 import WRAPS
from games.core.rng import seed_state
from games.kings.variants import data
from games.kings.variants.base import SEAT, Variant, owing
from games.kings.variants.components import (
    ALL_CARDS,
    COLOURS,
    NUMBER_COLOURS,
    base_deck,
    colour_of,
    court,
    is_flag,
    is_jack,
    is_queen,
    is_rare,
    set_actions,
    sort_cards,
    value_of,
)
from games.kings.variants.state import (
    VState,
    put,
    without,
)
from games.kings.variants.tricks import lead_colour

_SEAT_NUMBERS: Final = range(8)  # compress() stops at the shorter input: every seat of the table
BID_TIE_ORDER: Final = ("k", "r", "b", "g")  # text: 同数の場合は、黒→赤→青→緑の順番
EMPEROR_TEAM: Final = ("w", "k")


def is_keeper(card: str) -> bool:
    """Cards the exchanges may not discard: white flag, rare, jack (11), queen (12)."""
    return is_flag(card) or is_rare(card) or is_jack(card) or is_queen(card)


KEEPERS: Final = frozenset(c for c in ALL_CARDS if is_keeper(c))
BID_ACTIONS: Final = {c: f"bid:{c}" for c in ALL_CARDS if colour_of(c) in NUMBER_COLOURS}
"""The bid of each card that may be bid (a red, blue, green or black number card), built once."""
WHITE_JACK: Final = frozenset({"w11"})


def _card_points(card: str) -> tuple[str, bool, bool]:
    """What a taken card scores by: the king colour whose back side it is (Ruling: white's colour cards
    are the flags and rares; a white 11/12 is none), whether it is a court (11/12) or rare, whether a flag."""
    if is_flag(card) or is_rare(card):
        king_colour = "w"
    else:
        king_colour = "" if colour_of(card) == "w" else str(colour_of(card))
    return king_colour, is_jack(card) or is_queen(card) or is_rare(card), is_flag(card)


CARD_POINTS: Final = {card: _card_points(card) for card in ALL_CARDS}
"""Each card's `_card_points`, built once (a round's scoring reads every taken card)."""


def _plus_points(colour: str, back: bool) -> dict[str, int]:
    """The plus points each taken card scores a seat of set `colour` whose king's back side is up or not."""
    out = {}
    for card, (king_colour, court_or_rare, _) in CARD_POINTS.items():
        points = data.NAPOLEON_KING_COLOUR_CARD if back and king_colour == colour else 0
        out[card] = points + (data.NAPOLEON_COURT_OR_RARE if court_or_rare else 0)
    return out


PLUS_POINTS: Final = {
    (colour, back): _plus_points(colour, back) for colour in ("", *COLOURS) for back in (False, True)
}
"""`_plus_points` by (set colour, back side up), built once: a seat's taken cards are then summed by one
C-level pass over int values (round_points; a Python loop over them was ~3% of a Napoleon game)."""
MINUS_POINTS: Final = {card: -data.NAPOLEON_FLAG if flag else 0 for card, (_, _, flag) in CARD_POINTS.items()}
"""The minus points each taken card scores (the flags'), for the same pass."""
BID_CARD: Final = {action: card for card, action in BID_ACTIONS.items()}
"""The card of each bid action (BID_ACTIONS reversed): a bid is checked by one lookup and a hand test."""


class Napoleon(Variant):
    id = "napoleon"
    players = 5
    queens = False
    flag_beats_rare = False

    def trump(self, s: VState) -> str | None:
        return "k"

    def teams(self, s: VState) -> list[list[int]] | None:
        if "" in s.sets:
            return None
        emperor_team = [i for i in range(s.players) if s.sets[i] in EMPEROR_TEAM]
        return [emperor_team, [i for i in range(s.players) if i not in emperor_team]]

    def king_extra(self, colour: str, card: str, queen: str) -> bool:
        """White king on the white queen (12); the black king's place depends on the trick (king_places)."""
        return colour == "w" and card == "w12"

    def king_places(self, s: VState, colour: str, queen: str) -> frozenset[str]:
        """The fixed places, and the black king on the white jack only under a black lead."""
        places = self.king_table[colour][queen]
        if colour == "k" and queen != "b" and lead_colour(s.trick) == "k":
            return places | WHITE_JACK
        return places

    def seat_of(self, s: VState, colour: str) -> int:
        return s.sets.index(colour)

    # --- set-up, bids and set picks -------------------------------------------------------------------
    def setup(self, players: int, seed: int) -> VState:
        n = players
        s = VState(
            variant=self.id,
            players=n,
            rng=seed_state(seed),
            round=1,
            phase="bid",
            hands=tuple(() for _ in range(n)),
            box=tuple(court(c, v) for c in COLOURS for v in (11, 12)),
            sets=("",) * n,
            king_used=(False,) * n,
            king_ok=(True,) * n,
            queen_left=(0,) * n,
            scores=(0,) * n,
            info={"team_scores": [0, 0], "round_points": []},
        )
        s = self.empty_seats(s)
        return self.deal(s, base_deck(), 8)

    def phase_to_act(self, s: VState) -> frozenset[int]:
        phase = s.phase  # asked three times per action
        if phase == "bid":  # the seats yet to bid (no card aside), by C-level passes: asked three times a bid
            if WRAPS:  # compiled: a plain loop (calls through `compress`, `map` and `not_` cost more there)
                return frozenset([seat for seat, pile in enumerate(s.aside) if not pile])
            return frozenset(compress(_SEAT_NUMBERS, map(not_, s.aside)))
        if phase == "set":
            return SEAT[s.order[0]]
        return owing(s.pending)

    def phase_actions(self, s: VState, seat: int) -> list[str]:
        phase = s.phase
        if phase == "bid":  # C-level passes over the hand (asked once a bid)
            hand = s.hands[seat]
            if WRAPS:  # compiled: a plain loop (calls through `map`, `filter` and bound methods cost more)
                return [BID_ACTIONS[card] for card in hand if card in BID_ACTIONS]
            return list(map(BID_ACTIONS.__getitem__, filter(BID_ACTIONS.__contains__, hand)))
        if phase == "set":
            return set_actions(s.sets)
        return self.discard_actions(s, seat, keep=KEEPERS)

    def phase_apply(self, s: VState, seat: int, action: str) -> tuple[VState, list[Event]]:
        phase = s.phase
        if phase == "bid":  # `action in phase_actions(s, seat)`, by one lookup and a hand test
            # (Variant.apply has checked that the seat is to act)
            card = BID_CARD.get(action)
            if card is None or card not in s.hands[seat]:
                raise IllegalAction("unknown_action")
            return self.commit_bid(s, seat, card)
        if phase != "exchange":  # an exchange discard is checked on its own by apply_discard
            if action not in self.phase_actions(s, seat):
                raise IllegalAction("unknown_action")
            return self.take_set(s, seat, action.split(":", 1)[1])
        s = self.apply_discard(s, seat, action, KEEPERS)
        events = [new_event("discarded", {"seat": seat})]
        if not any(s.pending):
            s, more = self.dispatch(s)
            events.extend(more)
        return s, events

    def commit_bid(self, s: VState, seat: int, card: str) -> tuple[VState, list[Event]]:
        """Bids are chosen in secret and revealed together (RULINGS: simultaneous choices). The new states are
        written on a copy (`VState.copy`), as every step of this module's set-up phases."""
        hands = s.hands
        w = s.copy()
        w.hands = put(hands, seat, without(hands[seat], card))
        w.aside = aside = put(s.aside, seat, (card,))
        events = [new_event("bid_committed", {"seat": seat})]
        if not all(aside):
            return w, events
        bids = [pile[0] for pile in aside]
        players = s.players
        order = sorted(range(players), key=lambda i: (-value_of(bids[i]), BID_TIE_ORDER.index(bids[i][0])))
        w.box = (*s.box, *bids)
        w.aside = tuple(() for _ in range(players))
        w.phase = "set"
        w.order = tuple(order)
        info = w.info = dict(s.info or {})  # a new dict (a state's is never changed in place)
        info["bids"] = bids
        return w, [*events, new_event("bids", {"cards": bids, "order": order})]

    def take_set(self, s: VState, seat: int, colour: str) -> tuple[VState, list[Event]]:
        courts = (court(colour, 11), court(colour, 12))
        box = s.box
        for card in courts:
            box = without(box, card)
        hands = s.hands
        w = s.copy()
        w.sets = put(s.sets, seat, colour)
        w.box = box
        w.hands = put(hands, seat, sort_cards([*hands[seat], *courts]))
        w.public = s.public | set(courts)
        w.order = order = s.order[1:]
        s = w
        events = [new_event("set_taken", {"seat": seat, "colour": colour})]
        if order:
            return s, events
        emperor, partner = self.seat_of(s, "w"), self.seat_of(s, "k")
        events.append(new_event("teams", {"emperor": emperor, "partner": partner}))
        s, more = self.exchanges(s, [emperor])
        return s, events + more

    # --- exchanges and the jack dispatch --------------------------------------------------------------
    def exchanges(self, s: VState, seats: list[int]) -> tuple[VState, list[Event]]:
        """Each listed seat takes 4 deck cards (in order) and then owes 4 discards."""
        events: list[Event] = []
        deck = s.deck
        hands = s.hands
        pending = list(s.pending)
        for seat in seats:
            drawn, deck = deck[: data.NAPOLEON_EXCHANGE], deck[data.NAPOLEON_EXCHANGE :]
            hands = put(hands, seat, sort_cards([*hands[seat], *drawn]))
            pending[seat] = data.NAPOLEON_EXCHANGE
            events.append(new_event("exchange", {"seat": seat, "count": len(drawn)}))
            events.append(new_event("drawn", {"seat": seat, "cards": list(drawn)}, frozenset({seat})))
        w = s.copy()
        w.deck = deck
        w.hands = hands
        w.pending = tuple(pending)
        w.phase = "exchange"
        return w, events

    def dispatch(self, s: VState) -> tuple[VState, list[Event]]:
        """ジャックの派遣: white and black swap jacks; red, blue, green pass theirs clockwise."""
        emperor, partner = self.seat_of(s, "w"), self.seat_of(s, "k")
        moves: list[tuple[str, int, int]] = [("w11", emperor, partner), ("k11", partner, emperor)]
        others = sorted(i for i in range(s.players) if i not in (emperor, partner))
        for k, giver in enumerate(others):
            moves.append((court(s.sets[giver], 11), giver, others[(k + 1) % len(others)]))
        hands = [list(h) for h in s.hands]
        for card, giver, _ in moves:
            hands[giver].remove(card)
        for card, _, taker in moves:
            hands[taker].append(card)
        starter = min(range(s.players), key=lambda i: self.king_number(s, i))
        leader = emperor if s.round == 1 else starter
        w = s.copy()
        w.hands = tuple([sort_cards(h) for h in hands])
        w.phase = "play"
        w.leader = leader
        w.regular = 0
        return w, [
            new_event("dispatch", {"moves": [[c, t] for c, _, t in moves]}),
            new_event("start_player", {"seat": leader}),
        ]

    # --- scoring ---------------------------------------------------------------------------------------
    def round_points(self, s: VState, seat: int) -> tuple[int, int]:
        """(plus points, minus points) of one seat for the round (ナポレオン ■勝利点の獲得)."""
        colour = s.sets[seat]  # five seats a round end
        plus = data.NAPOLEON_TRICK * s.tricks[seat]
        # 「トリックでとったキングと同じ色のカード(キングの裏面)」: the used king's back side, so paid only once
        # the king has been used (in this round or the last: the back side lasts, RULINGS.md).
        taken = s.taken[seat]
        used = s.king_used[seat]
        plus_points = PLUS_POINTS[colour, used]
        if WRAPS:  # compiled: a plain loop (`sum(map(...))` calls through a bound method there)
            minus = 0
            for card in taken:
                plus += plus_points[card]
                minus += MINUS_POINTS[card]
        else:
            plus += sum(map(plus_points.__getitem__, taken))
            minus = sum(map(MINUS_POINTS.__getitem__, taken))
        if s.round == 2 and not used:
            plus += data.NAPOLEON_UNUSED_KING[colour]
        return plus, minus

    def team_totals(self, s: VState, scores: tuple[int, ...]) -> list[int]:
        teams = self.teams(s) or [[], []]
        return [sum(scores[i] for i in team) for team in teams]

    def end_round(self, s: VState) -> tuple[VState, list[Event]]:
        points = []
        scores = list(s.scores)
        for seat in range(s.players):
            plus, minus = self.round_points(s, seat)
            before = scores[seat]
            scores[seat] = max(0, scores[seat] + plus - minus)  # Ruling: never below 0
            points.append(scores[seat] - before)
        totals = self.team_totals(s, tuple(scores))
        w = s.copy()
        w.scores = tuple(scores)
        info = w.info = dict(s.info or {})  # a new dict (a state's is never changed in place)
        info["team_scores"] = totals
        info["round_points"] = points
        info["round_totals"] = [*s.get("round_totals", []), list(scores)]
        events = [
            new_event(
                "round_scored", {"round": s.round, "points": points, "scores": scores, "team_scores": totals}
            )
        ]
        if s.round >= data.ROUNDS["napoleon"]:
            w.phase = "over"
            return w, [*events, new_event("game_over", {"scores": scores})]
        w.phase = "scored"
        return w, events

    def next_round(self, s: VState) -> tuple[VState, list[Event]]:
        own = {i: (court(s.sets[i], 11), court(s.sets[i], 12)) for i in range(s.players)}
        courts = {c for pair in own.values() for c in pair}
        cards = list(filterfalse(courts.__contains__, self.all_cards(s)))  # a C-level pass over ~50 cards
        w = s.copy()
        w.round = 2
        w.hands = tuple([sort_cards(own[i]) for i in range(s.players)])
        w.box = ()
        w.public = frozenset(courts)
        info = w.info = dict(s.info or {})  # a new dict (a state's is never changed in place)
        info["bids"] = None
        s = self.empty_seats(w)
        s = self.deal(s, cards, 7)
        emperor = self.seat_of(s, "w")
        totals = s.get("team_scores")
        seats = [emperor]
        if totals[0] < totals[1]:
            seats.append(self.seat_of(s, "k"))
        elif totals[1] < totals[0]:
            seats.append(self.seat_of(s, "r"))
        s, events = self.exchanges(s, seats)
        return s, [new_event("new_round", {"round": 2}), *events]

    def outcome(self, s: VState) -> Outcome | None:
        teams = self.teams(s) or [[], []]
        totals = self.team_totals(s, s.scores)
        sums = [sum(self.king_number(s, i) for i in team) for team in teams]
        if totals[0] != totals[1]:
            first = 0 if totals[0] > totals[1] else 1
        elif sums[0] != sums[1]:
            first = 0 if sums[0] < sums[1] else 1
        else:
            first = 0  # text: キングナンバーも同数の場合は、エンペラーがゲームに勝利します
        places = tuple(1 if i in teams[first] else 2 for i in range(s.players))
        return Outcome(
            placements=places,
            scores=tuple(float(totals[0 if i in teams[0] else 1]) for i in range(s.players)),
            teams=tuple(tuple(t) for t in teams),
            details={"seat_scores": list(s.scores), "team_scores": totals, "team_king_numbers": sums},
        )

    def view_extra(self, s: VState, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "committed": [bool(p) for p in s.aside],
            "bids": s.get("bids"),
            "pick_order": list(s.order),
        }
        if "" not in s.sets:
            out["emperor"] = self.seat_of(s, "w")
            out["partner"] = self.seat_of(s, "k")
            out["team_scores"] = self.team_totals(s, s.scores)
        return out

    def hidden_extra(self, s: VState, seat: int | None) -> set[str]:
        """Committed bids stay secret from everyone but their owner until all are revealed."""
        return {c for i, pile in enumerate(s.aside) if i != seat for c in pile}
