"""Rules of the standard (3-5 players) and two-player games: the flow of a round and every action.

002_4e143f857986e60e.txt: '■ラウンド1' .. '■ラウンド3' (flow), '■パーティ編成(オープンドラフト)' (drafts),
'# ■トリック', '■キング', '■クイーン' (tricks), the character pages (p31~), '■拡張ルール: デビルとの契約'
and the two-player page ('ゲーム変更点' ..). Rulings from ../shared/RULINGS.md are marked "Ruling".
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import Any, TypeVar

from games.core.contract import Event
from games.core.errors import IllegalAction
from games.core.rng import Rng, seed_state
from games.kings import tricks
from games.kings.cards import (
    BERSERKER_TENS,
    CHARACTER_OF,
    COLOUR_CODE,
    KING_COLOURS,
    QUEEN_RECOVERY_COST,
    Character,
    Colour,
    all_character_cards,
    card_colour,
    card_number,
    character_of,
    character_pool,
    is_rare,
    king_number,
    playing_cards,
)
from games.kings.provisional import DEVIL_CONTRACT_EARLY_PENALTY, INITIAL_PARTIES
from games.kings.scoring import RoundRules, SeatFacts, score_round
from games.kings.state import Table

STANDARD = "standard"
TWO_PLAYER = "two-player"
ROUNDS = 3
DEVIL_CONTRACT_LAST_PENALTY = 20
CATCH_UP_STEP = 100  # two-player: one devil king per 100 points behind (at most two)

T = TypeVar("T")
# "Only this seat": the usual answer of to_act, built once (docs/engine-speed.md, precomputed tables).
_ONLY: tuple[frozenset[int], ...] = tuple(frozenset({s}) for s in range(8))
_NOBODY: frozenset[int] = frozenset()
_new_object = object.__new__
_TENS = frozenset(BERSERKER_TENS)  # is_berserker_ten as one set lookup (every ten of the box is in it)
_NUMBER_OF: dict[str, int] = {c: card_number(c) or 0 for c in COLOUR_CODE}


# --- copy on write: apply works on a working copy whose lists are shared with its input -------------
def _put(seq: list[T], index: int, value: T) -> list[T]:
    """A copy of `seq` with one item replaced (never change a shared list in place)."""
    out = list(seq)
    out[index] = value
    return out


def _without(seq: list[T], item: T) -> list[T]:
    """A copy of `seq` without the first `item`."""
    out = list(seq)
    out.remove(item)
    return out


# --- small helpers ---------------------------------------------------------------------------------
def is_two(t: Table) -> bool:
    return t.variant == TWO_PLAYER


def seats_from(t: Table, first: int) -> list[int]:
    return list(_SEATS_FROM[t.players][first])


# Seat orders by (players, first seat), built once.
_SEATS_FROM = tuple(tuple(tuple((first + i) % n for i in range(n)) for first in range(n)) for n in range(9))


def seat_king_number(t: Table, seat: int) -> int:
    """Ruling (two-player): a seat holding several kings keeps its own king's number."""
    colour = t.own_king[seat]
    if not colour:
        return 99
    return king_number(colour, t.king_used[colour])


def by_king_number(t: Table) -> list[int]:
    numbers = [seat_king_number(t, s) for s in range(t.players)]
    return sorted(range(t.players), key=numbers.__getitem__)


def smallest_king_number(t: Table) -> int:
    """by_king_number(t)[0] without the sort: the first seat with the smallest king number."""
    numbers = [seat_king_number(t, s) for s in range(t.players)]
    return numbers.index(min(numbers))


def face_up(t: Table, seat: int) -> list[str]:
    """Character cards of `seat` used face up (all three before the bids are committed)."""
    bids = t.bids[seat] if t.bids else None
    return [c for c in t.chars[seat] if not bids or c not in bids]


def has_up(t: Table, seat: int, character: Character) -> bool:
    if not t.revealed and t.phase in ("draft", "bid", "extra"):
        return False
    bids = t.bids[seat] if t.bids else None
    cards = _CARDS_OF[character]
    for card in t.chars[seat]:  # noqa: SIM110  (face_up without building the list; a plain loop, hot path)
        if card in cards and (not bids or card not in bids):
            return True
    return False


# The character cards of each character, for set lookups instead of a call per card (hot path).
_CARDS_OF: dict[Character, frozenset[str]] = {
    character: frozenset(c for c in all_character_cards() if character_of(c) is character) for character in Character
}


def kings_of(t: Table, seat: int) -> list[str]:
    own = [t.own_king[seat]] if t.own_king[seat] else []
    return own + t.extra_kings[seat]


def jack_up(t: Table, seat: int) -> bool:
    """The jack scores by wins unless it is a bid or (two-player) turned for +3."""
    bids = t.bids[seat] or []
    return "jack" not in bids and not t.jack_turned[seat]


def _draw(t: Table, count: int) -> list[str]:
    drawn = t.deck[:count]
    t.deck = t.deck[count:]
    return drawn


def _private(kind: str, seat: int, **data: Any) -> Event:
    payload: dict[str, Any] = {"seat": seat, **data}
    return _ev(Event, (kind, payload, _ONLY[seat]))


def _public(kind: str, **data: Any) -> Event:
    return _ev(Event, (kind, data, None))


_ev = tuple.__new__  # `_ev(Event, (kind, data, audience))`: contract.new_event without a Python call


