"""What the three variants share: the trick-playing phase, knowledge tracking, and the hooks each
variant fills in (its own set-up, picks/bids/auction, scoring and outcome).
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Container, Sequence
from itertools import filterfalse
from operator import itemgetter
from typing import Any, Final

from games.core.contract import Event, Outcome
from games.core.errors import IllegalAction
from games.core.native64 import WRAPS
from games.core.rng import Rng
from games.kings.variants import data
from games.kings.variants.components import (
    ALL_CARDS,
    COLOURS,
    DISCARD,
    PARSED_PLAYS,
    PLAY,
    PLAY_KING,
    PLAY_QUEEN,
    PLAY_QUEEN_KING,
    QUEENS_ON_CARDS,
    SUIT,
    colour_of,
    is_flag,
    is_rare,
    sort_cards,
)
from games.kings.variants.state import (
    Entry,
    VState,
    put,
    without,
)
from games.kings.variants.tricks import (
    OF_SUIT,
    TURNING_QUEENS,
    TrickRules,
    bare_winning_index,
    followable,
    lead_colour,
    winning_index,
)

_new_tuple: Final = tuple.__new__  # a NamedTuple from ready items (hot path; skips its __new__)
# The NamedTuple class a play builds, as a `Final` name: compiled, a C static (a module-level class read by
# its own name is a lookup in the module's dict on every use).
_EVENT: Final = Event
_ENTRY: Final = Entry  # and a play row's entries (built by `tuple.__new__` too: ~3.6k instructions less each,
# compiled, than the NamedTuple's own Python-level __new__; one a seat, on each play action's first use)
NO_CARDS: Final[frozenset[str]] = frozenset()
SEAT: Final = tuple(frozenset({seat}) for seat in range(8))
"""The `to_act` set of one seat, built once."""
NOBODY: Final[frozenset[int]] = frozenset()
_ENTRY_CARD: Final = itemgetter(1)  # an Entry's card
_ENTRY_KING: Final = itemgetter(2)  # an Entry's king
_ENTRY_QUEEN: Final = itemgetter(3)  # an Entry's queen ("" for none)
PlayRow = tuple[str, str, bool, tuple[tuple[Entry], ...], tuple[dict[str, Any], ...]]
"""A play's (card, queen, king), then by seat its trick entry (in a 1-tuple, ready to join the trick) and
its "played" event data (a template, copied per event): `Variant.play_rows`."""
EVERYONE: Final = tuple(frozenset(range(n)) for n in range(9))
# The last play phase turn listed: _LISTED[0] = (the state, the seat, its plays), as the standard engine and
# TIMETRAP keep theirs. apply() is nearly always asked about the state whose list was just built, and then
# finds the play in it instead of judging it again (play_move). One tuple, replaced whole (no reader sees a
# state with another's list), holding the state itself, so `is` on it can never match another state; a
# VState is immutable. tests/kings_variants/test_play_moves.py runs every candidate play through apply both
# ways.
_LISTED: Final[list[tuple[VState | None, int, tuple[str, ...]]]] = [(None, -1, ())]


@functools.cache
def rules_for(trump: str | None, flag_beats_rare: bool) -> TrickRules:
    """One TrickRules per (trump, flag rule), built once."""
    return TrickRules(trump=trump, flag_beats_rare=flag_beats_rare)


def tagged(events: list[Event], variant: str) -> list[Event]:
    """Events naming their variant, so the `kings` facade routes their text to the variant texts. Every
    event's data is a dict built for that event alone, so it is tagged in place instead of copied."""
    for event in events:
        data: Any = event[1]  # a fresh dict built for this event: tagged in place (no copy, hot path)
        data["variant"] = variant
    return events


_OWING: Final[dict[tuple[int, ...], frozenset[int]]] = {}
"""`owing` by `pending`, filled on first use: a dict read instead of a `functools.cache` call (compiled, a
call through a Python-level callable, ~900 instructions; an exchange discard asks three times)."""


