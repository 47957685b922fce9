"""Every player-facing text of Capture of Dreams, English and Japanese, and the renderers that use them.

People are named (games.core.names); a team is named by its players: view team 0 is seats 1, 3, 5.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import i18n
from games.core.contract import Event, Prompt
from games.core.names import Names, seat_list
from games.core.names import seat_name as person
from games.core.names import team_name as team_label
from games.dream_capture.cards import SUIT_NAMES, card_name

i18n.register(
    {
        # options and errors
        "dc_bad_players": {
            "en": "Capture of Dreams needs exactly 6 players, two teams of 3 (got {got}).",
            "ja": "夢の捕獲はちょうど6人（3人ずつ2チーム）で遊びます（{got}人）。",
        },
        "dc_unknown_option": {
            "en": "Unknown option {name}; Capture of Dreams accepts only deals (1 to 6).",
            "ja": "不明なオプション {name}。夢の捕獲で使えるのは deals（1〜6）だけです。",
        },
        "dc_bad_deals": {
            "en": "Option deals must be a whole number from 1 to 6 (got {value}).",
            "ja": "オプション deals は1〜6の整数で指定してください（{value}）。",
        },
        "dc_not_discarding": {
            "en": "The discards of this deal are over.",
            "ja": "このディールの捨て札はもう終わっています。",
        },
        "dc_discard_first": {
            "en": "First everyone discards three cards.",
            "ja": "まず全員が3枚ずつ捨てます。",
        },
        "dc_cannot_discard": {
            "en": "5-point cards and the Fool cannot be discarded.",
            "ja": "5点の札と愚者は捨てられません。",
        },
        "dc_must_follow_s": {
            "en": "You must follow suit: play a spade.",
            "ja": "スペードを出さなければなりません（マストフォロー）。",
        },
        "dc_must_follow_h": {
            "en": "You must follow suit: play a heart.",
            "ja": "ハートを出さなければなりません（マストフォロー）。",
        },
        "dc_must_follow_d": {
            "en": "You must follow suit: play a diamond.",
            "ja": "ダイヤを出さなければなりません（マストフォロー）。",
        },
        "dc_must_follow_c": {
            "en": "You must follow suit: play a club.",
            "ja": "クラブを出さなければなりません（マストフォロー）。",
        },
        "dc_must_follow_t": {
            "en": "A trump was led: you must play a trump.",
            "ja": "切り札がリードされたので、切り札を出さなければなりません。",
        },
        "dc_must_trump": {
            "en": "You cannot follow suit, so you must play a trump.",
            "ja": "リードされたスートがないので、切り札を出さなければなりません（マストラフ）。",
        },
        # prompts
        "dc_prompt_discard": {
            "en": "Discard a card face down; it goes to the enemy team's pile ({remaining} to go; not a 5-point card or the Fool).",
            "ja": "伏せて捨てる札を選んでください。敵チームの獲得札になります（あと{remaining}枚。5点の札と愚者は不可）。",
        },
        "dc_prompt_lead": {"en": "Lead to trick {trick}.", "ja": "第{trick}トリックのリードです。"},
        "dc_prompt_follow": {
            "en": "Play to trick {trick} ({suit} led).",
            "ja": "第{trick}トリックに出してください（リードは{suit}）。",
        },
        "dc_prompt_deal": {"en": "Shuffle and deal the cards of deal {deal}.", "ja": "第{deal}ディールを配ってください。"},
        # actions
        "dc_act_deal": {"en": "Deal", "ja": "配る"},
        "dc_act_discard": {"en": "Discard {card}", "ja": "{card}を捨てる"},
        "dc_act_play": {"en": "Play {card}", "ja": "{card}を出す"},
        # names
        "dc_seat": {"en": "Seat {n}", "ja": "{n}番席"},
        "dc_team_0": {"en": "Team A", "ja": "チームA"},
        "dc_team_1": {"en": "Team B", "ja": "チームB"},
        "dc_capture_hope": {"en": "Capture of Hope", "ja": "希望の捕獲"},
        "dc_capture_dream": {"en": "Capture of the Dream", "ja": "夢の捕獲"},
        "dc_capture_world": {"en": "Capture of the World", "ja": "世界の捕獲"},
        "dc_capture_magician": {"en": "Capture of the Magician", "ja": "魔術師の捕獲"},
        # events
        "dc_ev_discarded_own": {"en": "You discarded {card}.", "ja": "{card}を捨てました。"},
        "dc_ev_discarded": {
            "en": "{seat} discarded a card ({count}/3).",
            "ja": "{seat}が1枚捨てました（{count}/3）。",
        },
        "dc_ev_honours": {"en": "Honours shown: {shown}.", "ja": "役札の公開: {shown}。"},
        "dc_ev_no_honours": {"en": "Honours shown: none.", "ja": "役札の公開: なし。"},
        "dc_ev_turn": {"en": "{seat} leads trick {trick}.", "ja": "第{trick}トリックは{seat}のリードです。"},
        "dc_ev_played": {"en": "{seat} plays {card}.", "ja": "{seat}が{card}を出しました。"},
        "dc_ev_trick": {
            "en": "{seat} ({team}) wins trick {trick}: {cards}.",
            "ja": "{seat}（{team}）が第{trick}トリックに勝ちました: {cards}。",
        },
        "dc_ev_capture": {
            "en": "{kind}! {team} scores 15 ({seat}).",
            "ja": "{kind}！{team}に15点（{seat}）。",
        },
        "dc_ev_magic_success": {
            "en": "Magic succeeds! {team} scores 10 ({seat}).",
            "ja": "魔法の成功！{team}に10点（{seat}）。",
        },
        "dc_ev_magic_failure": {
            "en": "Magic fails: the enemy, {team}, scores 10 ({seat}'s Magician).",
            "ja": "魔法の失敗: 敵の{team}に10点（{seat}の魔術師）。",
        },
        "dc_ev_magic_vanish": {
            "en": "Magic vanishes: a partner won {seat}'s Magician; no bonus.",
            "ja": "魔法の消滅: {seat}の魔術師を味方が取りました。ボーナスなし。",
        },
        "dc_ev_deal_scored": {
            "en": "Deal {deal} scored (higher wins). {lines} Totals: {totals}.",
            "ja": "第{deal}ディールの得点（多い方の勝ち）。{lines}合計: {totals}。",
        },
        "dc_ev_score_line": {
            "en": "{team}: {total} (cards {card_points}: {face_points} + {number_cards} number cards → {number_points}; last trick {last_trick}; game bonus {game_bonus}{extras}).",
            "ja": "{team}: {total}点（カード{card_points}点: {face_points} + 数札{number_cards}枚 → {number_points}、ラストトリック{last_trick}、ゲームボーナス{game_bonus}{extras}）。",
        },
        "dc_ev_captures": {"en": "; captures {n}", "ja": "、捕獲{n}"},
        "dc_ev_magic": {"en": "; magic {n}", "ja": "、魔法{n}"},
        "dc_ev_discards": {"en": "Discards: {discards}.", "ja": "捨て札: {discards}。"},
        "dc_ev_turn_deal": {
            "en": "{seat} deals next (deal {deal}).",
            "ja": "次は{seat}が第{deal}ディールを配ります。",
        },
        "dc_ev_first_dealer": {
            "en": "Drawn at random: {dealer} is the first dealer; {leader} leads after the discards.",
            "ja": "抽選の結果、最初のディーラーは{dealer}です。捨て札の後、{leader}がリードします。",
        },
        "dc_ev_deal_started": {
            "en": "Deal {deal}: {dealer} dealt; {leader} leads after the discards.",
            "ja": "第{deal}ディール: {dealer}が配りました。捨て札の後、{leader}がリードします。",
        },
        "dc_ev_game_over_win": {
            "en": "Game over (higher total wins): {totals}. {team} wins!",
            "ja": "ゲーム終了（合計の多いチームの勝ち）: {totals}。{team}の勝ち！",
        },
        "dc_ev_game_over_draw": {
            "en": "Game over (higher total wins): {totals}. A draw.",
            "ja": "ゲーム終了（合計の多いチームの勝ち）: {totals}。引き分けです。",
        },
        # board
        "dc_v_header": {
            "en": "Capture of Dreams, deal {deal}/{deals}, dealer {dealer}",
            "ja": "夢の捕獲 第{deal}/{deals}ディール、ディーラー{dealer}",
        },
        "dc_v_scores": {"en": "Scores (higher wins): {totals}", "ja": "得点（多い方の勝ち）: {totals}"},
        "dc_v_you": {"en": "You are {seat}, in {team}.", "ja": "あなたは{seat}、{team}です。"},
        "dc_v_hand": {"en": "Your hand: {cards}", "ja": "手札: {cards}"},
        "dc_v_my_discards": {"en": "Your discards: {cards}", "ja": "あなたの捨て札: {cards}"},
        "dc_v_discarding": {"en": "Discarding: {counts}", "ja": "捨て札: {counts}"},
        "dc_v_honours": {"en": "Honours shown: {shown}", "ja": "公開された役札: {shown}"},
        "dc_v_voids": {
            "en": "Shown out this deal (failed to follow): {seats}",
            "ja": "このディールでフォローできなかった人: {seats}",
        },
        "dc_v_void_seat": {"en": "{seat}: no {suits}", "ja": "{seat}は{suits}なし"},
        "dc_v_trick": {"en": "Trick {trick}: {cards}", "ja": "第{trick}トリック: {cards}"},
        "dc_v_last": {
            "en": "Last trick (won by {seat}): {cards}",
            "ja": "直前のトリック（{seat}の勝ち）: {cards}",
        },
        "dc_v_tricks": {"en": "Tricks won: {counts}", "ja": "獲得トリック: {counts}"},
        "dc_v_to_act": {"en": "To act: {seats}", "ja": "手番: {seats}"},
        "dc_v_over": {
            "en": "Final result (higher total wins): {result}",
            "ja": "最終結果（合計の多いチームの勝ち）: {result}",
        },
        "dc_v_teams": {"en": "Teams: {a} against {b}", "ja": "チーム: {a} 対 {b}"},
        "dc_v_order": {
            "en": "Play order (counter-clockwise): {seats}",
            "ja": "手番順（反時計回り）: {seats}",
        },
        "dc_v_deals": {"en": "Points by deal:", "ja": "ディールごとの得点:"},
        "dc_v_deal_row": {
            "en": "  Deal {deal}: {a} {pa}, {b} {pb}",
            "ja": "  第{deal}ディール: {a} {pa}点、{b} {pb}点",
        },
        "dc_v_draw": {"en": "a draw", "ja": "引き分け"},
        "dc_v_wins": {"en": "{team} wins", "ja": "{team}の勝ち"},
        "dc_none": {"en": "none", "ja": "なし"},
    }
)


def tr(code: str, lang: str, **params: Any) -> str:
    return i18n.translate(code, lang, **params)


def seat_name(seat: int, lang: str, names: Names = None) -> str:
    return person(names, seat, lang)


def team_name(team: int, lang: str, names: Names = None) -> str:
    """Team 0 is seats 1, 3, 5; team 1 seats 2, 4, 6: named by their players."""
    return team_label(names, range(team, 6, 2), lang)


def _sep(lang: str) -> str:
    return "、" if lang == "ja" else ", "


def suit_name(suit: str, lang: str) -> str:
    """'spades' / 'スペード'; "t" is the trumps."""
    return SUIT_NAMES[suit][1 if lang == "ja" else 0]


def cards_text(cards: list[str] | tuple[str, ...], lang: str) -> str:
    return _sep(lang).join(card_name(c, lang) for c in cards) if cards else tr("dc_none", lang)


def plays_text(plays: Any, lang: str, names: Names = None) -> str:
    return _sep(lang).join(f"{seat_name(int(s), lang, names)} {card_name(str(c), lang)}" for s, c in plays)


def totals_text(totals: Any, lang: str, names: Names = None) -> str:
    unit = "点" if lang == "ja" else ""
    return _sep(lang).join(f"{team_name(t, lang, names)} {int(totals[t])}{unit}" for t in (0, 1))


def render_action(action: str, lang: str, *, names: Names = None) -> str:
    if action == "deal":
        return tr("dc_act_deal", lang)
    verb, _, card = action.partition(":")
    return tr(f"dc_act_{verb}", lang, card=card_name(card, lang))


def render_prompt(prompt: Prompt, lang: str, *, names: Names = None) -> str:
    params = dict(prompt.params)
    if prompt.kind == "follow":
        params["suit"] = suit_name(str(params["suit"]), lang)
    return tr(f"dc_prompt_{prompt.kind}", lang, **params)


def _score_line(team: int, score: Mapping[str, Any], lang: str, names: Names) -> str:
    extras = ""
    if score.get("captures"):
        extras += tr("dc_ev_captures", lang, n=score["captures"])
    if score.get("magic"):
        extras += tr("dc_ev_magic", lang, n=score["magic"])
    params = {k: v for k, v in score.items() if k not in ("team",)}
    return tr("dc_ev_score_line", lang, team=team_name(team, lang, names), extras=extras, **params)


def render_event(event: Event, lang: str, *, names: Names = None) -> str:
    d: Mapping[str, Any] = event.data
    kind = event.kind
    seat = seat_name(int(d["seat"]), lang, names) if "seat" in d else ""
    if kind == "dc_discarded_own":
        return tr("dc_ev_discarded_own", lang, card=card_name(d["card"], lang))
    if kind == "dc_discarded":
        return tr("dc_ev_discarded", lang, seat=seat, count=d["count"])
    if kind == "dc_honours":
        if not d["shown"]:
            return tr("dc_ev_no_honours", lang)
        return tr("dc_ev_honours", lang, shown=plays_text(d["shown"], lang, names))
    if kind == "dc_turn":
        return tr("dc_ev_turn", lang, seat=seat, trick=d["trick"])
    if kind == "dc_played":
        return tr("dc_ev_played", lang, seat=seat, card=card_name(d["card"], lang))
    if kind == "dc_trick":
        return tr(
            "dc_ev_trick",
            lang,
            seat=seat_name(int(d["winner"]), lang, names),
            team=team_name(int(d["team"]), lang, names),
            trick=d["trick"],
            cards=plays_text(d["cards"], lang, names),
        )
    if kind == "dc_capture":
        return tr(
            "dc_ev_capture",
            lang,
            kind=tr(f"dc_capture_{d['kind']}", lang),
            team=team_name(int(d["team"]), lang, names),
            seat=seat,
        )
    if kind == "dc_magic":
        team = "" if d["team"] is None else team_name(int(d["team"]), lang, names)
        return tr(f"dc_ev_magic_{d['result']}", lang, team=team, seat=seat)
    if kind == "dc_deal_scored":
        gap = "" if lang == "ja" else " "
        lines = gap.join(_score_line(t, score, lang, names) for t, score in enumerate(d["scores"]))
        discards = ("／" if lang == "ja" else "; ").join(
            f"{seat_name(int(s), lang, names)} {cards_text(cards, lang)}" for s, cards in d["discards"]
        )
        text = tr(
            "dc_ev_deal_scored",
            lang,
            deal=d["deal"],
            lines=lines,
            totals=totals_text(d["totals"], lang, names),
        )
        return tr("dc_ev_discards", lang, discards=discards) + gap + text
    if kind == "dc_turn_deal":
        return tr("dc_ev_turn_deal", lang, seat=seat, deal=d["deal"])
    if kind == "dc_first_dealer":
        return tr(
            "dc_ev_first_dealer",
            lang,
            dealer=seat_name(int(d["dealer"]), lang, names),
            leader=seat_name(int(d["leader"]), lang, names),
        )
    if kind == "dc_deal_started":
        return tr(
            "dc_ev_deal_started",
            lang,
            deal=d["deal"],
            dealer=seat_name(int(d["dealer"]), lang, names),
            leader=seat_name(int(d["leader"]), lang, names),
        )
    if kind == "dc_game_over":
        totals = totals_text(d["totals"], lang, names)
        if d["winner"] is None:
            return tr("dc_ev_game_over_draw", lang, totals=totals)
        return tr("dc_ev_game_over_win", lang, totals=totals, team=team_name(int(d["winner"]), lang, names))
    return f"{kind} {dict(d)}"


def _deal_rows(v: Mapping[str, Any], lang: str, names: Names) -> list[str]:
    history = v.get("history") or []
    if not history:
        return []
    a, b = team_name(0, lang, names), team_name(1, lang, names)
    rows = [tr("dc_v_deals", lang)]
    rows.extend(
        tr("dc_v_deal_row", lang, deal=i, a=a, pa=int(pa), b=b, pb=int(pb))
        for i, (pa, pb) in enumerate(history, start=1)
    )
    return rows


def _void_rows(v: Mapping[str, Any], lang: str, names: Names) -> list[str]:
    """Who has shown this deal that they hold no card of a suit (and, playing neither the led suit nor a
    trump, no trump): public, since every card is played face up, and the strong AI's sampler reads the
    same list (view "voids"), so a human sees on the board what the AI remembers."""
    per_seat = [
        tr(
            "dc_v_void_seat",
            lang,
            seat=seat_name(seat, lang, names),
            suits=_sep(lang).join(suit_name(s, lang) for s in "shdct" if s in voids),
        )
        for seat, voids in enumerate(v.get("voids") or [])
        if voids
    ]
    between = "／" if lang == "ja" else "; "
    return [tr("dc_v_voids", lang, seats=between.join(per_seat))] if per_seat else []


def render_view(v: Mapping[str, Any], lang: str, *, names: Names = None) -> str:
    sep = _sep(lang)
    lines = [
        tr(
            "dc_v_header",
            lang,
            deal=v["deal"],
            deals=v["deals"],
            dealer=seat_name(int(v["dealer"]), lang, names),
        ),
        tr("dc_v_teams", lang, a=team_name(0, lang, names), b=team_name(1, lang, names)),
        tr("dc_v_scores", lang, totals=totals_text(v["scores"], lang, names)),
    ]
    if v["seat"] is not None:
        seat = int(v["seat"])
        lines.append(
            tr("dc_v_you", lang, seat=seat_name(seat, lang, names), team=team_name(seat % 2, lang, names))
        )
    if v["phase"] == "over":
        lines.extend(_deal_rows(v, lang, names))
        totals = v["scores"]
        if totals[0] == totals[1]:
            verdict = tr("dc_v_draw", lang)
        else:
            verdict = tr("dc_v_wins", lang, team=team_name(0 if totals[0] > totals[1] else 1, lang, names))
        lines.append(tr("dc_v_over", lang, result=f"{totals_text(totals, lang, names)} — {verdict}"))
        return "\n".join(lines)
    lines.extend(_deal_rows(v, lang, names))
    start = v.get("leader") if v["phase"] == "play" else None
    if isinstance(start, int):
        order = " → ".join(seat_name((start - i) % 6, lang, names) for i in range(6))
        lines.append(tr("dc_v_order", lang, seats=order))
    if v["phase"] == "discard":
        counts = sep.join(f"{seat_name(s, lang, names)} {n}/3" for s, n in enumerate(v["discard_counts"]))
        lines.append(tr("dc_v_discarding", lang, counts=counts))
    shown = [[s, c] for s, cards in enumerate(v["honours"]) for c in cards]
    if shown:
        lines.append(tr("dc_v_honours", lang, shown=plays_text(shown, lang, names)))
    if v["phase"] == "play":
        lines.extend(_void_rows(v, lang, names))
        lines.append(
            tr("dc_v_trick", lang, trick=v["trick_number"], cards=plays_text(v["trick"], lang, names) or "-")
        )
    if v["last_trick"]:
        lines.append(
            tr(
                "dc_v_last",
                lang,
                seat=seat_name(int(v["last_winner"]), lang, names),
                cards=plays_text(v["last_trick"], lang, names),
            )
        )
    counts = sep.join(f"{team_name(t, lang, names)} {n}" for t, n in enumerate(v["tricks_won"]))
    lines.append(tr("dc_v_tricks", lang, counts=counts))
    if v["seat"] is not None:
        lines.append(tr("dc_v_hand", lang, cards=cards_text(v["hand"], lang)))
        if v["my_discards"]:
            lines.append(tr("dc_v_my_discards", lang, cards=cards_text(v["my_discards"], lang)))
    lines.append(tr("dc_v_to_act", lang, seats=seat_list(names, v["to_act"], lang)))
    return "\n".join(lines)
