"""The engine's hot-path shortcuts answer exactly as the slow definitions they replace (docs/engine-speed.md).

`apply` checks one action directly instead of listing every legal action (or finds it in the list
legal_actions just built for that table and seat), and works on a copy-on-write working copy of the table:
a player must never see either. Seeded random games (standard with every option, two-player) check, at
every step, every candidate action against the legal list both ways through apply, and that the table given
to apply is left exactly as it was.
"""

from __future__ import annotations

import json
import random

import pytest

from games.core.errors import IllegalAction
from games.kings import engine, tricks
from games.kings.cards import COLOUR_CODE, all_character_cards, playing_cards
from games.kings.flow import draft, play
from games.kings.flow.common import SAMURAI_CARDS, has_up_of
from games.kings.game import GAME

SUFFIXES = ("", ":kw", ":kr", ":kb", ":kg", ":kk", ":q", ":q:kw", ":q:s", ":s", ":k", ":x")


def _candidates(t: engine.Table, seat: int) -> set[str]:
    cards = set(playing_cards(5)) | {"bers1", "bers2"}
    out = {f"play:{c}{s}" for c in cards for s in SUFFIXES}
    out |= {f"discard:{c}" for c in cards} | {f"return:{c}" for c in cards} | {f"give:{c}" for c in cards}
    out |= {f"pick:{c}" for c in all_character_cards()} | {f"set:{c}" for c in "wrbgk"}
    out |= {f"lead:{s}" for s in range(t.players)} | {f"hermit:hermit{i}" for i in (1, 2, 3)}
    out |= {"queen", "jack3", "keep", "recover", "next", "play:", "play", "pick:", "set:", "bid:", "bid:none"}
    items = [*t.chars[seat], "jack", "none", "ninja1"]  # bids: every pair in both orders, and repeats
    out |= {f"bid:{a}" for a in items} | {f"bid:{a}:{b}" for a in items for b in items}
    return out


def _forget_list() -> None:
    """Drop the list legal_actions keeps, so that apply judges the next action itself."""
    engine._LISTED[0] = (None, -1, (), "")


def test_apply_finds_the_action_in_the_list_just_built_for_that_table_and_seat_only() -> None:
    state = GAME.setup(4, {}, 1, "standard")
    seat = min(GAME.to_act(state))
    legal = engine.legal_actions(state, seat)
    legal.append("pick:nobody")  # the caller's list is its own: the kept one is a copy
    with pytest.raises(IllegalAction):
        engine.apply(state, seat, "pick:nobody")
    other = GAME.from_json(GAME.to_json(state))  # an equal table, not the one listed: judged by apply itself
    judged, listed = engine.apply(other, seat, legal[0])[0], engine.apply(state, seat, legal[0])[0]
    assert judged.to_json() == listed.to_json()
    for s in range(4):
        if s != seat:
            assert engine.legal_actions(state, s) == []  # an empty list is not kept
            with pytest.raises(IllegalAction) as refused:
                engine.apply(state, s, legal[0])
            assert refused.value.code == "not_your_turn"


@pytest.mark.parametrize(
    ("players", "variant", "options"),
    [
        (4, "standard", {}),
        (5, "standard", {"cheerleader": "true", "initial_parties": "true"}),
        (4, "standard", {"cheerleader": "true", "devil_contract": "true"}),
        (3, "standard", {"devil_contract": "true"}),
        (2, "two-player", {}),
    ],
)
def test_direct_legality_and_copy_on_write_match_the_definitions(
    players: int, variant: str, options: dict[str, str]
) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        sample = random.Random(seed + 1000)  # its own draws: the games played stay those of rng
        state = GAME.setup(players, options, seed, variant)
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            legal = engine.legal_actions(state, seat)
            if state.phase == "play" and state.discard_seat < 0 and state.exchange_from < 0:
                assert legal == play.turn_actions(state, seat) + play.play_actions(state, seat)
            if state.phase == "draft" and state.discard_seat < 0:
                assert legal == draft.draft_actions(state, seat)
            candidates = _candidates(state, seat) | set(legal)
            for action in candidates:
                assert engine._is_legal(state, seat, action) == (action in legal), action
            for action in sample.sample(sorted(candidates), 12):
                for kept in (True, False):  # the list just built; apply's own checks (inlined fast paths)
                    if kept:
                        engine.legal_actions(state, seat)
                    else:
                        _forget_list()
                    try:
                        engine.apply(state, seat, action)
                    except IllegalAction:
                        assert action not in legal, action
                    else:
                        assert action in legal, action
            for other in (-1, *range(players), players):  # a seat not to act may do nothing
                if other not in GAME.to_act(state):
                    assert engine.legal_actions(state, other) == []
                    with pytest.raises(IllegalAction):
                        engine.apply(state, other, legal[0])
            before = json.dumps(GAME.to_json(state), sort_keys=True)
            new, _ = GAME.apply(state, seat, rng.choice(legal))
            assert json.dumps(GAME.to_json(state), sort_keys=True) == before
            state = new


