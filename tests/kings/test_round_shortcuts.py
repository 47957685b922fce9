"""Two shortcuts of a round's end and start (docs/engine-speed.md "a ninth pass"), each held to its plain rule.

The round's end scores a round without a face-up Cheerleader straight from the table
(`round_end.own_round_items`, docs/engine-speed.md "a ninth pass"), instead of building each seat's facts and
the round's rules and scoring them (`score_round(*round_facts(t))`, the general path, which a Cheerleader's
KIZUNA partner or COPY still takes). The shortcut must give the same items in the same order as the general
path on every such table (002_4e143f857986e60e.txt, '6 勝利点の獲得'): checked on the tables of seeded
played games (standard 3-5 players with the Devil contract or without, two-player) and on played tables
whose parties, bids, wins, taken cards, kings and round are randomised (seeds 121000-121145 for this file).

The round's start takes the game's playing cards, sorted, as the shuffle's input when the piles hold as many
cards as the game has and the box every Berserker ten (`deal._round_cards`), instead of gathering every pile,
putting the tens back and sorting the rest (`deal._gathered_cards`): the same cards and the same box on
every table of seeded played games (card conservation), and the plain way on a hand-made table.

A new table on the source is built as one `__dict__` (`deal._fresh_table_by_dict`) instead of by the
dataclass and then each seat's lists (`deal._fresh_table`, the compiled build's way): the same fields, values
and order.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.kings import engine
from games.kings.cards import CHARACTER_OF, COLOUR_CODE
from games.kings.flow import deal, round_end
from games.kings.flow.common import ROUNDS
from games.kings.scoring import score_round
from games.kings.state import PLAIN, Table

COLOURS = ("w", "r", "b", "g", "k")
CARDS = sorted(COLOUR_CODE)
CHARACTER_CARDS = sorted(CHARACTER_OF)


def _general(t: Table) -> list[list[list[Any]]]:
    """The plain rule: each seat's facts and the round's rules, scored by score_round."""
    facts, rules = engine.round_facts(t)
    return [[list(item) for item in breakdown.items] for breakdown in score_round(facts, rules)]


def _round_end_tables(players: int, variant: str, seed: int, opts: dict[str, bool]) -> list[Table]:
    """The tables of one seeded random game at each of its rounds' ends (scored: phase round_end or over)."""
    t, _ = engine.new_table(players, opts, seed, variant)
    rng = random.Random(seed)
    out = []
    while t.phase != "over":
        seat = min(engine.to_act(t))
        legal = engine.legal_actions(t, seat)
        t, _ = engine.apply(t, seat, rng.choice(legal))
        if t.phase in ("round_end", "over"):
            out.append(t)
    return out


def _played(count: int) -> list[Table]:
    tables = []
    configs = [(3, "standard", {}), (4, "standard", {}), (5, "standard", {}), (2, "two-player", {})]
    configs += [(3, "standard", {"devil_contract": True}), (4, "standard", {"devil_contract": True})]
    for i in range(count):
        players, variant, opts = configs[i % len(configs)]
        tables += _round_end_tables(players, variant, 121000 + i, opts)
    return tables


def test_played_rounds_score_as_the_general_path() -> None:
    """Every round of seeded random games (no Cheerleader): the shortcut's items are the general path's."""
    tables = _played(36)
    assert len(tables) == 36 * 3
    for t in tables:
        assert t.cheer_seat < 0
        assert round_end.own_round_items(t) == _general(t)


def _randomised(t: Table, rng: random.Random) -> Table:
    """A copy of a played round-end table with random parties, bids (Devil and jack bids included), wins,
    red queens, taken cards, kings (used or not, two-player catch-up kings), turned jacks and round."""
    n = t.players
    new = Table.from_json(t.to_json())
    new.chars = [rng.sample(CHARACTER_CARDS, rng.randint(0, 4)) for _ in range(n)]
    bids: list[list[str] | None] = []
    for s in range(n):
        pool = [*new.chars[s], "jack"]
        bids.append(rng.choice((None, [], *([rng.sample(pool, rng.randint(1, min(2, len(pool))))] * 3))))
    new.bids = bids
    new.tricks_won = [rng.randint(0, 5) for _ in range(n)]
    new.red_queen = [rng.random() < 0.3 for _ in range(n)]
    new.taken = [rng.sample(CARDS, rng.randint(0, 16)) for _ in range(n)]
    kings = rng.sample(COLOURS, n) if n <= 5 else [rng.choice(COLOURS) for _ in range(n)]
    new.own_king = [k if rng.random() < 0.95 else "" for k in kings]
    new.extra_kings = [rng.sample(COLOURS, rng.choice((0, 0, 1, 2))) for _ in range(n)]
    new.king_used = {c: rng.random() < 0.5 for c in COLOURS}
    new.jack_turned = [rng.random() < 0.2 for _ in range(n)]
    new.devil_colour = rng.choice(("", *COLOURS))
    new.round = rng.randint(1, 3)
    return new


