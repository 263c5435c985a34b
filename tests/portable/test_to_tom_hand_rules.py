"""Tổ Tôm hand evaluation on hands worked out by hand from the spec: every kind of phu, lưng
counting, ù with five and four players, laid phu, waits and the scoring of chức sắc and extras.
Runs under pytest and real MicroPython."""

from tet.games.to_tom import hand as H
from tet.games.to_tom import wait_scan as W
from tet.games.to_tom import scoring as S
from tet.games.to_tom.cards import CODES, NKINDS

K = {}
for _i in range(NKINDS):
    K[CODES[_i]] = _i


def kinds(codes):
    return [K[c] for c in codes.split()]


def counts(codes):
    out = bytearray(NKINDS)
    for k in kinds(codes):
        out[k] += 1
    return out


def lung(codes):
    return H.max_lung(counts(codes))


# twelve lone yêu (two of each), no lưng among them
YEU12 = "1V 1V 1N 1N 1S 1S CC CC TT TT OC OC"


def test_runs_need_three_consecutive_of_one_suit_without_wrap():
    assert lung("3V 4V 5V") == 0
    assert lung("3V 4V 5V 6V 7V 8V") == 0
    assert lung("1S 2S 3S 4S 5S 6S 7S 8S 9S") == 0
    assert lung("3V 4V") == -1
    assert lung("2S 3S 5S 6S") == -1
    assert lung("8V 9V 1V") == -1     # 1V is a lone yêu, 8V 9V are stuck
    assert lung("8S 9S CC") == -1     # red yêu are never in a run
    assert lung("9V 1N 2N") == -1     # one suit only
    assert lung("4V 4V 5V 6V") == -1  # one card per number


def test_bi_needs_all_three_suits_and_takes_extra_copies():
    assert lung("5V 5N 5S") == 0
    assert lung("5V 5V 5N 5S") == 0
    assert lung("5V 5V 5N 5N 5S 5S") == 0
    assert lung("5V 5N") == -1
    assert lung("5V 5V 5S 5S") == -1


def test_lung_groups_count_one_lung_per_full_set():
    for group in ("9N 1V 1S", "8N 2V 2S", "7N 3V 3S", "9S TT OC", "9S TT 9V", "9V CC 8S"):
        assert lung(group) == 1, group
    assert lung("7N 7N 3V 3V 3S 3S") == 2
    assert lung("7N 7N 3V 3V 3S") == 1        # two of two members only: one lưng
    assert lung("9V 8S 8S CC") == 1
    assert lung("8N 2V") == -1


def test_khan_and_thien_khai_are_lung():
    assert lung("4S 4S 4S") == 1
    assert lung("4S 4S 4S 4S") == 1
    assert lung("4S 4S") == -1


def test_van_run_from_1n_is_lung_others_not():
    assert lung("1N 2N 3N") == 1
    assert lung("1N 2N 3N 4N 5N") == 1
    assert lung("1N 1N 2N 2N 3N 3N") == 2
    assert lung("2N 3N 4N") == 0
    assert lung("1V 2V 3V") == 0
    assert lung("1S 2S 3S") == 0


def test_yeu_stand_alone():
    assert lung("CC") == 0
    assert lung("1V 1N 1S CC TT OC") == 0
    assert lung("TT TT TT") == 1


def test_overlapping_phu_are_searched_not_taken_greedily():
    # one 3V cannot serve both the run 3V 4V 5V and the bí [3V 3N 3S]; with a second 3V it can,
    # and the second 3V may instead make a Tôm, which the search prefers for its lưng
    assert lung("3V 3N 3S 4V 5V") == -1
    assert lung("3V 3V 3N 3S 4V 5V") == 0    # bí [3V 3N 3S] and run [3V 4V 5V]
    assert lung("3V 3V 7N 3S 4V 5V") == 1    # Tôm [7N 3V 3S] and run [3V 4V 5V]
    # [8N 2V 2S] and [2N 3N 4N]; a second 2N fits nowhere (a bí of 2 would take the 2V and 2S)
    assert lung("2N 8N 2V 2S 3N 4N") == 1
    assert lung("2N 2N 8N 2V 2S 3N 4N") == -1


def test_can_u_needs_one_lung_with_five_players_two_with_four():
    one = counts(YEU12 + " 7N 3V 3S 4S 5S 6S 5V 6V 7V")
    assert sum(one) == 21
    assert H.can_u(one)
    assert not H.can_u(one, (), 4)
    plain = counts(YEU12 + " 7N 8N 9N 4S 5S 6S 5V 6V 7V")
    assert H.thanh(plain) and not H.can_u(plain)
    two = counts(YEU12 + " 7N 3V 3S 4S 4S 4S 5V 6V 7V 8V 4N 5N 6N")
    assert sum(two) == 25 and H.max_lung(two) == 2
    assert H.can_u(two, (), 4)


