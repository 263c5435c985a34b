"""`tet` on the malformed input of issue 12 (item 7): one line, exit 2, arguments shortened.

Each test below failed before the fix: a RecursionError traceback, a hang, an empty hand called
thành, rules accepted for the wrong table size, impossible positions accepted, an argument of
5,000 digits repeated in full.
"""

import json

import pytest

from tet.games.xap_sac.ai import HeuristicPlayer, RandomPlayer
from tet.core.rng import Rng
from tet.games.xap_sac import engine as X
from tet.games.xap_sac import saved as L
from tetcli.xap_sac_check import check_position
from tetcli.common import MAX_JSON_DEPTH
from tetcli.o_an_quan_match import MAX_NODES
from tetcli.xap_sac import play_game

from test_cli_fuzz import assert_clean, call

LONG = "9" * 5000


def refused(capsys, *argv):
    """The one error line of `tet argv`, asserting exit 2 and nothing else printed."""
    status, out, err = call(list(argv), capsys)
    assert_clean(argv, status, out, err)
    assert status == 2, (argv, out[:200])
    return err


def accepted(capsys, *argv):
    status, out, err = call(list(argv), capsys)
    assert status == 0 and err == "", (argv, err)
    return out


def test_deeply_nested_json_is_refused_before_parsing(tmp_path, capsys):
    for name, text in (("deep.json", "[" * 100000 + "]" * 100000),
                       ("deep_obj.json", '{"a":' * 5000 + "1" + "}" * 5000),
                       ("just_over.json", "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1))):
        path = tmp_path / name
        path.write_text(text)
        err = refused(capsys, "xs", "legal", "--state", str(path))
        assert "nested more than %d levels" % MAX_JSON_DEPTH in err
    # brackets inside strings do not count; the limit itself is fine (then it is no position)
    path = tmp_path / "strings.json"
    path.write_text(json.dumps({"players": "[" * 1000}))
    assert "field 'players' must be a whole number" in refused(capsys, "xs", "legal", "--state",
                                                               str(path))
    path.write_text("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH)
    assert "a position must be a JSON object" in refused(capsys, "xs", "legal", "--state",
                                                         str(path))


def test_too_big_and_odd_files_are_refused(tmp_path, capsys):
    huge = tmp_path / "huge.json"
    huge.write_text("[" + "0," * 600000 + "0]")
    assert "too big" in refused(capsys, "xs", "legal", "--state", str(huge))
    assert "too big" in refused(capsys, "xs", "legal", "--state", "/dev/zero")
    assert "cannot read" in refused(capsys, "xs", "legal", "--state", str(tmp_path))
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"players": "\xe9"}')
    assert "not UTF-8" in refused(capsys, "xs", "legal", "--state", str(latin))


def test_out_of_range_node_budgets_are_refused_everywhere(capsys):
    for player in ("ai:nodes=99999999999999", "ai:nodes=%d" % (MAX_NODES + 1), "ai:nodes=0",
                   "ai:nodes=-3", "ai:nodes=" + LONG, "ai:nodes=x"):
        err = refused(capsys, "oaq", "match", "greedy", player, "--games", "1")
        assert "ai:nodes=K must be" in err
    err = refused(capsys, "oaq", "match", "ai:nodes=99999999999999", "random")
    assert "must be 1..%d" % MAX_NODES in err
    err = refused(capsys, "oaq", "best", "--nodes", "99999999999999")
    assert "--nodes must be 1..%d" % MAX_NODES in err
    accepted(capsys, "oaq", "match", "ai:nodes=30", "random", "--games", "1")


def test_empty_and_impossible_to_tom_hands_are_refused(capsys):
    for argv in ([""], [",", " "], []):
        status, out, err = call(["totom", "check"] + argv, capsys)
        assert status == 2 and out == "" and err.count("\n") == 1
    assert "no cards" in refused(capsys, "totom", "check", "")
    assert "at most 25 cards, got 26" in refused(capsys, "totom", "check", *(["1V 2V"] * 13))
    assert "more than four copies of CC (Chi Chi): 5" in refused(capsys, "totom", "check", "CC",
                                                                 "CC", "Chi", "Chi", "cc", "CC")
    obj = json.loads(accepted(capsys, "totom", "check", "CC", "--json"))
    assert obj["cards"] == 1 and obj["thanh"] is True


def test_xam_huong_rules_are_checked_against_the_player_count(capsys):
    for players in (2, 4, 6, 12):
        err = refused(capsys, "xh", "game", "--players", str(players), "--seed", "1",
                      "--option", "ban_trang=1")
        assert "option ban_trang is for 5 players, not %d" % players in err
    for players in (2, 5, 7):
        err = refused(capsys, "xh", "game", "--players", str(players), "--seed", "1",
                      "--option", "cuop_trang_em=1")
        assert "cuop_trang_em is for 8 or more players" in err
    obj = json.loads(accepted(capsys, "xh", "game", "--players", "5", "--seed", "1", "--option",
                              "ban_trang=1", "--json"))
    assert obj["options"]["ban_trang"] == 1
    for players in (8, 12):
        accepted(capsys, "xh", "game", "--players", str(players), "--seed", "1", "--option",
                 "cuop_trang_em=1", "--json")
    # switched off, a rule for another table size is harmless
    accepted(capsys, "xh", "game", "--players", "3", "--seed", "1", "--option", "ban_trang=0",
             "--option", "cuop_trang_em=0", "--json")


def _position(players=4, seed=1, actions=12):
    """A saved position a few plays into a round, still being played."""
    game = X.XapSac(players, seed)
    rng = Rng(seed)
    for _ in range(actions):
        plays = game.legal_plays(every_order=False)
        if plays and rng.below(3):
            game.play(rng.choice(plays))
        else:
            game.pass_turn()
        assert game.phase == X.PLAYING
    return json.loads(json.dumps(game.to_dict()))


def _move_hand_card(d, x, y):
    card = d["hands"][d["turn"]].pop()
    d["table"].append({"code": card, "x": x, "y": y})


def _five_in_a_column(d):
    for i in range(1, 5):
        _move_hand_card(d, 1, i)


def _wrong_held_flag(d):
    d["mode"] = "lead"
    d["last"] = None
    d["passes"] = 0
    game = L.from_dict(d)
    held = game.has_legal_play(d["turn"])
    nxt = game.next_holder(d["turn"])
    d["lead_passes"] = [[d["turn"], not held]]
    d["turn"] = nxt


# (what the refusal says: one text, or alternatives when the save loader (load.from_dict) finds
# the same impossibility first and words it its own way, mutation)
IMPOSSIBLE = (
    (("player {turn} is to move but is already out", "is out but holds cards"), lambda d: d.update(out=[d["turn"]])),
    ("is not joined to the layout", lambda d: _move_hand_card(d, 40, 40)),
    (("kẹt is set but the round is still in play", "a kẹt ends the round"), lambda d: d.update(ket=True)),
    ("duplicate card", lambda d: d["hands"][0].append(d["hands"][1][0])),
    ("unknown card 'Q7'", lambda d: d["hands"][0].__setitem__(0, "Q7")),
    (("no line holds more than 4", "overlapping cells"), _five_in_a_column),
    (("starting row", "duplicate card"), lambda d: d["table"].__setitem__(
        [c["x"] for c in d["table"]].index(0), dict(d["table"][0], x=-7, y=-7))),
    ("more than the 12 dealt", lambda d: max(d["hands"], key=len).extend(d.pop("box")) or
     d.update(box=[])),
    ("scores must add up", lambda d: d.update(scores=[1, 0, 0, 0])),
    ("round 3 does not follow", lambda d: d.update(round=3)),
    ("mode open but cards have been played", lambda d: d.update(mode="open", last=None)),
    ("the lead would have moved on", lambda d: d.update(mode="follow", passes=3, last={
        "type": "pair", "rank": 1, "xap": False, "player": d["turn"]})),
    ("legal play", _wrong_held_flag),
)


@pytest.mark.parametrize("reason,mutate", IMPOSSIBLE,
                         ids=[r if isinstance(r, str) else r[0] for r, _ in IMPOSSIBLE])
def test_impossible_xap_sac_positions_are_refused_with_the_reason(reason, mutate, tmp_path,
                                                                   capsys):
    d = _position()
    accepted(capsys, "xs", "legal", "--state", _write(tmp_path, d))
    mutate(d)
    err = refused(capsys, "xs", "legal", "--state", _write(tmp_path, d), "--json")
    reasons = (reason,) if isinstance(reason, str) else reason
    assert any(r.format(turn=_position()["turn"]) in err for r in reasons), err


def _write(tmp_path, d):
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(d))
    return str(path)


def test_a_player_out_must_be_listed_as_out(tmp_path, capsys):
    agents = [HeuristicPlayer(1) for _ in range(3)]
    for seed in range(1, 50):
        game = X.XapSac(3, seed)
        while not game.out and game.phase == X.PLAYING:
            play = agents[game.turn].choose(game)
            if play is None:
                game.pass_turn()
            else:
                game.play(play)
        if game.phase == X.PLAYING:
            break
    assert game.out and game.phase == X.PLAYING
    d = json.loads(json.dumps(game.to_dict()))
    accepted(capsys, "xs", "legal", "--state", _write(tmp_path, d))
    gone = d["out"][0]
    d["out"] = []
    err = refused(capsys, "xs", "legal", "--state", _write(tmp_path, d))
    assert "player %d holds no cards but is not listed as out" % gone in err


def test_every_position_reached_in_play_passes_the_check():
    seen = 0
    for seed in range(3):
        players = 2 + seed
        game = X.XapSac(players, seed)
        rng = Rng(seed)
        agents = [RandomPlayer(rng) if p % 2 else HeuristicPlayer(1) for p in range(players)]

        def check(g, *_entry):
            nonlocal seen
            check_position(L.from_dict(json.loads(json.dumps(g.to_dict()))))
            seen += 1
        check(game)
        play_game(game, agents, check, check, check)
    assert seen > 300


def test_long_arguments_are_shortened_in_messages(tmp_path, capsys):
    cases = (["xh", "classify", LONG, "1", "2", "3", "4", "5"],
             ["xh", "game", "--players", LONG, "--seed", "1"],
             ["xh", "game", "--players", "4", "--seed", "1", "--option", "x" * 5000 + "=1"],
             ["oaq", "replay", LONG + "+"],
             ["oaq", "best", "--level", "x" * 5000],
             ["oaq", "match", "greedy", "ai:" + "x" * 5000],
             ["totom", "check", "Z" * 5000],
             ["totom", "check", "1V", "--win", "Z" * 5000],
             ["totom", "check", "1V", "--streak", LONG],
             ["xs", "match", "--players", "2", "--games", LONG],
             ["xs", "legal", "--state", str(tmp_path / ("x" * 200))],
             ["xs", "nonsense" * 1000],
             ["xs", "legal", "--state", "s.json", "--bogus=" + "y" * 5000])
    for argv in cases:
        err = refused(capsys, *argv)
        assert len(err) < 240 and "…" in err, (argv[:3], err)
    d = _position()
    d["hands"][0][0] = "R" * 5000
    err = refused(capsys, "xs", "legal", "--state", _write(tmp_path, d))
    assert "unknown card 'RRRR" in err and len(err) < 240
    # a newline in an argument stays on the one line
    err = refused(capsys, "totom", "check", "1V\n2X")
    assert err.count("\n") == 1
