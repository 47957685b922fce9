"""Tricks: the abilities a seat may use before it plays, every way to play a card (king, queen, the
Resistance's switch), and the trick's end. The hot path of the engine: see docs/engine-speed.md.

002_4e143f857986e60e.txt: '# ■トリック', '■キング', '■クイーン' and the character pages (p31~).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Final

from games.core.contract import Event
from games.kings import tricks
from games.kings.cards import (
    COLOUR_CODE,
    Character,
    card_number,
)
from games.kings.flow.common import (
    _SEATS_FROM,
    CARDS_OF,
    COMPILED,
    EVENT,
    HERMIT_CARDS,
    NINJA_CARDS,
    RESISTANCE_CARDS,
    SAMURAI_CARDS,
    STANDARD,
    TWO_PLAYER,
    ask_discard,
    can_jack3,
    draw,
    drop_first,
    ev,
    has_up_of,
    kings_of,
    private,
    public,
    put,
    seats_from,
    sort_key,
    without,
)
from games.kings.flow.tasks import end_round
from games.kings.state import Table

_NUMBER_OF: Final[dict[str, int]] = {c: card_number(c) or 0 for c in COLOUR_CODE}
_OF_COLOUR: Final[dict[str, frozenset[str]]] = {
    code: frozenset([c for c, of in COLOUR_CODE.items() if of == code]) for code in set(COLOUR_CODE.values())
}
"""The cards of each colour code (legal_plays: must the seat follow the lead colour)."""
_FOLLOWS: Final[dict[str, frozenset[str]]] = {
    code: frozenset([c for c, of in COLOUR_CODE.items() if of in (code, "")])
    for code in set(COLOUR_CODE.values())
}
"""The cards a seat holding the lead colour may play: that colour and the colourless cards."""


def turn_actions(t: Table, seat: int) -> list[str]:
    """Abilities the player to act may use before playing a card."""
    out: list[str] = []
    if not t.trick and t.green < 0 and has_up_of(t, seat, NINJA_CARDS):
        out.extend(f"lead:{s}" for s in range(t.players) if s not in t.led_by)
    if len(t.deck) >= 3:
        bids = t.bids[seat] if t.bids else None
        hermits = HERMIT_CARDS
        for c in t.chars[seat]:  # face-up Hermits not used this round (face_up without the list)
            if c in hermits and (not bids or c not in bids) and c not in t.hermits_used:
                out.append("hermit:" + c)
    if t.cheer_mode == "kizuna" and seat == t.cheer_seat and not t.cheer_used:
        out.extend(f"give:{c}" for c in t.hands[seat])
    if t.queen_up[seat] and t.own_king[seat] in ("r", "k", "g") and not (t.free_play or t.green == seat):
        out.append("queen")
    if t.variant == TWO_PLAYER and can_jack3(t, seat):
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
    switch_ok = has_up_of(t, seat, RESISTANCE_CARDS)
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
    return (
        base,
        base + ":k" + king,
        king,
        base + ":q",
        base + ":q:kw",
        base + ":q:s",
        base + ":s",
        switchable,
    )


_PLAY_STRINGS: Final = {card: _play_strings(card) for card in COLOUR_CODE}


def _parse(action: str) -> tuple[str, str, bool, bool, bool]:
    """A play action's card, king colour ("" for none; the first king counts), queen and switch, and
    whether it is a bare play."""
    parts = action.split(":")
    king, queen, switch = "", False, False
    for part in parts[2:]:  # ":k<colour>", ":q", ":s"
        if part == "q":
            queen = True
        elif part == "s":
            switch = True
        elif part[:1] == "k" and not king:
            king = part[1:]
    return parts[1], king, queen, switch, len(parts) == 2


def _parse_card(card: str, action: str) -> tuple[str, str, bool, bool, bool]:
    """`_parse(action)` of one of `card`'s play strings, naming the card by the object `card` itself."""
    _, king, queen, switch, bare = _parse(action)
    return card, king, queen, switch, bare


# Every play action string the engine lists, parsed once (apply_play and play_is_legal: hot path). The card
# is the object the box's tables are keyed by, the one every deal hands out (cards.playing_cards): a lookup
# or a hand's `remove` meets it by identity instead of comparing characters.
_PARSED: Final[dict[str, tuple[str, str, bool, bool, bool]]] = {
    action: _parse_card(card, action)
    for card, strings in _PLAY_STRINGS.items()
    for action in (strings[0], strings[1], strings[3], strings[4], strings[5], strings[6])
}