def test_laid_phu_count_as_laid():
    hand = counts("1V 1N 1S CC TT OC 4S 5S 6S 5V 6V 7V 7N 8N 9N")
    assert not H.can_u(hand)
    assert H.can_u(hand, [kinds("7N 3V 3S")])
    assert not H.can_u(hand, [kinds("2N 3N 4N")])
    assert H.can_u(hand, [kinds("2S 2S 2S")])
    assert H.exposed_lung([kinds("9V 9V 8S 8S CC CC"), kinds("1N 2N 3N")]) == 3
    try:
        H.exposed_lung([kinds("2N 3N 5N")])
    except ValueError:
        pass
    else:
        raise AssertionError("a non-phu was accepted as laid")


def test_analyse_reports_split_lung_and_red():
    hand = counts(YEU12 + " 7N 3V 3S 4S 5S 6S 5V 6V 7V")
    info = S.analyse(hand)
    assert info["thanh"] and info["lung"] == 1 and info["red"] == 6
    assert sorted(info["partition"][0]) == sorted(kinds("7N 3V 3S"))   # lưng phu shown first
    laid = [kinds("2S 2S 2S")]
    info = S.analyse(counts("1V 4S 5S 6S"), laid)
    assert info["partition"][0] == laid[0] and info["lung"] == 1
    info = S.analyse(counts("1V 4S 6S"))
    assert not info["thanh"] and info["partition"] == [[K["1V"]]]
    assert info["rest"] == kinds("4S 6S") and info["lung"] == 0


def test_a_hand_that_is_not_thanh_shows_its_best_partial_split():
    # the most lưng first: [8N 2V 2S] leaving 2N out, not the bí [2V 2N 2S] leaving 8N
    info = S.analyse(counts("8N 2V 2N 2S"))
    assert not info["thanh"] and info["lung"] == 1 and info["rest"] == kinds("2N")
    info = S.analyse(counts("7N 3V 3S 2N 2N 2N 5S 5N 9V"))
    assert info["lung"] == 2 and info["rest"] == kinds("9V 5N 5S")
    # then the fewest cards left out: the bí [5V 5N 5N 5S] leaves 3V 4V, the run [3V 4V 5V]
    # would leave three cards
    info = S.analyse(counts("3V 4V 5V 5N 5N 5S"))
    assert info["lung"] == 0 and info["rest"] == kinds("3V 4V")


# A 20-card hand: twelve lone yêu, Tôm, run 5V 6V 7V and 4S _ 6S: only 5S lets it ù (xuyên).
XUYEN = YEU12 + " 7N 3V 3S 5V 6V 7V 4S 6S"
# Twelve lone yêu, Tôm, [9N 1V 1S] and two pairs 5V 5V 5S 5S: only 5N (bí tư).
BI_TU = YEU12 + " 7N 3V 3S 9N 5V 5V 5S 5S"
# Twelve lone yêu plus OC (khàn OC OC OC), Tôm, two [9N 1V 1S] and the lone pair 7V 7V: only 7V.
BACH_THU = YEU12 + " OC 7N 3V 3S 9N 9N 7V 7V"
# Ten lone yêu, two [9N 1V 1S], runs, and 9V 8S waiting for CC only.
CHI_CHI = "1V 1V 1N 1N 1S 1S TT TT OC OC 9N 9N 9V 8S 2V 3V 4V 5N 6N 7N"


def test_waits_worked_by_hand():
    assert W.waits(counts(XUYEN)) == [K["5S"]]
    assert W.waits(counts(BI_TU)) == [K["5N"]]
    assert W.waits(counts(BACH_THU)) == [K["7V"]]
    assert W.waits(counts(CHI_CHI)) == [K["CC"]]
    # a thành 20-card hand with its lưng waits for every yêu (a lone yêu) and the cards that
    # lengthen its runs
    done = counts("1V 1N 1N 1S 1S CC CC TT TT OC OC 7N 3V 3S 5V 6V 7V 4S 5S 6S")
    found = W.waits(done)
    for code in ("1V", "1N", "1S", "CC", "TT", "OC", "3S", "7S", "4V", "8V"):
        assert K[code] in found, code
    assert K["9S"] in found             # [9S TT OC]
    assert K["2N"] not in found and K["9V"] not in found


def test_waits_skip_kinds_whose_four_cards_are_in_sight():
    hand = counts("1V 1N 1S CC TT OC 7N 3V 3S 5V 6V 7V 4S 6S 5S 5S 5S")
    assert K["5S"] not in W.waits(hand, [kinds("5S 5N 5V")])
    assert W.waits(counts("7N 3V 3S 4S 6S")) == [K["5S"]]


def test_waits_with_four_players_need_two_lung():
    hand = counts(XUYEN)
    assert W.waits(hand, (), 4) == []
    assert W.waits(hand, [kinds("2N 2N 2N")], 4) == [K["5S"]]


def win(codes, card, ctx=None):
    hand = counts(codes)
    hand[K[card]] += 1
    return S.score_win(hand, [], K[card], ctx or {})


def test_xuyen_and_tom():
    s = win(XUYEN, "5S")
    assert s["chuc_sac"] == ["tom"] and s["extras"] == ["xuyen"]
    assert s["points"] == 6 + 2
    assert s["xuong"] == "Tôm, Xuyên"


