"""`tet xs selfplay|legal|match`: JSON contracts, replaying a record, one-line errors."""

import json
import os
import subprocess

from tet.games.xap_sac import engine as X
from tetcli.main import main

from test_xap_sac_bruteforce import brute_force, simple_line

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TET = os.path.join(ROOT, ".venv", "bin", "tet")


def run(argv, capsys):
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def tet(*args):
    return subprocess.run([TET] + list(args), capture_output=True, text=True, timeout=120)


def replay(record):
    """Follow a selfplay record round by round from its set-ups, checking every action."""
    rounds = record["rounds"]
    actions = record["actions"]
    assert rounds[0]["setup"] == record["setup"]
    n = record["players"]
    totals = [0] * n
    for r in rounds:
        setup = r["setup"]
        table = {(c["x"], c["y"]): c["code"] for c in setup["layout"]}
        assert [table[(0, 0)], table[(5, 0)]] == ["TS", "TS"] and len(table) == 6
        hands = [list(h) for h in setup["hands"]]
        codes = [c for h in hands for c in h] + list(table.values()) + setup["box"]
        assert len(codes) == 58 and codes.count("TS") == 2
        if record.get("deck", "1-7x2") == "1-14":
            assert len(set(codes)) == 57
        else:
            # numbers 1-7, every card twice
            assert all(int(c[1:]) <= 7 and codes.count(c) == 2 for c in codes if c != "TS")
        turn = setup["first"]
        if r["round"] > 1:
            # the last round's loser opens: the one left holding cards, or after a kẹt one of
            # the players still in with the fewest points of that round
            before = rounds[r["round"] - 2]
            still_in = [p for p in range(n) if p not in before["out"]]
            low = min(before["points"][p] for p in still_in)
            assert turn in still_in and before["points"][turn] == low
        opening = True
        for a in [a for a in actions if a["round"] == r["round"]]:
            assert a["player"] == turn
            if a["action"] == "pass" and opening:
                # the first player must play when they can: check with the brute force
                state = {"table": [{"code": c, "x": x, "y": y} for (x, y), c in table.items()],
                         "hands": hands, "turn": turn, "mode": "open", "last": None}
                assert not brute_force(state), "an opener passed holding a play"
            if a["action"] == "play":
                opening = False
                for c in a["cards"]:
                    assert (c["x"], c["y"]) not in table
                    hands[turn].remove(c["code"])
                    table[(c["x"], c["y"])] = c["code"]
                assert a["line"]["type"] in ("pair", "triple", "quad", "run3", "run4")
            else:
                assert a["action"] == "pass" and "cards" not in a
            # the next action belongs to the next player clockwise still holding cards
            turn = next((turn + i) % n for i in range(1, n + 1) if hands[(turn + i) % n])
        holders = [p for p in range(n) if hands[p]]
        if not r["ket"]:
            assert len(holders) == 1 and r["points"][holders[0]] == 0
            assert sorted(r["points"]) == list(range(n))
        assert r["out"] == [p for p in r["out"] if not hands[p]]
        totals = [t + p for t, p in zip(totals, r["points"])]
        assert r["scores"] == totals
    assert record["scores"] == totals
    assert record["winner"] == totals.index(max(totals))


def test_selfplay_json_contract_and_replay(capsys):
    for players in (2, 3, 4):
        status, out, err = run(["xs", "selfplay", "--players", str(players), "--seed", "7",
                                "--json"], capsys)
        assert status == 0 and err == ""
        assert out.count("\n") == 1
        record = json.loads(out)
        assert set(record) >= {"setup", "actions", "rounds", "scores", "winner"}
        assert set(record["setup"]) >= {"layout", "hands"}
        assert all(set(c) == {"code", "x", "y"} for c in record["setup"]["layout"])
        assert len(record["setup"]["hands"]) == players
        plays = [a for a in record["actions"] if a["action"] == "play"]
        assert plays and all(set(a) >= {"player", "action", "cards", "line", "leader"}
                             for a in plays)
        assert any(a["leader"] for a in plays)
        assert all(set(a["line"]) == {"type", "rank", "xap"} for a in plays)
        replay(record)


