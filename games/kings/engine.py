"""The standard (3-5 players) and two-player games: who acts, what is legal, and each action handed to its
phase (games/kings/flow: deal, draft, bids, tasks, play, round_end; the rules and rulings are cited there).

002_4e143f857986e60e.txt: '■ラウンド1' .. '■ラウンド3' (flow) and the two-player page ('ゲーム変更点' ..).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import Any, Final

from games.core.contract import Event
from games.core.errors import IllegalAction
from games.kings.cards import COLOUR_CODE
from games.kings.flow.bids import apply_bid, apply_cheer, bid_actions, bid_is_legal, cheer_actions
from games.kings.flow.common import (
    COMPILED,
    NOBODY,
    ONLY,
    ROUNDS,
    STANDARD,
    TWO_PLAYER,
    by_king_number,
    current,
    is_two,
    new_trick,
    seat_king_number,
    smallest_king_number,
)
from games.kings.flow.deal import new_table, next_round, setup_events, start_round
from games.kings.flow.draft import apply_draft, apply_extra, draft_actions, draft_is_legal
from games.kings.flow.play import (
    apply_play,
    apply_turn,
    legal_plays,
    play_actions,
    play_is_legal,
    playable,
    turn_actions,
)
from games.kings.flow.round_end import round_facts
from games.kings.flow.tasks import apply_discard, apply_task_choice, begin_setup
from games.kings.state import PLAIN, Table, copy_fields
from games.kings.variants import RULES
from games.kings.variants.base import SEAT
from games.kings.variants.state import VState

__all__ = [
    "ROUNDS",
    "STANDARD",
    "TWO_PLAYER",
    "Table",
    "all_cards",
    "apply",
    "bid_actions",
    "by_king_number",
    "hidden_from",
    "is_two",
    "legal_actions",
    "new_table",
    "placements",
    "round_facts",
    "seat_king_number",
    "setup_events",
    "to_act",
]

# The phase steps the engine's tests drive directly (tests/kings), under the names they had here.
_start_round: Final = start_round
_begin_setup: Final = begin_setup
_new_trick: Final = new_trick

_new_object: Final = object.__new__

# On the source build the `kings` facade binds to_act, legal_actions and apply below as its own per-action
# calls (game.py: one Python call fewer each, as TIMETRAP does), so a variant's state may arrive here too:
# a VState goes straight to its variant's rules (RULES, by its `variant` field: one Python call fewer than
# through the facade's method, on every action of an Ombre, Whist or Napoleon table), anything else back to
# the facade's own methods, which game.py puts here by name.
FACADE: Final[dict[str, Callable[..., Any]]] = {}

# The last list of a play phase turn, draft pick, bid, discard, set-up choice or round's end: _LISTED[0] =
# (the table, the seat, its actions, apply's step for them: the phase, or "discard"), as TIMETRAP keeps its
# turn's list. apply() is nearly always asked about the table whose list was just built, and then finds the
# action in it instead of judging it again. One tuple, replaced whole (no reader sees a
# table with another's list), holding the table itself, so `is` on it can never match another table; a
# table handed out is never changed (apply never changes its input: tests/kings/test_engine_fast_paths.py).
_LISTED: Final[list[tuple[Table | None, int, tuple[str, ...], str]]] = [(None, -1, (), "")]


def to_act(t: Table) -> frozenset[int]:
    if not isinstance(t, Table):  # a variant's state, on the source build (FACADE)
        vs: Any = t
        if type(vs) is VState:
            if vs.phase == "play":  # Variant.to_act's play-phase answer, inlined (hot path)
                regular = vs.regular
                players = vs.players
                turn = (vs.leader + regular) % players if regular < players else vs.waiting[0]
                return SEAT[turn]
            return RULES[vs.variant].to_act(vs)
        return FACADE["to_act"](t)
    phase = t.phase
    discard = t.discard_seat
    if phase == "play":  # the usual case first (hot path); the same answers as the tail below
        if discard >= 0:
            return ONLY[discard]
        if t.exchange_from >= 0:
            return ONLY[t.partner]
        order = t.order
        return ONLY[order[0]] if order else NOBODY
    if phase == "over":
        return NOBODY
    if discard >= 0:
        return ONLY[discard]
    if phase == "draft":
        return ONLY[t.draft_order[0]]
    if t.phase == "extra":
        return frozenset({t.extra_picks[0]})
    if t.phase == "bid":
        return _yet_to_bid(t.bids, t.players)
    if t.phase == "cheer":
        return frozenset({t.cheer_seat})
    if t.phase == "round_end":
        return ONLY[smallest_king_number(t)]
    if t.phase in ("setup", "jack3"):
        return ONLY[t.tasks[0][0]] if t.tasks else NOBODY
    if t.exchange_from >= 0:
        return frozenset({t.partner})
    return frozenset({current(t)}) if t.order else frozenset()


def _yet_to_bid(bids: list[list[str] | None], players: int) -> frozenset[int]:
    """to_act in the bid phase: every seat yet to bid. A function of its own so that to_act has no
    comprehension: one that reads `t` would make `t` a cell of to_act, allocated on every call (see
    docs/engine-speed.md, "an eighth pass")."""
    return frozenset([s for s in range(players) if bids[s] is None])


def legal_actions(t: Table, seat: int) -> list[str]:
    if not isinstance(t, Table):  # a variant's state, on the source build (FACADE)
        vs: Any = t
        if type(vs) is VState:
            return RULES[vs.variant].legal_actions(vs, seat)
        return FACADE["legal_actions"](t, seat)
    phase = t.phase
    if phase == "play" and t.discard_seat < 0 and t.exchange_from < 0:  # the usual case first
        if not t.order or t.order[0] != seat:  # to_act is {order[0]} here
            return []
        out = legal_plays(t, seat)
    elif phase == "draft" and t.discard_seat < 0:  # to_act is {draft_order[0]} here
        if t.draft_order[0] != seat:
            return []
        out = draft_actions(t, seat)
    elif phase == "bid" and t.discard_seat < 0:  # to_act is every seat yet to bid
        if not (0 <= seat < t.players and t.bids[seat] is None):
            return []
        out = bid_actions(t, seat)
    elif t.discard_seat >= 0 and phase != "over":  # to_act is {discard_seat}
        if seat != t.discard_seat:
            return []
        out = _discards(t.hands[seat])
        _LISTED[0] = (t, seat, tuple(out), "discard")
        return out
    elif phase in ("setup", "jack3") and t.tasks:  # to_act is the first task's seat (no discard owed here)
        task = t.tasks[0]
        if seat != task[0]:
            return []
        out = [task[1], "keep"]
    elif phase == "round_end":  # to_act is the smallest king number's seat (no discard owed here)
        if seat != smallest_king_number(t):
            return []
        out = ["next"]
    else:
        return _other_actions(t, seat)
    _LISTED[0] = (t, seat, tuple(out), phase)
    return out


def _listed_has(actions: tuple[str, ...], action: str) -> bool:
    """`action in actions` by a plain loop: the compiled build's form (mypyc compares two str natively, where
    `in` makes a generic comparison call per action listed before it)."""
    for listed in actions:  # noqa: SIM110  (a plain loop: compiled, native)
        if listed == action:
            return True
    return False


def _discards(hand: list[str]) -> list[str]:
    """A hand's discard actions: every string by one C-level call on the source (built once per card);
    compiled, by a plain loop (itemgetter's creation and call are generic calls there)."""
    if COMPILED:  # the module's Final table, not a local: a comprehension reading a local makes it a cell
        return [_DISCARD_OF.get(c) or "discard:" + c for c in hand]
    if len(hand) >= 2:  # itemgetter of one key returns the value itself, not a tuple
        try:
            return list(itemgetter(*hand)(_DISCARD_OF))
        except KeyError:  # not a card id of the box
            pass
    return ["discard:" + c for c in hand]


_DISCARD_OF: Final = {card: "discard:" + card for card in COLOUR_CODE}


def _other_actions(t: Table, seat: int) -> list[str]:
    """legal_actions in the rarer cases (an exchange, the Cheerleader's choice, two-player extra kings);
    legal_actions has answered every discard, pick, bid and round's end before it gets here."""
    if seat not in to_act(t):
        return []
    if t.phase == "extra":
        return [f"extra:{k}" for k in t.king_deck[1:3]]
    if t.phase == "cheer":
        return cheer_actions(t, seat)
    if t.phase in ("setup", "jack3"):
        kind = t.tasks[0][1]
        return [kind, "keep"]
    if t.exchange_from >= 0:
        return [f"return:{c}" for c in t.hands[seat]]
    return turn_actions(t, seat) + play_actions(t, seat)


def apply(t: Table, seat: int, action: str) -> tuple[Table, list[Event]]:
    """The next table and the action's events (each built with the table's variant as the last key of its
    data, so that render_event picks this engine's texts: flow/common.py's `public` and `private`)."""
    if not isinstance(t, Table):  # a variant's state, on the source build (FACADE)
        vs: Any = t
        if type(vs) is VState:
            return RULES[vs.variant].apply(vs, seat, action)
        return FACADE["apply"](t, seat, action)
    phase = t.phase
    route = ""  # the usual actions go straight to their step below (the phase, or "discard")
    listed = _LISTED[0]
    if listed[0] is t and listed[1] == seat:  # the list legal_actions just built for this table and seat
        if not (_listed_has(listed[2], action) if COMPILED else action in listed[2]):
            raise _why_not(t, seat, action)
        route = listed[3]
    elif phase == "play" and t.discard_seat < 0 and t.exchange_from < 0 and t.order:
        # the usual case, checked in one place: to_act is {order[0]}, and _is_legal's play branch
        if seat != t.order[0]:
            raise IllegalAction("not_your_turn")
        if action.startswith("play:"):
            legal = play_is_legal(t, seat, action)
        else:
            legal = action in turn_actions(t, seat)
        if not legal:
            raise _why_not(t, seat, action)
        route = "play"
    elif phase == "draft" and t.discard_seat < 0:  # as in legal_actions: to_act is {draft_order[0]}
        if seat != t.draft_order[0]:
            raise IllegalAction("not_your_turn")
        if not draft_is_legal(t, seat, action):
            raise _why_not(t, seat, action)
        route = "draft"
    elif phase == "bid" and t.discard_seat < 0:  # as in legal_actions
        if not (0 <= seat < t.players and t.bids[seat] is None):
            raise IllegalAction("not_your_turn")
        if not bid_is_legal(t, seat, action):
            raise _why_not(t, seat, action)
        route = "bid"
    elif phase == "round_end" and t.discard_seat < 0:  # as in legal_actions
        if seat != smallest_king_number(t):
            raise IllegalAction("not_your_turn")
        if action != "next":
            raise _why_not(t, seat, action)
    else:
        if t.phase == "over":
            raise IllegalAction("game_over")
        if seat not in to_act(t):
            raise IllegalAction("not_your_turn")
        if not _is_legal(t, seat, action):
            raise _why_not(t, seat, action)
    if PLAIN:  # t.working_copy(), inlined (hot path); Any: compiled, this branch is never taken
        new: Any = _new_object(Table)
        old: Any = t
        new.__dict__ = old.__dict__.copy()
        t = new
    else:
        t = copy_fields(t)
    events: list[Event] = []
    if route:  # a play phase turn, a pick, a bid, a discard, a set-up choice or `next`, checked above
        if route == "play":
            if action[0] == "p":  # "play:...": no other action of a play phase turn starts with a "p"
                apply_play(t, seat, action, events)
            else:
                apply_turn(t, seat, action, events)
        elif route == "draft":
            apply_draft(t, seat, action, events)
        elif route == "bid":
            apply_bid(t, seat, action, events)
        elif route == "discard":
            apply_discard(t, seat, action[8:], events)  # "discard:<card>"
        elif route == "round_end":
            next_round(t, events)
        else:  # "setup", "jack3"
            apply_task_choice(t, seat, action, events)
    elif action.startswith("play:"):  # legal only in the play phase
        apply_play(t, seat, action, events)
    elif action.startswith("discard:"):
        apply_discard(t, seat, action.split(":", 1)[1], events)
    elif phase == "draft":
        apply_draft(t, seat, action, events)
    elif phase == "extra":
        apply_extra(t, seat, action.split(":", 1)[1], events)
    elif phase == "bid":
        apply_bid(t, seat, action, events)
    elif phase == "cheer":
        apply_cheer(t, seat, action, events)
    elif phase == "round_end":
        next_round(t, events)
    elif phase in ("setup", "jack3"):
        apply_task_choice(t, seat, action, events)
    else:
        apply_turn(t, seat, action, events)
    return t, events


def _is_legal(t: Table, seat: int, action: str) -> bool:
    """`action in legal_actions(t, seat)` for a seat to act, checking the one action directly where that is
    the usual case (a discard, a card play) instead of listing every legal action."""
    if t.discard_seat == seat:
        return action.startswith("discard:") and action[8:] in t.hands[seat]
    if t.phase == "play" and t.exchange_from < 0:
        if action.startswith("play:"):
            return play_is_legal(t, seat, action)
        return action in turn_actions(t, seat)
    if t.phase == "draft":
        return draft_is_legal(t, seat, action)
    if t.phase == "bid":
        return bid_is_legal(t, seat, action)
    return action in legal_actions(t, seat)


def _why_not(t: Table, seat: int, action: str) -> IllegalAction:
    parts = action.split(":")
    if parts[0] == "play" and len(parts) > 1 and t.phase == "play":
        if parts[1] not in t.hands[seat]:
            return IllegalAction("card_not_in_hand")
        if parts[1] not in playable(t, seat):
            return IllegalAction("kings_must_follow", colour=t.lead_colour)
    return IllegalAction("unknown_action")


def all_cards(t: Table) -> list[str]:
    out = list(t.deck) + list(t.box) + [e["c"] for e in t.trick]
    for seat in range(t.players):
        out += t.hands[seat] + t.taken[seat] + t.discards[seat]
    return out


def hidden_from(t: Table, seat: int | None) -> set[str]:
    hidden = set(t.deck)
    for s in range(t.players):
        if s != seat:
            hidden.update(t.hands[s])
            hidden.update(t.discards[s])
    if seat is not None:
        hidden.difference_update(c for who, c in t.known if who == seat)
    return hidden


def placements(t: Table) -> tuple[int, ...]:
    """Most points wins; equal points: the smaller king number (text)."""
    ranked = sorted(range(t.players), key=lambda s: (-t.scores[s], seat_king_number(t, s)))
    places = [0] * t.players
    for place, seat in enumerate(ranked, start=1):
        places[seat] = place
    return tuple(places)


def iter_seats(t: Table) -> Iterable[int]:
    return range(t.players)
