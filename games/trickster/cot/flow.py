"""The round and trick flow of Champions of Time on the shared trick loop (games.trickster.tricks).

Rulebook 000_fcfbe286cff5777b.txt: 【ラウンドの準備】, 【リードとフォロー】, 【トリック終了】,
【ラウンド終了と得点計算】, 【ゲーム終了と勝者】, 【トリックスターに関する特殊処理】, 【２－３人用ルール】,
【２人用の追加ルール】.
"""

from __future__ import annotations

from typing import Final

from games.core.contract import Event, new_event
from games.core.native64 import WRAPS
from games.core.rng import Rng, seed_state
from games.trickster.cot.cards import (
    CARD_HERO,
    CARD_IDS,
    DECK_HEROES,
    HEROES,
    NUM_CARDS,
    TABLE,
    cards_of,
)
from games.trickster.cot.common import EXCHANGE, Need, ids
from games.trickster.cot.effects import CAN, RUN
from games.trickster.cot.options import parse
from games.trickster.cot.scoring import suit_counts, trouble_points
from games.trickster.cot.state import (
    NO_CARD,
    PH_DRAFT,
    PH_EFFECT,
    PH_EXCHANGE,
    PH_OVER,
    PH_PICK,
    PH_PLAY,
    PH_SCORED,
    Pending,
    State,
)
from games.trickster.cot.work import ALONE, EVENT_TYPE, STATE_TYPE, Work
from games.trickster.tricks import NO_SEAT, Pattern, Trick, clockwise, follow_rule, left_of, open_trick

HAND_SIZE: Final = {2: 11, 3: 11, 4: 10, 5: 9, 6: 8, 7: 7}
"""【ラウンドの準備】: ２人 11, ３人 11, ４人 10, ５人 9, ６人 8, ７人 7."""
TRASH_SIZE: Final = 6
TIMELINE_SIZE: Final = 12  # 【２－３人用ルール】
ROUNDS: Final = 3
PATTERN_NAMES: Final = ("open", "suit", "hero", "unique")

_new: Final = tuple.__new__  # `_new(Cls, (...))`: a NamedTuple from a ready tuple (hot path)
_OPEN: Final = Pattern.OPEN  # Enum members as module globals (a class attribute lookup is slower)
_UNIQUE: Final = Pattern.UNIQUE
_BITS: Final = TABLE.bits
TRICK_TYPE: Final = Trick  # compiled: a C static (a NamedTuple class name is a dict read on every use)


def uses_timeline(players: int) -> bool:
    return players <= 3


def draft_start(players: int, first: int) -> int:
    """The draft starts with the first round's Trickster (【推奨デッキ以外の作り方】)."""
    return first if uses_timeline(players) else left_of(first, players)


def drafter(state: State) -> int:
    return (draft_start(state.players, state.first) + len(state.heroes)) % state.players


def new_game(players: int, options: dict[str, str], seed: int) -> State:
    """A fresh table. The oldest player (Leader, or Trickster with 2-3) is drawn by the RNG."""
    setup = parse(options)
    rng = Rng(seed_state(seed))
    first = rng.below(players)
    heroes: tuple[int, ...] = ()
    if setup.mode in ("intro", "strategy"):
        heroes = setup.pool
    elif setup.mode == "random":
        heroes = tuple(sorted(rng.shuffled(setup.pool)[:DECK_HEROES]))
    empty: tuple[tuple[int, ...], ...] = ((),) * players
    state = State(
        players=players,
        options=setup.normalized,
        rng=rng.state,
        phase=PH_DRAFT,
        round=1,
        pool=setup.pool,
        heroes=heroes,
        deck=(),
        trash=(),
        timeline=(),
        hands=empty,
        tableaus=empty,
        known=bytes(((2 << players) - 1,)) * NUM_CARDS,
        trick=None,
        first=first,
        picks=(NO_CARD,) * players,
        pending=None,
        need="",
        choices=(),
        exchange=(),
        buster=NO_SEAT,
        scores=(),
        final=((0,) * 8,) * players,
    )
    if setup.mode == "draft":
        return state
    w = Work(state)
    setup_round(w)
    return w.freeze()


