"""Tổ Tôm at a win and in the hand checker: the best split to show (analyse), the chức sắc and
the points of a win (score_win), with their tables and the xướng. Play needs none of it, so it
is a module of its own, loaded when a game is won or the checker opens and forgotten after (see
engine.ToTom._win): from .mpy files its bytecode would hold the heap through every game.
"""

from tet.games.to_tom.cards import CC, IS_RED, IS_YEU, OC, Texts
from tet.games.to_tom import hand as H

try:
    from micropython import const
except ImportError:     # CPython (host tools): a constant is its value (all of them are ints)
    const = int

_N = const(30)          # kinds (cards.NKINDS), as in hand.py (const names are not exported)
_ABSORB = const(8)      # hand.py's flag: an absorbing phu already chosen holds the kind
_CARDS = const(7)       # hand.py's mask of the cards-left bits


def red_total(counts, exposed=(), lent=()):
    """Red cards among the concealed cards and the laid phu (a card in `lent`, listed both in a
    fixed entry and in the kèm group it lends to, once)."""
    total = _lent_totals(counts, exposed, lent)
    red = 0
    for k in range(_N):
        if IS_RED[k]:
            red += total[k]
    return red


# ---- best split to show (analyse, score_win; not on the hot path) ----

_NEG = const(-10000000)
# objective of the split search: lưng up to a cap first (the cap a win needs, or all of them),
# then fewer cards left out (partial splits only), then the points Tôm and Lèo add, then the
# lưng above the cap
_W_LUNG = const(100000)
_W_STRAY = const(1000)
_W_BONUS = const(100)
_BONUS_TOM = const(2)
_BONUS_LEO = const(4)
# the split search keeps the lưng so far, the flags and the cards left out after the 30 counts
_GOT = const(30)
_FLAGS = const(31)
_STRAYS = const(32)
_LOOSE = const(4)      # flag: a partial split, any card may be left out
_SPLIT_SLOTS = const(64)
_SPLIT_MASK = const(63)     # _SPLIT_SLOTS - 1
_NO_KEY = bytes(0)
_split_keys = [_NO_KEY] * _SPLIT_SLOTS
_split_vals = [0] * _SPLIT_SLOTS


def _moves(st, k):
    """Phu with lowest member k that the cards in `st` allow: (members, lưng, absorbing, flag)
    with flag 1 for a Tôm, 2 for a Lèo; the same moves as _search, as a list."""
    out = []
    if k < 27:
        top = k - k % 9 + 8
        end = k + 1
        while end <= top and end <= k + 4 and st[end] & _CARDS:
            end += 1
            if end - k >= 3:
                out.append((tuple(range(k, end)), 1 if k == 9 else 0, 0, 0))
        if k < 9 and st[k + 9] & _CARDS and st[k + 18] & _CARDS:
            out.append(((k, k + 9, k + 18), 0, 1, 0))
    for g in range(H._GROUP_AT[k], H._GROUP_AT[k + 1]):
        members = H.LUNG_GROUPS[g]
        if st[members[1]] & _CARDS and st[members[2]] & _CARDS:
            out.append((members, 1, 1, 1 if g == H.TOM else (2 if g == H.LEO else 0)))
    if st[k] & _CARDS >= 3:
        out.append(((k, k, k), 1, 1, 0))
    return out


def _apply(st, move, sign):
    """Play (sign 1) or take back (sign -1) a move of _moves; returns the saved got/flags."""
    members, lung, absorbing, flag = move
    delta = sign * (_ABSORB - 1 if absorbing else -1)
    for m in members:
        st[m] += delta
    saved = (st[_GOT], st[_FLAGS])
    if sign > 0:
        st[_GOT] += lung
        st[_FLAGS] |= flag
    return saved


def _first_kind(st, k):
    while k < _N and not st[k] & _CARDS:
        k += 1
    return k


def _split(st, k, cap):
    """Best objective over the splits of `st` from kind k (see best_partition)."""
    k = _first_kind(st, k)
    if k == _N:
        got = st[_GOT]
        flags = st[_FLAGS]
        bonus = (_BONUS_TOM if flags & 1 else 0) + (_BONUS_LEO if flags & 2 else 0)
        return min(got, cap) * _W_LUNG - st[_STRAYS] * _W_STRAY + bonus * _W_BONUS + got
    key = bytes(st[k:])
    slot = hash(key) & _SPLIT_MASK
    if _split_keys[slot] == key:
        return _split_vals[slot]
    if H._stop[0] is not None:
        H._poll()
    best = _best_move(st, k, cap)[0]
    _split_keys[slot] = key
    _split_vals[slot] = best
    return best


