"""Every hero's effect, and the "cannot be resolved in its entirety -> ignored" case of each.

Rulebook 000_fcfbe286cff5777b.txt: the hero tables (基本セット『Champion of Time』, 拡張セット
『Grand Gambit』, 限定カード) and 【リードとフォロー】 注意 (できない場合は効果を無視).
Seat 0 leads every table here; the other seats hold filler cards.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from cot_helpers import act, hand, kinds, knows, pot, run, table, tableau

from games.trickster.cot import GAME

OTHERS = [["wit-o", "wit-y"], ["wit-g", "wit-p"], ["wit-k", "wit-w"]]


def lead(
    cards: Sequence[str],
    tableaus: Sequence[Sequence[str]] | None = None,
    trash: Sequence[str] = (),
    deck: Sequence[str] = (),
    others: Sequence[Sequence[str]] = OTHERS,
) -> object:
    return table([list(cards), *[list(o) for o in others]], tableaus=tableaus, trash=trash, deck=deck)


def ignored(s: object, action: str) -> None:
    new, events = act(s, 0, action)  # type: ignore[arg-type]
    assert "ignored" in kinds(events)
    assert new.pending is None and 0 not in GAME.to_act(new)


# --- base set ------------------------------------------------------------------------------------
def test_archivist_copies_a_tableau_or_trash_effect() -> None:
    """000, 基本セット Archivist: use the effect of a face-up card in your tableau or the Trash."""
    s = lead(["arc-r", "sol-b"], tableaus=[["mag-b"], [], [], []], trash=["rev-g"])
    s, _ = act(s, 0, "play:arc-r")
    assert GAME.legal_actions(s, 0) == ["copy:mag", "copy:rev"]
    s, ev = run(s, (0, "copy:mag"), (0, "pick:mag-b"))
    assert "copy" in kinds(ev)
    assert tableau(s, 0) == [] and "mag-b" in [*GAME.view(s, None)["trash"]]


def test_archivist_never_copies_archivist_or_general() -> None:
    """000 Archivist with RULINGS.md: Archivist and General may not be copied; nothing else -> ignored."""
    ignored(lead(["arc-r", "sol-b"], tableaus=[["arc-b"], [], [], []], trash=["gen-g"]), "play:arc-r")


def test_archivist_offers_only_resolvable_effects() -> None:
    """000 Archivist: a copied effect that cannot be resolved leaves nothing to use -> ignored."""
    ignored(lead(["arc-r", "sol-b"], trash=["gua-g"]), "play:arc-r")


def test_brigand() -> None:
    """000, 基本セット Brigand: your tableau -> any one opponent's tableau."""
    s = lead(["bri-r", "sol-b"], tableaus=[["nom-b"], [], [], []])
    s, _ = run(s, (0, "play:bri-r"), (0, "pick:nom-b"), (0, "seat:2"))
    assert tableau(s, 0) == [] and tableau(s, 2) == ["nom-b"]
    ignored(lead(["bri-r", "sol-b"]), "play:bri-r")


def test_doctor() -> None:
    """000, 基本セット Doctor: an opponent's tableau -> any one opponent's hand (public move)."""
    s = lead(["doc-r", "sol-b"], tableaus=[[], ["nom-b"], [], []])
    s, _ = act(s, 0, "play:doc-r")
    assert GAME.legal_actions(s, 0) == ["pick:nom-b"]
    s, _ = act(s, 0, "pick:nom-b")
    assert GAME.legal_actions(s, 0) == ["seat:1", "seat:2", "seat:3"]
    s, _ = act(s, 0, "seat:3")
    assert "nom-b" in hand(s, 3) and all(knows(s, x, "nom-b") for x in (0, 1, 2, None))
    ignored(lead(["doc-r", "sol-b"], tableaus=[["nom-b"], [], [], []]), "play:doc-r")


def test_explorer_reveals_two_and_bottom_card_is_known_to_all() -> None:
    """000, 基本セット Explorer: reveal the top two; one to your hand, the other face down to the bottom.
    Both were revealed, so the bottom card is known to all (RULINGS.md)."""
    s = lead(["exp-r", "sol-b"], deck=["nom-b", "gua-g", "doc-y"])
    s, ev = act(s, 0, "play:exp-r")
    assert next(e for e in ev if e.kind == "reveal").audience is None
    assert GAME.legal_actions(s, 0) == ["pick:nom-b", "pick:gua-g"]
    s, _ = act(s, 0, "pick:gua-g")
    assert "gua-g" in hand(s, 0)
    assert [x for x in GAME.view(s, 2)["deck_known"]] == ["nom-b"]
    assert all(knows(s, x, "nom-b") for x in (0, 1, 2, 3, None))
    assert not knows(s, 1, "doc-y")
    ignored(lead(["exp-r", "sol-b"], deck=["nom-b"]), "play:exp-r")