def opening_events(state: State) -> list[Event]:
    """What the set-up drew, announced when the table starts (RULINGS "All games"): the oldest player
    (the first Leader with 4-7 players, the first Trickster with 2-3) is an RNG draw, and without a draft
    the first round is dealt at once, so its public Trash/Timeline and each seat's own hand go out too."""
    n = state.players
    role = "trickster" if uses_timeline(n) else "leader"
    events = [new_event("first_drawn", {"seat": state.first, "role": role})]
    if state.phase == PH_PICK and state.round == 1:
        events.append(
            new_event(
                "round_start",
                {
                    "round": state.round,
                    "trash": ids(state.trash),
                    "timeline": ids(state.timeline),
                    "first": state.first,
                    "deck": len(state.deck),
                },
            )
        )
        events.extend(
            new_event("deal", {"seat": seat, "hand": ids(hand)}, ALONE[seat])
            for seat, hand in enumerate(state.hands)
        )
    return events


# --- round set-up ------------------------------------------------------------------------------
def setup_round(w: Work) -> None:
    """Shuffle the 56 cards; 6 face up to the Trash; deal; Timeline of 12 with 2-3 players."""
    n = w.n
    rng = Rng(w.rng)
    order = rng.shuffled(cards_of(w.heroes))
    w.rng = rng.state
    w.trash = tuple(order[:TRASH_SIZE])
    pos = TRASH_SIZE
    size = HAND_SIZE[n]
    hands = []
    for _ in range(n):
        hands.append(tuple(order[pos : pos + size]))
        pos += size
    w.hands = hands
    if uses_timeline(n):
        w.timeline = tuple(order[pos : pos + TIMELINE_SIZE])
        pos += TIMELINE_SIZE
    else:
        w.timeline = ()
    w.deck = tuple(order[pos:])
    everyone = w.everyone
    known = bytearray((everyone,)) * NUM_CARDS
    for seat, hand in enumerate(hands):
        for card in hand:
            known[card] = 1 << seat
    for card in w.deck:
        known[card] = 0
    w.known = known
    w.tableaus = ((),) * n
    w.trick = None
    w.picks = (NO_CARD,) * n
    w.pending = None
    w.need = ""
    w.choices = ()
    w.exchange = ()
    w.phase = PH_PICK
    w.event(
        "round_start",
        {
            "round": w.round,
            "trash": ids(w.trash),
            "timeline": ids(w.timeline),
            "first": w.first,
            "deck": len(w.deck),
        },
    )
    for seat, hand in enumerate(hands):
        w.event("deal", {"seat": seat, "hand": ids(hand)}, ALONE[seat])


def draft(w: Work, seat: int, hero: int) -> None:
    w.heroes = (*w.heroes, hero)
    w.event("draft", {"seat": seat, "hero": HEROES[hero].code})
    if len(w.heroes) == DECK_HEROES:
        w.heroes = tuple(sorted(w.heroes))
        setup_round(w)


def still_choosing(state: State, seat: int) -> bool:
    """During a secret choice (tableau picks, the Peddler's exchange): does a seat other than `seat`
    still owe its card?"""
    picks = state[15]  # state.picks
    if state[3] == PH_PICK:  # state.phase
        for s, p in enumerate(picks):  # noqa: SIM110  (plain loop: cheaper than any() over a generator)
            if p == NO_CARD and s != seat:
                return True
        return False
    first, second = state[19]  # state.exchange
    return picks[second if seat == first else first] == NO_CARD


def secret_choice(state: State, seat: int, card: int) -> tuple[State, list[Event]]:
    """`seat` makes its secret choice while another seat still chooses: only `picks` changes and the
    table learns that `seat` chose. Same result as commit_pick / commit_exchange, built directly
    (no working copy: most of these actions are such a choice). The tuples are joined from slices, where
    star-unpacking them builds a list first; the event is built as Work.event builds it."""
    picks = state[15]  # state.picks
    picks = picks[:seat] + (card,) + picks[seat + 1 :]  # noqa: RUF005
    kind = "pick_committed" if state[3] == PH_PICK else "exchange_committed"
    event = _new(EVENT_TYPE, (kind, {"seat": seat}, None))
    return _new(STATE_TYPE, state[:15] + (picks,) + state[16:]), [event]  # noqa: RUF005


def commit_pick(w: Work, seat: int, card: int) -> None:
    """The simultaneous secret tableau pick: revealed together once everyone chose."""
    picks = list(w.picks)
    picks[seat] = card
    w.picks = tuple(picks)
    w.event("pick_committed", {"seat": seat})
    if NO_CARD in picks:
        return
    for s, c in enumerate(picks):
        w.take_hand(s, c)
        w.put_tableau(s, c)
    w.picks = (NO_CARD,) * w.n
    w.event("tableau_picks", {"cards": ids(picks)})
    start_trick(w)


