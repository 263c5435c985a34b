"""The 30 example winning hands of the seed (to-tom.txt, "60 ván bài tổ tôm"), each read line by
line as the seed lists its phu, with its typing slips corrected (noted per hand). Every hand must
split into phu with a lưng, every line the seed calls "Lưng" must be a lưng phu, every listed line
must be a phu (or lone yêu), and the labelled chức sắc must be scored. Also from the seed: the
cạ examples and their waits, and the king's hand of the Cao Bá Quát story. Runs under pytest and
real MicroPython."""

from tet.games.to_tom import hand as H
from tet.games.to_tom import wait_scan as W
from tet.games.to_tom import scoring as S
from tet.games.to_tom.cards import CODES, IS_YEU, NKINDS

K = {}
for _i in range(NKINDS):
    K[CODES[_i]] = _i

# (hand number, [(seed calls it "Lưng", codes of the line)], labelled chức sắc)
# "(n)" in the seed is n copies of the card it follows; "3 x" is three copies of x.
SEED_HANDS = (
    # 1: "Bát văn, nhị sách, nhị văn (2 quân)": nhị văn is a slip for nhị vạn (spec: 8N 2V 2V 2S).
    (1, [(1, "8N 2S 2V 2V"), (0, "9S TT OC"), (0, "8S 8V 8N"), (0, "3V 4V 5V 6V 7V"),
         (0, "3N 4N 5N"), (0, "1N"), (0, "1V 1V")], ()),
    (2, [(1, "9V 9V 9V"), (0, "1N 2N 3N"), (0, "6S 6V 6N 6N"), (0, "7N 8N 9N"), (0, "2V 3V 4V"),
         (0, "1N"), (0, "1S"), (0, "TT TT"), (0, "OC")], ()),
    (3, [(1, "9V 9S TT TT"), (0, "3V 4V 5V"), (0, "6N 7N 8N 9N"), (0, "2N 3N 4N 5N 6N"),
         (0, "CC CC"), (0, "1S"), (0, "1N 1N")], ()),
    # 4: 25 cards as listed.
    (4, [(1, "9N 9N 1V 1V 1S 1S"), (0, "8S 8S 8S"), (0, "3S 3S 3S"), (0, "5S 5V 5N 5N 5N"),
         (0, "2V 3V 4V"), (0, "OC OC"), (0, "CC CC CC")], ()),
    # 5: the seed calls "3 bát vạn - bát văn - bát sách" a lưng; under the rules it is a bí with
    # two extra 8V (not lưng), so it is listed unlabelled; the hand has two other lưng. 20 cards.
    (5, [(0, "8V 8V 8V 8N 8S"), (1, "7V 7V 7V"), (1, "8N 2S 2V 2V 2V"), (0, "7N 8N 9N"),
         (0, "OC"), (0, "TT"), (0, "1N"), (0, "1S")], ()),
    # 6: "cửa sách" is a slip for cửu sách.
    (6, [(1, "1N 2N 3N"), (0, "9N 9V 9S"), (0, "3S 4S 5S 6S"), (0, "5N 5V 5S"), (0, "5S 6S 7S"),
         (0, "1S"), (0, "1V 1V"), (0, "CC"), (0, "OC")], ()),
    # 7: 23 cards as listed.
    (7, [(1, "8S 9V 9V CC"), (1, "6N 6N 6N"), (1, "6V 6V 6V"), (1, "4N 4N 4N"), (0, "1N 1N"),
         (0, "1V"), (0, "1S 1S"), (0, "9S 9S OC TT TT")], ("leo",)),
    # 8: Kính Cụ "(có 1 ông cụ màu đỏ còn toàn bài trắng)" but the list forgets the Ông Cụ:
    # added (21 cards).
    (8, [(1, "9N 1V 1V 1S 1S 1S"), (0, "2N 2V 2V 2V 2V 2S"), (0, "6N 7N 8N"),
         (0, "5N 5N 5V 5S 5S"), (0, "OC")], ("kinh_cu",)),
    (9, [(1, "1N 2N 3N"), (1, "7V 7V 7V"), (1, "4S 4S 4S"), (0, "3V 4V 5V"), (0, "5S 6S 7S"),
         (0, "CC CC CC"), (0, "1V"), (0, "1S"), (0, "1N")], ()),
    # 10: "4 lưng, Tôm, Lèo"; 24 cards as listed.
    (10, [(1, "9V 8S CC"), (1, "7N 3S 3S 3V 3V 3V"), (1, "5V 5V 5V"), (1, "1N 2N 3N"),
          (0, "5S 6S 7S"), (0, "CC CC CC"), (0, "1V"), (0, "1S"), (0, "1N")], ("tom", "leo")),
    # 11: "thang thang;(2)": the (2) is read as two Thang Thang (23 cards).
    (11, [(1, "9V 9S TT TT"), (1, "8N 8N 2V 2S"), (0, "2V 3V 4V 5V 6V 7V"),
          (0, "3N 4N 5N 6N 7N 8N"), (0, "OC"), (0, "CC CC")], ()),
    # 12: 18 cards as listed.
    (12, [(1, "9N 1S 1V 1V 1V"), (1, "9V 9S TT"), (0, "4S 5S 6S"), (0, "2N 2V 2V 2S"),
          (0, "OC OC"), (0, "1N")], ()),
    (13, [(1, "9V 8S CC"), (0, "4S 4N 4V 4V"), (0, "3N 3V 3S"), (0, "2N 2V 2S"),
          (0, "5V 5S 5N"), (0, "1N 1N"), (0, "TT"), (0, "CC"), (0, "1V")], ("leo",)),
    # 14: "Bát văn, bát sách, bát văn (3)": the second bát văn is a slip for bát vạn (a bí needs
    # all three suits); 20 cards.
    (14, [(1, "9S 9V TT"), (0, "2N 3N 4N 5N"), (0, "2S 3S 4S 5S 6S 7S"),
          (0, "8N 8S 8V 8V 8V"), (0, "OC"), (0, "CC")], ()),
    (15, [(1, "3S 3S 3S"), (0, "9S OC TT"), (0, "1V 2V 3V"), (0, "7S 7S 7S 7V 7N 7N"),
          (0, "CC"), (0, "1V"), (0, "1S 1S 1S 1S")], ()),
    # 16: "vạn(2z)" and "văn(20" are slips for vạn (2) and văn (2).
    (16, [(0, "2N 2N 2N"), (0, "2V 2V 2V"), (0, "4N 4V 4V 4S 4S"), (0, "5S 5S 5N 5N 5V"),
          (0, "6S 7S 8S 9S"), (0, "1V")], ()),
    # 17: 20 cards as listed; its first lưng is a Tôm.
    (17, [(1, "7N 3V 3S 3S"), (0, "9V 9S TT TT"), (0, "5N 6N 7N"), (0, "8N 8N 8N 8S 8V"),
          (0, "OC"), (0, "CC"), (0, "1V"), (0, "1N")], ("tom",)),
    (18, [(1, "1N 2N 3N"), (0, "6N 6N 6N"), (0, "3N 4N 5N"), (0, "3S 4S 5S 6S"),
          (0, "7V 8V 9V"), (0, "1S"), (0, "1N"), (0, "TT"), (0, "CC")], ()),
    # 19: 17 cards as listed.
    (19, [(1, "9V 8S CC"), (0, "8N 2V 2S"), (0, "1N 2N 3N 4N 5N"), (0, "1S 2S 3S 4S"),
          (0, "TT"), (0, "OC")], ("leo",)),
    (20, [(0, "9S TT OC"), (0, "8N 2V 2V 2S"), (0, "4S 5S 6S 7S"), (0, "6V 7V 8V 9V"),
          (0, "9N 9N 1V 1S"), (0, "1N")], ()),
    (21, [(1, "8N 2V 2S"), (0, "3N 3S 3S 3V 3V 3V"), (0, "8S 8V 8V 8N"), (0, "OC"), (0, "1V"),
          (0, "CC"), (0, "1S")], ()),
    (22, [(0, "1N 2N 3N"), (0, "8N 2V 2S"), (0, "5S 6S 7S 8S"), (0, "4S 4N 4N 4V 4V"),
          (0, "1V"), (0, "1N"), (0, "1S"), (0, "OC"), (0, "TT"), (0, "CC")], ()),
    # 23: 18 cards as listed.
    (23, [(1, "9V 8S CC"), (0, "9N 9N 9N 1V 1S"), (0, "9S TT OC"), (0, "4V 5V 6V"),
          (0, "5V 6V 7V"), (0, "1N")], ("leo",)),
    (24, [(1, "9V 8S CC CC"), (0, "1N 2N 3N"), (0, "4N 5N 6N"), (0, "2V 3V 4V"),
          (0, "6S 6S 6V 6V 6N"), (0, "1V"), (0, "1S"), (0, "TT")], ("leo",)),
    (25, [(1, "8N 2V 2S"), (0, "5S 6S 7S 8S 9S"), (0, "7V 8V 9V"), (0, "5N 5V 5S"),
          (0, "3V 3V 3S 3N 3N"), (0, "1V"), (0, "OC")], ()),
    # 26: "ngũc" is a slip for ngũ.
    (26, [(1, "9V 9S TT"), (0, "6N 6N 6N"), (0, "4V 5V 6V"), (0, "2S 3S 4S 5S 6S"),
          (0, "1S 1S"), (0, "1V"), (0, "OC OC OC")], ()),
    (27, [(1, "1N 2N 3N"), (0, "2S 2S 2S"), (0, "7N 3V 3S 3S"), (0, "5S 6S 7S 8S 9S"),
          (0, "1S 1S"), (0, "CC CC"), (0, "OC"), (0, "TT")], ("tom",)),
    # 28: "Ngũ vạn, văn, ách (2)": ách is a slip for sách.
    (28, [(1, "8N 8N 8N 8N"), (0, "6V 7V 8V"), (0, "7N 7S 7V"), (0, "2V 3V 4V"),
          (0, "5V 5N 5S 5S"), (0, "1V 1V"), (0, "CC"), (0, "1N")], ()),
    (29, [(0, "1N 2N 3N"), (0, "1V 2V 3V"), (0, "6S 7S 8S"), (0, "4S 4S 4N 4V"),
          (0, "8V 8S 8N"), (0, "1V"), (0, "1S"), (0, "TT"), (0, "OC")], ()),
    # 30: "bát ách" is a slip for bát sách.
    (30, [(1, "9V 9V 8S CC CC CC"), (0, "5S 5S 5S"), (0, "4V 4V 4V"), (0, "9S TT TT OC"),
          (0, "9N 1V 1S 1S"), (0, "1N")], ("leo",)),
)