def test_selfplay_lines_match_the_cards(capsys):
    status, out, _ = run(["xs", "selfplay", "--players", "4", "--seed", "3", "--json"], capsys)
    record = json.loads(out)
    table = {}
    current = 0
    for a in record["actions"]:
        if a["round"] != current:
            current = a["round"]
            setup = record["rounds"][current - 1]["setup"]
            table = {(c["x"], c["y"]): c["code"] for c in setup["layout"]}
        if a["action"] != "play":
            continue
        for c in a["cards"]:
            table[(c["x"], c["y"])] = c["code"]
        cells = [(c["x"], c["y"]) for c in a["cards"]]
        if len(cells) == 1:
            axes = [(1, 0), (0, 1)]
        else:
            axes = [(0, 1)] if len(set(x for x, _ in cells)) == 1 else [(1, 0)]
        found = []
        for dx, dy in axes:
            x, y = cells[0]
            while table.get((x - dx, y - dy), "TS") != "TS":
                x, y = x - dx, y - dy
            line = []
            while table.get((x, y), "TS") != "TS":
                line.append(table[(x, y)])
                x, y = x + dx, y + dy
            found.append(simple_line(line))
        want = (a["line"]["type"], a["line"]["rank"], a["line"]["xap"])
        assert want in found


def test_selfplay_with_either_deck_replays_under_its_rules(capsys):
    for deck, seed in (("1-14", "5"), ("1-7x2", "9")):
        status, out, err = run(["xs", "selfplay", "--players", "4", "--seed", seed, "--deck",
                                deck, "--json"], capsys)
        assert status == 0 and err == ""
        record = json.loads(out)
        assert record["deck"] == deck
        numbers = set(int(c[1:]) for h in record["setup"]["hands"] for c in h)
        assert max(numbers) == (14 if deck == "1-14" else 7)
        replay(record)


def test_selfplay_is_deterministic_and_seeds_differ(capsys):
    outs = [run(["xs", "selfplay", "--players", "3", "--seed", s, "--json"], capsys)[1]
            for s in ("11", "11", "12")]
    assert outs[0] == outs[1] and outs[0] != outs[2]


def test_legal_lists_every_play_of_a_saved_position(tmp_path, capsys):
    game = X.XapSac(3, 21)
    for _ in range(9):
        plays = game.legal_plays(every_order=False)
        if plays:
            game.play(plays[-1])
        else:
            game.pass_turn()
    state = game.to_dict()
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(state))
    status, out, err = run(["xs", "legal", "--state", str(path), "--json"], capsys)
    assert status == 0 and err == ""
    result = json.loads(out)
    assert result["player"] == state["turn"] and result["count"] == len(result["plays"])
    got = set()
    for p in result["plays"]:
        placed = frozenset((c["x"], c["y"], c["code"]) for c in p["cards"])
        got.add((p["axis"], placed, p["line"]["type"], p["line"]["rank"], p["line"]["xap"]))
    assert got == brute_force(state)
    assert len(got) == result["count"]


def test_bad_input_is_one_line_and_status_2(tmp_path):
    good = X.XapSac(4, 1).to_dict()
    cases = []

    def case(name, mutate):
        d = json.loads(json.dumps(good))
        mutate(d)
        path = tmp_path / (name + ".json")
        path.write_text(json.dumps(d))
        cases.append((name, str(path)))

    case("unknown card", lambda d: d["hands"][0].__setitem__(0, "Z9"))
    case("duplicate card", lambda d: d["box"].append(d["hands"][0][0]))
    case("overlapping", lambda d: d["table"][1].update(x=2))
    case("card counts", lambda d: d["hands"][2].pop())
    case("must be a whole number", lambda d: d.update(turn="one"))
    case("must be one of", lambda d: d.update(mode="attack"))
    case("not joined to the layout", lambda d: d["table"][2].update(y=3))
    case("kẹt ends the round", lambda d: d.update(ket=True))
    case("is out but holds cards", lambda d: d.update(out=[1]))
    case("deck holds 2", lambda d: d["hands"][1].append(d["hands"][1][0]))
    case("not in this deck", lambda d: d["hands"][1].__setitem__(0, "R9"))
    (tmp_path / "broken.json").write_text("{not json")
    cases.append(("not valid JSON", str(tmp_path / "broken.json")))
    cases.append(("cannot read", str(tmp_path / "missing.json")))
    for words, path in cases:
        res = tet("xs", "legal", "--state", path, "--json")
        assert res.returncode == 2, words
        assert res.stdout == ""
        assert res.stderr.count("\n") == 1 and words in res.stderr, (words, res.stderr)
        assert "Traceback" not in res.stderr
    for argv in (["xs", "selfplay", "--players", "5"], ["xs", "selfplay", "--players", "x"],
                 ["xs", "selfplay", "--players", "3", "--seed", "-1"], ["xs", "legal"],
                 ["xs", "nonsense"], ["xs", "selfplay", "--players", "3", "--deck", "1-13"]):
        res = tet(*argv)
        assert res.returncode == 2 and res.stderr.count("\n") == 1, (argv, res.stderr)


def test_match_reports_the_bot_against_random_players(capsys):
    status, out, _ = run(["xs", "match", "--players", "3", "--games", "6", "--json"], capsys)
    result = json.loads(out)
    assert status == 0 and result["games"] == 6 and 0 <= result["bot_wins"] <= 6