def test_guard() -> None:
    """000, 基本セット Guard: an opponent's tableau -> your hand."""
    s = lead(["gua-r", "sol-b"], tableaus=[[], [], ["nom-b"], []])
    s, _ = run(s, (0, "play:gua-r"), (0, "pick:nom-b"))
    assert "nom-b" in hand(s, 0) and tableau(s, 2) == []
    ignored(lead(["gua-r", "sol-b"], tableaus=[["nom-b"], [], [], []]), "play:gua-r")


def test_inventor_follows_into_pot_without_effect() -> None:
    """000, 基本セット Inventor: the top card goes into the pot if it can follow; its effect is not used
    (RULINGS.md)."""
    s = table(
        [["nom-r", "sol-b"], ["inv-r", "sol-g"], ["wit-r", "wit-g"], ["mag-r", "mag-g"]],
        tableaus=[[], [], ["doc-b"], []],
        deck=["gua-r", "doc-y"],
    )
    s, _ = run(s, (0, "play:nom-r"), (0, "pick:doc-b"), (1, "play:inv-r"))
    assert pot(s) == ["nom-r", "inv-r", "gua-r"]
    assert s.pending is None and GAME.to_act(s) == frozenset({2})  # Guard's effect was not used


def test_inventor_cannot_follow_goes_to_trash() -> None:
    """000, 基本セット Inventor: できなければ捨て札置き場に移動."""
    s = table(
        [["nom-r", "sol-b"], ["inv-r", "sol-g"], ["wit-r", "wit-g"], ["mag-r", "mag-g"]],
        deck=["gua-b", "doc-y"],
    )
    s, _ = run(s, (0, "play:nom-r"), (1, "play:inv-r"))
    assert pot(s) == ["nom-r", "inv-r"] and "gua-b" in GAME.view(s, None)["trash"]


def test_inventor_as_leader_sets_the_pattern() -> None:
    """000, 【トリックスターに関する特殊処理】 and RULINGS.md: the Leader's Inventor card is the pot's
    second card: it sets the pattern and the Leader becomes the Trickster."""
    s = lead(["inv-r", "sol-b"], deck=["gua-b", "doc-y"])
    s, ev = act(s, 0, "play:inv-r")
    assert pot(s) == ["inv-r", "gua-b"] and "trickster_role" in kinds(ev)
    assert s.trick is not None and s.trick.trickster == 0
    ignored(lead(["inv-r", "sol-b"]), "play:inv-r")


def test_magician() -> None:
    """000, 基本セット Magician: your tableau -> the Trash."""
    s = lead(["mag-r", "sol-b"], tableaus=[["nom-b"], [], [], []])
    s, _ = run(s, (0, "play:mag-r"), (0, "pick:nom-b"))
    assert tableau(s, 0) == [] and GAME.view(s, None)["trash"] == ["nom-b"]
    ignored(lead(["mag-r", "sol-b"]), "play:mag-r")


def test_nomad() -> None:
    """000, 基本セット Nomad: an opponent's tableau -> your tableau."""
    s = lead(["nom-r", "sol-b"], tableaus=[[], ["gua-b"], [], []])
    s, _ = run(s, (0, "play:nom-r"), (0, "pick:gua-b"))
    assert tableau(s, 0) == ["gua-b"] and tableau(s, 1) == []
    ignored(lead(["nom-r", "sol-b"]), "play:nom-r")


def test_peddler_exchange() -> None:
    """000, 基本セット Peddler: you and one opponent each secretly choose a hand card and exchange."""
    s = lead(["ped-r", "sol-b"])
    s, _ = act(s, 0, "play:ped-r")
    assert GAME.legal_actions(s, 0) == ["seat:1", "seat:2", "seat:3"]
    s, _ = act(s, 0, "seat:2")
    assert GAME.to_act(s) == frozenset({0, 2})
    s, _ = run(s, (2, "give:wit-p"), (0, "give:sol-b"))
    assert hand(s, 0) == ["wit-p"] and sorted(hand(s, 2)) == ["sol-b", "wit-g"]
    ignored(lead(["ped-r"]), "play:ped-r")


