"""Round scoring for the standard and two-player games (002_4e143f857986e60e.txt, '6 勝利点の獲得').

Pure functions over plain facts, in the rulebook's order: (1) bids, (2) win counts (jack, Hermit,
Berserker, Ninja, Devil's minus), (3) the Gambler's +20 for a successful bid, (4) taken cards (Healer,
Collector, used kings' backs), then unused kings in the last round; minus points come last and are paid
from the total only as far as it goes (Ruling).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

from games.kings.cards import (
    COLOUR_CODE,
    JACK_BID,
    JACK_WIN_POINTS,
    UNUSED_KING_POINTS,
    Character,
    Colour,
    card_colour,
    is_flag,
    is_rare,
)
from games.kings.provisional import PROVISIONAL_BIDS

# Bids with win targets: text values plus the PROVISIONAL ones (provisional.py).
BID_POINTS: Final[dict[str, Mapping[int, int]]] = {
    "gambler": {0: 30, 2: 60},
    "ninja": {2: 70},
    "jack": JACK_BID,
    **PROVISIONAL_BIDS,
}
DEVIL_BID_PER_FAILURE: Final = 30
GAMBLER_BONUS: Final = 20
HEALER_CAP: Final = 50
COLLECTOR_STEPS: Final = (0, 20, 50, 80)  # by flags+rares taken, capped at 80
WHITE_KING_STEPS: Final = (0, 20, 50, 80, 150)  # the used white king's back, capped at 150
COLOUR_KING_PER_CARD: Final = 10
WIN_ABILITIES: Final[dict[Character, tuple[int, int]]] = {  # face up: (wins, points)
    Character.HERMIT: (0, 20),
    Character.BERSERKER: (1, 20),
    Character.NINJA: (2, 30),
}
_WIN_ABILITY_ROWS: Final = tuple(
    (character, wins, points, character.value) for character, (wins, points) in WIN_ABILITIES.items()
)
_WIN_CHARACTERS: Final = tuple(row[0] for row in _WIN_ABILITY_ROWS)
DEVIL_UP_WINS: Final = 2
_DEVIL: Final = Character.DEVIL  # a module constant: a comprehension reads it without a cell or a class lookup
DEVIL_UP_PENALTY: Final = (3, 20)  # 3 wins: -20


class SeatFacts(NamedTuple):
    """What one seat brings to scoring. `bids` name bid cards ("healer", "jack", "cheerleader" = COPY).

    NamedTuples (not frozen dataclasses): as immutable, and built several times per round without a
    setattr per field (docs/engine-speed.md)."""

    up: tuple[Character, ...] = ()
    bids: tuple[str, ...] = ()
    tricks: int = 0
    red_queen: int = 0  # wins added by red queens credited to this seat
    taken: tuple[str, ...] = ()
    jack: str | None = None  # colour of a face-up jack that scores by wins
    used_kings: tuple[str, ...] = ()
    unused_kings: tuple[str, ...] = ()
    bid_shift: int = 0  # two-player: +3 from a turned jack
    partner: int | None = None  # KIZUNA partner (face-up Cheerleader)
    copy_of: tuple[int, str] | None = None  # COPY target: (seat, bid card)


class RoundRules(NamedTuple):
    last_round: bool = False
    bid_multiplier: int = 1
    devil_colour: str | None = None
    devil_penalty: int = 0
    # Cheerleader advanced rule: a red queen adds a win only for the player who used it.
    red_queen_user_only: bool = False


class Breakdown(NamedTuple):
    items: tuple[tuple[str, int], ...] = ()

    @property
    def plus(self) -> int:
        return sum(p for _, p in self.items if p > 0)

    @property
    def minus(self) -> int:
        return -sum(p for _, p in self.items if p < 0)


def own_wins(facts: SeatFacts) -> int:
    """Tricks won plus red queens; the face-up Devil adds 2 (always on)."""
    return facts.tricks + facts.red_queen + (DEVIL_UP_WINS if Character.DEVIL in facts.up else 0)


def bid_success(bid: str, wins: int, shift: int = 0) -> int | None:
    """Points of a win-target bid, or None when it fails."""
    table = BID_POINTS.get(bid)
    if table is None:
        return None
    return table.get(wins - shift)


def apply_total(total: int, breakdown: Breakdown) -> int:
    """Plus points first, then minus points as far as the total goes (Ruling: never below 0)."""
    return max(0, total + breakdown.plus - breakdown.minus)


def _taken_for(taken: Sequence[str], colour: str) -> int:
    if colour == Colour.WHITE:
        return sum(1 for c in taken if is_flag(c) or is_rare(c))
    return sum(1 for c in taken if card_colour(c) == colour)


def _taken_counts(taken: Sequence[str]) -> dict[str, int]:
    """Taken cards by colour code in one pass ("w": flags and rares), as `_taken_for` counts them."""
    counts = {"w": 0, "r": 0, "b": 0, "g": 0, "k": 0}
    code = _COUNT_AS
    try:
        for card in taken:  # a plain loop: for a few cards cheaper than C-level map and count passes
            counts[code[card]] += 1
    except KeyError:  # not a card id of the box: count it the general way
        return _taken_by_colour(taken)
    return counts


def _taken_by_colour(taken: Sequence[str]) -> dict[str, int]:
    """_taken_counts' general way, in a function of its own (its comprehension reads `taken`: in
    _taken_counts it would make `taken` a cell on every call)."""
    return {colour: _taken_for(taken, colour) for colour in ("w", "r", "b", "g", "k")}


_COUNT_AS: Final = {card: code or "w" for card, code in COLOUR_CODE.items()}  # flags and rares count as white


def score_round(seats: Sequence[SeatFacts], rules: RoundRules) -> list[Breakdown]:
    """One Breakdown per seat. A KIZUNA Cheerleader reads its partner's bids, wins and taken cards; a COPY
    reads the copied bid with the Cheerleader's own wins; a Devil bid scores 30 per failed bid of the
    other players (a COPY of it, or a partner's, ignores the Devil player and the Cheerleader, and so does
    the copied Devil bid itself)."""
    for me in seats:  # a plain loop (hot path)
        if me.partner is not None or me.copy_of is not None:
            return _score_cheered(seats, rules)
    return _score_own(seats, rules)  # no Cheerleader partner or copy (the usual round)


def _score_cheered(seats: Sequence[SeatFacts], rules: RoundRules) -> list[Breakdown]:
    """score_round in general: any seat may read another's facts (a KIZUNA partner, a COPY). It scores a
    round without them the same as `_score_own` (tests/kings/test_score_paths.py)."""
    n = len(seats)
    refs: list[int] = []  # whose bids, wins and taken cards each seat reads (a KIZUNA partner's)
    for s in range(n):
        partner = seats[s].partner
        refs.append(s if partner is None else partner)

    def count_wins(s: int) -> int:
        r = refs[s]
        if r == s:
            return own_wins(seats[s])
        extra = DEVIL_UP_WINS if Character.DEVIL in seats[s].up else 0
        if rules.red_queen_user_only:  # the partner's red queen is not ours; our own one is
            return own_wins(seats[r]) - seats[r].red_queen + seats[s].red_queen + extra
        return own_wins(seats[r]) + extra

    win_counts = [count_wins(s) for s in range(n)]  # each seat's wins, counted once

    def resolved(s: int, bid: str) -> str:
        copy = seats[s].copy_of
        if bid == "cheerleader" and copy is not None:
            return copy[1]
        return bid

    # Non-Devil bids first: each of a seat's own bid cards, succeeded (points) or failed (None).
    own: dict[tuple[int, int], int | None] = {}
    for s in range(n):
        for i, bid in enumerate(seats[s].bids):
            kind = resolved(s, bid)
            if kind != "devil":
                own[(s, i)] = bid_success(kind, win_counts[s], seats[s].bid_shift)

    def failures(excluded: set[int]) -> int:
        return sum(1 for (s, _), pts in own.items() if pts is None and s not in excluded)

    # COPY of a Devil bid: the copy and the copied bid both count the failures of the players other than
    # the Devil player and the Cheerleader (the copy is no failed bid for the Devil player: when all of them
    # succeed, neither scores; 002, the Cheerleader page).
    copied_by: dict[int, int] = {}
    for s in range(n):
        for i, bid in enumerate(seats[s].bids):
            copy = seats[s].copy_of
            if bid == "cheerleader" and copy is not None and copy[1] == "devil":
                copied_by[copy[0]] = s
                count = failures({s, copy[0]})
                own[(s, i)] = DEVIL_BID_PER_FAILURE * count if count else None
    for s in range(n):
        for i, bid in enumerate(seats[s].bids):
            if bid == "devil":
                count = failures({s, copied_by[s]} if s in copied_by else {s})
                own[(s, i)] = DEVIL_BID_PER_FAILURE * count if count else None

    out: list[Breakdown] = []
    for s in range(n):
        me = seats[s]
        r = refs[s]
        items: list[list[Any]] = []
        if r == s:
            results = [(resolved(s, b), own[(s, i)]) for i, b in enumerate(me.bids)]
        else:  # KIZUNA: the partner's bids; a partner's Devil bid ignores the partner and the Cheerleader
            results = []
            for b in seats[r].bids:
                kind = resolved(r, b)
                if kind == "devil":
                    count = failures({s, r})
                    results.append((kind, DEVIL_BID_PER_FAILURE * count if count else None))
                else:  # judged by the wins the Cheerleader reads (they differ under the advanced rule)
                    results.append((kind, bid_success(kind, win_counts[s], seats[r].bid_shift)))
        # (1) bids
        succeeded = False
        for kind, pts in results:
            if pts is not None:
                succeeded = True
                items.append(["bid_" + kind, pts * rules.bid_multiplier])
        out.append(_facts_items(me, win_counts[s], succeeded, seats[r].taken, rules, items))
    return out


def seat_items(
    up: Sequence[Character],
    w: int,
    succeeded: bool,
    jack: str | None,
    taken: Sequence[str],
    used_kings: Sequence[str],
    unused_kings: Sequence[str],
    last_round: bool,
    devil_colour: str | None,
    devil_penalty: int,
    items: list[list[Any]],
) -> None:
    """A seat's items after its bids, (2) to (4) and the contract, each a [name, points] list (as the round's
    event and the history hold them), from its face-up characters `up`, its wins `w`, its face-up jack's
    colour and the taken cards it reads (its KIZUNA partner's for a Cheerleader). Plain arguments, not a
    SeatFacts: the round's end calls it straight from the table (flow/round_end.py, `own_round_items`)."""
    # (2) win counts
    if jack is not None:
        pts = JACK_WIN_POINTS[jack].get(w, 0)
        if pts:
            items.append(["jack", pts])
    # The loops over `up` run only for a seat with such a character: `in` on a tuple is one C-level pass (by
    # identity, then str equality), where the loops cost a few bytecodes per character.
    for character in up:
        if character in _WIN_CHARACTERS:
            for ability, wins, points, name in _WIN_ABILITY_ROWS:  # by identity: an Enum's hash is a call
                if character is ability:
                    if w == wins:
                        items.append([name, points])
                    break
    if _DEVIL in up and w == DEVIL_UP_PENALTY[0]:
        items.append(["devil", -DEVIL_UP_PENALTY[1]])
    # (3) Gambler: +20 when a bid succeeded (once per Gambler, however many bids succeeded)
    if succeeded and _GAMBLER in up:
        for c in up:
            if c is _GAMBLER:
                items.append(["gambler", GAMBLER_BONUS])
    # (4) taken cards (the partner's for a KIZUNA Cheerleader)
    counts = _taken_counts(taken)
    blue_green = counts["b"] + counts["g"]
    white = counts["w"]
    if (blue_green and _HEALER in up) or (white and _COLLECTOR in up):
        for c in up:
            if c is _HEALER and blue_green:
                items.append(["healer", min(HEALER_CAP, 10 * blue_green)])
            if c is _COLLECTOR and white:
                items.append(["collector", COLLECTOR_STEPS[min(white, 3)]])
    for colour in used_kings:
        count = counts[colour]
        if not count:
            continue
        if colour == Colour.WHITE:
            items.append([_KING_ITEM[colour], WHITE_KING_STEPS[min(count, 4)]])
        else:
            items.append([_KING_ITEM[colour], COLOUR_KING_PER_CARD * count])
    if last_round:
        for colour in unused_kings:
            items.append([_UNUSED_ITEM[colour], UNUSED_KING_POINTS[colour]])
    # minus points last: the Devil contract
    if devil_colour:
        count = counts[devil_colour]
        if count:
            items.append(["contract", -devil_penalty * count])


def _facts_items(
    me: SeatFacts, w: int, succeeded: bool, taken: Sequence[str], rules: RoundRules, items: list[list[Any]]
) -> Breakdown:
    """`seat_items` for a seat's facts, and the seat's Breakdown (its items as tuples)."""
    seat_items(
        me.up,
        w,
        succeeded,
        me.jack,
        taken,
        me.used_kings,
        me.unused_kings,
        rules.last_round,
        rules.devil_colour,
        rules.devil_penalty,
        items,
    )
    return tuple.__new__(Breakdown, (tuple(map(tuple, items)),))


_GAMBLER: Final = Character.GAMBLER
_HEALER: Final = Character.HEALER
_COLLECTOR: Final = Character.COLLECTOR
_KING_ITEM: Final = {code: "king_" + code for code in ("w", "r", "b", "g", "k")}
_UNUSED_ITEM: Final = {code: "unused_" + code for code in ("w", "r", "b", "g", "k")}


def _score_own(seats: Sequence[SeatFacts], rules: RoundRules) -> list[Breakdown]:
    """score_round when no seat has a KIZUNA partner or a COPY: the same items from each seat's own facts,
    without the general path's lookups (every round of a game without the Cheerleader, the hot path)."""
    n = len(seats)
    wins = [me.tricks + me.red_queen + (DEVIL_UP_WINS if _DEVIL in me.up else 0) for me in seats]
    failed = [0] * n  # failed bids per seat (a Devil bid counts the others')
    results: list[list[tuple[str, int | None]]] = []
    points = BID_POINTS
    has_devil_bid = False
    for s in range(n):
        me = seats[s]
        row: list[tuple[str, int | None]] = []
        for bid in me.bids:
            if bid == "devil":
                has_devil_bid = True
                row.append((bid, None))  # scored below, once every other bid is known
                continue
            table = points.get(bid)  # bid_success, inlined
            pts = None if table is None else table.get(wins[s] - me.bid_shift)
            if pts is None:
                failed[s] += 1
            row.append((bid, pts))
        results.append(row)
    if has_devil_bid:  # in seat order, as score_round: an earlier Devil bid's failure counts for a later one
        for s in range(n):
            row = results[s]
            for i, (bid, _) in enumerate(row):
                if bid == "devil":
                    count = sum(failed) - failed[s]
                    if not count:
                        failed[s] += 1
                    row[i] = (bid, DEVIL_BID_PER_FAILURE * count if count else None)
    multiplier = rules.bid_multiplier
    out: list[Breakdown] = []
    for s in range(n):
        me = seats[s]
        items: list[list[Any]] = []
        succeeded = False
        for kind, pts in results[s]:
            if pts is not None:
                succeeded = True
                items.append(["bid_" + kind, pts * multiplier])
        out.append(_facts_items(me, wins[s], succeeded, me.taken, rules, items))
    return out
