"""Tổ Tôm v2's ù with laid phu (to-tom-v2.md §1, §4's bất thực condition): laid.py against the
seed's worked examples and against an independent brute force (to_tom_v2_reference.py) on
thousands of seeded positions.

`laid` is imported inside each test so that the file collects on its own. v1 (to-tom.md: laid
phu frozen, the concealed cards thành alone) is hand.can_u with every laid entry and khàn
exposed as laid; the comparison counts how often v2's regrouping and kèm change the answer, so
that it cannot pass on positions where v2 and v1 agree.
"""

import random

from tet.games.to_tom import hand as H
from tet.games.to_tom.cards import CODES, NKINDS

import to_tom_v2_reference as R

KIND = {code: k for k, code in enumerate(CODES)}


def cards(text):
    """Count vector of the space-separated short codes in `text`."""
    cnt = [0] * NKINDS
    for code in text.split():
        cnt[KIND[code]] += 1
    return cnt


def entry(text):
    return [KIND[code] for code in text.split()]


def v1_can_u(concealed, laid, khan, players):
    """v1's answer: laid entries and khàn stay as laid, the concealed cards must be thành."""
    if any(H.classify(e) is None for e in laid):
        return False
    return H.can_u(bytearray(concealed), list(laid) + [[k] * 3 for k in khan], players)


def both(fn_name, concealed, *args, **kw):
    """The reference's and laid.py's answers to the same question."""
    from tet.games.to_tom import laid
    ref = getattr(R, "ref_" + fn_name)(list(concealed), *args, **kw)
    got = getattr(laid, fn_name)(bytearray(concealed), *args, **kw)
    return ref, got


def check(fn_name, expected, concealed, *args, **kw):
    """Assert the hand-worked answer, the reference's and laid.py's agree."""
    assert getattr(R, "ref_" + fn_name)(list(concealed), *args, **kw) == expected
    from tet.games.to_tom import laid
    assert getattr(laid, fn_name)(bytearray(concealed), *args, **kw) == expected


# ---- the seed's worked examples (numbers: seed lines) ----

def test_phong_7n_with_3v_3s_in_hand_is_two_lung_one_a_tom():   # 522-523
    laid = [entry("7N 7N 7N")]
    check("max_lung", 2, cards("3V 3S"), laid)
    # a full hand: 3V 3S have no other phu; the rest has no lưng
    hand = cards("3V 3S 5V 6V 7V 8V 5S 6S 7S 8S 4N 5N 6N 1N 1V CC TT OC")
    assert sum(hand) + 3 == 21
    check("max_lung", 2, hand, laid)
    check("can_u", True, hand, laid)
    check("can_u", True, hand, laid, players=4)   # bí tứ's two lưng (seed 522)
    assert not v1_can_u(hand, laid, [], 5)


def test_phong_8n_with_2v_2s_in_hand():                          # 302
    laid = [entry("8N 8N 8N")]
    check("max_lung", 2, cards("2V 2S"), laid)
    hand = cards("2V 2S 5V 6V 7V 5S 6S 7S 4N 5N 6N 7N 9V 9N 9S 1N CC OC")
    assert sum(hand) + 3 == 21
    check("max_lung", 2, hand, laid)
    check("can_u", True, hand, laid)
    assert not v1_can_u(hand, laid, [], 5)


def test_phong_4s_lends_to_a_bi_with_an_extra_copy():            # 305
    laid = [entry("4S 4S 4S")]
    check("max_lung", 1, cards("4V 4V 4N"), laid)
    hand = cards("4V 4V 4N 1S 2S 3S 5S 6S 7S 7N 8N 9N 7V 8V 9V 1N TT OC")
    assert sum(hand) + 3 == 21
    check("max_lung", 1, hand, laid)
    check("can_u", True, hand, laid)
    check("can_u", False, hand, laid, players=4)
    assert not v1_can_u(hand, laid, [], 5)


def test_no_kem_into_a_run_and_one_group_per_fixed_entry():      # 301, 312; §1 "one"
    # 4V 6V around a phỗng 5V: never a run with a lent 5V
    check("max_lung", -1, cards("4V 6V"), [entry("5V 5V 5V")])
    # a Tôm and a bí of 7 both want the 7N: it lends once only ...
    check("max_lung", -1, cards("3V 3S 7V 7S"), [entry("7N 7N 7N")])
    check("max_lung", 2, cards("3V 3S 7V 7S 7N"), [entry("7N 7N 7N")])
    # ... but one Tôm with extra copies takes them all: still a single lưng from the group
    check("max_lung", 2, cards("3V 3V 3S 3S"), [entry("7N 7N 7N")])
    # a fixed entry of four lends as well; a face-down khàn never does
    check("max_lung", 2, cards("3V 3S"), [entry("7N 7N 7N 7N")])
    check("max_lung", -1, cards("3V 3S"), [], [KIND["7N"]])


