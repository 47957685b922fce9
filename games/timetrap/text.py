"""Every player-facing text of TIMETRAP, English and Japanese (codes registered with games.core.i18n)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from games.core import i18n
from games.core.contract import Event, Prompt
from games.core.names import Names
from games.core.names import seat_name as person
from games.timetrap import card_texts, cards, dates

T: Final = i18n.translate

i18n.register(
    {
        # errors
        "timetrap.must_play": {
            "en": "You can play a card, so you may not pass.",
            "ja": "プレイできるカードがあるので、パスはできません。",
        },
        "timetrap.higher": {
            "en": "The elapsed tile is face up: play a time card higher than {last}.",
            "ja": "経時タイルがおもて向きです：{last}より大きい時間転移カードを出してください。",
        },
        "timetrap.lower": {
            "en": "The elapsed tile is face down: play a time card lower than {last}.",
            "ja": "経時タイルが裏向きです：{last}より小さい時間転移カードを出してください。",
        },
        "timetrap.blue_forbids": {
            "en": "Today's date card ({date}) does not allow that card.",
            "ja": "今日の日付条件カード（{date}）ではそのカードは出せません。",
        },
        "timetrap.blue_forbids_trap": {
            "en": "Today's date card forbids Time Trap cards.",
            "ja": "今日の日付条件カードではタイムトラップカードを出せません。",
        },
        "timetrap.no_trap": {
            "en": "You hold no Time Trap card.",
            "ja": "タイムトラップカードを持っていません。",
        },
        "timetrap.two_traps": {
            "en": "Two Time Trap cards have been played today already.",
            "ja": "今日はすでにタイムトラップカードが2枚プレイされています。",
        },
        "timetrap.trap_after_time": {
            "en": "A Time Trap card may only be played right after the previous player played a time card.",
            "ja": "タイムトラップカードは、前の手番プレイヤーが時間転移カードをプレイした直後にしか出せません。",
        },
        "timetrap.answer_draw": {
            "en": "First choose the player to draw from.",
            "ja": "先にカードを引くプレイヤーを選んでください。",
        },
        "timetrap.answer_give": {
            "en": "First choose a card and a player to give it to.",
            "ja": "先に渡すカードと相手を選んでください。",
        },
        "timetrap.answer_discard_next": {
            "en": "First choose a card to discard.",
            "ja": "先に捨てるカードを選んでください。",
        },
        "timetrap.answer_discard_own": {
            "en": "First choose a card to discard.",
            "ja": "先に捨てるカードを選んでください。",
        },
        # options
        "timetrap.bad_option_name": {
            "en": "Option {name}: unknown option; choose from {choices}.",
            "ja": "オプション {name}: 不明なオプションです。次から選んでください: {choices}",
        },
        "timetrap.bad_date_set": {
            "en": "Option {name}: unknown date card set {value}; choose one of: {choices}.",
            "ja": "オプション {name}: 不明な日付条件カードセット {value}。次から選んでください: {choices}",
        },
        "timetrap.bad_dates_count": {
            "en": "Option {name}: give six date cards for days 1-6, separated by commas (got {got}).",
            "ja": "オプション {name}: 1～6日目の日付条件カードを6枚、カンマ区切りで指定してください（{got}枚）。",
        },
        "timetrap.bad_dates_blue": {
            "en": "Option {name}: day {day} takes a blue date card, not {value}; choose one of: {choices}.",
            "ja": "オプション {name}: {day}日目は青の日付条件カードです（{value}は不可）。次から選んでください: {choices}",
        },
        "timetrap.bad_dates_yellow": {
            "en": "Option {name}: day {day} takes a yellow date card, not {value}; choose one of: {choices}.",
            "ja": "オプション {name}: {day}日目は黄の日付条件カードです（{value}は不可）。次から選んでください: {choices}",
        },
        "timetrap.bad_dates_repeat": {
            "en": "Option {name}: each date card can be used only once.",
            "ja": "オプション {name}: 同じ日付条件カードは1回しか使えません。",
        },
    }
)

_W: Final[dict[str, dict[str, str]]] = {
    "player": {"en": "Player {n}", "ja": "プレイヤー{n}"},
    "trap": {"en": "Time Trap", "ja": "タイムトラップ"},
    "pass": {"en": "Pass", "ja": "パス"},
    "play": {"en": "Play {card}", "ja": "{card}をプレイ"},
    "trap_action": {"en": "Time Trap (discard {card})", "ja": "タイムトラップ（{card}を捨てる）"},
    "draw": {"en": "Draw from {p}", "ja": "{p}から引く"},
    "give": {"en": "Give {card} to {p}", "ja": "{card}を{p}に渡す"},
    "discard": {"en": "Discard {card}", "ja": "{card}を捨てる"},
    "up": {"en": "face up (ascending)", "ja": "おもて向き（昇順）"},
    "down": {"en": "face down (descending)", "ja": "裏向き（降順）"},
}


def w(key: str, lang: str, **params: Any) -> str:
    texts = _W[key]
    return (texts.get(lang) or texts["en"]).format(**params)


def player(seat: Any, lang: str, names: Names = None) -> str:
    return person(names, seat, lang)


def render_card(card: str, lang: str = "en") -> str:
    if cards.is_trap(card):
        return w("trap", lang)
    if cards.is_time_card(card):
        colour = cards.COLOUR_NAMES[card[:2]]
        name = colour.get(lang) or colour["en"]
        return f"{name} {cards.number(card)}" if lang == "en" else f"{name}{cards.number(card)}"
    return card


def date_text(card_id: str | None, lang: str) -> str:
    """'Odd numbers only. (blue)': the card's effect and colour (its id and status stay on the rules page)."""
    text = card_texts.date_effect(card_id, lang)
    if not card_id or text is None:
        return "—"
    blue = dates.blue(card_id) is not None
    colour = ("青" if blue else "黄") if lang == "ja" else ("blue" if blue else "yellow")
    return f"（{colour}）{text}" if lang == "ja" else f"({colour}) {text}"


