"""The "heuristic" policy: bid what the hand can make, then steer tricks toward that bid.

It reads only its seat's view. Hand strength is a rough expectation of tricks (rares, high blacks, kings,
queens); play wins a trick as cheaply as possible while short of the bid and sheds high losers after.
Other variants are delegated to their engine's own heuristic when it offers one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.core.contract import ViewThunk
from games.kings import tricks
from games.kings.cards import Colour, card_colour, card_number, character_of, is_flag, is_rare
from games.kings.scoring import BID_POINTS

CHAR_PREFERENCE = (
    "collector",
    "healer",
    "ninja",
    "gambler",
    "samurai",
    "devil",
    "hermit",
    "berserker",
    "resistance",
    "cheerleader",
)


def card_power(card: str) -> float:
    """Chance-like weight that a card wins a trick."""
    if is_rare(card):
        return 0.9
    if is_flag(card):
        return 0.0
    number = card_number(card) or 0
    if card_colour(card) is Colour.BLACK:
        return 0.75 if number >= 8 else 0.35 if number >= 5 else 0.15
    return 0.35 if number >= 9 else 0.12 if number >= 7 else 0.02


def expected_wins(v: Mapping[str, Any], seat: int) -> float:
    me = v["seats"][seat]
    hand: list[str] = v["hand"] or []
    wins = sum(card_power(c) for c in hand) * 5 / max(5, len(hand))
    king = me["king"]
    playable_king = (king == "w" and any(is_flag(c) or is_rare(c) for c in hand)) or any(
        card_colour(c) == king for c in hand
    )
    if king and not me["king_used"] and playable_king:
        wins += 0.8
    if me["queen_up"] and king in ("w", "r"):
        wins += 0.6
    return wins


def _bid_targets(name: str) -> list[int]:
    return sorted(BID_POINTS.get(name, {}).keys())


def _bid_value(items: Sequence[str], expect: float, players: int) -> float:
    total = 0.0
    for item in items:
        name = "jack" if item == "jack" else character_of(item).value
        if name == "devil":
            total += 30 * players * 0.35
            continue
        table = BID_POINTS.get(name)
        if not table:
            total += 15
            continue
        total += max(pts * max(0.0, 1 - abs(w - expect) / 1.5) for w, pts in table.items())
    return total


def _extra_wins(v: Mapping[str, Any], seat: int) -> int:
    me = v["seats"][seat]
    up = [c for c in me["chars"] if c not in (me["bids"] or [])]
    devil = any(character_of(c).value == "devil" for c in up) if me["bids"] is not None else False
    return (1 if me["red_queen"] else 0) + (2 if devil else 0)


def wanted_tricks(v: Mapping[str, Any], seat: int) -> tuple[int, int] | None:
    """Acceptable range of tricks still to win (low, high), from the seat's bids; None: no bid aim."""
    me = v["seats"][seat]
    bids = me["bids"] or []
    targets: list[int] = []
    for b in bids:
        name = "jack" if b == "jack" else character_of(b).value
        targets.extend(_bid_targets(name))
    if not targets:
        return None
    have = me["tricks_won"] + _extra_wins(v, seat)
    future = [t - have for t in targets if t - have >= 0]
    if not future:
        return (0, 0)
    aim = min(future)
    return (aim, aim)


def _winning_test(v: Mapping[str, Any], seat: int) -> Callable[[str], bool]:
    """Whether a play action would win the trick as it stands (if nobody after beats it).

    What does not depend on the action (the seat's face-up Samurai, its king's colour, the trick so far)
    is read once per decision: the search's playouts (games/search) ask this for every card of every
    decision. Tricks are compared on the engine's plain entries (tricks.strength_code and entry_winner,
    the same answer as tricks.winner with Strength objects)."""
    me = v["seats"][seat]
    bids = me["bids"] or []
    samurai = any(character_of(c).value == "samurai" for c in me["chars"] if c not in bids)
    king_colour = me["king"]
    played: list[Mapping[str, Any]] = list(v["trick"])
    lead_colour = v["lead_colour"]
    mine = len(played)

    def wins(action: str) -> bool:
        parts = action.split(":")
        card = parts[1]
        marks = parts[2:]
        queen = "q" in marks
        king = next((p[1:] for p in marks if p.startswith("k")), "")
        power, colour_code, number = tricks.strength_code(
            card, bool(king), queen and king_colour == "w", queen and king_colour == "b", "s" in marks, samurai
        )
        colour = card_colour(card)
        lead = lead_colour or (str(colour) if colour and not queen else "")
        entry = {"p": power, "col": colour_code, "n": number}
        return tricks.entry_winner([*played, entry], lead) == mine

    return wins


