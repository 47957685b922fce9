"""One search for every game: determinized playouts on the engine contract (docs/ai.md).

`search_policy(game)` is a game's strong AI; `Determinizer` draws full states from one seat's knowledge.
"""

from games.search.flat import Budget, SearchPolicy, reward, search_policy
from games.search.sampler import Determinizer

__all__ = ["Budget", "Determinizer", "SearchPolicy", "reward", "search_policy"]
