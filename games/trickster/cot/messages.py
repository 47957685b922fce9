"""Every player-facing text of Champions of Time, in English and Japanese (registered at import)."""

from __future__ import annotations

from games.core import i18n

MESSAGES: dict[str, dict[str, str]] = {
    # --- option and action errors ------------------------------------------------------------------
    "cot_unknown_option": {
        "en": "Unknown option {name}; the options are: {choices}.",
        "ja": "不明なオプション {name}。使えるオプション: {choices}",
    },
    "cot_bad_value": {
        "en": "Option {name} cannot be {value}; choose one of: {choices}.",
        "ja": "オプション {name} に {value} は使えません。次から選んでください: {choices}",
    },
    "cot_fixed_deck_extras": {
        "en": "The {deck} deck is made of base-set heroes only: Grand Gambit and promos need deck=random "
        "or deck=draft.",
        "ja": "{deck} デッキは基本セットの英雄だけです。Grand Gambit や限定カードを使うには deck=random "
        "か deck=draft を選んでください。",
    },
    "cot_must_follow": {
        "en": "That card does not follow the pot ({pattern}); play a card that does.",
        "ja": "そのカードは卓中央のパターン（{pattern}）にフォローしていません。フォローできるカードを出してください。",
    },
    # --- patterns and zones --------------------------------------------------------------------------
    "cot_pattern_open": {"en": "any card", "ja": "自由"},
    "cot_pattern_suit": {"en": "same suit", "ja": "同じ模様"},
    "cot_pattern_hero": {"en": "same hero", "ja": "同じ英雄"},
    "cot_pattern_unique": {"en": "unique", "ja": "適合なし"},
    "cot_zone_hand": {"en": "hand", "ja": "手札"},
    "cot_zone_tableau": {"en": "tableau", "ja": "場札置き場"},
    "cot_zone_trash": {"en": "Trash", "ja": "捨て札置き場"},
    "cot_zone_pot": {"en": "pot", "ja": "卓中央"},
    "cot_zone_deck_top": {"en": "top of the deck", "ja": "山札の上"},
    "cot_zone_deck_bottom": {"en": "bottom of the deck", "ja": "山札の底"},
    "cot_seat": {"en": "Player {n}", "ja": "プレイヤー{n}"},
    "cot_a_card": {"en": "a card", "ja": "カード１枚"},
    # --- prompts -----------------------------------------------------------------------------------
    "cot_prompt_play": {
        "en": "Your turn: play a card to the pot (pattern: {pattern}).",
        "ja": "あなたの手番です。卓中央にカードを１枚出してください（パターン: {pattern}）。",
    },
    "cot_prompt_pick": {
        "en": "Round {round}: choose a card from your hand for your tableau (revealed together).",
        "ja": "第{round}ラウンド: 場札置き場に置くカードを手札から１枚選んでください（全員同時に公開）。",
    },
    "cot_prompt_draft": {
        "en": "Draft: choose a hero for this game's deck ({chosen} of 7 chosen).",
        "ja": "ドラフト: 今回のデッキに使う英雄を１種選んでください（{chosen}/7）。",
    },
    "cot_prompt_exchange": {
        "en": "Peddler: secretly choose a card from your hand to give to {other}.",
        "ja": "行商人: {other}に渡すカードを手札から秘密に１枚選んでください。",
    },
    "cot_prompt_deal": {
        "en": "The round is scored: shuffle and deal round {round}.",
        "ja": "得点計算が終わりました。シャッフルして第{round}ラウンドを配ってください。",
    },
    "cot_act_deal": {"en": "Deal the next round", "ja": "次のラウンドを配る"},
    "cot_phase_scored": {"en": "round scored", "ja": "ラウンド得点計算"},
    "cot_prompt_effect": {"en": "{hero}: {question}", "ja": "{hero}: {question}"},
    "cot_need_arc_copy": {
        "en": "choose a hero in your tableau or the Trash whose effect you use.",
        "ja": "効果を使う英雄を、自分の場札置き場か捨て札置き場から選んでください。",
    },
    "cot_need_gen_copy": {
        "en": "use the effect of a hero in the Trash, or reveal a hand card and use its effect.",
        "ja": "捨て札置き場の英雄の効果を使うか、手札のカードを公開してその効果を使ってください。",
    },
    "cot_need_bri_card": {
        "en": "choose a card of your tableau to move.",
        "ja": "移動する自分の場札を選んでください。",
    },
    "cot_need_bri_seat": {
        "en": "choose the opponent whose tableau receives it.",
        "ja": "そのカードを置く敵の場札置き場を選んでください。",
    },
    "cot_need_doc_card": {
        "en": "choose a card in an opponent's tableau.",
        "ja": "敵の場札置き場からカードを選んでください。",
    },
    "cot_need_doc_seat": {
        "en": "choose the opponent whose hand receives it.",
        "ja": "そのカードを手札に加える敵を選んでください。",
    },
    "cot_need_exp_keep": {
        "en": "keep one revealed card; the other goes face down to the bottom of the deck.",
        "ja": "公開したカードの１枚を手札に。もう１枚は裏向きで山札の底へ。",
    },
    "cot_need_gua_card": {
        "en": "choose a card in an opponent's tableau to take into your hand.",
        "ja": "手札に加えるカードを敵の場札置き場から選んでください。",
    },
    "cot_need_mag_card": {
        "en": "choose a card of your tableau to move to the Trash.",
        "ja": "捨て札置き場に移動する自分の場札を選んでください。",
    },
    "cot_need_nom_card": {
        "en": "choose a card in an opponent's tableau to move to your tableau.",
        "ja": "自分の場札置き場に移動するカードを敵の場札置き場から選んでください。",
    },
    "cot_need_ped_seat": {
        "en": "choose the opponent you exchange a card with.",
        "ja": "カードを交換する敵を選んでください。",
    },
    "cot_need_ped_give": {
        "en": "both players secretly choose the card they give.",
        "ja": "２人がそれぞれ渡すカードを秘密に選びます。",
    },
    "cot_need_rev_card": {
        "en": "choose a card in the Trash to take into your hand.",
        "ja": "手札に加えるカードを捨て札置き場から選んでください。",
    },
    "cot_need_sca_tableau": {
        "en": "choose the card of your tableau to exchange.",
        "ja": "交換する自分の場札を選んでください。",
    },
    "cot_need_sca_trash": {
        "en": "choose the card in the Trash to take in exchange.",
        "ja": "代わりに受け取る捨て札を選んでください。",
    },
    "cot_need_sci_bury": {
        "en": "choose a hand card to put face down at the bottom of the deck.",
        "ja": "裏向きで山札の底に置く手札を選んでください。",
    },
    "cot_need_sol_card": {
        "en": "choose a hand card to move to an opponent's tableau.",
        "ja": "敵の場札置き場に移動する手札を選んでください。",
    },
    "cot_need_sol_seat": {
        "en": "choose the opponent whose tableau receives it.",
        "ja": "そのカードを置く敵を選んでください。",
    },
    "cot_need_wit_card": {
        "en": "choose a card of your tableau to take into your hand.",
        "ja": "手札に戻す自分の場札を選んでください。",
    },
    "cot_need_hun_card": {
        "en": "choose a card in the Trash.",
        "ja": "捨て札置き場からカードを選んでください。",
    },
    "cot_need_hun_seat": {
        "en": "choose the opponent whose tableau receives it.",
        "ja": "そのカードを置く敵を選んでください。",
    },
    "cot_need_nob_card": {
        "en": "choose a card of your tableau that can follow, to move to the pot.",
        "ja": "卓中央に移動する、フォロー可能な自分の場札を選んでください。",
    },
    "cot_need_sai_from": {
        "en": "choose the opponent whose hand gives a random card.",
        "ja": "ランダムにカードを引く敵を選んでください。",
    },
    "cot_need_sai_to": {
        "en": "choose whose hand receives it (you may choose yourself).",
        "ja": "そのカードを受け取るプレイヤーを選んでください（自分も可）。",
    },
    "cot_need_sha_card": {
        "en": "choose a hand card to move to your tableau.",
        "ja": "自分の場札置き場に移動する手札を選んでください。",
    },
    "cot_need_smu_from": {
        "en": "choose the opponent who reveals two random cards.",
        "ja": "ランダムに２枚公開させる敵を選んでください。",
    },
    "cot_need_smu_keep": {
        "en": "choose the revealed card you take.",
        "ja": "公開したカードのうち、自分の手札に加える１枚を選んでください。",
    },
    "cot_need_smu_seat": {
        "en": "choose the opponent whose hand receives the other card.",
        "ja": "もう１枚を手札に加える敵を選んでください。",
    },
    "cot_need_vig_trash": {
        "en": "choose the card in the Trash to exchange.",
        "ja": "交換する捨て札を選んでください。",
    },
    "cot_need_vig_tableau": {
        "en": "choose the card in an opponent's tableau to exchange.",
        "ja": "交換する敵の場札を選んでください。",
    },
    "cot_need_bea_card": {
        "en": "choose a hand card that can follow, to move to the pot.",
        "ja": "卓中央に移動する、フォロー可能な手札を選んでください。",
    },
    "cot_need_mav_from": {
        "en": "choose the opponent who reveals a random card.",
        "ja": "ランダムに１枚公開させる敵を選んでください。",
    },
    "cot_need_mav_seat": {
        "en": "choose the opponent whose tableau receives the revealed card.",
        "ja": "公開したカードを置く敵の場札置き場を選んでください。",
    },
    # --- action labels -------------------------------------------------------------------------------
    "cot_act_play": {"en": "Play {card}", "ja": "{card}を出す"},
    "cot_act_tab": {"en": "Tableau: {card}", "ja": "場札に: {card}"},
    "cot_act_give": {"en": "Give {card}", "ja": "{card}を渡す"},
    "cot_act_draft": {"en": "Draft {hero}", "ja": "{hero}を選ぶ"},
    "cot_act_pick": {"en": "{card}", "ja": "{card}"},
    "cot_act_seat": {"en": "{seat}", "ja": "{seat}"},
    "cot_act_copy": {"en": "Use {hero}", "ja": "{hero}の効果"},
    "cot_act_reveal": {"en": "Reveal {card}", "ja": "{card}を公開"},
    # --- events --------------------------------------------------------------------------------------
    "cot_ev_first_drawn_leader": {
        "en": "Drawn at random: {seat} is the first Leader.",
        "ja": "抽選の結果、最初のリーダーは{seat}です。",
    },
    "cot_ev_first_drawn_trickster": {
        "en": "Drawn at random: {seat} holds the Trickster token first.",
        "ja": "抽選の結果、最初にトリックスタートークンを持つのは{seat}です。",
    },
    "cot_ev_round_start": {
        "en": "Round {round} begins. Trash: {trash}. {timeline}{first} starts.",
        "ja": "第{round}ラウンド開始。捨て札: {trash}。{timeline}{first}から始めます。",
    },
    "cot_ev_timeline": {"en": "Timeline: {cards}. ", "ja": "タイムライン: {cards}。"},
    "cot_ev_deal": {"en": "Your hand: {cards}.", "ja": "あなたの手札: {cards}"},
    "cot_ev_draft": {"en": "{seat} drafts {hero}.", "ja": "{seat}が{hero}を選びました。"},
    "cot_ev_pick_committed": {
        "en": "{seat} has chosen a tableau card.",
        "ja": "{seat}が場札を選びました。",
    },
    "cot_ev_tableau_picks": {"en": "Tableau cards revealed: {cards}.", "ja": "場札公開: {cards}"},
    "cot_ev_trick_start": {
        "en": "New trick: Leader {leader}, Trickster {trickster}.",
        "ja": "新しいトリック: リーダー {leader}、トリックスター {trickster}。",
    },
    "cot_ev_trick_start_timeline": {
        "en": "New trick: the Timeline opens with {card}; Trickster {trickster}.",
        "ja": "新しいトリック: タイムラインから{card}。トリックスター {trickster}。",
    },
    "cot_ev_cannot_follow": {"en": "{seat} cannot follow and busts.", "ja": "{seat}はフォローできずドボン。"},
    "cot_ev_play": {"en": "{seat} plays {card}.", "ja": "{seat}が{card}を出しました。"},
    "cot_ev_pattern": {"en": "Pattern: {pattern}.", "ja": "パターン: {pattern}"},
    "cot_ev_ignored": {
        "en": "{seat}'s {hero} cannot be resolved: ignored.",
        "ja": "{seat}の{hero}の効果は使えないため無視。",
    },
    "cot_ev_copy": {"en": "{seat} uses the effect of {hero}.", "ja": "{seat}が{hero}の効果を使用。"},
    "cot_ev_reveal": {"en": "{seat} reveals {cards}{owner}.", "ja": "{seat}が{owner}{cards}を公開。"},
    "cot_ev_reveal_owner": {"en": " from {seat}'s hand", "ja": "{seat}の手札から"},
    "cot_ev_move": {
        "en": "{by}: {card} from {src} to {dst}.",
        "ja": "{by}: {card}を{src}から{dst}へ。",
    },
    "cot_ev_zone_of": {"en": "{seat}'s {zone}", "ja": "{seat}の{zone}"},
    "cot_ev_exchange_start": {
        "en": "{seat} (Peddler) exchanges a card with {other}; both choose secretly.",
        "ja": "{seat}（行商人）が{other}とカードを交換します。２人とも秘密に選びます。",
    },
    "cot_ev_exchange_committed": {"en": "{seat} has chosen a card.", "ja": "{seat}がカードを選びました。"},
    "cot_ev_exchange": {
        "en": "Exchange: {seat} gave {gave} and got {got}.",
        "ja": "交換: {seat}は{gave}を渡し、{got}を受け取りました。",
    },
    "cot_ev_exchange_done": {
        "en": "{seat} and {other} exchanged a card.",
        "ja": "{seat}と{other}がカードを交換しました。",
    },
    "cot_ev_trickster_role": {
        "en": "The Leader's effect put the second card in the pot: {seat} becomes the Trickster.",
        "ja": "リーダーの効果で２枚目が卓中央に出たため、{seat}がトリックスターになります。",
    },
    "cot_ev_bust": {
        "en": "{seat} busts and collects {cards}.",
        "ja": "{seat}がドボンし、{cards}を獲得。",
    },
    "cot_ev_round_end": {
        "en": "Round {round} scored (trouble points, lower is better): {points}. Totals: {totals}.",
        "ja": "第{round}ラウンドの得点（トラブルポイント、少ないほど良い）: {points}。合計: {totals}。",
    },
    "cot_ev_game_over": {
        "en": "Game over: the lowest total wins. {totals}.",
        "ja": "ゲーム終了。合計が最も少ない人の勝ち。{totals}。",
    },
    "cot_ev_stay": {"en": "{by}: the card stays in {src}.", "ja": "{by}: カードは{src}に残りました。"},
    "cot_view_order": {"en": "Turn order: {seats}", "ja": "手番順: {seats}"},
    "cot_view_you": {"en": "You are {seat}.", "ja": "あなたは{seat}です。"},
    "cot_view_rounds": {
        "en": "Trouble points by round (lower is better):",
        "ja": "ラウンドごとのトラブルポイント（少ないほど良い）:",
    },
    "cot_view_round_row": {"en": "  {seat}: {rounds} = {total}", "ja": "  {seat}: {rounds} ＝ {total}"},
    "cot_view_result": {
        "en": "Result (lowest total wins): {order}",
        "ja": "結果（合計が少ない人の勝ち）: {order}",
    },
    "cot_view_drafted": {"en": "Heroes chosen so far: {heroes}", "ja": "選ばれた英雄: {heroes}"},
    # --- view ----------------------------------------------------------------------------------------
    "cot_view_header": {
        "en": "Trickster: Champions of Time — round {round}/3, {phase}",
        "ja": "トリックスター：時の覇者 — 第{round}/3ラウンド、{phase}",
    },
    "cot_view_heroes": {"en": "Heroes: {heroes}", "ja": "英雄: {heroes}"},
    "cot_view_trash": {"en": "Trash: {cards}", "ja": "捨て札: {cards}"},
    "cot_view_timeline": {"en": "Timeline: {cards}", "ja": "タイムライン: {cards}"},
    "cot_view_deck": {"en": "Deck: {n} cards", "ja": "山札: {n}枚"},
    "cot_view_deck_one": {"en": "Deck: 1 card", "ja": "山札: 1枚"},
    "cot_view_pot": {"en": "Pot ({pattern}): {cards}", "ja": "卓中央（{pattern}）: {cards}"},
    "cot_view_roles": {
        "en": "Leader: {leader}; Trickster: {trickster}",
        "ja": "リーダー: {leader}、トリックスター: {trickster}",
    },
    "cot_view_player": {
        "en": "{seat}: {hand} in hand; tableau {tableau}; {total} trouble points so far",
        "ja": "{seat}: 手札{hand}枚、場札 {tableau}、これまでのトラブルポイント {total}",
    },
    "cot_view_hand": {"en": "Your hand: {cards}", "ja": "あなたの手札: {cards}"},
    "cot_view_known": {"en": "You know: {cards}", "ja": "既知のカード: {cards}"},
    "cot_view_to_act": {"en": "Waiting for: {seats}", "ja": "手番: {seats}"},
    "cot_none": {"en": "—", "ja": "なし"},
    "cot_phase_draft": {"en": "hero draft", "ja": "英雄ドラフト"},
    "cot_phase_pick": {"en": "tableau pick", "ja": "場札選択"},
    "cot_phase_play": {"en": "trick", "ja": "トリック"},
    "cot_phase_effect": {"en": "card effect", "ja": "カード効果"},
    "cot_phase_exchange": {"en": "Peddler exchange", "ja": "行商人の交換"},
    "cot_phase_over": {"en": "game over", "ja": "ゲーム終了"},
}

i18n.register(MESSAGES)