def test_xuyen_tu():
    hand = YEU12 + " 7N 3V 3S 3S 4S 6S 7S"
    assert W.waits(counts(hand)) == [K["5S"]]
    s = win(hand, "5S")
    assert s["extras"] == ["xuyen_tu"] and s["points"] == 6 + 4


def test_bi_tu():
    s = win(BI_TU, "5N")
    assert s["extras"] == ["bi_tu"] and s["points"] == 6 + 4
    assert s["xuong"] == "Tôm, Bí tư"


def test_bach_thu_needs_the_only_wait_to_make_a_lone_triple():
    s = win(BACH_THU, "7V", {"by_phong": True})
    assert s["extras"] == ["bach_thu"] and s["points"] == 6 + 4
    assert s["xuong"] == "Tôm, Bạch thủ"
    # the pair next to the run 4V 5V 6V is not lone (one 7V lengthens the run): no Bạch thủ,
    # although 7V is the only wait
    beside_run = "1V 1V 1N 1S 1S CC CC TT TT OC OC OC 7N 3V 3S 4V 5V 6V 7V 7V"
    assert W.waits(counts(beside_run)) == [K["7V"]]
    s = win(beside_run, "7V")
    assert s["extras"] == [] and s["chuc_sac"] == ["tom"]


def test_chi_chi_nay_only_from_the_stock():
    s = win(CHI_CHI, "CC", {"from_stock": True})
    assert s["chuc_sac"] == ["chi_chi_nay"] and s["points"] == 24
    assert s["xuong"] == "Chi Chi nảy"
    s = win(CHI_CHI, "CC", {"from_stock": False})
    assert s["chuc_sac"] == ["leo"] and s["points"] == 8


def test_colour_chuc_sac():
    black = "2V 3V 4V 5V 6V 7V 2N 3N 4N 5N 6N 7N 2S 3S 4S 1V 1S"
    s = S.score_win(counts(black + " OC OC OC OC"), [], None)
    assert s["chuc_sac"] == ["kinh_tu_co"] and s["points"] == 48
    s = S.score_win(counts(black + " 1N 1N 1N 1N"), [], None)
    assert s["chuc_sac"] == ["bach_dinh"] and s["points"] == 16
    s = S.score_win(counts(black + " 7N 3V 3S OC"), [], None)
    assert s["chuc_sac"] == ["kinh_cu", "tom"] and s["points"] == 10 + 2
    assert s["xuong"] == "Kính Cụ, Tôm"


def test_thap_hong_exactly_ten_or_the_option():
    ten = "9V 9V 8S 8S CC CC TT TT OC OC 2N 3N 4N 5N 6N 7N 2S 3S 4S 1V 1S"
    assert S.red_total(counts(ten)) == 10
    s = S.score_win(counts(ten), [], None)
    assert s["chuc_sac"] == ["thap_hong", "leo"] and s["points"] == 12 + 4
    eleven = "9V 9V 8S 8S CC CC TT TT OC OC 9S 3N 4N 5N 6N 7N 8N 2S 3S 4S 1S"
    assert S.red_total(counts(eleven)) == 11
    assert "thap_hong" not in S.score_win(counts(eleven), [], None)["chuc_sac"]
    s = S.score_win(counts(eleven), [], None, {"thap_hong_or_more": True})
    assert "thap_hong" in s["chuc_sac"]


def test_streak_extras():
    s = win(XUYEN, "5S", {"streak": 1})
    assert s["extras"] == ["thong", "xuyen"] and s["points"] == 6 + 2 + 2
    assert s["xuong"] == "Thông, Tôm, Xuyên"
    s = win(XUYEN, "5S", {"streak": 2})
    assert s["extras"][0] == "tam_khoi" and s["points"] == 6 + 2 + 4
    assert s["xuong"].startswith("Tam khôi")


def test_plain_win_is_suong():
    hand = "1V 1N 1S CC TT OC 2N 2N 2N 4S 5S 6S 5V 6V 7V 7N 8N 9N 9V 9S 9S"
    s = S.score_win(counts(hand), [], None)
    assert s["chuc_sac"] == ["suong"] and s["points"] == 4 and s["xuong"] == "Suông"


def test_score_win_rejects_a_hand_that_cannot_u():
    for hand, card in ((XUYEN + " 9V", "9V"), (XUYEN + " 5S", "9V")):
        try:
            S.score_win(counts(hand), [], K[card])
        except ValueError:
            pass
        else:
            raise AssertionError("scored %s winning on %s" % (hand, card))


def test_no_heap_for_the_memos_is_a_memory_error_and_the_next_search_works():
    # the app goes home on a MemoryError (App.step); any other error would stop the gadget
    cards = counts("2V 3V 4V 5N 6N 7N")
    expected = H.max_lung(cards)
    made = H._table

    def no_heap(slots):
        raise MemoryError()

    searches = (lambda: H.max_lung(cards), lambda: H.winning_kinds(cards, range(NKINDS)),
                lambda: W.waits(cards, (), 5))
    for search in searches:
        H.release()
        H._table = no_heap
        try:
            search()
            raise AssertionError("no MemoryError")
        except MemoryError:
            pass
        finally:
            H._table = made
    assert expected >= 0 and H.max_lung(cards) == expected
