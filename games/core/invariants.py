"""Checks every game must pass after every action (used by `simulate`, the fuzz tests and the host).

- cards conserved (the multiset of card ids never changes);
- no card hidden from a seat appears in that seat's view, in an event it can see, or in its legal actions
  (those become button custom ids);
- someone is to act (with at least one legal action) unless the game is over; an over game has an outcome;
- the state round-trips through JSON, and apply() did not mutate its input.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from games.core.contract import JSON, Event, Game

_ESCAPE = re.compile(r"\\.")
_TOKEN = re.compile(r"[^,\s|;=:/()\[\]{}\"\\]+")


def leaked(hidden: set[str], value: JSON) -> set[str]:
    """Hidden card ids found in any string of `value` (keys too), whole or as a separator-delimited token.

    Card ids therefore never contain , ; : = / | brackets, quotes or spaces (an action like "play:r3"
    names r3). One C-speed json.dumps plus one regex scan: this runs for every seat after every action.
    """
    if not hidden:
        return set()
    return leaked_in_text(hidden, json.dumps(value, ensure_ascii=False, default=str))


def leaked_in_text(hidden: set[str], text: str) -> set[str]:
    """As `leaked`, over an already serialized JSON text."""
    return hidden.intersection(_TOKEN.findall(_ESCAPE.sub(" ", text)))


def tokens_of(text: str) -> set[str]:
    """Every separator-delimited token of a serialized JSON text (card ids are such tokens)."""
    return set(_TOKEN.findall(_ESCAPE.sub(" ", text)))


class Checker:
    """Holds the starting card multiset for one game and checks each transition."""

    def __init__(self, game: Game[Any], state: Any, players: int) -> None:
        self.game = game
        self.players = players
        self.cards = Counter(game.all_cards(state))
        self.seats: list[int | None] = [*range(players), None]
        self._last_text = ""

    def check_state(self, state: Any, events: Sequence[Event] = ()) -> list[str]:
        game = self.game
        problems: list[str] = []
        cards = Counter(game.all_cards(state))
        if cards != self.cards:
            lost = self.cards - cards
            extra = cards - self.cards
            problems.append(f"cards not conserved: lost {len(lost)} extra {len(extra)}")
        text = json.dumps(game.to_json(state), sort_keys=True)
        again = game.to_json(game.from_json(json.loads(text)))
        if json.dumps(again, sort_keys=True) != text:
            problems.append("state does not round-trip through JSON")
        self._last_text = text
        over = game.is_over(state)
        acting = game.to_act(state)
        if over:
            if acting:
                problems.append(f"game over but seats {sorted(acting)} still to act")
            if game.outcome(state) is None:
                problems.append("game over without an outcome")
        elif not acting:
            problems.append("nobody to act and the game is not over")
        # Each event is serialized and tokenized once, then intersected with every seat's hidden set.
        event_tokens = [(event, tokens_of(json.dumps(dict(event.data), ensure_ascii=False))) for event in events]
        for seat in self.seats:
            hidden = game.hidden_from(state, seat)
            view_text = json.dumps(game.view(state, seat), ensure_ascii=False)  # must be JSON-ready
            bad = leaked_in_text(hidden, view_text) if hidden else set()
            if bad:
                problems.append(f"view of seat {seat} shows hidden cards {sorted(bad)[:3]}")
            for event, found in event_tokens:
                if event.visible_to(seat):
                    bad = hidden & found
                    if bad:
                        problems.append(
                            f"event {event.kind} shows seat {seat} hidden cards {sorted(bad)[:3]}"
                        )
            if seat is not None and seat in acting:
                legal = game.legal_actions(state, seat)
                if not legal:
                    problems.append(f"seat {seat} is to act but has no legal action")
                for action in legal:
                    if len(action) > 64:
                        problems.append(f"action {action[:20]}… longer than 64 characters")
                bad = leaked(hidden, legal)
                if bad:
                    problems.append(f"legal actions of seat {seat} name hidden cards {sorted(bad)[:3]}")
        return problems

    def check_unchanged(self, state: Any) -> list[str]:
        """apply() must not mutate its input: the state checked last must serialize as it did then."""
        if json.dumps(self.game.to_json(state), sort_keys=True) != self._last_text:
            return ["apply() mutated its input state"]
        return []
