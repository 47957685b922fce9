"""The TIMETRAP Game object: wires setup, rules, view, text and AI into the engine contract."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from games.core.contract import (
    JSON,
    Event,
    Game,
    GameInfo,
    GameText,
    OptionInfo,
    Outcome,
    Policy,
    Prompt,
    ReplayMarks,
    VariantInfo,
    mypyc_attr,
)
from games.timetrap import card_texts, dates, rules, search_hooks, text
from games.timetrap.faces import FACES
from games.timetrap.outcome import outcome
from games.timetrap.rules_text import rules_page
from games.timetrap.setup import setup
from games.timetrap.state import LIMITS, State
from games.timetrap.view import hidden_from, view

INFO: Final = GameInfo(
    id="timetrap",
    names={"en": "TIMETRAP", "ja": "タイムトラップ"},
    variants=(VariantInfo("standard", {"en": "Standard", "ja": "スタンダード"}, 2, 4),),
    options=(
        OptionInfo(
            "date_set",
            choices=tuple(dates.DATE_SETS),
            default=dates.DEFAULT_SET,
            help={"en": "Which date-condition cards to use.", "ja": "使用する日付条件カードのセット。"},
        ),
        OptionInfo(
            "dates",
            default="",
            help={
                "en": "Fix the date cards for days 1-6, e.g. B1,Y2,B3,Y4,B5,Y6 (empty: random).",
                "ja": "1～6日目の日付条件カードを固定（例：B1,Y2,B3,Y4,B5,Y6。空欄はランダム）。",
            },
        ),
    ),
)


@mypyc_attr(allow_interpreted_subclasses=True)  # any Python class may subclass it in the compiled build too
class TimeTrap(Game[State]):
    faces = FACES  # what its pictures print (faces.py)
    replay = ReplayMarks(steps=frozenset({"day_end"}), rounds=frozenset({"day_start"}), round_word="day")
    """A replay step per day (a TIMETRAP day is its trick)."""
    info = INFO
    search = search_hooks.SEARCH  # the strong AI's playouts, anchor, horizon and sampler hints

    def setup(
        self,
        players: int,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
        variant: str | None = None,
    ) -> State:
        self.info.check_players(variant, players)
        return setup(players, options or {}, seed)

    def setup_events(self, state: State) -> list[Event]:
        """RULINGS "All games": the first start player ("decide by any method") is a seeded draw,
        announced publicly, together with the (face-up, public) date cards of days 1-6."""
        return [Event("setup_drawn", {"start": state.start, "dates": list(state.dates)})]

    # Methods that hand over to the engine (a compiled class's methods cannot be bound functions; the
    # compiled build, tools/build, makes the extra call free).
    def to_act(self, state: State) -> frozenset[int]:
        return rules.to_act(state)

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in rules.to_act(state):
            return None
        pending = state.pending
        kind = "turn" if pending is None else pending.kind
        params: dict[str, JSON] = {"day": state.day, "date": rules.date_card(state)}
        if pending is not None:
            params["actor"] = pending.actor
        return Prompt(kind, params)

    def legal_actions(self, state: State, seat: int) -> list[str]:
        return rules.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: str) -> tuple[State, list[Event]]:
        return rules.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, JSON]:
        return view(state, seat)

    def is_over(self, state: State) -> bool:
        return state.over

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def to_json(self, state: State) -> dict[str, JSON]:
        return state.to_json()

    def from_json(self, data: Mapping[str, JSON]) -> State:
        return State.from_json(data)

    def all_cards(self, state: State) -> list[str]:
        board = [c for row in state.board for c, _ in row]
        return [*(c for h in state.hands for c in h), *state.discard, *board]

    def hidden_from(self, state: State, seat: int | None) -> set[str]:
        return hidden_from(state, seat)

    def num_players(self, state: State) -> int:
        return state.players

    def policies(self) -> dict[str, Policy]:
        from games.core.policy import random_policy
        from games.timetrap.ai import heuristic_policy

        return {"random": random_policy, "heuristic": heuristic_policy}

    texts = GameText(
        card=text.render_card,
        action=text.render_action,
        event=text.render_event,
        view=text.render_view,
        prompt=text.render_prompt,
        rules=rules_page,
        effect=card_texts.card_effect,
        describe=card_texts.describe_action,
        catalog=card_texts.catalog,
    )


_PLAIN_VARIANTS: Final = frozenset({None, "", "standard"})  # what INFO.check_players reads as the standard
_PLAYER_COUNTS: Final = frozenset(LIMITS)  # the standard variant's 2-4 players


def _checked_setup(
    players: int, options: Mapping[str, str] | None = None, seed: int = 0, variant: str | None = None
) -> State:
    """TimeTrap.setup, its checks asked of INFO only off the standard variant and its player counts: a
    simulated two-player game is short, and the method's own lookups were a percent of its instructions."""
    if variant not in _PLAIN_VARIANTS or players not in _PLAYER_COUNTS:
        INFO.check_players(variant, players)
    return setup(players, options or {}, seed)


TIMETRAP: Final = TimeTrap()
if hasattr(TIMETRAP, "__dict__"):  # the source build: one Python call fewer per engine call (a compiled,
    # native class has no instance dict, and its delegating methods above cost nothing); to_act and
    # legal_actions read the note of the State a quick step just built (rules.noted_to_act), which the
    # compiled build never writes
    vars(TIMETRAP).update(
        to_act=rules.noted_to_act,
        legal_actions=rules.noted_legal_actions,
        apply=rules.noted_apply,
        setup=_checked_setup,
        outcome=outcome,
    )
