"""Text for front ends: cards, actions, events, prompts, the board and the rules summary (en / ja)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core.contract import JSON, Event, Prompt
from games.core.i18n import translate
from games.core.names import Names, score_line, seat_list
from games.core.names import seat_name as person
from games.trickster.cot import messages  # noqa: F401  (registers the texts)
from games.trickster.cot.cards import CARD_INDEX, HERO_INDEX, card_name, hero_name


def render_card(card: str, lang: str = "en") -> str:
    index = CARD_INDEX.get(card)
    return card if index is None else card_name(index, lang)


def _cards(cards: Sequence[Any] | None, lang: str) -> str:
    if not cards:
        return translate("cot_none", lang)
    return ("、" if lang == "ja" else ", ").join(render_card(str(c), lang) for c in cards)


def _seat(seat: Any, lang: str, names: Names = None) -> str:
    if seat is None:
        return translate("cot_none", lang)
    return person(names, seat, lang)


def _hero(code_or_index: Any, lang: str) -> str:
    if isinstance(code_or_index, int):
        return hero_name(code_or_index, lang)
    index = HERO_INDEX.get(str(code_or_index))
    return str(code_or_index) if index is None else hero_name(index, lang)


def _pattern(name: Any, lang: str) -> str:
    return translate(f"cot_pattern_{name}", lang)


def render_action(action: str, view: Mapping[str, JSON], lang: str = "en", *, names: Names = None) -> str:
    if action == "deal":
        return translate("cot_act_deal", lang)
    verb, _, arg = action.partition(":")
    if verb in ("play", "tab", "give", "pick", "reveal"):
        return translate(f"cot_act_{verb}", lang, card=render_card(arg, lang))
    if verb in ("draft", "copy"):
        return translate(f"cot_act_{verb}", lang, hero=_hero(arg, lang))
    if verb == "seat" and arg.isdigit():
        return translate("cot_act_seat", lang, seat=_seat(int(arg), lang, names))
    return action


def _zone(zone: Any, seat: Any, lang: str, names: Names = None) -> str:
    name = translate(f"cot_zone_{zone}", lang)
    if seat is None:
        return name
    return translate("cot_ev_zone_of", lang, seat=_seat(seat, lang, names), zone=name)


def render_event(event: Event, lang: str = "en", *, names: Names = None) -> str:
    d: Mapping[str, Any] = event.data
    kind = event.kind
    if kind == "round_start":
        timeline = (
            translate("cot_ev_timeline", lang, cards=_cards(d["timeline"], lang)) if d["timeline"] else ""
        )
        return translate(
            "cot_ev_round_start",
            lang,
            round=d["round"],
            trash=_cards(d["trash"], lang),
            timeline=timeline,
            first=_seat(d["first"], lang, names),
        )
    if kind == "first_drawn":
        return translate(f"cot_ev_first_drawn_{d['role']}", lang, seat=_seat(d["seat"], lang, names))
    if kind == "deal":
        return translate("cot_ev_deal", lang, cards=_cards(d["hand"], lang))
    if kind == "draft":
        return translate(
            "cot_ev_draft", lang, seat=_seat(d["seat"], lang, names), hero=_hero(d["hero"], lang)
        )
    if kind in ("pick_committed", "cannot_follow", "exchange_committed", "trickster_role"):
        return translate(f"cot_ev_{kind}", lang, seat=_seat(d["seat"], lang, names))
    if kind == "tableau_picks":
        return translate("cot_ev_tableau_picks", lang, cards=_cards(d["cards"], lang))
    if kind == "trick_start":
        if d.get("timeline"):
            return translate(
                "cot_ev_trick_start_timeline",
                lang,
                card=render_card(d["timeline"], lang),
                trickster=_seat(d["trickster"], lang, names),
            )
        return translate(
            "cot_ev_trick_start",
            lang,
            leader=_seat(d["leader"], lang, names),
            trickster=_seat(d["trickster"], lang, names),
        )
    if kind == "play":
        return translate(
            "cot_ev_play", lang, seat=_seat(d["seat"], lang, names), card=render_card(d["card"], lang)
        )
    if kind == "pattern":
        return translate("cot_ev_pattern", lang, pattern=_pattern(d["pattern"], lang))
    if kind in ("ignored", "copy"):
        return translate(
            f"cot_ev_{kind}", lang, seat=_seat(d["seat"], lang, names), hero=_hero(d["hero"], lang)
        )
    if kind == "reveal":
        owner = (
            translate("cot_ev_reveal_owner", lang, seat=_seat(d["owner"], lang, names))
            if d.get("owner") is not None
            else ""
        )
        return translate(
            "cot_ev_reveal",
            lang,
            seat=_seat(d["seat"], lang, names),
            cards=_cards(d["cards"], lang),
            owner=owner,
        )
    if kind == "move":
        if d["src"] == d["dst"] and d.get("src_seat") == d.get("dst_seat"):
            return translate(
                "cot_ev_stay",
                lang,
                by=_seat(d["by"], lang, names),
                src=_zone(d["src"], d.get("src_seat"), lang, names),
            )
        card = render_card(d["card"], lang) if d.get("card") else translate("cot_a_card", lang)
        return translate(
            "cot_ev_move",
            lang,
            by=_seat(d["by"], lang, names),
            card=card,
            src=_zone(d["src"], d.get("src_seat"), lang, names),
            dst=_zone(d["dst"], d.get("dst_seat"), lang, names),
        )
    if kind == "exchange_start":
        return translate(
            "cot_ev_exchange_start",
            lang,
            seat=_seat(d["seat"], lang, names),
            other=_seat(d["opponent"], lang, names),
        )
    if kind == "exchange":
        return translate(
            "cot_ev_exchange",
            lang,
            seat=_seat(d["seat"], lang, names),
            gave=_cards(d["gave"], lang),
            got=_cards(d["got"], lang),
        )
    if kind == "exchange_done":
        return translate(
            "cot_ev_exchange_done",
            lang,
            seat=_seat(d["seat"], lang, names),
            other=_seat(d["opponent"], lang, names),
        )
    if kind == "bust":
        return translate(
            "cot_ev_bust", lang, seat=_seat(d["seat"], lang, names), cards=_cards(d["cards"], lang)
        )
    if kind == "round_end":
        return translate(
            "cot_ev_round_end",
            lang,
            round=d["round"],
            points=score_line(names, d["points"], lang, unit_ja=""),
            totals=score_line(names, d["totals"], lang, unit_ja=""),
        )
    if kind == "game_over":
        totals = list(d["totals"])
        order = sorted(range(len(totals)), key=lambda s: (totals[s], s))
        ranked = ("、" if lang == "ja" else ", ").join(f"{_seat(s, lang, names)} {totals[s]}" for s in order)
        return translate("cot_ev_game_over", lang, totals=ranked)
    return f"{kind} {dict(d)}"


def render_prompt(prompt: Prompt, lang: str = "en", *, names: Names = None) -> str:
    p: Mapping[str, Any] = prompt.params
    if prompt.kind == "play":
        return translate("cot_prompt_play", lang, pattern=_pattern(p.get("pattern"), lang))
    if prompt.kind == "pick":
        return translate("cot_prompt_pick", lang, round=p.get("round"))
    if prompt.kind == "deal":
        return translate("cot_prompt_deal", lang, round=p.get("round"))
    if prompt.kind == "draft":
        return translate("cot_prompt_draft", lang, chosen=p.get("chosen"))
    if prompt.kind == "exchange":
        return translate("cot_prompt_exchange", lang, other=_seat(p.get("with"), lang, names))
    if prompt.kind == "effect":
        return translate(
            "cot_prompt_effect",
            lang,
            hero=_hero(p.get("hero"), lang),
            question=translate(f"cot_need_{p.get('need')}", lang),
        )
    return prompt.kind


def _order(v: Mapping[str, Any], lang: str, names: Names) -> str:
    """Who plays in which order this trick (clockwise from the Leader, or from the Trickster)."""
    n = int(v["players"])
    start = v["leader"] if v.get("leader") is not None else v.get("trickster")
    if start is None:
        start = v.get("first") or 0
    turns = 4 if n == 2 else n  # two players: Trickster, other, Trickster, other (rulebook, ２人用)
    return " → ".join(_seat((int(start) + i) % n, lang, names) for i in range(turns))


def _round_table(v: Mapping[str, Any], lang: str, names: Names) -> list[str]:
    """Trouble points per round and totals, one line per person (lower is better)."""
    rounds: list[list[int]] = [list(r) for r in v.get("scores") or []]
    if not rounds:
        return []
    lines = [translate("cot_view_rounds", lang)]
    for seat in range(int(v["players"])):
        per_round = " + ".join(str(r[seat]) for r in rounds)
        lines.append(
            translate(
                "cot_view_round_row",
                lang,
                seat=_seat(seat, lang, names),
                rounds=per_round,
                total=v["totals"][seat],
            )
        )
    return lines


def render_view(view: Mapping[str, JSON], lang: str = "en", *, names: Names = None) -> str:
    v: Mapping[str, Any] = view
    over = v["phase"] == "over"
    lines = [
        translate(
            "cot_view_header", lang, round=v["round"], phase=translate(f"cot_phase_{v['phase']}", lang)
        ),
    ]
    if v.get("seat") is not None:
        lines.append(translate("cot_view_you", lang, seat=_seat(v["seat"], lang, names)))
    if v["phase"] == "draft":
        lines.append(
            translate(
                "cot_view_drafted",
                lang,
                heroes=("、" if lang == "ja" else ", ").join(_hero(h, lang) for h in v["heroes"]) or translate("cot_none", lang),
            )
        )
    else:
        lines.append(
            translate("cot_view_heroes", lang, heroes=("、" if lang == "ja" else ", ").join(_hero(h, lang) for h in v["heroes"]))
        )
    if not over:
        lines.append(translate("cot_view_trash", lang, cards=_cards(v["trash"], lang)))
        if v["timeline"]:
            lines.append(translate("cot_view_timeline", lang, cards=_cards(v["timeline"], lang)))
        lines.append(translate("cot_view_deck_one" if v["deck"] == 1 else "cot_view_deck", lang, n=v["deck"]))
    if v["pattern"] is not None and not over:
        lines.append(
            translate(
                "cot_view_pot", lang, pattern=_pattern(v["pattern"], lang), cards=_cards(v["pot"], lang)
            )
        )
        lines.append(
            translate(
                "cot_view_roles",
                lang,
                leader=_seat(v["leader"], lang, names),
                trickster=_seat(v["trickster"], lang, names),
            )
        )
        lines.append(translate("cot_view_order", lang, seats=_order(v, lang, names)))
    for seat in range(int(v["players"])):
        lines.append(
            translate(
                "cot_view_player",
                lang,
                seat=_seat(seat, lang, names),
                hand=v["hand_sizes"][seat],
                tableau=_cards(v["tableaus"][seat], lang),
                total=v["totals"][seat],
            )
        )
    if v["phase"] in ("scored", "over") or v["round"] > 1:
        lines.extend(_round_table(v, lang, names))
    if over:
        totals = list(v["totals"])
        order = sorted(range(len(totals)), key=lambda s: (totals[s], s))
        ranked = ("、" if lang == "ja" else ", ").join(f"{_seat(s, lang, names)} {totals[s]}" for s in order)
        lines.append(translate("cot_view_result", lang, order=ranked))
        return "\n".join(lines)
    if v.get("seat") is not None:
        lines.append(translate("cot_view_hand", lang, cards=_cards(v["hand"], lang)))
        known = [c for cards in v["known_hands"].values() for c in cards] + list(v["deck_known"])
        if known:
            lines.append(translate("cot_view_known", lang, cards=_cards(known, lang)))
    if v["to_act"]:
        lines.append(translate("cot_view_to_act", lang, seats=seat_list(names, v["to_act"], lang)))
    return "\n".join(lines)


_RULES_EN = """Trickster: Champions of Time — 2-7 players, three rounds, fewest trouble points wins.

