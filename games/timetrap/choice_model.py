"""A finer model of how TIMETRAP's heuristic seats choose a turn's card on days 3-6 (4 players).

The search's playouts play the seats against it (playout_model.py). At 3 players a table of measured
shares per situation (the day, how many cards are playable, whether a Time Trap is, which kind of card the
rules of thumb pick) modelled them well enough to pay; at 4 players the same table did not. What the table
cannot see is what the heuristic's look-ahead reacts to: whether a card actually ends the day (nobody else
holds a card that follows it), whether the day ends on the daily limit, how many cards the seat holds
against the shortest other hand as day 7 nears, whether the card is the day's yellow number, whether it
empties the hand.

So here each option is described by a few features (`option_features`) and the heuristic's choice is a
conditional logit over its options: P(option) is proportional to exp(w . features). The weights are fitted
by maximum likelihood on heuristic-only games (tools/strength/timetrap_choice_model.py, which also reports
how much better than the table it predicts held-out games) and written to choice_weights.py.

The options are the ones the heuristic's look-ahead compares (ai.heuristic_policy): every playable time
card, and the one Time Trap discard the rules of thumb pick.

Measured (docs/ai.md): the heuristic's choices at 4 players are close to a coin toss among its options
(its look-ahead draws only 8-24 deals), and the logit predicts them a little better than the table does
(held-out log-likelihood per decision -0.928 against -0.950, every option alike -1.006). In a paired
screen (1,000 games, compiled, 2,000 playouts, the same seeds) the search with it won 0.382 against 0.334
for the rules of thumb: +0.048 +- 0.038. It costs: a playout's opponent turn reads more, and a decision
takes about 1.34 times the CPU at the same playouts.

The features read the position the playout is in: in the search that is a sampled deal, so "nobody can
follow" is judged on the hands the deal gave the others (the heuristic judges it on its own samples). The
view they read is built by `choice_view`, which adds what the rules of thumb's short view lacks.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final, TypeAlias

from games.timetrap import cards, quick
from games.timetrap.rules import MAX_TRAPS_PER_DAY
from games.timetrap.state import LAST_DAY, State

FIRST_DAY: Final = 3  # the heuristic looks ahead from day 3 (ai.SEARCH_FROM) to day 6, then plays day 7
LAST_DAY_MODELLED: Final = 6  # by its rules of thumb (playout_model.py reads both from here)
LEAD_CLAMP: Final = 3
SPARE_LOW: Final = -2
SPARE_HIGH: Final = 3

FEATURE_NAMES: Final = (
    *(
        f"{kind}@{day}"
        for day in range(FIRST_DAY, LAST_DAY_MODELLED + 1)
        for kind in ("middle", "stopper", "trap")
    ),
    *(f"rules@{day}" for day in range(FIRST_DAY, LAST_DAY_MODELLED + 1)),
    *(f"ends@{day}" for day in range(FIRST_DAY, LAST_DAY_MODELLED + 1)),
    "ends@6 x lead",
    "stopper x spare",
    "yellow number",
    "empties hand",
)
"""What each weight multiplies (module doc): the kind of card by day (the mildest card is the base), the
rules of thumb's own choice by day, a card nobody else can follow by day, on day 6 such a card times the
seat's cards after it minus the shortest other hand (clamped to +-3), the stopper times the cards beyond
one per remaining day (clamped to -2..3, days 3-5), the day's yellow number, a card that empties the hand."""

_KINDS: Final = 3
_RULES: Final = _KINDS * 4
_ENDS: Final = _RULES + 4
_LEAD: Final = _ENDS + 4
_SPARE: Final = _LEAD + 1
_YELLOW: Final = _SPARE + 1
_EMPTIES: Final = _YELLOW + 1

Features: TypeAlias = tuple[tuple[int, float], ...]
"""The non-zero features of one option: (index into FEATURE_NAMES, value)."""


def modelled(state: State) -> bool:
    """A turn the model may be asked about (days 3-6, nothing pending)."""
    return state.pending is None and FIRST_DAY <= state.day <= LAST_DAY_MODELLED