def kinds(codes):
    return [K[c] for c in codes.split()]


def hand_counts(lines):
    counts = bytearray(NKINDS)
    for _, codes in lines:
        for k in kinds(codes):
            counts[k] += 1
    return counts


def line_lung(codes):
    """Lưng of one seed line: a phu, or copies of one yêu each standing alone (None otherwise)."""
    ks = kinds(codes)
    c = H.classify(ks)
    if c is not None:
        return c[1]
    if IS_YEU[ks[0]] and ks == [ks[0]] * len(ks):
        return 0
    return None


def test_thirty_hands_are_listed_with_at_most_four_copies():
    assert [h[0] for h in SEED_HANDS] == list(range(1, 31))
    for number, lines, _ in SEED_HANDS:
        counts = hand_counts(lines)
        assert max(counts) <= 4, number
        assert 17 <= sum(counts) <= 25, number


def test_every_seed_line_is_a_phu_and_every_labelled_lung_is_lung():
    for number, lines, _ in SEED_HANDS:
        for labelled, codes in lines:
            lung = line_lung(codes)
            assert lung is not None, (number, codes)
            if labelled:
                assert lung >= 1, (number, codes)


def test_every_hand_is_thanh_with_a_lung_and_can_u():
    for number, lines, _ in SEED_HANDS:
        counts = hand_counts(lines)
        info = S.analyse(counts)
        assert info["thanh"], number
        assert info["lung"] >= 1, number
        assert H.can_u(counts), number
        # the search finds at least the lưng of the seed's own split
        seed_lung = 0
        for _, codes in lines:
            seed_lung += line_lung(codes)
        assert info["lung"] >= seed_lung, (number, info["lung"], seed_lung)


