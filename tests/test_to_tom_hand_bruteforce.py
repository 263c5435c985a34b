"""Tổ Tôm hand evaluation against an independent brute force, on thousands of seeded hands.

The brute force below is written from the spec alone and shares no code with the engine: it takes
the first card left and tries every phu that holds it, extra copies included (every size of run,
every count of each member of a bí or lưng group, khàn of three or four, a lone yêu), recursing
without memo. It checks thành, lưng, ù with laid phu and four or five players, the waits, the
shown split and the points of wins (by enumerating every split of the winning hand).
"""

import random

from tet.games.to_tom import hand as H
from tet.games.to_tom import wait_scan as W
from tet.games.to_tom import scoring as S
from tet.games.to_tom.cards import NKINDS

YEU = (0, 9, 18, 27, 28, 29)
RED = (7, 8, 25, 26, 27, 28, 29)
GROUPS = ((17, 0, 18), (16, 1, 19), (15, 2, 20), (26, 28, 29), (26, 28, 8), (8, 27, 25))
TOM_SET = {15, 2, 20}
LEO_SET = {8, 27, 25}


def phus_holding(x, cnt):
    """Every phu (dict kind -> copies, lưng) that holds a card x, drawn from cnt."""
    out = []
    if x in YEU:
        out.append(({x: 1}, 0))
    for n in (3, 4):
        if cnt[x] >= n:
            out.append(({x: n}, 1))
    if x < 27:
        suit, num = divmod(x, 9)
        for lo in range(num + 1):
            for hi in range(num, 9):
                if hi - lo >= 2 and all(cnt[9 * suit + i] for i in range(lo, hi + 1)):
                    out.append(({9 * suit + i: 1 for i in range(lo, hi + 1)},
                                1 if suit == 1 and lo == 0 else 0))
        out += _with_copies((num, 9 + num, 18 + num), cnt, lambda a, b, c: 0)
    for g in GROUPS:
        if x in g:
            out += _with_copies(g, cnt, min)
    return out


def _with_copies(members, cnt, lung_of):
    out = []
    if all(cnt[k] for k in members):
        for a in range(1, cnt[members[0]] + 1):
            for b in range(1, cnt[members[1]] + 1):
                for c in range(1, cnt[members[2]] + 1):
                    out.append(({members[0]: a, members[1]: b, members[2]: c}, lung_of(a, b, c)))
    return out


def splits(cnt):
    """Every split of cnt into phu, as lists of (dict, lưng)."""
    x = next((k for k in range(NKINDS) if cnt[k]), None)
    if x is None:
        yield []
        return
    if _stranded(cnt):
        return
    for phu, lung in phus_holding(x, cnt):
        for k, n in phu.items():
            cnt[k] -= n
        for rest in splits(cnt):
            yield [(phu, lung)] + rest
        for k, n in phu.items():
            cnt[k] += n


def _stranded(cnt):
    """True when some card left has no phu at all to go into (prunes hopeless branches)."""
    for k in range(27):
        if cnt[k] and k not in YEU and cnt[k] < 3:
            suit, num = divmod(k, 9)
            row = [cnt[9 * suit + i] > 0 for i in range(9)]
            run = any(all(row[i] for i in range(lo, lo + 3)) for lo in range(max(0, num - 2),
                                                                            min(num, 6) + 1))
            bi = all(cnt[s * 9 + num] for s in range(3))
            group = any(k in g and all(cnt[m] for m in g) for g in GROUPS)
            if not (run or bi or group):
                return True
    return False


def brute_lung(cnt):
    """Most lưng of a split of cnt, -1 when there is none."""
    cnt = list(cnt)
    x = next((k for k in range(NKINDS) if cnt[k]), None)
    if x is None:
        return 0
    if _stranded(cnt):
        return -1
    best = -1
    for phu, lung in phus_holding(x, cnt):
        for k, n in phu.items():
            cnt[k] -= n
        rest = brute_lung(cnt)
        for k, n in phu.items():
            cnt[k] += n
        if rest >= 0:
            best = max(best, rest + lung)
    return best


def brute_partial(cnt):
    """Best (lưng, -cards left out) over the partial splits of cnt (any card may stay out)."""
    cnt = list(cnt)
    x = next((k for k in range(NKINDS) if cnt[k]), None)
    if x is None:
        return (0, 0)
    cnt[x] -= 1
    lung, kept = brute_partial(cnt)
    best = (lung, kept - 1)
    cnt[x] += 1
    for phu, phu_lung in phus_holding(x, cnt):
        for k, n in phu.items():
            cnt[k] -= n
        lung, kept = brute_partial(cnt)
        best = max(best, (lung + phu_lung, kept))
        for k, n in phu.items():
            cnt[k] += n
    return best


def brute_phu_lung(kinds):
    """Lưng of a list of kinds read as one phu (most over its readings), None if it is none."""
    cnt = [0] * NKINDS
    for k in kinds:
        cnt[k] += 1
    best = None
    for phu, lung in phus_holding(kinds[0], cnt):
        if phu == {k: cnt[k] for k in set(kinds)}:
            best = lung if best is None else max(best, lung)
    return best