def choice_view(state: State, seat: int, view: dict[str, Any]) -> dict[str, Any]:
    """`view` (the rules of thumb's short view of `state` for `seat`) with what the features read: the
    day's count and limit, the highest and lowest time card and whether a Time Trap is held in the other
    active hands, the traps played today, the day's yellow number."""
    high, low, trap = -1, 99, False
    number_of = cards.NUMBER_OF
    for other, hand in enumerate(state.hands):
        if other == seat or state.out[other]:
            continue
        for card in hand:
            value = number_of.get(card)
            if value is None:
                trap = True
            else:
                high = max(high, value)
                low = min(low, value)
    day = state.day
    date = state.dates[day - 1] if day <= len(state.dates) else None
    yellow = quick.YELLOW.get(date) if date is not None else None
    view["played_today"] = state.played_today
    view["limit"] = state.limit
    view["others_high"] = high
    view["others_low"] = low
    view["others_trap"] = trap
    view["traps_today"] = state.traps_today
    view["yellow"] = None if yellow is None else yellow.number
    return view


def options_of(legal: Sequence[str], rule_trap: str | None) -> list[str]:
    """The options the heuristic's look-ahead compares: the playable time cards in the order listed, then
    the rules' Time Trap discard when a trap is playable."""
    options = [a for a in legal if a.startswith("play:")]
    if rule_trap is not None:
        options.append(rule_trap)
    return options


def option_features(seen: Mapping[str, Any], options: Sequence[str], rule_choice: str) -> list[Features]:
    """The features of each option (FEATURE_NAMES), on a `choice_view`."""
    day = int(seen["day"])
    slot = day - FIRST_DAY
    up = seen["tile"] == "up"
    number_of = cards.NUMBER_OF
    plays = sorted(
        (a for a in options if a.startswith("play:")), key=lambda a: number_of[a[5:]], reverse=not up
    )
    mild = plays[0] if plays else None
    stopper = plays[-1] if len(plays) > 1 else None
    seat = int(seen["seat"])
    hand = seen["hand"]
    sizes = seen["hand_sizes"]
    gone = seen["eliminated"]
    shortest = min((n for s, n in enumerate(sizes) if s != seat and not gone[s]), default=0)
    time_cards = sum(1 for c in hand if c in number_of)
    spare = max(SPARE_LOW, min(SPARE_HIGH, time_cards - (LAST_DAY - day)))
    by_limit = int(seen["played_today"]) + 1 >= int(seen["limit"])
    followers_trap = bool(seen["others_trap"]) and int(seen["traps_today"]) < MAX_TRAPS_PER_DAY
    yellow = seen["yellow"]
    out: list[Features] = []
    for option in options:
        row: list[tuple[int, float]] = []
        is_play = option.startswith("play:")
        left = len(hand) - (1 if is_play else 2)
        if not is_play:
            row.append((slot * _KINDS + 2, 1.0))
        elif option == stopper:
            row.append((slot * _KINDS + 1, 1.0))
        elif option != mild:
            row.append((slot * _KINDS, 1.0))
        if option == rule_choice:
            row.append((_RULES + slot, 1.0))
        ends = by_limit
        if is_play:
            value = number_of[option[5:]]
            nobody_follows = (value >= seen["others_high"]) if up else (value <= seen["others_low"])
            ends = ends or (nobody_follows and not followers_trap)
            if yellow == value:
                row.append((_YELLOW, 1.0))
        if ends:
            row.append((_ENDS + slot, 1.0))
            if day == LAST_DAY - 1:
                lead = max(-LEAD_CLAMP, min(LEAD_CLAMP, left - shortest))
                if lead:
                    row.append((_LEAD, float(lead)))
        if option == stopper and day < LAST_DAY - 1 and spare:
            row.append((_SPARE, float(spare)))
        if left <= 0:
            row.append((_EMPTIES, 1.0))
        out.append(tuple(row))
    return out


def probabilities(weights: Sequence[float], features: Sequence[Features]) -> list[float]:
    """The logit's chance of each option."""
    scores = [sum(weights[i] * v for i, v in row) for row in features]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def choose(
    weights: Sequence[float],
    seen: Mapping[str, Any],
    options: Sequence[str],
    rule_choice: str,
    rng: random.Random,
) -> str:
    """An option drawn with the logit's chances (one random number)."""
    chances = probabilities(weights, option_features(seen, options, rule_choice))
    draw = rng.random()
    for option, chance in zip(options, chances, strict=True):
        if draw < chance:
            return option
        draw -= chance
    return options[-1]