def owing(pending: tuple[int, ...]) -> frozenset[int]:
    """The seats that still owe discards: the `to_act` of an exchange, one set per `pending` (built once)."""
    seats = _OWING.get(pending)
    if seats is None:
        seats = _OWING[pending] = frozenset([seat for seat, owed in enumerate(pending) if owed > 0])
    return seats


class Variant(ABC):
    """One variant's rules; the shared play phase lives here, the rest in subclasses."""

    id: str
    players: int
    queens: bool  # physical queens with their effects (Ombre, Whist)
    flag_beats_rare: bool

    def __init__(self) -> None:
        # The class-level constants read on the hot path, copied onto the instance: on 3.11 the source build
        # does not specialize a class attribute read through an instance (about 300 instructions each),
        # and does an instance attribute (docs/engine-speed.md). The values stay the class's own.
        self.id = self.id
        self.queens = self.queens
        self.flag_beats_rare = self.flag_beats_rare
        # Where a king may go, by king colour and queen used: a fixed rule of the card, so a table built
        # once per variant instead of a rule call per card of every legal list (hot path).
        self.king_table: dict[str, dict[str, frozenset[str]]] = {
            colour: {
                queen: frozenset([card for card in ALL_CARDS if self.king_rule(colour, card, queen)])
                for queen in ("", *QUEENS_ON_CARDS)
            }
            for colour in COLOURS
        }
        # Each play action's row (PlayRow), built on its first use: a play then joins an entry made once
        # and shared by every trick and state (an Entry is an immutable NamedTuple; views and `to_json`
        # copy it) and copies a ready event data dict, instead of building both (hot path, ~89 plays a
        # Napoleon game). tests/kings_variants/test_play_rows.py holds them to the plain construction.
        self.play_rows: dict[str, PlayRow] = {}
        # The trick rules by trump colour (every trump `trump` may give): `rules_for(trump,
        # self.flag_beats_rare)` read by one lookup where a trick ends (hot path).
        self.rules_by_trump: dict[str | None, TrickRules] = {
            trump: rules_for(trump, self.flag_beats_rare) for trump in (None, *COLOURS)
        }

    def play_row(self, action: str) -> PlayRow:
        """`play_rows[action]`, built and kept on first use, for a well-formed play (PARSED_PLAYS), with an
        entry and an event template for each seat of the variant's table: only its own seats, not every
        seat a table may have (a row costs ~3.7k instructions a seat, compiled; Ombre, with its queens'
        plays, builds a few hundred rows). Every table of a variant has its player count (`setup`)."""
        card, queen, king = PARSED_PLAYS[action]
        seats = range(self.players)
        row: PlayRow = (
            card,
            queen,
            king,
            tuple([(_new_tuple(_ENTRY, (seat, card, king, queen)),) for seat in seats]),
            tuple(
                [
                    {"seat": seat, "card": card, "king": king, "queen": queen, "variant": self.id}
                    for seat in seats
                ]
            ),
        )
        self.play_rows[action] = row
        return row

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

    def king_extra(self, colour: str, card: str, queen: str) -> bool:
        """Variant-only places a king of `colour` may go (beyond a card of its colour, and white on
        flag/rare/queen), whatever the trick holds."""
        return False

    def king_places(self, s: VState, colour: str, queen: str) -> frozenset[str]:
        """The cards a king of `colour` may go on, used with `queen` ("" for none) in this trick: the
        fixed table, unless the variant adds a place that depends on the trick (Napoleon)."""
        return self.king_table[colour][queen]

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
        return rules_for(self.trump(s), self.flag_beats_rare)

    def current(self, s: VState) -> int:
        if s.regular < s.players:
            return (s.leader + s.regular) % s.players
        return s.waiting[0]

    # The contract's three per-action calls (the `kings` facade calls them directly, VariantGame too).
    def to_act(self, s: VState) -> frozenset[int]:
        phase = s.phase
        if phase == "play":
            regular = s.regular
            players = s.players
            if regular < players:
                return SEAT[(s.leader + regular) % players]
            return SEAT[s.waiting[0]]
        if phase == "over":
            return NOBODY
        if phase == "scored":
            return EVERYONE[s.players]
        return self.phase_to_act(s)

    def legal_actions(self, s: VState, seat: int) -> list[str]:
        if s.phase == "play":
            regular = s.regular
            players = s.players
            if seat != ((s.leader + regular) % players if regular < players else s.waiting[0]):  # to_act
                return []
            # Every legal play, built here rather than in a method of its own (one call less per action,
            # hot path): each followable card, then with the queen (white/red/blue on a followable card,
            # black on any card, green on its own), each also with the king where it may go.
            hand = s.hands[seat]
            trick = s.trick
            base: Sequence[str] = hand
            if trick:
                first = trick[0]  # the lead colour is the first card's, unless a queen turned it (inlined)
                lead = None if first[3] in TURNING_QUEENS else SUIT[first[1]]  # queen, card
                base = followable(hand, lead or lead_colour(trick))
            colour = s.sets[seat]
            king = colour != "" and s.king_ok[seat] and not s.king_used[seat]
            if king:
                places = self.king_places(s, colour, "")
                out: list[str] = []
                for card in base:
                    out.append(PLAY[card])
                    if card in places:
                        out.append(PLAY_KING[card])
            elif len(base) > 1 and not WRAPS:  # every string by one C-level call (one key gives no tuple);
                # compiled, the loop below costs less than a call through a Python-level itemgetter
                out = list(itemgetter(*base)(PLAY))
            else:
                out = [PLAY[card] for card in base]
            if self.queens and colour and s.queen_left[seat] > 0 and s.regular < s.players:
                if colour == "g":
                    out.append("green")
                elif colour in QUEENS_ON_CARDS:
                    plain = PLAY_QUEEN[colour]
                    places = self.king_places(s, colour, colour) if king else NO_CARDS
                    with_king = PLAY_QUEEN_KING[colour]
                    for card in hand if colour == "k" else base:
                        out.append(plain[card])
                        if card in places:
                            out.append(with_king[card])
            _LISTED[0] = (s, seat, tuple(out))  # a copy: the caller's list is its own
            return out
        phase = s.phase  # to_act's other answers, inlined (one call less per action)
        if phase == "scored":
            return ["next"] if 0 <= seat < s.players else []
        if phase == "over" or seat not in self.phase_to_act(s):
            return []
        return self.phase_actions(s, seat)

    def apply(self, s: VState, seat: int, action: str) -> tuple[VState, list[Event]]:
        phase = s.phase
        if phase == "over":
            raise IllegalAction("game_over")
        players = s.players
        if not 0 <= seat < players:
            raise IllegalAction("not_seated")
        if phase == "play":
            regular = s.regular
            # One play, applied here rather than in a method of its own (one call less per action, hot
            # path), on a copy of the state (`VState.copy`, written and handed out: one new state even when
            # the play ends the trick). Its events already name the variant (the other phases' are tagged).
            listed = _LISTED[0]
            if listed[0] is s and listed[1] == seat:  # the plays legal_actions just listed for them (to act)
                if action not in listed[2]:
                    raise IllegalAction("unknown_action")
            else:
                turn = (s.leader + regular) % players if regular < players else s.waiting[0]
                if seat != turn:  # to_act, inlined
                    raise IllegalAction("not_your_turn")
                if self.play_move(s, seat, action) is None:
                    raise IllegalAction("unknown_action")
            # The action is a well-formed play here (listed, or judged legal); its row is built on first use.
            if WRAPS:  # compiled: a `get` (a caught KeyError costs ~6k instructions there, once a row)
                row = self.play_rows.get(action)
                if row is None:
                    row = self.play_row(action)
            else:  # the source: a `try` costs nothing until it catches (a `get` is a method call a play)
                try:
                    row = self.play_rows[action]
                except KeyError:
                    row = self.play_row(action)
            card, queen, king, entries, datas = row
            w = s.copy()
            if not card:  # the green queen: play last, after everyone else
                queen_left = w.queen_left
                w.queen_left = put(queen_left, seat, queen_left[seat] - 1)
                w.waiting = (*w.waiting, seat)
                w.regular = regular + 1
                return w, [_new_tuple(_EVENT, ("green", {"seat": seat, "variant": self.id}, None))]
            hands = list(w.hands)  # (a list and back: fewer tuples than slicing both)
            hand = list(hands[seat])
            hand.remove(card)
            hands[seat] = tuple(hand)
            w.hands = tuple(hands)
            trick = w.trick = w.trick + entries[seat]
            if king:
                w.king_used = put(w.king_used, seat, True)
            if queen:
                queen_left = w.queen_left
                w.queen_left = put(queen_left, seat, queen_left[seat] - 1)
            waiting = w.waiting
            if regular >= players:
                w.waiting = waiting = waiting[1:]
            else:
                w.regular = regular = regular + 1
            public = w.public
            if card in public:
                w.public = public - {card}
            events = [_new_tuple(_EVENT, ("played", datas[seat].copy(), None))]  # a dict of its own
            if regular < players or waiting:
                return w, events
            return self.finish_trick(s, w, trick, events)
        if phase == "scored":  # everyone may go on (seated: checked above)
            new, events = self.continue_apply(s, seat, action)
        else:
            if seat not in self.phase_to_act(s):  # to_act, inlined (one call less per action)
                raise IllegalAction("not_your_turn")
            new, events = self.phase_apply(s, seat, action)
        # Events and prompts name their variant so the `kings` facade can route their text here.
        return new, tagged(events, self.id)

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

    def king_rule(self, colour: str, card: str, queen: str) -> bool:
        """002 ■キングのプレイ: on a card of the king's colour; the white king on a flag, rare or white queen;
        never with the blue queen. The tables of `king_places` are built from it."""
        if queen == "b":
            return False
        if colour_of(card) == colour and colour != "w":
            return True
        if colour == "w" and (is_flag(card) or is_rare(card) or queen == "w"):
            return True
        return self.king_extra(colour, card, queen)

    def play_move(self, s: VState, seat: int, action: str) -> tuple[str, str, bool] | None:
        """(card, queen, king) when `action in legal_actions(s, seat)` in the play phase, else None; "green" gives
        ("", "g", False). Checks the one action instead of building every legal one."""
        move = PARSED_PLAYS.get(action)
        if move is None:
            return None
        card, queen, king = move
        colour = s.sets[seat]
        if queen:  # the seat's own queen, while it has a use left and before everyone has had a turn
            if queen != colour or not self.queens or s.queen_left[seat] <= 0 or s.regular >= s.players:
                return None  # queen_left, regular, players
            if not card:  # the green queen, on its own
                return move
        hand = s.hands[seat]
        if card not in hand:
            return None
        trick = s.trick
        if queen != "k" and trick:  # must-follow (may_follow, inlined with the lead's fast path)
            suit = SUIT[card]
            if suit:
                first = trick[0]
                lead = None if first[3] in TURNING_QUEENS else SUIT[first[1]]  # queen, card
                lead = lead or lead_colour(trick)
                if lead and suit != lead and not OF_SUIT[lead].isdisjoint(hand):
                    return None
        if king and not (
            colour
            and s.king_ok[seat]
            and not s.king_used[seat]
            and card in self.king_places(s, colour, queen)
        ):
            return None
        return move

    def finish_trick(
        self, s: VState, w: VState, trick: tuple[Entry, ...], events: list[Event]
    ) -> tuple[VState, list[Event]]:
        """The trick's winner takes its cards and leads next, on the copy `w` (not yet handed out) of the play that
        ended the trick (`s`, the state before it, gives the trick's rules); events already name the
        variant."""
        trump = self.trump(s)
        rules = self.rules_by_trump.get(trump) or rules_for(trump, self.flag_beats_rare)  # self.rules(s)
        if WRAPS:  # compiled: plain loops (the C-level passes below are calls through Python-level callables)
            cards = tuple([entry[1] for entry in trick])  # card
            queens = self.queens
            index, rares = winning_index(trick, rules)
        else:
            cards = tuple(map(_ENTRY_CARD, trick))  # one C-level pass (a comprehension is a frame on 3.11)
            # Most tricks hold no king and no queen (Napoleon has no queens): their winner by C-level passes
            # over the cards (tests/kings_variants/test_trick_winner.py holds it to winning_index).
            queens = self.queens and any(map(_ENTRY_QUEEN, trick))
            if queens or any(map(_ENTRY_KING, trick)):
                index, rares = winning_index(trick, rules)
            else:
                index, rares = bare_winning_index(cards, rules)
        winner = trick[index][0]  # seat
        red = False
        if queens:  # a red queen's win counts (none without a queen in the trick)
            for entry in trick:
                if entry[0] == winner and entry[3] == "r":
                    red = True
                    break
        taken = w.taken
        w.taken = put(taken, winner, taken[winner] + cards)
        tricks = w.tricks
        w.tricks = put(tricks, winner, tricks[winner] + 1)
        if red:
            bonus = w.bonus
            w.bonus = put(bonus, winner, bonus[winner] + 1)
        w.last_trick = trick
        w.trick = ()
        w.leader = winner
        w.regular = 0
        w.waiting = ()
        s = w
        data = {"winner": winner, "cards": list(cards), "red_queen": red, "variant": self.id}
        events.append(_new_tuple(_EVENT, ("trick", data, None)))
        s, more = self.after_trick(s, winner, rares)
        if more:
            events.extend(tagged(more, self.id))
        for hand in s.hands:
            if hand:
                return s, events
        s, more = self.end_round(s)
        events.extend(tagged(more, self.id))
        return s, events

    # --- shared helpers for subclasses -----------------------------------------------------------------
    def empty_seats(self, s: VState) -> VState:
        """The seats' round zones emptied (on a copy: once a round)."""
        n = s.players
        empty: tuple[tuple[str, ...], ...] = tuple([() for _ in range(n)])
        w = s.copy()
        w.discards = empty
        w.taken = empty
        w.aside = empty
        w.trick = ()
        w.last_trick = ()
        w.regular = 0
        w.waiting = ()
        w.tricks = (0,) * n
        w.bonus = (0,) * n
        w.pending = (0,) * n
        return w

    def deal(self, s: VState, cards: Sequence[str], each: int) -> VState:
        """Shuffle `cards` with the state's RNG, deal `each` to every seat; the rest is the deck."""
        rng = Rng(s.rng)
        shuffled = rng.shuffled(list(cards))
        hands = s.hands
        players = s.players
        w = s.copy()
        w.rng = rng.state
        w.hands = tuple(
            [sort_cards([*hands[i], *shuffled[i * each : (i + 1) * each]]) for i in range(players)]
        )
        w.deck = tuple(shuffled[players * each :])
        return w

    def king_number(self, s: VState, seat: int) -> int:
        colour = s.sets[seat]
        table = data.KING_NUMBER_USED if s.king_used[seat] else data.KING_NUMBER_UP
        return table[colour]

    def discard_actions(self, s: VState, seat: int, keep: Container[str] = ()) -> list[str]:
        hand = s.hands[seat]
        if WRAPS:  # compiled: a plain loop (calls through a bound method, `map` and `filterfalse` cost more)
            return [DISCARD[card] for card in hand if card not in keep]
        # C-level passes instead of a comprehension (an exchange lists a 12-card hand per discard)
        return list(map(DISCARD.__getitem__, filterfalse(keep.__contains__, hand)))

    def apply_discard(self, s: VState, seat: int, action: str, keep: Container[str] = ()) -> VState:
        """One owed discard, checked on its own: `action in discard_actions(s, seat, keep)`."""
        card = action[8:]
        hands = s.hands  # (the new state one copy: an exchange is ~15% of actions)
        hand = hands[seat]
        pending = s.pending
        if pending[seat] <= 0 or not action.startswith("discard:") or card in keep or card not in hand:
            raise IllegalAction("unknown_action")
        discards = s.discards
        w = s.copy()
        w.hands = put(hands, seat, without(hand, card))
        w.discards = put(discards, seat, discards[seat] + (card,))
        w.pending = put(pending, seat, pending[seat] - 1)
        new: VState = w
        return new