_COSTS: dict[str, float] = {}  # action -> _cost: the same few dozen actions are priced in every playout


def _cost(action: str) -> float:
    cost = _COSTS.get(action)
    if cost is None:
        cost = _COSTS[action] = _price(action)
    return cost


def _price(action: str) -> float:
    """What playing `action` spends: the card's strength, and a king, a queen or a switch used on it."""
    parts = action.split(":")
    card = parts[1]
    cost = card_power(card) * 10
    if any(p.startswith("k") for p in parts[2:]):
        cost += 30
    if "q" in parts[2:]:
        cost += 12
    if "s" in parts[2:]:
        cost += 1
    return cost


def _play(v: Mapping[str, Any], seat: int, legal: Sequence[str]) -> str:
    plays = [a for a in legal if a.startswith("play:")]
    me = v["seats"][seat]
    want = wanted_tricks(v, seat)
    remaining = len(v["hand"] or [])
    if want is not None and want[0] > remaining and "queen" in legal and me["king"] == "r":
        return "queen"
    need = want[0] if want is not None else 0
    if need > 0 and "queen" in legal and me["king"] == "r" and need >= remaining:
        return "queen"
    last = len(v["order"]) == 1
    if need > 0:
        would_win = _winning_test(v, seat)
        winners = [a for a in plays if would_win(a)]
        if winners and (last or need >= remaining or min(_cost(a) for a in winners) < 25):
            return min(winners, key=_cost)
        return min(plays, key=_cost)
    would_win = _winning_test(v, seat)
    losers = [a for a in plays if not would_win(a) and not any(p.startswith("k") for p in a.split(":")[2:])]
    plain = [a for a in losers if a.count(":") == 1] or losers
    if plain:
        return max(plain, key=_cost)
    return min(plays, key=_cost)


def _choose(v: Mapping[str, Any], legal: Sequence[str], rng: random.Random) -> str:
    seat = int(v["seat"])
    phase = v["phase"]
    first = legal[0]
    if first.startswith("discard:"):
        want = wanted_tricks(v, seat)
        keep_strong = want is None or want[0] > 0
        key = lambda a: card_power(a.split(":")[1])  # noqa: E731
        return min(legal, key=key) if keep_strong else max(legal, key=key)
    if phase == "draft":
        sets = [a for a in legal if a.startswith("set:")]
        picks = [a for a in legal if a.startswith("pick:")]
        if sets and (not picks or (v["round"] == 1 and any(a in ("set:w", "set:r") for a in sets))):
            return min(sets, key=lambda a: "wrbgk".index(a[-1]))
        return min(picks, key=lambda a: CHAR_PREFERENCE.index(character_of(a[5:]).value))
    if phase == "bid":
        expect = expected_wins(v, seat)
        best = max(
            legal,
            key=lambda a: (
                _bid_value([] if a == "bid:none" else a.split(":")[1:], expect, v["players"])
                if a != "bid:none"
                else 35.0
            ),
        )
        return best
    if phase == "cheer":
        if first.startswith("copy:"):
            expect = expected_wins(v, seat)
            return max(legal, key=lambda a: _bid_value([a.split(":")[2]], expect, v["players"]))
        return max(legal, key=lambda a: v["seats"][int(a.split(":")[1])]["score"])
    if phase in ("setup", "jack3"):
        if first == "jack3":
            me = v["seats"][seat]
            have = me["tricks_won"] + _extra_wins(v, seat)
            for b in me["bids"] or []:
                if b != "jack" and have - 3 in BID_POINTS.get(character_of(b).value, {}):
                    return "jack3"
            return "keep"
        return "recover" if v["seats"][seat]["king"] in ("r", "w") else "keep"
    if first.startswith("return:"):
        return min(legal, key=lambda a: card_power(a.split(":")[1]))
    if phase == "play":
        return _play(v, seat, legal)
    return legal[0] if phase == "round_end" else rng.choice(list(legal))


def heuristic_policy(view: ViewThunk, legal: Sequence[str], rng: random.Random) -> str:
    if len(legal) == 1:
        return legal[0]
    v = view()
    if v.get("variant") not in ("standard", "two-player"):
        from games.kings.variants import ENGINES

        engine = ENGINES.get(str(v.get("variant")))
        other = engine.policies().get("heuristic") if engine else None
        if other is not None:
            return other(view, legal, rng)
        return legal[rng.randrange(len(legal))]
    choice = _choose(v, legal, rng)
    return choice if choice in legal else legal[rng.randrange(len(legal))]
