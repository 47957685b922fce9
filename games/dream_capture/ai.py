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
from typing import Any

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
from games.dream_capture.tricks import winning_index

SEATS = 6
NUMBER_VALUE = 1 / 6  # a number card is worth a sixth of a point
AVERAGE_CARD = 0.9  # expected points a card still to be played adds to the trick
# What is at risk when one of these cards is played while an enemy may still capture it.
TARGET_OF = {target: capturer for capturer, (target, _) in CAPTURES.items()}


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


# The deck by suit, each card with its strength: a decision reads only the suits its questions need.
_DECK_BY_SUIT: dict[str, list[tuple[str, int]]] = {}
for _card in DECK:
    _DECK_BY_SUIT.setdefault(SUIT_OF[_card], []).append((_card, STRENGTH[_card]))
_DECK_SET = frozenset(DECK)


class _Table:
    """What the acting seat can work out from its view.

    Built once per decision, and the search's playouts (games/search) make a decision per action, so it
    reads the unseen cards only when a question needs them (the unseen trumps once, a suit's cards for
    its question) and remembers `enemy_beats` per card: each legal card asks about the trick's winning
    card, which is the same for most of them."""

    def __init__(self, v: Mapping[str, Any]) -> None:
        self.seat = int(v["seat"])
        self.team = self.seat % 2
        self.hand: list[str] = list(v["hand"])
        self.plays: list[tuple[int, str]] = [(int(s), str(c)) for s, c in v["trick"]]
        self.tricks_done = int(v["tricks_done"])
        self.honours: dict[str, int] = {c: s for s, cards in enumerate(v["honours"]) for c in cards}
        # seats still to play after this one, counter-clockwise
        self.later = [(self.seat - k) % SEATS for k in range(1, SEATS - len(self.plays))]
        self.later_enemies = [s for s in self.later if s % 2 != self.team]
        self.later_partners = [s for s in self.later if s % 2 == self.team]
        seen = set(self.hand)
        seen.update(c for _, c in self.plays)
        self.seen = seen
        unseen = len(_DECK_SET) - sum(1 for c in seen if c in _DECK_SET)
        in_other_hands = sum(int(n) for n in v["hand_sizes"]) - len(self.hand)
        # Of the cards this seat has not seen, the share still in someone's hand (the rest were played).
        self.live = in_other_hands / max(1, unseen)
        self._beats: dict[tuple[str, str], float] = {}
        self._unseen_trumps: list[tuple[int, bool, bool]] | None = None

    def unseen_trumps(self) -> list[tuple[int, bool, bool]]:
        """The unseen trumps: (strength, is an honour, its holder is an enemy still to play)."""
        if self._unseen_trumps is None:
            seen, honours, later_enemies = self.seen, self.honours, self.later_enemies
            self._unseen_trumps = [
                (strength, c in honours, honours.get(c, -1) in later_enemies)
                for c, strength in _DECK_BY_SUIT[TRUMP]
                if c not in seen
            ]
        return self._unseen_trumps

    def enemy_beats(self, card: str, lead: str) -> float:
        """Chance that some enemy still to play beats `card` (which currently wins the trick)."""
        key = (card, lead)
        known = self._beats.get(key)
        if known is None:
            known = self._beats[key] = self._enemy_beats(card, lead)
        return known

    def _enemy_beats(self, card: str, lead: str) -> float:
        if not self.later_enemies:
            return 0.0
        if card == FOOL:
            return 0.0
        trump = SUIT_OF[card] == TRUMP
        floor = STRENGTH[card] if trump else -1
        unknown = 0
        for strength, honour, enemy_holds in self.unseen_trumps():
            if strength > floor or not trump:
                if enemy_holds:
                    return 0.95  # an enemy still to play shows a higher trump among its honours
                if not honour:
                    unknown += 1
        per_enemy = unknown * self.live / 5
        if trump:
            expected = per_enemy * len(self.later_enemies)
            return 1 - math.exp(-0.8 * expected)
        mine = STRENGTH[card]
        seen = self.seen
        higher_suit = sum(1 for c, strength in _DECK_BY_SUIT.get(lead, ()) if strength > mine and c not in seen)
        by_suit = higher_suit * self.live / 5 * len(self.later_enemies)
        void = min(0.7, 0.05 + 0.05 * self.tricks_done) * len(self.later_enemies) / 3
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


def _keep_value(card: str, t: _Table) -> float:
    """What the card is worth kept in hand for a later trick (spent strength)."""
    if card == FOOL:
        hope = t.honours.get(HOPE)
        return 6.0 if hope is not None and hope % 2 != t.team else 2.0
    if SUIT_OF[card] == TRUMP:
        if card == HOPE and t.honours.get(DREAM, t.team) % 2 != t.team:
            return 4.0
        if card == DREAM and t.honours.get(WORLD, t.team) % 2 != t.team:
            return 3.0
        return 0.5 + STRENGTH[card] / 12
    return STRENGTH[card] / 20


class _TrickSoFar:
    """The trick as it stands, and who would hold it after one more card: the same trick for every legal
    card of a decision, so its winner is found once, and each card only asks whether it beats that winner
    (the last step of tricks.winning_index; tests/dream_capture/test_dream_ai_speed.py)."""

    def __init__(self, plays: Sequence[tuple[int, str]]) -> None:
        self.plays = plays
        if plays:
            played = [c for _, c in plays]
            self.held_by, self.held_card = plays[winning_index(played)]
            self.lead = SUIT_OF[played[0]]
            self.held_key = (SUIT_OF[self.held_card] == TRUMP, STRENGTH[self.held_card])

    def after(self, seat: int, card: str) -> tuple[int, str, str]:
        """(winner's seat, winning card, led suit) once `seat` plays `card`."""
        suit = SUIT_OF[card]
        if not self.plays:
            return seat, card, suit
        if suit in (TRUMP, self.lead) and (suit == TRUMP, STRENGTH[card]) > self.held_key:
            return seat, card, self.lead
        return self.held_by, self.held_card, self.lead


def _play(v: Mapping[str, Any], legal: Sequence[str], rng: random.Random) -> str:
    t = _Table(v)
    trick_points = sum(card_value(c) for _, c in t.plays)
    expected_more = AVERAGE_CARD * len(t.later)
    last_trick = t.tricks_done == 14
    trick = _TrickSoFar(t.plays)
    best_action = legal[0]
    best_score = -math.inf
    for action in legal:
        card = action.split(":", 1)[1]
        winner, winning_card, lead = trick.after(t.seat, card)
        own = 0.0 if card == FOOL else card_value(card)  # the Fool's -5 is paid whenever it is played
        stake = trick_points + own + expected_more
        beaten = t.enemy_beats(winning_card, lead)
        if winner % 2 == t.team:
            ours = 1 - beaten
            if winner != t.seat and t.later_partners and not t.plays:
                ours = max(ours, 0.5)
        else:
            ours = 0.35 * len(t.later_partners) / 2
        score = (2 * ours - 1) * stake
        if winner == t.seat and card in CAPTURES:
            target = CAPTURES[card][0]
            if any(c == target and s % 2 != t.team for s, c in t.plays):
                score += CAPTURE_BONUS * ours
        score -= t.capture_risk(card)
        if card == MAGICIAN and last_trick:
            score += 10 * (2 * ours - 1) if winner == t.seat else 0.0
        score -= _keep_value(card, t)
        score += rng.random() * 0.01  # break ties without a fixed bias
        if score > best_score:
            best_action, best_score = action, score
    return best_action