def test_revolutionary() -> None:
    """000, 基本セット Revolutionary: a Trash card -> your hand."""
    s = lead(["rev-r", "sol-b"], trash=["gua-b", "nom-g"])
    s, _ = act(s, 0, "play:rev-r")
    assert GAME.legal_actions(s, 0) == ["pick:gua-b", "pick:nom-g"]
    s, _ = act(s, 0, "pick:nom-g")
    assert "nom-g" in hand(s, 0) and knows(s, 3, "nom-g")
    ignored(lead(["rev-r", "sol-b"]), "play:rev-r")


def test_scavenger() -> None:
    """000, 基本セット Scavenger: exchange a card of your tableau with a Trash card."""
    s = lead(["sca-r", "sol-b"], tableaus=[["nom-b"], [], [], []], trash=["gua-g"])
    s, _ = run(s, (0, "play:sca-r"), (0, "pick:nom-b"), (0, "pick:gua-g"))
    assert tableau(s, 0) == ["gua-g"] and GAME.view(s, None)["trash"] == ["nom-b"]
    ignored(lead(["sca-r", "sol-b"], tableaus=[["nom-b"], [], [], []]), "play:sca-r")


def test_scion_bottom_card_known_only_to_its_player() -> None:
    """000, 基本セット Scion: top card -> your hand, then a hand card face down to the bottom; only its
    player knows that card (RULINGS.md)."""
    s = lead(["sci-r", "sol-b"], deck=["nom-b", "gua-g"])
    s, _ev = act(s, 0, "play:sci-r")
    assert sorted(hand(s, 0)) == ["nom-b", "sol-b"]
    assert not knows(s, 1, "nom-b") and knows(s, 0, "nom-b")
    s, _ = act(s, 0, "pick:sol-b")
    assert s.deck[-1] == s.deck[-1] and GAME.view(s, 0)["deck_known"] == ["sol-b"]
    assert knows(s, 0, "sol-b") and not any(knows(s, x, "sol-b") for x in (1, 2, 3, None))
    ignored(lead(["sci-r", "sol-b"]), "play:sci-r")


def test_soldier() -> None:
    """000, 基本セット Soldier: your hand -> any one opponent's tableau."""
    s = lead(["sol-r", "nom-b"])
    s, _ = run(s, (0, "play:sol-r"), (0, "pick:nom-b"), (0, "seat:3"))
    assert hand(s, 0) == [] and tableau(s, 3) == ["nom-b"]
    ignored(lead(["sol-r"]), "play:sol-r")


def test_witness() -> None:
    """000, 基本セット Witness: your tableau -> your hand."""
    s = lead(["wit-r", "sol-b"], tableaus=[["nom-b"], [], [], []])
    s, _ = run(s, (0, "play:wit-r"), (0, "pick:nom-b"))
    assert "nom-b" in hand(s, 0) and tableau(s, 0) == []
    ignored(lead(["wit-r", "sol-b"]), "play:wit-r")


# --- Grand Gambit ----------------------------------------------------------------------------------
def test_general_copies_a_trash_effect() -> None:
    """000, 拡張セット General: use the effect of a Trash card."""
    s = lead(["gen-r", "nom-b"], trash=["sol-g"])
    s, _ = act(s, 0, "play:gen-r")
    assert "copy:sol" in GAME.legal_actions(s, 0)
    s, _ = run(s, (0, "copy:sol"), (0, "pick:nom-b"), (0, "seat:1"))
    assert tableau(s, 1) == ["nom-b"]


def test_general_reveals_a_hand_card_publicly() -> None:
    """000, 拡張セット General: reveal a hand card, use its effect, the card goes back to the hand."""
    s = lead(["gen-r", "sha-b", "nom-y"])
    s, _ = act(s, 0, "play:gen-r")
    assert GAME.legal_actions(s, 0) == ["reveal:sha-b"]  # Nomad cannot be resolved (empty tableaus)
    s, _ev = act(s, 0, "reveal:sha-b")
    assert all(knows(s, x, "sha-b") for x in (1, 2, 3, None))
    assert not knows(s, 1, "nom-y")
    s, _ = act(s, 0, "pick:nom-y")
    assert hand(s, 0) == ["sha-b"] and tableau(s, 0) == ["nom-y"]


def test_general_never_copies_archivist_or_general() -> None:
    """000 General with RULINGS.md: no copying Archivist or General -> ignored when nothing else."""
    ignored(lead(["gen-r", "arc-b"], trash=["gen-g", "arc-y"]), "play:gen-r")