def render_action(action: str, view: Mapping[str, Any], lang: str = "en", *, names: Names = None) -> str:
    kind, _, arg = action.partition(":")
    if kind == "pass":
        return w("pass", lang)
    if kind == "play":
        return w("play", lang, card=render_card(arg, lang))
    if kind == "trap":
        return w("trap_action", lang, card=render_card(arg, lang))
    if kind == "draw":
        return w("draw", lang, p=player(arg, lang, names))
    if kind == "give":
        card, _, target = arg.partition(":")
        return w("give", lang, card=render_card(card, lang), p=player(target, lang, names))
    if kind == "discard":
        return w("discard", lang, card=render_card(arg, lang))
    return action


_EVENTS: Final[dict[str, dict[str, str]]] = {
    "start_player": {
        "en": "{p} is drawn as the first start player.",
        "ja": "抽選で{p}が最初のスタートプレイヤーです。",
    },
    "day_start": {
        "en": "Day {day} begins. Start player: {start}. Up to {limit} cards today. Date card: {date}",
        "ja": "{day}日目開始。スタートプレイヤー：{start}。この日の上限{limit}枚。日付条件カード：{date}",
    },
    "pickup": {
        "en": "{p} takes a played Time Trap card into their hand.",
        "ja": "{p}は場のタイムトラップカードを手札に加えます。",
    },
    "play": {"en": "{p} plays {card}.", "ja": "{p}は{card}をプレイ。"},
    "trap": {
        "en": "{p} plays a Time Trap ({value}) and discards a card face down. The elapsed tile is now {tile}.",
        "ja": "{p}はタイムトラップ（{value}）をプレイし、カードを1枚裏向きで捨てます。経時タイルは{tile}になりました。",
    },
    "trap_discard": {"en": "You discarded {card} face down.", "ja": "あなたは{card}を裏向きで捨てました。"},
    "pass": {"en": "{p} passes.", "ja": "{p}はパス。"},
    "draw": {
        "en": "{p} draws a random card from {q}'s hand.",
        "ja": "{p}は{q}の手札からランダムに1枚引きます。",
    },
    "draw_card": {"en": "{p} drew {card} from {q}.", "ja": "{p}は{q}から{card}を引きました。"},
    "give": {"en": "{p} gives a card to {q}.", "ja": "{p}は{q}にカードを1枚渡します。"},
    "give_card": {"en": "{p} gave {card} to {q}.", "ja": "{p}は{q}に{card}を渡しました。"},
    "discard": {"en": "{p} discards a card face down.", "ja": "{p}はカードを1枚裏向きで捨てます。"},
    "discard_card": {"en": "You discarded {card}.", "ja": "あなたは{card}を捨てました。"},
    "extra_turn": {"en": "{p} takes another turn.", "ja": "{p}はもう一度手番を行います。"},
    "skip": {"en": "{p} is skipped.", "ja": "{p}の手番は飛ばされます。"},
    "take_trap": {
        "en": "{p} takes a played Time Trap card into their hand.",
        "ja": "{p}は場のタイムトラップカードを手札に加えます。",
    },
    "ignored": {
        "en": "The date card's effect cannot be carried out and is ignored.",
        "ja": "日付条件カードの効果は実行できないため無視されます。",
    },
    "asked": {"en": "{p} must choose: {what}", "ja": "{p}が選択します：{what}"},
    "day_end": {"en": "Day {day} ends ({reason}).", "ja": "{day}日目終了（{reason}）。"},
}
_REASONS: Final[dict[str, dict[str, str]]] = {
    "limit": {"en": "daily limit reached", "ja": "1日の上限に到達"},
    "passes": {"en": "everyone else passed", "ja": "他の全員がパス"},
    "empty_hand": {"en": "no cards left at the end of their turn", "ja": "手番終了時に手札なし"},
    "emptied": {"en": "hand emptied by a yellow date card", "ja": "黄の日付条件カードの効果で手札なし"},
    "trap": {"en": "holds a Time Trap card as day 7 begins", "ja": "7日目開始時にタイムトラップカードを所持"},
    "emptied_day7": {"en": "first to empty their hand on day 7", "ja": "7日目に最初に手札を使い切った"},
    "fewest": {"en": "fewest cards when day 7 ended", "ja": "7日目終了時に手札が最も少ない"},
    "last_survivor": {"en": "last player still in", "ja": "最後の生存者"},
    "no_survivor": {"en": "everyone was eliminated", "ja": "全員が脱落"},
}