def play_is_legal(t: Table, seat: int, action: str) -> bool:
    """`action in play_actions(t, seat)` for one "play:..." action, without listing every play."""
    parsed = _PARSED.get(action)
    if parsed is None:  # not a play action string of the box's cards: only a bare "play:<card>" can be
        parts = action.split(":", 2)
        card, bare = parts[1], len(parts) == 2
    else:
        card, bare = parsed[0], parsed[4]
    hand = t.hands[seat]
    if card not in hand:
        return False
    lead = t.lead_colour
    colour = COLOUR_CODE[card]
    # `card in playable(t, seat)`, directly: another colour than the lead's while the seat could follow
    if lead and not t.free_play and colour != lead and colour and not _OF_COLOUR[lead].isdisjoint(hand):
        return False
    if bare:  # "play:<card>" is listed for every playable card
        return True
    return action in _card_plays(card, *_play_options(t, seat))


# What a face-up character card lets its seat do in the play phase (legal_plays): 1 Ninja, 2 Hermit,
# 3 Resistance; the other characters' cards are not in it (a membership test, not a `get` call, per card).
_ROLE: Final[dict[str, int]] = {
    card: role
    for character, role in ((Character.NINJA, 1), (Character.HERMIT, 2), (Character.RESISTANCE, 3))
    for card in CARDS_OF[character]
}
_LEAD_ACTIONS: Final = tuple(f"lead:{s}" for s in range(8))


def _roles(
    chars: list[str], bids: list[str] | None
) -> tuple[list[str], list[str] | None, bool, int, tuple[str, ...], bool]:
    """What the seat's face-up characters (`chars` not in `bids`) let it do in the play phase, as legal_plays
    reads it with the two lists: the Ninja's lead, the Resistance's switch (legal_plays' mask bit 128), each
    Hermit card, and whether its bids leave the jack up (two-player: it may be turned for +3)."""
    ninja = False
    switch = 0
    hermits: list[str] = []
    role = _ROLE
    for c in chars:
        if c in role and not (bids and c in bids):
            r = role[c]
            if r == 1:
                ninja = True
            elif r == 3:
                switch = 128
            else:
                hermits.append(c)
    return chars, bids, ninja, switch, tuple(hermits), ("jack" not in bids) if bids else False


# Each seat's _roles with the two lists it was read from (legal_plays: the hot path; the seat's characters and
# bids stay the same all through a round's play phase). The engine never changes a list in place (copy on
# write: a pick or a bid replaces the seat's list), so the same list objects still hold the same cards, and
# the entry holds them, so their ids are never reused; tests/kings/test_engine_fast_paths.py holds
# legal_plays to turn_actions + play_actions at every step of seeded games. One tuple per seat, replaced whole.
_ROLES_READ: Final[list[tuple[list[str] | None, list[str] | None, bool, int, tuple[str, ...], bool]]] = [
    (None, None, False, 0, (), False)
] * 8


