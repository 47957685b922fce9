"""The search's model of the TIMETRAP heuristic seats it plays against, in its playouts (3 and 4 players).

The search plays its playouts by the heuristic's rules of thumb (search_hooks.RulesPlayout), which the
heuristic itself follows on days 1-2 and 7. On days 3-6 the heuristic decides by a short look-ahead
(ai_search.choose: 8-24 random playouts a decision), whose few samples spread its choice over its
options: in heuristic-only games its turn move on days 3-6 is the rules of thumb's in only about half to
two thirds of the decisions. Rules of thumb that always keep the day going then tell the search that its
opponents never stop a day early, which they often do.

So an opponent's turn on days 3-6 is played as the heuristic was measured to play it. Its options fall
into four kinds, by where the card lies in the order the day runs (`kind_of`): the mildest card (the one
that keeps the day going longest: the lowest going up), the stopper (the highest going up), the cards in
between, and the rules' Time Trap discard (the look-ahead only ever considers that one). For each
situation (`situation`: the day, how many cards it may play, whether a Time Trap is playable, and which
kind the rules of thumb pick) the table gives the measured share of each kind (SHARES in
playout_table.py, written by `python tools/strength/timetrap_model.py --write` from heuristic-only
games); a card in between is then drawn uniformly. A situation measured fewer than MIN_DECISIONS times
keeps the rules of thumb.

Only the opponents: the searching seat's own later moves stay on the rules of thumb (Playout.own). It
values its options by what it will do itself; what the seats against it do is what it cannot choose.

The table plays at 3 players, where it was measured to pay (docs/ai.md, paired screens of 1,000 games an
arm on the same seeds, compiled build at 2,000 playouts): it won 0.518 against the rules of thumb's 0.457
(+0.061 +- 0.036). At 4 players the same table, fitted the same way, won 0.340 against 0.361 (-0.021 +-
0.038): there the heuristic's choices hang on more than the table sees, and a finer model plays instead
(choice_model.py, a conditional logit over the options; +0.048 +- 0.038 against the rules of thumb on the
same seeds). 2 players keep the rules of thumb: the search there wins 0.77 and was tuned on them.

Two cards of the same number (possible once a card has passed between hands) keep the order they are
listed in, so the rules' card may count as a middle one: the table measured it the same way.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final, TypeAlias

from games.core.contract import ViewThunk
from games.timetrap import choice_model
from games.timetrap.ai import rule_policy
from games.timetrap.cards import NUMBER_OF
from games.timetrap.choice_model import FIRST_DAY, LAST_DAY_MODELLED
from games.timetrap.choice_weights import WEIGHTS
from games.timetrap.playout_table import SHARES

MAX_PLAYS: Final = 4  # four or more playable cards are one situation
MIN_DECISIONS: Final = 20  # a situation measured fewer times keeps the rules of thumb

MILD: Final = 0
MIDDLE: Final = 1
STOPPER: Final = 2
TRAP: Final = 3
KIND_NAMES: Final = ("mild", "middle", "stopper", "trap")

Situation: TypeAlias = tuple[int, int, bool, int]
"""(day, playable cards up to MAX_PLAYS, a Time Trap playable, the kind the rules of thumb pick)."""


def plays_by_mildness(legal: Sequence[str], tile_up: bool) -> list[str]:
    """The `play:` actions, mildest first (lowest first going up, highest first going down)."""
    plays = [a for a in legal if a.startswith("play:")]
    plays.sort(key=lambda a: NUMBER_OF[a[5:]], reverse=not tile_up)
    return plays


def kind_of(action: str, plays: Sequence[str]) -> int:
    """The kind of `action` among the `plays` ordered mildest first."""
    if not action.startswith("play:"):
        return TRAP
    index = plays.index(action)
    if index == 0:
        return MILD
    return STOPPER if index == len(plays) - 1 else MIDDLE


def situation(day: int, plays: Sequence[str], trap_playable: bool, rule_choice: str) -> Situation:
    """The key of the measured table for a turn with these options."""
    return (day, min(len(plays), MAX_PLAYS), trap_playable, kind_of(rule_choice, plays))


def modelled_turn(seen: Mapping[str, Any], legal: Sequence[str]) -> bool:
    """Whether this decision is one the model covers: a turn (nothing pending) with a real choice on days
    3-6 (the heuristic's look-ahead)."""
    return len(legal) > 1 and seen["pending"] is None and FIRST_DAY <= int(seen["day"]) <= LAST_DAY_MODELLED


class OpponentModel:
    """A playout policy for the seats against the searching one (module doc). It reads the rules of
    thumb's short view (search_hooks.RulesPlayout.playout_view)."""

    def __call__(self, view: ViewThunk, legal: Sequence[str], rng: random.Random) -> str:
        seen = view()
        choice = rule_policy(seen, legal, rng)
        weights = WEIGHTS.get(int(seen["players"]))
        if weights is not None:
            return self._by_logit(weights, seen, legal, choice, rng)
        table = SHARES.get(int(seen["players"]))
        if table is None or not modelled_turn(seen, legal):
            return choice
        plays = plays_by_mildness(legal, seen["tile"] == "up")
        traps = [a for a in legal if a.startswith("trap:")]
        key = situation(int(seen["day"]), plays, bool(traps), choice)
        shares = table.get(key)
        if shares is None:
            return choice
        draw = rng.random()
        kind = len(shares) - 1
        for k, share in enumerate(shares):
            if draw < share:
                kind = k
                break
            draw -= share
        if kind == TRAP:
            if choice.startswith("trap:") or not traps:
                return choice
            return rule_policy(seen, traps, rng)  # the rules' Time Trap discard, the one the look-ahead tries
        if not plays:
            return choice
        if kind == MILD:
            return plays[0]
        if kind == STOPPER:
            return plays[-1]
        middle = plays[1:-1]
        return middle[int(rng.random() * len(middle))] if middle else choice

    @staticmethod
    def _by_logit(
        weights: Sequence[float],
        seen: Mapping[str, Any],
        legal: Sequence[str],
        choice: str,
        rng: random.Random,
    ) -> str:
        """The finer model (choice_model.py) where it was fitted: a draw among the options the heuristic's
        look-ahead compares."""
        if not modelled_turn(seen, legal):
            return choice
        traps = [a for a in legal if a.startswith("trap:")]
        options = choice_model.options_of(legal, rule_policy(seen, traps, rng) if traps else None)
        if len(options) < 2:
            return choice
        return choice_model.choose(weights, seen, options, choice, rng)


OPPONENT_MODEL: Final = OpponentModel()