# --- tricks ------------------------------------------------------------------------------------
# This section runs on every action, so it reads Trick fields by index (field named in a comment),
# inlines the small games.trickster.tricks helpers it needs (play_card, finish_turn, busts: same rules,
# without the calls) and builds tricks and events straight from tuples.

_EMPTY_TRICKS: Final[dict[tuple[int, int], Trick]] = {}
"""4-7 players: the empty trick led by a seat is always the same immutable value, so it is built once."""


def _empty_trick(players: int, leader: int) -> Trick:
    try:  # a subscript in a `try` (free unless raised: once per seat and player count), not `get`
        return _EMPTY_TRICKS[players, leader]
    except KeyError:
        order = clockwise(leader, players)
        trick = open_trick(TABLE, order, leader=leader, trickster=left_of(leader, players))
        _EMPTY_TRICKS[players, leader] = trick
        return trick


def start_trick(w: Work) -> None:
    n = w.n
    first = w.first
    if n <= 3:  # uses_timeline(n)
        card = w.timeline[0]
        w.timeline = w.timeline[1:]
        order = (first, 1 - first, first, 1 - first) if n == 2 else clockwise(first, n)
        w.trick = open_trick(TABLE, order, leader=NO_SEAT, trickster=first, pot=(card,))
        w.event("trick_start", {"leader": None, "trickster": first, "timeline": CARD_IDS[card]})
    else:
        w.trick = trick = _empty_trick(n, first)
        w.event("trick_start", {"leader": first, "trickster": trick[5], "timeline": None})
    next_turn(w)


def next_turn(w: Work) -> None:
    """The seat to act plays, or busts at once when it cannot follow (an empty hand cannot either)."""
    trick: Trick = w.trick  # type: ignore[assignment]  # never None here (no assert: the hot path)
    order = trick[1]  # trick.order
    seat = order[trick[2] % len(order)]  # trick.turn: order[step % len(order)]
    hand = w.hands[seat]
    # tricks.busts(TABLE, trick, hand) inlined: does any card of the hand obey the pattern?
    pattern = trick[6]  # trick.pattern
    if pattern is _OPEN:
        stuck = not hand
    else:
        mask = trick[7]  # trick.mask
        stuck = True
        if pattern is _UNIQUE:
            for c in hand:
                if not _BITS[c] & mask:
                    stuck = False
                    break
        else:
            for c in hand:
                if _BITS[c] & mask:
                    stuck = False
                    break
    if stuck:
        w.event("cannot_follow", {"seat": seat})
        collect(w, seat)
    else:
        w.phase = PH_PLAY


def play(w: Work, seat: int, card: int, at: int) -> None:
    """The seat to act plays `card`, found at place `at` of its hand (apply's check found it there); its
    effect starts. Effects are mandatory; one that cannot be resolved in its entirety is ignored."""
    trick: Trick = w.trick  # type: ignore[assignment]  # never None here (no assert: the hot path)
    hands = w.hands
    if isinstance(hands, tuple):  # w.take_hand inlined (copy on write)
        hands = w.hands = list(hands)
    hand = hands[seat]
    hands[seat] = hand[:at] + hand[at + 1 :]
    # tricks.play_card inlined (the Trickster stays; the second card sets the pattern)
    pot, order, step, cyclic, leader, trickster, pattern, mask, limit = trick
    pot = pot + (card,)  # noqa: RUF005  (cheaper than (*pot, card), which goes through a list)
    size = len(pot)
    if size == 2:
        pattern, mask = follow_rule(TABLE, pot)
    elif pattern is _UNIQUE:
        mask |= _BITS[card]
    w.trick = _new(TRICK_TYPE, (pot, order, step, cyclic, leader, trickster, pattern, mask, limit))
    events = w.events
    events.append(_new(EVENT_TYPE, ("play", {"seat": seat, "card": CARD_IDS[card]}, None)))
    if size == 2:
        events.append(_new(EVENT_TYPE, ("pattern", {"pattern": PATTERN_NAMES[pattern]}, None)))
    hero = CARD_HERO[card]
    if not CAN[hero](w, seat):
        w.event("ignored", {"seat": seat, "hero": hero})
        end_turn(w)
        return
    settle(w, seat, hero, (), RUN[hero](w, seat, ()), size)


