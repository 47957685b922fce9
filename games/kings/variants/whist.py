"""Whist (ホイスト, 4 players, partners opposite): 002_4e143f857986e60e.txt, the Whist pages.

Round 1: 9 cards each from the 40 number cards; a snake pick (clockwise, then back) of a KQJ set or one
white flag/rare, so everyone ends with one set (its playing card 11 as the jack, in hand) and one flag or
rare: 11 cards, 11 tricks. Rounds 2-3: own 11 back in hand, 9 cards, flags/rares picked in king-number
order. 100 points a round to the team with more tricks (both teams on a red-queen tie); a third round
only when 100-100 after two.
"""

from __future__ import annotations

from typing import Final

from games.core.contract import Event, Outcome, new_event
from games.core.errors import IllegalAction
from games.core.rng import Rng, seed_state
from games.kings.variants import data
from games.kings.variants.base import NOBODY, SEAT, Variant
from games.kings.variants.components import (
    COLOURS,
    FLAGS,
    RARES,
    court,
    number_cards,
    set_actions,
    sort_cards,
)
from games.kings.variants.state import (
    VState,
    put,
    without,
)

TEAMS: Final = ((0, 2), (1, 3))
PICKED_CARDS: Final = frozenset((*FLAGS, *RARES))
"""The white flags and rares, one of which each seat picks."""
JACKS: Final = {c: court(c, 11) for c in COLOURS}
"""Each set colour's jack (playing card 11)."""
ALL_JACKS: Final = frozenset(JACKS.values())
TAKE_ACTIONS: Final = {c: f"take:{c}" for c in PICKED_CARDS}
"""The pick phase's action strings, built once."""


