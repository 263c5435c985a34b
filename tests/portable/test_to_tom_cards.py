"""Tổ Tôm cards: codes, Vietnamese names, yêu and red kinds as the spec lists them, and the name
parser (codes, names with or without diacritics, decomposed input). Runs under pytest and real
MicroPython."""

from tetcli import to_tom_names as C


def test_codes_follow_the_kind_layout():
    assert C.NKINDS == 30
    assert len(C.CODES) == 30 and len(C.NAMES) == 30
    assert C.CODES[0] == "1V" and C.CODES[8] == "9V"
    assert C.CODES[9] == "1N" and C.CODES[15] == "7N"
    assert C.CODES[18] == "1S" and C.CODES[26] == "9S"
    assert tuple(C.CODES)[27:] == ("CC", "TT", "OC") and C.CODES[-1] == "OC"
    assert len(set(C.CODES)) == 30
    assert [C.CODES.index(code) for code in ("1V", "9N", "OC")] == [0, 17, 29]


def test_names_are_the_vietnamese_ones():
    assert C.name(0) == "Nhất Vạn"
    assert C.name(15) == "Thất Văn"
    assert C.name(26) == "Cửu Sách"
    assert C.name(27) == "Chi Chi"
    assert C.name(28) == "Thang Thang"
    assert C.name(29) == "Ông Cụ"
    assert C.name(4) == "Ngũ Vạn" and C.name(12) == "Tứ Văn" and C.name(23) == "Lục Sách"
    assert len(set(C.NAMES)) == 30
    assert C.NAMES[0] == "Nhất Vạn" and C.NAMES[29] == "Ông Cụ" and C.NAMES[-2] == "Thang Thang"


def test_yeu_and_red_kinds_match_the_spec():
    yeu = [C.CODES[k] for k in range(30) if C.IS_YEU[k]]
    red = [C.CODES[k] for k in range(30) if C.IS_RED[k]]
    assert sorted(yeu) == sorted(["1V", "1N", "1S", "CC", "TT", "OC"])
    assert sorted(red) == sorted(["CC", "TT", "OC", "8V", "9V", "8S", "9S"])
    assert sum(C.IS_RED) * 4 == 28


def test_suit_and_number():
    assert (C.suit(2), C.number(2)) == (0, 3)
    assert (C.suit(15), C.number(15)) == (1, 7)
    assert (C.suit(26), C.number(26)) == (2, 9)
    assert (C.suit(27), C.number(27)) == (3, 0)


def test_parse_codes_any_case():
    for k in range(30):
        assert C.parse_card(C.CODES[k]) == k
        assert C.parse_card(C.CODES[k].lower()) == k
    assert C.parse_card(" 3v ") == 2


def test_parse_names_with_and_without_diacritics():
    for k in range(30):
        assert C.parse_card(C.NAMES[k]) == k
    assert C.parse_card("Cuu Sach") == 26
    assert C.parse_card("CỬU SÁCH") == 26
    assert C.parse_card("ong cu") == 29
    assert C.parse_card("Ông-Cụ") == 29
    assert C.parse_card("thang thang") == 28
    assert C.parse_card("chi chi") == 27
    # Văn and Vạn only differ by their marks: unaccented "van" is Vạn, Telex "vawn" is Văn
    assert C.parse_card("tam van") == 2
    assert C.parse_card("tam vawn") == 11
    assert C.parse_card("Tam Văn") == 11
    assert C.parse_card("tam văn") == 11
    assert C.parse_card("Tam Vạn") == 2


def test_parse_decomposed_input():
    # "Thất Văn" typed as base letters plus combining marks (NFD)
    nfd = "Tha\u0302\u0301t Va\u0306n"
    assert C.parse_card(nfd) == 15
    assert C.parse_card("Nha\u0302\u0301t Va\u0323n") == 0


def test_parse_rejects_unknown_cards():
    for text in ("", "10V", "XX", "Thập Vạn", "0S", "Chi"):
        try:
            C.parse_card(text)
        except ValueError as err:
            assert "unknown card" in str(err)
        else:
            raise AssertionError("accepted %r" % text)


def test_counts_round_trip():
    kinds = [0, 0, 9, 27, 29, 29, 29]
    counts = C.counts_from_kinds(kinds)
    assert len(counts) == 30 and counts[0] == 2 and counts[29] == 3
    assert C.kinds_from_counts(counts) == kinds
    assert C.red_count(counts) == 4
