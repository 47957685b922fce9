"""The contract adapter: one Game object per variant, delegating rules to its Variant."""

from __future__ import annotations

from collections.abc import Mapping

from games.core.contract import JSON, Event, Game, GameInfo, Outcome, Policy, Prompt, VariantInfo, mypyc_attr
from games.core.errors import InvalidOptions
from games.core.names import Names
from games.kings.variants import text
from games.kings.variants.base import Variant
from games.kings.variants.components import sort_cards
from games.kings.variants.state import VState


@mypyc_attr(allow_interpreted_subclasses=True)  # any Python class may subclass it in the compiled build too
class VariantGame(Game[VState]):
    """A full games.core Game for one KINGs variant (the `kings` facade delegates here)."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.info = GameInfo(
            id="kings",
            names={"en": "KINGs TRICKTAKERs", "ja": "KINGs TRICKTAKERs"},
            variants=(
                VariantInfo(variant.id, text.VARIANT_NAMES[variant.id], variant.players, variant.players),
            ),
            teams=variant.id != "ombre",
        )

    # --- lifecycle ----------------------------------------------------------------------------------
    def setup(
        self,
        players: int,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
        variant: str | None = None,
    ) -> VState:
        if variant not in (None, self.variant.id):
            raise InvalidOptions("unknown_variant", variant=variant, choices=self.variant.id)
        self.info.check_players(self.variant.id, players)
        for name in options or {}:
            raise InvalidOptions("kv_no_options", name=name, variant=self.variant.id)
        return self.variant.setup(players, seed)

    def setup_events(self, state: VState) -> list[Event]:
        return self.variant.setup_events(state)

    def to_act(self, state: VState) -> frozenset[int]:
        return self.variant.to_act(state)

    def prompt(self, state: VState, seat: int) -> Prompt | None:
        if seat not in self.to_act(state):
            return None
        kind = "play" if state.phase == "play" else state.phase
        params: dict[str, JSON] = {"round": state.round, "variant": self.variant.id}
        if state.phase == "exchange":
            params["count"] = state.pending[seat]
        return Prompt(kind, params)

    def legal_actions(self, state: VState, seat: int) -> list[str]:
        return self.variant.legal_actions(state, seat)

    def apply(self, state: VState, seat: int, action: str) -> tuple[VState, list[Event]]:
        return self.variant.apply(state, seat, action)

    def view(self, state: VState, seat: int | None) -> dict[str, JSON]:
        v = self.variant
        out: dict[str, JSON] = {
            "game": "kings",
            "variant": v.id,
            "players": state.players,
            "seat": seat,
            "round": state.round,
            "phase": state.phase,
            "hand": list(sort_cards(state.hands[seat])) if seat is not None else [],
            "hand_sizes": [len(h) for h in state.hands],
            "known": {
                str(i): [c for c in h if c in state.public] for i, h in enumerate(state.hands) if i != seat
            },
            "discards": list(state.discards[seat]) if seat is not None and state.discards else [],
            "sets": list(state.sets),
            "kings_used": list(state.king_used),
            "kings_usable": [bool(state.sets[i]) and state.king_ok[i] for i in range(state.players)],
            "queens_left": list(state.queen_left),
            "trump": v.trump(state) if state.phase in ("play", "exchange", "over") else None,
            "trick": [e.to_json() for e in state.trick],
            "waiting": list(state.waiting),
            "leader": state.leader,
            "last_trick": [e.to_json() for e in state.last_trick],
            "tricks": list(state.tricks),
            "red_queen_wins": list(state.bonus),
            "scores": list(state.scores),
            "round_totals": [list(row) for row in state.get("round_totals", [])],  # public, one row a round
            "pool": list(state.pool),
            "box": list(state.box),
            "pending": list(state.pending),
            "to_act": sorted(self.to_act(state)),
        }
        teams = v.teams(state)
        if teams is not None:
            out["teams"] = teams
        out.update(v.view_extra(state, seat))
        return out

    def is_over(self, state: VState) -> bool:
        return state.phase == "over"

    def outcome(self, state: VState) -> Outcome | None:
        if state.phase != "over":
            return None
        return self.variant.outcome(state)

    def to_json(self, state: VState) -> dict[str, JSON]:
        return state.to_json()

    def from_json(self, data: Mapping[str, JSON]) -> VState:
        return VState.from_json(data)

    def all_cards(self, state: VState) -> list[str]:
        return self.variant.all_cards(state)

    def hidden_from(self, state: VState, seat: int | None) -> set[str]:
        return self.variant.hidden_from(state, seat)

    def num_players(self, state: VState) -> int:
        return state.players

    # --- AI ---------------------------------------------------------------------------------------------
    def policies(self) -> dict[str, Policy]:
        from games.core.policy import random_policy
        from games.kings.variants.policies import heuristic_for

        return {"random": random_policy, "heuristic": heuristic_for(self.variant.id)}

    # --- text -------------------------------------------------------------------------------------------
    def render_card(self, card: str, lang: str = "en") -> str:
        return text.card_name(card, lang)

    def render_action(
        self, action: str, view: Mapping[str, JSON], lang: str = "en", *, names: Names = None
    ) -> str:
        return text.action_label(action, view, lang, names=names)

    def render_event(self, event: Event, lang: str = "en", *, names: Names = None) -> str:
        return text.event_text(event, lang, names=names)

    def render_view(self, view: Mapping[str, JSON], lang: str = "en", *, names: Names = None) -> str:
        return text.view_text(view, lang, names=names)

    def render_prompt(self, prompt: Prompt, lang: str = "en", *, names: Names = None) -> str:
        return text.prompt_text(self.variant.id, prompt, lang, names=names)

    def rules_page(self, lang: str = "en") -> str:
        return text.rules_page(self.variant.id, lang)
