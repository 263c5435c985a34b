"""`tet oaq replay|best|match`: the JSON contracts of issue #4, one-line errors, exit statuses."""

import json
import os
import subprocess
import sys

import pytest

from tet.games.o_an_quan.ai import LEVEL_NODES, Searcher
from tet.core.rng import Rng
from tet.games.o_an_quan.engine import Game, format_move
from tetcli.main import main
from tetcli.o_an_quan_match import OPENING_MOVES, opening
from test_o_an_quan_reference import Reference

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TET = os.path.join(ROOT, ".venv", "bin", "tet")


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_replay_json_follows_the_reference_move_by_move(capsys):
    rng = Rng(12)
    for players, quan_value, quan_non in ((2, 10, False), (3, 5, True), (4, 10, False)):
        ref = Reference(players, quan_value, quan_non)
        moves = []
        while not ref.over and len(moves) < 60:
            move = rng.choice(ref.moves())
            moves.append(move)
            ref.play(*move)
        argv = ["oaq", "replay", "--players", str(players), "--quan-value", str(quan_value)]
        if quan_non:
            argv.append("--quan-non")
        status, out, err = run(capsys, *(argv + [format_move(*m) for m in moves] + ["--json"]))
        assert status == 0 and err == ""
        lines = [json.loads(line) for line in out.splitlines()]
        assert len(lines) == len(moves)
        last = lines[-1]
        assert set(last) >= {"move", "board", "quan", "captured", "quan_captured", "turn", "over",
                             "scores"}
        assert last["move"] == format_move(*moves[-1])
        assert last["board"] == ref.dan and len(last["board"]) == 6 * players
        assert last["quan"] == [ref.piece[6 * k] for k in range(players)]
        assert last["captured"] == ref.captured and last["quan_captured"] == ref.quans
        assert last["over"] == ref.over
        assert last["turn"] == (None if ref.over else ref.turn)
        assert last["ended_by_rule"] == ref.stalled
        if ref.over:
            assert last["scores"] == ref.final_scores() and last["stall_left"] is None
        else:
            assert 1 <= last["stall_left"] <= 12 * players


def test_replay_of_a_whole_game_ends_with_conserved_scores(capsys):
    rng = Rng(3)
    game = Game()
    moves = []
    while not game.over:
        move = rng.choice(game.legal_moves())
        game.play(*move)
        moves.append(format_move(*move))
    status, out, _ = run(capsys, "oaq", "replay", *moves, "--json")
    last = json.loads(out.splitlines()[-1])
    assert status == 0 and last["over"] and sum(last["scores"]) == 70


def test_first_moves_by_hand(capsys):
    status, out, _ = run(capsys, "oaq", "replay", "3+", "--json")
    rec = json.loads(out)
    assert rec["board"] == [1, 6, 6, 0, 0, 6, 1, 6, 6, 0, 6, 6]
    assert rec["captured"] == [6, 0] and rec["turn"] == 1 and rec["over"] is False


@pytest.mark.parametrize("moves,needle", [
    (["3+", "9-"], "'9-'"), (["3+", "2+"], "'2+'"), (["3x"], "'3x'"), (["12+"], "'12+'"),
    (["0+"], "'0+'"), (["+"], "'+'")])
def test_bad_moves_are_one_line_errors_with_status_2(capsys, moves, needle):
    status, out, err = run(capsys, "oaq", "replay", *moves, "--json")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and needle in err


def test_bad_options_are_one_line_errors(capsys):
    for argv in (["oaq", "replay", "--players", "5"], ["oaq", "replay", "--quan-value", "7"],
                 ["oaq", "best", "--level", "hard"], ["oaq", "match", "greedy", "nobody"],
                 ["oaq", "match", "greedy", "ai:nodes=0"]):
        status, out, err = run(capsys, *argv)
        assert status == 2 and err.count("\n") == 1 and "Traceback" not in err


def test_best_is_the_searchers_move_and_legal(capsys):
    status, out, _ = run(capsys, "oaq", "best", "--nodes", "500", "3+", "--json")
    rec = json.loads(out)
    game = Game()
    game.play(3, 1)
    square, step, _ = Searcher(2).search(game.state, 500)
    assert status == 0 and rec["move"] == format_move(square, step)
    assert rec["nodes"] <= 500
    status, out, _ = run(capsys, "oaq", "best", "--level", "khó", "--players", "3")
    move = out.strip()
    assert status == 0 and move in [format_move(*m) for m in Game(3).legal_moves()]
    status, out, _ = run(capsys, "oaq", "best", "--level", "de", "--json")
    assert json.loads(out)["nodes"] <= LEVEL_NODES["de"]


def test_match_json_counts_add_up_and_seats_swap(capsys):
    status, out, _ = run(capsys, "oaq", "match", "greedy", "random", "--games", "6", "--seed",
                         "4", "--json")
    rec = json.loads(out)
    assert status == 0 and rec["games"] == 6
    assert rec["wins"] + rec["draws"] + rec["losses"] == 6
    assert sum(rec["as_first"]) == 3 and sum(rec["as_second"]) == 3
    assert [a + b for a, b in zip(rec["as_first"], rec["as_second"])] == \
        [rec["wins"], rec["draws"], rec["losses"]]
    # The same player on both sides: each pair is one opening played from both seats, so every
    # win of seat 0 in one game is a loss in the other and the totals mirror exactly.
    status, out, _ = run(capsys, "oaq", "match", "greedy", "greedy", "--games", "10", "--json")
    rec = json.loads(out)
    assert rec["wins"] == rec["losses"] and rec["as_first"][0] == rec["as_second"][2]
    assert rec["mean_score_diff"] == 0


def test_match_json_gives_the_longest_game_and_those_the_stall_rule_ended(capsys):
    # random against random, four players: the games replayed here as the match plays them
    # (opening of the group, then each seat's own random numbers)
    status, out, _ = run(capsys, "oaq", "match", "random", "random", "--games", "24", "--seed",
                         "3", "--players", "4", "--json")
    rec = json.loads(out)
    lengths = []
    stalled = 0
    for i in range(24):
        game = opening(3, i // 4, 4, 10, False)
        rng = Rng(3 * 104729 + i)
        plies = OPENING_MOVES
        while not game.over:
            game.play(*rng.choice(game.legal_moves()))
            plies += 1
        lengths.append(plies)
        stalled += game.stalled
    assert status == 0 and rec["longest"] == max(lengths) and rec["ended_by_rule"] == stalled
    assert 0 < stalled < 24


def test_match_text_and_more_players(capsys):
    status, out, _ = run(capsys, "oaq", "match", "ai:nodes=60", "greedy", "--games", "2")
    assert status == 0 and "as first" in out and "as second" in out
    status, out, _ = run(capsys, "oaq", "match", "ai:de", "random", "--games", "4", "--players",
                         "4", "--json")
    rec = json.loads(out)
    assert status == 0 and len(rec["by_seat"]) == 4 and rec["games"] == 4


def test_the_installed_command_exits_2_on_an_illegal_move():
    if not os.path.exists(TET):
        pytest.skip("no .venv/bin/tet")
    res = subprocess.run([TET, "oaq", "replay", "3+", "3+", "--json"], capture_output=True,
                         text=True)
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr.count("\n") == 1 and "'3+'" in res.stderr
    res = subprocess.run([sys.executable, "-m", "tetcli.main", "oaq", "replay", "1-", "--json"],
                         capture_output=True, text=True, cwd=os.path.join(ROOT, "host_tools"))
    assert res.returncode == 0 and json.loads(res.stdout)["quan_captured"] == [1, 0]