def reason(code: str, lang: str) -> str:
    texts = _REASONS.get(code, {"en": code})
    return texts.get(lang) or texts["en"]


def render_event(event: Event, lang: str = "en", *, names: Names = None) -> str:
    d = event.data
    if event.kind == "eliminated":
        return (
            f"{player(d['seat'], lang, names)} is eliminated: {reason(str(d['reason']), lang)}."
            if lang == "en"
            else f"{player(d['seat'], lang, names)}は脱落：{reason(str(d['reason']), lang)}。"
        )
    if event.kind == "game_over":
        why = reason(str(d["reason"]), lang)
        if d.get("winner") is None:
            return f"Game over: no winner ({why})." if lang == "en" else f"ゲーム終了：勝者なし（{why}）。"
        p = player(d["winner"], lang, names)
        return f"Game over: {p} wins ({why})." if lang == "en" else f"ゲーム終了：{p}の勝利（{why}）。"
    if event.kind == "setup_drawn":
        p = player(d["start"], lang, names)
        en = lang == "en"
        days = [f"Day {i}" if en else f"{i}日目" for i in range(1, len(d["dates"]) + 1)]
        lines = [
            f"Drawn at random: {p} is the first start player."
            if en
            else f"抽選の結果、最初のスタートプレイヤーは{p}。"
        ]
        lines.append("Date cards:" if en else "日付カード：")
        lines.extend(
            f"  {day}: {date_text(card_id, lang)}" for day, card_id in zip(days, d["dates"], strict=True)
        )
        return "\n".join(lines)
    template = _EVENTS.get(event.kind)
    if template is None:
        return f"{event.kind} {dict(d)}"
    params: dict[str, Any] = dict(d)
    if "seat" in d:
        params["p"] = player(d["seat"], lang, names)
    for key in ("source", "target", "by"):
        if key in d:
            params["q"] = player(d[key], lang, names)
    if "start" in d:
        params["start"] = player(d["start"], lang, names)
    if "card" in d:
        params["card"] = render_card(str(d["card"]), lang)
    if "tile" in d:
        params["tile"] = w(str(d["tile"]), lang)
    if "reason" in d:
        params["reason"] = reason(str(d["reason"]), lang)
    if event.kind == "asked":
        what = _PROMPTS.get(str(d.get("kind")), {"en": str(d.get("kind"))})
        params["what"] = what.get(lang) or what["en"]
    if "date" in d:
        params["date"] = date_text(d["date"], lang) if d["date"] else ("none" if lang == "en" else "なし")
    return (template.get(lang) or template["en"]).format(**params)


_PROMPTS: Final[dict[str, dict[str, str]]] = {
    "turn": {
        "en": "Your turn: play a card (or pass if you cannot).",
        "ja": "あなたの手番：カードをプレイ（出せなければパス）。",
    },
    "draw": {
        "en": "Choose a player to draw a random card from.",
        "ja": "ランダムに1枚引く相手を選んでください。",
    },
    "give": {"en": "Choose a card and a player to give it to.", "ja": "渡すカードと相手を選んでください。"},
    "discard_next": {"en": "Discard a card of your choice.", "ja": "好きなカードを1枚捨ててください。"},
    "discard_own": {
        "en": "Put a card from your hand into the discard pile.",
        "ja": "手札からカードを1枚捨て札にしてください。",
    },
}


