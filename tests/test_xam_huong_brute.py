"""Brute force over all 6^6 ordered Xăm Hường rolls, and the checked-in table against its generator."""

import itertools
import os

import gen_xh_rolls
from tet.games.xam_huong.rolls import CATEGORY, MULTISETS, RANK
from tet.games.xam_huong import rules as R
from tet.games.xam_huong.engine import counts_index, roll_index

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Counted from first principles (C(n, k) placements of the hường or the repeated face):
EXPECTED = {
    "luc_phu_huong": 1,
    "luc_phu": 5,                              # five non-hường faces
    "ngu_huong": 30,                           # 6 places x 5 odd faces
    "ngu_tu": 150,                             # 5 faces x 5 odd faces x 6 places
    "trang_tu_huong": 375,                     # C(6,4) x 5 x 5
    "phan_song_tam_huong": 100,                # C(6,3) x 5
    "tam_huong": 2400,                         # C(6,3) x (5^3 - 5)
    "suot": 720,                               # 6!
    "phan_song": 200,                          # C(5,2) x C(6,3)
    "thuong_ma": 90,                           # 6! / 2^3
    "ha_ma": 90,
    "tu_tu_cap": 225,
    "tu_tu": 1650,                             # 5 x C(6,4) x 25 in all with Tứ Tự Cáp: 1875
    "nhi_huong": 9210,                         # C(6,2) x (5^4 - 5 - 6)
    "nhat_huong": 17400,                       # 6 x (5^5 - 5 - 120 - 100)
    "none": 14010,
}


def rule_by_rule(roll):
    """A second plain classifier over an ordered roll (category id only), in the spec's order."""
    faces = [roll.count(f) for f in range(1, 7)]
    h = faces[3]
    shape = sorted(faces, reverse=True)
    rest = sorted(d for d in roll if faces[d - 1] != 4)
    if h == 6:
        return "luc_phu_huong"
    if shape[0] == 6:
        return "luc_phu"
    if h == 5:
        return "ngu_huong"
    if shape[0] == 5:
        return "ngu_tu"
    if h == 4:
        return "trang_tu_huong"
    if h == 3:
        return "phan_song_tam_huong" if shape[:2] == [3, 3] else "tam_huong"
    if shape == [1] * 6:
        return "suot"
    if shape[:2] == [3, 3]:
        return "phan_song"
    if faces == [2, 2, 2, 0, 0, 0]:
        return "thuong_ma"
    if faces == [0, 0, 0, 2, 2, 2]:
        return "ha_ma"
    if shape[0] == 4:
        four = faces.index(4) + 1
        if sum(rest) == four or (four, rest) in ((1, [5, 6]), (2, [6, 6])):
            return "tu_tu_cap"
        return "tu_tu"
    return ("none", "nhat_huong", "nhi_huong")[h]


def test_every_ordered_roll_against_rule_by_rule():
    totals = dict.fromkeys(EXPECTED, 0)
    hits = [0] * MULTISETS
    for roll in itertools.product(range(1, 7), repeat=6):
        index = roll_index(roll)
        hits[index] += 1
        category = R.CATEGORY_IDS[CATEGORY[index]]
        assert category == rule_by_rule(list(roll)), roll
        assert (RANK[index] > 0) == (category in ("ngu_huong", "ngu_tu", "trang_tu_huong"))
        totals[category] += 1
    assert totals == EXPECTED
    assert min(hits) >= 1 and sum(hits) == 6 ** 6


def test_ranks_of_every_trang():
    for roll in itertools.product(range(1, 7), repeat=6):
        s = sorted(roll)
        h = s.count(4)
        rank = RANK[roll_index(roll)]
        if h == 5:
            assert rank == [d for d in s if d != 4][0]
        elif h == 4:
            pair = [d for d in s if d != 4]
            assert rank == {(2, 2): 14, (1, 3): 13}.get(tuple(pair), sum(pair))
        elif max(s.count(f) for f in range(1, 7)) == 5:
            odd = [d for d in s if s.count(d) == 1][0]
            assert rank == (7 if odd == 4 else odd)


def test_index_is_the_combinatorial_number_system():
    # C(11, 5) multisets; all ones is the last index, all sixes the first
    assert MULTISETS == 462
    assert roll_index([6] * 6) == 0 and roll_index([1] * 6) == 461
    counts = bytearray(7)
    for combo in itertools.combinations_with_replacement(range(1, 7), 6):
        for k in range(7):
            counts[k] = combo.count(k)
        assert counts_index(counts) == gen_xh_rolls.index_of_counts(counts)


def test_checked_in_table_equals_generator_output():
    with open(os.path.join(ROOT, "firmware", "tet", "games", "xam_huong", "rolls.py"), encoding="utf-8") as f:
        assert f.read() == gen_xh_rolls.render()


def test_generator_classifier_agrees_with_the_test_classifier():
    for counts in gen_xh_rolls.all_counts():
        roll = [f for f in range(1, 7) for _ in range(counts[f])]
        category, _ = gen_xh_rolls.classify_counts(counts)
        assert R.CATEGORY_IDS[category] == rule_by_rule(roll)
