"""What the three variants share: the trick-playing phase, knowledge tracking, and the hooks each
variant fills in (its own set-up, picks/bids/auction, scoring and outcome).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from games.core.contract import Event, Outcome
from games.core.errors import IllegalAction
from games.core.rng import Rng
from games.kings.variants import data
from games.kings.variants.components import colour_of, is_flag, is_rare, sort_cards
from games.kings.variants.state import Entry, VState, put, without
from games.kings.variants.tricks import TrickRules, followable, lead_colour, winning_index


class Variant(ABC):
    """One variant's rules; the shared play phase lives here, the rest in subclasses."""

    id: str
    players: int
    queens: bool  # physical queens with their effects (Ombre, Whist)
    flag_beats_rare: bool

    # --- hooks --------------------------------------------------------------------------------------
    @abstractmethod
    def setup(self, players: int, seed: int) -> VState: ...

    def setup_events(self, s: VState) -> list[Event]:
        """The set-up draws to announce publicly (RULINGS "All games"); none unless a variant draws one."""
        return []

    @abstractmethod
    def phase_to_act(self, s: VState) -> frozenset[int]:
        """Seats to act in a phase other than play."""

    @abstractmethod
    def phase_actions(self, s: VState, seat: int) -> list[str]: ...

    @abstractmethod
    def phase_apply(self, s: VState, seat: int, action: str) -> tuple[VState, list[Event]]: ...

    @abstractmethod
    def trump(self, s: VState) -> str | None: ...

    @abstractmethod
    def end_round(self, s: VState) -> tuple[VState, list[Event]]: ...

    @abstractmethod
    def outcome(self, s: VState) -> Outcome | None: ...

    def teams(self, s: VState) -> list[list[int]] | None:
        """Teams once they are public (None: no teams, or not known yet)."""
        return None

    def king_extra(self, s: VState, seat: int, card: str, queen: str) -> bool:
        """Variant-only places a king may go (beyond a card of its colour, and white on flag/rare/queen)."""
        return False

    def after_trick(self, s: VState, winner: int, rares_beaten: int) -> tuple[VState, list[Event]]:
        return s, []

    def view_extra(self, s: VState, seat: int | None) -> dict[str, Any]:
        return {}

    def hidden_extra(self, s: VState, seat: int | None) -> set[str]:
        return set()

    def queen_uses(self, colour: str) -> int:
        return 1 if self.queens else 0

    # --- shared: knowledge ---------------------------------------------------------------------------
    def hidden_from(self, s: VState, seat: int | None) -> set[str]:
        hidden: set[str] = set(s.deck) | set(s.dead)
        for other, hand in enumerate(s.hands):
            if other != seat:
                hidden.update(c for c in hand if c not in s.public)
        for other, pile in enumerate(s.discards):
            if other != seat:
                hidden.update(pile)
        return hidden | self.hidden_extra(s, seat)

    def all_cards(self, s: VState) -> list[str]:
        cards = [*s.deck, *s.box, *s.dead, *s.pool]
        for zone in (s.hands, s.discards, s.taken, s.aside):
            for pile in zone:
                cards.extend(pile)
        cards.extend(e.card for e in s.trick)
        return cards

    # --- shared: play phase ---------------------------------------------------------------------------
    def rules(self, s: VState) -> TrickRules:
        return TrickRules(trump=self.trump(s), flag_beats_rare=self.flag_beats_rare)

    def current(self, s: VState) -> int:
        if s.regular < s.players:
            return (s.leader + s.regular) % s.players
        return s.waiting[0]

    def to_act(self, s: VState) -> frozenset[int]:
        if s.phase == "over":
            return frozenset()
        if s.phase == "play":
            return frozenset({self.current(s)})
        if s.phase == "scored":
            return frozenset(range(s.players))
        return self.phase_to_act(s)

    @abstractmethod
    def next_round(self, s: VState) -> tuple[VState, list[Event]]:
        """Gather, shuffle and deal the next round (after everyone has seen the scored round)."""

    def continue_apply(self, s: VState, seat: int, action: str) -> tuple[VState, list[Event]]:
        """Any seat may start the next round once the scores are up: the deal waits for it, so the
        last trick's cards are never named after they have been shuffled into new hands."""
        if action != "next":
            raise IllegalAction("unknown_action")
        return self.next_round(s)

    def king_available(self, s: VState, seat: int) -> bool:
        return bool(s.sets[seat]) and s.king_ok[seat] and not s.king_used[seat]

    def king_allowed(self, s: VState, seat: int, card: str, queen: str) -> bool:
        """002 ■キングのプレイ: on a card of the king's colour; the white king on a flag, rare or white queen."""
        colour = s.sets[seat]
        if queen == "b":
            return False
        if colour_of(card) == colour and colour != "w":
            return True
        if colour == "w" and (is_flag(card) or is_rare(card) or queen == "w"):
            return True
        return self.king_extra(s, seat, card, queen)

    def play_actions(self, s: VState, seat: int) -> list[str]:
        hand = s.hands[seat]
        late = s.regular >= s.players
        base = followable(hand, lead_colour(s.trick))
        king = self.king_available(s, seat)
        out: list[str] = []

        def add(card: str, queen: str) -> None:
            suffix = f":q{queen}" if queen else ""
            out.append(f"play:{card}{suffix}")
            if king and self.king_allowed(s, seat, card, queen):
                out.append(f"play:{card}{suffix}:K")

        for card in base:
            add(card, "")
        queen = s.sets[seat]
        if self.queens and queen and s.queen_left[seat] > 0 and not late:
            if queen in ("w", "r", "b"):
                for card in base:
                    add(card, queen)
            elif queen == "k":
                for card in hand:
                    add(card, "k")
            elif queen == "g":
                out.append("green")
        return out

    def play_apply(self, s: VState, seat: int, action: str) -> tuple[VState, list[Event]]:
        if action not in self.play_actions(s, seat):
            raise IllegalAction("unknown_action")
        late = s.regular >= s.players
        if action == "green":
            s = s._replace(
                queen_left=put(s.queen_left, seat, s.queen_left[seat] - 1),
                waiting=(*s.waiting, seat),
                regular=s.regular + 1,
            )
            events = [Event("green", {"seat": seat})]
        else:
            parts = action.split(":")
            card = parts[1]
            queen = next((p[1] for p in parts[2:] if p.startswith("q")), "")
            king = "K" in parts[2:]
            entry = Entry(seat, card, king, queen)
            s = s._replace(
                hands=put(s.hands, seat, without(s.hands[seat], card)),
                trick=(*s.trick, entry),
                king_used=put(s.king_used, seat, True) if king else s.king_used,
                queen_left=put(s.queen_left, seat, s.queen_left[seat] - 1) if queen else s.queen_left,
                waiting=s.waiting[1:] if late else s.waiting,
                regular=s.regular if late else s.regular + 1,
                public=s.public - {card},
            )
            events = [Event("played", {"seat": seat, "card": card, "king": king, "queen": queen})]
        if s.regular >= s.players and not s.waiting:
            s, more = self.finish_trick(s)
            events.extend(more)
        return s, events

    def finish_trick(self, s: VState) -> tuple[VState, list[Event]]:
        index, rares = winning_index(s.trick, self.rules(s))
        winner = s.trick[index].seat
        red = any(e.seat == winner and e.queen == "r" for e in s.trick)
        cards = tuple(e.card for e in s.trick)
        s = s._replace(
            taken=put(s.taken, winner, (*s.taken[winner], *cards)),
            tricks=put(s.tricks, winner, s.tricks[winner] + 1),
            bonus=put(s.bonus, winner, s.bonus[winner] + 1) if red else s.bonus,
            last_trick=s.trick,
            trick=(),
            leader=winner,
            regular=0,
            waiting=(),
        )
        events = [Event("trick", {"winner": winner, "cards": list(cards), "red_queen": red})]
        s, more = self.after_trick(s, winner, rares)
        events.extend(more)
        if not any(s.hands):
            s, more = self.end_round(s)
            events.extend(more)
        return s, events

    # --- shared helpers for subclasses -----------------------------------------------------------------
    def empty_seats(self, s: VState) -> VState:
        n = s.players
        empty: tuple[tuple[str, ...], ...] = tuple(() for _ in range(n))
        return s._replace(
            discards=empty,
            taken=empty,
            aside=empty,
            trick=(),
            last_trick=(),
            regular=0,
            waiting=(),
            tricks=(0,) * n,
            bonus=(0,) * n,
            pending=(0,) * n,
        )

    def deal(self, s: VState, cards: Sequence[str], each: int) -> VState:
        """Shuffle `cards` with the state's RNG, deal `each` to every seat; the rest is the deck."""
        rng = Rng(s.rng)
        shuffled = rng.shuffled(list(cards))
        hands = tuple(
            sort_cards([*s.hands[i], *shuffled[i * each : (i + 1) * each]]) for i in range(s.players)
        )
        return s._replace(rng=rng.state, hands=hands, deck=tuple(shuffled[s.players * each :]))

    def king_number(self, s: VState, seat: int) -> int:
        colour = s.sets[seat]
        table = data.KING_NUMBER_USED if s.king_used[seat] else data.KING_NUMBER_UP
        return table[colour]

    def discard_actions(self, s: VState, seat: int, keep: Sequence[str] = ()) -> list[str]:
        return [f"discard:{c}" for c in s.hands[seat] if c not in keep]

    def apply_discard(self, s: VState, seat: int, action: str, allowed: list[str]) -> VState:
        if s.pending[seat] <= 0 or action not in allowed:
            raise IllegalAction("unknown_action")
        card = action.split(":", 1)[1]
        return s._replace(
            hands=put(s.hands, seat, without(s.hands[seat], card)),
            discards=put(s.discards, seat, (*s.discards[seat], card)),
            pending=put(s.pending, seat, s.pending[seat] - 1),
        )
