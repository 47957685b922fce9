"""Player-facing text for the variants, English and Japanese (cards, actions, events, views, prompts)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import i18n
from games.core.contract import Event, Prompt
from games.core.names import Names, team_name
from games.core.names import seat_name as person
from games.kings.variants.components import is_flag, is_rare
from games.kings.variants.rules_text import RULES

VARIANT_NAMES: dict[str, dict[str, str]] = {
    "ombre": {"en": "Ombre (3 players)", "ja": "オンブレ(3人)"},
    "whist": {"en": "Whist (4 players, teams)", "ja": "ホイスト(4人・チーム戦)"},
    "napoleon": {"en": "Napoleon (5 players, teams)", "ja": "ナポレオン(5人・チーム戦)"},
}

COLOUR_NAMES = {
    "w": {"en": "White", "ja": "白"},
    "r": {"en": "Red", "ja": "赤"},
    "b": {"en": "Blue", "ja": "青"},
    "g": {"en": "Green", "ja": "緑"},
    "k": {"en": "Black", "ja": "黒"},
}

i18n.register(
    {
        "kv_no_options": {
            "en": "The {variant} variant takes no option (got {name}).",
            "ja": "{variant} にはオプションはありません({name})。",
        },
        "kv_prompt_play": {
            "en": "Play a card (round {round}).",
            "ja": "カードを出してください(ラウンド{round})。",
        },
        "kv_prompt_pick": {
            "en": "Take a KQJ set or a white flag / rare.",
            "ja": "KQJセットか白旗/レアを獲得してください。",
        },
        "kv_prompt_pick_later": {
            "en": "Take a white flag or a rare.",
            "ja": "白旗かレアを1枚獲得してください。",
        },
        "kv_prompt_bid": {
            "en": "Choose a number card face down to bid for the KQJ sets.",
            "ja": "KQJセットを獲得するために数字カードを1枚裏向きで出してください。",
        },
        "kv_prompt_set": {"en": "Choose your KQJ set.", "ja": "KQJセットを選んでください。"},
        "kv_prompt_auction": {
            "en": 'Declare "I am KING" with auction cards, or pass.',
            "ja": "オークションカードを出して「I am KING」と宣言するか、パスしてください。",
        },
        "kv_prompt_scored": {
            "en": "The round is scored. Start the next round when ready.",
            "ja": "ラウンドの得点計算が終わりました。準備ができたら次のラウンドへ。",
        },
        "kv_prompt_exchange": {
            "en": "Discard {count} more {cards}.",
            "ja": "あと{count}枚捨ててください。",
        },
    }
)


def tr(table: Mapping[str, str], lang: str) -> str:
    return table.get(lang) or table["en"]


def card_name(card: str, lang: str = "en") -> str:
    ja = lang == "ja"
    if is_flag(card):
        return "白旗" if ja else "White flag"
    if is_rare(card):
        return "レア" if ja else "Rare"
    colour, value = card[0], card[1:]
    label = {"11": "J", "12": "Q"}.get(value, value)
    name = tr(COLOUR_NAMES[colour], lang)
    return f"{name}{label}" if ja else f"{name} {label}"


def _seat(seat: Any, lang: str, names: Names = None) -> str:
    return person(names, seat, lang)


def action_label(action: str, view: Mapping[str, Any], lang: str = "en", *, names: Names = None) -> str:
    ja = lang == "ja"
    parts = action.split(":")
    verb = parts[0]
    if verb == "play":
        label = card_name(parts[1], lang)
        sets = view.get("sets") or []
        seat = view.get("seat")
        own = sets[seat] if isinstance(seat, int) and seat < len(sets) else ""
        for extra in parts[2:]:
            if extra.startswith("q"):
                queen = tr(COLOUR_NAMES[extra[1]], lang)
                label += f" + {queen}クイーン" if ja else f" + {queen} queen"
            elif extra == "K":
                king = tr(COLOUR_NAMES[own], lang) if own else ""
                label += f" + {king}キング" if ja else (f" + {king} king" if king else " + king")
        return label
    if action == "green":
        return "緑クイーン(最後に出す)" if ja else "Green queen (play last)"
    if verb == "set":
        colour = tr(COLOUR_NAMES[parts[1]], lang)
        return f"{colour}のKQJセット" if ja else f"{colour} KQJ set"
    if verb in ("take", "bid", "discard"):
        name = card_name(parts[1], lang)
        words = {
            "take": ("を獲得", "Take "),
            "bid": ("でビッド", "Bid "),
            "discard": ("を捨てる", "Discard "),
        }[verb]
        return f"{name}{words[0]}" if ja else f"{words[1]}{name}"
    if verb == "king":
        count = int(parts[1])
        return (
            f"I am KING(オークションカード{count}枚)"
            if ja
            else f"I am KING ({count} auction card{'s' if count != 1 else ''})"
        )
    if action == "next":
        return "次のラウンドへ" if ja else "Next round"
    if verb == "pass":
        return "パス" if ja else "Pass"
    return action


def event_text(event: Event, lang: str = "en", *, names: Names = None) -> str:
    ja = lang == "ja"
    d = event.data
    seat = _seat(d.get("seat"), lang, names)
    kind = event.kind
    if kind == "played":
        label = action_label(
            "play:"
            + str(d["card"])
            + (f":q{d['queen']}" if d.get("queen") else "")
            + (":K" if d.get("king") else ""),
            {},
            lang,
        )
        return f"{seat}: {label}"
    if kind == "green":
        return f"{seat}: 緑クイーン(最後に出す)" if ja else f"{seat} uses the green queen (plays last)"
    if kind == "trick":
        who = _seat(d["winner"], lang, names)
        extra = (" (赤クイーン+1)" if ja else " (red queen +1)") if d.get("red_queen") else ""
        return f"{who}がトリックに勝利{extra}" if ja else f"{who} wins the trick{extra}"
    if kind == "set_taken":
        colour = tr(COLOUR_NAMES[str(d["colour"])], lang)
        return f"{seat}: {colour}のKQJセット" if ja else f"{seat} takes the {colour} KQJ set"
    if kind == "card_taken":
        return (
            f"{seat}: {card_name(str(d['card']), lang)}を獲得"
            if ja
            else f"{seat} takes {card_name(str(d['card']), lang)}"
        )
    if kind == "start_player":
        return f"{seat}がスタートプレイヤー" if ja else f"{seat} takes the start player card"
    if kind == "bids":
        shown = ("、" if ja else ", ").join(
            f"{_seat(i, lang, names)} {card_name(c, lang)}" for i, c in enumerate(d["cards"])
        )
        return f"ビッド公開: {shown}" if ja else f"Bids revealed: {shown}"
    if kind == "bid_committed":
        return f"{seat}がビッドしました" if ja else f"{seat} has bid"
    if kind == "teams":
        return (
            f"エンペラー: {_seat(d['emperor'], lang, names)}、パートナー: {_seat(d['partner'], lang, names)}"
            if ja
            else f"Emperor: {_seat(d['emperor'], lang, names)}, Partner: {_seat(d['partner'], lang, names)}"
        )
    if kind == "exchange":
        return (
            f"{seat}が山札から{d['count']}枚とりました"
            if ja
            else f"{seat} takes {d['count']} cards from the deck"
        )
    if kind == "drawn":
        shown = ("、" if ja else ", ").join(card_name(str(c), lang) for c in d["cards"])
        return f"山札からとったカード: {shown}" if ja else f"You take from the deck: {shown}"
    if kind == "discarded":
        return f"{seat}が1枚捨てました" if ja else f"{seat} discards a card"
    if kind == "dispatch":
        moves = ("、" if ja else ", ").join(
            f"{card_name(str(m[0]), lang)} → {_seat(m[1], lang, names)}" for m in d["moves"]
        )
        return f"ジャックの派遣: {moves}" if ja else f"Jack dispatch: {moves}"
    if kind == "auction":
        if d.get("count") is None:
            return f"{seat}: パス" if ja else f"{seat} passes"
        return (
            f"{seat}: I am KING(オークションカード{d['count']}枚)"
            if ja
            else f"{seat}: I am KING ({d['count']} auction card{'s' if d['count'] != 1 else ''})"
        )
    if kind == "auction_won":
        return f"{seat}がキングです" if ja else f"{seat} is the King"
    if kind == "flag_beats_rare":
        return (
            f"{seat}: 白旗がレアに勝利 +{d['points']}"
            if ja
            else f"{seat}: white flag beats rare, +{d['points']}"
        )
    if kind == "whist_round":
        teams = ((0, 2), (1, 3))
        sep = "、" if ja else ", "
        cells = sep.join(
            f"{team_name(names, teams[t], lang)} {d['team_scores'][t]}"
            + (f"（{d['gains'][t]:+d}）" if ja else f" ({d['gains'][t]:+d})")
            for t in (0, 1)
        )
        tricks = (
            "対".join(str(x) for x in d["team_tricks"]) if ja else "-".join(str(x) for x in d["team_tricks"])
        )
        return (
            f"ラウンド{d['round']}終了（トリック {tricks}）: {cells}。200点で勝利。"
            if ja
            else f"Round {d['round']} scored (tricks {tricks}): {cells}. 200 wins."
        )
    if kind == "round_scored":
        sep = "、" if ja else ", "
        gains = d.get("points") or [0] * len(d["scores"])
        cells = sep.join(
            f"{_seat(i, lang, names)} {total}"
            + (f"（{int(gains[i]):+d}）" if ja else f" ({int(gains[i]):+d})")
            for i, total in enumerate(d["scores"])
        )
        line = f"ラウンド{d.get('round')}の得点: {cells}" if ja else f"Round {d.get('round')} scored: {cells}"
        if d.get("team_scores"):
            a, b = d["team_scores"]
            line += (
                f"。チーム合計: エンペラーとパートナー {a}、連合軍 {b}（多い方の勝ち）"
                if ja
                else f". Team totals: Emperor & Partner {a}, the other three {b} (higher wins)"
            )
        elif d.get("wins") is not None:
            line += "（多い方の勝ち）" if ja else " (most points wins)"
        return line + ("。" if ja else ".")
    if kind == "first_picker":
        return f"抽選の結果、{seat}から選択開始" if ja else f"Drawn at random: {seat} picks first"
    if kind == "auction_start":
        turn = _seat(d["turn"], lang, names)
        return (
            f"抽選の結果、{seat}がオークションのスタートプレイヤー（最初の宣言は{turn}）"
            if ja
            else f"Drawn at random: {seat} starts the auction ({turn} bids first)"
        )
    if kind == "new_round":
        return f"ラウンド{d.get('round')}開始" if ja else f"Round {d.get('round')} begins"
    if kind == "game_over":
        scores = list(d.get("scores") or [])
        sep = "、" if ja else ", "
        if len(scores) == 4:  # Whist: a player's score is their team's
            teams = ((0, 2), (1, 3))
            cells = sep.join(f"{team_name(names, t, lang)} {scores[t[0]]}" for t in teams)
            return f"ゲーム終了（多い方の勝ち）: {cells}" if ja else f"Game over (higher wins): {cells}."
        order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
        cells = sep.join(f"{_seat(i, lang, names)} {scores[i]}" for i in order)
        if len(scores) == 5:
            return (
                f"ゲーム終了。チーム合計の多いチームの勝ち。個人の得点: {cells}"
                if ja
                else f"Game over: the team with more points wins. Points by player: {cells}."
            )
        return (
            f"ゲーム終了（得点の多い人の勝ち）: {cells}" if ja else f"Game over (most points wins): {cells}."
        )
    return f"{kind} {dict(d)}"


def _team_result(view: Mapping[str, Any], lang: str, names: Names) -> list[str]:
    ja = lang == "ja"
    teams = view.get("teams") or []
    totals = view.get("team_scores") or []
    if len(teams) != 2 or len(totals) != 2:
        return []
    labels = [team_name(names, t, lang) for t in teams]
    cells = ("、" if ja else ", ").join(f"{labels[t]} {totals[t]}" for t in (0, 1))
    lines = [("チーム得点（多い方の勝ち）: " if ja else "Team points (higher wins): ") + cells]
    if view.get("phase") == "over":
        if totals[0] != totals[1]:
            winner = labels[0 if totals[0] > totals[1] else 1]
            lines.append(f"結果: {winner}の勝ち" if ja else f"Result: {winner} wins")
        else:
            lines.append(
                "結果: 同点（キングナンバーの合計で決定）"
                if ja
                else "Result: equal points (decided by king numbers)"
            )
    return lines


def _round_table(view: Mapping[str, Any], lang: str, names: Names) -> list[str]:
    """Every finished round's totals (Whist's per team, the others per player), most points winning."""
    rounds: list[Any] = list(view.get("round_totals") or [])
    if not rounds:
        return []
    ja = lang == "ja"
    if view.get("teams") and view["variant"] != "whist":  # Napoleon: the teams' sums decide, not these
        lines = ["ラウンドごとの各自の合計:" if ja else "Each player's total after each round:"]
    else:
        lines = ["ラウンドごとの合計（多い方が上位）:" if ja else "Totals after each round (most points wins):"]
    if view["variant"] == "whist" and view.get("teams"):
        rows = [(team_name(names, team, lang), int(team[0])) for team in view["teams"]]
    else:
        rows = [(_seat(i, lang, names), i) for i in range(int(view["players"]))]
    for label, index in rows:
        lines.append(f"  {label}: " + " → ".join(str(r[index]) for r in rounds))
    return lines


def view_text(view: Mapping[str, Any], lang: str = "en", *, names: Names = None) -> str:
    ja = lang == "ja"
    sep = "、" if ja else ", "
    lines = [
        f"{tr(VARIANT_NAMES[str(view['variant'])], lang)} — "
        + (f"ラウンド{view['round']}" if ja else f"round {view['round']}")
    ]
    seat = view.get("seat")
    if isinstance(seat, int):
        lines.append(
            f"あなたは{_seat(seat, lang, names)}です。" if ja else f"You are {_seat(seat, lang, names)}."
        )
    sets = view.get("sets") or []
    used = view.get("kings_used") or []
    team_game = bool(view.get("teams"))
    for i in range(int(view["players"])):
        colour = sets[i] if i < len(sets) else ""
        parts = []
        if colour:
            name = tr(COLOUR_NAMES[colour], lang)
            state = ""
            if i < len(used):
                state = ("（使用済み）" if used[i] else "") if ja else (" (used)" if used[i] else "")
            parts.append(f"{name}のキング{state}" if ja else f"{name} king{state}")
        tricks = view["tricks"][i]
        parts.append(f"{tricks}勝" if ja else (f"{tricks} trick" if tricks == 1 else f"{tricks} tricks"))
        if not (team_game and view["variant"] == "whist"):
            parts.append(f"{view['scores'][i]}点" if ja else f"{view['scores'][i]} points")
        if view.get("king_seat") == i:
            parts.append("キング" if ja else "the King")
        if view.get("emperor") == i:
            parts.append("エンペラー" if ja else "Emperor")
        if view.get("partner") == i:
            parts.append("パートナー" if ja else "Partner")
        lines.append(f"{_seat(i, lang, names)}: " + sep.join(parts))
    lines.extend(_round_table(view, lang, names))
    if team_game:
        lines.append(
            ("チーム: " if ja else "Teams: ")
            + (" 対 " if ja else " against ").join(team_name(names, t, lang) for t in view["teams"])
        )
        lines.extend(_team_result(view, lang, names))
    elif view.get("phase") == "over":
        scores = list(view["scores"])
        order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
        cells = sep.join(f"{_seat(i, lang, names)} {scores[i]}" for i in order)
        lines.append(
            f"最終結果（得点の多い人の勝ち）: {cells}" if ja else f"Final result (most points wins): {cells}"
        )
    trump = view.get("trump")
    if trump:
        lines.append(("切り札: " if ja else "Trump: ") + tr(COLOUR_NAMES[str(trump)], lang))
    leader = view.get("leader")
    if view.get("phase") == "play" and isinstance(leader, int):
        n = int(view["players"])
        ring = " → ".join(_seat((leader + k) % n, lang, names) for k in range(n))
        lines.append(("手番順: " if ja else "Turn order: ") + ring)
    if view.get("trick"):
        shown = sep.join(f"{_seat(e[0], lang, names)} {card_name(str(e[1]), lang)}" for e in view["trick"])
        lines.append(("場: " if ja else "Trick: ") + shown)
    waiting = list(view.get("to_act") or [])
    if waiting and view.get("phase") != "over":
        lines.append(("手番: " if ja else "Waiting for: ") + sep.join(_seat(i, lang, names) for i in waiting))
    if view.get("hand"):
        lines.append(("手札: " if ja else "Hand: ") + sep.join(card_name(str(c), lang) for c in view["hand"]))
    return "\n".join(lines)


def prompt_text(variant: str, prompt: Prompt, lang: str = "en", *, names: Names = None) -> str:
    code = f"kv_prompt_{prompt.kind}"
    if prompt.kind == "pick" and int(prompt.params.get("round", 1)) > 1:
        code = "kv_prompt_pick_later"
    if i18n.has(code):
        params = dict(prompt.params)
        params["cards"] = "card" if params.get("count") == 1 else "cards"
        return i18n.translate(code, lang, **params)
    return prompt.kind


def rules_page(variant: str, lang: str = "en") -> str:
    from games.kings.variants.card_texts import catalog

    ja = lang == "ja"
    page = RULES[variant].get(lang) or RULES[variant]["en"]
    mark = "（暫定のキングナンバー）" if ja else " (PROVISIONAL king numbers)"
    cards = [c for c in catalog(lang) if c.key.startswith(variant + ":")]
    lines = ["カード:" if ja else "Cards:"]
    lines.extend(f"- {c.name}{mark if c.ruling and variant != 'ombre' else ''} — {c.effect}" for c in cards)
    return page.rstrip("\n") + "\n" + "\n".join(lines)