class Whist(Variant):
    id = "whist"
    players = 4
    queens = True
    flag_beats_rare = True

    def queen_uses(self, colour: str) -> int:
        return data.WHIST_GREEN_QUEEN_USES if colour == "g" else 1

    def trump(self, s: VState) -> str | None:
        return "k"

    def teams(self, s: VState) -> list[list[int]] | None:
        return [list(t) for t in TEAMS]

    def king_extra(self, colour: str, card: str, queen: str) -> bool:
        """White jack (playing card 11): the white king may go on it."""
        return colour == "w" and card == "w11"

    # --- set-up and picks -----------------------------------------------------------------------------
    def setup(self, players: int, seed: int) -> VState:
        rng = Rng(seed_state(seed))
        first = rng.below(players)
        n = players
        s = VState(
            variant=self.id,
            players=n,
            rng=rng.state,
            round=1,
            phase="pick",
            hands=tuple(() for _ in range(n)),
            box=tuple(court(c, 11) for c in COLOURS),
            pool=(*FLAGS, *RARES),
            sets=("",) * n,
            king_used=(False,) * n,
            king_ok=(True,) * n,
            queen_left=(0,) * n,
            scores=(0,) * n,
            info={"first_picker": first, "team_scores": [0, 0]},
        )
        s = self.empty_seats(s)
        s = self.deal(s, number_cards(), 9)
        forward = [(first + i) % n for i in range(n)]
        w = s.copy()
        w.order = (*forward, *reversed(forward))
        return w

    def setup_events(self, s: VState) -> list[Event]:
        """RULINGS "All games": the first picker ("decide by any method") is drawn, announced publicly."""
        return [new_event("first_picker", {"seat": int(s.get("first_picker")), "variant": self.id})]

    def phase_to_act(self, s: VState) -> frozenset[int]:
        order = s.order  # asked three times a pick
        return SEAT[order[0]] if order else NOBODY

    def phase_actions(self, s: VState, seat: int) -> list[str]:
        """Round 1: a set or a flag/rare, ending with one of each; rounds 2-3: a flag or rare."""
        out: list[str] = []
        sets = s.sets  # action strings built once: asked twice per pick
        if s.round == 1 and not sets[seat]:
            out.extend(set_actions(sets))
        if PICKED_CARDS.isdisjoint(s.hands[seat]):  # no flag or rare in hand yet
            pool = s.pool
            for group in (RARES, FLAGS):
                for card in group:  # the first of the group left in the pool
                    if card in pool:
                        out.append(TAKE_ACTIONS[card])
                        break
        return out

    def phase_apply(self, s: VState, seat: int, action: str) -> tuple[VState, list[Event]]:
        if action not in self.phase_actions(s, seat):
            raise IllegalAction("unknown_action")
        verb, arg = action.split(":", 1)
        hands = s.hands  # the new state written on a copy: a pick is ~8% of actions
        w = s.copy()
        if verb == "set":
            jack = court(arg, 11)
            w.sets = put(s.sets, seat, arg)
            w.queen_left = put(s.queen_left, seat, self.queen_uses(arg))
            w.box = without(s.box, jack)
            w.hands = put(hands, seat, sort_cards([*hands[seat], jack]))
            w.public = s.public | {jack}
            events = [new_event("set_taken", {"seat": seat, "colour": arg})]
        else:
            w.pool = without(s.pool, arg)
            w.hands = put(hands, seat, sort_cards([*hands[seat], arg]))
            w.public = s.public | {arg}
            events = [new_event("card_taken", {"seat": seat, "card": arg})]
        w.order = s.order[1:]
        s = w
        if not s.order:
            s, more = self.start_play(s)
            events.extend(more)
        return s, events

    def start_play(self, s: VState) -> tuple[VState, list[Event]]:
        """The smallest king number takes the start player card and leads the first trick."""
        starter = min(range(s.players), key=lambda i: self.king_number(s, i))
        w = s.copy()
        w.phase = "play"
        w.leader = starter
        w.regular = 0
        return w, [new_event("start_player", {"seat": starter})]

    # --- scoring and the next round ------------------------------------------------------------------
    def team_tricks(self, s: VState) -> list[int]:
        return [sum(s.tricks[i] + s.bonus[i] for i in team) for team in TEAMS]

    def end_round(self, s: VState) -> tuple[VState, list[Event]]:
        a, b = self.team_tricks(s)
        red = sum(s.bonus) > 0
        gains = [0, 0]
        if a > b:
            gains[0] = data.WHIST_ROUND_POINTS
        elif b > a:
            gains[1] = data.WHIST_ROUND_POINTS
        elif red:
            gains = [data.WHIST_ROUND_POINTS, data.WHIST_ROUND_POINTS]
        totals = [x + g for x, g in zip(s.get("team_scores"), gains, strict=True)]
        scores = tuple(totals[0 if i in TEAMS[0] else 1] for i in range(s.players))
        w = s.copy()
        w.scores = scores
        info = w.info = dict(s.info or {})  # a new dict (a state's is never changed in place)
        info["team_scores"] = totals
        info["round_totals"] = [*s.get("round_totals", []), list(scores)]
        events = [
            new_event(
                "whist_round",
                {"round": s.round, "team_tricks": [a, b], "gains": gains, "team_scores": totals},
            )
        ]
        if (s.round >= 2 and max(totals) >= data.WHIST_WIN_TARGET) or s.round >= data.ROUNDS["whist"]:
            w.phase = "over"
            return w, [*events, new_event("game_over", {"scores": list(scores)})]
        w.phase = "scored"
        return w, events

    def next_round(self, s: VState) -> tuple[VState, list[Event]]:
        jacks = JACKS
        in_play = {jacks[c] for c in s.sets}
        # every jack is set aside (those in play go back to their owners); sets of cards built once
        # instead of scanning the jacks and the pool per card
        cards = [c for c in self.all_cards(s) if c not in ALL_JACKS]
        pool = sort_cards([c for c in cards if c in PICKED_CARDS])  # the flags and rares
        numbers = [c for c in cards if c not in PICKED_CARDS]
        w = s.copy()
        w.round = s.round + 1
        w.phase = "pick"
        w.hands = tuple([(jacks[s.sets[i]],) for i in range(s.players)])
        w.pool = pool
        w.public = frozenset(in_play)
        s = self.empty_seats(w)
        s = self.deal(s, numbers, 9)
        order = tuple(sorted(range(s.players), key=lambda i: self.king_number(s, i)))
        w = s.copy()
        w.order = order
        return w, [new_event("new_round", {"round": s.round})]

    def outcome(self, s: VState) -> Outcome | None:
        totals = s.get("team_scores")
        sums = [sum(self.king_number(s, i) for i in team) for team in TEAMS]
        if totals[0] != totals[1]:
            first = 0 if totals[0] > totals[1] else 1
        elif sums[0] != sums[1]:
            first = 0 if sums[0] < sums[1] else 1
        else:
            first = -1  # Ruling: a draw
        places = tuple(1 if first in (-1, 0 if i in TEAMS[0] else 1) else 2 for i in range(s.players))
        return Outcome(
            placements=places,
            scores=tuple(float(x) for x in s.scores),
            teams=TEAMS,
            details={"team_scores": list(totals), "team_king_numbers": sums},
        )

    def view_extra(self, s: VState, seat: int | None) -> dict[str, object]:
        return {
            "team_scores": list(s.get("team_scores")),
            "pick_order": list(s.order),
            "first_picker": s.get("first_picker"),
        }
