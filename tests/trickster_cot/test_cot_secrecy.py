"""Who may see which card: the Peddler exchange, Saint, and the checker's view of hidden cards.

Rulebook 000_fcfbe286cff5777b.txt, 基本セット Peddler (秘密のカード１枚を選び交換) and 拡張セット Saint;
RULINGS.md "All games" (simultaneous choices committed secretly, revealed together).
"""

from __future__ import annotations

from cot_helpers import act, hand, knows, run, sees, table

from games.core.invariants import leaked
from games.trickster.cot import GAME


def peddler_table() -> object:
    return table([["ped-r", "sol-b", "sol-g"], ["wit-o", "wit-y"], ["doc-g", "doc-p"], ["mag-k", "mag-w"]])


def test_peddler_neither_sees_the_other_card_before_both_commit() -> None:
    """000, Peddler: each secretly chooses; neither sees the other's card before both commit."""
    s, _ = run(peddler_table(), (0, "play:ped-r"), (0, "seat:2"))  # type: ignore[arg-type]
    assert GAME.to_act(s) == frozenset({0, 2})
    s, ev = act(s, 2, "give:doc-p")
    # Seat 0 still chooses; nothing it can see names doc-p, and its legal actions are its own cards.
    assert not sees(s, 0, "doc-p", ev) and not knows(s, 0, "doc-p")
    assert GAME.legal_actions(s, 0) == ["give:sol-b", "give:sol-g"]
    assert GAME.to_act(s) == frozenset({0})
    assert GAME.view(s, 2)["exchange"]["mine"] == "doc-p"
    assert GAME.view(s, 0)["exchange"]["mine"] is None
    assert GAME.view(s, 0)["exchange"]["committed"] == [False, True]


def test_peddler_first_commit_is_also_hidden_the_other_way() -> None:
    """000, Peddler: the Peddler's own choice is hidden from the opponent until both commit."""
    s, _ = run(peddler_table(), (0, "play:ped-r"), (0, "seat:2"))  # type: ignore[arg-type]
    s, ev = act(s, 0, "give:sol-g")
    assert not sees(s, 2, "sol-g", ev)
    assert all(not leaked({"sol-g"}, a) for a in GAME.legal_actions(s, 2))


def test_peddler_after_exchange_only_the_pair_knows() -> None:
    """000, Peddler: after the swap both players know both cards; the others know neither."""
    s, _ = run(peddler_table(), (0, "play:ped-r"), (0, "seat:2"))  # type: ignore[arg-type]
    s, ev = run(s, (2, "give:doc-p"), (0, "give:sol-g"))
    assert "doc-p" in hand(s, 0) and "sol-g" in hand(s, 2)
    for card in ("doc-p", "sol-g"):
        assert knows(s, 0, card) and knows(s, 2, card)
        assert not knows(s, 1, card) and not knows(s, 3, card) and not knows(s, None, card)
    private = [e for e in ev if e.kind == "exchange"]
    assert private and private[0].audience == frozenset({0, 2})


def test_revealed_hand_knowledge_is_forgotten_after_a_secret_exchange() -> None:
    """RULINGS.md (public reveals): a card known in a hand stays known only while nobody could have
    moved it unseen; after a secret exchange from that hand, onlookers no longer know it is there."""
    s = table([["gen-r", "ped-b", "sol-g"], ["wit-o", "wit-y"], ["doc-g", "doc-p"], ["mag-k", "mag-w"]])
    s, _ = run(s, (0, "play:gen-r"), (0, "reveal:ped-b"))
    assert knows(s, 3, "ped-b")
    s, _ = run(s, (0, "seat:1"), (0, "give:sol-g"), (1, "give:wit-o"))
    # Seat 3 cannot tell which card seat 0 gave: ped-b may have left, so it is no longer known to it.
    assert not knows(s, 3, "ped-b") and not knows(s, None, "ped-b")
    # Seat 1 received sol-g, so it knows ped-b is still in seat 0's hand.
    assert knows(s, 1, "ped-b")
    assert not knows(s, 3, "wit-o") and knows(s, 0, "wit-o")


def test_saint_card_given_back_is_learnt_by_nobody() -> None:
    """000, 拡張セット Saint (「（自分を含む）誰かの手札」) with RULINGS.md: when the card goes back to the
    opponent it was drawn from, nothing moves and no seat learns which card was drawn."""
    s = table([["sai-r", "sol-b"], ["wit-o", "wit-y"], ["doc-g", "doc-p"], ["mag-k", "mag-w"]])
    drawn_from = {"wit-o", "wit-y"}
    before = {seat: GAME.hidden_from(s, seat) & drawn_from for seat in (0, 1, 2, 3, None)}
    s, ev = run(s, (0, "play:sai-r"), (0, "seat:1"), (0, "seat:1"))  # type: ignore[arg-type]
    assert hand(s, 1) == ["wit-o", "wit-y"]
    for seat in (0, 1, 2, 3, None):
        assert GAME.hidden_from(s, seat) & drawn_from == before[seat]
        for card in drawn_from:
            if seat != 1:
                assert not knows(s, seat, card) and not sees(s, seat, card, ev)
    assert all(e.audience is None for e in ev)  # no private event naming the drawn card


def test_hidden_cards_never_reach_views_in_a_checked_game() -> None:
    """The checker's leak test over views and events, on a 5-player Grand Gambit + promos game."""
    from games.core.policy import random_policy
    from games.tools.simulate import play_one

    run_ = play_one(GAME, 5, [random_policy] * 5, seed=11, options={"grand_gambit": "true", "promos": "true"})
    assert run_.violations == [] and run_.outcome is not None
