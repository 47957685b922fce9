"""A tiny game for host tests (not registered in games/): a leader plays a card openly, then every other
seat picks a card secretly and at the same time; the highest card takes the round. It has what the host
must handle: one seat to act, several seats at once (simultaneous secrets), hidden hands, private events.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.core.contract import (
    Event,
    Game,
    GameInfo,
    OptionInfo,
    Outcome,
    Prompt,
    VariantInfo,
    placements_from_scores,
)
from games.core.errors import IllegalAction, InvalidOptions
from games.core.rng import Rng, seed_state


@dataclass(frozen=True)
class TinyState:
    players: int
    hands: tuple[tuple[str, ...], ...]
    leader: int
    led: str | None
    picks: tuple[str | None, ...]
    points: tuple[int, ...]
    discard: tuple[str, ...]
    rng: int


class TinyGame(Game[TinyState]):
    info = GameInfo(
        id="tiny",
        names={"en": "Tiny", "ja": "タイニー"},
        variants=(VariantInfo("standard", {"en": "Standard", "ja": "標準"}, 2, 4),),
        options=(OptionInfo("rounds", ("1", "2", "3", "4", "5"), "3"),),
    )

    def setup(
        self,
        players: int,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
        variant: str | None = None,
    ) -> TinyState:
        self.info.check_players(variant, players)
        raw = (options or {}).get("rounds", "3")
        if raw not in ("1", "2", "3", "4", "5"):
            raise InvalidOptions("bad_option", name="rounds", reason="1-5")
        rounds = int(raw)
        rng = Rng(seed_state(seed))
        deck = rng.shuffled([f"c{i}" for i in range(1, 5 * players + 1)])
        hands = tuple(tuple(deck[i * rounds : (i + 1) * rounds]) for i in range(players))
        rest = tuple(deck[players * rounds :])
        return TinyState(players, hands, 0, None, (None,) * players, (0,) * players, rest, rng.state)

    def to_act(self, state: TinyState) -> frozenset[int]:
        if self.is_over(state):
            return frozenset()
        if state.led is None:
            return frozenset({state.leader})
        return frozenset(s for s in range(state.players) if s != state.leader and state.picks[s] is None)

    def prompt(self, state: TinyState, seat: int) -> Prompt | None:
        if seat not in self.to_act(state):
            return None
        return Prompt("lead" if state.led is None else "pick")

    def legal_actions(self, state: TinyState, seat: int) -> list[str]:
        if seat not in self.to_act(state):
            return []
        return [f"play:{c}" for c in state.hands[seat]]

    def apply(self, state: TinyState, seat: int, action: str) -> tuple[TinyState, list[Event]]:
        if seat not in self.to_act(state):
            raise IllegalAction("not_your_turn")
        kind, _, card = action.partition(":")
        if kind != "play" or not card:
            raise IllegalAction("malformed_action")
        if card not in state.hands[seat]:
            raise IllegalAction("card_not_in_hand")
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        if state.led is None:
            new = replace(state, hands=tuple(hands), led=card)
            return new, [Event("led", {"seat": seat, "card": card})]
        picks = list(state.picks)
        picks[seat] = card
        events = [Event("picked", {"seat": seat}), Event("my_pick", {"card": card}, frozenset({seat}))]
        new = replace(state, hands=tuple(hands), picks=tuple(picks))
        if any(p is None for i, p in enumerate(picks) if i != state.leader):
            return new, events
        played = {s: (state.led if s == state.leader else picks[s]) for s in range(state.players)}
        winner = max(played, key=lambda s: int(str(played[s])[1:]))
        points = list(state.points)
        points[winner] += 1
        events.append(Event("reveal", {"cards": {str(s): c for s, c in played.items()}, "winner": winner}))
        new = replace(
            new,
            leader=winner,
            led=None,
            picks=(None,) * state.players,
            points=tuple(points),
            discard=state.discard + tuple(str(c) for c in played.values()),
        )
        return new, events

    def view(self, state: TinyState, seat: int | None) -> dict[str, Any]:
        return {
            "players": state.players,
            "hand": list(state.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in state.hands],
            "leader": state.leader,
            "led": state.led,
            "picked": [p is not None for p in state.picks],
            "my_pick": state.picks[seat] if seat is not None else None,
            "points": list(state.points),
        }

    def is_over(self, state: TinyState) -> bool:
        return all(not h for h in state.hands)

    def outcome(self, state: TinyState) -> Outcome | None:
        if not self.is_over(state):
            return None
        return Outcome(placements_from_scores(state.points), tuple(float(p) for p in state.points))

    def to_json(self, state: TinyState) -> dict[str, Any]:
        return {
            "players": state.players,
            "hands": [list(h) for h in state.hands],
            "leader": state.leader,
            "led": state.led,
            "picks": list(state.picks),
            "points": list(state.points),
            "discard": list(state.discard),
            "rng": state.rng,
        }

    def from_json(self, data: Mapping[str, Any]) -> TinyState:
        return TinyState(
            int(data["players"]),
            tuple(tuple(h) for h in data["hands"]),
            int(data["leader"]),
            data["led"],
            tuple(data["picks"]),
            tuple(int(p) for p in data["points"]),
            tuple(data["discard"]),
            int(data["rng"]),
        )

    def all_cards(self, state: TinyState) -> list[str]:
        cards = [c for h in state.hands for c in h] + list(state.discard)
        if state.led:
            cards.append(state.led)
        cards += [p for p in state.picks if p]
        return cards

    def hidden_from(self, state: TinyState, seat: int | None) -> set[str]:
        hidden = {c for s, h in enumerate(state.hands) if s != seat for c in h}
        hidden |= {p for s, p in enumerate(state.picks) if p and s != seat}
        return hidden

    def render_event(self, event: Event, lang: str = "en", *, names: Sequence[str] | None = None) -> str:
        return f"{event.kind}: {dict(event.data)}"


TINY = TinyGame()
