"""The `dream-capture` Game object: the engine contract wired to this package's modules."""

from __future__ import annotations

from collections.abc import Mapping

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
from games.core.policy import random_policy
from games.dream_capture import card_texts, engine, search_hooks, text, view
from games.dream_capture.cards import SUIT_OF, card_name
from games.dream_capture.faces import FACES
from games.dream_capture.rules_text import rules_summary
from games.dream_capture.scoring import TEAMS
from games.dream_capture.state import DISCARDS_PER_SEAT, PHASE_DISCARD, PHASE_OVER, PHASE_PLAY, State

INFO = GameInfo(
    id="dream-capture",
    names={"en": "Capture of Dreams (Ex-Tarot)", "ja": "夢の捕獲（エクスタロット）"},
    variants=(VariantInfo("standard", {"en": "Standard", "ja": "標準"}, 6, 6),),
    options=(
        OptionInfo(
            name="deals",
            choices=("6", "5", "4", "3", "2", "1"),
            default="6",
            help={
                "en": "Number of deals (the rulebook plays 6).",
                "ja": "ディール数（ルールブックでは6）。",
            },
        ),
    ),
    teams=True,
)


@mypyc_attr(allow_interpreted_subclasses=True)  # any Python class may subclass it in the compiled build too
class DreamCapture(Game[State]):
    faces = FACES  # what its pictures print (faces.py)
    replay = ReplayMarks(  # a replay step: the discards (honours shown), each trick, a deal's score
        steps=frozenset({"dc_honours", "dc_trick", "dc_deal_scored"}),
        rounds=frozenset({"dc_deal_started"}),
        round_word="deal",
    )
    info = INFO
    search = search_hooks.SEARCH  # the strong AI's playouts, anchor, race, horizon and sampler's deal

    def setup(
        self,
        players: int,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
        variant: str | None = None,
    ) -> State:
        self.info.variant(variant)
        return engine.setup(players, options, seed)

    def setup_events(self, state: State) -> list[Event]:
        """RULINGS "All games": the first dealer is drawn by the seeded RNG and announced publicly."""
        return [Event("dc_first_dealer", {"dealer": state.first_dealer, "leader": state.leader})]

    # Methods that hand over to the engine (a compiled class's methods cannot be bound functions; the
    # compiled build, tools/build, makes the extra call free).
    def to_act(self, state: State) -> frozenset[int]:
        return engine.to_act(state)

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in engine.to_act(state):
            return None
        if state.phase == PHASE_DISCARD:
            return Prompt("discard", {"remaining": DISCARDS_PER_SEAT - len(state.discards[seat])})
        if state.phase == PHASE_PLAY:
            trick = state.tricks_done + 1
            if not state.trick:
                return Prompt("lead", {"trick": trick})
            return Prompt("follow", {"trick": trick, "suit": SUIT_OF[state.trick[0][1]]})
        return Prompt("deal", {"deal": state.deal + 1})

    def legal_actions(self, state: State, seat: int) -> list[str]:
        return engine.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: str) -> tuple[State, list[Event]]:
        return engine.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, JSON]:
        return view.view(state, seat)

    def is_over(self, state: State) -> bool:
        return state.phase == PHASE_OVER

    def outcome(self, state: State) -> Outcome | None:
        """Team totals; every member gets the team's place; equal totals are a draw (RULINGS.md)."""
        if state.phase != PHASE_OVER:
            return None
        a, b = state.totals
        places = (1, 1) if a == b else ((1, 2) if a > b else (2, 1))
        return Outcome(
            placements=tuple(places[s % 2] for s in range(6)),
            scores=tuple(float(state.totals[s % 2]) for s in range(6)),
            teams=TEAMS,
            details={
                "team_totals": [a, b],
                "deals": [[x.to_json(), y.to_json()] for x, y in state.history],
            },
        )

    def to_json(self, state: State) -> dict[str, JSON]:
        return state.to_json()

    def from_json(self, data: Mapping[str, JSON]) -> State:
        return State.from_json(data)

    def all_cards(self, state: State) -> list[str]:
        cards: list[str] = []
        for pile in (*state.hands, *state.discards, *state.won):
            cards.extend(pile)
        cards.extend(card for _, card in state.trick)
        return cards

    def hidden_from(self, state: State, seat: int | None) -> set[str]:
        return view.hidden_from(state, seat)

    def num_players(self, state: State) -> int:
        return 6

    def policies(self) -> dict[str, Policy]:
        from games.dream_capture.ai import heuristic_policy

        return {"random": random_policy, "heuristic": heuristic_policy}

    texts = GameText(
        card=card_name,
        action=lambda action, view, lang, *, names=None: text.render_action(action, lang, names=names),
        event=text.render_event,
        view=text.render_view,
        prompt=text.render_prompt,
        rules=rules_summary,
        effect=card_texts.card_effect,
        describe=card_texts.describe_action,
        catalog=card_texts.catalog,
    )


GAME = DreamCapture()
