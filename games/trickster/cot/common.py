"""What every hero effect is made of: the question it asks next (a Need) and the actions answering it.

An effect is two functions. `can(work, me)` says whether it can be resolved in its entirety now (if not,
it is ignored: rulebook 【リードとフォロー】 注意). `run(work, me, args)` performs one step: it is called
once when the card is played (args empty) and once after each answer (args = every answer so far, plus
values the effect recorded, such as randomly revealed cards). It returns the next Need, or None when done.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter
from typing import Final, NamedTuple

from games.core.native64 import WRAPS
from games.trickster.cot.cards import CARD_IDS, HEROES, NUM_CARDS
from games.trickster.cot.work import OPPONENTS, Work

REVEAL_BASE: Final = 1000
"""General: an answer `REVEAL_BASE + card` means "reveal this hand card"; a bare hero int copies."""

EXCHANGE: Final = "ped_give"
"""The Need code that turns the question into the Peddler's simultaneous secret exchange."""

MAX_SEATS: Final = 7

PICK: Final[tuple[str, ...]] = tuple(f"pick:{cid}" for cid in CARD_IDS)
SEAT: Final[tuple[str, ...]] = tuple(f"seat:{s}" for s in range(MAX_SEATS))
COPY: Final[tuple[str, ...]] = tuple(f"copy:{h.code}" for h in HEROES)
REVEAL: Final[tuple[str, ...]] = tuple(f"reveal:{cid}" for cid in CARD_IDS)

ANSWERS: Final[dict[str, int]] = {
    **{a: c for c, a in enumerate(PICK)},
    **{a: s for s, a in enumerate(SEAT)},
    **{a: h for h, a in enumerate(COPY)},
    **{a: REVEAL_BASE + c for c, a in enumerate(REVEAL)},
}
"""Answer action -> the int appended to an effect's args."""

assert NUM_CARDS < REVEAL_BASE


Need = tuple[str, tuple[str, ...], tuple[int, ...]]
"""The next question of an effect: (message code, its legal actions, values to remember). A plain
tuple: most actions ask one, and the flow unpacks it at once (games.trickster.cot.flow.settle)."""


def ask(code: str, actions: tuple[str, ...], record: tuple[int, ...] = ()) -> Need:
    """The Need asking `code`, answered by one of `actions`; `record` is appended to the effect's args."""
    return (code, actions, record)


Can = Callable[[Work, int], bool]
Run = Callable[[Work, int, tuple[int, ...]], Need | None]


class Effect(NamedTuple):
    can: Can
    run: Run


ITEMS: Final = itemgetter
"""`ITEMS(*keys)(table)`: the tuple of two or more keys' entries by one C-level pass. On the source build
only (`not WRAPS`): there a comprehension is a call of its own and each item ~290 instructions, an
itemgetter's item ~90 (and ~1.2k once). One key gives no tuple, so one key takes the comprehension; compiled,
the comprehension is a native loop and cheaper than a call through a Python-level itemgetter."""


def picks(cards: Sequence[int]) -> tuple[str, ...]:
    if not WRAPS and len(cards) > 1:  # the source: one C-level pass (see ITEMS)
        return ITEMS(*cards)(PICK)  # type: ignore[no-any-return]
    return tuple([PICK[c] for c in cards])


def ids(cards: Sequence[int]) -> list[str]:
    if not WRAPS and len(cards) > 1:  # the source: one C-level pass (see ITEMS)
        return list(ITEMS(*cards)(CARD_IDS))
    return [CARD_IDS[c] for c in cards]


def seats(targets: Iterable[int]) -> tuple[str, ...]:
    return tuple([SEAT[s] for s in targets])


OPPONENT_SEATS: Final[tuple[tuple[tuple[str, ...], ...], ...]] = tuple(
    tuple(seats(opponents) for opponents in table) for table in OPPONENTS
)
"""OPPONENT_SEATS[players][me]: the "seat:N" actions naming each opponent (built once)."""


def opponent_seats(w: Work, me: int) -> tuple[str, ...]:
    """The actions choosing "any one opponent" (敵いずれか１人)."""
    return OPPONENT_SEATS[w.n][me]


def opponent_tableau_picks(w: Work, me: int) -> tuple[str, ...]:
    """The actions picking a card of any one opponent's tableau, seat by seat clockwise from `me`."""
    tableaus = w.tableaus
    if not WRAPS:  # the source: the opponents' cards joined, then one C-level pass (see ITEMS)
        cards: tuple[int, ...] = ()
        for s in w.opponents(me):
            cards += tableaus[s]
        return picks(cards)
    return tuple([PICK[c] for s in w.opponents(me) for c in tableaus[s]])


def any_opponent_tableau(w: Work, me: int) -> bool:
    tableaus = w.tableaus
    for s in w.opponents(me):  # noqa: SIM110  (a plain loop: cheaper than any() over a generator)
        if tableaus[s]:
            return True
    return False


def opponents_with_hand(w: Work, me: int, at_least: int = 1) -> list[int]:
    return [s for s in w.opponents(me) if len(w.hands[s]) >= at_least]
