"""A new table and the start of each round: the two-player KQJ sets or initial parties, the shuffle and
deal, the Devil's colour, and who drafts first.

002_4e143f857986e60e.txt: '■ラウンド1' .. '■ラウンド3', '■拡張ルール: デビルとの契約' and the two-player page.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, filterfalse
from typing import Any, Final

from games.core.contract import Event
from games.core.rng import Rng, seed_state
from games.kings.cards import (
    BERSERKER_TENS,
    KING_COLOURS,
    character_of,
    character_pool,
    playing_cards,
)
from games.kings.flow.common import (
    EVENT,
    ONLY,
    TWO_PLAYER,
    by_king_number,
    ev,
    is_two,
    private,
    public,
    seats_from,
    sort_key,
)
from games.kings.flow.draft import after_draft
from games.kings.provisional import INITIAL_PARTIES
from games.kings.state import PLAIN, Table

_TENS: Final = frozenset(BERSERKER_TENS)  # is_berserker_ten as one set lookup (every ten of the box is in it)


def new_table(players: int, opts: dict[str, bool], seed: int, variant: str) -> tuple[Table, list[Event]]:
    two = variant == TWO_PLAYER
    n = players
    if PLAIN:  # the source
        t = _fresh_table_by_dict(players, opts, seed, variant)
    else:
        t = _fresh_table(players, opts, seed, variant)
    events: list[Event] = []
    rng = Rng(t.rng)
    if two:
        # Two-player set-up: KQJ sets by random kings; the other three form the king deck (devil order).
        colours = rng.shuffled([str(c) for c in KING_COLOURS])
        t.own_king = colours[:2]
        t.king_deck = colours[2:]
        events.append(public(t, "kings_dealt", kings=list(t.own_king), king_deck=list(t.king_deck)))
    elif opts.get("initial_parties"):
        colours = rng.shuffled([str(c) for c in KING_COLOURS])[:n]
        remaining = list(_full_pool(t))
        for seat, colour in enumerate(colours):
            t.own_king[seat] = colour
            for name in INITIAL_PARTIES[colour]:
                card = next(c for c in remaining if character_of(c) == name)
                remaining.remove(card)
                t.chars[seat].append(card)
        events.append(public(t, "initial_parties", kings=list(t.own_king), chars=[list(c) for c in t.chars]))
    t.rng = rng.state
    start_round(t, events)
    return t, events


def _fresh_table(players: int, opts: dict[str, bool], seed: int, variant: str) -> Table:
    """A new table before its set-up's draws: its fields by the dataclass, then each seat's lists."""
    two = variant == TWO_PLAYER
    n = players
    t = Table(
        variant=variant, players=players, opts=dict(opts), rng=seed_state(seed), hand_size=9 if two else 5
    )
    t.scores = [50 if two else 0] * n
    t.own_king = [""] * n
    t.extra_kings = [[] for _ in range(n)]
    t.king_used = _NO_KING_USED.copy()
    t.queen_up = [True] * n
    t.jack_turned = [False] * n
    t.chars = [[] for _ in range(n)]
    t.prev_chars = [[] for _ in range(n)]
    # hands, taken cards and discards: start_round deals and sets them (empty until then)
    t.box = list(BERSERKER_TENS)
    t.deck = list(playing_cards(n))
    t.red_queen = [False] * n
    t.tricks_won = [0] * n
    t.bids = [None] * n
    return t


def _fresh_table_by_dict(players: int, opts: dict[str, bool], seed: int, variant: str) -> Table:
    """`_fresh_table` on the source: the instance's `__dict__` built as one dict, every field in the
    dataclass's order, as `apply`'s working copy is made. Why: the dataclass `__init__` stores 51 fields
    one by one into an instance whose attribute dict outgrows its class's shared keys, calls 20 default
    factories and then has 15 of them replaced (~32k instructions a game, a third of a 3p game's set-up
    besides the deal). Compiled, `Table` is a native class without a `__dict__`: `_fresh_table` builds it.

    The dict is a copy of a template kept per player count and variant (`_fresh_template`, every field at
    its starting value) with the fields that stay the new table's own stored fresh: a 51-key dict display
    is built key by key through four resizes (~25k instructions; the copy ~2.4k). The template's lists of
    the fields that `start_round` replaces on every path (the trick's, the bids', the round's piles, the
    deck and the box, the pool) stay shared until new_table's `start_round` replaces them, a few
    instructions each instead of a list built and freed. tests/kings/test_round_shortcuts.py holds the two
    ways equal, field by field and in order, and no list of a new game's table shared with another's."""
    two = variant == TWO_PLAYER
    n = players
    template = _TEMPLATES.get((n, two))
    if template is None:
        template = _TEMPLATES[n, two] = _fresh_template(n, two)
    extra_kings: list[list[str]] = []
    chars: list[list[str]] = []
    prev_chars: list[list[str]] = []
    for _ in range(n):  # a plain loop: no comprehension frames
        extra_kings.append([])
        chars.append([])
        prev_chars.append([])
    fields = template.copy()
    fields["variant"] = variant
    fields["opts"] = dict(opts)
    fields["rng"] = seed_state(seed)
    fields["scores"] = [50 if two else 0] * n
    fields["own_king"] = [""] * n
    fields["extra_kings"] = extra_kings
    fields["king_used"] = _NO_KING_USED.copy()
    fields["queen_up"] = [True] * n
    fields["king_deck"] = []
    fields["chars"] = chars
    fields["prev_chars"] = prev_chars
    fields["sets_left"] = []
    fields["draft_order"] = []
    fields["extra_picks"] = []
    fields["history"] = []
    t: Any = _new_object(Table)
    t.__dict__ = fields
    fresh: Table = t
    return fresh


def _fresh_template(n: int, two: bool) -> dict[str, Any]:
    """Every field of a new table in the dataclass's order (`_fresh_table_by_dict` copies it): the values
    its copy stores fresh are placeholders here."""
    return {
        "variant": "",
        "players": n,
        "opts": {},
        "rng": 0,
        "hand_size": 9 if two else 5,
        "round": 1,
        "phase": "draft",
        "scores": [],
        "own_king": [],
        "extra_kings": [],
        "king_used": {},
        "queen_up": [],
        "jack_turned": [False] * n,
        "king_deck": [],
        "devil_colour": "",
        "chars": [],
        "prev_chars": [],
        "pool": [],
        "sets_left": [],
        "draft_order": [],
        "extra_picks": [],
        "bids": [None] * n,
        "revealed": False,
        "cheer_seat": -1,
        "cheer_mode": "",
        "partner": -1,
        "copy_target": [],
        "cheer_used": False,
        "exchange_from": -1,
        "known": [],
        "tasks": [],
        "discard_seat": -1,
        "discard_left": 0,
        "hermits_used": [],
        "deck": list(playing_cards(n)),
        "hands": [],
        "taken": [],
        "discards": [],
        "box": list(BERSERKER_TENS),
        "start_player": 0,
        "trick": [],
        "order": [],
        "lead_colour": "",
        "led_by": [],
        "green": -1,
        "free_play": False,
        "red_queen": [False] * n,
        "tricks_won": [0] * n,
        "trick_no": 1,
        "last_trick": [],
        "history": [],
    }


_TEMPLATES: Final[dict[tuple[int, bool], dict[str, Any]]] = {}  # _fresh_template by (players, two-player)
_NO_KING_USED: Final[dict[str, bool]] = {str(c): False for c in KING_COLOURS}  # a new table's, copied
_new_object: Final = object.__new__


def setup_events(t: Table) -> list[Event]:
    """The events `new_table` emitted, rebuilt from the fresh table (the state keeps no seed), so the host
    announces the set-up draws (RULINGS "All games"): the random KQJ sets (two players) or initial
    parties, round 1 with each seat's own hand, and the drawn first drafter (or the start player)."""
    if t.round != 1:
        return []
    n = t.players
    events: list[Event] = []
    if is_two(t):
        events.append(public(t, "kings_dealt", kings=list(t.own_king), king_deck=list(t.king_deck)))
    elif t.opts.get("initial_parties"):
        events.append(public(t, "initial_parties", kings=list(t.own_king), chars=[list(c) for c in t.chars]))
    events.append(public(t, "round_start", round=t.round, devil=t.devil_colour))
    events.extend(private(t, "deal", seat, cards=list(t.hands[seat])) for seat in range(n))
    if is_two(t):
        return events
    if t.opts.get("initial_parties"):
        events.append(public(t, "start_player", seat=t.start_player))
    elif t.draft_order:
        events.append(public(t, "first_drafter", seat=t.draft_order[0]))
    return events