Deck: 7 heroes x 8 suits (red, orange, yellow, green, blue, purple, black, white) = 56 cards. Options:
deck = intro | strategy | random | draft; grand_gambit and promos = true | false (only with random or
draft). Ruling: draft picks one hero each in turn, starting with the first Trickster, until 7 are chosen.

Each round: shuffle the 56 cards, 6 face up to the Trash, deal 11/11/10/9/8/7 cards (2..7 players);
everyone secretly picks one hand card for their tableau, revealed together.

Tricks (4-7 players): the Leader plays any card, the Trickster (to the Leader's left) any card: same
suit -> follow the suit; same hero -> follow the hero; neither -> every later card must repeat no suit
and no hero in the pot. Every played card's effect must be used; an effect that cannot be resolved in its
entirety is ignored. A player who cannot follow (an empty hand cannot) busts; if everyone followed, the
Trickster busts. The buster collects the pot into their tableau and leads the next trick. If the
Leader's effect puts the second card in the pot, that card sets the pattern and the Leader becomes the
Trickster (Ruling, also for the Inventor's card).

2-3 players: a 12-card Timeline; no Leader; each trick the Timeline's head card opens the pot (no
effect); the Trickster token passes left after every trick (Ruling: and on into the next round). 2 players:
turns go Trickster, other, Trickster, other. The round also ends when the Timeline is empty at a trick's end
(2 players: text; 3 players: Ruling).

A round ends at a trick's end when someone's hand is empty: hands go into tableaus; one trouble point
per tableau card except in a suit where you hold the sole most. With 4-7 players the last buster leads
the next round. After round 3 the lowest total wins; ties: fewer red cards acquired in round 3 (exempt
cards count), then orange, yellow, green, blue, purple, black, white; still tied: shared place (Ruling).

Rulings: the first Leader (Trickster with 2-3 players) is drawn by the table's RNG; moved cards (Noble,
Beast, Inventor) never use their effect; Archivist and General cannot copy Archivist or General;
Saint's card may go to any player, the one it was taken from included (then nothing moves), and only
that player, its receiver and (as receiver) the Saint's player know it; the Peddler exchange is a simultaneous secret choice;
the Explorer's bottom card is known to all (it was revealed), the Scion's only to its player.
The long page: docs/rules/trickster-cot.md."""

_RULES_JA = """トリックスター：時の覇者 — ２－７人、３ラウンド、合計トラブルポイントが最も低いプレイヤーの勝ち。