def test_nam_binh_laid_gives_a_3v_back_to_a_concealed_4v_5v():   # 306-313
    laid = [entry("3V 3V 3V 3N 3S")]
    check("max_lung", 0, cards("4V 5V"), laid)
    hand = cards("4V 5V 1N 2N 3N 7V 8V 9V 6S 7S 8S 6N 7N 8N CC TT")
    assert sum(hand) + 5 == 21
    check("max_lung", 1, hand, laid)
    check("can_u", True, hand, laid)
    assert not v1_can_u(hand, laid, [], 5)


def test_laid_3v_4v_5v_wins_on_6v_and_a_thap_thanh_hand_wins_on_what_fits_a_laid_phu():  # 404
    laid = [entry("3V 4V 5V")]
    rest = "1N 2N 3N 9N 1V 1S 2S 3S 4S 5S 7S 8S 9S 4N 5N 6N CC"
    hand = cards("6V " + rest)
    assert sum(hand) + 3 == 21
    check("can_u", True, hand, laid)
    assert not v1_can_u(hand, laid, [], 5)
    waits = R.ref_waits(cards(rest), laid)
    assert {KIND["2V"], KIND["6V"]} <= set(waits)
    assert set(R.YEU) <= set(waits)
    check("waits", waits, cards(rest), laid)
    # thập thành: a laid run, bí, lưng group and phỗng, the concealed cards thành with a lưng
    laid = [entry("3V 4V 5V"), entry("6N 6V 6S"), entry("9S TT OC"), entry("2N 2N 2N")]
    rest = cards("7N 8N 9N 7S 8S 9S CC 1V")
    assert sum(rest) + 12 == 20
    waits = R.ref_waits(rest, laid)
    for code in ("2V", "6V", "6N", "6S", "9S", "TT", "OC", "2N", "1N", "1S"):
        assert KIND[code] in waits, code
    check("waits", waits, rest, laid)


def test_khan_fourth_card_completes_it_or_serves_elsewhere():    # 417 "tiền ù hậu dậy"
    khan = [KIND["3N"]]
    # the winning 3N has no other phu: it completes the khàn
    hand = cards("3N 1V 2V 3V 4V 5S 6S 7S 9N 1S 1N TT OC 6V 7V 8V 9V CC")
    assert sum(hand) + 3 == 21
    check("can_u", True, hand, [], khan)
    assert not v1_can_u(hand, [], khan, 5)
    # the winning 3N must make a run with 4N 5N, the khàn staying three (as in v1)
    hand = cards("3N 4N 5N 1V 2V 3V 4V 5S 6S 7S 9N 1S 1N TT OC 6V 7V 8V")
    assert sum(hand) + 3 == 21
    check("can_u", True, hand, [], khan)
    assert v1_can_u(hand, [], khan, 5)
    # the fourth of a laid phỗng completes it
    laid = [entry("5S 5S 5S")]
    hand = cards("5S 1V 2V 3V 4V 6N 7N 8N 9N 1S 1N TT OC 6V 7V 8V 9V CC")
    assert sum(hand) + 3 == 21
    check("can_u", True, hand, laid)
    assert not v1_can_u(hand, laid, [], 5)


def test_bat_thuc_needs_a_free_copy_in_a_run_not_a_treo_khan():   # 506, 175-209
    rest = "1N 2N 3N 6S 7S 8S 9N 1V 1S CC TT OC"
    hand = cards("4V 4V 4V " + rest)
    bt = [KIND["4V"]]
    check("can_u", True, hand)
    check("can_u", False, hand, bat_thuc=bt)
    check("max_lung", 3, hand)
    # a fourth copy in a run places it
    hand = cards("4V 4V 4V 4V 5V 6V " + rest)
    check("can_u", True, hand, bat_thuc=bt)
    check("can_u", True, hand, bat_thuc=bt, bi_hoan=False)
    # a black yêu needs nothing (yêu hoàn, 197-200)
    hand = cards("1N 1N 1N 6S 7S 8S 9N 1V 1S CC TT OC")
    check("can_u", True, hand, bat_thuc=[KIND["1N"]])


def test_bi_hoan_places_a_bat_thuc_copy_held_only_in_a_bi():      # 201-205
    hand = cards("5V 5V 5V 5N 5S 1N 2N 3N 7S 8S 9S CC TT")
    bt = [KIND["5V"]]
    check("can_u", True, hand, bat_thuc=bt)
    check("can_u", False, hand, bat_thuc=bt, bi_hoan=False)
    # a kèm group counts as well: 3V held only in the Tôm the phỗng 7N lends to
    laid = [entry("7N 7N 7N")]
    hand = cards("3V 3V 3V 3S 5S 6S 7S CC")
    bt = [KIND["3V"]]
    check("can_u", True, hand, laid, bat_thuc=bt)
    check("can_u", False, hand, laid, bat_thuc=bt, bi_hoan=False)
    check("can_u", True, hand, laid)
