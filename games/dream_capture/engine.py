"""The rules as pure functions over State: set-up, dealing, discards, play, and scoring each deal.

Rulebook 001_156fd8ce6bcaeb20.txt. Counter-clockwise is reverse seat order (RULINGS.md), so the seat at a
player's right, who plays next, is seat - 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from games.core.contract import Event
from games.core.errors import IllegalAction, InvalidOptions
from games.core.rng import Rng, seed_state
from games.dream_capture.cards import DECK, HONOURS, SUIT_OF, UNDISCARDABLE, sort_hand
from games.dream_capture.scoring import TEAMS, judge_trick, score_team, team_of
from games.dream_capture.state import (
    DISCARDS_PER_SEAT,
    NO_VOIDS,
    PHASE_DISCARD,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_SCORED,
    SEATS,
    TRICKS_PER_DEAL,
    Bonus,
    State,
)
from games.dream_capture.tricks import add_voids, playable, refusal

DEFAULT_DEALS: Final = 6
DEAL_ACTION: Final = "deal"
OPTION_DEALS: Final = "deals"

# The hot path (docs/engine-speed.md): action strings and to_act sets built once; the next State is built
# from a list of the fields (positions below) with one `tuple.__new__`, events likewise.
_new: Final = tuple.__new__
PLAY: Final = {card: f"play:{card}" for card in DECK}
DISCARD: Final = {card: f"discard:{card}" for card in DECK}
# Each card id to the deck's own object, which the deal hands out: an action's card, looked up here, is
# then found in a hand (`in`, `index`) and in the card tables by identity, before any characters compare.
_DECK_CARD: Final = {card: card for card in DECK}
ONLY: Final = tuple(frozenset((seat,)) for seat in range(SEATS))
_NOBODY: Final[frozenset[int]] = frozenset()
# DISCARDING[mask]: the seats whose bit is set in `mask` (those still discarding).
DISCARDING: Final = tuple(frozenset(s for s in range(SEATS) if mask >> s & 1) for mask in range(1 << SEATS))
_HANDS: Final = State._fields.index("hands")
_DISCARDS: Final = State._fields.index("discards")
_TRICK: Final = State._fields.index("trick")
_LEADER: Final = State._fields.index("leader")
_TRICKS_DONE: Final = State._fields.index("tricks_done")
_WON: Final = State._fields.index("won")
_TRICKS_WON: Final = State._fields.index("tricks_won")
_BONUSES: Final = State._fields.index("bonuses")
_LAST_TRICK: Final = State._fields.index("last_trick")
_LAST_WINNER: Final = State._fields.index("last_winner")
_VOIDS: Final = State._fields.index("voids")
_FIELD: Final = {name: index for index, name in enumerate(State._fields)}


def _replaced(state: State, changes: dict[str, object]) -> State:
    """`state._replace(**changes)` without the keyword call: `_replace` is a Python-level method that
    costs ~13,000 instructions on the compiled build. The reveal of the honours, a deal's scoring and the
    next deal use it; a trick's end, the commonest, writes its fields by position instead."""
    fields: list[object] = list(state)
    for name, value in changes.items():
        fields[_FIELD[name]] = value
    return _new(State, fields)


def right_of(seat: int) -> int:
    """The seat at `seat`'s right: the next one counter-clockwise."""
    return (seat - 1) % SEATS


def parse_options(players: int, options: Mapping[str, str] | None) -> int:
    """Validate the player count and options; returns the number of deals."""
    if players != SEATS:
        raise InvalidOptions("dc_bad_players", got=players)
    deals = DEFAULT_DEALS
    for key, value in (options or {}).items():
        if key != OPTION_DEALS:
            raise InvalidOptions("dc_unknown_option", name=key)
        text = str(value).strip()
        if not text.isdigit() or not 1 <= int(text) <= DEFAULT_DEALS:
            raise InvalidOptions("dc_bad_deals", value=value)
        deals = int(text)
    return deals


def setup(players: int, options: Mapping[str, str] | None, seed: int) -> State:
    """A fresh table: the first dealer is drawn by the seeded RNG (RULINGS.md, 'All games'), then deal 1."""
    deals = parse_options(players, options)
    rng = Rng(seed_state(seed))
    dealer = rng.below(SEATS)
    empty: tuple[tuple[str, ...], ...] = ((),) * SEATS
    blank = State(
        deals=deals,
        deal=0,
        first_dealer=dealer,
        dealer=dealer,
        rng=rng.state,
        phase=PHASE_DISCARD,
        hands=empty,
        discards=empty,
        revealed=empty,
        trick=(),
        leader=right_of(dealer),
        tricks_done=0,
        won=((), ()),
        tricks_won=(0, 0),
        bonuses=(),
        last_trick=(),
        last_winner=None,
        totals=(0, 0),
        history=(),
    )
    return deal_cards(blank, dealer)