デッキ: 英雄７種×模様８種（赤・橙・黄・緑・青・紫・黒・白）＝56枚。オプション: deck = intro（入門）|
strategy（戦略）| random（ランダム７種）| draft（ドラフト）、grand_gambit / promos = true | false
（random か draft のときだけ）。裁定: ドラフトは最初のトリックスターから順に１種ずつ、計７種を選ぶ。

各ラウンド: 56枚をシャッフル、６枚を表向きで捨て札に、手札 11/11/10/9/8/7 枚（２～７人）。全員が手札から
１枚を秘密に選び、同時に公開して場札置き場に置く。

トリック（４－７人）: リーダーが任意の１枚、左隣のトリックスターが任意の１枚。同じ模様→その模様でフォロー、
同じ英雄→その英雄でフォロー、どちらでもない→卓中央の模様とも英雄とも重ならないカードでフォロー。出した
カードの効果は必ず使用（全て解決できなければ無視）。フォローできない（手札なしも含む）プレイヤーがドボン、
全員がフォローしたらトリックスターがドボン。ドボンしたプレイヤーが卓中央のカードを獲得し、次のリーダーに。
リーダーの効果で２枚目が卓中央に出たら、そのカードがパターンを決め、リーダーがトリックスターになる（裁定:
発明家のカードも同じ）。