# --- set-up ---------------------------------------------------------------------------------------
def new_table(players: int, opts: dict[str, bool], seed: int, variant: str) -> tuple[Table, list[Event]]:
    two = variant == TWO_PLAYER
    t = Table(
        variant=variant, players=players, opts=dict(opts), rng=seed_state(seed), hand_size=9 if two else 5
    )
    n = players
    t.scores = [50 if two else 0] * n
    t.own_king = [""] * n
    t.extra_kings = [[] for _ in range(n)]
    t.king_used = {str(c): False for c in KING_COLOURS}
    t.queen_up = [True] * n
    t.jack_turned = [False] * n
    t.chars = [[] for _ in range(n)]
    t.prev_chars = [[] for _ in range(n)]
    t.hands = [[] for _ in range(n)]
    t.taken = [[] for _ in range(n)]
    t.discards = [[] for _ in range(n)]
    t.box = list(BERSERKER_TENS)
    t.deck = list(playing_cards(n))
    t.red_queen = [False] * n
    t.tricks_won = [0] * n
    t.bids = [None] * n
    events: list[Event] = []
    rng = Rng(t.rng)
    if two:
        # Two-player set-up: KQJ sets by random kings; the other three form the king deck (devil order).
        colours = rng.shuffled([str(c) for c in KING_COLOURS])
        t.own_king = colours[:2]
        t.king_deck = colours[2:]
        events.append(_public("kings_dealt", kings=list(t.own_king), king_deck=list(t.king_deck)))
    elif opts.get("initial_parties"):
        colours = rng.shuffled([str(c) for c in KING_COLOURS])[:n]
        remaining = list(_full_pool(t))
        for seat, colour in enumerate(colours):
            t.own_king[seat] = colour
            for name in INITIAL_PARTIES[colour]:
                card = next(c for c in remaining if character_of(c) == name)
                remaining.remove(card)
                t.chars[seat].append(card)
        events.append(_public("initial_parties", kings=list(t.own_king), chars=[list(c) for c in t.chars]))
    t.rng = rng.state
    _start_round(t, events)
    return t, events


def setup_events(t: Table) -> list[Event]:
    """The events `new_table` emitted, rebuilt from the fresh table (the state keeps no seed), so the host
    announces the set-up draws (RULINGS "All games"): the random KQJ sets (two players) or initial
    parties, round 1 with each seat's own hand, and the drawn first drafter (or the start player)."""
    if t.round != 1:
        return []
    n = t.players
    events: list[Event] = []
    if is_two(t):
        events.append(_public("kings_dealt", kings=list(t.own_king), king_deck=list(t.king_deck)))
    elif t.opts.get("initial_parties"):
        events.append(_public("initial_parties", kings=list(t.own_king), chars=[list(c) for c in t.chars]))
    events.append(_public("round_start", round=t.round, devil=t.devil_colour))
    events.extend(_private("deal", seat, cards=list(t.hands[seat])) for seat in range(n))
    if is_two(t):
        return events
    if t.opts.get("initial_parties"):
        events.append(_public("start_player", seat=t.start_player))
    elif t.draft_order:
        events.append(_public("first_drafter", seat=t.draft_order[0]))
    return events


def _full_pool(t: Table) -> tuple[str, ...]:
    key = (t.players, t.opts.get("cheerleader", False), t.opts.get("initial_parties", False))
    pool = _POOLS.get(key)
    if pool is None:
        pool = _POOLS[key] = character_pool(*key)
    return pool


_POOLS: dict[tuple[int, bool, bool], tuple[str, ...]] = {}  # character_pool is pure: built once per set-up


def _devil_colour(t: Table) -> str:
    if is_two(t):
        return t.king_deck[0]
    if not t.opts.get("devil_contract") or t.round == 1:
        return ""
    unchosen = [str(c) for c in KING_COLOURS if str(c) not in t.own_king]
    if len(unchosen) == 1:
        return unchosen[0]
    if len(unchosen) == 2:  # three players: the smaller king number in round 2, the larger in round 3
        return unchosen[t.round - 2]
    return ""


def _start_round(t: Table, events: list[Event]) -> None:
    n = t.players
    cards = t.deck + [c for h in t.hands for c in h] + [c for p in t.taken for c in p]
    cards += [c for p in t.discards for c in p] + [e["c"] for e in t.trick]
    tens = _TENS
    t.box = sorted(set(t.box) | {c for c in cards if c in tens})
    rng = Rng(t.rng)
    t.deck = rng.shuffled(sorted([c for c in cards if c not in tens]))
    t.hands = [sorted(_draw(t, t.hand_size), key=_sort_key) for _ in range(n)]
    t.taken = [[] for _ in range(n)]
    t.discards = [[] for _ in range(n)]
    t.trick, t.last_trick, t.order, t.led_by = [], [], [], []
    t.lead_colour, t.green, t.free_play, t.trick_no = "", -1, False, 1
    t.red_queen = [False] * n
    t.tricks_won = [0] * n
    t.hermits_used = []
    t.bids = [None] * n
    t.revealed = False
    t.cheer_seat, t.cheer_mode, t.partner, t.copy_target = -1, "", -1, []
    t.cheer_used, t.exchange_from, t.known = False, -1, []
    t.tasks, t.discard_seat, t.discard_left = [], -1, 0
    t.jack_turned = [False] * n
    if is_two(t) and t.round > 1:
        t.king_deck = t.king_deck[1:] + t.king_deck[:1]  # the top king goes to the bottom
    t.devil_colour = _devil_colour(t)
    events.append(_public("round_start", round=t.round, devil=t.devil_colour))
    for seat in range(n):
        events.append(_private("deal", seat, cards=list(t.hands[seat])))
    t.phase = "draft"
    if t.round == 1 and not is_two(t):
        if t.opts.get("initial_parties"):
            t.rng = rng.state
            _after_draft(t, events)
            return
        first = rng.below(n)
        forward = seats_from(t, first)
        t.draft_order = forward + forward[::-1] + forward + forward[::-1]
        t.sets_left = [str(c) for c in KING_COLOURS]
        t.pool = list(_full_pool(t))
        events.append(_public("first_drafter", seat=first))
    else:
        if t.round > 1:
            t.prev_chars = [list(c) for c in t.chars]
            t.chars = [[] for _ in range(n)]
        t.pool = list(_full_pool(t))
        t.draft_order = by_king_number(t) * 3
    t.rng = rng.state