def legal_plays(t: Table, seat: int) -> list[str]:
    """`turn_actions(t, seat) + play_actions(t, seat)` for the seat to play in the play phase, reading the
    seat's face-up characters in one pass (the hot path; tests/kings/test_engine_fast_paths.py holds it
    to the two)."""
    chars = t.chars[seat]
    bids = t.bids[seat] if t.bids else None
    roles = _ROLES_READ[seat]
    if roles[0] is not chars or roles[1] is not bids:  # not the lists last read for this seat
        roles = _ROLES_READ[seat] = _roles(chars, bids)
    _, _, ninja, switch, hermit_cards, jack_up = roles
    hermits: list[str] | None = None
    if hermit_cards and len(t.deck) >= 3:
        used_hermits = t.hermits_used
        for c in hermit_cards:
            if c not in used_hermits:
                if hermits is None:
                    hermits = []
                hermits.append("hermit:" + c)
    out: list[str] = []
    if ninja and not t.trick and t.green < 0:
        out = _ninja_leads(t.players, t.led_by)
    if hermits is not None:
        out += hermits
    if t.cheer_mode == "kizuna" and seat == t.cheer_seat and not t.cheer_used:
        out.extend(f"give:{c}" for c in t.hands[seat])
    own = t.own_king[seat]
    queen_up = t.queen_up[seat]
    if queen_up and own in ("r", "k", "g") and not (t.free_play or t.green == seat):
        out.append("queen")
    if jack_up and t.variant == TWO_PLAYER and not t.jack_turned[seat]:  # can_jack3, inlined (every play)
        out.append("jack3")
    # play_actions, with _play_options' answers from the pass above
    queen = queen_up and own in ("w", "b")
    hand = t.hands[seat]
    lead = t.lead_colour
    cards = hand
    if lead and not t.free_play:  # playable(t, seat), inlined
        if COMPILED:
            cards = _followable(hand, lead)
        elif not _OF_COLOUR[lead].isdisjoint(hand):
            cards = list(filter(_FOLLOWS[lead].__contains__, hand))  # C-level filter, no comprehension frame
    mask = (32 | switch) if queen else switch
    # the seat's unused kings (kings_of, inlined without its lists: the two-player extra kings are every
    # other play's)
    used = t.king_used
    if own and not used[own]:
        mask |= _KING_BIT[own]
    for k in t.extra_kings[seat]:
        if not used[k]:
            mask |= _KING_BIT[k]
    if queen and own == "w" and mask & 1:  # the white king may go on the white queen
        mask |= 64
    rows = _PLAYS_BY_MASK[mask]
    if rows is None:
        rows = _PLAYS_BY_MASK[mask] = _rows_for(mask)
    for card in cards:
        out += rows[card]
    return out


# legal_plays' two comprehensions as functions of their own: a comprehension that reads a local of
# legal_plays makes that local a cell, allocated on every call (docs/engine-speed.md, "an eighth pass").
def _ninja_leads(players: int, led_by: list[int]) -> list[str]:
    """The Ninja's lead actions: every seat that has not led this round."""
    return [_LEAD_ACTIONS[s] for s in range(players) if s not in led_by]


def _rows_for(mask: int) -> dict[str, tuple[str, ...]]:
    """Every card's play actions for one combination of `mask` bits (built once per combination)."""
    return {card: _plays_for(card, mask) for card in _PLAY_STRINGS}


def _followable(hand: list[str], lead: str) -> list[str]:
    """The compiled build's must-follow in legal_plays (the source's `isdisjoint` and `filter` over a bound
    `__contains__` are generic calls once compiled): the hand itself without a card of the lead colour,
    else its cards of that colour and its colourless ones. tests/kings/test_compiled_shapes.py."""
    of_colour = _OF_COLOUR[lead]
    for card in hand:
        if card in of_colour:
            follows = _FOLLOWS[lead]
            return [c for c in hand if c in follows]
    return hand


# A card's play actions (in play_actions' order) by what its seat may add to it: the bits of the seat's
# unused kings (_KING_BIT), 32 its white or blue queen, 64 the white king on the white queen, 128 the
# Resistance's switch. Each combination's table is built on first use (legal_plays: the hot path).
_KING_BIT: Final = {"w": 1, "r": 2, "b": 4, "g": 8, "k": 16}
_PLAYS_BY_MASK: Final[list[dict[str, tuple[str, ...]] | None]] = [None] * 256


def _plays_for(card: str, mask: int) -> tuple[str, ...]:
    bare, with_king, king, with_queen, white_on, queen_switch, with_switch, switchable = _PLAY_STRINGS[card]
    out = [bare]
    if mask & _KING_BIT[king]:  # the one king that may go on this card
        out.append(with_king)
    if mask & 32:
        out.append(with_queen)
        if mask & 64:
            out.append(white_on)
        if mask & 128:
            out.append(queen_switch)
    if mask & 128 and switchable:
        out.append(with_switch)
    return tuple(out)


