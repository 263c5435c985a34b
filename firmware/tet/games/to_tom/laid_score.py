"""Tổ Tôm hands with laid phu that live (to-tom-v2 §1), scored and shown: the best of
laid.walk's settings scored by scoring.py, the split shown with its kèm, the xướng's bất thực
(the command line's `tet totom check`, and the table's win of a player with laid entries or
khàn, loaded for that win only). A module of its own beside scoring.py, so that each asks the
heap for small blocks only.
"""

from tet.games.to_tom import hand as H
from tet.games.to_tom import laid as L
from tet.games.to_tom.cards import CC, NAMES
from tet.games.to_tom.scoring import analyse, red_total, score_win


def _kem_view(result, aside, lends):
    """`result`'s partition with each kèm group shown without its lent card, and the
    (fixed entry, group) index pairs of the lending as `kem`."""
    partition = result["partition"]
    for lender, group in lends:
        partition[group].remove(aside[lender][0])
    result["kem"] = [[lender, group] for lender, group in lends]
    return result


def bat_thuc_words(kind, four, discarded):
    """The xướng's opening for an unsettled bất thực, e.g. "Bất thực Tam Văn ăn cả." (a kind
    dealt four times is a "thiên khai"; one of them discarded by đánh xén is told)."""
    return "Bất thực %s%s%s" % ("thiên khai " if four else "", NAMES[kind],
                                ", đánh đi một cây." if discarded else " ăn cả.")


def score_hand(concealed, laid, khan, card, ctx=None, bat_thuc=(), bi_hoan=True):
    """score_win of a hand with laid entries and face-down khàn, over every setting of
    laid.walk that wins: the one worth most points, its partition showing fixed entries whole
    and each kèm group without its lent card, with `kem` (pairs of partition indices), the
    xướng opening with each unsettled bất thực (ctx "discarded": those of them đánh xén,
    "four": those dealt four times).
    `concealed` holds the winning `card` (None: scored without what a winning card brings)."""
    ctx = dict(ctx or {})
    players = ctx.get("players", 5)
    if card is not None:
        # the one-wait condition of Bạch thủ (a lone pair) and Chi Chi nảy, scanned only then
        before = bytearray(concealed)
        before[card] -= 1
        ctx["single"] = (before[card] == 2 or card == CC and ctx.get("from_stock", False)) \
            and L.waits(before, laid, khan, players, bat_thuc, bi_hoan) == [card]
    wins = []

    # the settings that win are kept and scored once the walk is over, out of its recursion
    def visit(free, aside, lends):
        if H.can_u(free, aside, players):
            wins.append((bytes(free), [list(p) for p in aside], list(lends)))
        return False

    L.walk(concealed, laid, khan, visit, bat_thuc, bi_hoan)
    result = None
    while wins:
        free, aside, lends = wins.pop(0)
        ctx["lent"] = [aside[i][0] for i, _ in lends]
        got = score_win(free, aside, card if card is not None and free[card] else None, ctx)
        if result is None or got["points"] > result["points"]:
            result = _kem_view(got, aside, lends)
    if result is None:
        raise ValueError("not a winning hand")
    if bat_thuc:
        gone = ctx.get("discarded", ())
        four = ctx.get("four", ())
        words = [bat_thuc_words(k, k in four, k in gone) for k in sorted(bat_thuc)]
        result["xuong"] = " ".join(words + [result["xuong"]])
    return result


def analyse_hand(concealed, laid=(), khan=(), players=5):
    """analyse() of a hand with laid entries and face-down khàn: the setting of laid.walk
    that is thành with the most lưng (else the plain one), with `kem` as score_hand's."""
    best = []

    def visit(free, aside, lends):
        got = analyse(free, aside, players)
        if got is not None and (not best or (got["thanh"], got["lung"])
                                > (best[0]["thanh"], best[0]["lung"])):
            best[:] = [_kem_view(got, aside, lends)]
        return False

    L.walk(concealed, laid, khan, visit)
    info = best[0]
    info["red"] = red_total(L.own_cards(concealed, laid, khan))
    return info
