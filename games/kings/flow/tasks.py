"""Set-up abilities and decisions between the phases: queen recovery, the Gambler's and Berserker's
draws and their discards, and the two-player jack turned at the end of a round.

002_4e143f857986e60e.txt: '■クイーン' (recovery), the character pages (p31~), the two-player page.
"""

from __future__ import annotations

from typing import Final

from games.core.contract import Event
from games.kings.cards import (
    QUEEN_RECOVERY_COST,
    Character,
)
from games.kings.flow.common import (
    CARDS_OF,
    COMPILED,
    EVENT,
    ONLY,
    ask_discard,
    begin_play,
    can_jack3,
    draw,
    drop_first,
    ev,
    is_two,
    private,
    public,
    put,
    seats_from,
)
from games.kings.flow.round_end import record_scores
from games.kings.state import Table


def begin_setup(t: Table, events: list[Event]) -> None:
    t.phase = "setup"
    tasks = list(t.tasks)
    for seat in seats_from(t, t.start_player):
        if t.round > 1 and not t.queen_up[seat] and t.scores[seat] >= QUEEN_RECOVERY_COST[t.own_king[seat]]:
            tasks.append([seat, "recover"])
        bids = t.bids[seat] if t.bids else None
        for card in t.chars[seat]:  # face_up(t, seat), inlined: no list built per seat
            if bids and card in bids:
                continue
            if card in _GAMBLER_CARDS:  # the character's cards as sets: no character_of call per card
                tasks.append([seat, _GAMBLER])
            elif card in _BERSERKER_CARDS:
                tasks.append([seat, _BERSERKER])
    t.tasks = tasks
    _run_tasks(t, events)


_GAMBLER: Final = Character.GAMBLER.value
_BERSERKER: Final = Character.BERSERKER.value
_GAMBLER_CARDS: Final = CARDS_OF[Character.GAMBLER]
_BERSERKER_CARDS: Final = CARDS_OF[Character.BERSERKER]


def _run_tasks(t: Table, events: list[Event]) -> None:
    while t.tasks:
        seat, kind = t.tasks[0]
        if kind in ("recover", "jack3"):
            return  # a decision
        t.tasks = t.tasks[1:]
        if kind == "gambler":
            if len(t.deck) < 2:
                events.append(public(t, "ignored", seat=seat, ability="gambler"))
                continue
            drawn = draw(t, 2)
            t.hands = put(t.hands, seat, t.hands[seat] + drawn)
            events.append(public(t, "drew", seat=seat, count=2, ability="gambler"))
            events.append(private(t, "drew_cards", seat, cards=drawn))
            ask_discard(t, seat, 2)
            return
        if kind == "berserker":
            tens = t.box[: 2 if is_two(t) else 1]
            t.box = t.box[len(tens) :]
            t.hands = put(t.hands, seat, t.hands[seat] + tens)
            events.append(public(t, "berserker_tens", seat=seat, count=len(tens)))
            events.append(private(t, "drew_cards", seat, cards=tens))
            ask_discard(t, seat, len(tens))
            return
    if t.phase == "setup":
        begin_play(t, events)
    elif t.phase == "jack3":
        record_scores(t, events)


def apply_discard(t: Table, seat: int, card: str, events: list[Event]) -> None:
    hands = t.hands = list(t.hands)  # put() and without(), inlined (every discard): fresh lists, never shared
    hand = hands[seat] = list(hands[seat])
    if not (COMPILED and drop_first(hand, card)):
        hand.remove(card)
    discards = t.discards = list(t.discards)
    discards[seat] = discards[seat] + [card]
    t.discard_left -= 1
    events.append(ev(EVENT, ("discarded", {"seat": seat, "card": card, "variant": t.variant}, ONLY[seat])))
    if t.discard_left:
        return
    t.discard_seat = -1
    events.append(public(t, "discard_done", seat=seat))
    if t.phase in ("setup", "jack3"):
        _run_tasks(t, events)


def apply_task_choice(t: Table, seat: int, action: str, events: list[Event]) -> None:
    _, kind = t.tasks[0]
    t.tasks = t.tasks[1:]
    if kind == "recover" and action == "recover":
        cost = QUEEN_RECOVERY_COST[t.own_king[seat]]
        t.scores = put(t.scores, seat, t.scores[seat] - cost)
        t.queen_up = put(t.queen_up, seat, True)
        events.append(public(t, "queen_recovered", seat=seat, cost=cost))
    if kind == "jack3" and action == "jack3":
        t.jack_turned = put(t.jack_turned, seat, True)
        events.append(public(t, "jack_turned", seat=seat))
    _run_tasks(t, events)


def end_round(t: Table, events: list[Event]) -> None:
    t.phase = "jack3"
    tasks = []  # a plain loop (no comprehension frame); can_jack3 holds for two players only
    if is_two(t):
        for s in seats_from(t, t.start_player):
            if can_jack3(t, s):
                tasks.append([s, "jack3"])
    t.tasks = tasks
    _run_tasks(t, events)
