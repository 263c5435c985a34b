"""Fuzzing `tet`: mutated command lines and saved positions give exit 0, or exit 2 with one line.

Every run is in-process through tetcli.main.main(argv), seeded, and each call has a time limit
so a hang fails the test instead of stalling it.
"""

import json
import random
import signal

import pytest

from tet.games.xap_sac import engine as X
from tetcli.main import main

CALL_SECONDS = 10  # generous: the slowest valid call takes 0.3 s of CPU
MUTATIONS = 30
LONG_DIGITS = "9" * 5000


class Timeout(Exception):
    """Raised by the alarm when one call runs past CALL_SECONDS."""


def _alarm(_signum, _frame):
    raise Timeout()


def call(argv, capsys):
    """(status, stdout, stderr) of `tet argv`, SystemExit included, failing after CALL_SECONDS."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, CALL_SECONDS)
    try:
        status = main(argv)
    except SystemExit as e:
        status = e.code
    except Timeout:
        pytest.fail("tet %r ran more than %d s" % (argv, CALL_SECONDS))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    out, err = capsys.readouterr()
    return status, out, err


def assert_clean(argv, status, out, err):
    """Exit 0, or exit 2 with exactly one short line on stderr, nothing on stdout, no traceback."""
    assert status in (0, 2), (argv, status, err[-500:])
    assert "Traceback" not in err, (argv, err[-2000:])
    if status == 2:
        assert out == "" and err.count("\n") == 1 and err.endswith("\n"), (argv, err[-500:])
        assert err.startswith("tet") and ": error: " in err, (argv, err)
        assert len(err) < 400, (argv, len(err))


# Cheap valid command lines: every subcommand and option (a mutation that stays valid runs fast).
BASES = (
    ["xh", "classify", "1", "2", "3", "4", "5", "6", "--json"],
    ["xh", "table"],
    ["xh", "game", "--players", "5", "--seed", "3", "--option", "ban_trang=1",
     "--option", "dau_the_roi=2", "--spill-percent", "10", "--json"],
    ["oaq", "replay", "--players", "2", "--quan-value", "5", "--quan-non", "3+", "8-", "--json"],
    ["oaq", "best", "--nodes", "200", "--players", "3", "3+"],
    ["oaq", "best", "--level", "de", "--json"],
    ["oaq", "match", "random", "greedy", "--games", "2", "--seed", "3", "--json"],
    ["oaq", "match", "ai:nodes=50", "ai:de", "--games", "1", "--players", "3"],
    ["totom", "check", "3V", "7N", "3S", "CC", "--players", "4", "--win", "CC", "--streak", "1",
     "--from-stock", "--json"],
    ["totom", "check", "Tam", "Vạn", "Cuu Sach,OC"],
    ["totom", "selfplay", "--seed", "3", "--players", "5", "--json"],
    ["xs", "selfplay", "--players", "2", "--seed", "1", "--level", "easy", "--json"],
    ["xs", "legal", "--state", "STATE", "--json"],
    ["xs", "match", "--players", "2", "--games", "1", "--seed", "1", "--level", "hard"],
)

# Malformed words: empty, signs, huge and long numbers, floats, junk, control and odd characters,
# out-of-range budgets and rules, options without values. None is a valid expensive argument.
BAD_WORDS = (
    "", " ", "-", "--", "-1", "-0", "0", "99999999999999", LONG_DIGITS, "x" * 5000, "1e3", "0x10",
    "nan", "inf", "3.5", "+", "=", ",", "a\nb", "\x00", "\udcff", "\u0303", "Vạn", "ZZ", "TS",
    "ai:", "ai:nodes=", "ai:nodes=99999999999999", "ai:nodes=-5", "ai:nodes=" + LONG_DIGITS,
    "ban_trang=1", "cuop_trang_em=1", "ban_trang=999", "luc_phu_value=" + LONG_DIGITS, "x=1",
    "--json", "--players", "--seed", "--nodes", "--level", "--games", "--option", "--state",
    "--win", "--streak", "--quan-value", "--spill-percent", "--bogus", "/nonexistent/x.json",
    "/", "/dev/null", "12+", "0+", "9" * 60 + "+", "DEEP", "HUGE",
)


def mutate(argv, rng):
    """One to three random edits of argv: replace, insert, delete or duplicate a word."""
    argv = list(argv)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(argv) + 1)
        op = rng.randrange(4)
        if op == 0 and i < len(argv) and i > 0:
            argv[i] = rng.choice(BAD_WORDS)
        elif op == 1:
            argv.insert(i, rng.choice(BAD_WORDS))
        elif op == 2 and i < len(argv) and len(argv) > 1:
            del argv[i]
        elif i < len(argv):
            argv.insert(i, argv[i])
    return argv


@pytest.fixture
def files(tmp_path):
    """Paths of a valid saved position, a deeply nested JSON file and a too-big one."""
    state = tmp_path / "state.json"
    state.write_text(json.dumps(X.XapSac(3, 5).to_dict()))
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100000 + "]" * 100000)
    huge = tmp_path / "huge.json"
    huge.write_text("[" + "0," * 600000 + "0]")
    return {"STATE": str(state), "DEEP": str(deep), "HUGE": str(huge)}


def test_mutated_command_lines_are_one_line_errors(files, capsys):
    rng = random.Random(20261201)
    for base in BASES:
        status, out, err = call([files.get(w, w) for w in base], capsys)
        assert status == 0 and out and err == "", (base, err)
        for _ in range(MUTATIONS):
            argv = [files.get(w, w) for w in mutate(base, rng)]
            assert_clean(argv, *call(argv, capsys))


JSON_VALUES = (None, True, -1, 0, 10 ** 30, 1.5, "", "x" * 5000, "R1", "TS", [], [[]], {},
               {"code": "R1"}, [0] * 1000, ["R1"] * 3, -10 ** 6)


def mutate_state(state, rng):
    """A saved position with one to three fields (or list entries) deleted, replaced or copied."""
    d = json.loads(json.dumps(state))
    for _ in range(rng.randint(1, 3)):
        node = d
        while True:
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            k = rng.choice(keys)
            child = node[k]
            if isinstance(child, (dict, list)) and child and rng.randrange(3):
                node = child
                continue
            op = rng.randrange(4)
            if op == 0 and isinstance(node, dict):
                del node[k]
            elif op == 0:
                node.pop(k)
            elif op == 1:
                node[k] = rng.choice(JSON_VALUES)
            elif op == 2 and isinstance(node, list):
                node.append(child)
            else:
                other = rng.choice(keys)
                node[k], node[other] = node[other], child
            break
    return d


def test_mutated_saved_positions_are_one_line_errors(tmp_path, capsys):
    rng = random.Random(1201)
    states = []
    for seed, players in ((4, 2), (5, 3), (6, 4)):
        game = X.XapSac(players, seed)
        for _ in range(rng.randrange(30)):
            plays = game.legal_plays(every_order=False)
            if plays and (rng.randrange(3) or not game.may_pass()):  # the opener must play
                game.play(rng.choice(plays))
            else:
                game.pass_turn()
            if game.phase != X.PLAYING:
                break
        states.append(game.to_dict())
    path = tmp_path / "pos.json"
    refused = 0
    for i in range(300):
        path.write_text(json.dumps(mutate_state(states[i % len(states)], rng)))
        argv = ["xs", "legal", "--state", str(path), "--json"]
        status, out, err = call(argv, capsys)
        assert_clean(argv, status, out, err)
        refused += status == 2
    assert refused > 200
