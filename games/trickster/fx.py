"""A mutable working copy of one State for the length of one apply(): card moves, knowledge, events.

apply() copies the few lists it needs into an Fx, effects and the trick flow mutate the Fx, and
`freeze()` builds the next State; the input State is never touched. Every move keeps the knowledge
masks right (who may know a card in a hand or the deck), since the leak checker relies on them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.core.contract import Event
from games.core.rng import Rng
from games.trickster import zones
from games.trickster.cards import CARD_IDS, HERO_OF, HEROES, TABLE
from games.trickster.hero import Hero
from games.trickster.state import STATE_TYPE, State
from games.trickster.tricks import Trick, add_card, can_follow, has_room, legal_cards

_ev: Final = tuple.__new__  # `_ev(EVENT_TYPE, (kind, data, audience))`: an Event with no Python call (hot path)
EVENT_TYPE: Final = Event  # the NamedTuple class as a `Final` alias: compiled, a C static, not a module-dict read
HAND_ZONES: Final = tuple(f"hand{s}" for s in range(8))  # event zone names, built once
HOUSE_ZONES: Final = tuple(f"house{s}" for s in range(8))
ONLY: Final = tuple(frozenset((s,)) for s in range(8))  # the audience "only this seat", built once


_new_state: Final = tuple.__new__  # a State from a ready tuple, skipping NamedTuple.__new__'s arguments
_OPPONENTS: Final = [[tuple(s for s in range(n) if s != seat) for seat in range(n)] for n in range(8)]


class Fx:
    """Working copy of a State. Hero effects use the move methods; they never touch tuples directly."""

    __slots__ = (
        "_deck_name",
        "_ends_at",
        "_hand_size",
        "_heroes",
        "_picks",
        "_turns",
        "base",
        "deck",
        "events",
        "hands",
        "houses",
        "memo",
        "outs",
        "pending",
        "phase",
        "players",
        "public",
        "rng",
        "seen",
        "sideways",
        "trash",
        "trick",
    )

    heroes: tuple[Hero, ...] = HEROES
    # the zone tuples are shared with the input State until first written (copy on write: set_hand ...)
    hands: list[tuple[int, ...]] | tuple[tuple[int, ...], ...]
    houses: list[tuple[int, ...]] | tuple[tuple[int, ...], ...]
    seen: list[int] | tuple[int, ...]

    def __init__(self, st: State) -> None:
        # one unpacking of the tuple instead of nineteen attribute lookups (hot path), straight into the slots
        (
            self.players,
            self._deck_name,
            self._heroes,
            self._hand_size,
            self._ends_at,
            self.outs,
            self.phase,
            self.hands,
            self.houses,
            self.trash,
            self.deck,
            self.trick,
            self.sideways,
            self.public,
            self.seen,
            self._picks,
            self.pending,
            self.rng,
            self._turns,
        ) = st
        self.base = st
        self.memo: tuple[int, ...] = ()
        self.events: list[Event] = []

    def freeze(self) -> State:
        return _new_state(
            STATE_TYPE,
            (
                self.players,
                self._deck_name,
                self._heroes,
                self._hand_size,
                self._ends_at,
                self.outs,
                self.phase,
                tuple(self.hands),  # a list the copy wrote, or the input's own tuple (tuple() returns it)
                tuple(self.houses),
                self.trash,
                self.deck,
                self.trick,
                self.sideways,
                self.public,
                tuple(self.seen),
                self._picks,  # written by the House pick's last choice only (rules._house_pick)
                self.pending,
                self.rng,
                self._turns + 1,
            ),
        )

    # --- copy-on-write writes (games/trickster/zones.py; the only writes to the zone lists) ------------
    def set_hand(self, seat: int, cards: tuple[int, ...]) -> None:
        self.hands = zones.replace(self.hands, seat, cards)

    def set_house(self, seat: int, cards: tuple[int, ...]) -> None:
        self.houses = zones.replace(self.houses, seat, cards)

    def set_seen(self, seat: int, mask: int) -> None:
        seen = self.seen
        if isinstance(seen, tuple):
            seen = list(seen)
            self.seen = seen
        seen[seat] = mask

    # --- queries ----------------------------------------------------------------------------------
    def opponents(self, seat: int) -> tuple[int, ...]:
        return _OPPONENTS[self.players][seat]

    def upright(self, card: int) -> bool:
        return not self.sideways >> card & 1

    @staticmethod
    def hero_of(card: int) -> int:
        return HERO_OF[card]

    def can_follow(self, card: int) -> bool:
        return can_follow(TABLE, self.trick, card)

    def legal_cards(self, cards: Sequence[int]) -> tuple[int, ...]:
        """The cards that may enter the pot now (Matriarch, Striker: 'a legal card')."""
        return legal_cards(TABLE, self.trick, cards)

    def pot_has_room(self) -> bool:
        return has_room(self.trick)

    def owner_of_house_card(self, card: int) -> int:
        for seat, house in enumerate(self.houses):
            if card in house:
                return seat
        raise ValueError("card is in no House")

    def below(self, n: int) -> int:
        """A uniform draw from the table's RNG (its state goes back into the State)."""
        rng = Rng(self.rng)
        value = rng.below(n)
        self.rng = rng.state
        return value

    # --- knowledge --------------------------------------------------------------------------------
    def _restrict(self, cards_mask: int, keep: tuple[int, ...]) -> None:
        """Only the seats in `keep` may still know where these cards are."""
        pub = self.public & cards_mask
        if pub:
            self.public &= ~pub
            for s in keep:
                self.set_seen(s, self.seen[s] | pub)
        elif not any(self.seen):  # nobody knows any hidden card (the usual case): nothing to forget
            return
        for s in range(self.players):
            if s not in keep and self.seen[s] & cards_mask:
                self.set_seen(s, self.seen[s] & ~cards_mask)

    def _hand_mask(self, seat: int) -> int:
        mask = 0
        for c in self.hands[seat]:
            mask |= 1 << c
        return mask

    def reveal(self, cards: tuple[int, ...], holder: int | None) -> None:
        """Show cards to everyone (Detective: from `holder`'s hand; Explorer: the deck top)."""
        for c in cards:
            self.public |= 1 << c
        self.events.append(_ev(EVENT_TYPE, ("reveal", {"cards": [CARD_IDS[c] for c in cards], "holder": holder}, None)))

    # --- card moves (each emits its event) --------------------------------------------------------
    def _hand_remove(self, seat: int, card: int) -> None:
        self.hands = zones.take(self.hands, seat, card)

    def _hand_add(self, seat: int, card: int) -> None:
        self.hands = zones.put(self.hands, seat, card)
        self.sideways &= ~(1 << card)  # a card taken into a hand turns upright

    def _house_remove(self, card: int) -> int:
        """Take `card` out of the House that holds it; returns that House's seat.

        owner_of_house_card's loop, inlined: one Python call fewer on each Mage, Guard and Rogue move."""
        for seat, house in enumerate(self.houses):
            if card in house:
                self.houses = zones.take(self.houses, seat, card)
                return seat
        raise ValueError("card is in no House")

    def turn_sideways(self, card: int) -> None:
        self.sideways |= 1 << card
        self.events.append(_ev(EVENT_TYPE, ("sideways", {"card": CARD_IDS[card]}, None)))

    def house_to_trash(self, card: int) -> None:
        seat = self._house_remove(card)
        self.trash = self.trash + (card,)
        self.events.append(
            _ev(EVENT_TYPE, ("move", {"card": CARD_IDS[card], "src": HOUSE_ZONES[seat], "dst": "trash"}, None))
        )

    def trash_to_house(self, card: int, seat: int) -> None:
        i = self.trash.index(card)
        self.trash = self.trash[:i] + self.trash[i + 1 :]
        self.houses = zones.put(self.houses, seat, card)
        self.events.append(
            _ev(EVENT_TYPE, ("move", {"card": CARD_IDS[card], "src": "trash", "dst": HOUSE_ZONES[seat]}, None))
        )

    def trash_to_hand(self, card: int, seat: int) -> None:
        i = self.trash.index(card)
        self.trash = self.trash[:i] + self.trash[i + 1 :]
        self.hands = zones.put(self.hands, seat, card)  # _hand_add, inlined (one call fewer: Summoner)
        self.sideways &= ~(1 << card)  # a card taken into a hand turns upright
        self.public |= 1 << card
        self.events.append(_ev(EVENT_TYPE, ("move", {"card": CARD_IDS[card], "src": "trash", "dst": HAND_ZONES[seat]}, None)))

    def house_to_hand(self, card: int, seat: int) -> None:
        src = self._house_remove(card)
        self.hands = zones.put(self.hands, seat, card)  # _hand_add, inlined (one call fewer: Guard)
        self.sideways &= ~(1 << card)  # a card taken into a hand turns upright
        self.public |= 1 << card
        self.events.append(
            _ev(EVENT_TYPE, ("move", {"card": CARD_IDS[card], "src": HOUSE_ZONES[src], "dst": HAND_ZONES[seat]}, None))
        )

    def house_to_house(self, card: int, seat: int) -> None:
        src = self._house_remove(card)
        self.houses = zones.put(self.houses, seat, card)
        self.events.append(
            _ev(EVENT_TYPE, ("move", {"card": CARD_IDS[card], "src": HOUSE_ZONES[src], "dst": HOUSE_ZONES[seat]}, None))
        )

    def hand_to_house(self, seat: int, card: int, to: int, random: bool = False) -> None:
        """A hand card goes face up into a House (Knight; Hunter's random card)."""
        self.hands = zones.take(self.hands, seat, card)  # _hand_remove, inlined (one call fewer)
        self.houses = zones.put(self.houses, to, card)
        self.events.append(
            _ev(EVENT_TYPE, ("move", {"card": CARD_IDS[card], "src": HAND_ZONES[seat], "dst": HOUSE_ZONES[to], "random": random}, None))
        )

    def hand_to_hand_public(self, seat: int, card: int, to: int) -> None:
        """A revealed card changes hands in view of all (Detective)."""
        self._hand_remove(seat, card)
        self._hand_add(to, card)
        self.public |= 1 << card
        self.events.append(
            _ev(EVENT_TYPE, ("move", {"card": CARD_IDS[card], "src": HAND_ZONES[seat], "dst": HAND_ZONES[to]}, None))
        )

    def hand_to_hand_secret(self, seat: int, card: int, to: int) -> None:
        """A card chosen by its holder goes face down to another hand (Nun, Messenger).

        Only giver and receiver know which card moved; others lose track of the giver's hand cards.
        """
        if seat == to:
            return
        if len(self.hands[seat]) > 1:  # a lone card: everyone knows which one moved
            self._restrict(self._hand_mask(seat), (seat, to))
        self._hand_remove(seat, card)
        self._hand_add(to, card)
        self.set_seen(seat, self.seen[seat] | 1 << card)
        self.events.append(_ev(EVENT_TYPE, ("pass", {"src": seat, "dst": to}, None)))
        self.events.append(
            _ev(EVENT_TYPE, ("gave", {"card": CARD_IDS[card], "src": seat, "dst": to}, frozenset((seat, to))))
        )

    def exchange(self, a: int, card_a: int, b: int, card_b: int) -> None:
        """The Bard's simultaneous exchange: both committed cards move at once."""
        keep = (a, b)
        for seat in keep:
            if len(self.hands[seat]) > 1:  # a lone card: everyone knows which one moved
                self._restrict(self._hand_mask(seat), keep)
        # _hand_remove twice and _hand_add twice, inlined (four Python calls fewer on the source build)
        hands = zones.take(self.hands, a, card_a)
        hands = zones.take(hands, b, card_b)
        hands = zones.put(hands, b, card_a)
        self.hands = zones.put(hands, a, card_b)
        self.sideways &= ~(1 << card_a | 1 << card_b)  # a card taken into a hand turns upright
        self.set_seen(a, self.seen[a] | 1 << card_a)
        self.set_seen(b, self.seen[b] | 1 << card_b)
        self.events.append(_ev(EVENT_TYPE, ("exchange", {"seats": [a, b]}, None)))
        self.events.append(
            _ev(EVENT_TYPE, ("received", {"seat": a, "card": CARD_IDS[card_b], "gave": CARD_IDS[card_a]}, ONLY[a]))
        )
        self.events.append(
            _ev(EVENT_TYPE, ("received", {"seat": b, "card": CARD_IDS[card_a], "gave": CARD_IDS[card_b]}, ONLY[b]))
        )

    def deck_to_hand(self, card: int, seat: int) -> None:
        """A deck card into a hand. Who knew it (a revealed top card) still knows where it went."""
        i = self.deck.index(card)
        self.deck = self.deck[:i] + self.deck[i + 1 :]
        self._hand_add(seat, card)
        if self.public >> card & 1:
            self.events.append(
                _ev(EVENT_TYPE, ("move", {"card": CARD_IDS[card], "src": "deck", "dst": HAND_ZONES[seat]}, None))
            )
        else:
            self.events.append(_ev(EVENT_TYPE, ("draw", {"seat": seat, "count": 1}, None)))
            self.events.append(
                _ev(EVENT_TYPE, ("drew", {"seat": seat, "cards": [CARD_IDS[card]]}, ONLY[seat]))
            )

    def hand_to_deck_top(self, seat: int, card: int) -> None:
        """Shuttle: a hand card goes face down on top of the deck; only its player knows which."""
        if len(self.hands[seat]) > 1:  # a lone card: everyone knows which one moved
            self._restrict(self._hand_mask(seat), (seat,))
        self._hand_remove(seat, card)
        self.deck = (card, *self.deck)
        self.set_seen(seat, self.seen[seat] | 1 << card)
        self.events.append(_ev(EVENT_TYPE, ("to_deck", {"seat": seat}, None)))
        self.events.append(_ev(EVENT_TYPE, ("put_back", {"seat": seat, "card": CARD_IDS[card]}, ONLY[seat])))

    def hand_to_pot(self, seat: int, card: int) -> None:
        """Striker: a legal hand card enters the pot without its effect."""
        self._hand_remove(seat, card)
        self.trick = add_card(TABLE, self.trick, card, seat)
        self.events.append(_ev(EVENT_TYPE, ("add", {"card": CARD_IDS[card], "src": HAND_ZONES[seat], "seat": seat}, None)))

    def house_to_pot(self, card: int, seat: int) -> None:
        """Matriarch: a legal House card enters the pot without its effect (it stays as it was)."""
        src = self._house_remove(card)
        self.trick = add_card(TABLE, self.trick, card, seat)
        self.events.append(_ev(EVENT_TYPE, ("add", {"card": CARD_IDS[card], "src": HOUSE_ZONES[src], "seat": seat}, None)))

    def pot_to_trick(self, trick: Trick) -> None:
        self.trick = trick