def deal_cards(state: State, dealer: int) -> State:
    """'ディール': shuffle all 108 cards and deal them one at a time counter-clockwise, 18 each."""
    rng = Rng(state.rng)
    deck = rng.shuffled(DECK)
    hands: list[list[str]] = [[] for _ in range(SEATS)]
    seat = dealer
    for card in deck:
        seat = right_of(seat)
        hands[seat].append(card)
    empty: tuple[tuple[str, ...], ...] = ((),) * SEATS
    return _replaced(
        state,
        {
            "deal": state.deal + 1,
            "dealer": dealer,
            "rng": rng.state,
            "phase": PHASE_DISCARD,
            "hands": tuple(sort_hand(h) for h in hands),
            "discards": empty,
            "revealed": empty,
            "trick": (),
            "leader": right_of(dealer),
            "tricks_done": 0,
            "won": ((), ()),
            "tricks_won": (0, 0),
            "bonuses": (),
            "last_trick": (),
            "last_winner": None,
            "voids": NO_VOIDS,
        },
    )


def to_act(state: State) -> frozenset[int]:
    phase = state.phase
    if phase == PHASE_PLAY:
        return ONLY[(state.leader - len(state.trick)) % SEATS]  # state.to_play
    if phase == PHASE_DISCARD:
        mask = 0
        for seat, discards in enumerate(state.discards):
            if len(discards) < DISCARDS_PER_SEAT:
                mask |= 1 << seat
        return DISCARDING[mask]
    if phase == PHASE_SCORED:
        return ONLY[right_of(state.dealer)]
    return _NOBODY


def legal_actions(state: State, seat: int) -> list[str]:
    phase = state.phase
    if phase == PHASE_PLAY:
        trick = state.trick
        if seat != (state.leader - len(trick)) % SEATS:  # state.to_play
            return []
        hand = state.hands[seat]
        return [PLAY[c] for c in (playable(hand, SUIT_OF[trick[0][1]]) if trick else hand)]
    if seat not in to_act(state):
        return []
    if phase == PHASE_SCORED:
        return [DEAL_ACTION]
    return [DISCARD[c] for c in state.hands[seat] if c not in UNDISCARDABLE]


def apply(state: State, seat: int, action: str) -> tuple[State, list[Event]]:
    if state.phase == PHASE_OVER:
        raise IllegalAction("game_over")
    if action == DEAL_ACTION:
        if state.phase != PHASE_SCORED:
            raise IllegalAction("unknown_action")
        if seat not in to_act(state):
            raise IllegalAction("not_your_turn")
        return _next_deal(state)
    verb, _, named = action.partition(":")
    card = _DECK_CARD.get(named)
    if verb not in ("discard", "play") or card is None:
        raise IllegalAction("malformed_action")
    if seat not in to_act(state):
        raise IllegalAction("not_your_turn")
    if verb == "discard":
        if state.phase != PHASE_DISCARD:
            raise IllegalAction("dc_not_discarding")
        return _discard(state, seat, card)
    if state.phase != PHASE_PLAY:
        raise IllegalAction("dc_discard_first" if state.phase == PHASE_DISCARD else "unknown_action")
    return _play(state, seat, card)