def test_shown_partition_uses_every_card_once_and_is_made_of_phu():
    for number, lines, _ in SEED_HANDS:
        counts = hand_counts(lines)
        info = S.analyse(counts)
        used = bytearray(NKINDS)
        lung = 0
        for phu in info["partition"]:
            c = H.classify(phu)
            assert c is not None, (number, phu)
            lung += c[1]
            for k in phu:
                used[k] += 1
        assert used == counts, number
        assert lung == info["lung"], number


def test_labelled_chuc_sac_are_scored():
    for number, lines, labels in SEED_HANDS:
        score = S.score_win(hand_counts(lines), [], None)
        for label in labels:
            assert label in score["chuc_sac"], (number, label, score["chuc_sac"])


def test_hand_10_shows_four_lung_phu_including_tom_and_leo():
    lines = SEED_HANDS[9][1]
    score = S.score_win(hand_counts(lines), [], None)
    shown = [sorted(p) for p in score["partition"]]
    assert sorted(kinds("7N 3V 3S")) in [sorted(set(p)) for p in shown]
    assert sorted(kinds("9V 8S CC")) in shown
    assert score["points"] == 4 + 2 + 4
    assert score["xuong"] == "Tôm, Lèo"


def test_hand_8_is_kinh_cu_worth_ten():
    score = S.score_win(hand_counts(SEED_HANDS[7][1]), [], None)
    assert score["chuc_sac"] == ["kinh_cu"]
    assert score["points"] == 10
    assert score["xuong"] == "Kính Cụ"


