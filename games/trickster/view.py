"""What one seat may see (view) and what it may not know (hidden_from, for the leak checker).

Public: Houses (with sideways cards), the Trash, the Pot, hand and deck sizes, roles, the pattern,
whose secret choices are in. Private: your hand, your own pending secret choice, cards you were shown
(a card you gave away, the card you put on the deck), and cards revealed to everyone.
"""

from __future__ import annotations

from typing import Any

from games.trickster.cards import CARD_IDS, HEROES
from games.trickster.hero import CHOOSE_HERO, CHOOSE_TARGET
from games.trickster.scoring import Score, score_houses
from games.trickster.state import PHASE_NAMES, State, mask_cards
from games.trickster.tricks import NO_SEAT, Pattern


def known_mask(st: State, seat: int | None) -> int:
    return st.public if seat is None else st.public | st.seen[seat]


def hidden_cards(st: State, seat: int | None) -> list[int]:
    """Cards in other hands and in the deck that `seat` does not know."""
    known = known_mask(st, seat)
    out = [c for c in st.deck if not known >> c & 1]
    for s, hand in enumerate(st.hands):
        if s != seat:
            out.extend(c for c in hand if not known >> c & 1)
    return out


def hidden_from(st: State, seat: int | None) -> set[str]:
    return {CARD_IDS[c] for c in hidden_cards(st, seat)}


_last_scores: tuple[Any, int, list[Score]] = (None, 0, [])


def _scores(st: State) -> list[Score]:
    """Scores of the Houses. The last result is memoized (one immutable tuple, swapped atomically):
    every seat's view of one state asks for the same scores."""
    global _last_scores
    houses = st.houses
    last = _last_scores
    if last[0] is houses and last[1] == st.sideways:
        return list(last[2])
    result = score_houses(houses, st.sideways)
    _last_scores = (houses, st.sideways, result)
    return list(result)


def _token(kind: str, token: int) -> Any:
    if kind == CHOOSE_TARGET:
        return token
    if kind == CHOOSE_HERO:
        return HEROES[token].slug
    return CARD_IDS[token]


def view(st: State, seat: int | None) -> dict[str, Any]:
    known = known_mask(st, seat)
    ids = CARD_IDS
    hands: list[dict[str, Any]] = []
    for s, hand in enumerate(st.hands):
        entry: dict[str, Any] = {"count": len(hand)}
        if s == seat:
            entry["cards"] = [ids[c] for c in hand]
        else:
            entry["known"] = [ids[c] for c in hand if known >> c & 1]
        hands.append(entry)
    trick = st.trick
    scores = _scores(st)
    out: dict[str, Any] = {
        "game": "trickster",
        "players": st.players,
        "seat": seat,
        "phase": PHASE_NAMES[st.phase],
        "deck_name": st.deck_name,
        "heroes": [HEROES[h].slug for h in st.heroes],
        "hand_size": st.hand_size,
        "outs": st.outs,
        "ends_at": st.ends_at,
        "hands": hands,
        "houses": [[ids[c] for c in house] for house in st.houses],
        "sideways": [ids[c] for c in mask_cards(st.sideways)],
        "trash": [ids[c] for c in st.trash],
        "deck": len(st.deck),
        "deck_known": [{"pos": i, "card": ids[c]} for i, c in enumerate(st.deck) if known >> c & 1],
        "pot": [ids[c] for c in trick.pot],
        "leader": None if trick.leader == NO_SEAT else trick.leader,
        "trickster": trick.trickster,
        "turn": trick.turn if PHASE_NAMES[st.phase] == "play" else None,
        "pattern": None if trick.pattern is Pattern.OPEN else trick.pattern.name.lower(),
        "scores_now": [s.score for s in scores],
        "ignored_suits": [list(s.ignored) for s in scores],
        "version": st.turns,
    }
    if st.phase == 0:
        out["house_committed"] = [s for s, c in enumerate(st.house_picks) if c >= 0]
        if seat is not None and st.house_picks[seat] >= 0:
            out["my_house_pick"] = ids[st.house_picks[seat]]
    p = st.pending
    if p is not None:
        pending: dict[str, Any] = {
            "hero": HEROES[p.hero].slug,
            "card": ids[p.card],
            "actor": p.actor,
            "kind": p.kind,
            "note": p.note,
            "choosers": list(p.choosers),
            "committed": [s for s, c in zip(p.choosers, p.commits, strict=True) if c >= 0],
        }
        if p.memo and all(known >> c & 1 for c in p.memo):
            pending["revealed"] = [ids[c] for c in p.memo]
        if seat is not None and seat in p.choosers:
            i = p.choosers.index(seat)
            pending["options"] = [_token(p.kind, t) for t in p.options[i]]
            if p.commits[i] >= 0:
                pending["my_choice"] = _token(p.kind, p.commits[i])
        out["pending"] = pending
    return out


def all_cards(st: State) -> list[str]:
    """Every card of the table (conservation): hands, Houses, Trash, deck, pot."""
    cards = list(st.trash) + list(st.deck) + list(st.trick.pot)
    for hand in st.hands:
        cards.extend(hand)
    for house in st.houses:
        cards.extend(house)
    return [CARD_IDS[c] for c in cards]