def _replace_seat(
    piles: tuple[tuple[str, ...], ...], seat: int, pile: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    return piles[:seat] + (pile,) + piles[seat + 1 :]  # noqa: RUF005  (no list detour)


def _without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _discard(state: State, seat: int, card: str) -> tuple[State, list[Event]]:
    """'ディスカード': a secret choice; nobody learns another's discards until the deal is scored."""
    hand = state.hands[seat]
    if card not in hand:
        raise IllegalAction("card_not_in_hand")
    if card in UNDISCARDABLE:
        raise IllegalAction("dc_cannot_discard")
    discards = state.discards[seat] + (card,)
    fields = list(state)
    fields[_HANDS] = _replace_seat(state.hands, seat, _without(hand, card))
    fields[_DISCARDS] = _replace_seat(state.discards, seat, discards)
    state = _new(State, fields)
    events = [
        _new(Event, ("dc_discarded_own", {"seat": seat, "card": card}, ONLY[seat])),
        _new(Event, ("dc_discarded", {"seat": seat, "count": len(discards)}, None)),
    ]
    if all(len(d) == DISCARDS_PER_SEAT for d in state.discards):
        state, more = _reveal_honours(state)
        events.extend(more)
    return state, events


def _reveal_honours(state: State) -> tuple[State, list[Event]]:
    """'役札の公開': everyone holding the Fool, Hope, Dream, World or Magician shows it; then play."""
    revealed = tuple(tuple(c for c in hand if c in HONOURS) for hand in state.hands)
    shown = [[seat, card] for seat in range(SEATS) for card in revealed[seat]]
    state = _replaced(state, {"revealed": revealed, "phase": PHASE_PLAY})
    return state, [
        Event("dc_honours", {"shown": shown}),
        Event("dc_turn", {"seat": state.to_play, "trick": 1}),
    ]


def _play(state: State, seat: int, card: str) -> tuple[State, list[Event]]:
    hand = state.hands[seat]
    if card not in hand:
        raise IllegalAction("card_not_in_hand")
    trick = state.trick
    if trick:
        refused = refusal(hand, SUIT_OF[trick[0][1]], card)
        if refused is not None:
            raise IllegalAction(refused)
    trick = trick + ((seat, card),)  # noqa: RUF005  (no list detour)
    fields = list(state)
    fields[_HANDS] = _replace_seat(state.hands, seat, _without(hand, card))
    fields[_TRICK] = trick
    state = _new(State, fields)
    events = [_new(Event, ("dc_played", {"seat": seat, "card": card, "trick": state.tricks_done + 1}, None))]
    if len(trick) < SEATS:
        return state, events
    state, more = _finish_trick(state)
    return state, events + more


def _finish_trick(state: State) -> tuple[State, list[Event]]:
    number = state.tricks_done + 1
    last = number == TRICKS_PER_DEAL
    result = judge_trick(state.trick, last)
    team = team_of(result.winner)
    cards = tuple(card for _, card in state.trick)
    bonuses = list(state.bonuses)
    events = [
        _new(
            Event,
            (
                "dc_trick",
                {
                    "trick": number,
                    "winner": result.winner,
                    "team": team,
                    "cards": [[s, c] for s, c in state.trick],
                },
                None,
            ),
        )
    ]
    if result.capture:
        bonuses.append(Bonus(team, f"capture_{result.capture}", result.winner, number))
        events.append(Event("dc_capture", {"kind": result.capture, "team": team, "seat": result.winner}))
    if result.magic and result.magician_seat is not None:
        beneficiary = {"success": team_of(result.magician_seat), "failure": team, "vanish": None}[
            result.magic
        ]
        bonuses.append(Bonus(beneficiary, f"magic_{result.magic}", result.magician_seat, number))
        events.append(
            Event("dc_magic", {"result": result.magic, "team": beneficiary, "seat": result.magician_seat})
        )
    won = list(state.won)
    won[team] = won[team] + cards
    tricks_won = list(state.tricks_won)
    tricks_won[team] += 1
    fields = list(state)  # the next State: as `_play` builds it (every trick ends here)
    fields[_TRICK] = ()
    fields[_LEADER] = result.winner
    fields[_TRICKS_DONE] = number
    fields[_WON] = (won[0], won[1])
    fields[_TRICKS_WON] = (tricks_won[0], tricks_won[1])
    fields[_BONUSES] = tuple(bonuses)
    fields[_LAST_TRICK] = state.trick
    fields[_LAST_WINNER] = result.winner
    fields[_VOIDS] = add_voids(state.voids, state.trick)
    state = _new(State, fields)
    if not last:
        events.append(_new(Event, ("dc_turn", {"seat": state.to_play, "trick": number + 1}, None)))
        return state, events
    state, more = _score_deal(state, last_team=team)
    return state, events + more


def _score_deal(state: State, last_team: int) -> tuple[State, list[Event]]:
    """'得点': each team scores its tricks plus the enemy's discards; then the next deal or the end."""
    won = []
    scores = []
    for team in (0, 1):
        enemy_discards = tuple(c for seat in TEAMS[1 - team] for c in state.discards[seat])
        won.append(state.won[team] + enemy_discards)
        captures = sum(1 for b in state.bonuses if b.team == team and b.kind.startswith("capture_"))
        magic = sum(
            1 for b in state.bonuses if b.team == team and b.kind in ("magic_success", "magic_failure")
        )
        scores.append(score_team(won[team], last_team == team, captures, magic))
    totals = (state.totals[0] + scores[0].total, state.totals[1] + scores[1].total)
    shown = [[seat, list(state.discards[seat])] for seat in range(SEATS)]
    empty: tuple[tuple[str, ...], ...] = ((),) * SEATS
    state = _replaced(
        state,
        {
            "discards": empty,
            "won": (won[0], won[1]),
            "totals": totals,
            "history": (*state.history, (scores[0], scores[1])),
        },
    )
    events = [
        Event(
            "dc_deal_scored",
            {
                "deal": state.deal,
                "discards": shown,
                "scores": [s.to_json() for s in scores],
                "totals": list(totals),
            },
        )
    ]
    return _after_deal(state, events)


def _after_deal(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """After the last deal the game is over; otherwise the next dealer (at the right) deals on request.

    The new deal is its own action so that the scored deal's cards, all public now, are never named in the
    same step that puts them back into hidden hands.
    """
    if state.deal >= state.deals:
        state = _replaced(state, {"phase": PHASE_OVER})
        a, b = state.totals
        winner = None if a == b else (0 if a > b else 1)
        events.append(Event("dc_game_over", {"totals": [a, b], "winner": winner}))
        return state, events
    state = _replaced(state, {"phase": PHASE_SCORED})
    events.append(Event("dc_turn_deal", {"seat": right_of(state.dealer), "deal": state.deal + 1}))
    return state, events


def _next_deal(state: State) -> tuple[State, list[Event]]:
    """'ディーラー…ディールごとに反時計回りに交代': the dealer's right deals the next deal."""
    dealer = right_of(state.dealer)
    state = deal_cards(state, dealer)
    return state, [
        Event("dc_deal_started", {"deal": state.deal, "dealer": dealer, "leader": state.leader}),
    ]