def _full_pool(t: Table) -> tuple[str, ...]:
    key = (t.players, t.opts.get("cheerleader", False), t.opts.get("initial_parties", False))
    pool = _POOLS.get(key)
    if pool is None:
        pool = _POOLS[key] = character_pool(*key)
    return pool


# character_pool is pure: built once per set-up
_POOLS: Final[dict[tuple[int, bool, bool], tuple[str, ...]]] = {}


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


def start_round(t: Table, events: list[Event]) -> None:
    n = t.players
    rng = Rng(t.rng)
    deck = rng.shuffled(_round_cards(t))
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
    variant = t.variant
    start = {"round": t.round, "devil": t.devil_colour, "variant": variant}  # public(), inlined
    events.append(ev(EVENT, ("round_start", start, None)))
    size = t.hand_size  # each seat draws its hand from the top in turn (draw() without a deck copy per seat)
    hands: list[list[str]] = []
    taken: list[list[str]] = []
    discards: list[list[str]] = []
    for seat in range(n):  # one plain loop: no comprehension frames (three a round)
        hand = sorted(deck[seat * size : (seat + 1) * size], key=sort_key)
        hands.append(hand)
        taken.append([])
        discards.append([])
        data = {"seat": seat, "cards": list(hand), "variant": variant}  # private(), inlined
        events.append(ev(EVENT, ("deal", data, ONLY[seat])))
    t.hands, t.taken, t.discards = hands, taken, discards
    t.deck = deck[n * size :]
    t.phase = "draft"
    if t.round == 1 and not is_two(t):
        if t.opts.get("initial_parties"):
            t.rng = rng.state
            after_draft(t, events)
            return
        first = rng.below(n)
        forward = seats_from(t, first)
        t.draft_order = forward + forward[::-1] + forward + forward[::-1]
        t.sets_left = list(_NO_KING_USED)  # every king colour's code, in order
        t.pool = list(_full_pool(t))
        events.append(public(t, "first_drafter", seat=first))
    else:
        if t.round > 1:
            t.prev_chars = t.chars  # shared: every step replaces a list instead of changing it (copy on write)
            chars: list[list[str]] = []
            for _ in range(n):  # a plain loop: no comprehension frame
                chars.append([])
            t.chars = chars
        t.pool = list(_full_pool(t))
        t.draft_order = by_king_number(t) * 3
    t.rng = rng.state