def _best_move(st, k, cap):
    """(objective, move) at kind k, the lowest holding cards; move None means dropping the
    copies left of k (allowed for a yêu or a kind an absorbing phu holds, and in a partial split
    for any kind, its cards then left out)."""
    best = _NEG
    move = None
    here = st[k]
    free = here >= _ABSORB or IS_YEU[k]
    if free or st[_FLAGS] & _LOOSE:
        strays = st[_STRAYS]
        if not free:
            st[_STRAYS] = strays + (here & _CARDS)
        st[k] = here & ~_CARDS
        best = _split(st, k + 1, cap)
        st[k] = here
        st[_STRAYS] = strays
    for mv in _moves(st, k):
        saved = _apply(st, mv, 1)
        v = _split(st, k, cap)
        _apply(st, mv, -1)
        st[_GOT], st[_FLAGS] = saved
        if v > best:
            best = v
            move = mv
    return best, move


def best_partition(counts, got=0, flags=0, cap=99, loose=False):
    """(objective, phu list, cards left out) of the best split of `counts`; (None, [], []) when
    the cards are not thành, unless `loose` (a partial split: cards may be left out).

    The objective puts first the lưng (counted from `got`) up to `cap`, then (loose) fewer
    cards left out, then the points of a Tôm and a Lèo in the split or in `flags` (bit 1 Tôm,
    bit 2 Lèo: ones already laid), then the lưng above the cap; for a split without cards left
    out, objective // 100000 is min(lưng, cap). Each dropped copy of a yêu or of a kind an
    absorbing phu holds goes into such a phu, or alone when it is a yêu.
    """
    try:
        return _partition(H._state(counts) + bytearray(3), got, flags, cap, loose)
    finally:
        # emptied slot by slot: a tuple of empty keys to copy would be one more block of half a
        # kilobyte to find when a win loads this module
        for slot in range(_SPLIT_SLOTS):
            _split_keys[slot] = _NO_KEY


def _partition(st, got, flags, cap, loose):
    """best_partition on the search state `st` (its caller empties the memo)."""
    st[_GOT] = got
    st[_FLAGS] = flags | (_LOOSE if loose else 0)
    value = _split(st, 0, cap)
    if value == _NEG:
        return None, [], []
    phus = []
    absorbing = []
    spare = []
    strays = []
    k = _first_kind(st, 0)
    while k < _N:
        move = _best_move(st, k, cap)[1]
        if move is None:
            free = st[k] >= _ABSORB or IS_YEU[k]
            for _ in range(st[k] & _CARDS):
                (spare if free else strays).append(k)
            st[k] &= ~_CARDS
        else:
            _apply(st, move, 1)
            phu = list(move[0])
            phus.append(phu)
            if move[2]:
                absorbing.append(phu)
        k = _first_kind(st, k)
    for kind in spare:
        home = None
        if not IS_YEU[kind]:
            for phu in absorbing:
                if kind in phu:
                    home = phu
                    break
        if home is None:
            phus.append([kind])
        else:
            home.append(kind)
    for phu in phus:
        phu.sort()
    return value, phus, strays


def _display_order(phus):
    """Lưng phu first, then the other phu, lone yêu last (stable otherwise)."""
    ranked = []
    for i in range(len(phus)):
        c = H.classify(phus[i])
        rank = 2 if c is None or c[0] == H.YEU else (0 if c[1] else 1)
        ranked.append((rank, i))
    ranked.sort()
    return [phus[i] for _, i in ranked]


