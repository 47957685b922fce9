"""AI policies for Trickster: `random`, and `heuristic`, which sees only its seat's view and legal actions.

The heuristic's idea: a card you hold or keep in your House counts against you, a card that reaches
another player's House counts against them. So:
- as the Trickster (the second card, 3+ players) pick the pattern that most likely makes a later
  player unable to follow (else you collect the pot); in two-player tricks pick the card the opponent
  is least likely to answer. Odds come from the cards it has not seen (hypergeometric estimate);
- effect choices are scored by the House scores they would produce (suit majorities included): move
  counted cards out of your House, into the leading opponent's House or hand;
- otherwise prefer heroes whose effect helps you.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from math import comb
from typing import Any

from games.core.contract import Policy, ViewThunk
from games.core.policy import random_policy
from games.trickster.cards import CARD_INDEX, HERO_INDEX, HERO_OF, HEROES, SUIT_OF, cards_of
from games.trickster.scoring import score_houses
from games.trickster.tricks import HERO_SHIFT

# How much playing each hero tends to help its player (its effect), used to break ties between plays.
HERO_VALUE: dict[str, float] = {
    "mage": 0.6, "rogue": 0.6, "general": 0.6, "matriarch": 0.5, "striker": 0.5, "knight": 0.7,
    "messenger": 0.6, "hunter": 0.5, "recycler": 0.2, "druid": 0.3, "brute": 0.1, "nun": 0.3,
    "bard": 0.1, "container": 0.4, "archivist": 0.3, "explorer": -0.2, "shuttle": 0.0,
    "detective": 0.0, "guard": 0.1, "summoner": -0.4, "prospector": -0.5,
}
ARCHIVIST_ORDER = (
    "knight", "rogue", "general", "mage", "messenger", "matriarch", "striker", "hunter", "container",
    "druid", "nun", "recycler", "brute", "bard", "guard", "shuttle", "detective", "explorer",
    "summoner", "prospector",
)


def _bits(card: int) -> int:
    return (1 << SUIT_OF[card]) | (1 << (HERO_SHIFT + HERO_OF[card]))


def _p_none(unseen: int, good: int, hand: int) -> float:
    """Probability that a hand of `hand` unseen cards holds none of `good` cards."""
    if hand <= 0:
        return 1.0
    if unseen <= 0 or hand > unseen:
        return 0.0 if good else 1.0
    return comb(unseen - good, hand) / comb(unseen, hand) if unseen - good >= hand else 0.0


class Reader:
    """The facts the heuristic reads from a view, as ints."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.me: int = int(view["seat"])
        self.n: int = int(view["players"])
        self.hand = [CARD_INDEX[c] for c in view["hands"][self.me]["cards"]]
        self.houses = [[CARD_INDEX[c] for c in h] for h in view["houses"]]
        self.pot = [CARD_INDEX[c] for c in view["pot"]]
        self.sideways = 0
        for c in view["sideways"]:
            self.sideways |= 1 << CARD_INDEX[c]
        seen = set(self.hand) | set(self.pot) | {CARD_INDEX[c] for c in view["trash"]}
        for h in self.houses:
            seen.update(h)
        for i, other in enumerate(view["hands"]):  # not `h`: the compiled build holds `h` to a list above
            if i != self.me:
                seen.update(CARD_INDEX[c] for c in other.get("known", ()))
        all_cards = cards_of(tuple(HERO_INDEX[h] for h in view["heroes"]))
        self.unseen = [c for c in all_cards if c not in seen]

    def standing(self, houses: Sequence[Sequence[int]], sideways: int | None = None) -> float:
        """My score minus the best opponent's (lower is better for me)."""
        scores = [s.score for s in score_houses(houses, self.sideways if sideways is None else sideways)]
        mine = scores[self.me]
        others = [s for i, s in enumerate(scores) if i != self.me]
        return mine - min(others) * 0.5 - sum(others) / len(others) * 0.5

    def leading_opponent(self) -> int:
        scores = [s.score + self.view["hands"][i]["count"] for i, s in enumerate(score_houses(self.houses, self.sideways))]
        opponents = [i for i in range(self.n) if i != self.me]
        return min(opponents, key=lambda i: scores[i])

    def follow_probability(self, pot: Sequence[int], seats_after: int) -> float:
        """Chance that `seats_after` later players can all follow the pot (rough, independent)."""
        if len(pot) < 2:
            return 1.0
        a, b = pot[0], pot[1]
        hands = [self.view["hands"][(self.me + k) % self.n]["count"] for k in range(1, seats_after + 1)]
        total = 1.0
        used = 0
        for c in pot:
            used |= _bits(c)
        for k, hand in enumerate(hands):
            if SUIT_OF[a] == SUIT_OF[b]:
                good = sum(1 for c in self.unseen if SUIT_OF[c] == SUIT_OF[a])
            elif HERO_OF[a] == HERO_OF[b]:
                good = sum(1 for c in self.unseen if HERO_OF[c] == HERO_OF[a])
            else:
                good = sum(1 for c in self.unseen if not _bits(c) & used)
                good = max(0, good - k * 3)  # each follower uses up a suit and a hero
            total *= 1.0 - _p_none(len(self.unseen), good, hand)
        return total