def apply_turn(t: Table, seat: int, action: str, events: list[Event]) -> None:
    kind, _, value = action.partition(":")
    if kind == "lead":
        target = int(value)
        t.led_by = [*t.led_by, target]
        t.order = seats_from(t, target)
        t.free_play = False
        events.append(public(t, "ninja_lead", seat=seat, lead=target))
    elif kind == "hermit":
        t.hermits_used = [*t.hermits_used, value]
        drawn = draw(t, 3)
        t.hands = put(t.hands, seat, t.hands[seat] + drawn)
        events.append(public(t, "drew", seat=seat, count=3, ability="hermit"))
        events.append(private(t, "drew_cards", seat, cards=drawn))
        ask_discard(t, seat, 3)
    elif kind == "give":
        partner = t.partner
        t.cheer_used = True
        t.hands = _moved(t.hands, seat, partner, value)
        t.exchange_from = seat
        t.known = [*t.known, [seat, value]]
        events.append(public(t, "exchange_give", seat=seat, partner=partner))
        data = {"seat": seat, "to": partner, "card": value, "variant": t.variant}
        events.append(Event("exchange_card", data, frozenset({seat, partner})))
    elif kind == "return":
        giver = t.exchange_from
        t.exchange_from = -1
        t.hands = _moved(t.hands, seat, giver, value)
        t.known = [*t.known, [seat, value]]
        events.append(public(t, "exchange_return", seat=seat, to=giver))
        data = {"seat": seat, "to": giver, "card": value, "variant": t.variant}
        events.append(Event("exchange_card", data, frozenset({seat, giver})))
    elif kind == "queen":
        colour = t.own_king[seat]
        t.queen_up = put(t.queen_up, seat, False)
        events.append(public(t, "queen", seat=seat, colour=colour))
        if colour == "r":
            t.red_queen = put(t.red_queen, seat, True)
        elif colour == "k":
            t.free_play = True
        else:  # green: play last, after everyone else
            t.green = seat
            t.order = [*t.order[1:], seat]
    elif kind == "jack3":
        t.jack_turned = put(t.jack_turned, seat, True)
        events.append(public(t, "jack_turned", seat=seat))


def _moved(hands: list[list[str]], giver: int, to: int, card: str) -> list[list[str]]:
    """Hands after `giver` hands `card` to `to` (the receiving hand stays sorted)."""
    out = list(hands)
    out[giver] = without(hands[giver], card)
    out[to] = sorted(hands[to] + [card], key=sort_key)
    return out


def apply_play(t: Table, seat: int, action: str, events: list[Event]) -> None:
    try:
        card, king, queen, switch, bare = _PARSED[action]
    except KeyError:  # not a play string the engine lists (apply judged it legal: a bare play)
        card, king, queen, switch, bare = _parse(action)
    hands = list(t.hands)
    hand = hands[seat] = list(hands[seat])
    if not (COMPILED and drop_first(hand, card)):
        hand.remove(card)
    t.hands = hands
    card_col = COLOUR_CODE[card]
    if bare:  # no king, queen or switch (most plays): the strength is the card's own, or the Samurai's red
        # the Samurai changes only red cards; one C-level test spares has_up_of's call for the usual seat
        samurai = card_col == "r" and (
            not SAMURAI_CARDS.isdisjoint(t.chars[seat]) and has_up_of(t, seat, SAMURAI_CARDS)
        )
        entries = (_SAMURAI_ENTRIES if samurai else _BARE_ENTRIES)[seat]
        try:
            entry = entries[card]
        except KeyError:
            entry = entries[card] = _bare_entry(seat, card, samurai)
        data = _PLAYED_BARE[t.variant].copy()  # the event's keys in order: two values to set
        data["seat"] = seat
        data["card"] = card
    else:
        colour = t.own_king[seat]
        if king:
            used = dict(t.king_used)
            used[king] = True
            t.king_used = used
        if queen:
            t.queen_up = put(t.queen_up, seat, False)
        power, strength_colour, number = tricks.strength_code(
            card,
            bool(king),
            queen and colour == "w",
            queen and colour == "b",
            switch,
            card_col == "r" and has_up_of(t, seat, SAMURAI_CARDS),  # the Samurai changes only red cards
        )
        queen_colour = colour if queen else ""
        entry = {
            "s": seat,
            "c": card,
            "k": king,
            "q": queen_colour,
            "x": switch,
            "p": power,
            "col": strength_colour,
            "n": number,
        }
        data = {
            "seat": seat,
            "card": card,
            "king": king,
            "queen": queen_colour,
            "switch": switch,
            "variant": t.variant,
        }
    # Ruling: a led card a queen turned into a rare or flag leads as what it became (no lead colour); the
    # first number card sets it.
    if not t.lead_colour and card_col and not queen:
        t.lead_colour = card_col
    t.trick = t.trick + [entry]  # noqa: RUF005  (cheaper than unpacking)
    order = t.order = t.order[1:]
    t.free_play = False
    events.append(ev(EVENT, ("played", data, None)))
    if not order:
        _finish_trick(t, events)


