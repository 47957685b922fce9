"""The flow of a 49-card Trickster game: set-up, House pick, turns, effects, collecting, Out, the end.

Rulebook: 004_6403efb1403ffcad.txt ("Setup", "How to Play", "Two Player Mode", "Card Effects",
"End of Game"); rulings: RULINGS.md "Trickster". The trick mechanics themselves are in tricks.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from games.core import i18n
from games.core.contract import Event
from games.core.errors import IllegalAction
from games.core.rng import Rng, seed_state
from games.trickster import options as opts
from games.trickster import zones
from games.trickster.cards import (
    ACTIONS_BY_KIND,
    CARD_IDS,
    HERO_OF,
    HEROES,
    HOUSE_ACTIONS,
    PARSE,
    PLAY_ACTIONS,
    TABLE,
    cards_of,
)
from games.trickster.fx import EVENT_TYPE, Fx
from games.trickster.state import EFFECT, HOUSE_PICK, OVER, PENDING_TYPE, PLAYING, STATE_TYPE, Pending, State
from games.trickster.tricks import (
    TRICK_TYPE,
    Pattern,
    Trick,
    clockwise,
    follow_rule,
    left_of,
    open_trick,
    roles_after_collect,
)

POT_LIMIT: Final = 7
_new_trick: Final = tuple.__new__  # a Trick from a ready tuple (hot path; skips NamedTuple.__new__)
_OPEN: Final = Pattern.OPEN
_UNIQUE: Final = Pattern.UNIQUE
_BITS: Final = TABLE.bits
_new_state: Final = tuple.__new__  # a State from ready items (hot path; skips NamedTuple.__new__)
_new_pending: Final = tuple.__new__  # a Pending from a ready tuple (hot path; skips NamedTuple.__new__)
_ONE_OPEN: Final = (-1,)  # commits of a single chooser who has not chosen yet
_ev: Final = tuple.__new__  # `_ev(EVENT_TYPE, (kind, data, audience))`: an Event with no Python call (hot path)
_CAN: Final = tuple(h.can for h in HEROES)  # per hero: its "can be resolved in its entirety" check
_EFFECT: Final = tuple(h.effect for h in HEROES)  # per hero: its effect function

i18n.register(
    {
        "trickster.must_follow": {
            "en": "That card does not follow this trick's pattern; play a card that does.",
            "ja": "そのカードはこのトリックのパターンに従っていません。従うカードを出してください。",
        },
        "trickster.already_chosen": {
            "en": "You have already made that choice; waiting for the others.",
            "ja": "その選択はもう済んでいます。他のプレイヤーを待っています。",
        },
        "trickster.not_an_option": {
            "en": "That choice is not one of the options offered now.",
            "ja": "その選択肢は今は選べません。",
        },
    }
)


def new_trick(players: int, leader: int, trickster: int) -> Trick:
    """3-7 players: every seat once from the Leader, seven-card pot limit. 2 players: alternate.

    An empty trick is an immutable value of (players, leader, trickster): built once, then shared."""
    key = (players, leader, trickster)
    trick = _OPEN_TRICKS.get(key)
    if trick is None:
        trick = _OPEN_TRICKS[key] = _open_trick(players, leader, trickster)
    return trick


_OPEN_TRICKS: Final[dict[tuple[int, int, int], Trick]] = {}


def _open_trick(players: int, leader: int, trickster: int) -> Trick:
    if players == 2:
        return open_trick(TABLE, (leader, trickster), leader=leader, trickster=trickster, cyclic=True)
    return open_trick(TABLE, clockwise(leader, players), leader=leader, trickster=trickster, limit=POT_LIMIT)


def setup(players: int, options: Mapping[str, str] | None, seed: int) -> State:
    """Shuffle, Trash, hands, deck; the Leader is drawn by the RNG (RULINGS: 'the oldest player')."""
    rng = Rng(seed_state(seed))
    chosen = opts.resolve(players, options, rng)
    deck = rng.shuffled(cards_of(chosen.heroes))
    size = chosen.hand_size
    trash = tuple(deck[:size])
    dealt = []  # a plain loop: a generator is a call of its own on 3.11 (and a class compiled)
    start = size
    for _ in range(players):
        dealt.append(tuple(deck[start : start + size]))
        start += size
    hands = tuple(dealt)
    rest = tuple(deck[start:])
    leader = rng.below(players)
    return _new_state(
        STATE_TYPE,
        (
            players,  # players
            chosen.deck_name,  # deck_name
            chosen.heroes,  # heroes
            size,  # hand_size
            chosen.ends_at,  # ends_at
            0,  # outs
            HOUSE_PICK,  # phase
            hands,  # hands
            _NO_HOUSES[players],  # houses
            trash,  # trash
            rest,  # deck
            new_trick(players, leader, left_of(leader, players)),  # trick
            0,  # sideways
            0,  # public
            _NOTHING_SEEN[players],  # seen
            _NO_PICKS[players],  # house_picks
            None,  # pending
            rng.state,  # rng
            0,  # turns
        ),
    )


# set-up's empty per-seat values, built once per player count (tuples: shared safely)
_NO_HOUSES: Final = tuple(((),) * n for n in range(8))
_NOTHING_SEEN: Final = tuple((0,) * n for n in range(8))
_NO_PICKS: Final = tuple((-1,) * n for n in range(8))


_NONE_OUT: Final[list[int]] = []  # nobody is Out: shared, read only (it never reaches an event)
_ONLY_SEAT: Final = tuple(frozenset((s,)) for s in range(8))  # to_act of a single seat, built once
_NOBODY: Final[frozenset[int]] = frozenset()
_SEAT_SETS: Final = tuple(frozenset(s for s in range(8) if mask >> s & 1) for mask in range(256))
"""to_act's set of several seats, by the bit mask of its seats, built once: a `frozenset()` of a fresh list,
and a `zip(..., strict=True)` over the choosers (a keyword call), cost more than the lookup on both builds."""


def to_act(st: State) -> frozenset[int]:
    phase = st[6]  # st.phase (tuple indexes: hot path; the effect phase is the most common)
    if phase == EFFECT:
        p: Pending = st[16]  # type: ignore[assignment]  # st.pending, never None in this phase
        choosers = p[6]
        if len(choosers) == 1:
            return _ONLY_SEAT[choosers[0]]
        commits = p[9]
        waiting = 0  # the seats still to choose, as a bit mask (plain loops: see _SEAT_SETS)
        for i in range(len(choosers)):
            if commits[i] < 0:
                waiting |= 1 << choosers[i]
        return _SEAT_SETS[waiting]
    if phase == PLAYING:
        trick = st[11]
        order = trick[1]  # inlined Trick.turn
        return _ONLY_SEAT[order[trick[2] % len(order)]]
    if phase == HOUSE_PICK:
        picking = 0
        for s, c in enumerate(st[15]):  # st.house_picks
            if c < 0:
                picking |= 1 << s
        return _SEAT_SETS[picking]
    return _NOBODY


def is_over(st: State) -> bool:
    return st[6] == OVER  # st.phase


def legal_actions(st: State, seat: int) -> list[str]:
    phase = st[6]  # st.phase (tuple indexes: hot path; the effect phase is the most common)
    if phase == EFFECT:
        p: Pending = st[16]  # type: ignore[assignment]  # st.pending, never None in this phase
        table = ACTIONS_BY_KIND[p[5]]
        choosers = p[6]
        if len(choosers) == 1:
            if choosers[0] != seat:
                return []
            # a plain loop: `list(map(table.__getitem__, ...))` calls a slot wrapper per item
            legal = []
            for t in p[7][0]:
                legal.append(table[t])
            return legal
        commits = p[9]
        legal = []
        for i in range(len(choosers)):  # by index: `zip(..., strict=True)` is a keyword call
            if choosers[i] == seat and commits[i] < 0:
                for t in p[7][i]:
                    legal.append(table[t])
        return legal
    if phase == PLAYING:
        trick = st[11]
        order = trick[1]  # inlined Trick.turn
        if seat != order[trick[2] % len(order)]:
            return []
        # tricks.legal_plays(TABLE, trick, hand, PLAY_ACTIONS), inlined: one Python call fewer on every
        # turn of the source build, and typed as tuples, which the compiled build iterates directly
        # (legal_plays takes any Sequence and reads it through generic calls there)
        hand: tuple[int, ...] = st[7][seat]  # st.hands
        pattern = trick[6]  # trick.pattern
        legal = []
        if pattern is _OPEN:
            for c in hand:
                legal.append(PLAY_ACTIONS[c])
            return legal
        mask: int = trick[7]  # trick.mask
        if pattern is _UNIQUE:
            for c in hand:
                if not _BITS[c] & mask:
                    legal.append(PLAY_ACTIONS[c])
        else:
            for c in hand:
                if _BITS[c] & mask:
                    legal.append(PLAY_ACTIONS[c])
        return legal
    if phase == HOUSE_PICK:
        if st.house_picks[seat] >= 0:
            return []
        legal = []
        for c in st[7][seat]:  # st.hands; a plain loop: a comprehension is a call of its own on 3.11
            legal.append(HOUSE_ACTIONS[c])
        return legal
    return []


def _busts(trick: Trick, hand: tuple[int, ...]) -> bool:
    """tricks.busts(TABLE, trick, hand) on the State's tuples (typed for the compiled build, as above):
    the seat to act cannot add a card (an empty hand cannot follow either)."""
    pattern = trick[6]  # trick.pattern
    if pattern is _OPEN:
        return not hand
    mask: int = trick[7]  # trick.mask
    if pattern is _UNIQUE:
        for c in hand:  # noqa: SIM110 (a plain loop: cheaper than any() over a generator)
            if not _BITS[c] & mask:
                return False
        return True
    for c in hand:  # noqa: SIM110
        if _BITS[c] & mask:
            return False
    return True


def apply(st: State, seat: int, action: str) -> tuple[State, list[Event]]:
    """Validate, then act on a working copy. Raises IllegalAction with the input untouched."""
    try:  # a subscript (specialized on 3.11) in a `try` (free unless raised), not `PARSE.get` and a test
        kind, token = PARSE[action]
    except KeyError:
        raise IllegalAction("malformed_action") from None
    phase = st[6]  # st.phase (tuple indexes on the hot path)
    if phase == EFFECT:  # the most common action: a choice for an effect
        p: Pending = st[16]  # type: ignore[assignment]  # st.pending, never None in this phase
        choosers = p[6]
        if len(choosers) != 1:
            return _choose_secretly(st, p, seat, kind, token)
        # one chooser, no secrecy to keep (the common case, inlined: it is half of all actions)
        if seat != choosers[0]:
            raise IllegalAction("not_your_turn")
        if kind != p[5] or token not in p[7][0]:
            raise IllegalAction("trickster.not_an_option")
        fx = Fx(st)
        fx.memo = p[4]
        run_effect(fx, p[0], p[1], p[2], p[3] + (token,))  # sets pending and phase
        if fx.pending is None:
            end_turn(fx)
        return fx.freeze(), fx.events
    if phase == PLAYING:
        trick = st[11]  # st.trick
        order = trick[1]  # inlined Trick.turn
        if seat != order[trick[2] % len(order)]:
            raise IllegalAction("not_your_turn")
        if kind != "play":
            raise IllegalAction("unknown_action")
        hands = st[7]  # st.hands
        hand = hands[seat]
        try:
            i = hand.index(token)  # one scan both checks the card and finds it
        except ValueError:
            raise IllegalAction("card_not_in_hand") from None
        pot, _, step, cyclic, leader, trickster, pattern, mask, limit = trick
        # can_follow and play_card, inlined
        if pattern is _OPEN:
            pot = pot + (token,)
            if len(pot) == 2:
                pattern, mask = follow_rule(TABLE, pot)
        elif pattern is _UNIQUE:
            if _BITS[token] & mask:
                raise IllegalAction("trickster.must_follow", pattern=pattern.name.lower())
            pot = pot + (token,)
            mask |= _BITS[token]
        else:
            if not _BITS[token] & mask:
                raise IllegalAction("trickster.must_follow", pattern=pattern.name.lower())
            pot = pot + (token,)
        fx = Fx(st)
        new_hands = list(hands)  # what Fx._hand_remove does, inlined
        new_hands[seat] = hand[:i] + hand[i + 1 :]
        fx.hands = new_hands
        fx.trick = _new_trick(TRICK_TYPE, (pot, order, step, cyclic, leader, trickster, pattern, mask, limit))
        fx.events.append(_ev(EVENT_TYPE, ("play", {"seat": seat, "card": CARD_IDS[token]}, None)))
        hero = HERO_OF[token]  # start_effect, inlined
        if _CAN[hero](fx, seat):
            run_effect(fx, hero, seat, token, ())
            if fx.pending is None:
                end_turn(fx)
        else:
            fx.events.append(_ev(EVENT_TYPE, ("ignored", {"seat": seat, "hero": HEROES[hero].slug}, None)))
            if fx.pending is None:
                end_turn(fx)
        return fx.freeze(), fx.events
    if phase == HOUSE_PICK:
        return _house_pick(st, seat, kind, token)
    raise IllegalAction("game_over")


# --- effects -----------------------------------------------------------------------------------------
def start_effect(fx: Fx, actor: int, card: int) -> None:
    """'When you play a card, you must resolve that hero's effect immediately' — unless it cannot be
    resolved in its entirety, then it is ignored."""
    hero = HERO_OF[card]
    if not _CAN[hero](fx, actor):
        fx.events.append(_ev(EVENT_TYPE, ("ignored", {"seat": actor, "hero": HEROES[hero].slug}, None)))
        return
    run_effect(fx, hero, actor, card, ())


def run_effect(fx: Fx, hero: int, actor: int, card: int, picks: tuple[int, ...]) -> None:
    """Advance an effect until it needs a real choice (forced single choices are made at once)."""
    effect = _EFFECT[hero]
    while True:
        ask = effect(fx, actor, picks)
        if ask is None:
            fx.pending = None
            fx.phase = PLAYING
            return
        kind, choosers, all_options, note = ask
        if len(choosers) == 1:
            options = all_options[0]
            if len(options) == 1:
                picks = picks + (options[0],)
                continue
            fx.pending = _new_pending(
                PENDING_TYPE, (hero, actor, card, picks, fx.memo, kind, choosers, all_options, note, _ONE_OPEN)
            )
            fx.phase = EFFECT
            return
        commits = tuple([o[0] if len(o) == 1 else -1 for o in all_options])
        if -1 not in commits:
            picks = picks + commits
            continue
        fx.pending = _new_pending(
            PENDING_TYPE, (hero, actor, card, picks, fx.memo, kind, choosers, all_options, note, commits)
        )
        fx.phase = EFFECT
        return


def _choose_secretly(st: State, p: Pending, seat: int, kind: str, token: int) -> tuple[State, list[Event]]:
    """A simultaneous secret choice (the Bard's exchange): commit; act once every chooser has chosen."""
    hero, actor, card, picks, memo, p_kind, choosers, options, _note, old_commits = p
    if seat not in choosers:
        raise IllegalAction("not_your_turn")
    i = choosers.index(seat)
    if old_commits[i] >= 0:
        raise IllegalAction("trickster.already_chosen")
    if kind != p_kind or token not in options[i]:
        raise IllegalAction("trickster.not_an_option")
    commits = old_commits[:i] + (token,) + old_commits[i + 1 :]
    if -1 in commits:  # others still choose: only the pending commits change
        return _committed(st, 16, _new_pending(PENDING_TYPE, p[:9] + (commits,)), seat)  # p._replace(commits=...)
    fx = Fx(st)
    fx.memo = memo
    fx.events.append(_ev(EVENT_TYPE, ("committed", {"seat": seat}, None)))
    run_effect(fx, hero, actor, card, picks + commits)  # sets pending and phase
    if fx.pending is None:
        end_turn(fx)
    return fx.freeze(), fx.events


def _committed(st: State, field: int, value: object, seat: int) -> tuple[State, list[Event]]:
    """A secret choice made while others still choose: one State field changes (15 house_picks or
    16 pending), the turn counter moves, and the public event says only that `seat` has chosen."""
    items: list[Any] = list(st)
    items[field] = value
    items[18] = st[18] + 1  # turns
    return _new_state(STATE_TYPE, items), [_ev(EVENT_TYPE, ("committed", {"seat": seat}, None))]


# --- House pick -----------------------------------------------------------------------------------------
def _house_pick(st: State, seat: int, kind: str, token: int) -> tuple[State, list[Event]]:
    """Setup 5: 'each player chooses and reveals one card from their hand at the same time'."""
    if kind != "house":
        raise IllegalAction("unknown_action")
    if st.house_picks[seat] >= 0:
        raise IllegalAction("trickster.already_chosen")
    if token not in st.hands[seat]:
        raise IllegalAction("card_not_in_hand")
    picks = st.house_picks[:seat] + (token,) + st.house_picks[seat + 1 :]
    if -1 in picks:  # only this seat's secret choice changes: no working copy needed
        return _committed(st, 15, picks, seat)
    fx = Fx(st)
    for s, card in enumerate(picks):
        fx._hand_remove(s, card)
        fx.houses = zones.put(fx.houses, s, card)
    fx.events.append(_ev(EVENT_TYPE, ("houses", {"cards": [CARD_IDS[c] for c in picks]}, None)))
    fx.phase = PLAYING
    fx.events.append(_ev(EVENT_TYPE, ("trick", {"leader": fx.trick.leader, "trickster": fx.trick.trickster}, None)))
    begin_turn(fx)
    fx._picks = picks
    return fx.freeze(), fx.events


# --- turns, collecting, Out -------------------------------------------------------------------------------
def end_turn(fx: Fx) -> None:
    """After a card and its effect: next turn, or the Trickster collects (everyone followed / full pot)."""
    # finish_turn, inlined: the Trickster collects when everyone followed or the pot is full
    pot, order, step, cyclic, leader, trickster, pattern, mask, limit = fx.trick
    step += 1
    if (limit and len(pot) >= limit) or (not cyclic and step >= len(order)):
        if collect(fx, trickster):
            begin_turn(fx)
        return
    fx.trick = _new_trick(TRICK_TYPE, (pot, order, step, cyclic, leader, trickster, pattern, mask, limit))
    # the usual case, decided without begin_turn's loop: the next seat has a card it may play
    # (_busts, inlined: one Python call fewer on most actions of the source build)
    hand = fx.hands[order[step % len(order)]]
    if pattern is _OPEN:
        if hand:
            return
    elif pattern is _UNIQUE:
        for c in hand:
            if not _BITS[c] & mask:
                return
    else:
        for c in hand:
            if _BITS[c] & mask:
                return
    begin_turn(fx)


def begin_turn(fx: Fx) -> None:
    """'If you cannot legally play a card, play pauses. You must collect the cards from the Pot'.

    A player with no card in hand cannot follow either (RULINGS.md).
    """
    while fx.phase == PLAYING:
        trick = fx.trick
        order = trick[1]  # inlined Trick.turn
        seat = order[trick[2] % len(order)]
        if not _busts(trick, fx.hands[seat]):
            return
        fx.events.append(_ev(EVENT_TYPE, ("bust", {"seat": seat}, None)))
        if not collect(fx, seat):
            return


def collect(fx: Fx, seat: int) -> bool:
    """The pot goes face up to `seat`'s House; Out check; next Leader. False when the game ended."""
    pot = fx.trick.pot
    fx.houses = zones.replace(fx.houses, seat, fx.houses[seat] + pot)  # fx.set_house, inlined
    cards = []
    for c in pot:  # a plain loop: `map(CARD_IDS.__getitem__, ...)` calls a slot wrapper per card
        cards.append(CARD_IDS[c])
    fx.events.append(_ev(EVENT_TYPE, ("collect", {"seat": seat, "cards": cards}, None)))
    players = fx.players
    hands = fx.hands
    out = [s for s in range(players) if not hands[s]] if () in hands else _NONE_OUT
    leader, trickster = roles_after_collect(seat, players)
    try:  # new_trick's table read here (one call fewer), by a subscript in a `try`: free unless raised
        fx.trick = _OPEN_TRICKS[players, leader, trickster]
    except KeyError:
        fx.trick = new_trick(players, leader, trickster)
    if out:
        fx.outs += 1
        fx.events.append(_ev(EVENT_TYPE, ("out", {"seats": out, "count": fx.outs}, None)))
        if fx.outs >= fx.base.ends_at:
            finish(fx)
            return False
        refill(fx, leader)
    fx.events.append(_ev(EVENT_TYPE, ("trick", {"leader": leader, "trickster": trickster}, None)))
    return True


def refill(fx: Fx, leader: int) -> None:
    """RULINGS: every hand is dealt up to the starting size, in seat order from the next Leader, one
    card at a time; a short deck deals what is left. Cards, Houses and the Trash stay in place."""
    size = fx.base.hand_size
    order = clockwise(leader, fx.players)
    dealt: dict[int, list[int]] = {s: [] for s in order}
    while fx.deck and any(len(fx.hands[s]) < size for s in order):
        for s in order:
            if fx.deck and len(fx.hands[s]) < size:
                card = fx.deck[0]
                fx.deck = fx.deck[1:]
                fx.hands = zones.put(fx.hands, s, card)
                dealt[s].append(card)
    fx.events.append(_ev(EVENT_TYPE, ("refill", {"counts": {str(s): len(c) for s, c in dealt.items()}}, None)))
    for s, cards in dealt.items():
        if cards:
            fx.events.append(
                _ev(EVENT_TYPE, ("drew", {"seat": s, "cards": [CARD_IDS[c] for c in cards]}, frozenset((s,))))
            )


def finish(fx: Fx) -> None:
    """'Before scoring, each player must add any cards remaining in their hand to their House'."""
    for s in range(fx.players):
        if fx.hands[s]:
            fx.set_house(s, fx.houses[s] + fx.hands[s])
            fx.events.append(
                _ev(EVENT_TYPE, ("reveal_hand", {"seat": s, "cards": [CARD_IDS[c] for c in fx.hands[s]]}, None))
            )
            fx.set_hand(s, ())
    fx.phase = OVER
    fx.pending = None
    fx.events.append(_ev(EVENT_TYPE, ("game_over", {}, None)))
