"""What a seat may infer about the other hands from the current trick (for the search's sampler).

Rulebook 002_4e143f857986e60e.txt, '# ■トリック' (マストフォロー): a player holding the lead colour must
play it (or a free card: flag, rare; in the variants also the white 11/12). So a number card of another
colour played to a trick with a lead colour is public proof that its player held none of that colour at
that moment. The search's sampler (games/search/sampler.py) must then not deal that player a card of it.

Only the current trick is read: it is all the seat's view keeps, and within one trick a player who has
already played gains no card, except through the cheerleader's exchange (standard game), so no inference
is made once a cheerleader exchange has been used in the round. A standard-game player whose black queen
is down may have played freely (the black queen lifts must-follow for one play, and the trick does not
record which play), so nothing is inferred for that player either; in the variants the trick records the
black queen with its card, and that card proves nothing. (So the two-player game, whose tricks end with
their second card, infers nothing: the last trick is not read, since hands change between tricks.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from games.core.contract import JSON
from games.kings.cards import COLOUR_CODE
from games.kings.variants.components import SUIT

Constraints = dict[tuple[str | int, ...], frozenset[str]]


@cache
def _standard_colour(colour: str) -> frozenset[str]:
    return frozenset(c for c, code in COLOUR_CODE.items() if code == colour)


@cache
def _variant_colour(colour: str) -> frozenset[str]:
    return frozenset(c for c, suit in SUIT.items() if suit == colour)


def _add(out: Constraints, seat: int, cards: frozenset[str]) -> None:
    key: tuple[str | int, ...] = ("hands", seat)
    out[key] = out.get(key, frozenset()) | cards


def _standard(view: Mapping[str, JSON], me: int) -> Constraints:
    out: Constraints = {}
    cheer = view.get("cheer")
    if view.get("phase") != "play" or (isinstance(cheer, Mapping) and cheer.get("used")):
        return out
    seats: Any = view.get("seats") or []
    free = {
        int(s["seat"])
        for s in seats
        if isinstance(s, Mapping) and s.get("king") == "k" and not s.get("queen_up")
    }
    lead = ""
    for entry in view.get("trick") or []:
        if not isinstance(entry, Mapping):
            return {}
        seat, card, queen = int(entry["s"]), str(entry["c"]), str(entry.get("q") or "")
        code = COLOUR_CODE.get(card, "")
        if lead and code and code != lead and seat != me and seat not in free:
            _add(out, seat, _standard_colour(lead))
        if not lead and code and not queen:
            lead = code  # the engine's rule: the first coloured card not turned by a queen sets the colour
    return out


def _variant(view: Mapping[str, JSON], me: int) -> Constraints:
    out: Constraints = {}
    lead = ""
    for entry in view.get("trick") or []:
        if not isinstance(entry, Sequence) or len(entry) < 4:
            return {}
        seat, card, queen = int(str(entry[0])), str(entry[1]), str(entry[3])
        suit = SUIT.get(card, "")
        if lead and suit and suit != lead and seat != me and queen != "k":  # a black queen plays any card
            _add(out, seat, _variant_colour(lead))
        if not lead and suit and queen not in ("w", "b"):
            lead = suit  # variants/tricks.py lead_colour: a white or blue queen's card sets no colour
    return out


def sample_constraints(view: Mapping[str, JSON], seat: int) -> Constraints:
    """{("hands", s): cards seat s cannot hold}, from must-follow in the current trick of `view`."""
    if view.get("variant") in ("standard", "two-player"):
        return _standard(view, seat)
    return _variant(view, seat)