def _round_cards(t: Table) -> Sequence[str]:
    """Every card back together for the round's shuffle: the playing cards, sorted (the shuffle's input
    order), the Berserker's tens back in the box (sorted); `t.box` is set here.

    Every card of a game stays in it (card conservation, which games/core/invariants.py checks after every
    action of a checked run), so when the piles and the box hold as many cards as the game's playing cards
    and the Berserker's tens, the piles hold the playing cards and whichever tens are not in the box: the
    cards to shuffle are the playing cards, whose sorted list is built once per player count
    (`_SORTED_CARDS`), and every ten goes back to the box. A round's start without gathering, filtering and
    sorting 30-45 cards (~40k instructions a round on the source). Any other table (a hand-made one, with
    fewer cards) gathers and sorts.
    tests/kings/test_round_shortcuts.py holds the two ways equal at every round's start of seeded games."""
    sorted_cards = _SORTED_CARDS.get(t.players)
    if sorted_cards is None:
        sorted_cards = _SORTED_CARDS[t.players] = tuple(sorted(playing_cards(t.players)))
    held = len(t.deck) + len(t.trick) + len(t.box)
    hands, taken, discards = t.hands, t.taken, t.discards
    if len(taken) == len(hands) == len(discards):  # a pile per seat (every played table)
        for seat in range(len(hands)):  # a plain loop: three `sum(map(len, ...))` cost more for a few seats
            held += len(hands[seat]) + len(taken[seat]) + len(discards[seat])
    else:
        held += sum(map(len, hands)) + sum(map(len, taken)) + sum(map(len, discards))
    if held == len(sorted_cards) + len(_SORTED_TENS):
        t.box = list(_SORTED_TENS)  # every ten back in the box
        return sorted_cards  # the shuffle reads it and returns a new list
    return _gathered_cards(t)


def _gathered_cards(t: Table) -> list[str]:
    """_round_cards by the plain rule: gather every card, the tens back to the box, the rest sorted."""
    cards = [*t.deck, *chain.from_iterable(t.hands), *chain.from_iterable(t.taken)]  # C-level chains
    cards += [*chain.from_iterable(t.discards), *[e["c"] for e in t.trick]]
    tens = _TENS
    t.box = sorted(tens.intersection(cards).union(t.box))
    return sorted(filterfalse(tens.__contains__, cards))  # a C-level filter


_SORTED_CARDS: Final[dict[int, tuple[str, ...]]] = {}  # the playing cards sorted, by player count
_SORTED_TENS: Final = tuple(sorted(BERSERKER_TENS))


def next_round(t: Table, events: list[Event]) -> None:
    """A separate step, so the last trick's cards are not reshuffled in the same action that shows them."""
    t.round += 1
    start_round(t, events)