def _card_sort_key(card: str) -> tuple[int, int]:
    colour = card_colour(card)
    if colour is None:
        return (5 if is_rare(card) else -1, 0)
    return (list(Colour).index(colour), card_number(card) or 0)


_SORT_KEY: dict[str, tuple[int, int]] = {c: _card_sort_key(c) for c in COLOUR_CODE}
_sort_key = _SORT_KEY.__getitem__  # a C-level sort key for hands (every card id of the box is in it)


def card_sort_key(card: str) -> tuple[int, int]:
    """Hand order: flags, then colours in Colour order by number, then rares."""
    try:
        return _SORT_KEY[card]
    except KeyError:
        return _card_sort_key(card)


# --- the party draft ------------------------------------------------------------------------------
def draft_actions(t: Table, seat: int) -> list[str]:
    if t.round != 1 or t.variant == TWO_PLAYER:  # rounds 2-3 and two players: any card but last round's
        pick = _PICK_OF
        if t.variant == TWO_PLAYER:
            return [pick[c] for c in sorted(t.pool, key=_char_rank)]
        banned = t.prev_chars[seat]
        return [pick[c] for c in sorted(t.pool, key=_char_rank) if c not in banned]
    # Round 1 (3-5 players): a KQJ set, or a character not held yet (the first copy in the pool).
    out: list[str] = []
    if not t.own_king[seat]:
        out.extend(f"set:{c}" for c in t.sets_left)
        if t.draft_order.count(seat) <= 1:
            return out
    if len(t.chars[seat]) >= 3:
        return out
    held = {character_of(c) for c in t.chars[seat]}
    seen: set[Character] = set()
    for card in sorted(t.pool, key=_char_rank):
        character = CHARACTER_OF[card]
        if character not in held and character not in seen:
            seen.add(character)
            out.append(_PICK_OF[card])
    return out


_CHAR_ORDER = {c.value: i for i, c in enumerate(Character)}
_NAME_OF = {card: character.value for card, character in CHARACTER_OF.items()}  # "healer2" -> "healer"
_PICK_OF = {card: f"pick:{card}" for card in CHARACTER_OF}  # draft action strings, built once


def _char_key(card: str) -> tuple[int, str]:
    return (_CHAR_ORDER[card.rstrip("0123456789")], card)


# Draft order of the character cards as one int per card: a C-level sort key (hot path).
_char_rank = {card: i for i, card in enumerate(sorted(all_character_cards(), key=_char_key))}.__getitem__


def _apply_draft(t: Table, seat: int, action: str, events: list[Event]) -> None:
    kind, value = action.split(":", 1)
    t.draft_order = t.draft_order[1:]
    if kind == "set":
        t.own_king = _put(t.own_king, seat, value)
        t.sets_left = _without(t.sets_left, value)
        events.append(_ev(Event, ("took_set", {"seat": seat, "colour": value}, None)))
    else:
        t.pool = _without(t.pool, value)
        t.chars = _put(t.chars, seat, t.chars[seat] + [value])
        events.append(_ev(Event, ("took_char", {"seat": seat, "card": value}, None)))
    if not t.draft_order:
        _after_draft(t, events)


