"""What one seat may see of a standard or two-player table, and what it is asked now.

Public: the draft, parties, used kings and queens, played tricks and taken cards (they were played face
up), scores. Private: the seat's own hand, its discards, the cards of its Cheerleader exchange, and its
own bid until all bids are revealed together.
"""

from __future__ import annotations

from typing import Any

from games.core.contract import JSON, Prompt
from games.kings import engine
from games.kings.state import Table


def _seat_public(t: Table, s: int, seat: int | None) -> dict[str, JSON]:
    bids = t.bids[s] if t.bids else None
    show_bids = t.revealed or s == seat
    return {
        "seat": s,
        "score": t.scores[s],
        "king": t.own_king[s],
        "king_used": bool(t.own_king[s]) and t.king_used[t.own_king[s]],
        "king_number": engine.seat_king_number(t, s),
        "extra_kings": [[k, t.king_used[k]] for k in t.extra_kings[s]],
        "queen_up": t.queen_up[s],
        "jack": "bid"
        if (t.revealed and "jack" in (bids or []))
        else ("turned" if t.jack_turned[s] else "up"),
        "chars": list(t.chars[s]),
        "prev_chars": list(t.prev_chars[s]) if t.phase == "draft" else [],
        "bid_committed": bids is not None,
        "bids": list(bids) if (show_bids and bids is not None) else None,
        "hand_count": len(t.hands[s]),
        "discard_count": len(t.discards[s]),
        "taken": list(t.taken[s]),
        "tricks_won": t.tricks_won[s],
        "red_queen": t.red_queen[s],
        "hermits_used": [c for c in t.hermits_used if c in t.chars[s]],
    }


def view(t: Table, seat: int | None) -> dict[str, JSON]:
    out: dict[str, Any] = {
        "game": "kings",
        "variant": t.variant,
        "players": t.players,
        "seat": seat,
        "round": t.round,
        "phase": t.phase,
        "hand_size": t.hand_size,
        "options": dict(t.opts),
        "scores": list(t.scores),
        "seats": [_seat_public(t, s, seat) for s in range(t.players)],
        "deck_count": len(t.deck),
        "devil_colour": t.devil_colour,
        "king_deck": list(t.king_deck),
        "pool": list(t.pool),
        "sets_left": list(t.sets_left),
        "draft_order": list(t.draft_order),
        "start_player": t.start_player,
        "revealed": t.revealed,
        "cheer": {
            "seat": t.cheer_seat,
            "mode": t.cheer_mode,
            "partner": t.partner,
            "copy": list(t.copy_target),
            "used": t.cheer_used,
            "waiting": t.exchange_from >= 0,
        },
        "trick_no": t.trick_no,
        "trick": [dict(e) for e in t.trick],
        "lead_colour": t.lead_colour,
        "order": list(t.order),
        "green_waiting": t.green,
        "free_play": t.free_play,
        "last_trick": [dict(e) for e in t.last_trick],
        "to_act": sorted(engine.to_act(t)),
        "last_scoring": [r["items"] for r in t.history[-1]] if t.history else [],
        "round_totals": [[r["after"] for r in record] for record in t.history],  # public: every round's totals
        "hand": list(t.hands[seat]) if seat is not None else None,
        "my_discards": list(t.discards[seat]) if seat is not None else None,
        "known": [[w, c] for w, c in t.known if w == seat] if seat is not None else [],
        "discarding": t.discard_left if (seat is not None and t.discard_seat == seat) else 0,
    }
    return out


PROMPT_KIND = {
    "draft": "pick",
    "extra": "extra_king",
    "bid": "bid",
    "cheer": "cheer",
    "setup": "recover",
    "jack3": "jack3",
    "round_end": "next_round",
}


def prompt(t: Table, seat: int) -> Prompt | None:
    if seat not in engine.to_act(t):
        return None
    if t.discard_seat == seat:
        return Prompt("discard", {"count": t.discard_left})
    if t.phase == "cheer":
        return Prompt("kizuna" if t.cheer_mode == "kizuna" else "copy", {})
    if t.phase == "bid":
        most = 2 if (t.round == engine.ROUNDS and not engine.is_two(t)) else 1
        return Prompt("bid", {"round": t.round, "max": most})
    if t.phase in PROMPT_KIND and t.phase != "play":
        return Prompt(PROMPT_KIND[t.phase], {"round": t.round})
    if t.exchange_from >= 0:
        return Prompt("exchange_return", {"from": t.exchange_from})
    return Prompt("play", {"lead_colour": t.lead_colour, "trick": t.trick_no})