def test_hunter() -> None:
    """000, 拡張セット Hunter: a Trash card -> any one opponent's tableau."""
    s = lead(["hun-r", "sol-b"], trash=["nom-b"])
    s, _ = run(s, (0, "play:hun-r"), (0, "pick:nom-b"), (0, "seat:1"))
    assert tableau(s, 1) == ["nom-b"] and GAME.view(s, None)["trash"] == []
    ignored(lead(["hun-r", "sol-b"]), "play:hun-r")


def test_noble_moves_a_following_tableau_card_without_effect() -> None:
    """000, 拡張セット Noble: if one can follow, your tableau -> the pot; its effect is not used."""
    s = table(
        [["nom-r", "sol-b"], ["nob-r", "sol-g"], ["wit-r", "wit-g"], ["mag-r", "mag-g"]],
        tableaus=[[], ["gua-r", "doc-b"], ["sol-y"], []],
    )
    s, _ = run(s, (0, "play:nom-r"), (0, "pick:sol-y"), (1, "play:nob-r"))
    assert GAME.legal_actions(s, 1) == ["pick:gua-r"]
    s, _ = act(s, 1, "pick:gua-r")
    assert pot(s) == ["nom-r", "nob-r", "gua-r"] and s.pending is None


def test_noble_ignored_when_nothing_follows() -> None:
    """000, 拡張セット Noble: フォロー可能なら — no tableau card can follow -> ignored."""
    s = table(
        [["bri-r", "sol-b"], ["nob-r", "sol-g"], ["wit-r", "wit-g"], ["mag-r", "mag-g"]],
        tableaus=[[], ["doc-b"], [], []],
    )
    s, _ = act(s, 0, "play:bri-r")
    s, ev = act(s, 1, "play:nob-r")
    assert "ignored" in kinds(ev) and GAME.to_act(s) == frozenset({2})


def test_saint_to_self_known_to_both() -> None:
    """000, 拡張セット Saint: a random card of an opponent's hand -> your hand; you may look at it."""
    s = lead(["sai-r", "sol-b"])
    s, _ = run(s, (0, "play:sai-r"), (0, "seat:1"))
    assert GAME.legal_actions(s, 0) == ["seat:0", "seat:1", "seat:2", "seat:3"]
    s, _ev = act(s, 0, "seat:0")
    moved = [x for x in hand(s, 0) if x.startswith("wit")]
    assert len(moved) == 1 and len(hand(s, 1)) == 1
    assert knows(s, 0, moved[0]) and knows(s, 1, moved[0])
    assert not knows(s, 2, moved[0]) and not knows(s, None, moved[0])


def test_saint_to_another_hidden_from_the_saint() -> None:
    """000, 拡張セット Saint: 自分の手札に移動した時だけ見ても良い — to someone else, the Saint's
    player does not see it; the player it left and its receiver do (RULINGS.md)."""
    s = lead(["sai-r", "sol-b"])
    s, _ev = run(s, (0, "play:sai-r"), (0, "seat:1"), (0, "seat:2"))
    moved = [x for x in hand(s, 2) if x in ("wit-o", "wit-y")]
    assert len(moved) == 1
    assert knows(s, 1, moved[0]) and knows(s, 2, moved[0])
    assert not knows(s, 0, moved[0]) and not knows(s, 3, moved[0])
    ignored(lead(["sai-r", "sol-b"], others=[[], [], []]), "play:sai-r")


def test_saint_may_give_the_card_back_to_the_opponent_it_came_from() -> None:
    """000_fcfbe286cff5777b.txt, 拡張セット Saint: 「…ランダムに引いたカード１枚を（自分を含む）誰かの
    手札に加える」 — anyone, the opponent it was drawn from included. In a two-player game the Saint's
    player is not forced to take the card: giving it back moves nothing."""
    s = table([["sai-r", "sol-b"], ["wit-o", "wit-y", "wit-g"]], timeline=["doc-b", "doc-g", "mag-k"])
    s, _ = run(s, (0, "play:sai-r"), (0, "seat:1"))
    assert GAME.legal_actions(s, 0) == ["seat:0", "seat:1"]
    s, ev = act(s, 0, "seat:1")
    assert hand(s, 0) == ["sol-b"] and sorted(hand(s, 1)) == ["wit-g", "wit-o", "wit-y"]
    assert [e.data for e in ev if e.kind == "move"] == [
        {"by": 0, "card": None, "src": "hand", "src_seat": 1, "dst": "hand", "dst_seat": 1}
    ]
    assert s.pending is None and GAME.to_act(s) == frozenset({1})