def _after_draft(t: Table, events: list[Event]) -> None:
    t.pool = []
    t.start_player = smallest_king_number(t)
    events.append(_public("start_player", seat=t.start_player))
    if is_two(t) and t.round == ROUNDS:
        for seat in range(t.players):
            behind = max(t.scores) - t.scores[seat]
            count = min(2, behind // CATCH_UP_STEP)
            if count >= 2:
                t.extra_kings = _put(t.extra_kings, seat, list(t.king_deck[1:3]))
                events.append(_public("extra_kings", seat=seat, kings=list(t.extra_kings[seat])))
            elif count == 1:
                t.extra_picks = [seat, 1]
                t.phase = "extra"
                return
    t.phase = "bid"


def _apply_extra(t: Table, seat: int, colour: str, events: list[Event]) -> None:
    t.extra_kings = _put(t.extra_kings, seat, [colour])
    t.extra_picks = []
    events.append(_public("extra_kings", seat=seat, kings=[colour]))
    t.phase = "bid"


# --- bids -----------------------------------------------------------------------------------------
def _bid_items(t: Table, seat: int) -> tuple[list[str], int, str | None]:
    """What a seat may bid: its character cards (and the jack in round 3 or with two players), how many
    at most, and its Cheerleader card if it has one (then it bids nothing or a set with the Cheerleader)."""
    items = list(t.chars[seat])
    two = t.variant == TWO_PLAYER
    if two or t.round == ROUNDS:
        items.append("jack")
    cheerleaders = _CARDS_OF[Character.CHEERLEADER]
    cheer = next((c for c in t.chars[seat] if c in cheerleaders), None)
    return items, 2 if (t.round == ROUNDS and not two) else 1, cheer


def bid_actions(t: Table, seat: int) -> list[str]:
    items, most, cheer = _bid_items(t, seat)
    choices = [c for k in range(1, most + 1) for c in combinations(items, k)]
    if cheer is not None:  # a face-up Cheerleader means no bid at all
        return ["bid:none"] + ["bid:" + ":".join(c) for c in choices if cheer in c]
    return ["bid:" + ":".join(c) for c in choices]


def _bid_is_legal(t: Table, seat: int, action: str) -> bool:
    """`action in bid_actions(t, seat)`, checked directly: one or (round 3) two of the seat's items in
    their listed order, with its Cheerleader if it has one, or "bid:none" for a face-up Cheerleader."""
    if not action.startswith("bid:"):
        return False
    items, most, cheer = _bid_items(t, seat)
    chosen = action[4:].split(":")
    if chosen == ["none"]:
        return cheer is not None
    if not 1 <= len(chosen) <= most or (cheer is not None and cheer not in chosen):
        return False
    last = -1
    for item in chosen:  # combinations() lists each choice once, in the items' order
        if item not in items or items.index(item) <= last:
            return False
        last = items.index(item)
    return True


def _apply_bid(t: Table, seat: int, action: str, events: list[Event]) -> None:
    items = action.split(":")[1:]
    t.bids = _put(t.bids, seat, [] if items == ["none"] else items)
    events.append(_ev(Event, ("bid_committed", {"seat": seat}, None)))
    if any(b is None for b in t.bids):
        return
    t.revealed = True
    events.append(_public("bids_revealed", bids=[list(b or []) for b in t.bids]))
    for s in range(t.players):
        for card in t.chars[s]:
            if character_of(card) is Character.CHEERLEADER:
                t.cheer_seat = s
                t.cheer_mode = "copy" if card in (t.bids[s] or []) else "kizuna"
                t.phase = "cheer"
                return
    _begin_setup(t, events)


def cheer_actions(t: Table, seat: int) -> list[str]:
    others = [s for s in range(t.players) if s != seat]
    if t.cheer_mode == "kizuna":
        return [f"partner:{s}" for s in others]
    return [f"copy:{s}:{b}" for s in others for b in t.bids[s] or []]


def _apply_cheer(t: Table, seat: int, action: str, events: list[Event]) -> None:
    parts = action.split(":")
    if parts[0] == "partner":
        t.partner = int(parts[1])
        events.append(_public("kizuna", seat=seat, partner=t.partner))
    else:
        t.copy_target = [int(parts[1]), parts[2]]
        events.append(_public("copy", seat=seat, target=int(parts[1]), bid=parts[2]))
    _begin_setup(t, events)


# --- set-up abilities and queen recovery ---------------------------------------------------------
def _begin_setup(t: Table, events: list[Event]) -> None:
    t.phase = "setup"
    tasks = list(t.tasks)
    for seat in seats_from(t, t.start_player):
        if t.round > 1 and not t.queen_up[seat] and t.scores[seat] >= QUEEN_RECOVERY_COST[t.own_king[seat]]:
            tasks.append([seat, "recover"])
        for card in face_up(t, seat):
            if character_of(card) in (Character.GAMBLER, Character.BERSERKER):
                tasks.append([seat, character_of(card).value])
    t.tasks = tasks
    _run_tasks(t, events)


def _run_tasks(t: Table, events: list[Event]) -> None:
    while t.tasks:
        seat, kind = t.tasks[0]
        if kind in ("recover", "jack3"):
            return  # a decision
        t.tasks = t.tasks[1:]
        if kind == "gambler":
            if len(t.deck) < 2:
                events.append(_public("ignored", seat=seat, ability="gambler"))
                continue
            drawn = _draw(t, 2)
            t.hands = _put(t.hands, seat, t.hands[seat] + drawn)
            events.append(_public("drew", seat=seat, count=2, ability="gambler"))
            events.append(_private("drew_cards", seat, cards=drawn))
            _ask_discard(t, seat, 2)
            return
        if kind == "berserker":
            tens = t.box[: 2 if is_two(t) else 1]
            t.box = t.box[len(tens) :]
            t.hands = _put(t.hands, seat, t.hands[seat] + tens)
            events.append(_public("berserker_tens", seat=seat, count=len(tens)))
            events.append(_private("drew_cards", seat, cards=tens))
            _ask_discard(t, seat, len(tens))
            return
    if t.phase == "setup":
        _begin_play(t, events)
    elif t.phase == "jack3":
        _score(t, events)


def _ask_discard(t: Table, seat: int, count: int) -> None:
    t.hands = _put(t.hands, seat, sorted(t.hands[seat], key=_sort_key))
    t.discard_seat, t.discard_left = seat, count


def _apply_discard(t: Table, seat: int, card: str, events: list[Event]) -> None:
    t.hands = _put(t.hands, seat, _without(t.hands[seat], card))
    t.discards = _put(t.discards, seat, t.discards[seat] + [card])
    t.discard_left -= 1
    events.append(_ev(Event, ("discarded", {"seat": seat, "card": card}, _ONLY[seat])))
    if t.discard_left:
        return
    t.discard_seat = -1
    events.append(_public("discard_done", seat=seat))
    if t.phase in ("setup", "jack3"):
        _run_tasks(t, events)


def _apply_task_choice(t: Table, seat: int, action: str, events: list[Event]) -> None:
    _, kind = t.tasks[0]
    t.tasks = t.tasks[1:]
    if kind == "recover" and action == "recover":
        cost = QUEEN_RECOVERY_COST[t.own_king[seat]]
        t.scores = _put(t.scores, seat, t.scores[seat] - cost)
        t.queen_up = _put(t.queen_up, seat, True)
        events.append(_public("queen_recovered", seat=seat, cost=cost))
    if kind == "jack3" and action == "jack3":
        t.jack_turned = _put(t.jack_turned, seat, True)
        events.append(_public("jack_turned", seat=seat))
    _run_tasks(t, events)


# --- tricks ---------------------------------------------------------------------------------------
def _begin_play(t: Table, events: list[Event]) -> None:
    t.phase = "play"
    _new_trick(t, t.start_player)


def _new_trick(t: Table, lead: int) -> None:
    t.order = list(_SEATS_FROM[t.players][lead])
    t.led_by = [lead]
    t.trick, t.lead_colour, t.green, t.free_play = [], "", -1, False


def current(t: Table) -> int:
    return t.order[0]


def _can_jack3(t: Table, seat: int) -> bool:
    bids = t.bids[seat] or []
    return is_two(t) and bool(bids) and "jack" not in bids and not t.jack_turned[seat]


def turn_actions(t: Table, seat: int) -> list[str]:
    """Abilities the player to act may use before playing a card."""
    out: list[str] = []
    if not t.trick and t.green < 0 and has_up(t, seat, Character.NINJA):
        out.extend(f"lead:{s}" for s in range(t.players) if s not in t.led_by)
    if len(t.deck) >= 3:
        bids = t.bids[seat] if t.bids else None
        hermits = _CARDS_OF[Character.HERMIT]
        for c in t.chars[seat]:  # face-up Hermits not used this round (face_up without the list)
            if c in hermits and (not bids or c not in bids) and c not in t.hermits_used:
                out.append("hermit:" + c)
    if t.cheer_mode == "kizuna" and seat == t.cheer_seat and not t.cheer_used:
        out.extend(f"give:{c}" for c in t.hands[seat])
    if t.queen_up[seat] and t.own_king[seat] in ("r", "k", "g") and not (t.free_play or t.green == seat):
        out.append("queen")
    if t.variant == TWO_PLAYER and _can_jack3(t, seat):
        out.append("jack3")
    return out


def playable(t: Table, seat: int) -> list[str]:
    """tricks.must_follow on colour codes (hot path): the lead colour if the hand has it, or a rare or
    flag; otherwise anything."""
    hand = t.hands[seat]
    lead = t.lead_colour
    if t.free_play or not lead:
        return list(hand)
    code = COLOUR_CODE
    for card in hand:
        if code[card] == lead:
            return [c for c in hand if code[c] == lead or not code[c]]
    return list(hand)


def _play_options(t: Table, seat: int) -> tuple[bool, bool, list[str], bool]:
    """What may go with a card this seat plays: its queen (white/blue), the Resistance switch, its unused
    kings, and whether the white king may go on the white queen."""
    own = t.own_king[seat]
    queen = t.queen_up[seat] and own in ("w", "b")
    switch_ok = has_up(t, seat, Character.RESISTANCE)
    used = t.king_used
    extra = t.extra_kings[seat]
    # with no two-player catch-up kings, kings_of(t, seat) is just the own king (if drafted)
    kings = [k for k in kings_of(t, seat) if not used[k]] if extra else [own] if own and not used[own] else []
    return queen, switch_ok, kings, queen and "w" in kings and own == "w"


def _card_plays(card: str, queen: bool, switch_ok: bool, kings: list[str], white_on_queen: bool) -> list[str]:
    """Every way to play one card, in the order play_actions lists them."""
    base = "play:" + card
    out = [base]
    colour = COLOUR_CODE[card]  # "" for a flag or a rare: the white king may go on it
    for king in kings:
        if king == colour or (king == "w" and not colour):
            out.append(base + ":k" + king)
    if queen:
        out.append(base + ":q")
        if white_on_queen:
            out.append(base + ":q:kw")  # the white king may go on the white queen
        if switch_ok:
            out.append(base + ":q:s")
    if switch_ok and (not colour or _NUMBER_OF[card] in (1, 10)):
        out.append(base + ":s")
    return out


def play_actions(t: Table, seat: int) -> list[str]:
    queen, switch_ok, kings, white_on_queen = _play_options(t, seat)
    strings = _PLAY_STRINGS
    if not (queen or switch_ok or kings):  # only bare plays (common late in a round)
        return [strings[card][0] for card in playable(t, seat)]
    out: list[str] = []
    for card in playable(t, seat):  # _card_plays with its strings built once (hot path; tested equal)
        bare, with_king, king, with_queen, white_on, queen_switch, with_switch, switchable = strings[card]
        out.append(bare)
        if king in kings:  # the one king that may go on this card
            out.append(with_king)
        if queen:
            out.append(with_queen)
            if white_on_queen:
                out.append(white_on)
            if switch_ok:
                out.append(queen_switch)
        if switch_ok and switchable:
            out.append(with_switch)
    return out


def _play_strings(card: str) -> tuple[str, str, str, str, str, str, str, bool]:
    """A card's play actions (bare, with its king, that king's colour, with the queen, the white king on
    the white queen, queen and switch, switch) and whether the Resistance may switch it."""
    base = "play:" + card
    king = COLOUR_CODE[card] or "w"  # a number card's own colour; the white king for a flag or a rare
    switchable = not COLOUR_CODE[card] or _NUMBER_OF[card] in (1, 10)
    return (base, base + ":k" + king, king, base + ":q", base + ":q:kw", base + ":q:s", base + ":s", switchable)


_PLAY_STRINGS = {card: _play_strings(card) for card in COLOUR_CODE}


def _play_is_legal(t: Table, seat: int, action: str) -> bool:
    """`action in play_actions(t, seat)` for one "play:..." action, without listing every play."""
    parts = action.split(":", 2)
    card = parts[1]
    hand = t.hands[seat]
    if card not in hand:
        return False
    lead = t.lead_colour
    colour = COLOUR_CODE[card]
    if lead and not t.free_play and colour != lead and colour:  # `card in playable(t, seat)`, directly
        for other in hand:
            if COLOUR_CODE[other] == lead:
                return False
    if len(parts) == 2:  # "play:<card>" is listed for every playable card
        return True
    return action in _card_plays(card, *_play_options(t, seat))


def _apply_turn(t: Table, seat: int, action: str, events: list[Event]) -> None:
    kind, _, value = action.partition(":")
    if kind == "lead":
        target = int(value)
        t.led_by = [*t.led_by, target]
        t.order = seats_from(t, target)
        t.free_play = False
        events.append(_public("ninja_lead", seat=seat, lead=target))
    elif kind == "hermit":
        t.hermits_used = [*t.hermits_used, value]
        drawn = _draw(t, 3)
        t.hands = _put(t.hands, seat, t.hands[seat] + drawn)
        events.append(_public("drew", seat=seat, count=3, ability="hermit"))
        events.append(_private("drew_cards", seat, cards=drawn))
        _ask_discard(t, seat, 3)
    elif kind == "give":
        partner = t.partner
        t.cheer_used = True
        t.hands = _moved(t.hands, seat, partner, value)
        t.exchange_from = seat
        t.known = [*t.known, [seat, value]]
        events.append(_public("exchange_give", seat=seat, partner=partner))
        events.append(
            Event("exchange_card", {"seat": seat, "to": partner, "card": value}, frozenset({seat, partner}))
        )
    elif kind == "return":
        giver = t.exchange_from
        t.exchange_from = -1
        t.hands = _moved(t.hands, seat, giver, value)
        t.known = [*t.known, [seat, value]]
        events.append(_public("exchange_return", seat=seat, to=giver))
        events.append(
            Event("exchange_card", {"seat": seat, "to": giver, "card": value}, frozenset({seat, giver}))
        )
    elif kind == "queen":
        colour = t.own_king[seat]
        t.queen_up = _put(t.queen_up, seat, False)
        events.append(_public("queen", seat=seat, colour=colour))
        if colour == "r":
            t.red_queen = _put(t.red_queen, seat, True)
        elif colour == "k":
            t.free_play = True
        else:  # green: play last, after everyone else
            t.green = seat
            t.order = [*t.order[1:], seat]
    elif kind == "jack3":
        t.jack_turned = _put(t.jack_turned, seat, True)
        events.append(_public("jack_turned", seat=seat))


def _moved(hands: list[list[str]], giver: int, to: int, card: str) -> list[list[str]]:
    """Hands after `giver` hands `card` to `to` (the receiving hand stays sorted)."""
    out = list(hands)
    out[giver] = _without(hands[giver], card)
    out[to] = sorted(hands[to] + [card], key=_sort_key)
    return out


def _apply_play(t: Table, seat: int, action: str, events: list[Event]) -> None:
    parts = action.split(":")
    card = parts[1]
    king, queen, switch = "", False, False
    for part in parts[2:]:  # ":k<colour>", ":q", ":s" (the first king counts)
        if part == "q":
            queen = True
        elif part == "s":
            switch = True
        elif part[:1] == "k" and not king:
            king = part[1:]
    colour = t.own_king[seat]
    hands = list(t.hands)
    hand = hands[seat] = list(hands[seat])
    hand.remove(card)
    t.hands = hands
    card_col = COLOUR_CODE[card]
    if king:
        used = dict(t.king_used)
        used[king] = True
        t.king_used = used
    if queen:
        t.queen_up = _put(t.queen_up, seat, False)
    power, strength_colour, number = tricks.strength_code(
        card,
        bool(king),
        queen and colour == "w",
        queen and colour == "b",
        switch,
        card_col == "r" and has_up(t, seat, Character.SAMURAI),  # the Samurai changes only red cards
    )
    # Ruling: a led card a queen turned into a rare or flag leads as what it became (no lead colour); the
    # first number card sets it.
    if not t.lead_colour and card_col and not queen:
        t.lead_colour = card_col
    entry = {
        "s": seat,
        "c": card,
        "k": king,
        "q": colour if queen else "",
        "x": switch,
        "p": power,
        "col": strength_colour,
        "n": number,
    }
    t.trick = [*t.trick, entry]
    t.order = t.order[1:]
    t.free_play = False
    events.append(
        _ev(
            Event, ("played", {"seat": seat, "card": card, "king": king, "queen": entry["q"], "switch": switch}, None)
        )
    )
    if not t.order:
        _finish_trick(t, events)


def _finish_trick(t: Table, events: list[Event]) -> None:
    index = tricks.entry_winner(t.trick, t.lead_colour)
    win = t.trick[index]["s"]
    cards = [e["c"] for e in t.trick]
    t.taken = _put(t.taken, win, t.taken[win] + cards)
    t.tricks_won = _put(t.tricks_won, win, t.tricks_won[win] + 1)
    events.append(_ev(Event, ("trick_won", {"seat": win, "cards": cards, "trick": t.trick_no}, None)))
    t.last_trick = t.trick
    if t.trick_no == t.hand_size:
        t.trick, t.order = [], []
        _end_round(t, events)
        return
    t.trick_no += 1
    _new_trick(t, win)


def _end_round(t: Table, events: list[Event]) -> None:
    t.phase = "jack3"
    t.tasks = [[s, "jack3"] for s in seats_from(t, t.start_player) if _can_jack3(t, s)]
    _run_tasks(t, events)


# --- scoring --------------------------------------------------------------------------------------
def round_facts(t: Table) -> tuple[list[SeatFacts], RoundRules]:
    n = t.players
    credit = [0] * n
    advanced = t.opts.get("cheerleader_advanced", False)
    for s in range(n):
        if t.red_queen[s]:
            kizuna = s == t.cheer_seat and t.cheer_mode == "kizuna" and t.partner >= 0
            credit[t.partner if kizuna and not advanced else s] += 1
    facts: list[SeatFacts] = []
    used = t.king_used
    for s in range(n):
        bids = t.bids[s] or []
        names = tuple(["jack" if b == "jack" else _NAME_OF[b] for b in bids])
        kings = kings_of(t, s)
        copy_of = None
        if s == t.cheer_seat and t.cheer_mode == "copy" and t.copy_target:
            target, card = t.copy_target
            copy_of = (int(target), "jack" if card == "jack" else character_of(card).value)
        facts.append(
            SeatFacts(
                tuple([character_of(c) for c in face_up(t, s)]),  # up
                names,  # bids
                t.tricks_won[s],  # tricks
                credit[s],  # red_queen
                tuple(t.taken[s]),  # taken
                t.own_king[s] if jack_up(t, s) else None,  # jack
                tuple([k for k in kings if used[k]]),  # used_kings
                tuple([k for k in kings if not used[k]]),  # unused_kings
                3 if t.jack_turned[s] else 0,  # bid_shift
                t.partner if (s == t.cheer_seat and t.cheer_mode == "kizuna" and t.partner >= 0) else None,
                copy_of,
            )
        )
    last = t.round == ROUNDS
    rules = RoundRules(
        last_round=last,
        bid_multiplier=2 if (is_two(t) and last) else 1,
        devil_colour=t.devil_colour or None,
        devil_penalty=DEVIL_CONTRACT_LAST_PENALTY if last else DEVIL_CONTRACT_EARLY_PENALTY,
        red_queen_user_only=advanced,
    )
    return facts, rules


def _score(t: Table, events: list[Event]) -> None:
    facts, rules = round_facts(t)
    breakdowns = score_round(facts, rules)
    record = []
    t.scores = list(t.scores)
    for s, b in enumerate(breakdowns):
        before = t.scores[s]
        plus = minus = 0  # apply_total, inlined: plus points first, minus points as far as they go
        for _, points in b.items:
            if points > 0:
                plus += points
            else:
                minus -= points
        t.scores[s] = max(0, before + plus - minus)
        record.append({"items": [list(i) for i in b.items], "before": before, "after": t.scores[s]})
    t.history = [*t.history, record]
    events.append(
        _public("round_scored", round=t.round, scores=list(t.scores), items=[r["items"] for r in record])
    )
    if t.round == ROUNDS:
        t.phase = "over"
        events.append(_public("game_over", scores=list(t.scores)))
        return
    t.phase = "round_end"


def _next_round(t: Table, events: list[Event]) -> None:
    """A separate step, so the last trick's cards are not reshuffled in the same action that shows them."""
    t.round += 1
    _start_round(t, events)


# --- dispatch -------------------------------------------------------------------------------------
def to_act(t: Table) -> frozenset[int]:
    phase = t.phase
    if phase == "over":
        return _NOBODY
    if t.discard_seat >= 0:
        return _ONLY[t.discard_seat]
    if phase == "play":  # the usual case first (hot path); the same answers as the tail below
        if t.exchange_from >= 0:
            return _ONLY[t.partner]
        return _ONLY[t.order[0]] if t.order else _NOBODY
    if phase == "draft":
        return _ONLY[t.draft_order[0]]
    if t.phase == "extra":
        return frozenset({t.extra_picks[0]})
    if t.phase == "bid":
        return frozenset([s for s in range(t.players) if t.bids[s] is None])
    if t.phase == "cheer":
        return frozenset({t.cheer_seat})
    if t.phase == "round_end":
        return _ONLY[smallest_king_number(t)]
    if t.phase in ("setup", "jack3"):
        return _ONLY[t.tasks[0][0]] if t.tasks else _NOBODY
    if t.exchange_from >= 0:
        return frozenset({t.partner})
    return frozenset({current(t)}) if t.order else frozenset()


def legal_actions(t: Table, seat: int) -> list[str]:
    if t.phase == "play" and t.discard_seat < 0 and t.exchange_from < 0:  # the usual case first
        if not t.order or t.order[0] != seat:  # to_act is {order[0]} here
            return []
        return turn_actions(t, seat) + play_actions(t, seat)
    if seat not in to_act(t):
        return []
    if t.discard_seat == seat:
        return [f"discard:{c}" for c in t.hands[seat]]
    if t.phase == "draft":
        return draft_actions(t, seat)
    if t.phase == "extra":
        return [f"extra:{k}" for k in t.king_deck[1:3]]
    if t.phase == "bid":
        return bid_actions(t, seat)
    if t.phase == "cheer":
        return cheer_actions(t, seat)
    if t.phase == "round_end":
        return ["next"]
    if t.phase in ("setup", "jack3"):
        kind = t.tasks[0][1]
        return [kind, "keep"]
    if t.exchange_from >= 0:
        return [f"return:{c}" for c in t.hands[seat]]
    return turn_actions(t, seat) + play_actions(t, seat)


def apply(t: Table, seat: int, action: str) -> tuple[Table, list[Event]]:
    if t.phase == "play" and t.discard_seat < 0 and t.exchange_from < 0 and t.order:
        # the usual case, checked in one place: to_act is {order[0]}, and _is_legal's play branch
        if seat != t.order[0]:
            raise IllegalAction("not_your_turn")
        if action.startswith("play:"):
            legal = _play_is_legal(t, seat, action)
        else:
            legal = action in turn_actions(t, seat)
    else:
        if t.phase == "over":
            raise IllegalAction("game_over")
        if seat not in to_act(t):
            raise IllegalAction("not_your_turn")
        legal = _is_legal(t, seat, action)
    if not legal:
        raise _why_not(t, seat, action)
    new = _new_object(Table)  # t.working_copy(), inlined (hot path)
    new.__dict__.update(t.__dict__)
    t = new
    events: list[Event] = []
    if action.startswith("play:"):  # legal only in the play phase (the usual action first)
        _apply_play(t, seat, action, events)
        return t, events
    kind = action.split(":", 1)[0]
    if kind == "discard":
        _apply_discard(t, seat, action.split(":", 1)[1], events)
    elif t.phase == "draft":
        _apply_draft(t, seat, action, events)
    elif t.phase == "extra":
        _apply_extra(t, seat, action.split(":", 1)[1], events)
    elif t.phase == "bid":
        _apply_bid(t, seat, action, events)
    elif t.phase == "cheer":
        _apply_cheer(t, seat, action, events)
    elif t.phase == "round_end":
        _next_round(t, events)
    elif t.phase in ("setup", "jack3"):
        _apply_task_choice(t, seat, action, events)
    else:
        _apply_turn(t, seat, action, events)
    return t, events


def _is_legal(t: Table, seat: int, action: str) -> bool:
    """`action in legal_actions(t, seat)` for a seat to act, checking the one action directly where that is
    the usual case (a discard, a card play) instead of listing every legal action."""
    if t.discard_seat == seat:
        return action.startswith("discard:") and action[8:] in t.hands[seat]
    if t.phase == "play" and t.exchange_from < 0:
        if action.startswith("play:"):
            return _play_is_legal(t, seat, action)
        return action in turn_actions(t, seat)
    if t.phase == "draft":
        return _draft_is_legal(t, seat, action)
    if t.phase == "bid":
        return _bid_is_legal(t, seat, action)
    return action in legal_actions(t, seat)


def _draft_is_legal(t: Table, seat: int, action: str) -> bool:
    """`action in draft_actions(t, seat)`, checked directly."""
    kind, _, value = action.partition(":")
    if t.round != 1 or is_two(t):
        return kind == "pick" and value in t.pool and (is_two(t) or value not in t.prev_chars[seat])
    has_set = bool(t.own_king[seat])
    if kind == "set":
        return not has_set and value in t.sets_left
    if kind != "pick" or value not in t.pool or len(t.chars[seat]) >= 3:
        return False
    if not has_set and t.draft_order.count(seat) <= 1:
        return False
    character = character_of(value)
    for card in t.chars[seat]:  # round 1: no second copy of a character
        if character_of(card) is character:
            return False
    rank = _char_rank(value)
    of = CHARACTER_OF
    for card in t.pool:  # noqa: SIM110  (only the first copy of each character is offered; plain loop)
        if of[card] is character and _char_rank(card) < rank:
            return False
    return True


def _why_not(t: Table, seat: int, action: str) -> IllegalAction:
    parts = action.split(":")
    if parts[0] == "play" and len(parts) > 1 and t.phase == "play":
        if parts[1] not in t.hands[seat]:
            return IllegalAction("card_not_in_hand")
        if parts[1] not in playable(t, seat):
            return IllegalAction("kings_must_follow", colour=t.lead_colour)
    return IllegalAction("unknown_action")


# --- hidden information ---------------------------------------------------------------------------
def all_cards(t: Table) -> list[str]:
    out = list(t.deck) + list(t.box) + [e["c"] for e in t.trick]
    for seat in range(t.players):
        out += t.hands[seat] + t.taken[seat] + t.discards[seat]
    return out


def hidden_from(t: Table, seat: int | None) -> set[str]:
    hidden = set(t.deck)
    for s in range(t.players):
        if s != seat:
            hidden.update(t.hands[s])
            hidden.update(t.discards[s])
    if seat is not None:
        hidden.difference_update(c for who, c in t.known if who == seat)
    return hidden


def placements(t: Table) -> tuple[int, ...]:
    """Most points wins; equal points: the smaller king number (text)."""
    ranked = sorted(range(t.players), key=lambda s: (-t.scores[s], seat_king_number(t, s)))
    places = [0] * t.players
    for place, seat in enumerate(ranked, start=1):
        places[seat] = place
    return tuple(places)


def iter_seats(t: Table) -> Iterable[int]:
    return range(t.players)
