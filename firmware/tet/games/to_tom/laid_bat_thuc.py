"""Tổ Tôm's bất thực at the ù (to-tom-v2 §4): the part of laid.walk that places the free copy
of each unsettled bất thực kind in a run (or, with bí hoàn, a bí or lưng group) before the rest
is searched. Loaded by a walk that has such a kind only (the command line's `tet totom check
--bat-thuc`; the table does not offer bất thực yet), so play's heap does not hold it."""

from tet.games.to_tom import hand as H


def _runs_with(b):
    """Runs of 3 to 5 cards through kind b (a longer run splits into such runs)."""
    out = []
    if b < 27:
        suit = b - b % 9
        for lo in range(max(suit, b - 4), b + 1):
            for hi in range(max(b, lo + 2), min(lo + 4, suit + 8) + 1):
                out.append(tuple(range(lo, hi + 1)))
    return out


def _held(walk, b):
    # True when a phu set aside for kèm or bất thực holds a b (a free one: an unsettled bất
    # thực kind is never a fixed entry's, taking a card of it settles it) where it counts:
    # without bí hoàn only in a run, which a kèm group never is
    for j in range(len(walk.holders), len(walk.aside)):
        phu = walk.aside[j]
        if b in phu and (walk.bi_hoan or (H.classify(phu) or (-1,))[0] == H.RUN):
            return True
    return False


def need(walk, i):
    """Place walk.bat_thuc[i:] (each in a phu set aside, unless one already holds it), then let
    the walk visit the setting; walk is laid's, every fixed entry and khàn decided."""
    if walk.done:
        return
    while i < len(walk.bat_thuc) and _held(walk, walk.bat_thuc[i]):
        i += 1
    if i == len(walk.bat_thuc):
        walk.done = bool(walk.visit(walk.free, walk.aside, walk.lends))
        return
    b = walk.bat_thuc[i]
    for run in _runs_with(b):
        if walk.take(run, list(run)):
            need(walk, i + 1)
            walk.give_back(run)
    if not walk.bi_hoan:
        return
    free = walk.free
    for members in H.groups_with(b):
        a, c = [m for m in members if m != b]
        for nb in range(1, free[b] + 1):
            for na in range(1, free[a] + 1):
                for nc in range(1, free[c] + 1):
                    kinds = [b] * nb + [a] * na + [c] * nc
                    if walk.done or not walk.take(kinds, list(kinds)):
                        return
                    need(walk, i + 1)
                    walk.give_back(kinds)
