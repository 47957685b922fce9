"""Look-ahead for the TIMETRAP heuristic: determinized samples of the hidden cards, short playouts.

The policy sees only its seat's view. To compare its options near the end of the game it deals the
cards it cannot see at random into a State of its own making (a "determinization"), applies each option
with the public engine functions and plays the position out with quick policies. Only what the view
shows is used: the seat's hand, hand sizes, the board, the date cards, the cards it saw move.

Sampling the unknown cards. Each player starts with nine of their own colour's eleven time cards (two
are discarded face down at setup), so an opponent's unseen cards are mostly of their colour: the sample
fills each opponent's hand from the unseen cards of their colour first, and from the rest only when their
colour runs out. The unseen Time Trap cards (those neither on the board, in this hand, nor seen moving)
go to opponents at random with the rest of the pool; what is left over is the face-down discard pile.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from games.timetrap import cards, dates, rules
from games.timetrap.state import LAST_DAY, Pending, State
from games.timetrap.table import Table


def _all_cards(players: int) -> list[str]:
    out = [c for s in range(players) for c in cards.time_cards(s)]
    out.extend(cards.trap_card(s) for s in range(players))
    return out


def sample_state(view: Mapping[str, Any], rng: random.Random) -> State:
    """A full State consistent with the view, the hidden cards dealt at random (see the module doc)."""
    players = int(view["players"])
    seat = int(view["seat"])
    sizes = [int(n) for n in view["hand_sizes"]]
    mine = list(view["hand"])
    known: Mapping[str, Sequence[str]] = view.get("known") or {}
    seen = set(mine)
    seen.update(c for row in view["board"] for c, _ in row)
    for held in known.values():
        seen.update(held)
    known_discards = list(view.get("known_discards") or ())
    seen.update(known_discards)
    pool = [c for c in _all_cards(players) if c not in seen]
    rng.shuffle(pool)
    hands: list[list[str]] = [[] for _ in range(players)]
    hands[seat] = mine
    for s in range(players):
        if s == seat:
            continue
        hand = list(known.get(str(s), ()))
        need = sizes[s] - len(hand)
        if need > 0:
            prefix = cards.COLOURS[s]
            own = [c for c in pool if c.startswith(prefix) or cards.is_trap(c)]
            take = own[:need]
            if len(take) < need:
                rest = [c for c in pool if c not in take]
                take.extend(rest[: need - len(take)])
            taken = set(take)
            pool = [c for c in pool if c not in taken]
            hand.extend(take)
        hands[s] = hand
    pending_raw = view.get("pending")
    pending = (
        None
        if pending_raw is None
        else Pending(str(pending_raw["kind"]), int(pending_raw["seat"]), int(pending_raw["actor"]))
    )
    last_player = view.get("last_player")
    return State(
        players=players,
        rng=rng.getrandbits(32),
        date_set="house",
        dates=tuple(str(d) for d in view["dates"]),
        day=int(view["day"]),
        tile_up=view["tile"] == "up",
        hands=tuple(tuple(h) for h in hands),
        discard=tuple(known_discards + pool),
        board=tuple(tuple((str(c), int(v)) for c, v in row) for row in view["board"]),
        know={},
        start=int(view["start"]),
        turn=int(view["turn"]),
        limit=int(view["limit"]),
        played_today=int(view["played_today"]),
        traps_today=int(view["traps_today"]),
        after_time=bool(view["trap_allowed_now"]),
        last_player=None if last_player is None else int(last_player),
        passed=frozenset(int(s) for s in view["passed"]),
        out=tuple(1 if gone else 0 for gone in view["eliminated"]),
        pending=pending,
        over=False,
        winner=None,
        end_reason=None,
    )


# Chance to win from the start of day 7, by how many more cards this seat holds than the shortest other
# hand (index: that difference + 2, clamped to 0..5), measured for this AI against random seats (3 and 4
# players, 6,000 games): the day-7 start player plays first and wins ties on fewest cards, so it wins
# nearly always holding no more than anyone else and about 3 times in 4 holding one card more; anyone
# else needs fewer cards than everybody, two fewer to be fairly sure.
START_VALUE: Final = (1.0, 1.0, 1.0, 0.75, 0.12, 0.02)
OTHER_VALUE: Final = (0.9, 0.35, 0.03, 0.0, 0.0, 0.0)


class QuietTable(Table):
    """A Table for playouts: the same rules, without building the events nobody reads."""

    def emit(self, event_kind: str, event_audience: frozenset[int] | None = None, /, **data: object) -> None:
        return None


def turn_options(table: Table, seat: int) -> tuple[list[str], list[str]]:
    """On a turn (nothing pending): the time cards `seat` may play, and the time cards it may discard
    for a Time Trap (empty when no trap may be played). The rules of rules.legal_actions."""
    hand = table.hands[seat]
    row = table.board[table.day - 1] if len(table.board) >= table.day else []
    last = row[-1][1] if row else None
    previous = None if not row or cards.is_trap(row[-1][0]) else row[-1][1]
    blue = dates.blue(table.date())
    up = table.tile_up
    numbers = cards.NUMBER_OF
    plays = []
    time_cards = []
    for c in hand:
        v = numbers.get(c)
        if v is None:
            continue
        time_cards.append(c)
        if last is not None and not (v > last if up else v < last):
            continue
        if blue is None or blue.allows(dates.PlayContext(v, previous)):
            plays.append(c)
    if (
        table.after_time
        and table.traps_today < rules.MAX_TRAPS_PER_DAY
        and len(time_cards) < len(hand)
        and (blue is None or blue.allows(dates.PlayContext(None, previous)))
    ):
        return plays, time_cards
    return plays, []


def fast_legal(table: Table, seat: int) -> list[str]:
    """rules.legal_actions for a Table in a playout (the same rules, without freezing a State)."""
    hand = table.hands[seat]
    pending = table.pending
    if pending is not None:
        if pending.kind == "draw":
            return [f"draw:{s}" for s in table.active() if s != seat and table.hands[s]]
        if pending.kind == "give":
            return [f"give:{c}:{s}" for c in hand for s in table.active() if s != seat]
        return [f"discard:{c}" for c in hand]
    plays, discards = turn_options(table, seat)
    legal = [f"play:{c}" for c in plays] + [f"trap:{c}" for c in discards]
    return legal or ["pass"]


def fast_apply(table: Table, seat: int, action: str) -> None:
    """rules.apply for a legal action, on a Table in a playout (no checks, no frozen State)."""
    kind, _, arg = action.partition(":")
    if kind == "play":
        rules.play_time_card(table, seat, arg)
    elif kind == "trap":
        rules.play_trap(table, seat, arg)
    elif kind == "pass":
        rules.pass_turn(table, seat)
    else:
        rules.resolve_pending(table, seat, kind, arg)


def table_value(table: Table, seat: int) -> float:
    """How good the position is for `seat` once day 7 has begun (or the game is over)."""
    if table.over:
        return 1.0 if table.winner == seat else 0.0
    if table.out[seat]:
        return 0.0
    others = min(len(table.hands[s]) for s in table.active() if s != seat)
    values = START_VALUE if table.start == seat else OTHER_VALUE
    return values[max(0, min(len(table.hands[seat]) - others + 2, len(values) - 1))]


def playout(table: Table, seat: int, rng: random.Random, to_end: bool) -> float:
    """Play on until day 7 begins (or to the end when `to_end`), then score the position for `seat`.

    All seats play at random here: cheap, and the comparison between options is what counts."""
    steps = 0
    draw = rng.random
    while not table.over and (to_end or table.day < LAST_DAY) and steps < 300:
        steps += 1
        if table.pending is not None:
            actor = table.pending.seat
            legal = fast_legal(table, actor)
            fast_apply(table, actor, legal[int(draw() * len(legal))])
            continue
        actor = table.turn
        plays, discards = turn_options(table, actor)
        count = len(plays) + len(discards)
        if not count:
            rules.pass_turn(table, actor)
            continue
        pick = int(draw() * count)  # uniform over the legal actions, as fast_legal lists them
        if pick < len(plays):
            rules.play_time_card(table, actor, plays[pick])
        else:
            rules.play_trap(table, actor, discards[pick - len(plays)])
    return table_value(table, seat)


def choose(
    view: Mapping[str, Any],
    options: Sequence[str],
    rng: random.Random,
    samples: int,
    preferred: str | None = None,
) -> str:
    """The option with the best average playout score over `samples` determinizations (on a tie, the
    `preferred` one: the rules of thumb's choice).

    Every option is tried on the same sampled deals with the same playout random numbers (common random
    numbers), so the comparison measures the options, not the luck of the draw."""
    seat = int(view["seat"])
    to_end = int(view["day"]) >= LAST_DAY
    totals = [0.0] * len(options)
    for _ in range(samples):
        state = sample_state(view, rng)
        seed = rng.getrandbits(64)
        for i, option in enumerate(options):
            table = QuietTable(state)
            fast_apply(table, seat, option)
            totals[i] += playout(table, seat, random.Random(seed), to_end)
    best = max(range(len(options)), key=lambda i: (totals[i], options[i] == preferred))
    return options[best]
