"""The steps of a 3-player pass on the source (docs/engine-speed.md, "KINGs standard 3p on the source:
another pass"), each held to the plain rule: the king-number order kept with the fields it was read from
(flow/common.py `_kept_order`), new tables copied from a per-player-count template (flow/deal.py
`_fresh_table_by_dict`), the set-up tasks read from the face-up characters inline (flow/tasks.py
`begin_setup`) and the round's held cards counted seat by seat (flow/deal.py `_round_cards`).
Seeds 127000-127999."""

from __future__ import annotations

import random
from typing import Any

from games.kings import engine
from games.kings.cards import QUEEN_RECOVERY_COST, Character, character_of
from games.kings.flow import common, deal, tasks
from games.kings.game import GAME
from games.kings.state import PLAIN, Table

_COLOURS = ["w", "r", "b", "g", "k"]


def _plain_order(t: Table) -> list[int]:
    """by_king_number by the rule: seats by king number, the earlier seat first on equal numbers."""
    return sorted(range(t.players), key=lambda s: common.seat_king_number(t, s))


def _check(t: Table) -> None:
    want = _plain_order(t)
    assert common.by_king_number(t) == want
    assert common.smallest_king_number(t) == want[0]


def test_king_order_on_random_tables_changed_in_place() -> None:
    """Random kings, used or not, asked again after the lists are replaced, changed in place (as a test's
    hand-made table may be), or left as they were: every answer is the rule's."""
    rng = random.Random(127000)
    for seed in range(127001, 127061):
        players = rng.randint(2, 5)
        t, _ = deal.new_table(players, {}, seed, "standard" if players > 2 else "two-player")
        for _ in range(40):
            step = rng.randrange(5)
            if step == 0:
                t.own_king = [rng.choice([*_COLOURS, ""]) for _ in range(players)]
            elif step == 1:
                t.king_used = {c: rng.random() < 0.5 for c in _COLOURS}
            elif step == 2:  # in place: the kept copies must not follow the change
                t.king_used[rng.choice(_COLOURS)] = rng.random() < 0.5
            elif step == 3:
                t.own_king[rng.randrange(players)] = rng.choice([*_COLOURS, ""])
            _check(t)
            answer = common.by_king_number(t)
            answer.append(99)  # a caller's change to its answer is not kept
            _check(t)


def test_king_order_at_every_step_of_seeded_games() -> None:
    for players, variant, options in [
        (3, "standard", {}),
        (4, "standard", {"cheerleader": "true"}),
        (5, "standard", {"initial_parties": "true"}),
        (3, "standard", {"devil_contract": "true"}),
        (2, "two-player", {}),
    ]:
        for seed in range(127100, 127106):
            rng = random.Random(seed)
            t: Table = GAME.setup(players, options, seed, variant)
            while GAME.to_act(t):
                _check(t)
                seat = min(GAME.to_act(t))
                if t.phase == "round_end":
                    assert engine.to_act(t) == frozenset({_plain_order(t)[0]})
                t, _ = GAME.apply(t, seat, rng.choice(GAME.legal_actions(t, seat)))


def _lists(t: Table) -> list[Any]:
    found: list[Any] = []
    for value in vars(t).values() if PLAIN else (getattr(t, n) for n in t.to_json()):
        if isinstance(value, list):
            found.append(value)
            found.extend(v for v in value if isinstance(v, list))
        elif isinstance(value, dict):
            found.append(value)
    return found


def test_new_tables_share_no_list() -> None:
    """Two new games of each kind, and the templates they were copied from, share no list or dict: the
    template's lists that a table starts with are all replaced by its round's start."""
    for players, variant, options in [
        (3, "standard", {}),
        (4, "standard", {"cheerleader": True}),
        (5, "standard", {"initial_parties": True}),
        (2, "two-player", {"devil_contract": True}),
    ]:
        first, _ = deal.new_table(players, options, 127200 + players, variant)
        second, _ = deal.new_table(players, options, 127210 + players, variant)
        templates = [v for template in deal._TEMPLATES.values() for v in template.values()]
        mine = _lists(first)
        assert len({id(x) for x in mine}) == len(mine)
        assert not any(x is y for x in mine for y in _lists(second))
        assert not any(x is y for x in mine for y in templates)
        assert first == Table.from_json(first.to_json())


def test_setup_tasks_as_the_face_up_rule() -> None:
    """begin_setup reads each seat's face-up characters inline: on tables with random characters, bids,
    queens and scores it leaves the table and the events that the rule's tasks (read through `face_up`) run
    by `_run_tasks` leave (the draws, the discards asked, the first trick). Both builds: no patching."""
    rng = random.Random(127300)
    cards = sorted(common.CARDS_OF[Character.GAMBLER] | common.CARDS_OF[Character.BERSERKER])
    cards += ["healer1", "samurai1", "ninja1"]
    for seed in range(127301, 127401):
        players = rng.randint(3, 5)
        t, _ = deal.new_table(players, {}, seed, "standard")
        t.round = rng.randint(1, 3)
        t.own_king = rng.sample(_COLOURS, players)
        t.queen_up = [rng.random() < 0.5 for _ in range(players)]
        t.scores = [rng.randrange(0, 120) for _ in range(players)]
        t.chars = [rng.sample(cards, 3) for _ in range(players)]
        t.bids = rng.choice([[], [rng.choice([None, [], t.chars[s][:1], ["jack"]]) for s in range(players)]])
        t.start_player = rng.randrange(players)
        want: list[list[Any]] = []
        for seat in common.seats_from(t, t.start_player):
            cost = QUEEN_RECOVERY_COST[t.own_king[seat]]
            if t.round > 1 and not t.queen_up[seat] and t.scores[seat] >= cost:
                want.append([seat, "recover"])
            for card in common.face_up(t, seat):
                if character_of(card) is Character.GAMBLER:
                    want.append([seat, "gambler"])
                elif character_of(card) is Character.BERSERKER:
                    want.append([seat, "berserker"])
        reference = Table.from_json(t.to_json())
        reference.phase = "setup"
        reference.tasks = [*t.tasks, *want]
        want_events: list[Any] = []
        tasks._run_tasks(reference, want_events)
        events: list[Any] = []
        tasks.begin_setup(t, events)
        assert t.to_json() == reference.to_json() and events == want_events


def test_round_cards_count_piles_of_any_length() -> None:
    """_round_cards counts the held cards seat by seat when every seat has its three piles, and pile by pile
    otherwise (a hand-made table): either way a table holding every card shuffles the sorted playing cards,
    and one missing a card gathers."""
    rng = random.Random(127500)
    for seed in range(127501, 127521):
        t, _ = deal.new_table(3, {}, seed, "standard")
        cards = list(deal._round_cards(t))
        assert cards == sorted(t.deck + [c for hand in t.hands for c in hand])
        every = [*t.deck, *(c for hand in t.hands for c in hand)]
        rng.shuffle(every)
        cut = rng.randrange(1, len(every))
        uneven = Table.from_json(t.to_json())
        uneven.deck, uneven.hands, uneven.taken, uneven.discards = every[:cut], [every[cut:]], [], [[], []]
        assert list(deal._round_cards(uneven)) == cards
        short = Table.from_json(uneven.to_json())
        short.deck = short.deck[1:]
        assert list(deal._round_cards(short)) == deal._gathered_cards(Table.from_json(short.to_json()))
        assert len(deal._round_cards(short)) == len(cards) - 1