def test_shaman() -> None:
    """000, 拡張セット Shaman: your hand -> your tableau."""
    s = lead(["sha-r", "nom-b"])
    s, _ = run(s, (0, "play:sha-r"), (0, "pick:nom-b"))
    assert tableau(s, 0) == ["nom-b"] and hand(s, 0) == []
    ignored(lead(["sha-r"]), "play:sha-r")


def test_smuggler_public_reveal() -> None:
    """000, 拡張セット Smuggler: reveal 2 random cards of an opponent's hand; one to you, the other to any
    opponent's hand (both public, RULINGS.md)."""
    s = lead(["smu-r", "sol-b"], others=[["wit-o", "wit-y", "wit-g"], ["doc-g"], ["doc-k"]])
    s, _ = act(s, 0, "play:smu-r")
    assert GAME.legal_actions(s, 0) == ["seat:1"]
    s, ev = act(s, 0, "seat:1")
    shown = next(e for e in ev if e.kind == "reveal").data["cards"]
    assert len(shown) == 2 and all(knows(s, x, card) for x in (2, 3, None) for card in shown)
    s, _ = run(s, (0, f"pick:{shown[1]}"), (0, "seat:3"))
    assert shown[1] in hand(s, 0) and shown[0] in hand(s, 3) and len(hand(s, 1)) == 1
    ignored(lead(["smu-r", "sol-b"], others=[["wit-o"], ["doc-g"], []]), "play:smu-r")


def test_vigilante() -> None:
    """000, 拡張セット Vigilante: exchange a Trash card with a card of an opponent's tableau."""
    s = lead(["vig-r", "sol-b"], tableaus=[[], [], ["nom-b"], []], trash=["gua-g"])
    s, _ = run(s, (0, "play:vig-r"), (0, "pick:gua-g"), (0, "pick:nom-b"))
    assert tableau(s, 2) == ["gua-g"] and GAME.view(s, None)["trash"] == ["nom-b"]
    ignored(lead(["vig-r", "sol-b"], trash=["gua-g"]), "play:vig-r")


# --- promos -------------------------------------------------------------------------------------
def test_beast_moves_a_following_hand_card_without_effect() -> None:
    """000, 限定カード Beast: if one can follow, your hand -> the pot; its effect is not used."""
    s = table(
        [["nom-r", "sol-b"], ["bea-r", "gua-r", "doc-b"], ["wit-r", "wit-g"], ["mag-r", "mag-g"]],
        tableaus=[[], [], ["sol-y"], []],
    )
    s, _ = run(s, (0, "play:nom-r"), (0, "pick:sol-y"), (1, "play:bea-r"))
    assert GAME.legal_actions(s, 1) == ["pick:gua-r"]
    s, _ = act(s, 1, "pick:gua-r")
    assert pot(s) == ["nom-r", "bea-r", "gua-r"] and s.pending is None


def test_beast_ignored_when_nothing_follows() -> None:
    """000, 限定カード Beast: no hand card can follow -> ignored."""
    s = table([["nom-r", "sol-b"], ["bea-r", "doc-b"], ["wit-r", "wit-g"], ["mag-r", "mag-g"]])
    s, _ = act(s, 0, "play:nom-r")
    s, ev = act(s, 1, "play:bea-r")
    assert "ignored" in kinds(ev)


def test_maven_public_reveal_to_tableau() -> None:
    """000, 限定カード Maven: reveal a random card of an opponent's hand, move it to any opponent's
    tableau (public, RULINGS.md)."""
    s = lead(["mav-r", "sol-b"], others=[["wit-o"], [], []])
    s, _ = act(s, 0, "play:mav-r")
    assert GAME.legal_actions(s, 0) == ["seat:1"]
    s, _ev = act(s, 0, "seat:1")
    assert GAME.view(s, 3)["effect"]["revealed"] == ["wit-o"]
    s, _ = act(s, 0, "seat:2")
    assert tableau(s, 2) == ["wit-o"] and hand(s, 1) == []
    ignored(lead(["mav-r", "sol-b"], others=[[], [], []]), "play:mav-r")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_hero_has_names_and_texts(lang: str) -> None:
    """000, hero tables: 23 heroes (14 + 7 + 2), each with a name and its card text in both languages."""
    from games.trickster.cot.cards import HEROES, SET_HEROES

    assert [len(SET_HEROES[k]) for k in ("base", "gg", "promo")] == [14, 7, 2]
    for hero in HEROES:
        assert (hero.ja if lang == "ja" else hero.en) and (hero.text_ja if lang == "ja" else hero.text_en)