def brute_waits(cnt, exposed, need):
    laid = sum(brute_phu_lung(p) for p in exposed)
    sight = list(cnt)
    for phu in exposed:
        for k in phu:
            sight[k] += 1
    out = []
    for w in range(NKINDS):
        if sight[w] < 4:
            c = list(cnt)
            c[w] += 1
            lung = brute_lung(c)
            if lung >= 0 and lung + laid >= need:
                out.append(w)
    return out


# ---- seeded hands ----

def _templates():
    out = []
    for s in range(3):
        for lo in range(9):
            for hi in range(lo + 2, 9):
                out.append([9 * s + i for i in range(lo, hi + 1)])
        for n in range(9):
            out.append([n, 9 + n, 18 + n])
    return out + [list(g) for g in GROUPS]


TEMPLATES = _templates()


def built_hand(rnd, size):
    """A hand grown from random phu and a few stray cards: often thành, sometimes not."""
    cnt = [0] * NKINDS
    for _ in range(300):
        if sum(cnt) >= size:
            break
        r = rnd.random()
        if r < 0.55:
            add = list(rnd.choice(TEMPLATES))
        elif r < 0.7:
            add = [rnd.randrange(NKINDS)] * rnd.choice((3, 4))
        elif r < 0.85:
            add = [rnd.choice(YEU)]
        else:
            add = [rnd.randrange(NKINDS)]
        if sum(cnt) + len(add) > size:
            continue
        trial = list(cnt)
        for k in add:
            trial[k] += 1
        if max(trial) <= 4:
            cnt = trial
    return cnt


def dealt_hand(rnd, size):
    deck = [k for k in range(NKINDS) for _ in range(4)]
    cnt = [0] * NKINDS
    for k in rnd.sample(deck, size):
        cnt[k] += 1
    return cnt


def dense_hand(rnd, size):
    """Many copies of a few numbers: bí, runs, khàn and lưng groups overlap everywhere."""
    nums = rnd.sample(range(9), rnd.randint(3, 5))
    pool = [s * 9 + n for s in range(3) for n in nums] + [27, 28, 29]
    cnt = [0] * NKINDS
    while sum(cnt) < size:
        k = rnd.choice(pool)
        if cnt[k] < 4:
            cnt[k] += 1
    return cnt


def hands(seed, count, sizes):
    rnd = random.Random(seed)
    makers = (built_hand, built_hand, dealt_hand, dense_hand)
    for i in range(count):
        yield makers[i % 4](rnd, rnd.choice(sizes)), rnd


def laid_phu(rnd, cnt):
    """Up to two random phu to lay beside cnt, keeping four cards per kind at most."""
    out = []
    for _ in range(rnd.randint(0, 2)):
        phu = list(rnd.choice(TEMPLATES + [[k] * 3 for k in range(NKINDS)]))
        total = list(cnt)
        for p in out + [phu]:
            for k in p:
                total[k] += 1
        if max(total) <= 4:
            out.append(phu)
    return out


# ---- the comparisons ----

def test_thanh_and_lung_match_brute_force():
    thanh = 0
    for cnt, _ in hands(1, 3000, (3, 9, 15, 18, 20, 21, 22, 24, 25)):
        expected = brute_lung(cnt)
        assert H.max_lung(bytearray(cnt)) == expected, cnt
        assert H.thanh(bytearray(cnt)) == (expected >= 0), cnt
        thanh += expected >= 0
    assert 600 < thanh < 2400     # both answers are well represented


def test_can_u_with_laid_phu_and_both_table_sizes_matches_brute_force():
    wins = 0
    for cnt, rnd in hands(2, 2000, (12, 15, 18, 21, 25)):
        laid = laid_phu(rnd, cnt)
        laid_lung = sum(brute_phu_lung(p) for p in laid)
        assert H.exposed_lung(laid) == laid_lung
        best = brute_lung(cnt)
        for players, need in ((5, 1), (4, 2)):
            expected = best >= 0 and best + laid_lung >= need
            assert H.can_u(bytearray(cnt), laid, players) == expected, (cnt, laid, players)
            wins += expected
    assert wins > 400


def test_waits_match_brute_force():
    nonempty = 0
    for cnt, rnd in hands(3, 320, (20, 20, 20, 20, 20, 20, 20, 24)):
        players = 4 if sum(cnt) == 24 else 5
        laid = laid_phu(rnd, cnt) if rnd.random() < 0.3 else []
        need = 2 if players == 4 else 1
        expected = brute_waits(cnt, laid, need)
        assert W.waits(bytearray(cnt), laid, players) == expected, (cnt, laid, players)
        nonempty += bool(expected)
    assert nonempty > 60


def test_waits_of_hands_one_card_short_match_brute_force():
    rnd = random.Random(4)
    checked = 0
    while checked < 120:
        cnt = built_hand(rnd, 21)
        if brute_lung(cnt) < 1:
            continue
        cnt[rnd.choice([k for k in range(NKINDS) if cnt[k]])] -= 1
        assert W.waits(bytearray(cnt)) == brute_waits(cnt, [], 1), cnt
        checked += 1