def settle(w: Work, seat: int, hero: int, args: tuple[int, ...], need: Need | None, pot: int) -> None:
    """After an effect step: ask its next question, or end the turn. `pot`: the pot size before it."""
    trick = w.trick
    if pot < 2 and trick is not None and len(trick[0]) >= 2:  # trick.pot (the pot size first: mostly 2+)
        w.event("pattern", {"pattern": PATTERN_NAMES[trick[6]]})  # trick.pattern
    if need is None:
        w.pending = None
        w.need = ""
        w.choices = ()
        w.exchange = ()
        end_turn(w)
        return
    code, actions, record = need
    if record:
        args += record
    w.pending = (hero, seat, args)
    w.need = code
    if code == EXCHANGE:
        w.phase = PH_EXCHANGE
        w.exchange = (seat, args[-1])
        w.choices = ()
        w.picks = (NO_CARD,) * w.n
    else:
        w.phase = PH_EFFECT
        w.choices = actions


def answer(w: Work, value: int) -> None:
    pending: Pending = w.pending  # type: ignore[assignment]  # never None here (no assert)
    hero, seat, args = pending
    args = args + (value,)  # noqa: RUF005  (see play)
    trick = w.trick
    pot = len(trick[0]) if trick else 0  # trick.pot
    settle(w, seat, hero, args, RUN[hero](w, seat, args), pot)


def commit_exchange(w: Work, seat: int, card: int) -> None:
    """Peddler: each side commits its card secretly; the swap happens once both did."""
    picks = list(w.picks)
    picks[seat] = card
    w.picks = tuple(picks)
    w.event("exchange_committed", {"seat": seat})
    first, second = w.exchange
    if picks[first] == NO_CARD or picks[second] == NO_CARD:
        return
    assert w.pending is not None
    hero, player, args = w.pending
    args = (*args, picks[first], picks[second])
    w.picks = (NO_CARD,) * w.n
    pot = len(w.trick.pot) if w.trick else 0
    settle(w, player, hero, args, RUN[hero](w, player, args), pot)


def end_turn(w: Work) -> None:
    """tricks.finish_turn inlined: the Trickster collects when the pot is full (a limit) or every seat
    of a non-cyclic order had its turn; otherwise the next seat is up."""
    trick: Trick = w.trick  # type: ignore[assignment]  # never None here (no assert: the hot path)
    pot, order, step, cyclic, leader, trickster, pattern, mask, limit = trick
    step += 1
    if (limit and len(pot) >= limit) or (not cyclic and step >= len(order)):
        collect(w, trickster)
    else:
        w.trick = _new(TRICK_TYPE, (pot, order, step, cyclic, leader, trickster, pattern, mask, limit))
        next_turn(w)


def collect(w: Work, seat: int) -> None:
    """The buster takes the pot into its tableau and leads next (4-7); with 2-3 players the Trickster
    token passes left whoever busted. A trick's end may end the round."""
    trick: Trick = w.trick  # type: ignore[assignment]  # never None here (no assert: the hot path)
    pot = trick[0]  # trick.pot
    w.set_tableau(seat, w.tableaus[seat] + pot)
    # compiled: a native loop over the tuple (a call to `ids` reads its Sequence generically); the source:
    # one C-level pass (common.ids)
    cards = [CARD_IDS[c] for c in pot] if WRAPS else ids(pot)
    w.event("bust", {"seat": seat, "cards": cards})
    w.buster = seat
    n = w.n
    timeline = n <= 3  # uses_timeline(n)
    w.first = left_of(trick[5], n) if timeline else seat  # trick.trickster
    w.trick = None
    if not all(w.hands) or (timeline and not w.timeline):
        end_round(w)
    else:
        start_trick(w)


def end_round(w: Work) -> None:
    """Hands go face up into the tableaus; trouble points are scored; three rounds make a game."""
    n = w.n
    for seat in range(n):
        w.set_tableau(seat, w.tableaus[seat] + w.hands[seat])
        w.set_hand(seat, ())
    counts = tuple([suit_counts(tableau) for tableau in w.tableaus])
    points, exempt = trouble_points(counts)
    w.scores = (*w.scores, points)
    w.final = counts
    totals = [sum(column) for column in zip(*w.scores, strict=True)]  # per seat, over the rounds
    w.event(
        "round_end",
        {"round": w.round, "points": list(points), "exempt": [list(e) for e in exempt], "totals": totals},
    )
    w.pending = None
    w.need = ""
    w.choices = ()
    w.exchange = ()
    if w.round >= ROUNDS:
        w.phase = PH_OVER
        w.event("game_over", {"totals": totals})
        return
    # The next round is dealt by a separate action, so this round's events never name cards that the
    # new deal hides again (and players see the scores before the cards are gathered).
    w.phase = PH_SCORED


def next_round(w: Work) -> None:
    w.round += 1
    setup_round(w)