# A bare play's strength by card (tricks.strength_code without king, queen, switch or Samurai).
_BARE_STRENGTH: Final[dict[str, tuple[int, str, int]]] = {
    card: tricks.strength_code(card, False, False, False, False, False) for card in COLOUR_CODE
}


def _bare_entry(seat: int, card: str, samurai: bool) -> dict[str, Any]:
    """The trick entry of a bare play (no king, queen or switch) of `card` by `seat`, with its Samurai."""
    if samurai:
        power, colour, number = 1, "k", _NUMBER_OF[card]
    else:
        power, colour, number = _BARE_STRENGTH[card]
    return {"s": seat, "c": card, "k": "", "q": "", "x": False, "p": power, "col": colour, "n": number}


# A bare play's trick entry by seat and card, built on first use and shared by every table that holds it:
# building an 8-key dict (and freeing it) costs ~2.4k instructions of a play's ~12k (apply_play, the hot
# path). Like the lists of
# a table (copy on write), an entry is never changed once made: a trick only replaces its list, views and
# to_json copy the entries; tests/kings/test_engine_fast_paths.py checks that each play's entry is the one
# built from the play. _SAMURAI_ENTRIES: a red card that the seat's face-up Samurai makes black.
_BARE_ENTRIES: Final[list[dict[str, dict[str, Any]]]] = [{} for _ in range(8)]
_SAMURAI_ENTRIES: Final[list[dict[str, dict[str, Any]]]] = [{} for _ in range(8)]
# The "played" event's data of a bare play by the table's variant, keys in the order the play's general
# path writes them: apply_play copies it and sets the seat and the card (a copy of a 6-key dict and two
# stores cost about 60% of building it).
_PLAYED_BARE: Final[dict[str, dict[str, Any]]] = {
    variant: {"seat": -1, "card": "", "king": "", "queen": "", "switch": False, "variant": variant}
    for variant in (STANDARD, TWO_PLAYER)
}


_CARD: Final = itemgetter("c")  # a trick entry's card


def _finish_trick(t: Table, events: list[Event]) -> None:
    trick = t.trick
    if len(trick) == 2:  # two players (every trick of the two-player game): entry_winner's one comparison
        first = trick[0]
        second = trick[1]
        best = second if tricks.beats(first, second, t.lead_colour) else first
        cards = [first["c"], second["c"]]
    else:
        # entry_winner's fold, inlined (every trick): the best entry so far against each later one by `beats`,
        # without its call and index bookkeeping (tests/kings/test_tricks.py: every trick of seeded games);
        # `tricks.beats` by its module, not a local: compiled, that is a native call
        lead = t.lead_colour
        best = trick[0]
        for entry in trick[1:]:
            if tricks.beats(best, entry, lead):
                best = entry
        # the source: one C-level pass (a comprehension is a frame of its own on 3.11); compiled, a native
        # loop (`map` over an itemgetter is a generic call per entry there)
        cards = [entry["c"] for entry in trick] if COMPILED else list(map(_CARD, trick))
    win: int = best["s"]  # typed: compiled, the lists below are indexed natively
    taken = t.taken = list(t.taken)  # put(), inlined twice (every trick): fresh lists, never shared
    taken[win] = taken[win] + cards
    won = t.tricks_won = list(t.tricks_won)
    won[win] += 1
    data = {"seat": win, "cards": cards, "trick": t.trick_no, "variant": t.variant}
    events.append(ev(EVENT, ("trick_won", data, None)))
    t.last_trick = trick
    if t.trick_no == t.hand_size:
        t.trick, t.order = [], []
        end_round(t, events)
        return
    t.trick_no += 1
    # new_trick(t, win), inlined (every trick: every other play of a two-player game)
    t.order = list(_SEATS_FROM[t.players][win])
    t.led_by = [win]
    t.trick, t.lead_colour, t.green, t.free_play = [], "", -1, False
