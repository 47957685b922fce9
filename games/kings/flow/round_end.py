"""The end of a round: the facts the scoring reads (games/kings/scoring.py) and the scores written.

002_4e143f857986e60e.txt: '■ラウンド1' .. '■ラウンド3' (scoring), '■拡張ルール: デビルとの契約'.
"""

from __future__ import annotations

from typing import Final

from games.core.contract import Event
from games.kings.cards import (
    CHARACTER_OF,
    character_of,
)
from games.kings.flow.common import ROUNDS, is_two, public
from games.kings.provisional import DEVIL_CONTRACT_EARLY_PENALTY
from games.kings.scoring import RoundRules, SeatFacts, score_round
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
    facts, rules = round_facts(t)
    breakdowns = score_round(facts, rules)
    record = []
    all_items = []  # each seat's items, for the event (C-level maps and plain loops: no comprehension frames)
    t.scores = list(t.scores)
    for s, b in enumerate(breakdowns):
        before = t.scores[s]
        plus = minus = 0  # apply_total, inlined: plus points first, minus points as far as they go
        for _, points in b.items:
            if points > 0:
                plus += points
            else:
                minus -= points
        t.scores[s] = max(0, before + plus - minus)
        items = list(map(list, b.items))
        all_items.append(items)
        record.append({"items": items, "before": before, "after": t.scores[s]})
    t.history = [*t.history, record]
    events.append(public(t, "round_scored", round=t.round, scores=list(t.scores), items=all_items))
    if t.round == ROUNDS:
        t.phase = "over"
        events.append(public(t, "game_over", scores=list(t.scores)))
        return
    t.phase = "round_end"
