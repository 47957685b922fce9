"""A heuristic AI for Champions of Time: it sees only its seat's view and the legal actions.

Every card a player ends a round with costs a trouble point unless it sits in a suit where that player
holds the sole most. So the policy (1) sheds its own tableau cards and loads the leading opponent's,
(2) as the Trickster, who busts when everyone follows, sets the pattern that is hardest to follow, and
(3) prefers effects that move trouble away from itself.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.core.contract import ViewThunk
from games.trickster.cot.cards import CARD_HERO, CARD_INDEX, CARD_SUIT, HERO_INDEX, HEROES, NUM_SUITS

# How much a hero's effect helps its player, in rough trouble points (positive = good to play).
PLAY_VALUE: dict[str, float] = {
    "mag": 1.0, "bri": 1.2, "sol": 1.2, "hun": 0.6, "nob": 0.6, "bea": 0.6, "mav": 0.6,
    "arc": 0.7, "gen": 0.7, "wit": 0.2, "sca": 0.2, "vig": 0.3, "doc": 0.2, "sha": 0.0,
    "ped": 0.1, "sci": 0.1, "inv": 0.0, "sai": 0.2, "smu": -0.3, "exp": -0.4, "rev": -0.6,
    "gua": -0.6, "nom": -0.8,
}  # fmt: skip

OUTGOING_SEAT = {"bri_seat", "sol_seat", "hun_seat", "mav_seat", "smu_seat", "doc_seat", "sai_to"}
"""Seat questions that hand an opponent a card: aim at the leader (lowest total)."""
SHED_FROM_TABLEAU = {"bri_card", "mag_card", "sca_tableau", "nob_card"}
"""Card questions that take a card out of my tableau: shed the costliest."""
TAKE_TO_TABLEAU = {"nom_card", "sca_trash"}
"""Card questions that put a card into my tableau: take the cheapest."""


def _card(token: str) -> int | None:
    return CARD_INDEX.get(token.partition(":")[2])


def _suit_counts(cards: Sequence[str]) -> list[int]:
    counts = [0] * NUM_SUITS
    for cid in cards:
        index = CARD_INDEX.get(cid)
        if index is not None:
            counts[CARD_SUIT[index]] += 1
    return counts


class _Board:
    """What the policy derives from a view."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.me: int = int(view["seat"])
        self.players: int = int(view["players"])
        self.counts = [_suit_counts(t) for t in view["tableaus"]]
        totals = list(view["totals"])
        # The leader among opponents: lowest total, then most tableau cards is worse for them.
        opponents = [s for s in range(self.players) if s != self.me]
        self.target = min(opponents, key=lambda s: (totals[s], -len(view["tableaus"][s])))

    def cost(self, seat: int, card: int, delta: int = 1) -> float:
        """Trouble this card adds (delta=1) to `seat`'s tableau, given the current counts."""
        suit = CARD_SUIT[card]
        mine = self.counts[seat][suit] + delta
        others = max((row[suit] for s, row in enumerate(self.counts) if s != seat), default=0)
        return 0.0 if mine > others else 1.0

    def shed_value(self, card: int) -> float:
        """How much I gain by removing this card from my tableau."""
        suit = CARD_SUIT[card]
        mine = self.counts[self.me][suit]
        others = max((row[suit] for s, row in enumerate(self.counts) if s != self.me), default=0)
        if mine > others:  # sole most: removing it may lose the exemption
            return -float(mine - 1) if mine - 1 <= others else 0.0
        return 1.0


def _play_score(board: _Board, card: int) -> float:
    view = board.view
    hero = HEROES[CARD_HERO[card]].code
    score = PLAY_VALUE.get(hero, 0.0)
    pot = view["pot"]
    trickster = view["trickster"]
    if board.players >= 4 and not pot:
        # Leading: keep flexible cards; lead something others will struggle with.
        score += 0.1
    elif len(pot) == 1 and trickster == board.me:
        # Setting the pattern: I bust if everyone follows. Same hero or suit as the first card leaves
        # 6 possible follow cards in the whole deck; "unique" stays easy while the pot is small. With
        # two players I must follow my own pattern again, so there "unique" is the safer choice
        # (measured against random play: matching wins with 3+ players, loses with 2).
        first = CARD_INDEX.get(pot[0])
        if first is not None and (CARD_SUIT[first] == CARD_SUIT[card] or CARD_HERO[first] == CARD_HERO[card]):
            score += 1.5 if board.players >= 3 else -1.5
    if hero in ("nob", "bea", "inv") and trickster == board.me:
        score -= 0.8  # feeding the pot I may collect
    # Shed cards of suits where I am not the sole most: kept, they would end in my tableau and count.
    score += 0.5 * board.cost(board.me, card)
    return score


def heuristic_policy(view: ViewThunk, legal: Sequence[str], rng: random.Random) -> str:
    if len(legal) == 1:
        return legal[0]
    data = view()
    if data.get("seat") is None:
        return legal[rng.randrange(len(legal))]
    board = _Board(data)
    effect = data.get("effect") or {}
    need = str(effect.get("need") or "")
    scored: list[tuple[float, float, str]] = []
    for action in legal:
        verb = action.partition(":")[0]
        score = 0.0
        card = _card(action)
        if verb == "play" and card is not None:
            score = _play_score(board, card)
        elif verb == "tab" and card is not None:
            # A tableau card in a suit I already lead costs nothing; else keep good effects in hand.
            score = -board.cost(board.me, card) - PLAY_VALUE.get(HEROES[CARD_HERO[card]].code, 0.0)
        elif verb == "seat":
            seat = int(action.partition(":")[2])
            if need in OUTGOING_SEAT:
                score = 2.0 if seat == board.target else (-1.0 if seat == board.me else 0.0)
            elif need in ("sai_from", "smu_from", "mav_from"):
                score = float(data["hand_sizes"][seat])
        elif verb == "pick" and card is not None:
            if need in SHED_FROM_TABLEAU:
                score = board.shed_value(card)
            elif need in TAKE_TO_TABLEAU:
                score = -board.cost(board.me, card)
            elif need in ("sol_card", "sha_card"):
                score = -PLAY_VALUE.get(HEROES[CARD_HERO[card]].code, 0.0)
            elif need in ("hun_card", "vig_tableau"):
                score = board.cost(board.target, card)
            elif need == "vig_trash":
                score = 1.0
        elif verb in ("copy", "reveal"):
            code = action.partition(":")[2]
            hero = CARD_HERO[card] if card is not None else HERO_INDEX.get(code, 0)
            score = PLAY_VALUE.get(HEROES[hero].code, 0.0)
        elif verb == "give" and card is not None:
            score = -PLAY_VALUE.get(HEROES[CARD_HERO[card]].code, 0.0)
        elif verb == "draft":
            score = PLAY_VALUE.get(action.partition(":")[2], 0.0)
        scored.append((score, rng.random(), action))
    return max(scored)[2]
