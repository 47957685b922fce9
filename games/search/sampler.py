"""Determinization: a full game state drawn at random from what one seat knows.

Search cannot play out from a view: the engines need a whole State. So the cards a seat cannot see
(`Game.hidden_from`) are dealt again at random among the places they occupy, and the RNG inside the state
is replaced, before the search sees anything. The rest of the state (what the seat can see, counts per
hand, cards revealed or known) is kept, so every sample is consistent with the seat's information.

The deal is one bijection on the hidden card ids, applied to the state's JSON everywhere an id occurs
(values and keys), so the engine's own bookkeeping about a card (who has seen it, where it was taken from)
moves with it. The bijection is defined by *places*, not by which card is where: the hidden places are
put in a canonical order (by JSON path), the sorted hidden ids are shuffled onto them with the search's
RNG, and the card found at each place is renamed to the card dealt there. Two tables that differ only in
how the hidden cards lie therefore give the same samples for the same RNG: nothing of the true hidden
deal reaches the search (tests/search/test_sampler.py checks this for every game).

A game narrows the deal where it has made more public than the view's card lists show (a player who failed
to follow a suit holds none of it): `game.search.sample_constraints(view, seat)` returns, per place prefix
(a JSON path such as ("hands", 2)), the cards that cannot be there. The deal honours them when it can.

A game whose hidden places are not alike may also deal them itself: `game.search.sample_deal(view, seat,
places, cards, rng, constraints)` returns the cards for `places` (a permutation of `cards`), from the
seat's view only (Capture of Dreams: the face-down discards hold what seats discard, cheap number cards,
not a uniform share of the trumps; games/dream_capture/sampling.py). Without it, `deal`
(games/core/dealing.py). Both hooks are fields of the game's `SearchHooks` (games/core/search_hooks.py).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from games.core.contract import JSON, Game
from games.core.dealing import deal, forbidden_at
from games.core.search_hooks import Constraints, Path, SampleDeal

__all__ = ["Constraints", "Determinizer", "Path", "deal", "forbidden_at"]


_TOKEN = re.compile(r"[^,\s|;=:/()\[\]{}\"\\]+")  # card ids never contain these (games/core/invariants.py)


def _tokens(text: str) -> list[str]:
    return [text] if _TOKEN.fullmatch(text) else _TOKEN.findall(text)


def _places(data: JSON, hidden: frozenset[str], path: Path, out: dict[str, Path]) -> None:
    """The first place (canonical JSON path) of every hidden id found in `data`, also inside strings
    such as a committed secret action "give:r5"."""
    if isinstance(data, str):
        for token in _tokens(data):
            if token in hidden and token not in out:
                out[token] = path
    elif isinstance(data, list):
        for i, item in enumerate(data):
            _places(item, hidden, (*path, i), out)
    elif isinstance(data, dict):
        for key in sorted(data):
            if key in hidden and key not in out:
                out[key] = (*path, key)
            _places(data[key], hidden, (*path, key), out)


def _rename(data: JSON, mapping: Mapping[str, str]) -> JSON:
    if isinstance(data, str):
        if data in mapping:
            return mapping[data]
        if _TOKEN.fullmatch(data):
            return data
        return _TOKEN.sub(lambda m: mapping.get(m.group(0), m.group(0)), data)
    if isinstance(data, list):
        return [_rename(item, mapping) for item in data]
    if isinstance(data, dict):
        return {mapping.get(k, k): _rename(v, mapping) for k, v in data.items()}
    return data


class Determinizer:
    """Draws states consistent with `seat`'s information. It holds the true state; callers get only draws."""

    __slots__ = ("_constraints", "_data", "_deal", "_game", "_places", "_view", "seat")

    def __init__(self, game: Game[Any], state: Any, seat: int) -> None:
        self._game = game
        self.seat = seat
        hidden = frozenset(game.hidden_from(state, seat))
        self._data = game.to_json(state)
        found: dict[str, Path] = {}
        _places(self._data, hidden, (), found)
        self._places = sorted(found.items(), key=lambda item: _sort_key(item[1]))
        view = game.view(state, seat)
        hooks = game.search
        self._constraints: Constraints = (
            hooks.sample_constraints(view, seat) if hooks.sample_constraints else {}
        )
        self._deal: SampleDeal | None = hooks.sample_deal
        self._view = view  # the seat's own information: all a game's deal may read

    @property
    def variant(self) -> str | None:
        """The table's variant id, where the state says (per-variant search settings)."""
        found = self._data.get("variant")
        return found if isinstance(found, str) else None

    @property
    def hidden_count(self) -> int:
        return len(self._places)

    def draw(self, rng: random.Random) -> Any:
        """One full state: hidden cards dealt again, the state's RNG replaced."""
        paths = [path for _, path in self._places]
        cards = sorted(card for card, _ in self._places)
        if self._deal is not None:
            dealt = self._deal(self._view, self.seat, paths, cards, rng, self._constraints)
        else:
            dealt = deal(paths, cards, rng, self._constraints)
        mapping = {card: new for (card, _), new in zip(self._places, dealt, strict=True)}
        data = _rename(self._data, mapping) if mapping else dict(self._data)
        assert isinstance(data, dict)
        if "rng" in data:
            data["rng"] = rng.getrandbits(63)  # future shuffles are unknown too
        return self._game.from_json(data)


def _sort_key(path: Path) -> tuple[tuple[int, str | int], ...]:
    return tuple((0, p) if isinstance(p, int) else (1, p) for p in path)
