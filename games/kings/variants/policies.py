"""Heuristic AI seats for the variants: they see only their view and the legal actions.

The plan is the classic one for trick games: win a trick as cheaply as possible when you can and your
side is not already winning it, otherwise throw your weakest card; spend kings and queens only when they
take a trick that would otherwise be lost at the last seat. Set-up choices favour strong hands
(rares, trump length) and the Emperor/King roles only when the hand can carry them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.core.contract import Policy, ViewThunk
from games.kings.variants.components import colour_of, is_flag, is_rare, is_white_court, value_of
from games.kings.variants.state import Entry
from games.kings.variants.tricks import TrickRules, winning_index

FLAG_BEATS_RARE = {"ombre": True, "whist": True, "napoleon": False}


def card_strength(card: str, trump: str | None) -> int:
    if is_rare(card):
        return 40
    if is_flag(card):
        return 0
    bonus = 20 if colour_of(card) == trump else 0
    return value_of(card) + bonus


def parse_play(action: str, seat: int) -> Entry | None:
    if not action.startswith("play:"):
        return None
    parts = action.split(":")
    queen = next((p[1] for p in parts[2:] if p.startswith("q")), "")
    return Entry(seat, parts[1], "K" in parts[2:], queen)


def allies_of(view: Mapping[str, Any], seat: int) -> set[int]:
    teams = view.get("teams")
    if teams:
        for team in teams:
            if seat in team:
                return {int(s) for s in team}
    king = view.get("king_seat")
    if view.get("variant") == "ombre" and king is not None and king != seat:
        return {s for s in range(int(view["players"])) if s != king}
    return {seat}


def play_cost(entry: Entry, trump: str | None, winning: bool) -> float:
    """What an action spends: the card's strength, plus kings and queens (a won red queen pays)."""
    cost = float(card_strength(entry.card, trump))
    if entry.king:
        cost += 60
    if entry.queen:
        cost += 30
        if entry.queen == "r" and winning:
            cost -= 45
    return cost


def choose_play(view: Mapping[str, Any], legal: Sequence[str]) -> str:
    seat = int(view["seat"])
    variant = str(view["variant"])
    trump = view.get("trump")
    rules = TrickRules(trump=trump, flag_beats_rare=FLAG_BEATS_RARE[variant])
    trick = [Entry(int(e[0]), str(e[1]), bool(e[2]), str(e[3])) for e in view["trick"]]
    players = int(view["players"])
    still_to_play = players - len(trick) - 1 - len(view.get("waiting") or [])
    if "green" in legal:
        still_to_play = max(still_to_play, 0)
    allies = allies_of(view, seat)
    ally_winning = False
    if trick:
        current = trick[winning_index(trick, rules)[0]]
        ally_winning = current.seat in allies and current.seat != seat
    options: list[tuple[float, str, bool]] = []
    for action in legal:
        entry = parse_play(action, seat)
        if entry is None:
            continue
        after = [*trick, entry]
        wins = after[winning_index(after, rules)[0]].seat == seat
        options.append((play_cost(entry, trump, wins), action, wins))
    plain = [o for o in options if ":" not in o[1][5:]]
    if not trick:
        strong = [o for o in plain if o[0] >= 30 or (o[0] >= 9 and not is_white_court(o[1][5:]))]
        pick = max(strong) if strong else min(plain or options)
        return pick[1]
    if ally_winning:
        return min(plain or options)[1]
    winners = [o for o in options if o[2]]
    if winners:
        if still_to_play <= 0:
            return min(winners)[1]
        plain_winners = [o for o in winners if ":" not in o[1][5:]]
        if plain_winners:
            best = max(plain_winners)
            if best[0] >= 9:
                return best[1]
    return min(plain or options)[1]


def hand_strength(hand: Sequence[str]) -> tuple[int, str]:
    """A rough count of sure tricks, and the colour the hand would like as trump."""
    counts: dict[str, int] = {}
    for card in hand:
        colour = colour_of(card)
        if colour and colour != "w":
            counts[colour] = counts.get(colour, 0) + 1 + (value_of(card) >= 8)
    best = max(counts, key=lambda c: counts[c]) if counts else "k"
    rares = sum(is_rare(c) for c in hand)
    high = sum(value_of(c) >= 9 for c in hand if not is_white_court(c))
    return rares * 2 + high + counts.get(best, 0) // 2, best


def choose_setup(view: Mapping[str, Any], legal: Sequence[str], rng: random.Random) -> str:
    variant = str(view["variant"])
    hand = [str(c) for c in view.get("hand") or []]
    trump = view.get("trump")
    if "next" in legal:
        return "next"
    discards = [a for a in legal if a.startswith("discard:")]
    if discards:
        return min(discards, key=lambda a: (card_strength(a[8:], trump), a))
    bids = [a for a in legal if a.startswith("bid:")]
    if bids:
        return min(bids, key=lambda a: value_of(a[4:]))
    if legal[0] == "pass" or legal[0].startswith("king:"):
        strength, _ = hand_strength(hand)
        raises = [a for a in legal if a.startswith("king:")]
        return raises[0] if raises and strength >= 7 else "pass"
    if variant == "ombre" and any(a.startswith("set:") for a in legal):
        _, best = hand_strength(hand)
        if view.get("king_seat") == view.get("seat") and f"set:{best}" in legal:
            return f"set:{best}"
    preference = [
        "take:rare1",
        "take:rare2",
        "set:w",
        "set:k",
        "set:r",
        "set:b",
        "set:g",
        "take:flag1",
        "take:flag2",
    ]
    for wanted in preference:
        if wanted in legal:
            return wanted
    return legal[rng.randrange(len(legal))]


def heuristic_policy(view: ViewThunk, legal: Sequence[str], rng: random.Random) -> str:
    if len(legal) == 1:
        return legal[0]
    seen = view()
    if seen.get("phase") == "play":
        return choose_play(seen, legal)
    return choose_setup(seen, legal, rng)


def heuristic_for(variant: str) -> Policy:
    return heuristic_policy