def analyse(counts, exposed=(), players=5, should_stop=None):
    """Thành, lưng, the best split (laid phu first, then the concealed split with the most lưng
    and then the most chức sắc points), the cards it leaves out (`rest`) and the red count.

    A hand that is not thành shows its best partial split: the most lưng, then the fewest cards
    left out; `lung` counts the lưng of the phu shown. `players` is accepted for symmetry with
    can_u and waits (thành and lưng do not depend on it). `should_stop()` (optional, e.g. the
    app's pump) is polled during the search; when it returns True, None is returned.
    """
    if should_stop is not None:
        return H.polled(should_stop, analyse, counts, exposed, players)
    flags = _group_flags(exposed)
    value, phus, rest = best_partition(counts, 0, flags)
    thanh_hand = value is not None
    if not thanh_hand:
        value, phus, rest = best_partition(counts, 0, flags, 99, True)
    partition = [list(p) for p in exposed] + _display_order(phus)
    return {"thanh": thanh_hand, "lung": H.exposed_lung(partition), "partition": partition,
            "rest": rest, "red": red_total(counts, exposed)}


# ---- scoring a win ----

# The win's table: "id=announcement=points" per row, the chức sắc (suông = 4), the extras the
# winning card's phu brings, then the consecutive wins (a streak of n previous wins adds 2n
# points; the n-th row is its name). One string: as a tuple of tuples each text would be a heap
# object of its own from .mpy files.
_ROWS = Texts("suong=Suông=4,tom=Tôm=6,leo=Lèo=8,kinh_cu=Kính Cụ=10,thap_hong=Thập Hồng=12,"
              "bach_dinh=Bạch Định=16,chi_chi_nay=Chi Chi nảy=24,kinh_tu_co=Kính Tứ Cố=48,"
              "xuyen=Xuyên=2,xuyen_tu=Xuyên tư=4,bi_tu=Bí tư=4,bach_thu=Bạch thủ=4,"
              "thong=Thông=0,tam_khoi=Tam khôi=0,tu_khoi=Tứ khôi=0,ngu_khoi=Ngũ khôi=0,"
              "luc_khoi=Lục khôi=0,that_khoi=Thất khôi=0,bat_khoi=Bát khôi=0,cuu_khoi=Cửu khôi=0",
              ",")
_STREAK_ROW = const(12)     # the first streak row: Thông
_STREAKS = const(8)
# order of the chức sắc in the announcement
_ANNOUNCE_ORDER = ("kinh_tu_co", "bach_dinh", "thap_hong", "kinh_cu", "chi_chi_nay", "tom",
                   "leo", "suong")


def _row(ident):
    """(id, announcement, points) of the row of `ident` (KeyError when there is none)."""
    for k in range(len(_ROWS)):
        row = _ROWS[k].split("=")
        if row[0] == ident:
            return row[0], row[1], int(row[2])
    raise KeyError(ident)


def _streak_row(streak):
    """(id, name) of a streak of `streak` (> 0) previous wins (Cửu khôi and beyond: the last)."""
    row = _ROWS[_STREAK_ROW + min(streak, _STREAKS) - 1].split("=")
    return row[0], row[1]


def _lent_totals(counts, exposed, lent):
    total = H._totals(counts, exposed)
    for k in lent:
        total[k] -= 1
    return total


def colour_chuc_sac(counts, exposed=(), thap_hong_or_more=False, lent=()):
    """Chức sắc given by the colours of all the winner's cards, or None (`lent` as red_total)."""
    red = red_total(counts, exposed, lent)
    ong_cu = _lent_totals(counts, exposed, lent)[OC]
    if red == 0:
        return "bach_dinh"
    if red == ong_cu and red == 1:
        return "kinh_cu"
    if red == ong_cu and red == 4:
        return "kinh_tu_co"
    if red == 10 or (thap_hong_or_more and red > 10):
        return "thap_hong"
    return None


def _group_flags(phus):
    """Bit 1 when one of the phu is a Tôm, bit 2 when one is a Lèo."""
    flags = 0
    for phu in phus:
        if H._group_lung(phu, H.LUNG_GROUPS[H.TOM]):
            flags |= 1
        if H._group_lung(phu, H.LUNG_GROUPS[H.LEO]):
            flags |= 2
    return flags


def _lone_pair(before, card):
    """True when the hand before the win holds a pair of `card` that no phu can take one of:
    without one copy the hand is still not thành (the pair is què, the only lame cards)."""
    if before[card] != 2:
        return False
    before[card] -= 1
    one_placed = H.thanh(before)
    before[card] += 1
    return not one_placed


