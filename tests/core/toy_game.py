"""A deliberately tiny game (each seat holds cards; play one per turn; the last to play wins).

It exists to prove the invariant checker catches each kind of bug: subclasses below inject one bug each.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.contract import Event, Game, GameInfo, Outcome, VariantInfo
from games.core.errors import IllegalAction

INFO = GameInfo("toy", {"en": "Toy"}, (VariantInfo("standard", {"en": "Toy"}, 2, 4),))


class ToyGame(Game[dict[str, Any]]):
    info = INFO

    def setup(self, players: int, options: Mapping[str, str] | None = None, seed: int = 0,
              variant: str | None = None) -> dict[str, Any]:
        return {"hands": [[f"c{s}x{i}" for i in range(2)] for s in range(players)], "played": [], "turn": 0}

    def to_act(self, state: dict[str, Any]) -> frozenset[int]:
        return frozenset() if self.is_over(state) else frozenset({state["turn"]})

    def prompt(self, state: dict[str, Any], seat: int) -> None:
        return None

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[str]:
        return [f"play:{c}" for c in state["hands"][seat]] if seat in self.to_act(state) else []

    def apply(self, state: dict[str, Any], seat: int, action: str) -> tuple[dict[str, Any], list[Event]]:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("unknown_action")
        card = action.partition(":")[2]
        hands = [[c for c in h if c != card] for h in state["hands"]]
        new = {"hands": hands, "played": [*state["played"], card], "turn": (seat + 1) % len(hands)}
        return new, [Event("played", {"card": card})]

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {"players": len(state["hands"]), "played": state["played"],
                "hand": state["hands"][seat] if seat is not None else []}

    def is_over(self, state: dict[str, Any]) -> bool:
        return not any(state["hands"])

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        if not self.is_over(state):
            return None
        n = len(state["hands"])
        last = (state["turn"] - 1) % n
        return Outcome(tuple(1 if s == last else 2 for s in range(n)), tuple(0.0 for _ in range(n)))

    def to_json(self, state: dict[str, Any]) -> dict[str, Any]:
        return {"hands": [list(h) for h in state["hands"]], "played": list(state["played"]), "turn": state["turn"]}

    def from_json(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return {"hands": [list(h) for h in data["hands"]], "played": list(data["played"]), "turn": data["turn"]}

    def all_cards(self, state: dict[str, Any]) -> list[str]:
        return [c for h in state["hands"] for c in h] + list(state["played"])

    def hidden_from(self, state: dict[str, Any], seat: int | None) -> set[str]:
        return {c for s, h in enumerate(state["hands"]) if s != seat for c in h}
