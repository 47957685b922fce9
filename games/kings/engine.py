"""Rules of the standard (3-5 players) and two-player games: the flow of a round and every action.

002_4e143f857986e60e.txt: '■ラウンド1' .. '■ラウンド3' (flow), '■パーティ編成(オープンドラフト)' (drafts),
'# ■トリック', '■キング', '■クイーン' (tricks), the character pages (p31~), '■拡張ルール: デビルとの契約'
and the two-player page ('ゲーム変更点' ..). Rulings from ../shared/RULINGS.md are marked "Ruling".
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import Any

from games.core.contract import Event
from games.core.errors import IllegalAction
from games.core.rng import Rng, seed_state
from games.kings import tricks
from games.kings.cards import (
    BERSERKER_TENS,
    KING_COLOURS,
    QUEEN_RECOVERY_COST,
    Character,
    Colour,
    card_colour,
    card_number,
    character_of,
    character_pool,
    is_berserker_ten,
    is_flag,
    is_rare,
    king_number,
    playing_cards,
)
from games.kings.provisional import DEVIL_CONTRACT_EARLY_PENALTY, INITIAL_PARTIES
from games.kings.scoring import RoundRules, SeatFacts, apply_total, score_round
from games.kings.state import Table

STANDARD = "standard"
TWO_PLAYER = "two-player"
ROUNDS = 3
DEVIL_CONTRACT_LAST_PENALTY = 20
CATCH_UP_STEP = 100  # two-player: one devil king per 100 points behind (at most two)


# --- small helpers ---------------------------------------------------------------------------------
def is_two(t: Table) -> bool:
    return t.variant == TWO_PLAYER


def seats_from(t: Table, first: int) -> list[int]:
    return [(first + i) % t.players for i in range(t.players)]


def seat_king_number(t: Table, seat: int) -> int:
    """Ruling (two-player): a seat holding several kings keeps its own king's number."""
    colour = t.own_king[seat]
    if not colour:
        return 99
    return king_number(colour, t.king_used[colour])


def by_king_number(t: Table) -> list[int]:
    return sorted(range(t.players), key=lambda s: seat_king_number(t, s))


def face_up(t: Table, seat: int) -> list[str]:
    """Character cards of `seat` used face up (all three before the bids are committed)."""
    bids = t.bids[seat] if t.bids else None
    return [c for c in t.chars[seat] if not bids or c not in bids]


def has_up(t: Table, seat: int, character: Character) -> bool:
    if not t.revealed and t.phase in ("draft", "bid", "extra"):
        return False
    return any(character_of(c) is character for c in face_up(t, seat))


def kings_of(t: Table, seat: int) -> list[str]:
    own = [t.own_king[seat]] if t.own_king[seat] else []
    return own + t.extra_kings[seat]


def jack_up(t: Table, seat: int) -> bool:
    """The jack scores by wins unless it is a bid or (two-player) turned for +3."""
    bids = t.bids[seat] or []
    return "jack" not in bids and not t.jack_turned[seat]


def _draw(t: Table, count: int) -> list[str]:
    drawn = t.deck[:count]
    del t.deck[:count]
    return drawn


def _private(kind: str, seat: int, **data: Any) -> Event:
    return Event(kind, {"seat": seat, **data}, frozenset({seat}))


def _public(kind: str, **data: Any) -> Event:
    return Event(kind, data)


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
    return character_pool(t.players, t.opts.get("cheerleader", False), t.opts.get("initial_parties", False))


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
    t.box = sorted(set(t.box) | {c for c in cards if is_berserker_ten(c)})
    rng = Rng(t.rng)
    t.deck = rng.shuffled(sorted(c for c in cards if not is_berserker_ten(c)))
    t.hands = [sorted(_draw(t, t.hand_size), key=card_sort_key) for _ in range(n)]
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
        t.king_deck.append(t.king_deck.pop(0))
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


def card_sort_key(card: str) -> tuple[int, int]:
    colour = card_colour(card)
    if colour is None:
        return (5 if is_rare(card) else -1, 0)
    return (list(Colour).index(colour), card_number(card) or 0)


# --- the party draft ------------------------------------------------------------------------------
def draft_actions(t: Table, seat: int) -> list[str]:
    picks_left = t.draft_order.count(seat)
    has_set = bool(t.own_king[seat])
    out: list[str] = []
    if t.round == 1 and not is_two(t):
        if not has_set:
            out.extend(f"set:{c}" for c in t.sets_left)
            if picks_left <= 1:
                return out
        if len(t.chars[seat]) >= 3:
            return out
        held = {character_of(c) for c in t.chars[seat]}
        seen: set[Character] = set()
        for card in sorted(t.pool, key=_char_key):
            character = character_of(card)
            if character not in held and character not in seen:
                seen.add(character)
                out.append(f"pick:{card}")
        return out
    banned = set() if is_two(t) else set(t.prev_chars[seat])
    return [f"pick:{c}" for c in sorted(t.pool, key=_char_key) if c not in banned]


