"""The generated Xăm Hường table against a plain classifier written here from the spec's rules.

Every one of the 462 sorted rolls is classified both ways; the exact number of ordered rolls per
category follows from multinomial weights and is checked against the spec's figures.
"""

import gc

from tet.games.xam_huong.rolls import CATEGORY, MULTISETS, RANK
from tet.games.xam_huong import rules as R
from tet.games.xam_huong.engine import classify, counts_index, index_dice, roll_index, trang_rank


def plain_classify(dice):
    """(category id, rank) of six dice, straight from the spec's table, top row first."""
    s = sorted(dice)
    count = [s.count(f) for f in range(7)]
    h = count[4]
    others = [d for d in s if d != 4]
    sizes = sorted([n for n in count if n], reverse=True)
    if h == 6:
        return "luc_phu_huong", 0
    if sizes[0] == 6:
        return "luc_phu", 0
    if h == 5:
        return "ngu_huong", others[0]
    if sizes[0] == 5:
        odd = [d for d in s if count[d] == 1][0]
        return "ngu_tu", (7 if odd == 4 else odd)
    if h == 4:
        if others == [2, 2]:
            return "trang_tu_huong", 14
        if others == [1, 3]:
            return "trang_tu_huong", 13
        return "trang_tu_huong", others[0] + others[1]
    if h == 3:
        if others[0] == others[2]:
            return "phan_song_tam_huong", 0
        return "tam_huong", 0
    if s == [1, 2, 3, 4, 5, 6]:
        return "suot", 0
    if sizes == [3, 3]:
        return "phan_song", 0
    if s == [1, 1, 2, 2, 3, 3]:
        return "thuong_ma", 0
    if s == [4, 4, 5, 5, 6, 6]:
        return "ha_ma", 0
    if sizes[0] == 4:
        face = [f for f in range(1, 7) if count[f] == 4][0]
        pair = [d for d in s if d != face]
        if pair[0] + pair[1] == face or (face, pair) in ((1, [5, 6]), (2, [6, 6])):
            return "tu_tu_cap", 0
        return "tu_tu", 0
    if h == 2:
        return "nhi_huong", 0
    if h == 1:
        return "nhat_huong", 0
    return "none", 0


def sorted_rolls():
    """All 462 non-decreasing six-dice rolls."""
    out = []
    for a in range(1, 7):
        for b in range(a, 7):
            for c in range(b, 7):
                for d in range(c, 7):
                    for e in range(d, 7):
                        for f in range(e, 7):
                            out.append([a, b, c, d, e, f])
    return out


FACTORIAL = (1, 1, 2, 6, 24, 120, 720)


def orderings(roll):
    """How many ordered rolls have these sorted dice: 6! / product of count!."""
    n = 720
    for f in range(1, 7):
        n //= FACTORIAL[roll.count(f)]
    return n


def test_table_has_one_entry_per_sorted_roll():
    rolls = sorted_rolls()
    assert len(rolls) == MULTISETS == 462 == len(CATEGORY) == len(RANK)
    seen = bytearray(MULTISETS)
    for roll in rolls:
        seen[roll_index(roll)] += 1
    assert seen == bytearray(b"\x01" * MULTISETS)


def test_table_matches_plain_classifier():
    for roll in sorted_rolls():
        i = roll_index(roll)
        assert (R.CATEGORY_IDS[CATEGORY[i]], RANK[i]) == plain_classify(roll), roll
        assert index_dice(i) == roll


def test_exact_category_counts_over_all_ordered_rolls():
    totals = {}
    for roll in sorted_rolls():
        name = plain_classify(roll)[0]
        totals[name] = totals.get(name, 0) + orderings(roll)
        assert classify(roll) == R.CATEGORY_IDS.index(name)
    assert sum(totals.values()) == 6 ** 6
    # The spec's figures, and the rest counted by hand from the rules:
    # e.g. Ngũ Hường = 6 places x 5 odd faces = 30; Lục Phú = 5 faces; Thượng Mã = 6!/8 = 90.
    assert totals["nhat_huong"] == 17400
    assert totals["none"] == 14010
    assert totals["suot"] == 720
    assert totals["trang_tu_huong"] == 375
    assert totals["luc_phu_huong"] == 1
    assert totals["luc_phu"] == 5
    assert totals["ngu_huong"] == 30
    assert totals["ngu_tu"] == 150
    assert totals["thuong_ma"] == 90
    assert totals["ha_ma"] == 90
    assert totals["phan_song_tam_huong"] == 100


