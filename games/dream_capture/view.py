"""What one seat may see, and which cards it may not know (for the invariant checker).

Hidden during a deal: the other seats' hands, except the honours they showed ('役札の公開'), and every
discard but one's own (RULINGS.md, 'All games': secret choices). Cards played to tricks are public, and so
is everything once a deal is scored (the discards are counted into the enemy's pile in the open).

The team piles are face down on the table ('獲得したカードは、チームごとに纏めておく'), so the view shows
how many tricks each team took, not the cards: what was played is told once, by the events.
"""

from __future__ import annotations

from typing import Any

from games.dream_capture.engine import to_act
from games.dream_capture.scoring import TEAMS
from games.dream_capture.state import PHASE_PLAY, SEATS, State


def hidden_from(state: State, seat: int | None) -> set[str]:
    hidden: set[str] = set()
    for other in range(SEATS):
        if other == seat:
            continue
        shown = state.revealed[other]
        hidden.update(c for c in state.hands[other] if c not in shown)
        hidden.update(state.discards[other])
    return hidden


def view(state: State, seat: int | None) -> dict[str, Any]:
    acting = sorted(to_act(state))
    hand: list[str] = [] if seat is None else list(state.hands[seat])
    mine_discarded: list[str] = [] if seat is None else list(state.discards[seat])
    return {
        "game": "dream-capture",
        "players": SEATS,
        "seat": seat,
        "teams": [list(t) for t in TEAMS],
        "team": None if seat is None else seat % 2,
        "deals": state.deals,
        "deal": state.deal,
        "first_dealer": state.first_dealer,
        "dealer": state.dealer,
        "phase": state.phase,
        "to_act": acting,
        "hand": hand,
        "hand_sizes": [len(h) for h in state.hands],
        "my_discards": mine_discarded,
        "discard_counts": [len(d) for d in state.discards],
        # Honours shown before play and still in their holder's hand (played ones are in the trick log).
        "honours": [[c for c in state.revealed[s] if c in state.hands[s]] for s in range(SEATS)],
        "trick_number": min(state.tricks_done + 1, 15),
        "tricks_done": state.tricks_done,
        "leader": state.leader,
        "to_play": state.to_play if state.phase == PHASE_PLAY else None,
        "trick": [[s, c] for s, c in state.trick],
        "last_trick": [[s, c] for s, c in state.last_trick],
        "last_winner": state.last_winner,
        # Per seat, the suits it has shown it lacks this deal (failed to follow in a finished trick; the
        # current trick is in "trick"): what every player at the table saw, kept for them.
        "voids": list(state.voids),
        "tricks_won": list(state.tricks_won),
        "bonuses": [b.to_json() for b in state.bonuses],
        "scores": list(state.totals),
        # Team totals of each scored deal; the item-by-item sheet is in the dc_deal_scored events.
        "history": [[a.total, b.total] for a, b in state.history],
    }
