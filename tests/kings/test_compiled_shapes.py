"""The compiled build's shapes of the standard and two-player engine (docs/engine-speed.md, "KINGs standard on
the compiled build, a pass"): where mypyc runs a plain loop faster than the source's C-level calls, the code
branches on `flow.common.COMPILED` (games.core.native64.WRAPS). These hold each loop to the plain rule on both
builds, directly and by seeded games played again with the compiled branches switched on (on the source the
module flags are patched; compiled, the flag is a constant and the same games simply run twice). Also the
`Final` tables and the one string object per card that every deal hands out."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from games.kings import engine
from games.kings.cards import CHARACTER_OF, COLOUR_CODE, all_character_cards, character_pool, playing_cards
from games.kings.flow import common, draft, play, tasks
from games.kings.flow.common import drop_first, index_of
from games.kings.game import GAME
from tests.build.final_tables import tables_without_final

_PACKAGE = Path(__file__).resolve().parents[2] / "games" / "kings"
# The engine's modules (the rendering modules, text, faces, card_texts, view, are not on the per-action path).
_HOT = (
    "cards.py",
    "engine.py",
    "game.py",
    "provisional.py",
    "scoring.py",
    "tricks.py",
    "flow/bids.py",
    "flow/common.py",
    "flow/deal.py",
    "flow/draft.py",
    "flow/play.py",
    "flow/round_end.py",
    "flow/tasks.py",
)


@pytest.mark.parametrize("name", _HOT)
def test_module_tables_are_final(name: str) -> None:
    """Compiled, a module-level name without `Final` is read from the module's dict at every use."""
    assert tables_without_final(_PACKAGE / name, ("T", "__all__")) == []


def _plain_drop_first(seq: list[str], item: str) -> bool:
    if item in seq:
        seq.remove(item)
        return True
    return False


def test_drop_first_and_index_of_are_in_remove_and_index() -> None:
    rng = random.Random(117000)
    words = ["r1", "r10", "k1", "flag1", "rare1", "healer1", "healer2", "pick:ninja1", ""]
    for _ in range(3000):
        seq = [rng.choice(words) + "" for _ in range(rng.randint(0, 8))]  # equal strings, other objects too
        item = rng.choice(words)
        plain, loop = list(seq), list(seq)
        assert drop_first(loop, item) == _plain_drop_first(plain, item)
        assert loop == plain
        if item in seq:
            assert index_of(seq, item) == seq.index(item)
        else:
            with pytest.raises(ValueError):
                index_of(seq, item)
        assert engine._listed_has(tuple(seq), item) == (item in seq)


def _plain_rounds_2_3(pool: list[str], banned: list[str]) -> list[str]:
    """Rounds 2-3's listing as the source builds it: last round's cards out of a copy of the pool."""
    left = list(pool)
    for card in banned:
        if card in left:
            left.remove(card)
    return [f"pick:{card}" for card in left]


def test_rounds_2_3_listing_is_the_pool_without_last_rounds_cards() -> None:
    rng = random.Random(117001)
    cards = list(CHARACTER_OF)
    for _ in range(3000):
        # repeats too: the plain rule still holds
        pool = [rng.choice(cards) for _ in range(rng.randint(0, 19))]
        banned = [rng.choice(cards) for _ in range(rng.randint(0, 4))]
        assert draft._picks_without(pool, banned) == _plain_rounds_2_3(pool, banned), (pool, banned)
    assert draft._picks_without(["healer1"], ()) == ["pick:healer1"]


def test_followable_is_must_follow() -> None:
    rng = random.Random(117002)
    cards = list(COLOUR_CODE)
    for _ in range(3000):
        hand = rng.sample(cards, rng.randint(0, 12))
        for lead in ("r", "b", "g", "k"):
            holds_lead = any(COLOUR_CODE[c] == lead for c in hand)
            expected = [c for c in hand if COLOUR_CODE[c] in (lead, "")] if holds_lead else hand
            assert play._followable(hand, lead) == expected, (hand, lead)


def test_every_card_is_one_string_object() -> None:
    """A dealt card, a pool's character card and a parsed play's card are the objects the tables are keyed by."""
    colour_keys = {card: card for card in COLOUR_CODE}
    character_keys = {card: card for card in CHARACTER_OF}
    for players in (2, 3, 4, 5):
        for card in playing_cards(players):
            assert card is colour_keys[card]
        for cheerleader in (False, True):
            for card in character_pool(players, cheerleader, players == 4):
                assert card is character_keys[card]
    for action, parsed in play._PARSED.items():
        assert parsed[0] is colour_keys[parsed[0]]
        assert parsed == play._parse(action)
    assert sorted(character_keys) == sorted(all_character_cards())


def _play_log(players: int, variant: str, options: dict[str, str], seed: int) -> list[Any]:
    rng = random.Random(seed)
    state = GAME.setup(players, options, seed, variant)
    log: list[Any] = []
    while not GAME.is_over(state):
        seat = sorted(GAME.to_act(state))[0]
        legal = GAME.legal_actions(state, seat)
        action = rng.choice(legal)
        if rng.random() < 0.3:  # an equal string, not the listed object: apply's check compares characters
            action = "".join(list(action))
        state, events = GAME.apply(state, seat, action)
        log.append((seat, legal, action, events, GAME.to_json(state)))
    log.append(GAME.outcome(state))
    return log


@pytest.mark.parametrize(
    ("players", "variant", "options"),
    [
        (3, "standard", {}),
        (4, "standard", {"cheerleader": "true", "devil_contract": "true"}),
        (5, "standard", {"cheerleader": "true", "initial_parties": "true"}),
        (2, "two-player", {}),
    ],
)
def test_compiled_branches_play_the_same_games(
    players: int, variant: str, options: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seeds = range(117010, 117016)
    plain = [_play_log(players, variant, options, seed) for seed in seeds]
    for module in (common, engine, draft, play, tasks):
        monkeypatch.setattr(module, "COMPILED", True)
    assert [_play_log(players, variant, options, seed) for seed in seeds] == plain
