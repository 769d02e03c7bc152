"""Boards of an event: the deal (hand-record card, 牌型卡), the board-box card
(牌盒卡: level, trump, who declared, declarer) and each table's result record.
"""