def test_order_of_dice_does_not_matter():
    assert roll_index((6, 5, 4, 3, 2, 1)) == roll_index(bytearray((1, 2, 3, 4, 5, 6)))
    counts = bytearray((0, 0, 2, 0, 4, 0, 0))
    assert counts_index(counts) == roll_index([4, 2, 4, 4, 2, 4])


def test_seed_examples():
    # "4 hường và 2 mặt còn lại là 3 và 5 thì gọi là trạng 8 tuổi"
    assert plain_classify([4, 4, 4, 4, 3, 5]) == ("trang_tu_huong", 8)
    assert trang_rank([4, 3, 4, 5, 4, 4]) == 8
    # cáp chính robs cáp xiên robs any age (12 at most)
    assert trang_rank([4, 4, 4, 4, 2, 2]) > trang_rank([4, 4, 4, 4, 1, 3]) > trang_rank(
        [4, 4, 4, 4, 6, 6])
    # "5 mặt ngũ một mặt nhị thì gọi là Trạng ngũ tử 2 tuổi"; đại ấn above every age
    assert trang_rank([5, 5, 5, 5, 5, 2]) == 2
    assert trang_rank([5, 5, 5, 5, 5, 4]) > trang_rank([1, 1, 1, 1, 1, 6])
    # "4 mặt ngũ, 2 hột còn lại có thể là 3 và 2 hoặc là 4 và 1" ; 1-1-1-1-5-6 ; 2-2-2-2-6-6
    for roll in ([5, 5, 5, 5, 3, 2], [5, 5, 5, 5, 4, 1], [1, 1, 1, 1, 5, 6], [2, 2, 2, 2, 6, 6],
                 [2, 2, 2, 2, 1, 1]):
        assert R.CATEGORY_IDS[classify(roll)] == "tu_tu_cap", roll
    assert R.CATEGORY_IDS[classify([4, 4, 4, 3, 3, 3])] == "phan_song_tam_huong"
    assert R.CATEGORY_IDS[classify([3, 3, 3, 2, 2, 2])] == "phan_song"
    assert R.CATEGORY_IDS[classify([6, 6, 6, 6, 4, 4])] == "tu_tu"


def test_names_in_vietnamese():
    def name(roll):
        i = roll_index(roll)
        return R.category_name(CATEGORY[i], RANK[i])

    assert name([4, 4, 4, 4, 4, 4]) == "Lục Phú Hường"
    assert name([4, 4, 4, 4, 4, 1]) == "Ngũ Hường đoạt tam khôi"
    assert name([6, 6, 6, 6, 6, 4]) == "Trạng Ngũ Tử đại ấn"
    assert name([6, 6, 6, 6, 6, 1]) == "Trạng Ngũ Tử"
    assert name([4, 4, 4, 4, 1, 3]) == "Trạng Tứ Hường cáp xiên"
    assert name([1, 1, 2, 2, 3, 3]) == "Thượng Mã"
    assert name([3, 1, 3, 3, 3, 2]) == "Tứ Tự Cáp"
    assert name([3, 1, 1, 1, 1, 2]) == "Tứ Tự"
    assert name([1, 2, 3, 5, 6, 6]) == "Không được gì"
    assert R.rank_label(R.NGU_TU, 2) == "2 tuổi"


def test_classifying_allocates_nothing_under_micropython():
    if not hasattr(gc, "mem_alloc"):
        return  # CPython has no allocation counter; the micropython lane runs this check
    dice = bytearray((4, 4, 2, 4, 4, 2))
    gc.collect()
    before = gc.mem_alloc()  # type: ignore[attr-defined]
    for _ in range(500):
        roll_index(dice)
    assert gc.mem_alloc() - before == 0  # type: ignore[attr-defined]
