"""Player-facing text for Trickster in English and Japanese: cards, actions, events, views, prompts.

Pure functions of views and events (front ends never see the State). Templates live in the shared
i18n catalog under "trickster.*" codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import i18n
from games.core.contract import Event, Prompt
from games.core.names import Names, seat_list
from games.core.names import seat_name as person
from games.trickster.cards import CARD_INDEX, HERO_INDEX, HEROES, SUIT_NAMES, SUIT_OF, SUIT_SYMBOLS

T = i18n.translate

i18n.register(
    {
        # cards, seats, zones
        "trickster.card": {"en": "{suit} {hero}", "ja": "{suit}の{hero}"},
        "trickster.seat": {"en": "P{n}", "ja": "P{n}"},
        "trickster.zone.trash": {"en": "the Trash", "ja": "捨て札"},
        "trickster.zone.deck": {"en": "the deck", "ja": "山札"},
        "trickster.zone.pot": {"en": "the Pot", "ja": "ポット"},
        "trickster.zone.house": {"en": "{seat}'s House", "ja": "{seat}のハウス"},
        "trickster.zone.hand": {"en": "{seat}'s hand", "ja": "{seat}の手札"},
        "trickster.pattern.suit": {"en": "same suit", "ja": "同じ模様"},
        "trickster.pattern.hero": {"en": "same hero", "ja": "同じ英雄"},
        "trickster.pattern.unique": {"en": "unique", "ja": "ユニーク"},
        "trickster.pattern.none": {"en": "not set yet", "ja": "未確定"},
        # actions
        "trickster.act.play": {"en": "Play {card}", "ja": "{card}を出す"},
        "trickster.act.house": {"en": "Put {card} in your House", "ja": "{card}をハウスに置く"},
        "trickster.act.card": {"en": "{card}", "ja": "{card}"},
        "trickster.act.give": {"en": "Give {card}", "ja": "{card}を渡す"},
        "trickster.act.hero": {"en": "Use {hero}", "ja": "{hero}の効果を使う"},
        "trickster.act.target": {"en": "{seat}", "ja": "{seat}"},
        # prompts
        "trickster.ask.play": {
            "en": "Your turn: play a card (pattern: {pattern}).",
            "ja": "あなたの手番: カードを1枚出してください（パターン: {pattern}）。",
        },
        "trickster.ask.house": {
            "en": "Choose a card from your hand for your House (revealed together).",
            "ja": "ハウスに置くカードを手札から1枚選んでください（全員同時に公開）。",
        },
        "ask.bard.target": {
            "en": "Bard: choose an opponent to exchange with.",
            "ja": "吟遊詩人: 交換する相手を選んでください。",
        },
        "ask.bard.give": {
            "en": "Bard exchange: choose the card you give (secret until both chose).",
            "ja": "吟遊詩人の交換: 渡すカードを選んでください（両者が選ぶまで秘密）。",
        },
        "ask.druid": {
            "en": "Druid: choose an upright House card to turn sideways.",
            "ja": "ドルイド: 横向きにするハウスのカードを選んでください。",
        },
        "ask.mage": {
            "en": "Mage: choose a House card to move to the Trash.",
            "ja": "魔術師: 捨て札に移すハウスのカードを選んでください。",
        },
        "ask.summoner": {
            "en": "Summoner: choose a Trash card to take into your hand.",
            "ja": "召喚士: 手札に加える捨て札のカードを選んでください。",
        },
        "ask.guard": {
            "en": "Guard: choose a House card to take into your hand.",
            "ja": "護衛: 手札に加えるハウスのカードを選んでください。",
        },
        "ask.rogue.card": {
            "en": "Rogue: choose a card of your House to move.",
            "ja": "盗賊: 移す自分のハウスのカードを選んでください。",
        },
        "ask.rogue.target": {
            "en": "Rogue: choose the opponent whose House gets it.",
            "ja": "盗賊: そのカードを受け取る相手を選んでください。",
        },
        "ask.knight.card": {
            "en": "Knight: choose a card of your hand.",
            "ja": "騎士: 手札のカードを選んでください。",
        },
        "ask.knight.target": {
            "en": "Knight: choose the player whose House gets it.",
            "ja": "騎士: そのカードを置くハウスのプレイヤーを選んでください。",
        },
        "ask.nun.donor": {
            "en": "Nun: choose who donates (tied for most cards).",
            "ja": "尼僧: 渡す人を選んでください（手札最多の同数）。",
        },
        "ask.nun.to": {
            "en": "Nun: choose who receives the card.",
            "ja": "尼僧: カードを受け取る人を選んでください。",
        },
        "ask.nun.give": {
            "en": "Nun: choose the card you donate.",
            "ja": "尼僧: 渡すカードを選んでください。",
        },
        "ask.brute": {
            "en": "Brute: choose a Pot card to turn sideways.",
            "ja": "荒くれ者: 横向きにするポットのカードを選んでください。",
        },
        "ask.hunter": {
            "en": "Hunter: choose the opponent who takes a random card of your hand.",
            "ja": "狩人: あなたの手札からランダムに1枚取る相手を選んでください。",
        },
        "ask.detective.target": {
            "en": "Detective: choose an opponent to investigate.",
            "ja": "探偵: 捜査する相手を選んでください。",
        },
        "ask.detective.take": {
            "en": "Detective: choose the revealed card you take.",
            "ja": "探偵: 公開されたカードのうち自分が取るカードを選んでください。",
        },
        "ask.detective.give": {
            "en": "Detective: choose the opponent who gets the other card.",
            "ja": "探偵: もう1枚を渡す相手を選んでください。",
        },
        "ask.general.card": {
            "en": "General: choose a card of your House.",
            "ja": "将軍: 自分のハウスのカードを選んでください。",
        },
        "ask.general.target": {
            "en": "General: choose the opponent whose hand gets it.",
            "ja": "将軍: そのカードを手札に受け取る相手を選んでください。",
        },
        "ask.matriarch": {
            "en": "Matriarch: choose a legal House card to add to the Pot.",
            "ja": "女家長: ポットに加える出せるハウスのカードを選んでください。",
        },
        "ask.striker": {
            "en": "Striker: choose a legal hand card to add to the Pot.",
            "ja": "ストライカー: ポットに加える出せる手札のカードを選んでください。",
        },
        "ask.explorer": {
            "en": "Explorer: choose the revealed card you take (the other goes back on top).",
            "ja": "探検家: 手札に加えるカードを選んでください（もう1枚は山札の上へ）。",
        },
        "ask.shuttle": {
            "en": "Shuttle: choose a hand card to put on top of the deck.",
            "ja": "シャトル: 山札の上に置く手札のカードを選んでください。",
        },
        "ask.prospector": {
            "en": "Prospector: choose an opponent's House card to take into your House.",
            "ja": "探鉱者: 自分のハウスに移す相手のハウスのカードを選んでください。",
        },
        "ask.messenger.card": {
            "en": "Messenger: choose a hand card to deliver.",
            "ja": "使者: 渡す手札のカードを選んでください。",
        },
        "ask.messenger.target": {
            "en": "Messenger: choose the opponent who receives it.",
            "ja": "使者: 受け取る相手を選んでください。",
        },
        "ask.container.card": {
            "en": "Container: choose an opponent's House card.",
            "ja": "コンテナ: 相手のハウスのカードを選んでください。",
        },
        "ask.container.target": {
            "en": "Container: choose the opponent whose hand gets it.",
            "ja": "コンテナ: そのカードを手札に受け取る相手を選んでください。",
        },
        "ask.recycler.house": {
            "en": "Recycler: choose a card of your House to trash.",
            "ja": "リサイクラー: 捨て札に送る自分のハウスのカードを選んでください。",
        },
        "ask.recycler.trash": {
            "en": "Recycler: choose the Trash card that joins your House.",
            "ja": "リサイクラー: ハウスに加える捨て札のカードを選んでください。",
        },
        "ask.archivist": {
            "en": "Archivist: choose a hero in your House whose effect you use.",
            "ja": "記録保管人: 効果を使うハウスの英雄を選んでください。",
        },
        # events
        "trickster.ev.first_leader": {
            "en": "Drawn at random: {leader} is the first Leader ({trickster} is the Trickster).",
            "ja": "抽選の結果、最初のリーダーは{leader}（トリックスターは{trickster}）。",
        },
        "trickster.ev.play": {"en": "{seat} plays {card}.", "ja": "{seat}が{card}を出した。"},
        "trickster.ev.ignored": {
            "en": "{seat}'s {hero} cannot be resolved in its entirety: ignored.",
            "ja": "{seat}の{hero}の効果は完全には解決できないため無視。",
        },
        "trickster.ev.committed": {"en": "{seat} has chosen.", "ja": "{seat}が選択した。"},
        "trickster.ev.houses": {"en": "Houses revealed: {cards}.", "ja": "ハウス公開: {cards}"},
        "trickster.ev.trick": {
            "en": "New trick: Leader {leader}, Trickster {trickster}.",
            "ja": "新しいトリック: リーダー {leader}、トリックスター {trickster}",
        },
        "trickster.ev.bust": {"en": "{seat} cannot follow.", "ja": "{seat}はフォローできない。"},
        "trickster.ev.collect": {
            "en": "{seat} collects the Pot: {cards}.",
            "ja": "{seat}がポットを回収: {cards}",
        },
        "trickster.ev.out": {"en": "Out: {seats} (Out no. {count}).", "ja": "アウト: {seats}（{count}回目）"},
        "trickster.ev.refill": {"en": "Hands are refilled from the deck.", "ja": "山札から手札を補充した。"},
        "trickster.ev.drew": {"en": "{seat} drew {cards}.", "ja": "{seat}は{cards}を引いた。"},
        "trickster.ev.draw": {"en": "{seat} draws a card.", "ja": "{seat}がカードを1枚引いた。"},
        "trickster.ev.game_over": {
            "en": "Hands go to the Houses and are scored: the fewest counted cards wins.",
            "ja": "手札をハウスに加えて得点計算。数えるカードが最も少ない人の勝ち。",
        },
        "trickster.ev.reveal_hand": {
            "en": "{seat}'s hand goes to their House: {cards}.",
            "ja": "{seat}の手札をハウスへ: {cards}",
        },
        "trickster.ev.reveal": {"en": "Revealed: {cards}.", "ja": "公開: {cards}"},
        "trickster.ev.sideways": {"en": "{card} is turned sideways.", "ja": "{card}が横向きになった。"},
        "trickster.ev.move": {
            "en": "{card} moves from {src} to {dst}.",
            "ja": "{card}が{src}から{dst}へ移った。",
        },
        "trickster.ev.stay": {"en": "{card} stays in {src}.", "ja": "{card}は{src}に残った。"},
        "trickster.ev.move_hidden": {
            "en": "A card moves from {src} to {dst}.",
            "ja": "カード1枚が{src}から{dst}へ移った。",
        },
        "trickster.ev.pass": {
            "en": "{src} gives a card to {dst}.",
            "ja": "{src}が{dst}にカードを1枚渡した。",
        },
        "trickster.ev.gave": {"en": "{src} gave {card} to {dst}.", "ja": "{src}が{dst}に{card}を渡した。"},
        "trickster.ev.exchange": {
            "en": "{a} and {b} exchange a card.",
            "ja": "{a}と{b}がカードを1枚交換した。",
        },
        "trickster.ev.received": {
            "en": "You gave {gave} and received {card}.",
            "ja": "あなたは{gave}を渡し、{card}を受け取った。",
        },
        "trickster.ev.to_deck": {
            "en": "{seat} puts a card on top of the deck.",
            "ja": "{seat}が山札の上にカードを1枚置いた。",
        },
        "trickster.ev.put_back": {
            "en": "You put {card} on top of the deck.",
            "ja": "あなたは{card}を山札の上に置いた。",
        },
        "trickster.ev.add": {
            "en": "{seat}'s effect adds {card} to the Pot (no effect).",
            "ja": "{seat}の効果で{card}がポットに加わった（効果なし）。",
        },
        # view
        "trickster.view.header": {
            "en": "Trickster ({deck}) — {phase}; Outs {outs} of {ends}; deck {deck_count}",
            "ja": "トリックスター（{deck}）— {phase}、アウト {outs}/{ends}回、山札 {deck_count}枚",
        },
        "trickster.view.roles": {
            "en": "Leader {leader}, Trickster {trickster}, pattern: {pattern}",
            "ja": "リーダー {leader}、トリックスター {trickster}、パターン: {pattern}",
        },
        "trickster.view.pot": {"en": "Pot: {cards}", "ja": "ポット: {cards}"},
        "trickster.view.trash": {"en": "Trash: {cards}", "ja": "捨て札: {cards}"},
        "trickster.view.player": {
            "en": "{seat}: {count} in hand{known}; House {house} (counts {score}{ignores})",
            "ja": "{seat}: 手札{count}枚{known}、ハウス {house}（現在 {score}枚{ignores}）",
        },
        "trickster.view.order": {"en": "Turn order: {seats}", "ja": "手番順: {seats}"},
        "trickster.view.result": {
            "en": "Result (fewest counted cards wins): {scores}",
            "ja": "結果（数えるカードが少ない人の勝ち）: {scores}",
        },
        "trickster.view.result_one": {
            "en": "{seat} {score} (of {cards} cards)",
            "ja": "{seat} {score}枚（全{cards}枚）",
        },
        "trickster.view.ignores": {"en": "; ignores {suits}", "ja": "、{suits}は数えない"},
        "trickster.view.you": {"en": "You are {seat}.", "ja": "あなたは{seat}です。"},
        "trickster.view.known": {"en": " (known: {cards})", "ja": "（判明: {cards}）"},
        "trickster.view.hand": {"en": "Your hand: {cards}", "ja": "あなたの手札: {cards}"},
        "trickster.view.turn": {"en": "To play: {seat}", "ja": "手番: {seat}"},
        "trickster.view.pending": {
            "en": "Resolving {hero} of {seat}; waiting for {choosers}",
            "ja": "{seat}の{hero}を解決中。待機: {choosers}",
        },
        "trickster.view.deck_known": {"en": "Known deck cards: {cards}", "ja": "判明している山札: {cards}"},
        "trickster.view.none": {"en": "—", "ja": "なし"},
        "trickster.phase.house": {"en": "choosing Houses", "ja": "ハウス選択中"},
        "trickster.phase.play": {"en": "playing", "ja": "プレイ中"},
        "trickster.phase.effect": {"en": "resolving an effect", "ja": "効果の解決中"},
        "trickster.phase.over": {"en": "game over", "ja": "ゲーム終了"},
    }
)


def seat_name(seat: Any, lang: str, names: Names = None) -> str:
    """A person's name (names[seat]); "P1".."Pn" without names."""
    if seat is None:
        return "-"
    return person(names, seat, lang)


