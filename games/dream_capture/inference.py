"""What a seat may infer about the other hands from the tricks it sees (for the search's sampler).

Rulebook 001_156fd8ce6bcaeb20.txt, 'プレー': the others must follow the led suit, else play a trump,
else anything (games/dream_capture/tricks.py). So a card off the led suit proves its player held none of
that suit, and a card that is neither the led suit nor a trump proves no trump either
(`tricks.suits_shown_lacking`). Within a deal a hand only shrinks once play has begun (the discards come
first), so such a void stays true until the deal ends: the view keeps the voids of the deal's finished
tricks ("voids", kept by the engine) and the trick in progress shows the rest. The face-down discards
were chosen before play, so a void says nothing about them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from games.core.contract import JSON
from games.dream_capture.cards import SUIT_OF, SUITS, TRUMP
from games.dream_capture.tricks import suits_shown_lacking

Constraints = dict[tuple[str | int, ...], frozenset[str]]
_SUIT_LETTERS = frozenset((TRUMP, *SUITS))


@cache
def _cards_of(suits: str) -> frozenset[str]:
    return frozenset(c for c, s in SUIT_OF.items() if s in suits)


def _add(out: Constraints, seat: int, suits: str) -> None:
    if suits:
        key: tuple[str | int, ...] = ("hands", seat)
        out[key] = out.get(key, frozenset()) | _cards_of(suits)


def _trick(entries: object, me: int, out: Constraints) -> None:
    if not isinstance(entries, Sequence) or not entries:
        return
    plays = [(int(str(e[0])), str(e[1])) for e in entries if isinstance(e, Sequence) and len(e) >= 2]
    if not plays or plays[0][1] not in SUIT_OF:
        return
    lead = SUIT_OF[plays[0][1]]
    for seat, card in plays[1:]:
        if seat != me and card in SUIT_OF:
            _add(out, seat, suits_shown_lacking(lead, card))


def sample_constraints(view: Mapping[str, JSON], seat: int) -> Constraints:
    """{("hands", s): cards seat s cannot hold}, from must-follow in this deal's tricks as `view` shows
    them: the voids of the finished tricks and the trick in progress."""
    out: Constraints = {}
    if view.get("phase") != "play":
        return out
    voids = view.get("voids")
    if isinstance(voids, Sequence):
        for other, suits in enumerate(voids):
            if other != seat and isinstance(suits, str):
                _add(out, other, "".join(s for s in suits if s in _SUIT_LETTERS))
    _trick(view.get("trick"), seat, out)
    return out