def _collect_cost(r: Reader, pot: Sequence[int], later: int) -> float:
    """How much my standing worsens if I collect `pot` plus `later` more cards that follow it."""
    extra = list(pot)
    if len(pot) >= 2 and SUIT_OF[pot[0]] == SUIT_OF[pot[1]]:
        same = [c for c in r.unseen if SUIT_OF[c] == SUIT_OF[pot[0]]]
        extra += same[:later]
        later -= min(later, len(same))
    houses = [list(h) for h in r.houses]
    houses[r.me] += extra
    return r.standing(houses) - r.standing(r.houses) + later


def _play(r: Reader, legal: Sequence[str]) -> str:
    view = r.view
    pot = r.pot
    best, best_value = legal[0], float("-inf")
    two = r.n == 2
    for action in legal:
        card = CARD_INDEX[action.partition(":")[2]]
        slug = view_hero(card)
        value = HERO_VALUE.get(slug, 0.0)
        new_pot = [*pot, card]
        if not pot and not two and slug in ("striker", "matriarch"):
            value -= 2.0  # leading with these makes me the Trickster
        if len(pot) == 1 and (two or view["trickster"] == r.me):
            # I set the pattern: in 3+ players I collect if everyone follows.
            later = 1 if two else r.n - 2
            p = r.follow_probability(new_pot, later)
            value -= p * _collect_cost(r, new_pot, later) * (0.6 if two else 1.0)
        elif two and len(pot) >= 2:
            p = r.follow_probability(new_pot, 1)
            value -= p * 0.5 * len(new_pot)
        elif not two and len(pot) >= 2 and view["leader"] is not None and (r.me - view["leader"]) % r.n == r.n - 1:
            # I am the last to play: the Trickster collects this pot; make it count against them
            houses = [list(h) for h in r.houses]
            houses[view["trickster"]] += new_pot
            value -= r.standing(houses)
        # keep a varied hand: prefer dumping a card whose suit I hold many of
        value += 0.1 * sum(1 for c in r.hand if SUIT_OF[c] == SUIT_OF[card])
        if value > best_value:
            best, best_value = action, value
    return best


def view_hero(card: int) -> str:
    return HEROES[HERO_OF[card]].slug


def _simulate_move(r: Reader, card: int, dst: int | None) -> float:
    """Standing after `card` (a House card) leaves its House, optionally into House `dst`."""
    houses = [list(h) for h in r.houses]
    for h in houses:
        if card in h:
            h.remove(card)
    if dst is not None:
        houses[dst].append(card)
    return r.standing(houses)


