"""What a seat may infer about the other hands from the tricks it sees (issue 18: the search's sampler).

Rulebook 001_156fd8ce6bcaeb20.txt, 'プレー': the others must follow the led suit, else play a trump,
else anything (games/dream_capture/tricks.py). So a card off the led suit proves its player held none of
that suit, and a card that is neither the led suit nor a trump proves no trump either. Within a deal a
hand only shrinks once play has begun (the discards come first), so the current trick and the last one
(the view keeps both; the last is cleared at a new deal) stay true until the deal ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from games.core.contract import JSON
from games.dream_capture.cards import SUIT_OF, TRUMP

Constraints = dict[tuple[str | int, ...], frozenset[str]]


@cache
def _suit(suit: str) -> frozenset[str]:
    return frozenset(c for c, s in SUIT_OF.items() if s == suit)


def _trick(entries: object, me: int, out: Constraints) -> None:
    if not isinstance(entries, Sequence) or not entries:
        return
    plays = [(int(str(e[0])), str(e[1])) for e in entries if isinstance(e, Sequence) and len(e) >= 2]
    if not plays:
        return
    lead = SUIT_OF.get(plays[0][1])
    for seat, card in plays[1:]:
        suit = SUIT_OF.get(card)
        if seat == me or lead is None or suit is None or suit == lead:
            continue
        void = _suit(lead) if suit == TRUMP or lead == TRUMP else _suit(lead) | _suit(TRUMP)
        key: tuple[str | int, ...] = ("hands", seat)
        out[key] = out.get(key, frozenset()) | void


def sample_constraints(view: Mapping[str, JSON], seat: int) -> Constraints:
    """{("hands", s): cards seat s cannot hold}, from must-follow in the tricks of `view` this deal."""
    out: Constraints = {}
    if view.get("phase") != "play":
        return out
    _trick(view.get("last_trick"), seat, out)
    _trick(view.get("trick"), seat, out)
    return out