def test_shown_split_is_made_of_phu_with_the_most_lung():
    for cnt, _ in hands(5, 1500, (18, 20, 21, 25)):
        info = S.analyse(bytearray(cnt))
        expected = brute_lung(cnt)
        assert info["thanh"] == (expected >= 0)
        assert info["red"] == sum(cnt[k] for k in RED)
        if expected < 0:
            continue
        assert info["lung"] == expected
        used = [0] * NKINDS
        lung = 0
        for phu in info["partition"]:
            phu_lung = brute_phu_lung(phu)
            assert phu_lung is not None, (cnt, phu)
            lung += phu_lung
            for k in phu:
                used[k] += 1
        assert used == cnt
        assert lung == expected


def test_partial_split_of_a_hand_that_is_not_thanh_matches_brute_force():
    checked = 0
    for cnt, _ in hands(7, 900, (6, 9, 12, 15, 17)):
        info = S.analyse(bytearray(cnt))
        if info["thanh"]:
            continue
        lung, kept = brute_partial(cnt)
        assert (info["lung"], -len(info["rest"])) == (lung, kept), cnt
        used = list(info["rest"])
        for phu in info["partition"]:
            assert brute_phu_lung(phu) is not None
            used += phu
        assert sorted(used) == [k for k in range(NKINDS) for _ in range(cnt[k])]
        checked += 1
    assert checked > 300


def _colour_points(total, or_more):
    red = sum(total[k] for k in RED)
    if red == 0:
        return 16, "bach_dinh"
    if red == total[29] == 1:
        return 10, "kinh_cu"
    if red == total[29] == 4:
        return 48, "kinh_tu_co"
    if red == 10 or (or_more and red > 10):
        return 12, "thap_hong"
    return 4, None


def _extra_points(phu, card, single, lone, from_stock):
    """Points a phu holding the winning card adds, from the spec's table (0 if none)."""
    kinds = sorted(k for k, n in phu.items() for _ in range(n))
    num = card % 9
    if card < 27 and kinds == [card - 1, card, card + 1] and 1 <= num <= 7:
        return 2
    if card < 27 and kinds == [card + d for d in (-2, -1, 0, 1, 2)] and 2 <= num <= 6:
        return 4
    if card < 27 and len(kinds) == 5 and set(k % 9 for k in kinds) == {num} \
            and phu.get(card) == 1 and all(n == 2 for k, n in phu.items() if k != card):
        return 4
    if single and lone and kinds == [card] * 3:
        return 4
    return 0


def brute_points(cnt, laid, card, streak, from_stock, players):
    need = 2 if players == 4 else 1
    laid_lung = sum(brute_phu_lung(p) for p in laid)
    total = list(cnt)
    for p in laid:
        for k in p:
            total[k] += 1
    colour, _ = _colour_points(total, False)
    before = list(cnt)
    before[card] -= 1
    single = brute_waits(before, laid, need) == [card]
    lone = False
    if before[card] == 2:
        one_less = list(before)
        one_less[card] -= 1
        lone = brute_lung(one_less) < 0
    laid_sets = [set(p) for p in laid]
    best = -1
    for split in splits(list(cnt)):
        if sum(lung for _, lung in split) + laid_lung < need:
            continue
        sets = [set(phu) for phu, _ in split] + laid_sets
        tom = TOM_SET in sets
        leo = LEO_SET in sets
        base = 4 + (colour - 4) + (2 if tom else 0) + (4 if leo else 0)
        extra = 0
        for phu, _ in split:
            if card in phu:
                extra = max(extra, _extra_points(phu, card, single, lone, from_stock))
                if card == 27 and single and from_stock and phu == {8: 1, 25: 1, 27: 1}:
                    # Chi Chi nảy (24) replaces the Lèo (8) already counted in base
                    extra = max(extra, 24 - 8)
        best = max(best, base + extra + 2 * streak)
    return best


def test_points_of_wins_match_an_enumeration_of_every_split():
    rnd = random.Random(6)
    checked = 0
    extras_seen = set()
    while checked < 150:
        cnt = built_hand(rnd, 21)
        present = [k for k in range(NKINDS) if cnt[k]]
        card = rnd.choice(present)
        if brute_lung(cnt) < 1:
            continue
        streak = rnd.choice((0, 0, 1, 2))
        from_stock = rnd.random() < 0.5
        ctx = {"streak": streak, "from_stock": from_stock}
        got = S.score_win(bytearray(cnt), [], card, ctx)
        assert got["points"] == brute_points(cnt, [], card, streak, from_stock, 5), (cnt, card)
        used = [0] * NKINDS
        for phu in got["partition"]:
            assert brute_phu_lung(phu) is not None
            for k in phu:
                used[k] += 1
        assert used == cnt
        extras_seen.update(got["extras"])
        checked += 1
    assert {"xuyen", "bi_tu", "thong"} <= extras_seen
