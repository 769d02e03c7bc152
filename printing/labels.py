"""The named fields of the printed papers and their translated labels.

Renderers ask for a field by name (``label("start_level")``) rather than spelling the
words, so one paper's 起打级别 is every paper's, and the English comes from one
translation. Everything is
pgettext_lazy in the context "print" (short forms that fit a printed column, kept
apart from the site's wording) and is read inside ``translation.override``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from django.utils.translation import get_language, pgettext, pgettext_lazy

from core.results import XiaosaPut

__all__ = [
    "DIGS",
    "DIGS_SHORT",
    "ERRING_SIDES",
    "IRREGULARITIES",
    "LABELS",
    "MATCH_DECISIONS",
    "RESULT_STATUSES",
    "RULING_ACTIONS",
    "RULING_DECISIONS",
    "RULING_STATUSES",
    "OUTCOMES",
    "PAPERS",
    "ROOMS",
    "SEATS",
    "SEATS_SHORT",
    "SIDES",
    "SUITS",
    "SUITS_SHORT",
    "label",
    "numbered",
    "played_words",
    "source_label",
    "xiaosa_text",
]

#: The papers, by the kind names of ``print_event``.
PAPERS = {
    "movement": pgettext_lazy("print", "米切尔移位表"),
    "guide-cards": pgettext_lazy("print", "牌桌指引卡"),
    "schedule": pgettext_lazy("print", "循环赛轮次表"),
    "brackets": pgettext_lazy("print", "淘汰赛对阵表"),
    "box-cards": pgettext_lazy("print", "牌盒卡"),
    "pin-cards": pgettext_lazy("print", "录入密码卡"),
    "hand-records": pgettext_lazy("print", "牌型卡"),
    "score-sheets": pgettext_lazy("print", "团体赛计分表"),
    "travellers": pgettext_lazy("print", "双人赛记分条"),
    "entrants-xlsx": pgettext_lazy("print", "参赛队/对名单"),
    "schedule-xlsx": pgettext_lazy("print", "赛程与移位"),
    "standings": pgettext_lazy("print", "成绩排名"),
    "results": pgettext_lazy("print", "团体赛逐副成绩"),
    "ruling-slips": pgettext_lazy("print", "判罚单"),
    "standings-xlsx": pgettext_lazy("print", "成绩排名表"),
    "results-xlsx": pgettext_lazy("print", "比赛成绩表"),
    "travellers-xlsx": pgettext_lazy("print", "随牌计分表"),
    "scorecards-xlsx": pgettext_lazy("print", "计分卡汇总"),
    "event-json": pgettext_lazy("print", "赛事数据备份"),
    "blank-hand-records": pgettext_lazy("print", "空白牌型卡"),
    "traveller-records": pgettext_lazy("print", "随牌计分表与牌型卡"),
    "table-cards": pgettext_lazy("print", "团体赛桌卡"),
    "movement-overview": pgettext_lazy("print", "移位总览"),
    "score-cards": pgettext_lazy("print", "个人成绩单"),
    "board-handouts": pgettext_lazy("print", "逐副成绩公布"),
}

LABELS = {
    # structure
    "event": pgettext_lazy("print", "赛事"),
    "stage": pgettext_lazy("print", "比赛阶段"),
    "round": pgettext_lazy("print", "轮次"),
    "table": pgettext_lazy("print", "桌号"),
    "match": pgettext_lazy("print", "场次"),
    "session": pgettext_lazy("print", "节次"),
    "room": pgettext_lazy("print", "赛室"),
    "group": pgettext_lazy("print", "小组"),
    "home": pgettext_lazy("print", "主队"),
    "away": pgettext_lazy("print", "客队"),
    "bye": pgettext_lazy("print", "轮空"),
    "ns": pgettext_lazy("print", "南北"),
    "ew": pgettext_lazy("print", "东西"),
    "players": pgettext_lazy("print", "选手"),
    "teams": pgettext_lazy("print", "参赛队"),
    "team_no": pgettext_lazy("print", "队号"),
    "team": pgettext_lazy("print", "队名"),
    # boards
    "boards": pgettext_lazy("print", "牌号"),
    "board": pgettext_lazy("print", "牌号"),
    "board_set": pgettext_lazy("print", "牌组"),
    "start_level": pgettext_lazy("print", "起打级别"),
    "level_ns": pgettext_lazy("print", "南北级别"),
    "level_ew": pgettext_lazy("print", "东西级别"),
    "trump": pgettext_lazy("print", "主牌花色"),
    "declared_by": pgettext_lazy("print", "亮主者"),
    "declarer": pgettext_lazy("print", "打家"),
    "turned": pgettext_lazy("print", "翻底定主"),
    "trumps": pgettext_lazy("print", "主牌"),
    "bottom": pgettext_lazy("print", "底牌"),
    "big_joker": pgettext_lazy("print", "大王"),
    "small_joker": pgettext_lazy("print", "小王"),
    "jokers": pgettext_lazy("print", "大小王"),
    "level_cards": pgettext_lazy("print", "级牌"),
    "point_cards": pgettext_lazy("print", "分牌"),
    "points": pgettext_lazy("print", "分数"),
    "cards": pgettext_lazy("print", "张数"),
    "seed": pgettext_lazy("print", "发牌种子"),
    "level": pgettext_lazy("print", "级别"),
    "trump_row": pgettext_lazy("print short", "主"),
    "bottom_order": pgettext_lazy("print", "底牌自上而下"),
    # results
    "defender_points": pgettext_lazy("print", "防家得分"),
    "dig": pgettext_lazy("print", "抠底"),
    "outcome": pgettext_lazy("print", "结果"),
    "levels_after": pgettext_lazy("print", "打后级别"),
    "levels_after_ns": pgettext_lazy("print", "南北打后"),
    "levels_after_ew": pgettext_lazy("print", "东西打后"),
    "score": pgettext_lazy("print", "比分"),
    "score_ns": pgettext_lazy("print", "南北得分"),
    "score_ew": pgettext_lazy("print", "东西得分"),
    "matchpoints_ns": pgettext_lazy("print", "南北比赛分"),
    "matchpoints_ew": pgettext_lazy("print", "东西比赛分"),
    "signature": pgettext_lazy("print", "签名"),
    "signature_ns": pgettext_lazy("print", "南北签名"),
    "signature_ew": pgettext_lazy("print", "东西签名"),
    "director": pgettext_lazy("print", "裁判"),
    "total": pgettext_lazy("print", "合计"),
    # movement and guide cards
    "ew_from": pgettext_lazy("print", "东西来自"),
    "boards_next": pgettext_lazy("print", "牌送往"),
    "ew_next": pgettext_lazy("print", "东西下轮去"),
    "code": pgettext_lazy("print", "录入码"),
    "to_director": pgettext_lazy("print", "交裁判长"),
    "stays": pgettext_lazy("print", "本桌"),
    "finished": pgettext_lazy("print", "结束"),
    "scan": pgettext_lazy("print", "扫码录入成绩"),
    "keep_open": pgettext_lazy(
        "print", "断网时录入的成绩先存在手机上：请保持录入页打开，直到显示“已同步”。"
    ),
    "movement_rule": pgettext_lazy(
        "print", "南北不动；每轮结束后东西移往高一号桌，牌组移往低一号桌。"
    ),
    "howell_rule": pgettext_lazy(
        "print", "豪威尔移位：每对都与其他各对相遇一次；每轮按本表换桌、换牌组。"
    ),
    "sit_out": pgettext_lazy("print", "轮空"),
    "field": pgettext_lazy("print", "全场"),
    "ns_next": pgettext_lazy("print", "南北下轮去"),
    "first_table": pgettext_lazy("print", "首桌填写"),
    "box_card_note": pgettext_lazy(
        "print", "首次打这副牌的牌桌填写；以后各桌按此卡的级别、主牌和打家进行。"
    ),
    # brackets
    "winners": pgettext_lazy("print", "胜区"),
    "losers": pgettext_lazy("print", "负区"),
    "final": pgettext_lazy("print", "决赛"),
    "reset": pgettext_lazy("print", "加赛决赛"),
    "placing": pgettext_lazy("print", "名次赛"),
    "champion": pgettext_lazy("print", "冠军"),
    "not_needed": pgettext_lazy("print", "无需进行"),
    # standings and results
    "place": pgettext_lazy("print", "名次"),
    "played": pgettext_lazy("print", "已赛"),
    "won": pgettext_lazy("print", "胜"),
    "drawn": pgettext_lazy("print", "平"),
    "lost": pgettext_lazy("print", "负"),
    "match_points": pgettext_lazy("print", "场分"),
    "score_for": pgettext_lazy("print", "得分"),
    "score_against": pgettext_lazy("print", "失分"),
    "cross_table": pgettext_lazy("print", "交叉表"),
    "standings_table": pgettext_lazy("print", "排名表"),
    "note": pgettext_lazy("print", "说明"),
    "pair_no": pgettext_lazy("print", "对号"),
    "boards_scored": pgettext_lazy("print", "副数"),
    "matchpoints": pgettext_lazy("print", "比赛分"),
    "adjustment": pgettext_lazy("print", "罚分"),
    "total_matchpoints": pgettext_lazy("print", "累计"),
    "top": pgettext_lazy("print", "满分"),
    "percentage": pgettext_lazy("print", "得分率%"),
    "home_points": pgettext_lazy("print", "主队单副分"),
    "away_points": pgettext_lazy("print", "客队单副分"),
    "board_points": pgettext_lazy("print", "单副得分合计"),
    "match_score": pgettext_lazy("print", "比赛得分"),
    "winner": pgettext_lazy("print", "胜者"),
    "decision": pgettext_lazy("print", "结果"),
    "tiebreak": pgettext_lazy("print", "加赛"),
    "not_scored": pgettext_lazy("print", "不计分"),
    "hidden": pgettext_lazy("print", "未公布"),
    "waiting": pgettext_lazy("print", "待打"),
    "no_results": pgettext_lazy("print", "尚无成绩"),
    "levels": pgettext_lazy("print", "南北/东西级别"),
    # ruling slips
    "article": pgettext_lazy("print", "条款"),
    "irregularity": pgettext_lazy("print", "违例"),
    "offender": pgettext_lazy("print", "犯规方"),
    "offender_player": pgettext_lazy("print", "犯规选手"),
    "second": pgettext_lazy("print", "另一受罚方"),
    "penalty": pgettext_lazy("print", "处理"),
    "amount": pgettext_lazy("print", "罚分（比赛分）"),
    "referee": pgettext_lazy("print ruling", "裁判"),
    "time": pgettext_lazy("print", "判罚时间"),
    "reason": pgettext_lazy("print", "理由"),
    "reason_en": pgettext_lazy("print", "理由（英文）"),
    "status": pgettext_lazy("print", "状态"),
    "version": pgettext_lazy("print", "版本"),
    "history": pgettext_lazy("print", "处理经过"),
    "published": pgettext_lazy("print", "已公布"),
    "not_published": pgettext_lazy("print", "未公布"),
    "minutes_late": pgettext_lazy("print", "迟到分钟数"),
    "corrected_points": pgettext_lazy("print", "纠正后防家得分"),
    "cancelled_boards": pgettext_lazy("print", "取消的牌副"),
    "erring_side": pgettext_lazy("print", "错误方"),
    "where": pgettext_lazy("print", "地点"),
    "signature_referee": pgettext_lazy("print", "裁判签名"),
    "signature_captain": pgettext_lazy("print", "队长/选手签收"),
    "appeal_note": pgettext_lazy(
        "print", "对判罚有异议的，可向裁判长提出申诉；申诉期间原判罚有效。"
    ),
    # PIN cards
    "pin_team": pgettext_lazy("print", "队"),
    "pin_pair": pgettext_lazy("print", "对"),
    "pin_note": pgettext_lazy(
        "print",
        "在牌桌手机上录入或确认成绩时输入本密码。只给本队/对，请勿告诉对手，也不要留在桌上。",
    ),
    # excel
    "kind": pgettext_lazy("print", "类别"),
    "number": pgettext_lazy("print", "编号"),
    "name": pgettext_lazy("print", "名称"),
    "prior_rank": pgettext_lazy("print", "原排名"),
    "captain": pgettext_lazy("print", "队长"),
    "xiaosa": pgettext_lazy("print", "潇洒"),
    "entered_by": pgettext_lazy("print", "录入人"),
    "direction": pgettext_lazy("print", "方向"),
    "line_kind": pgettext_lazy("print", "类型"),
    # 潇洒, jumps, totals (issue 16)
    "jump_ns": pgettext_lazy("print", "南北跳级"),
    "jump_ew": pgettext_lazy("print", "东西跳级"),
    "jumps": pgettext_lazy("print", "跳级"),
    "tie": pgettext_lazy("print", "并列"),
    "in_progress": pgettext_lazy("print", "进行中"),
    "first_table_no": pgettext_lazy("print", "首打桌"),
    "hands_to_fill": pgettext_lazy(
        "print", "首桌每人打完这副牌后，把自己的25张牌如实填在本卡上（第四十三条）。"
    ),
    "hand_cards": pgettext_lazy("print", "手牌（25张）"),
    "bottom_cards": pgettext_lazy("print", "底牌（8张）"),
    "traveller_note": pgettext_lazy(
        "print", "随牌装入牌盒；接到传来的牌时，不要看计分表和牌型卡（第二十八条之6）。"
    ),
    "hands_withheld": pgettext_lazy("print", "这副牌尚未公布：牌型卡由首桌填写。"),
    "seats": pgettext_lazy("print", "座位"),
    "boards_per_session": pgettext_lazy("print", "每节副数"),
    "opponent": pgettext_lazy("print", "对手"),
    "frequency": pgettext_lazy("print", "次数"),
    "result_frequencies": pgettext_lazy("print", "各种结果出现的次数"),
    "traveller": pgettext_lazy("print", "随牌计分表"),
    "hand_record": pgettext_lazy("print", "牌型卡"),
    "rounds": pgettext_lazy("print", "轮"),
    "tables": pgettext_lazy("print", "桌"),
    "overview_note": pgettext_lazy("print", "格中：东西对号 / 牌组"),
    "result": pgettext_lazy("print", "成绩"),
    "contract": pgettext_lazy("print", "打家与主牌"),
}

SEATS = {
    "N": pgettext_lazy("print", "北"),
    "E": pgettext_lazy("print", "东"),
    "S": pgettext_lazy("print", "南"),
    "W": pgettext_lazy("print", "西"),
}
#: One character on a checkbox or a narrow column: 北 / N.
SEATS_SHORT = {
    "N": pgettext_lazy("print short", "北"),
    "E": pgettext_lazy("print short", "东"),
    "S": pgettext_lazy("print short", "南"),
    "W": pgettext_lazy("print short", "西"),
}
SUITS_SHORT = {
    "H": pgettext_lazy("print short", "红心"),
    "D": pgettext_lazy("print short", "方块"),
    "S": pgettext_lazy("print short", "黑桃"),
    "C": pgettext_lazy("print short", "梅花"),
}
SUITS = {
    "H": pgettext_lazy("print", "红心"),
    "D": pgettext_lazy("print", "方块"),
    "S": pgettext_lazy("print", "黑桃"),
    "C": pgettext_lazy("print", "梅花"),
}
ROOMS = {"open": pgettext_lazy("print", "开室"), "closed": pgettext_lazy("print", "闭室")}
SIDES = {
    "winners": pgettext_lazy("print", "胜区"),
    "losers": pgettext_lazy("print", "负区"),
    "final": pgettext_lazy("print", "决赛"),
    "placing": pgettext_lazy("print", "名次赛"),
}
OUTCOMES = {
    "made": pgettext_lazy("print", "打成"),
    "broken": pgettext_lazy("print", "打破"),
    "guang": pgettext_lazy("print", "光牌"),
    "gulupo": pgettext_lazy("print", "轱辘坡"),
}
#: A dig in a narrow column.
DIGS_SHORT = {
    "BJ": pgettext_lazy("print short", "大王"),
    "LJ": pgettext_lazy("print short", "小王"),
    "J": "J",
    "Q": "Q",
    "K": "K",
}
DIGS = {
    "BJ": pgettext_lazy("print", "大王抠底"),
    "LJ": pgettext_lazy("print", "小王抠底"),
    "J": pgettext_lazy("print", "J到底"),
    "Q": pgettext_lazy("print", "Q半截"),
    "K": pgettext_lazy("print", "K三级"),
}


#: 第五章: the irregularities, as ``core.articles.Irregularity`` names them.
IRREGULARITIES = {
    "late_5_10": pgettext_lazy("print", "迟到5—10分钟"),
    "late_15": pgettext_lazy("print", "迟到15分钟以上"),
    "drew_early": pgettext_lazy("print", "抢先抓牌或多抓牌"),
    "late_bottom": pgettext_lazy("print", "打家未及时揽牌"),
    "wrong_trump_shown": pgettext_lazy("print", "亮错主"),
    "wrong_count_after_play": pgettext_lazy("print", "出牌后发现多牌少牌"),
    "exposed_card": pgettext_lazy("print", "暴露张"),
    "out_of_turn": pgettext_lazy("print", "抢先出牌"),
    "failed_throw": pgettext_lazy("print", "甩错牌"),
    "revoke": pgettext_lazy("print", "藏牌"),
    "illegal_signals": pgettext_lazy("print", "非法传递信息"),
    "slow_play": pgettext_lazy("print", "故意拖延时间"),
    "fouled_board": pgettext_lazy("print", "插错牌（牌数不对）"),
}
RULING_DECISIONS = {
    "warning": pgettext_lazy("print", "警告"),
    "penalty": pgettext_lazy("print", "罚分"),
    "forfeit": pgettext_lazy("print", "按弃权处理"),
    "result_override": pgettext_lazy("print", "改判成绩"),
    "penalty_card": pgettext_lazy("print", "重罚张"),
    "result_corrected": pgettext_lazy("print", "纠正成绩"),
    "boards_cancelled": pgettext_lazy("print", "取消若干副牌"),
    "disqualification": pgettext_lazy("print", "停止比赛资格"),
    "procedural_note": pgettext_lazy("print", "程序处理记录"),
    "replay": pgettext_lazy("print", "本副重打"),
    "board_voided": pgettext_lazy("print", "本副作废"),
}
RULING_STATUSES = {
    "recorded": pgettext_lazy("print", "生效"),
    "appealed": pgettext_lazy("print", "申诉中"),
    "upheld": pgettext_lazy("print", "申诉后维持"),
    "changed": pgettext_lazy("print", "已改判"),
    "withdrawn": pgettext_lazy("print", "已撤销"),
}
RULING_ACTIONS = {
    "recorded": pgettext_lazy("print", "作出判罚"),
    "appealed": pgettext_lazy("print", "提出申诉"),
    "upheld": pgettext_lazy("print", "维持原判"),
    "changed": pgettext_lazy("print", "改判"),
    "withdrawn": pgettext_lazy("print", "撤销"),
    "published": pgettext_lazy("print", "公布"),
    "unpublished": pgettext_lazy("print", "取消公布"),
}
ERRING_SIDES = {
    "declaring": pgettext_lazy("print", "打家一方"),
    "defending": pgettext_lazy("print", "防守方"),
    "both": pgettext_lazy("print", "双方"),
}
#: A match's decision (``core.standings.MatchDecision``).
MATCH_DECISIONS = {
    "waiting": pgettext_lazy("print", "未完"),
    "won": pgettext_lazy("print", "胜负已分"),
    "drawn": pgettext_lazy("print", "平局"),
    "tiebreak": pgettext_lazy("print", "打平，需加赛"),
    "forfeit": pgettext_lazy("print", "弃权"),
}
RESULT_STATUSES = {
    "entered": pgettext_lazy("print", "待确认"),
    "confirmed": pgettext_lazy("print", "已确认"),
}


def label(name: str) -> str:
    return _label(name, get_language())


@functools.lru_cache(maxsize=2048)
def _label(name: str, language: str | None) -> str:
    """A label translated once a language: a paper of 14,000 rows asks for the same
    few labels row after row."""
    return str(LABELS[name])


def xiaosa_text(puts: Iterable[XiaosaPut]) -> str:
    """潇洒 as printed: who put in which joker and its levels (``东大王+3 南小王+2``);
    a joker whose seat the scorecard does not give is printed without one."""
    parts = []
    for put in puts:
        joker = label("big_joker") if put.joker == "BJ" else label("small_joker")
        seat = str(SEATS_SHORT[put.seat]) if put.seat in SEATS_SHORT else ""
        text = pgettext("print", "%(seat)s%(joker)s+%(levels)s") % {
            "seat": seat,
            "joker": joker,
            "levels": put.levels,
        }
        parts.append(text.strip())
    return " ".join(parts)


def _seat_word(value: str) -> str:
    return str(SEATS[value]) if value in SEATS else value


@functools.lru_cache(maxsize=4096)
def played_words(
    trump: str,
    declared_by: str,
    declarer: str,
    dig: str,
    outcome: str,
    xiaosa: tuple[XiaosaPut, ...],
    language: str | None,
) -> dict[str, str]:
    """A result's translated words ("" where it has none), looked up once a language: a
    60-table Mitchell prints 14,000 results a paper, in a few dozen combinations of
    these. Who declared is "turned" (翻主) when trump was turned up, not declared."""
    return {
        "trump": str(SUITS[trump]) if trump in SUITS else trump,
        "declared_by": _seat_word(declared_by)
        if declared_by
        else (label("turned") if trump else ""),
        "declarer": _seat_word(declarer),
        "dig": str(DIGS[dig]) if dig in DIGS else dig,
        "xiaosa": xiaosa_text(xiaosa),
        "outcome": str(OUTCOMES[outcome]) if outcome in OUTCOMES else outcome,
    }


def seat_line(direction: str, pair: Any) -> str:
    """A Mitchell pair as every table paper names it: its direction and itself
    numbered in it (``南北：7 陈斌、杨红``). The guide card and the PIN card both print
    this, so a pair finds the same words on each."""
    return pgettext("print", "%(side)s：%(pair)s") % {
        "side": label(direction.lower()),
        "pair": pair.numbered if pair is not None else "—",
    }


def numbered(name: str, n: object) -> str:
    """第3轮 / Round 3, 第3副 / Board 3, 第3桌 / Table 3, 第2节 / Session 2."""
    patterns = {
        "round": pgettext_lazy("print", "第%(n)s轮"),
        "board": pgettext_lazy("print", "第%(n)s副"),
        "table": pgettext_lazy("print", "第%(n)s桌"),
        "session": pgettext_lazy("print", "第%(n)s节"),
        "set": pgettext_lazy("print", "第%(n)s组"),
        "page": pgettext_lazy("print", "第%(n)s页"),
        "article": pgettext_lazy("print", "第%(n)s条"),
        "group": pgettext_lazy("print", "%(n)s组"),
        "section": pgettext_lazy("print", "%(n)s区"),
        "ruling": pgettext_lazy("print", "判罚第%(n)s号"),
    }
    return str(patterns[name]) % {"n": n}


def source_label(source: str) -> str:
    """A slot source as read on paper: 种子3, M5胜者, M5负者, A组第2名, 南北第1名."""
    kind, _sep, rest = source.partition(":")
    if kind == "seed":
        return pgettext("print", "种子%(n)s") % {"n": rest}
    if kind == "winner":
        return pgettext("print", "%(m)s胜者") % {"m": rest}
    if kind == "loser":
        return pgettext("print", "%(m)s负者") % {"m": rest}
    if kind == "group":
        group, _sep, place = rest.partition(":")
        return pgettext("print", "%(g)s组第%(n)s名") % {"g": group, "n": place}
    if kind in ("ns", "ew"):
        side = str(LABELS[kind])
        return pgettext("print", "%(side)s第%(n)s名") % {"side": side, "n": rest}
    return source