def _special_phus(counts, card, single_wait, from_stock):
    """(id, kinds) of the phu the winning card may complete for an extra or Chi Chi nảy."""
    out = []
    if card < 27:
        num = card % 9
        if 1 <= num <= 7:
            out.append(("xuyen", [card - 1, card, card + 1]))
        if 2 <= num <= 6:
            out.append(("xuyen_tu", [card - 2, card - 1, card, card + 1, card + 2]))
        pair_a = num + 9 * ((card // 9 + 1) % 3)
        pair_b = num + 9 * ((card // 9 + 2) % 3)
        out.append(("bi_tu", [card, pair_a, pair_a, pair_b, pair_b]))
    if single_wait:
        before = bytearray(counts)
        before[card] -= 1
        if _lone_pair(before, card):
            out.append(("bach_thu", [card, card, card]))
        if from_stock and card == CC:
            out.append(("chi_chi_nay", list(H.LUNG_GROUPS[H.LEO])))
    return out


def _points(ids, extras, streak):
    total = 4 + 2 * streak
    for ident in ids:
        total += _row(ident)[2] - 4
    for ident in extras:
        total += _row(ident)[2]
    return total


def _announce(ids, extras, streak):
    words = []
    if streak > 0:
        words.append(_streak_row(streak)[1])
    for ident in ids:
        if ident != "suong" or not (extras or streak > 0):
            words.append(_row(ident)[1])
    for ident in extras:
        words.append(_row(ident)[1])
    return ", ".join(words)


def score_win(counts, exposed, card, ctx=None):
    """Chức sắc, extras, points, announcement (xướng) and partition of a win.

    counts: concealed cards including the winning `card` (None: score the hand alone, without
    what a winning card brings); exposed: laid phu; ctx keys (all optional): from_stock (bool),
    streak (previous consecutive wins), by_phong (bool, informative), thap_hong_or_more (bool),
    players (4 or 5), lent (kinds of exposed's kèm groups counted twice, see red_total), single
    (whether the winning card was the only wait, when the caller knows better). Of the splits
    that win, the one worth most points is announced. Chi Chi nảy is the Lèo of that win, so it
    is not counted again as Lèo. Raises ValueError when the hand cannot ù. Run it under
    polled() to poll a should_stop during its searches.
    """
    ctx = ctx or {}
    players = ctx.get("players", 5)
    streak = ctx.get("streak", 0)
    need = H.lung_needed(players)
    laid = H.exposed_lung(exposed)
    if card is not None and not counts[card]:
        raise ValueError("the winning card must be among the concealed cards")
    if not H.can_u(counts, exposed, players):
        raise ValueError("not a winning hand")
    laid_flags = _group_flags(exposed)
    colour = colour_chuc_sac(counts, exposed, ctx.get("thap_hong_or_more", False),
                             ctx.get("lent", ()))
    candidates = [("", [])]
    if card is not None:
        single = ctx.get("single")
        if single is None:
            before = bytearray(counts)
            before[card] -= 1
            from tet.games.to_tom import wait_scan     # a caller's check; a game passes single

            single = wait_scan.waits(before, exposed, players) == [card]
        candidates += _special_phus(counts, card, single, ctx.get("from_stock", False))
    best = (-1, [], [], [])
    for extra, kinds in candidates:
        rest = bytearray(counts)
        missing = False
        for k in kinds:
            if rest[k] == 0:
                missing = True
                break
            rest[k] -= 1
        if missing:
            continue
        value, phus, _ = best_partition(rest, laid + H.exposed_lung([kinds] if kinds else []),
                                        laid_flags, need)
        if value is None or value // _W_LUNG < need:
            continue
        if kinds:
            phus = [list(kinds)] + phus
        flags = laid_flags | _group_flags(phus)
        ids = [colour] if colour else []
        extras = []
        if extra == "chi_chi_nay":
            ids.append(extra)
        elif extra:
            extras.append(extra)
        if flags & 1:
            ids.append("tom")
        if flags & 2 and extra != "chi_chi_nay":
            ids.append("leo")
        if not ids:
            ids.append("suong")
        points = _points(ids, extras, streak)
        if points > best[0]:
            best = (points, ids, extras, phus)
    points, ids, extras, phus = best
    ids = [i for i in _ANNOUNCE_ORDER if i in ids]
    xuong = _announce(ids, extras, streak)
    if streak > 0:
        extras = [_streak_row(streak)[0]] + extras
    return {"chuc_sac": ids, "extras": extras, "points": points, "xuong": xuong,
            "partition": [list(p) for p in exposed] + _display_order(phus)}

