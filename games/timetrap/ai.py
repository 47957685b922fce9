"""The "heuristic" TIMETRAP policy: survive days 1-6, shed the Time Trap in time, open day 7 with few cards.

It sees only its seat's view (its hand, hand sizes, the board, the date cards, cards it saw move).

What decides the game. Measured against random seats (4 players), the player who starts day 7 (the last
to play a card on day 6) wins about 9 times in 10 when it opens with one or two cards, and everyone else
wins about once in 10-20: the start player plays first, so a last card goes at once, and it wins ties on
fewest cards. Plain rules of thumb could not aim at that well enough (0.31 at 4 players against the 0.25
chance share): whether a card ends the day depends on cards the others hold, on the yellow card of the day
and on the traps still to come. So from day 3 on the policy looks ahead (games/timetrap/ai_search.py):

- look-ahead (days 3-7, every turn with a real choice and every yellow-card answer with at most 12
  options): deal the cards it cannot see at random, consistently with the view (an opponent's unseen
  cards are mostly their own colour), try each option on the same deals, play on at random to the start
  of day 7 (to the end on day 7) and score the result by a measured table: start player or not, and
  how many more cards it holds than the shortest other hand (eliminated: 0; won: 1). The best average
  wins; ties go to the rules of thumb. Samples per decision grow with the day (8 on day 3, 16 on day 4,
  20-24 later, where playouts are shorter): about 1.2 ms a decision on average. This is what lifts 4
  players from 0.31 to about 0.39. Examples (tested): on day 6 stop the day with a card nobody can
  follow; do not play the 1 of a Y6 day 6 when the Time Trap it takes cannot be played again before
  day 7 (the rules of thumb alone would).
- the Time Trap play the look-ahead considers is the rules of thumb's one (below): the discard choice
  among time cards matters little and trying each would multiply the cost.

Rules of thumb (days 1-2, and the tie-break and trap discard of the look-ahead):
- play a Time Trap card whenever one is legal and at least two time cards are in hand (holding a trap as
  day 7 begins eliminates; discarding the last time card for it would empty the hand), discarding the
  time card farthest from 6 (an extreme card forces plays); a yellow card that makes it give or discard
  throws a Time Trap away first, and a gift goes to the player with the most cards;
- days 1-5: play the card closest to the last one (the day goes on, everyone keeps spending cards); stop
  the day (highest going up, lowest going down) when down to one time card per remaining day;
- day 6: stop the day, so as to be the last to play and open day 7 (an opener with one card wins);
- day 7: stop the day when it would win if the day ended now (fewest cards, tie-break included), else
  keep it going;
- a yellow draw targets the player with the fewest cards (taking a last card eliminates them), avoiding
  one known to hold a Time Trap.

Tried and dropped: searching days 1-2 (random playouts that far say little about day 7: no gain, three
to eight times the cost); playing this seat's own moves in playouts by the rules of thumb instead of at
random (no gain, slower); more samples than now (10/20/24 on days 3-5: within noise, 1.4 ms); trying
every Time Trap discard as its own option (within noise, slower); dealing each opponent the Time Trap
they were dealt while no trap of that id has shown up (no gain); scoring day 7 by hand size alone instead
of against the shortest other hand (about the same, kept the finer table); at 4 players,
keeping extreme cards instead of throwing them away, other spare thresholds, avoiding the Y6/Y1 numbers
on day 6 by rule (each within one point of the old rules).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from games.core.contract import ViewThunk
from games.timetrap import ai_search, cards

# Tuned against random opponents (3 players, 1500 games each): playing the card closest to the last one
# (keeping the day going) beat stopping the day at every spare level tried; stop only when down to the
# last card per remaining day.
SPARE: Final = -1
STOP_DAY: Final = 6  # the last to play on day 6 starts day 7 and plays first: stop the day there
SEARCH_FROM: Final = 3  # look-ahead from this day on (earlier, random playouts say too little about day 7)
SAMPLES: Final = (0, 0, 8, 16, 20, 20, 24)  # determinizations per decision, by day (later: shorter playouts)
SEARCH_PENDING: Final = True
MAX_PENDING_OPTIONS: Final = 12


def _value(card: str) -> int:
    return cards.number(card) if cards.is_time_card(card) else 99


def _least_useful(hand: Sequence[str]) -> str:
    """A Time Trap first, else the time card farthest from 6.

    An 11 (or a 1) is playable almost whenever the tile points its way, so holding it forces plays and
    drains the hand: throwing the extremes away beat throwing middle cards by 5-7 points of win rate
    against random seats (2 and 3 players)."""
    traps = [c for c in hand if cards.is_trap(c)]
    if traps:
        return traps[0]
    return max(hand, key=lambda c: (abs(_value(c) - 6), _value(c)))


def _spare(view: Mapping[str, Any]) -> int:
    """Cards beyond one per remaining day (days 1-6 need a card left at every turn's end)."""
    hand = view["hand"]
    time_cards = sum(1 for c in hand if cards.is_time_card(c))
    return time_cards - (7 - int(view["day"]))


def _wins_if_day_ends(view: Mapping[str, Any], left: int) -> bool:
    """Would holding `left` cards win if day 7 ended now? Ties go to the start player, else to the tied
    player first in turn order from the start player."""
    seat, players, start = int(view["seat"]), int(view["players"]), int(view["start"])
    counts = {s: n for s, n in enumerate(view["hand_sizes"]) if not view["eliminated"][s]}
    counts[seat] = left
    fewest = min(counts.values())
    order = [(start + k) % players for k in range(players)]
    return next(s for s in order if s in counts and counts[s] == fewest) == seat


def _choose_turn(view: Mapping[str, Any], legal: Sequence[str]) -> str:
    day = int(view["day"])
    hand = list(view["hand"])
    plays = [a for a in legal if a.startswith("play:")]
    traps = [a for a in legal if a.startswith("trap:")]
    if traps and day < 7:
        time_count = sum(1 for c in hand if cards.is_time_card(c))
        if time_count >= 2:
            worst = _least_useful([c for c in hand if cards.is_time_card(c)])
            return f"trap:{worst}"
    if not plays:
        return traps[0] if traps else legal[0]
    values = sorted(plays, key=lambda a: _value(a.split(":")[1]))
    up = view["tile"] == "up"
    stopper = values[-1] if up else values[0]
    mild = values[0] if up else values[-1]
    if day == 7:
        return stopper if _wins_if_day_ends(view, len(hand) - 1) else mild
    if day >= STOP_DAY and len(hand) >= 2:
        return stopper
    return mild if _spare(view) > SPARE else stopper


def heuristic_policy(view: ViewThunk, legal: Sequence[str], rng: random.Random) -> str:
    """From day SEARCH_FROM on, a turn with a real choice is decided by look-ahead (ai_search); the
    rules of thumb below decide everything else and pick the Time Trap discard the search considers."""
    if len(legal) == 1:
        return legal[0]
    seen = view()
    day = int(seen["day"])
    if day >= SEARCH_FROM:
        if seen.get("pending") is None:
            options = [a for a in legal if a.startswith("play:")]
            traps = [a for a in legal if a.startswith("trap:")]
            if traps:
                options.append(rule_policy(seen, traps, rng))
        else:
            options = list(legal) if SEARCH_PENDING and len(legal) <= MAX_PENDING_OPTIONS else []
        if len(options) > 1:
            samples = SAMPLES[min(day, len(SAMPLES)) - 1]
            return ai_search.choose(seen, options, rng, samples, rule_policy(seen, legal, rng))
    return rule_policy(seen, legal, rng)


def rule_policy(seen: Mapping[str, Any], legal: Sequence[str], rng: random.Random) -> str:
    """The rules of thumb alone (no look-ahead), on an already built view."""
    if len(legal) == 1:
        return legal[0]
    kind = legal[0].split(":")[0]
    sizes = seen["hand_sizes"]
    if kind == "draw":
        known = seen.get("known") or {}

        def risk(action: str) -> tuple[bool, int, float]:
            target = action.split(":")[1]
            holds_trap = any(cards.is_trap(c) for c in known.get(target, ()))
            return (holds_trap, sizes[int(target)], rng.random())

        return min(legal, key=risk)
    if kind == "give":
        hand = list(seen["hand"])
        card = _least_useful(hand)
        options = [a for a in legal if a.split(":")[1] == card] or list(legal)
        return max(options, key=lambda a: (sizes[int(a.split(":")[2])], rng.random()))
    if kind == "discard":
        return f"discard:{_least_useful(list(seen['hand']))}"
    return _choose_turn(seen, legal)