def render_prompt(prompt: Prompt, lang: str = "en", *, names: Names = None) -> str:
    texts = _PROMPTS.get(prompt.kind, {"en": prompt.kind})
    return texts.get(lang) or texts["en"]


def render_view(view: Mapping[str, Any], lang: str = "en", *, names: Names = None) -> str:
    en = lang != "ja"
    lines: list[str] = []
    day = view["day"]
    lines.append(f"TIMETRAP — Day {day}/7" if en else f"タイムトラップ — {day}日目/7")
    for i, card_id in enumerate(view["dates"], start=1):
        mark = " ◀" if i == day else ""
        label = f"Day {i}" if en else f"{i}日目"
        lines.append(f"  {label}: {date_text(card_id, lang)}{mark}")
    lines.append(("Elapsed tile: " if en else "経時タイル：") + w(str(view["tile"]), lang))
    played = [
        render_card(c, lang) + (f"({v})" if cards.is_trap(c) else "") for c, v in view["board"][day - 1]
    ]
    lines.append(
        (
            f"Today ({view['played_today']}/{view['limit']}): "
            if en
            else f"今日（{view['played_today']}/{view['limit']}枚）："
        )
        + (("、" if lang == "ja" else ", ").join(played) or "—")
    )
    for s in range(int(view["players"])):
        status = []
        if view["eliminated"][s]:
            status.append("out" if en else "脱落")
        if s in view["passed"]:
            status.append("passed" if en else "パス")
        if s == view["start"]:
            status.append("start player" if en else "スタート")
        if s == view.get("turn"):
            status.append("to play" if en else "手番")
        extra = (f" ({', '.join(status)})" if en else f"（{'、'.join(status)}）") if status else ""
        count = view["hand_sizes"][s]
        cards_word = (f"{count} card" if count == 1 else f"{count} cards") if en else f"{count}枚"
        lines.append(f"  {player(s, lang, names)}: {cards_word}{extra}")
    alive = [s for s in range(int(view["players"])) if not view["eliminated"][s]]
    if alive and not view.get("over"):
        first = view["start"] if view["start"] in alive else alive[0]
        ring = alive[alive.index(first) :] + alive[: alive.index(first)]
        order = " → ".join(player(s, lang, names) for s in ring)
        lines.append(("Turn order: " if en else "手番順：") + order)
    if view.get("hand") is not None:
        hand = ("、" if lang == "ja" else ", ").join(render_card(c, lang) for c in view["hand"]) or "—"
        lines.append(("Your hand: " if en else "あなたの手札：") + hand)
    for seat, known in (view.get("known") or {}).items():
        shown = ("、" if lang == "ja" else ", ").join(render_card(c, lang) for c in known)
        lines.append(
            f"You know {player(seat, lang, names)} holds: {shown}"
            if en
            else f"{player(seat, lang, names)}の手札にあると分かっているカード：{shown}"
        )
    if view.get("known_discards"):
        shown = ("、" if lang == "ja" else ", ").join(render_card(c, lang) for c in view["known_discards"])
        lines.append(f"You discarded face down: {shown}" if en else f"あなたが裏向きで捨てたカード：{shown}")
    pending = view.get("pending")
    if pending:
        what = _PROMPTS.get(str(pending["kind"]), {"en": str(pending["kind"])})
        lines.append(f"{player(pending['seat'], lang, names)}: {what.get(lang) or what['en']}")
    if view.get("over"):
        winner = view.get("winner")
        why = reason(str(view.get("end_reason")), lang) if view.get("end_reason") else ""
        if winner is None:
            lines.append("Game over: no winner." if en else "ゲーム終了：勝者なし。")
        else:
            tail = (f" ({why})" if en else f"（{why}）") if why else ""
            lines.append(
                f"Game over: {player(winner, lang, names)} wins{tail}."
                if en
                else f"ゲーム終了：{player(winner, lang, names)}の勝利{tail}。"
            )
        standing = [s for s in range(int(view["players"])) if not view["eliminated"][s]]
        standing.sort(key=lambda s: (s != winner, view["hand_sizes"][s]))
        if standing:
            sep = ", " if en else "、"
            cells = sep.join(f"{player(s, lang, names)} {view['hand_sizes'][s]}" for s in standing)
            lines.append(
                f"Cards left (fewest wins): {cells}" if en else f"残りの手札（少ない人の勝ち）：{cells}"
            )
    return "\n".join(lines)