@pytest.mark.parametrize(("players", "variant"), [(2, "two-player"), (4, "standard")])
def test_play_listing_keeps_each_seats_characters_only_for_the_lists_it_read(
    players: int, variant: str
) -> None:
    """legal_plays keeps each seat's Ninja, Resistance and Hermits with the seat's character and bid lists
    (play._ROLES_READ). Two seeded games interleaved step by step (each listing follows the other game's),
    every play-phase listing is the definition's, and so is the listing of an equal table with fresh lists;
    a seat's bids replaced by another list are read anew."""
    games = [GAME.setup(players, {}, seed, variant) for seed in (3, 4)]
    rngs = [random.Random(3), random.Random(4)]
    listed = 0
    while not all(GAME.is_over(g) for g in games):
        for i, state in enumerate(games):
            if GAME.is_over(state):
                continue
            seat = min(GAME.to_act(state))
            if state.phase == "play" and state.discard_seat < 0 and state.exchange_from < 0:
                want = play.turn_actions(state, seat) + play.play_actions(state, seat)
                assert play.legal_plays(state, seat) == want
                assert play.legal_plays(GAME.from_json(GAME.to_json(state)), seat) == want
                listed += 1
            games[i], _ = GAME.apply(state, seat, rngs[i].choice(engine.legal_actions(state, seat)))
    assert listed > 100
    state = GAME.setup(2, {}, 5, "two-player")
    while not (state.phase == "play" and any("ninja" in c for c in state.chars[min(GAME.to_act(state))])):
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, engine.legal_actions(state, seat)[0])
    seat = min(GAME.to_act(state))
    ninja = next(c for c in state.chars[seat] if "ninja" in c)
    play.legal_plays(state, seat)  # read with the seat's lists
    hidden = GAME.from_json(GAME.to_json(state))
    hidden.bids = [list(b or []) for b in hidden.bids]
    hidden.bids[seat] = [*hidden.bids[seat], ninja]  # the Ninja bid: no longer face up
    assert play.legal_plays(hidden, seat) == play.turn_actions(hidden, seat) + play.play_actions(hidden, seat)


@pytest.mark.parametrize(
    ("players", "variant", "options"),
    [
        (2, "two-player", {}),
        (4, "standard", {"cheerleader": "true", "devil_contract": "true"}),
        (3, "standard", {}),
    ],
)
def test_each_play_makes_the_trick_entry_and_event_of_the_play(
    players: int, variant: str, options: dict[str, str]
) -> None:
    """A bare play takes its trick entry from a table shared by every game and copies its event's data from a
    template (play._BARE_ENTRIES, _PLAYED_BARE): in seeded games every play's entry and "played" data are
    those built from the play itself (tricks.strength_code, the Samurai read from the table before it), and
    no shared entry is ever changed."""
    plays = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.setup(players, options, seed, variant)
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            action = rng.choice(engine.legal_actions(state, seat))
            new, events = GAME.apply(state, seat, action)
            if action.startswith("play:"):
                card, king, queen, switch, _ = play._parse(action)
                colour = state.own_king[seat]
                samurai = COLOUR_CODE[card] == "r" and has_up_of(state, seat, SAMURAI_CARDS)
                power, strength, number = tricks.strength_code(
                    card, bool(king), queen and colour == "w", queen and colour == "b", switch, samurai
                )
                queen_colour = colour if queen else ""
                entry = new.trick[-1] if new.trick else new.last_trick[-1]
                assert entry == {
                    "s": seat,
                    "c": card,
                    "k": king,
                    "q": queen_colour,
                    "x": switch,
                    "p": power,
                    "col": strength,
                    "n": number,
                }
                played = next(e for e in events if e.kind == "played")
                assert list(played.data.items()) == [
                    ("seat", seat),
                    ("card", card),
                    ("king", king),
                    ("queen", queen_colour),
                    ("switch", switch),
                    ("variant", variant),
                ]
                plays += 1
            state = new
    assert plays > 150
    for samurai, tables in ((False, play._BARE_ENTRIES), (True, play._SAMURAI_ENTRIES)):
        for seat, entries in enumerate(tables):
            for card, entry in entries.items():
                assert entry == play._bare_entry(seat, card, samurai)
    assert play._PLAYED_BARE["two-player"]["seat"] == -1 and play._PLAYED_BARE["standard"]["card"] == ""