def test_the_kings_hand_in_the_cao_ba_quat_story_is_leo_not_chi_chi_nay():
    # "Vạn tam đáo cửu, song lục thất / Sách bát hoàn tam ngũ chí không / Văn tam tứ tứ dư lục
    # thất / Độc cụ vô thang": 3V..9V with two 6V and two 7V; Sách 8 down to 3 without 5; Văn
    # 3 4 4 and 6 7; one Ông Cụ. The king cried "Chi nảy" on a drawn Chi Chi, but the hand had a
    # second wait, so it was only a Lèo. The story names that wait Ngũ Sách; with the hand as the
    # poem lists it the second wait is Ngũ Văn (a 5S leaves 3N 4N 4N 6N 7N unsplittable).
    hand = bytearray(NKINDS)
    for k in kinds("3V 4V 5V 6V 6V 7V 7V 8V 9V 8S 7S 6S 4S 3S 3N 4N 4N 6N 7N OC"):
        hand[k] += 1
    assert W.waits(hand) == kinds("5N CC")
    hand[K["CC"]] += 1
    score = S.score_win(hand, [], K["CC"], {"from_stock": True})
    assert score["chuc_sac"] == ["leo"] and score["points"] == 8


def test_the_seeds_ca_examples_wait_for_the_cards_it_names():
    # "Cạ" (Phần II, 4): a set one card short of a phu and the card it waits for. Each is put
    # beside a khàn of 2N so that the hand has its lưng.
    examples = (
        ("1S 3S", "2S"),              # nhất sách, tam sách: chờ nhị sách
        ("4V 6V 7V", "5V"),           # tứ vạn, lục vạn, thất vạn: chờ ngũ vạn
        ("9S TT", "9V OC"),           # cửu sách, thang thang: chờ cửu vạn hoặc ông cụ
        ("5N 6N 8N 9N", "7N"),        # ngũ, lục, bát, cửu văn: chờ thất văn (xuyên năm gian)
        ("7S 7S", "7S"),              # thất sách, thất sách: chờ thất sách (bạch thủ)
    )
    for ca, wait in examples:
        hand = bytearray(NKINDS)
        for k in kinds("2N 2N 2N " + ca):
            hand[k] += 1
        assert W.waits(hand) == sorted(kinds(wait)), ca