２－３人: タイムライン12枚。リーダーなし。毎トリック、タイムラインの先頭が最初に卓中央に出る（効果なし）。
トリックスタートークンは毎トリック左隣へ（裁定: 次ラウンドにも引き継ぐ）。２人: 手番はトリックスター、相手、
トリックスター、相手。トリック終了時にタイムラインが空でもラウンド終了（２人は本文、３人は裁定）。

トリック終了時に誰かの手札がなければラウンド終了。手札を場札置き場へ。場札１枚につき１点、ただし模様ごとに
単独最多の模様は０点。４－７人では最終トリックのドボンが次ラウンドのリーダー。第３ラウンド後、合計が最も
低いプレイヤーの勝ち。同点: 第３ラウンドに獲得した赤の枚数が少ない方（無得点の札も数える）、次に橙・黄・
緑・青・紫・黒・白。それでも同点なら同順位（裁定）。

裁定: 最初のリーダー（２－３人ではトリックスター）は卓の乱数で決める。移動したカード（貴族・野獣・発明家）の
効果は使わない。記録保管人と将軍は記録保管人・将軍を写せない。聖人のカードは引かれた本人を含む誰かへ移動し（本人なら移動なし）、
内容を知るのは引かれた本人・受け取った人・（受け取った場合の）聖人のプレイヤーだけ。行商人の交換は同時の
秘密選択。探検家が山札の底に置いたカードは（公開されたので）全員が、子弟が置いたカードはその人だけが知る。
詳しくは docs/rules/trickster-cot.md。"""


def rules_page(lang: str = "en") -> str:
    from games.trickster.cot.card_texts import card_list

    return (_RULES_JA if lang == "ja" else _RULES_EN) + "\n\n" + card_list(lang)


__all__ = [
    "render_action",
    "render_card",
    "render_event",
    "render_prompt",
    "render_view",
    "rules_page",
]
