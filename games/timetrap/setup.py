"""A fresh table: options, each player's cards, the date cards and the first start player.

Rulebook 003_3dd097fef3f40e34.txt, section 4 (ゲームの準備).
"""

from __future__ import annotations

from collections.abc import Mapping

from games.core.errors import InvalidOptions
from games.core.rng import Rng, seed_state
from games.timetrap import cards, dates
from games.timetrap.state import LIMITS, State
from games.timetrap.table import public_mask

OPTION_NAMES = ("date_set", "dates")


def _bad(name: str, reason: str, **params: object) -> InvalidOptions:
    return InvalidOptions(f"timetrap.bad_{reason}", name=name, **params)


def parse_options(options: Mapping[str, str]) -> tuple[str, tuple[str, ...] | None]:
    """(date set id, fixed date cards for days 1-6 or None). Raises InvalidOptions, localized."""
    for key in options:
        if key not in OPTION_NAMES:
            raise _bad(key, "option_name", choices=", ".join(OPTION_NAMES))
    set_id = (options.get("date_set") or dates.DEFAULT_SET).strip()
    if set_id not in dates.DATE_SETS:
        raise _bad("date_set", "date_set", value=set_id, choices=", ".join(dates.DATE_SETS))
    raw = (options.get("dates") or "").strip()
    if not raw:
        return set_id, None
    chosen = tuple(part.strip().upper() for part in raw.split(","))
    date_set = dates.DATE_SETS[set_id]
    blue_ids = {c.id for c in date_set.blue}
    yellow_ids = {c.id for c in date_set.yellow}
    if len(chosen) != 6:
        raise _bad("dates", "dates_count", got=len(chosen))
    for day, card_id in enumerate(chosen, start=1):
        wanted = blue_ids if day in dates.BLUE_DAYS else yellow_ids
        if card_id not in wanted:
            colour = "blue" if day in dates.BLUE_DAYS else "yellow"
            raise _bad("dates", f"dates_{colour}", day=day, value=card_id, choices=", ".join(sorted(wanted)))
    if len(set(chosen)) != 6:
        raise _bad("dates", "dates_repeat")
    return set_id, chosen


def setup(players: int, options: Mapping[str, str], seed: int) -> State:
    set_id, fixed = parse_options(options)
    rng = Rng(seed_state(seed))
    hands: list[tuple[str, ...]] = []
    discard: list[str] = []
    everyone = public_mask(players)
    know: dict[str, int] = {}
    for seat in range(players):
        deck = rng.shuffled(cards.time_cards(seat))
        discard.extend(deck[: cards.SETUP_DISCARDS])  # face down: nobody knows them, the owner included
        trap = cards.trap_card(seat)
        hands.append(cards.sorted_hand([*deck[cards.SETUP_DISCARDS :], trap]))
        know[trap] = everyone  # everyone saw each player receive a Time Trap card
    if fixed is None:
        date_set = dates.DATE_SETS[set_id]
        blue = rng.shuffled([c.id for c in date_set.blue])[:3]
        yellow = rng.shuffled([c.id for c in date_set.yellow])[:3]
        fixed = (blue[0], yellow[0], blue[1], yellow[1], blue[2], yellow[2])
    start = rng.below(players)  # "decide by any method": a seeded draw, announced publicly
    return State(
        players=players,
        rng=rng.state,
        date_set=set_id,
        dates=fixed,
        day=1,
        tile_up=True,
        hands=tuple(hands),
        discard=tuple(rng.shuffled(discard)),
        board=((),),
        know=know,
        start=start,
        turn=start,
        limit=LIMITS[players],
        played_today=0,
        traps_today=0,
        after_time=False,
        last_player=None,
        passed=frozenset(),
        out=(0,) * players,
        pending=None,
        over=False,
        winner=None,
        end_reason=None,
    )