def test_randomised_rounds_score_as_the_general_path() -> None:
    """Played tables with their scoring facts randomised, 20 per table: the same items either way, or the
    same error (an unknown card or a seat without a king fails the same way on both paths)."""
    rng = random.Random(121050)
    checked = 0
    for t in _played(12):
        for _ in range(20):
            new = _randomised(t, rng)
            try:
                expected = _general(new)
            except KeyError:
                try:
                    round_end.own_round_items(new)
                except KeyError:
                    continue
                raise AssertionError("the shortcut scored a table the general path cannot") from None
            assert round_end.own_round_items(new) == expected
            checked += 1
    assert checked > 500


def test_record_scores_either_path_records_the_same() -> None:
    """record_scores keeps the general path for a round with a Cheerleader (`cheer_seat` set: a KIZUNA
    partner or a COPY reads another seat's facts, which the shortcut does not); on a round whose
    Cheerleader neither has a partner nor copies, both paths record the same scores and items."""
    for t in _played(6):
        plain = Table.from_json(t.to_json())
        cheered = Table.from_json(t.to_json())
        cheered.cheer_seat = 0
        plain_events: list[Any] = []
        cheered_events: list[Any] = []
        round_end.record_scores(plain, plain_events)
        round_end.record_scores(cheered, cheered_events)
        assert plain.history[-1] == cheered.history[-1]
        assert plain.scores == cheered.scores
        assert plain_events == cheered_events


def _every_table(players: int, variant: str, seed: int, opts: dict[str, bool]) -> list[Table]:
    """Every table of one seeded random game, from the set-up to the end."""
    t, _ = engine.new_table(players, opts, seed, variant)
    rng = random.Random(seed)
    out = [t]
    while t.phase != "over":
        seat = min(engine.to_act(t))
        t, _ = engine.apply(t, seat, rng.choice(engine.legal_actions(t, seat)))
        out.append(t)
    return out


def test_round_cards_are_the_gathered_cards_on_every_played_table() -> None:
    """On every table of seeded games (standard 3-5 with the Berserker's tens in hands and discards, the
    Cheerleader and initial parties, two-player), the shortcut's cards and box are the plain gather's."""
    configs = [
        (3, "standard", {}),
        (4, "standard", {"devil_contract": True}),
        (5, "standard", {}),
        (2, "two-player", {}),
        (4, "standard", {"cheerleader": True, "initial_parties": True}),
        (5, "standard", {"cheerleader": True}),
    ]
    shortcut = tens_out = 0
    for i in range(24):
        players, variant, opts = configs[i % len(configs)]
        for t in _every_table(players, variant, 121100 + i, opts):
            fast = Table.from_json(t.to_json())
            plain = Table.from_json(t.to_json())
            fast_cards = list(deal._round_cards(fast))
            assert fast_cards == deal._gathered_cards(plain)
            assert fast.box == plain.box
            if len(t.box) == 2:
                shortcut += 1
            else:
                tens_out += 1
    assert shortcut > 1000 and tens_out > 200  # with every ten in the box, and with tens in hands or piles


def test_round_cards_of_a_hand_made_table_are_gathered() -> None:
    """A table that holds fewer cards than its game (a rule test's constructed table) takes the plain way."""
    t = Table.from_json(_every_table(4, "standard", 121130, {})[0].to_json())
    t.deck = t.deck[3:]
    plain = Table.from_json(t.to_json())
    assert list(deal._round_cards(t)) == deal._gathered_cards(plain)
    assert len(deal._round_cards(t)) == len(engine.all_cards(t)) - len(t.box)


def test_next_round_deals_as_the_plain_gather() -> None:
    """A whole round's start through the shortcut deals the same hands, deck and box as through the plain
    gather, on the round-end tables of seeded games."""
    for t in _played(12):
        if t.round == ROUNDS:
            continue
        fast = Table.from_json(t.to_json())
        plain = Table.from_json(t.to_json())
        deal.next_round(fast, [])
        original = deal._round_cards
        deal._round_cards = deal._gathered_cards  # type: ignore[assignment]
        try:
            deal.next_round(plain, [])
        finally:
            deal._round_cards = original  # type: ignore[assignment]
        assert fast == plain


@pytest.mark.skipif(not PLAIN, reason="compiled: Table is a native class, built by the dataclass way only")
def test_a_fresh_table_by_dict_is_the_dataclass_one() -> None:
    """Both ways of a new table give the same fields in the same order, with no list shared between seats,
    between the two tables or with the options given."""
    for players, variant, opts in [
        (2, "two-player", {"devil_contract": True}),
        (3, "standard", {}),
        (4, "standard", {"cheerleader": True}),
        (5, "standard", {"initial_parties": True}),
    ]:
        by_dict = deal._fresh_table_by_dict(players, opts, 121140 + players, variant)
        plain = deal._fresh_table(players, opts, 121140 + players, variant)
        assert by_dict == plain
        assert list(vars(by_dict).items()) == list(vars(plain).items())  # keys in the same order
        assert by_dict.opts is not opts and by_dict.opts == opts
        lists = [v for v in vars(by_dict).values() if isinstance(v, list)]
        lists += [*by_dict.extra_kings, *by_dict.chars, *by_dict.prev_chars]
        assert len({id(x) for x in lists}) == len(lists)  # nothing shared
        assert not any(x is y for x in lists for y in vars(plain).values())
