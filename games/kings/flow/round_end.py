"""The end of a round: the facts the scoring reads (games/kings/scoring.py) and the scores written.

002_4e143f857986e60e.txt: '■ラウンド1' .. '■ラウンド3' (scoring), '■拡張ルール: デビルとの契約'.
"""

from __future__ import annotations

from typing import Any, Final

from games.core.contract import Event
from games.kings.cards import (
    CHARACTER_OF,
    Character,
    character_of,
)
from games.kings.flow.common import EVENT, ROUNDS, TWO_PLAYER, ev, is_two, public
from games.kings.provisional import DEVIL_CONTRACT_EARLY_PENALTY
from games.kings.scoring import (
    BID_POINTS,
    DEVIL_BID_PER_FAILURE,
    DEVIL_UP_WINS,
    Breakdown,
    RoundRules,
    SeatFacts,
    score_round,
    seat_items,
)
from games.kings.state import Table

DEVIL_CONTRACT_LAST_PENALTY: Final = 20
_NAME_OF: Final = {card: character.value for card, character in CHARACTER_OF.items()}  # "healer2" -> "healer"
_BID_NAME: Final = {**_NAME_OF, "jack": "jack"}  # a bid card's name for the scoring


def round_facts(t: Table) -> tuple[list[SeatFacts], RoundRules]:
    n = t.players
    credit = [0] * n
    advanced = t.opts.get("cheerleader_advanced", False)
    for s in range(n):
        if t.red_queen[s]:
            kizuna = s == t.cheer_seat and t.cheer_mode == "kizuna" and t.partner >= 0
            credit[t.partner if kizuna and not advanced else s] += 1
    facts: list[SeatFacts] = []
    used = t.king_used
    of = CHARACTER_OF
    cheer_seat, cheer_mode = t.cheer_seat, t.cheer_mode
    for s in range(n):
        bids = t.bids[s] or []
        names = tuple(map(_BID_NAME.__getitem__, bids))  # a C-level pass: no comprehension frame
        own = t.own_king[s]
        extra = t.extra_kings[s]
        if extra:  # kings_of(t, s): the two-player catch-up kings (plain loops, no comprehension frames)
            kings = ([own] if own else []) + extra
            used_list: list[str] = []
            unused_list: list[str] = []
            for k in kings:
                if used[k]:
                    used_list.append(k)
                else:
                    unused_list.append(k)
            used_kings = tuple(used_list)
            unused_kings = tuple(unused_list)
        elif not own:
            used_kings = unused_kings = ()
        elif used[own]:  # the own king alone (no two-player catch-up kings): no comprehensions
            used_kings, unused_kings = (own,), ()
        else:
            used_kings, unused_kings = (), (own,)
        copy_of = None
        if s == cheer_seat and cheer_mode == "copy" and t.copy_target:
            target, card = t.copy_target
            copy_of = (int(target), "jack" if card == "jack" else character_of(card).value)
        turned = t.jack_turned[s]
        # face_up(t, s) by character: the bids are committed by now (a plain loop: no comprehension frame)
        up_list = []
        for c in t.chars[s]:
            if not bids or c not in bids:
                up_list.append(of[c] if c in of else character_of(c))
        up = tuple(up_list)
        facts.append(
            tuple.__new__(
                SeatFacts,
                (
                    up,  # up
                    names,  # bids
                    t.tricks_won[s],  # tricks
                    credit[s],  # red_queen
                    tuple(t.taken[s]),  # taken
                    own if ("jack" not in bids and not turned) else None,  # jack (jack_up)
                    used_kings,
                    unused_kings,
                    3 if turned else 0,  # bid_shift
                    t.partner if (s == cheer_seat and cheer_mode == "kizuna" and t.partner >= 0) else None,
                    copy_of,
                ),
            )
        )
    last = t.round == ROUNDS
    rules = tuple.__new__(  # RoundRules(...) without its keyword-argument __new__ (once a round)
        RoundRules,
        (
            last,  # last_round
            2 if (is_two(t) and last) else 1,  # bid_multiplier
            t.devil_colour or None,  # devil_colour
            DEVIL_CONTRACT_LAST_PENALTY if last else DEVIL_CONTRACT_EARLY_PENALTY,  # devil_penalty
            advanced,  # red_queen_user_only
        ),
    )
    return facts, rules


def record_scores(t: Table, events: list[Event]) -> None:
    if t.cheer_seat < 0:  # no face-up Cheerleader: every seat scores on its own facts (the usual round)
        all_items = own_round_items(t)
    else:
        facts, rules = round_facts(t)
        all_items = list(map(_item_lists, score_round(facts, rules)))
    record = []
    scores = t.scores = list(t.scores)
    for s in range(t.players):
        items = all_items[s]
        before = scores[s]
        plus = minus = 0  # apply_total, inlined: plus points first, minus points as far as they go
        for item in items:
            points = item[1]
            if points > 0:
                plus += points
            else:
                minus -= points
        after = scores[s] = max(0, before + plus - minus)
        record.append({"items": items, "before": before, "after": after})
    t.history = [*t.history, record]
    data = {"round": t.round, "scores": list(scores), "items": all_items, "variant": t.variant}
    events.append(ev(EVENT, ("round_scored", data, None)))  # public(), inlined (once a round)
    if t.round == ROUNDS:
        t.phase = "over"
        events.append(public(t, "game_over", scores=list(scores)))
        return
    t.phase = "round_end"


