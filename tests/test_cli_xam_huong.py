"""`tet xh`: the command lines and JSON keys of issue #3 are contracts."""

import json
import os
import subprocess

import pytest

from tetcli.main import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TET = os.path.join(ROOT, ".venv", "bin", "tet")
VALUES = {"trang_nguyen": 32, "bang_nhan": 16, "tham_hoa": 16, "hoi_nguyen": 8, "tien_si": 4,
          "cu_nhan": 2, "tu_tai": 1}


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_classify_json(capsys):
    status, out, _ = run(capsys, "xh", "classify", "5", "4", "5", "5", "5", "5", "--json")
    assert status == 0
    assert json.loads(out) == {"dice": [4, 5, 5, 5, 5, 5], "category": "ngu_tu", "rank": 7,
                               "name": "Trạng Ngũ Tử đại ấn"}
    status, out, _ = run(capsys, "xh", "classify", "4", "6", "4", "3", "4", "4", "--json")
    assert json.loads(out) == {"dice": [3, 4, 4, 4, 4, 6], "category": "trang_tu_huong",
                               "rank": 9, "name": "Trạng Tứ Hường"}
    status, out, _ = run(capsys, "xh", "classify", "2", "2", "2", "2", "6", "6", "--json")
    assert json.loads(out)["name"] == "Tứ Tự Cáp" and json.loads(out)["rank"] is None


def test_classify_text(capsys):
    status, out, _ = run(capsys, "xh", "classify", "6", "5", "4", "3", "2", "1")
    assert status == 0 and "suot" in out and "Suốt" in out and out.count("\n") == 1


def test_table_lists_every_sorted_roll_once(capsys):
    status, out, _ = run(capsys, "xh", "table", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and len(rows) == 462
    dice = [tuple(r["dice"]) for r in rows]
    assert len(set(dice)) == 462 and all(list(d) == sorted(d) for d in dice)
    for row in rows:
        assert set(row) >= {"dice", "category", "rank", "name"}
    weights = {}
    for row in rows:
        n = 720
        for f in range(1, 7):
            n //= [1, 1, 2, 6, 24, 120, 720][row["dice"].count(f)]
        weights[row["category"]] = weights.get(row["category"], 0) + n
    assert weights["nhat_huong"] == 17400 and weights["none"] == 14010


@pytest.mark.parametrize("players", [2, 5, 7, 9, 12])
def test_game_json_is_consistent(capsys, players):
    status, out, _ = run(capsys, "xh", "game", "--players", str(players), "--seed", "7",
                         "--option", "luc_phu_value=16", "--option", "penalty_no_huong=1",
                         "--option", "dau_the_roi=1",
                         "--spill-percent", "3", "--json")
    assert status == 0
    game = json.loads(out)
    for key in ("rolls", "holdings", "totals", "settlement", "pool"):
        assert key in game
    assert all(v == 0 for v in game["pool"].values())
    assert sum(game["settlement"]) == 0
    start = 190 if players == 5 else 192
    assert sum(game["totals"]) == start
    # replaying the rolls' "took" gives the final holdings
    hands = [dict() for _ in range(players)]
    for roll in game["rolls"]:
        assert set(roll) >= {"player", "dice", "category", "took"}
        for stick, count in roll["took"].items():
            hands[roll["player"]][stick] = hands[roll["player"]].get(stick, 0) + count
        for stick, victim in roll.get("from", {}).items():
            hands[victim][stick] -= 1
    hands = [{k: v for k, v in h.items() if v} for h in hands]
    assert hands == game["holdings"]
    assert sum(VALUES[k] * v for h in hands for k, v in h.items()) == start
    net = list(game["settlement"])
    for pay in game["payments"]:
        net[pay["from"]] += pay["amount"]
        net[pay["to"]] -= pay["amount"]
    assert net == [0] * players


def test_game_is_reproducible(capsys):
    _, first, _ = run(capsys, "xh", "game", "--players", "4", "--seed", "3", "--json")
    _, second, _ = run(capsys, "xh", "game", "--players", "4", "--seed", "3", "--json")
    _, other, _ = run(capsys, "xh", "game", "--players", "4", "--seed", "4", "--json")
    assert first == second != other


@pytest.mark.parametrize("argv", [
    ["xh", "classify", "1", "2", "3", "4", "5"],
    ["xh", "classify", "1", "2", "3", "4", "5", "6", "1"],
    ["xh", "classify", "1", "2", "3", "4", "5", "7", "--json"],
    ["xh", "classify", "0", "2", "3", "4", "5", "6"],
    ["xh", "classify", "x", "2", "3", "4", "5", "6"],
    ["xh", "game", "--players", "1", "--seed", "1", "--json"],
    ["xh", "game", "--players", "13", "--seed", "1"],
    ["xh", "game", "--players", "4", "--seed", "1", "--option", "nope=1"],
    ["xh", "game", "--players", "4", "--seed", "1", "--option", "ban_trang=2"],
    ["xh", "game", "--players", "4", "--seed", "1", "--option", "ban_trang"],
    ["xh", "game", "--players", "4", "--seed", "z"],
])
def test_malformed_input_is_one_line_and_status_2(argv):
    res = subprocess.run([TET] + argv, capture_output=True, text=True)
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.count("\n") == 1 and "Traceback" not in res.stderr


def test_game_help_documents_the_options():
    res = subprocess.run([TET, "xh", "game", "--help"], capture_output=True, text=True)
    assert res.returncode == 0
    for name in ("luc_phu_value", "ban_trang", "penalty_no_huong", "ha_gia_trang",
                 "cuop_trang_em", "khong_lay_the", "dau_the_roi"):
        assert name in res.stdout
