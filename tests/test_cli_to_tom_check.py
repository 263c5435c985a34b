"""`tet totom check`: the command line and JSON keys of issue #5 are contracts."""

import json
import os
import subprocess

import pytest

from tetcli.main import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TET = os.path.join(ROOT, ".venv", "bin", "tet")

# seed hand 1 (its "nhị văn (2)" read as nhị vạn): [8N 2V 2V 2S] [9S TT OC] [8S 8V 8N]
# [3V .. 7V] [3N 4N 5N] 1N 1V 1V
HAND_1 = "8N 2V 2V 2S 9S TT OC 8S 8V 8N 3V 4V 5V 6V 7V 3N 4N 5N 1N 1V 1V".split()
# a 20-card hand worked by hand: lone yêu, Tôm, a run and 4S 6S waiting for 5S only
XUYEN = "1V 1V 1N 1N 1S 1S CC CC TT TT OC OC 7N 3V 3S 5V 6V 7V 4S 6S".split()


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def check_json(capsys, cards, *extra):
    status, out, err = run(capsys, "totom", "check", *cards, "--json", *extra)
    assert status == 0, err
    assert out.count("\n") == 1
    return json.loads(out)


def test_full_hand_json_keys_and_values(capsys):
    obj = check_json(capsys, HAND_1)
    assert obj["thanh"] is True and obj["lung"] == 2 and obj["red"] == 5
    assert obj["wins"] is True and obj["chuc_sac"] == ["suong"] and obj["points"] == 4
    assert obj["rest"] == [] and "waits" not in obj
    assert sorted(c for phu in obj["partition"] for c in phu) == sorted(HAND_1)
    assert ["2V", "8N", "2S"] in obj["partition"]


def test_twenty_cards_list_waits(capsys):
    obj = check_json(capsys, XUYEN)
    assert obj["waits"] == ["5S"]
    assert obj["thanh"] is False and obj["rest"] == ["4S", "6S"] and obj["lung"] == 1
    assert ["3V", "7N", "3S"] in obj["partition"]
    assert "wins" not in obj and "points" not in obj


def test_winning_card_streak_and_stock_options(capsys):
    obj = check_json(capsys, XUYEN + ["5S"], "--win", "5S", "--streak", "1")
    assert obj["chuc_sac"] == ["tom"] and obj["extras"] == ["thong", "xuyen"]
    assert obj["points"] == 10 and obj["xuong"] == "Thông, Tôm, Xuyên"
    obj = check_json(capsys, XUYEN + ["5S"])
    assert obj["extras"] == [] and obj["points"] == 6
    res = subprocess.run([TET, "totom", "check"] + XUYEN + ["5S", "--win", "9V"],
                         capture_output=True, text=True)
    assert res.returncode == 2 and "not among the cards" in res.stderr


def test_other_sizes_have_only_the_split(capsys):
    obj = check_json(capsys, ["7N", "3V", "3S", "CC"])
    assert obj["thanh"] is True and obj["lung"] == 1 and obj["red"] == 1
    assert "wins" not in obj and "waits" not in obj
    assert obj["partition"] == [["3V", "7N", "3S"], ["CC"]]


def test_full_hand_that_cannot_win(capsys):
    cards = XUYEN + ["9V"]
    obj = check_json(capsys, cards)
    assert obj["wins"] is False and obj["chuc_sac"] == [] and obj["points"] == 0


def test_four_players_use_25_and_24_cards_and_two_lung(capsys):
    one_lung = XUYEN + ["2V", "3V", "4V", "5V"]
    obj = check_json(capsys, one_lung, "--players", "4")
    assert obj["waits"] == []          # one lưng only: a 5S would not do with four players
    obj = check_json(capsys, one_lung, "--players", "5")
    assert "waits" not in obj
    obj = check_json(capsys, XUYEN + ["2N", "2N", "2N", "CC"], "--players", "4")
    assert obj["waits"] == ["5S"]
    cards = XUYEN + ["5S", "2N", "2N", "2N", "TT"]
    obj = check_json(capsys, cards, "--players", "4")
    assert obj["wins"] is True and "tom" in obj["chuc_sac"]


def test_vietnamese_names_with_and_without_diacritics(capsys):
    by_code = check_json(capsys, ["7N", "3V", "3S", "9V", "8S", "CC"])
    by_name = check_json(capsys, ["Thất Văn", "Tam Vạn", "Tam Sách", "Cửu Vạn", "Bát Sách",
                                  "Chi Chi"])
    plain = check_json(capsys, ["That Vawn", "tam van", "TAM SACH", "cuu van", "bat sach",
                                "chi chi"])
    unquoted = check_json(capsys, "Thất Văn Tam Vạn Tam Sách Cửu Vạn Bát Sách Chi Chi".split())
    assert by_code == by_name == plain == unquoted
    assert by_code["lung"] == 2


def test_text_output_in_vietnamese(capsys):
    status, out, _ = run(capsys, "totom", "check", *XUYEN)
    assert status == 0
    assert "chờ: 5S (Ngũ Sách)" in out
    status, out, _ = run(capsys, "totom", "check", *HAND_1)
    assert "thành: có" in out and "lưng: 2" in out and "ù: có" in out