def hero_name(slug: str, lang: str) -> str:
    hero = HEROES[HERO_INDEX[slug]]
    return hero.name.get(lang, hero.name["en"])


def card_name(card: str, lang: str = "en") -> str:
    """'Yellow■ Bard' / '黄■の吟遊詩人' (the suit symbol helps colour-blind players)."""
    c = CARD_INDEX.get(card)
    if c is None:
        return card
    suit = SUIT_OF[c]
    names = SUIT_NAMES.get(lang, SUIT_NAMES["en"])
    hero = HEROES[c // 7]
    return T(
        "trickster.card",
        lang,
        suit=f"{names[suit]}{SUIT_SYMBOLS[suit]}",
        hero=hero.name.get(lang, hero.name["en"]),
    )


def _cards(cards: Any, lang: str) -> str:
    items = [card_name(str(c), lang) for c in cards or ()]
    sep = "、" if lang == "ja" else ", "
    return sep.join(items) if items else T("trickster.view.none", lang)


def _zone(zone: str, lang: str, names: Names = None) -> str:
    for prefix in ("house", "hand"):
        if zone.startswith(prefix):
            seat = seat_name(int(zone[len(prefix) :]), lang, names)
            return T(f"trickster.zone.{prefix}", lang, seat=seat)
    return T(f"trickster.zone.{zone}", lang)


def action_label(action: str, view: Mapping[str, Any], lang: str = "en", *, names: Names = None) -> str:
    prefix, _, token = action.partition(":")
    if prefix in ("play", "house", "card", "give"):
        return T(f"trickster.act.{prefix}", lang, card=card_name(token, lang))
    if prefix == "hero":
        return T("trickster.act.hero", lang, hero=hero_name(token, lang) if token in HERO_INDEX else token)
    if prefix == "target" and token.isdigit():
        return T("trickster.act.target", lang, seat=seat_name(int(token), lang, names))
    return action


def event_text(event: Event, lang: str = "en", *, names: Names = None) -> str:
    d = dict(event.data)
    code = f"trickster.ev.{event.kind}"
    if not i18n.has(code):
        return f"{event.kind} {d}"
    params: dict[str, Any] = {}
    for key, value in d.items():
        if key in ("seat", "leader", "trickster", "src", "dst") and isinstance(value, int):
            params[key] = seat_name(value, lang, names)
        elif key in ("src", "dst") and isinstance(value, str):
            params[key] = _zone(value, lang, names)
        elif key in ("card", "gave"):
            params[key] = card_name(str(value), lang)
        elif key == "cards":
            params[key] = _cards(value, lang)
        elif key == "hero":
            params[key] = hero_name(str(value), lang)
        elif key == "seats":
            params[key] = seat_list(names, value, lang)
        else:
            params[key] = value
    if event.kind == "exchange":
        params["a"], params["b"] = (seat_name(s, lang, names) for s in d["seats"])
    if event.kind == "move":
        if d.get("src") == d.get("dst"):
            code = "trickster.ev.stay"
        elif "card" not in d:
            code = "trickster.ev.move_hidden"
    return T(code, lang, **params)


def pattern_name(pattern: Any, lang: str) -> str:
    return T(f"trickster.pattern.{pattern or 'none'}", lang)


def _order(view: Mapping[str, Any], lang: str, names: Names) -> str:
    """Turn order from the Leader (seat order is clockwise, RULINGS.md)."""
    players = len(view["hands"])
    start = view["leader"] if isinstance(view.get("leader"), int) else 0
    return " → ".join(seat_name((start + i) % players, lang, names) for i in range(players))


def _ignores(view: Mapping[str, Any], seat: int, lang: str) -> str:
    """The suits a seat holds strictly the most of (not counted), when any."""
    suits = (view.get("ignored_suits") or [])[seat : seat + 1]
    if not suits or not suits[0]:
        return ""
    words = SUIT_NAMES.get(lang, SUIT_NAMES["en"])
    named = ("、" if lang == "ja" else ", ").join(f"{words[i]}{SUIT_SYMBOLS[i]}" for i in suits[0])
    return T("trickster.view.ignores", lang, suits=named)


def view_text(view: Mapping[str, Any], lang: str = "en", *, names: Names = None) -> str:
    lines = [
        T(
            "trickster.view.header",
            lang,
            deck=view["deck_name"],
            phase=T(f"trickster.phase.{view['phase']}", lang),
            outs=view["outs"],
            ends=view["ends_at"],
            deck_count=view["deck"],
        ),
    ]
    seat = view.get("seat")
    if seat is not None:
        lines.append(T("trickster.view.you", lang, seat=seat_name(seat, lang, names)))
    if view["phase"] != "over":
        lines.append(
            T(
                "trickster.view.roles",
                lang,
                leader=seat_name(view["leader"], lang, names),
                trickster=seat_name(view["trickster"], lang, names),
                pattern=pattern_name(view["pattern"], lang),
            )
        )
        lines.append(T("trickster.view.order", lang, seats=_order(view, lang, names)))
        lines.append(T("trickster.view.pot", lang, cards=_cards(view["pot"], lang)))
    lines.append(T("trickster.view.trash", lang, cards=_cards(view["trash"], lang)))
    sideways = set(view.get("sideways", ()))
    for s, hand in enumerate(view["hands"]):
        house = [card_name(c, lang) + (" ⟲" if c in sideways else "") for c in view["houses"][s]]
        known = hand.get("known") or []
        lines.append(
            T(
                "trickster.view.player",
                lang,
                seat=seat_name(s, lang, names),
                count=hand["count"],
                known=T("trickster.view.known", lang, cards=_cards(known, lang)) if known else "",
                house=(", " if lang != "ja" else "、").join(house) or T("trickster.view.none", lang),
                score=view["scores_now"][s],
                ignores=_ignores(view, s, lang),
            )
        )
    if view.get("deck_known"):
        lines.append(
            T("trickster.view.deck_known", lang, cards=_cards([d["card"] for d in view["deck_known"]], lang))
        )
    if seat is not None and view["phase"] != "over":
        lines.append(T("trickster.view.hand", lang, cards=_cards(view["hands"][seat].get("cards"), lang)))
    if view.get("turn") is not None:
        lines.append(T("trickster.view.turn", lang, seat=seat_name(view["turn"], lang, names)))
    pending = view.get("pending")
    if pending:
        waiting = [s for s in pending["choosers"] if s not in pending["committed"]]
        lines.append(
            T(
                "trickster.view.pending",
                lang,
                hero=hero_name(pending["hero"], lang),
                seat=seat_name(pending["actor"], lang, names),
                choosers=seat_list(names, waiting, lang),
            )
        )
        if pending.get("revealed"):
            lines.append(T("trickster.ev.reveal", lang, cards=_cards(pending["revealed"], lang)))
    if view["phase"] == "over":
        order = sorted(range(len(view["scores_now"])), key=lambda s: (view["scores_now"][s], s))
        order.sort(key=lambda s: (view["scores_now"][s], len(view["houses"][s])))
        scores = (", " if lang != "ja" else "、").join(
            T(
                "trickster.view.result_one",
                lang,
                seat=seat_name(s, lang, names),
                score=view["scores_now"][s],
                cards=len(view["houses"][s]),
            )
            for s in order
        )
        lines.append(T("trickster.view.result", lang, scores=scores))
    return "\n".join(lines)


def prompt_text(prompt: Prompt, lang: str = "en", *, names: Names = None) -> str:
    if prompt.kind == "play":
        return T("trickster.ask.play", lang, pattern=pattern_name(prompt.params.get("pattern"), lang))
    if prompt.kind == "house":
        return T("trickster.ask.house", lang)
    note = prompt.params.get("note")
    return T(str(note), lang) if note else prompt.kind


def rules_summary(lang: str = "en") -> str:
    from games.trickster.rules_text import rules_page

    return rules_page(lang)