_CHAR_ORDER = {c.value: i for i, c in enumerate(Character)}


def _char_key(card: str) -> tuple[int, str]:
    return (_CHAR_ORDER[card.rstrip("0123456789")], card)


def _apply_draft(t: Table, seat: int, action: str, events: list[Event]) -> None:
    kind, value = action.split(":", 1)
    t.draft_order.pop(0)
    if kind == "set":
        t.own_king[seat] = value
        t.sets_left.remove(value)
        events.append(_public("took_set", seat=seat, colour=value))
    else:
        t.pool.remove(value)
        t.chars[seat].append(value)
        events.append(_public("took_char", seat=seat, card=value))
    if not t.draft_order:
        _after_draft(t, events)


def _after_draft(t: Table, events: list[Event]) -> None:
    t.pool = []
    t.start_player = by_king_number(t)[0]
    events.append(_public("start_player", seat=t.start_player))
    if is_two(t) and t.round == ROUNDS:
        for seat in range(t.players):
            behind = max(t.scores) - t.scores[seat]
            count = min(2, behind // CATCH_UP_STEP)
            if count >= 2:
                t.extra_kings[seat] = list(t.king_deck[1:3])
                events.append(_public("extra_kings", seat=seat, kings=list(t.extra_kings[seat])))
            elif count == 1:
                t.extra_picks = [seat, 1]
                t.phase = "extra"
                return
    t.phase = "bid"


def _apply_extra(t: Table, seat: int, colour: str, events: list[Event]) -> None:
    t.extra_kings[seat] = [colour]
    t.extra_picks = []
    events.append(_public("extra_kings", seat=seat, kings=[colour]))
    t.phase = "bid"


# --- bids -----------------------------------------------------------------------------------------
def bid_actions(t: Table, seat: int) -> list[str]:
    items = list(t.chars[seat])
    if is_two(t) or t.round == ROUNDS:
        items.append("jack")
    most = 2 if (t.round == ROUNDS and not is_two(t)) else 1
    choices = [list(c) for k in range(1, most + 1) for c in combinations(items, k)]
    cheer = [c for c in t.chars[seat] if character_of(c) is Character.CHEERLEADER]
    if cheer:  # a face-up Cheerleader means no bid at all
        return ["bid:none"] + ["bid:" + ":".join(c) for c in choices if cheer[0] in c]
    return ["bid:" + ":".join(c) for c in choices]


def _apply_bid(t: Table, seat: int, action: str, events: list[Event]) -> None:
    items = action.split(":")[1:]
    t.bids[seat] = [] if items == ["none"] else items
    events.append(_public("bid_committed", seat=seat))
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
    for seat in seats_from(t, t.start_player):
        if t.round > 1 and not t.queen_up[seat] and t.scores[seat] >= QUEEN_RECOVERY_COST[t.own_king[seat]]:
            t.tasks.append([seat, "recover"])
        for card in face_up(t, seat):
            if character_of(card) in (Character.GAMBLER, Character.BERSERKER):
                t.tasks.append([seat, character_of(card).value])
    _run_tasks(t, events)


def _run_tasks(t: Table, events: list[Event]) -> None:
    while t.tasks:
        seat, kind = t.tasks[0]
        if kind in ("recover", "jack3"):
            return  # a decision
        t.tasks.pop(0)
        if kind == "gambler":
            if len(t.deck) < 2:
                events.append(_public("ignored", seat=seat, ability="gambler"))
                continue
            drawn = _draw(t, 2)
            t.hands[seat].extend(drawn)
            events.append(_public("drew", seat=seat, count=2, ability="gambler"))
            events.append(_private("drew_cards", seat, cards=drawn))
            _ask_discard(t, seat, 2)
            return
        if kind == "berserker":
            tens = t.box[: 2 if is_two(t) else 1]
            del t.box[: len(tens)]
            t.hands[seat].extend(tens)
            events.append(_public("berserker_tens", seat=seat, count=len(tens)))
            events.append(_private("drew_cards", seat, cards=tens))
            _ask_discard(t, seat, len(tens))
            return
    if t.phase == "setup":
        _begin_play(t, events)
    elif t.phase == "jack3":
        _score(t, events)


def _ask_discard(t: Table, seat: int, count: int) -> None:
    t.hands[seat].sort(key=card_sort_key)
    t.discard_seat, t.discard_left = seat, count


def _apply_discard(t: Table, seat: int, card: str, events: list[Event]) -> None:
    t.hands[seat].remove(card)
    t.discards[seat].append(card)
    t.discard_left -= 1
    events.append(_private("discarded", seat, card=card))
    if t.discard_left:
        return
    t.discard_seat = -1
    events.append(_public("discard_done", seat=seat))
    if t.phase in ("setup", "jack3"):
        _run_tasks(t, events)


def _apply_task_choice(t: Table, seat: int, action: str, events: list[Event]) -> None:
    _, kind = t.tasks.pop(0)
    if kind == "recover" and action == "recover":
        cost = QUEEN_RECOVERY_COST[t.own_king[seat]]
        t.scores[seat] -= cost
        t.queen_up[seat] = True
        events.append(_public("queen_recovered", seat=seat, cost=cost))
    if kind == "jack3" and action == "jack3":
        t.jack_turned[seat] = True
        events.append(_public("jack_turned", seat=seat))
    _run_tasks(t, events)


# --- tricks ---------------------------------------------------------------------------------------
def _begin_play(t: Table, events: list[Event]) -> None:
    t.phase = "play"
    _new_trick(t, t.start_player)


def _new_trick(t: Table, lead: int) -> None:
    t.order = seats_from(t, lead)
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
        out.extend(
            f"hermit:{c}"
            for c in face_up(t, seat)
            if character_of(c) is Character.HERMIT and c not in t.hermits_used
        )
    if t.cheer_mode == "kizuna" and seat == t.cheer_seat and not t.cheer_used:
        out.extend(f"give:{c}" for c in t.hands[seat])
    if t.queen_up[seat] and t.own_king[seat] in ("r", "k", "g") and not (t.free_play or t.green == seat):
        out.append("queen")
    if _can_jack3(t, seat):
        out.append("jack3")
    return out


def playable(t: Table, seat: int) -> list[str]:
    hand = t.hands[seat]
    if t.free_play or not t.lead_colour:
        return list(hand)
    return tricks.must_follow(hand, Colour(t.lead_colour))


def play_actions(t: Table, seat: int) -> list[str]:
    out: list[str] = []
    queen = t.queen_up[seat] and t.own_king[seat] in ("w", "b")
    switch_ok = has_up(t, seat, Character.RESISTANCE)
    kings = [k for k in kings_of(t, seat) if not t.king_used[k]]
    for card in playable(t, seat):
        base = f"play:{card}"
        out.append(base)
        colour = card_colour(card)
        white_like = is_flag(card) or is_rare(card)
        for king in kings:
            if (king == "w" and white_like) or (colour is not None and king == colour):
                out.append(f"{base}:k{king}")
        if queen:
            out.append(f"{base}:q")
            if "w" in kings and t.own_king[seat] == "w":
                out.append(f"{base}:q:kw")  # the white king may go on the white queen
            if switch_ok:
                out.append(f"{base}:q:s")
        if switch_ok and (white_like or card_number(card) in (1, 10)):
            out.append(f"{base}:s")
    return out


def _apply_turn(t: Table, seat: int, action: str, events: list[Event]) -> None:
    kind, _, value = action.partition(":")
    if kind == "lead":
        target = int(value)
        t.led_by.append(target)
        t.order = seats_from(t, target)
        t.free_play = False
        events.append(_public("ninja_lead", seat=seat, lead=target))
    elif kind == "hermit":
        t.hermits_used.append(value)
        drawn = _draw(t, 3)
        t.hands[seat].extend(drawn)
        events.append(_public("drew", seat=seat, count=3, ability="hermit"))
        events.append(_private("drew_cards", seat, cards=drawn))
        _ask_discard(t, seat, 3)
    elif kind == "give":
        partner = t.partner
        t.cheer_used = True
        t.hands[seat].remove(value)
        t.hands[partner].append(value)
        t.hands[partner].sort(key=card_sort_key)
        t.exchange_from = seat
        t.known.append([seat, value])
        events.append(_public("exchange_give", seat=seat, partner=partner))
        events.append(
            Event("exchange_card", {"seat": seat, "to": partner, "card": value}, frozenset({seat, partner}))
        )
    elif kind == "return":
        giver = t.exchange_from
        t.exchange_from = -1
        t.hands[seat].remove(value)
        t.hands[giver].append(value)
        t.hands[giver].sort(key=card_sort_key)
        t.known.append([seat, value])
        events.append(_public("exchange_return", seat=seat, to=giver))
        events.append(
            Event("exchange_card", {"seat": seat, "to": giver, "card": value}, frozenset({seat, giver}))
        )
    elif kind == "queen":
        colour = t.own_king[seat]
        t.queen_up[seat] = False
        events.append(_public("queen", seat=seat, colour=colour))
        if colour == "r":
            t.red_queen[seat] = True
        elif colour == "k":
            t.free_play = True
        else:  # green: play last, after everyone else
            t.green = seat
            t.order.pop(0)
            t.order.append(seat)
    elif kind == "jack3":
        t.jack_turned[seat] = True
        events.append(_public("jack_turned", seat=seat))


def _apply_play(t: Table, seat: int, action: str, events: list[Event]) -> None:
    parts = action.split(":")
    card = parts[1]
    king = next((p[1:] for p in parts[2:] if p.startswith("k")), "")
    queen = "q" in parts[2:]
    switch = "s" in parts[2:]
    colour = t.own_king[seat]
    t.hands[seat].remove(card)
    if king:
        t.king_used[king] = True
    if queen:
        t.queen_up[seat] = False
    strength = tricks.strength_of(
        card,
        king=bool(king),
        white_queen=queen and colour == "w",
        blue_queen=queen and colour == "b",
        switch=switch,
        samurai=has_up(t, seat, Character.SAMURAI),
    )
    # Ruling: the first number card not turned into a rare or flag by a queen sets the lead colour.
    card_col = card_colour(card)
    if not t.lead_colour and card_col is not None and not queen:
        t.lead_colour = str(card_col)
    entry = {
        "s": seat,
        "c": card,
        "k": king,
        "q": colour if queen else "",
        "x": switch,
        "p": int(strength.power),
        "col": str(strength.colour or ""),
        "n": strength.number,
    }
    t.trick.append(entry)
    t.order.pop(0)
    t.free_play = False
    events.append(_public("played", seat=seat, card=card, king=king, queen=entry["q"], switch=switch))
    if not t.order:
        _finish_trick(t, events)


def _finish_trick(t: Table, events: list[Event]) -> None:
    strengths = [
        tricks.Strength(tricks.Power(e["p"]), Colour(e["col"]) if e["col"] else None, e["n"]) for e in t.trick
    ]
    index = tricks.winner(strengths, Colour(t.lead_colour) if t.lead_colour else None)
    win = t.trick[index]["s"]
    cards = [e["c"] for e in t.trick]
    t.taken[win].extend(cards)
    t.tricks_won[win] += 1
    events.append(_public("trick_won", seat=win, cards=cards, trick=t.trick_no))
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
    for s in range(n):
        bids = t.bids[s] or []
        names = tuple("jack" if b == "jack" else character_of(b).value for b in bids)
        kings = kings_of(t, s)
        copy_of = None
        if s == t.cheer_seat and t.cheer_mode == "copy" and t.copy_target:
            target, card = t.copy_target
            copy_of = (int(target), "jack" if card == "jack" else character_of(card).value)
        facts.append(
            SeatFacts(
                up=tuple(character_of(c) for c in face_up(t, s)),
                bids=names,
                tricks=t.tricks_won[s],
                red_queen=credit[s],
                taken=tuple(t.taken[s]),
                jack=t.own_king[s] if jack_up(t, s) else None,
                used_kings=tuple(k for k in kings if t.king_used[k]),
                unused_kings=tuple(k for k in kings if not t.king_used[k]),
                bid_shift=3 if t.jack_turned[s] else 0,
                partner=t.partner
                if (s == t.cheer_seat and t.cheer_mode == "kizuna" and t.partner >= 0)
                else None,
                copy_of=copy_of,
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
    for s, b in enumerate(breakdowns):
        before = t.scores[s]
        t.scores[s] = apply_total(before, b)
        record.append({"items": [list(i) for i in b.items], "before": before, "after": t.scores[s]})
    t.history.append(record)
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
    if t.phase == "over":
        return frozenset()
    if t.discard_seat >= 0:
        return frozenset({t.discard_seat})
    if t.phase == "draft":
        return frozenset({t.draft_order[0]})
    if t.phase == "extra":
        return frozenset({t.extra_picks[0]})
    if t.phase == "bid":
        return frozenset(s for s in range(t.players) if t.bids[s] is None)
    if t.phase == "cheer":
        return frozenset({t.cheer_seat})
    if t.phase == "round_end":
        return frozenset({by_king_number(t)[0]})
    if t.phase in ("setup", "jack3"):
        return frozenset({t.tasks[0][0]}) if t.tasks else frozenset()
    if t.exchange_from >= 0:
        return frozenset({t.partner})
    return frozenset({current(t)}) if t.order else frozenset()


def legal_actions(t: Table, seat: int) -> list[str]:
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
    if t.phase == "over":
        raise IllegalAction("game_over")
    if seat not in to_act(t):
        raise IllegalAction("not_your_turn")
    if action not in legal_actions(t, seat):
        raise _why_not(t, seat, action)
    t = t.clone()
    events: list[Event] = []
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
    elif kind == "play":
        _apply_play(t, seat, action, events)
    else:
        _apply_turn(t, seat, action, events)
    return t, events


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