def _item_lists(breakdown: Breakdown) -> list[list[Any]]:
    """A Breakdown's items as the event and the history hold them: a list of [name, points] lists."""
    return list(map(list, breakdown.items))


_DEVIL: Final = Character.DEVIL  # a module constant: a StrEnum member read from its class is a Python call


def own_round_items(t: Table) -> list[list[list[Any]]]:
    """Each seat's scoring items, [name, points] lists as the event and the history hold them, equal to
    `score_round(*round_facts(t))`'s when no seat reads another's facts (no face-up Cheerleader, `cheer_seat`
    below 0: every round of a game without the Cheerleader), straight from the table. Why: the facts, the
    rules and the breakdowns were two thirds of a round's end (~155k of a 4p round's ~190k instructions:
    eleven-field tuples built and read field by field, each a generic attribute lookup on the source); here
    each table field is read once and each seat's items are built once. The rules themselves are
    `scoring._score_own`'s (the bids, the Devil bid last) and `scoring.seat_items` (the rest), in the same
    order; tests/kings/test_round_shortcuts.py holds this to the general path on played and randomised tables."""
    n = t.players
    last = t.round == ROUNDS
    all_bids = t.bids
    all_chars = t.chars
    won = t.tricks_won
    red_queens = t.red_queen
    turned_jacks = t.jack_turned
    of = CHARACTER_OF
    bid_points = BID_POINTS
    ups: list[list[Character]] = []
    wins: list[int] = []
    rows: list[list[list[Any]]] = []  # each seat's bids: [kind, points or None (failed)]
    failed = [0] * n  # failed bids per seat (a Devil bid counts the others')
    has_devil_bid = False
    for s in range(n):
        bids = all_bids[s] or ()
        up: list[Character] = []  # face_up(t, s) by character (a plain loop: no comprehension frame)
        for c in all_chars[s]:
            if not bids or c not in bids:
                up.append(of[c] if c in of else character_of(c))
        w = won[s] + (1 if red_queens[s] else 0) + (DEVIL_UP_WINS if _DEVIL in up else 0)
        shift = 3 if turned_jacks[s] else 0
        row: list[list[Any]] = []
        for bid in bids:
            kind = _BID_NAME[bid]
            if kind == "devil":
                has_devil_bid = True
                row.append([kind, None])  # scored below, once every other bid is known
                continue
            table = bid_points.get(kind)  # bid_success, inlined
            pts = None if table is None else table.get(w - shift)
            if pts is None:
                failed[s] += 1
            row.append([kind, pts])
        ups.append(up)
        wins.append(w)
        rows.append(row)
    if has_devil_bid:  # in seat order, as score_round: an earlier Devil bid's failure counts for a later one
        for s in range(n):
            for entry in rows[s]:
                if entry[0] == "devil":
                    count = sum(failed) - failed[s]
                    if not count:
                        failed[s] += 1
                    entry[1] = DEVIL_BID_PER_FAILURE * count if count else None
    multiplier = 2 if (last and t.variant == TWO_PLAYER) else 1
    devil_colour = t.devil_colour or None
    devil_penalty = DEVIL_CONTRACT_LAST_PENALTY if last else DEVIL_CONTRACT_EARLY_PENALTY
    own_kings = t.own_king
    extra_kings = t.extra_kings
    used = t.king_used
    all_taken = t.taken
    out: list[list[list[Any]]] = []
    for s in range(n):
        items: list[list[Any]] = []
        succeeded = False
        for kind, pts in rows[s]:  # (1) the bids
            if pts is not None:
                succeeded = True
                items.append(["bid_" + kind, pts * multiplier])
        own = own_kings[s]
        extra = extra_kings[s]
        if extra:  # kings_of(t, s): the two-player catch-up kings
            used_kings = []
            unused_kings = []
            for k in [own, *extra] if own else extra:
                if used[k]:
                    used_kings.append(k)
                else:
                    unused_kings.append(k)
        elif not own:
            used_kings = unused_kings = _NONE
        elif used[own]:
            used_kings, unused_kings = [own], _NONE
        else:
            used_kings, unused_kings = _NONE, [own]
        seat_bids = all_bids[s]
        jack = own if (not (seat_bids and "jack" in seat_bids) and not turned_jacks[s]) else None  # jack_up
        seat_items(
            ups[s],
            wins[s],
            succeeded,
            jack,
            all_taken[s],
            used_kings,
            unused_kings,
            last,
            devil_colour,
            devil_penalty,
            items,
        )
        out.append(items)
    return out


_NONE: Final[list[str]] = []  # no kings: read only