def _plain_round_one_offer(t: engine.Table, seat: int) -> list[str]:
    """Round 1's draft offer by the rule ('■パーティ編成(オープンドラフト)'): a KQJ set while the seat has no
    king (only sets on its last pick without one), and up to three characters, each the first copy left in
    the pool of a character the seat does not hold yet; read off the pool as it stands, in its order."""
    out = [] if t.own_king[seat] else [f"set:{c}" for c in t.sets_left]
    if not t.own_king[seat] and t.draft_order.count(seat) <= 1:
        return out
    if len(t.chars[seat]) >= 3:
        return out
    seen = {c.rstrip("0123456789") for c in t.chars[seat]}
    for card in t.pool:
        character = card.rstrip("0123456789")
        if character not in seen:
            seen.add(character)
            out.append(f"pick:{card}")
    return out


def _forget_offer() -> None:
    """Drop the round-1 offer draft keeps with its pool, so that the next listing builds it again."""
    draft._OFFER_POOL[0], draft._OFFER[0] = [], {}


ROUND_ONE_OPTIONS = [
    (3, {}),
    (4, {}),
    (5, {}),
    (3, {"devil_contract": "true"}),
    (4, {"cheerleader": "true", "devil_contract": "true"}),
    (5, {"cheerleader": "true", "devil_contract": "true"}),
    (4, {"cheerleader": "true", "cheerleader_advanced": "true"}),
    (5, {"cheerleader": "true", "initial_parties": "true"}),  # no round-1 draft: rounds 2-3 only
]


@pytest.mark.parametrize(("players", "options"), ROUND_ONE_OPTIONS)
def test_the_round_one_offer_kept_with_the_pool_is_the_plain_listing_on_every_pick(
    players: int, options: dict[str, str]
) -> None:
    """draft keeps round 1's offer with its pool (draft._OFFER) and moves it on at each pick: every listing of
    seeded games is the rule's, and so is the listing of the same table with the offer forgotten, and of a
    copy saved to JSON and restored (the bot persists states mid-draft)."""
    for seed in range(116000, 116012):
        rng = random.Random(seed)
        state = GAME.setup(players, options, seed, "standard")
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            if state.phase == "draft" and state.discard_seat < 0 and state.round == 1:
                plain = _plain_round_one_offer(state, seat)
                assert legal == plain
                restored = GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))
                assert GAME.legal_actions(restored, seat) == plain  # an equal pool: the kept offer
                _forget_offer()
                assert GAME.legal_actions(restored, seat) == plain  # built again from the restored pool
                _forget_offer()
                assert GAME.legal_actions(state, seat) == plain
                assert GAME.legal_actions(state, seat) == plain  # kept, and listed again
                if len(state.draft_order) % 2:  # the game goes on from the restored state half the time
                    state = restored
                    assert GAME.legal_actions(state, seat) == plain
            state, _ = GAME.apply(state, seat, rng.choice(legal))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_round_one_offer_holds_for_any_pool_order(players: int) -> None:
    """The kept offer follows the pool as it stands, not draft order: round-1 drafts played on a shuffled
    pool (every pick one the listing offered) list what the rule lists on every pick, with two tables
    drafted in turn so each listing follows the other table's."""
    for seed in range(116100, 116130):
        rng = random.Random(seed)
        tables = []
        for k in range(2):
            t = GAME.setup(players, {"cheerleader": "true"} if players >= 4 else {}, seed + k, "standard")
            pool = list(t.pool)
            rng.shuffle(pool)
            t.pool = pool
            tables.append(t)
        while any(t.phase == "draft" for t in tables):
            for i, t in enumerate(tables):
                if t.phase != "draft":
                    continue
                seat = t.draft_order[0]
                legal = engine.legal_actions(t, seat)
                assert legal == _plain_round_one_offer(t, seat)
                tables[i] = engine.apply(t, seat, rng.choice(legal))[0]


def test_the_round_one_offer_moves_on_by_one_card_a_pick() -> None:
    """_advance_offer on hand-made pools: a first copy hands its place to the next copy beside it, a last
    copy takes its character out, a later copy leaves the offer as it is, and a copy left elsewhere in the
    pool (out of draft order) builds the offer again; each is the plain listing of the new pool."""
    pools = [
        ["healer1", "healer2", "ninja1", "samurai1"],
        ["ninja1", "healer1", "samurai1", "healer2"],
        ["healer2", "ninja1", "healer1", "samurai1", "samurai2"],
        ["samurai2", "samurai1", "healer1"],
    ]
    for pool in pools:
        for card in pool:
            draft._OFFER_POOL[0], draft._OFFER[0] = pool, draft._plain_first_copies(pool)
            new_pool = list(pool)
            index = new_pool.index(card)
            del new_pool[index]
            draft._advance_offer(new_pool, index, card)
            assert draft._OFFER_POOL[0] is new_pool
            assert list(draft._OFFER[0].items()) == list(draft._plain_first_copies(new_pool).items())
