"""The `trickster` Game object: the engine contract over rules.py, view.py, scoring.py and text.py."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.contract import (
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
    new_outcome,
)
from games.core.search_hooks import SearchHooks
from games.trickster import card_texts, rules, text, view
from games.trickster.cards import ACTIONS_BY_KIND, HEROES
from games.trickster.faces import FACES
from games.trickster.hero import CHOOSE_HERO, CHOOSE_TARGET, HOUSE, PLAY
from games.trickster.options import DECKS
from games.trickster.scoring import final_scores
from games.trickster.state import EFFECT, HOUSE_PICK, OVER, PLAYING, State, from_json, to_json

INFO = GameInfo(
    id="trickster",
    names={"en": "Trickster", "ja": "トリックスター"},
    variants=(VariantInfo("standard", {"en": "Standard", "ja": "標準"}, 2, 7),),
    options=(
        OptionInfo(
            "deck",
            DECKS,
            "fantasy",
            {
                "en": "Which 49-card set, or a mix of the 21 heroes",
                "ja": "使う49枚のセット、または21英雄のミックス",
            },
        ),
        OptionInfo(
            "heroes",
            tuple(h.slug for h in HEROES),
            None,
            {
                "en": "Comma-separated heroes for basic-mix (7) or epic-mix (random when omitted)",
                "ja": "basic-mix（7種）/ epic-mix の英雄をカンマ区切りで（省略時はランダム）",
            },
        ),
    ),
)


@mypyc_attr(allow_interpreted_subclasses=True)  # any Python class may subclass it in the compiled build too
class Trickster(Game[State]):
    """Trickster with the 49-card sets Fantasy, Tianxia, Symbiosis and their mixes."""

    faces = FACES  # what its pictures print (faces.py)
    replay = ReplayMarks(  # a replay step: the Houses chosen, each exchange, each trick (bust and collect)
        steps=frozenset({"houses", "exchange", "collect"}), rounds=frozenset({"refill"}), round_word="deal"
    )
    info = INFO
    search = SearchHooks(playout="random", playouts=250)  # the strong AI's playouts (docs/ai.md)

    def setup(
        self,
        players: int,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
        variant: str | None = None,
    ) -> State:
        self.info.check_players(variant, players)
        return rules.setup(players, options, seed)

    def setup_events(self, state: State) -> list[Event]:
        """RULINGS "All games": the first Leader ("the oldest player") is drawn and announced publicly."""
        trick = state.trick
        return [Event("first_leader", {"leader": trick.leader, "trickster": trick.trickster})]

    # Methods that hand over to the engine (a compiled class's methods cannot be bound functions; the
    # compiled build, tools/build, makes the extra call free).
    def to_act(self, state: State) -> frozenset[int]:
        return rules.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[str]:
        return rules.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: str) -> tuple[State, list[Event]]:
        return rules.apply(state, seat, action)

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in rules.to_act(state):
            return None
        phase = state.phase
        if phase == PLAYING:
            pattern = state.trick.pattern
            return Prompt(PLAY, {"pattern": pattern.name.lower() if pattern else None})
        if phase == HOUSE_PICK:
            return Prompt(HOUSE, {})
        if phase == EFFECT:
            p = state.pending
            assert p is not None
            i = p.choosers.index(seat)
            options: list[Any]
            if p.kind == CHOOSE_TARGET:
                options = list(p.options[i])
            elif p.kind == CHOOSE_HERO:
                options = [HEROES[t].slug for t in p.options[i]]
            else:
                options = [ACTIONS_BY_KIND[p.kind][t].partition(":")[2] for t in p.options[i]]
            return Prompt(
                p.kind,
                {"note": p.note, "hero": HEROES[p.hero].slug, "actor": p.actor, "options": options},
            )
        return None

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def is_over(self, state: State) -> bool:
        return rules.is_over(state)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        places, scores, details = final_scores(state.houses, state.sideways)  # one pass (scoring.py)
        return new_outcome(places, scores, details)  # without the dataclass's keyword call (once a game)

    def to_json(self, state: State) -> dict[str, Any]:
        return to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> State:
        return from_json(data)

    def all_cards(self, state: State) -> list[str]:
        return view.all_cards(state)

    def hidden_from(self, state: State, seat: int | None) -> set[str]:
        return view.hidden_from(state, seat)

    def num_players(self, state: State) -> int:
        return state.players

    def policies(self) -> dict[str, Policy]:
        from games.trickster.ai import POLICIES

        return dict(POLICIES)

    texts = GameText(
        card=text.card_name,
        action=text.action_label,
        event=text.event_text,
        view=text.view_text,
        prompt=text.prompt_text,
        rules=text.rules_summary,
        effect=card_texts.card_effect,
        describe=card_texts.describe_action,
        catalog=card_texts.catalog,
    )


GAME = Trickster()
if hasattr(GAME, "__dict__"):  # the source build: one Python call fewer per engine call (a compiled,
    # native class has no instance dict, and its delegating methods above cost nothing)
    vars(GAME).update(to_act=rules.to_act, legal_actions=rules.legal_actions, apply=rules.apply)