def _choose(r: Reader, legal: Sequence[str], rng: random.Random) -> str:
    pending = r.view.get("pending") or {}
    note = str(pending.get("note", ""))
    me = r.me
    lead = r.leading_opponent()
    tokens = [a.partition(":")[2] for a in legal]

    def pick_target(prefer: int) -> str:
        for a, t in zip(legal, tokens, strict=True):
            if t == str(prefer):
                return a
        return legal[0]

    def min_by(score: Any) -> str:
        return min(legal, key=score)

    if note in ("ask.mage", "ask.guard", "ask.general.card", "ask.matriarch", "ask.recycler.house"):
        # take a card out of my House if it helps; else out of the worst opponent's
        return min_by(lambda a: _simulate_move(r, CARD_INDEX[a.partition(":")[2]], None))
    if note == "ask.rogue.card":
        return min_by(lambda a: _simulate_move(r, CARD_INDEX[a.partition(":")[2]], lead))
    if note in ("ask.prospector", "ask.container.card"):
        dst = me if note == "ask.prospector" else None
        return min_by(lambda a: _simulate_move(r, CARD_INDEX[a.partition(":")[2]], dst))
    if note == "ask.druid":
        def druid_value(a: str) -> float:
            c = CARD_INDEX[a.partition(":")[2]]
            return r.standing(r.houses, r.sideways | (1 << c))
        return min_by(druid_value)
    if note == "ask.recycler.trash":
        return min_by(lambda a: _simulate_move(r, CARD_INDEX[a.partition(":")[2]], me))
    if note in (
        "ask.rogue.target", "ask.knight.target",
        "ask.hunter", "ask.general.target", "ask.messenger.target", "ask.container.target",
        "ask.detective.give", "ask.nun.to",
    ):
        return pick_target(lead)
    if note == "ask.detective.target":
        # the victim sheds two hand cards: pick the opponent doing worst
        scores = [x.score + r.view["hands"][i]["count"] for i, x in enumerate(score_houses(r.houses, r.sideways))]
        return max(legal, key=lambda a: scores[int(a.partition(":")[2])])
    if note == "ask.knight.card":
        # the card that would count most against the leading opponent
        return min_by(lambda a: _simulate_move(r, CARD_INDEX[a.partition(":")[2]], lead))
    if note == "ask.nun.donor":
        return pick_target(me) if str(me) in tokens else pick_target(lead)
    if note == "ask.bard.target":
        return pick_target(lead)
    if note == "ask.archivist":
        for slug in ARCHIVIST_ORDER:
            if slug in tokens:
                return legal[tokens.index(slug)]
    if note in ("ask.messenger.card", "ask.bard.give", "ask.nun.give", "ask.shuttle"):
        # give away the card of the suit I hold most of (it would count in my House at the end)
        counts = [0] * 7
        for c in r.hand:
            counts[SUIT_OF[c]] += 1
        return max(legal, key=lambda a: counts[SUIT_OF[CARD_INDEX[a.partition(":")[2]]]] + rng.random() * 0.1)
    if note == "ask.striker":
        return _play(r, [f"play:{t}" for t in tokens]).replace("play:", "card:")
    return random_policy(lambda: r.view, legal, rng)


def _house(r: Reader, legal: Sequence[str], rng: random.Random) -> str:
    """Setup House pick: a card of my most common suit (a head start on a majority that is ignored)."""
    counts = [0] * 7
    for c in r.hand:
        counts[SUIT_OF[c]] += 1
    return max(legal, key=lambda a: counts[SUIT_OF[CARD_INDEX[a.partition(":")[2]]]] + rng.random() * 0.1)


def heuristic_policy(view: ViewThunk, legal: Sequence[str], rng: random.Random) -> str:
    if len(legal) == 1:
        return legal[0]
    kind = legal[0].partition(":")[0]
    r = Reader(view())
    if kind == "play":
        return _play(r, legal)
    if kind == "house":
        return _house(r, legal, rng)
    return _choose(r, legal, rng)


POLICIES: dict[str, Policy] = {"random": random_policy, "heuristic": heuristic_policy}