@pytest.mark.parametrize("cards, message", [
    (["3V"] * 5, "more than four copies of 3V"),
    (["3V", "XX"], "unknown card 'XX'"),
    (["1V"] * 4 + ["1N"] * 4 + ["1S"] * 4 + ["CC"] * 4 + ["TT"] * 4 + ["OC"] * 4 + ["2V", "3V"],
     "at most 25 cards"),
])
def test_errors_are_one_line_with_status_2(cards, message):
    res = subprocess.run([TET, "totom", "check"] + cards, capture_output=True, text=True)
    assert res.returncode == 2
    assert res.stdout == ""
    lines = res.stderr.splitlines()
    assert len(lines) == 1 and message in lines[0], res.stderr


def test_bad_player_count_is_a_usage_error():
    res = subprocess.run([TET, "totom", "check", "3V", "--players", "3"], capture_output=True,
                         text=True)
    assert res.returncode == 2 and len(res.stderr.splitlines()) == 1


@pytest.mark.parametrize("cards", [[""], [" , "]])
def test_an_empty_hand_is_refused(capsys, cards):
    status, out, err = run(capsys, "totom", "check", *cards)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "no cards given" in err


# to-tom-v2 §9. Seed 522-523: a phỗng 7N 7N 7N laid, 3V 3S in hand: the 7N lends to a Tôm
TOM_KEM = "4N 5N 6N 7V 8V 9V 2S 3S 4S 5S 6S 7S 3V 3S CC 1N 2N 3N".split()


def test_a_fixed_entry_lends_to_a_tom_and_the_split_shows_kem(capsys):
    obj = check_json(capsys, TOM_KEM, "--laid", "7N 7N 7N")
    assert obj["cards"] == 21 and obj["wins"] is True
    assert obj["chuc_sac"] == ["tom"] and obj["points"] == 6 and obj["xuong"] == "Tôm"
    part = obj["partition"]
    assert part[0] == ["7N", "7N", "7N"]
    lender, group = obj["kem"][0]
    assert lender == 0 and sorted(part[group]) == ["3S", "3V"]
    # the cards of the split are the hand's, the lent 7N shown once (in its fixed entry)
    assert sorted(c for phu in part for c in phu) == sorted(TOM_KEM + ["7N"] * 3)
    # v1 froze the phỗng: the same cards with nothing laid cannot ù
    assert check_json(capsys, TOM_KEM + ["7N"] * 3)["wins"] is True
    status, out, _ = run(capsys, "totom", "check", *TOM_KEM, "--laid", "7N 7N 7N")
    assert status == 0 and "[3V 3S +7N]" in out


def test_a_laid_run_takes_its_end_and_a_khan_its_fourth(capsys):
    # seed 404: 3V 4V 5V laid, the hand waits on 6V (and 2V) among others
    hand = "1N 2N 3N 7S 8S 9S 2N 2N 2S 2V 9V 9S TT 5N 5V 5S CC".split()
    obj = check_json(capsys, hand, "--laid", "3V 4V 5V")
    assert obj["cards"] == 20 and "6V" in obj["waits"]
    won = check_json(capsys, hand + ["6V"], "--laid", "3V 4V 5V", "--win", "6V")
    assert won["wins"] is True and ["3V", "4V", "5V", "6V"] in won["partition"]
    # a face-down khàn of 6N and its fourth card as the winning card (seed 417)
    hand = "1N 2N 3N 7S 8S 9S 2V 2N 2S 5N 5V 5S 9V 9S TT CC TT".split()
    obj = check_json(capsys, hand + ["6N"], "--khan", "6N", "--win", "6N")
    assert obj["cards"] == 21 and obj["wins"] is True
    assert ["6N", "6N", "6N", "6N"] in obj["partition"]
    assert check_json(capsys, hand + ["6N"], "--khan", "6N", "--khan", "4N")["cards"] == 24


def test_bat_thuc_needs_a_free_copy_in_a_run_and_opens_the_xuong(capsys):
    hand = "2V 3V 4V 1N 2N 3N 7S 8S 9S 5N 5V 5S 9V 9S TT CC 7V 7V 7V 7N 7S".split()
    obj = check_json(capsys, hand, "--bat-thuc", "7V")
    assert obj["wins"] is True and obj["xuong"] == "Bất thực Thất Vạn ăn cả. Suông"
    # three identical 7V are no place for it (seed 506): with the bí gone it cannot ù
    hand = "2V 3V 4V 1N 2N 3N 7S 8S 9S 5N 5V 5S 9V 9S TT CC 7V 7V 7V 6S 6S".split()
    assert check_json(capsys, hand)["wins"] is False
    assert check_json(capsys, hand[:-2] + ["OC", "OC"])["wins"] is True
    assert check_json(capsys, hand[:-2] + ["OC", "OC"], "--bat-thuc", "7V")["wins"] is False


@pytest.mark.parametrize("extra, words", [
    (["--laid", ""], "--laid needs the cards"),
    (["--laid", "3V 4V 5V", "--laid", "3V 3V 3V"], "more than four copies of 3V"),
    (["--khan", "XX"], "--khan"),
    (["--bat-thuc", "CC"], "red yêu"),
    (["--bat-thuc", "OC", "--khan", "OC"], "red yêu"),
    (["--bat-thuc", "5N", "--khan", "5N"], "settles it"),
    (["--bat-thuc", "8N"], "no free copy"),
])
def test_bad_laid_khan_and_bat_thuc_are_one_line_errors(extra, words):
    res = subprocess.run([TET, "totom", "check", "3V", "4V", "5V"] + extra,
                         capture_output=True, text=True)
    assert res.returncode == 2 and res.stderr.count("\n") == 1 and words in res.stderr, \
        res.stderr
