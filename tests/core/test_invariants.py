"""The leak detector finds hidden card ids wherever a front end could show them."""

from games.core.contract import placements_from_scores
from games.core.invariants import leaked


def test_leak_found_in_nested_values_keys_and_action_strings() -> None:
    hidden = {"r3", "b7"}
    assert leaked(hidden, {"hand": ["g1"], "pot": [{"card": "r3"}]}) == {"r3"}
    assert leaked(hidden, {"b7": 1}) == {"b7"}
    assert leaked(hidden, ["play:b7"]) == {"b7"}
    assert leaked(hidden, {"text": "gave r3,g1"}) == {"r3"}


def test_no_false_positive_on_longer_ids() -> None:
    assert leaked({"r3"}, {"pot": ["r30", "xr3"]}) == set()


def test_placements_share_ties() -> None:
    assert placements_from_scores([10, 5, 5, 1]) == (1, 2, 2, 4)
    assert placements_from_scores([10, 5, 5, 1], lower_is_better=True) == (4, 2, 2, 1)
