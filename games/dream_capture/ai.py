"""A heuristic AI for Capture of Dreams: it sees only its seat's view and the legal actions.

Why these habits (each is cheap and beats random play):
- Discards go to the enemy, so discard cheap number cards, from short suits (a void lets you trump later),
  and keep trumps and court cards.
- In play, weigh every legal card by the points it would bring to the team (or hand to the enemy), the
  chance that the trick stays with the team after it, the capture bonuses at stake (the holders of the
  honours are public), and what a strong card is worth kept for later.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from games.core.contract import ViewThunk
from games.dream_capture.cards import (
    DECK,
    DREAM,
    FOOL,
    HOPE,
    IS_NUMBER,
    MAGICIAN,
    POINTS,
    STRENGTH,
    SUIT_OF,
    TRUMP,
    WORLD,
)
from games.dream_capture.scoring import CAPTURE_BONUS, CAPTURES
from games.dream_capture.tricks import WEIGHTS, winning_index

SEATS: Final = 6
NUMBER_VALUE: Final = 1 / 6  # a number card is worth a sixth of a point
AVERAGE_CARD: Final = 0.9  # expected points a card still to be played adds to the trick
# What is at risk when one of these cards is played while an enemy may still capture it.
TARGET_OF: Final = {target: capturer for capturer, (target, _) in CAPTURES.items()}


def card_value(card: str) -> float:
    return NUMBER_VALUE if IS_NUMBER[card] else float(POINTS[card])


def heuristic_policy(view: ViewThunk, legal: Sequence[str], rng: random.Random) -> str:
    if len(legal) == 1:
        return legal[0]
    v = view()
    if legal[0].startswith("discard:"):
        return _discard(v, legal)
    return _play(v, legal, rng)


def _discard(v: Mapping[str, Any], legal: Sequence[str]) -> str:
    hand: list[str] = list(v["hand"])
    length = {suit: sum(1 for c in hand if SUIT_OF[c] == suit) for suit in "shdct"}

    def cost(action: str) -> float:
        card = action.split(":", 1)[1]
        suit = SUIT_OF[card]
        if suit == TRUMP:
            return 20.0 + STRENGTH[card]
        keep = 3.0 * card_value(card) + STRENGTH[card] / 10
        return keep + 0.6 * length[suit]

    return min(legal, key=cost)


# Counting instead of listing: the unseen cards of a suit above a strength are the suit's cards above it
# less the seen ones above it, so a question reads the few seen cards of its suit, not the whole suit.
_STRENGTHS_BY_SUIT: Final[dict[str, list[int]]] = {}
for _card in DECK:
    _STRENGTHS_BY_SUIT.setdefault(SUIT_OF[_card], []).append(STRENGTH[_card])
# (suit, strength) -> how many cards of the suit are stronger; strength -1 counts the whole suit.
_STRONGER_IN_SUIT: Final[dict[tuple[str, int], int]] = {
    (suit, floor): sum(1 for s in strengths if s > floor)
    for suit, strengths in _STRENGTHS_BY_SUIT.items()
    for floor in range(-1, max(strengths) + 1)
}
_DECK_SET: Final = frozenset(DECK)
# (seat, cards already in the trick) -> the seats still to play after it, counter-clockwise: all of them,
# the enemies among them, the partners among them.
_LATER: Final[dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]] = {}
for _seat in range(SEATS):
    for _played in range(SEATS):
        _after = tuple((_seat - k) % SEATS for k in range(1, SEATS - _played))
        _LATER[_seat, _played] = (
            _after,
            tuple(s for s in _after if s % 2 != _seat % 2),
            tuple(s for s in _after if s % 2 == _seat % 2),
        )
CARD_VALUE: Final[dict[str, float]] = {card: card_value(card) for card in DECK}


class _Table:
    """What the acting seat can work out from its view.

    Built once per decision, and the search's playouts (games/search) make a decision per action, so it
    reads the seen cards by suit only when a question needs them and remembers `enemy_beats` per card:
    each legal card asks about the trick's winning card, which is the same for most of them. The unseen
    cards are counted (a suit's cards above a strength, less the seen ones), never listed; the honours
    (at most five, every one a trump) are the only unseen cards read one by one."""

    __slots__ = (
        "_beats",
        "_seen_by_suit",
        "honours",
        "later",
        "later_enemies",
        "later_partners",
        "live",
        "plays",
        "seat",
        "seen",
        "team",
        "tricks_done",
    )

    def __init__(self, v: Mapping[str, Any]) -> None:
        seat = self.seat = int(v["seat"])
        self.team = seat % 2
        hand: Sequence[str] = v["hand"]
        plays = self.plays = [(int(s), str(c)) for s, c in v["trick"]]
        self.tricks_done = int(v["tricks_done"])
        self.honours: dict[str, int] = {c: s for s, cards in enumerate(v["honours"]) for c in cards}
        self.later, self.later_enemies, self.later_partners = _LATER[seat, len(plays)]
        seen = set(hand)
        seen.update(c for _, c in plays)
        self.seen = seen
        unseen = len(_DECK_SET) - len(seen & _DECK_SET)
        in_other_hands = sum(map(int, v["hand_sizes"])) - len(hand)
        # Of the cards this seat has not seen, the share still in someone's hand (the rest were played).
        self.live = in_other_hands / max(1, unseen)
        self._beats: dict[tuple[str, str], float] = {}
        self._seen_by_suit: dict[str, list[int]] | None = None

    def unseen_stronger(self, suit: str, floor: int) -> int:
        """How many cards of `suit` stronger than `floor` (-1: the whole suit) this seat has not seen."""
        by_suit = self._seen_by_suit
        if by_suit is None:
            by_suit = self._seen_by_suit = {}
            for c in self.seen:
                if c in _DECK_SET:
                    by_suit.setdefault(SUIT_OF[c], []).append(STRENGTH[c])
        seen_stronger = sum(1 for s in by_suit.get(suit, ()) if s > floor)
        return _STRONGER_IN_SUIT.get((suit, floor), 0) - seen_stronger

    def enemy_beats(self, card: str, lead: str) -> float:
        """Chance that some enemy still to play beats `card` (which currently wins the trick)."""
        key = (card, lead)
        known = self._beats.get(key)
        if known is None:
            known = self._beats[key] = self._enemy_beats(card, lead)
        return known

    def _enemy_beats(self, card: str, lead: str) -> float:
        later_enemies = self.later_enemies
        if not later_enemies:
            return 0.0
        if card == FOOL:
            return 0.0
        trump = SUIT_OF[card] == TRUMP
        floor = STRENGTH[card] if trump else -1
        # The unseen trumps above the floor: an honour among them held by an enemy still to play beats
        # the card for sure; the others (not honours, so their holders are unknown) are counted.
        seen = self.seen
        unseen_honours = 0
        for honour, holder in self.honours.items():
            if honour not in seen and STRENGTH[honour] > floor:
                if holder in later_enemies:
                    return 0.95  # an enemy still to play shows a higher trump among its honours
                unseen_honours += 1
        unknown = self.unseen_stronger(TRUMP, floor) - unseen_honours
        per_enemy = unknown * self.live / 5
        if trump:
            expected = per_enemy * len(later_enemies)
            return 1 - math.exp(-0.8 * expected)
        higher_suit = self.unseen_stronger(lead, STRENGTH[card])
        by_suit = higher_suit * self.live / 5 * len(later_enemies)
        void = min(0.7, 0.05 + 0.05 * self.tricks_done) * len(later_enemies) / 3
        return min(0.97, 1 - math.exp(-0.9 * by_suit) + void)

    def capture_risk(self, card: str) -> float:
        """Bonus points the enemy may take if `card` (a capture target) is played now."""
        capturer = TARGET_OF.get(card)
        if capturer is None:
            return 0.0
        holder = self.honours.get(capturer)
        if holder is not None:
            return CAPTURE_BONUS * 0.8 if holder in self.later_enemies else 0.0
        if capturer not in self.seen and self.later_enemies:  # the High Priestess is not an honour
            return CAPTURE_BONUS * 0.4 * self.live * len(self.later_enemies) / 3
        return 0.0


# What a card kept in hand is worth where it depends on nothing else (every card but the Fool, Hope and
# Dream, whose worth depends on who shows the honours they fear or capture).
_KEEP_PLAIN: Final[dict[str, float]] = {
    card: 0.5 + STRENGTH[card] / 12 if SUIT_OF[card] == TRUMP else STRENGTH[card] / 20 for card in DECK
}
_KEEP_DEPENDS: Final = frozenset({FOOL, HOPE, DREAM})


def _keep_value(card: str, t: _Table) -> float:
    """What the card is worth kept in hand for a later trick (spent strength)."""
    if card not in _KEEP_DEPENDS:
        return _KEEP_PLAIN[card]
    if card == FOOL:
        hope = t.honours.get(HOPE)
        return 6.0 if hope is not None and hope % 2 != t.team else 2.0
    if card == HOPE and t.honours.get(DREAM, t.team) % 2 != t.team:
        return 4.0
    if card == DREAM and t.honours.get(WORLD, t.team) % 2 != t.team:
        return 3.0
    return _KEEP_PLAIN[card]


class _TrickSoFar:
    """The trick as it stands, and who would hold it after one more card: the same trick for every legal
    card of a decision, so its winner is found once, and each card is only weighed against that winner
    (tricks.WEIGHTS, the rule tricks.winning_index applies; tests/dream_capture/test_dream_ai_speed.py)."""

    __slots__ = ("held_by", "held_card", "held_weight", "lead", "plays", "weights")

    def __init__(self, plays: Sequence[tuple[int, str]]) -> None:
        self.plays = plays
        if plays:
            played = [c for _, c in plays]
            self.held_by, self.held_card = plays[winning_index(played)]
            self.lead = SUIT_OF[played[0]]
            self.weights = WEIGHTS[self.lead]
            self.held_weight = self.weights[self.held_card]

    def after(self, seat: int, card: str) -> tuple[int, str, str]:
        """(winner's seat, winning card, led suit) once `seat` plays `card`."""
        if not self.plays:
            return seat, card, SUIT_OF[card]
        if self.weights[card] > self.held_weight:
            return seat, card, self.lead
        return self.held_by, self.held_card, self.lead


_PLAY_PREFIX: Final = len("play:")  # every legal action of the play phase is "play:" and a card (engine.PLAY)


def _play(v: Mapping[str, Any], legal: Sequence[str], rng: random.Random) -> str:
    t = _Table(v)
    plays = t.plays
    team, seat = t.team, t.seat
    trick_points = sum(CARD_VALUE[c] for _, c in plays)
    expected_more = AVERAGE_CARD * len(t.later)
    last_trick = t.tricks_done == 14
    trick = _TrickSoFar(plays)
    enemy_beats, capture_risk = t.enemy_beats, t.capture_risk
    partners_lead = bool(t.later_partners) and not plays
    losing_ours = 0.35 * len(t.later_partners) / 2
    best_action = legal[0]
    best_score = -math.inf
    for action in legal:
        card = action[_PLAY_PREFIX:]
        winner, winning_card, lead = trick.after(seat, card)
        own = 0.0 if card == FOOL else CARD_VALUE[card]  # the Fool's -5 is paid whenever it is played
        stake = trick_points + own + expected_more
        if winner % 2 == team:
            ours = 1 - enemy_beats(winning_card, lead)
            if winner != seat and partners_lead:
                ours = max(ours, 0.5)
        else:
            ours = losing_ours
        score = (2 * ours - 1) * stake
        if winner == seat and card in CAPTURES:
            target = CAPTURES[card][0]
            if any(c == target and s % 2 != team for s, c in plays):
                score += CAPTURE_BONUS * ours
        score -= capture_risk(card)
        if card == MAGICIAN and last_trick:
            score += 10 * (2 * ours - 1) if winner == seat else 0.0
        score -= _keep_value(card, t)
        score += rng.random() * 0.01  # break ties without a fixed bias
        if score > best_score:
            best_action, best_score = action, score
    return best_action
