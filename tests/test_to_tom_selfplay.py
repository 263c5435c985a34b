"""Tổ Tôm self-play on CPython: whole games replayed by the independent rule checker, card
conservation after every action, bots against weaker players, and the `tet totom selfplay` CLI."""

import json
import os
import subprocess
import sys

import pytest

from test_to_tom_game import count_cards
from test_to_tom_selfplay_checker import check_record

from tet.games.to_tom.ai import Player
from tet.core.rng import Rng
from tet.games.to_tom.engine import P_OVER, ToTom
from tetcli.to_tom_selfplay import selfplay

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TET = os.path.join(os.path.dirname(sys.executable), "tet")
TAKE_KEYS = {"laid_onto", "shared", "also", "khan_up", "laid_from"}     # a take's, §9
GAMES = 1000    # the measure: 1,000 self-play games, in chunks the workers share
CHUNK = 125


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_selfplay_games_end_and_break_no_rule(first):
    wins = draws = checked = 0
    for seed in range(first, first + CHUNK):
        record = selfplay(seed, 4 if seed % 5 == 0 else 5)
        checked += check_record(record)
        if record["result"]["draw"]:
            draws += 1
        else:
            wins += 1
    assert wins + draws == CHUNK
    assert wins > CHUNK // 2        # sound players finish most games with a win
    assert checked > CHUNK * 20


def test_all_120_cards_after_every_action():
    for seed in range(40):
        rng = Rng(seed)
        game = ToTom(5 if seed % 3 else 4, seed % 4, record=False)
        game.deal(rng)
        bots = [Player("bot", rng) for _ in range(game.n)]
        while game.phase != P_OVER:
            p = game.to_move()
            game.apply(p, bots[p].choose(game, p))
            assert count_cards(game) == [4] * 30


def match(policies, games, players=5):
    """Wins per policy name and seats played per policy name, seats rotated every game."""
    wins = {}
    seats = {}
    for seed in range(games):
        rng = Rng(1000 + seed)
        game = ToTom(players, seed % players, record=False)
        game.deal(rng)
        names = [policies[(p + seed) % players] for p in range(players)]
        bots = [Player(name, rng) for name in names]
        while game.phase != P_OVER:
            p = game.to_move()
            game.apply(p, bots[p].choose(game, p))
        for name in names:
            seats[name] = seats.get(name, 0) + 1
        if game.winner >= 0:
            wins[names[game.winner]] = wins.get(names[game.winner], 0) + 1
    return wins, seats


def test_bot_beats_random_discards():
    wins, seats = match(["bot", "random_discard", "bot", "random_discard", "random_discard"], 150)
    bot = wins.get("bot", 0) / seats["bot"]
    other = wins.get("random_discard", 0) / seats["random_discard"]
    assert bot > 2 * other, (wins, seats)


def test_bot_beats_random_player():
    wins, seats = match(["bot", "random", "random", "random"], 100, players=4)
    bot = wins.get("bot", 0) / seats["bot"]
    other = wins.get("random", 0) / seats["random"]
    assert bot > 2 * other, (wins, seats)


def _tet(*args):
    return subprocess.run([TET, "totom", "selfplay"] + list(args), capture_output=True,
                          text=True, timeout=120)


def test_cli_selfplay_json():
    res = _tet("--seed", "7", "--json")
    assert res.returncode == 0, res.stderr
    record = json.loads(res.stdout)
    assert record["seed"] == 7 and record["players"] == 5
    assert len(record["hands"]) == 5 and len(record["stock"]) == 19
    for entry in record["actions"]:
        assert set(entry) - {"declined"} - TAKE_KEYS == {"player", "action", "card", "phu",
                                                         "stock"}
    declines = [e for e in record["actions"] if "declined" in e]
    assert declines and all(e["action"] in ("pass", "draw", "draw_game") for e in declines)
    assert record["actions"][0]["action"] == "deal"
    assert record["actions"][-1]["action"] in ("u", "draw_game")
    assert check_record(record) > 0
    assert _tet("--seed", "7", "--json").stdout == res.stdout


def test_cli_selfplay_logs_the_takes_onto_laid_entries():
    # to-tom-v2 §9: `laid_onto` (the entry extended; `phu` the whole extended phu), `shared` (the
    # fixed entry lending; `phu` the card and the concealed cards), `also` (treo tranh's extra
    # phu), each only where it applies, beside every existing key
    record = json.loads(_tet("--seed", "31", "--json").stdout)
    assert record["rules"] == "v2"
    onto = [e for e in record["actions"] if "laid_onto" in e]
    shared = [e for e in record["actions"] if "shared" in e]
    assert onto and shared
    for entry in onto + shared:
        assert entry["action"] == "eat" and entry["card"] in entry["phu"]
        assert {"player", "action", "card", "phu", "stock"} <= set(entry)
        assert isinstance(entry.get("laid_onto", entry.get("shared")), int)
    assert all(len(e["phu"]) >= 4 for e in onto)       # a phu that was one, grown
    also = [e for e in json.loads(_tet("--seed", "0", "--players", "4", "--json").stdout)
            ["actions"] if "also" in e]
    assert also and all(isinstance(x, list) and x for e in also for x in e["also"])
    assert check_record(record) > 0


def test_cli_selfplay_four_players_and_text():
    record = json.loads(_tet("--seed", "3", "--players", "4", "--json").stdout)
    assert record["players"] == 4 and len(record["hands"][0]) in (24, 25)
    check_record(record)
    text = _tet("--seed", "3")
    assert text.returncode == 0 and "Tổ Tôm" in text.stdout


def test_cli_selfplay_bad_input():
    for args in (("--seed", "x"), ("--seed", "1", "--players", "6"), ()):
        res = _tet(*args)
        assert res.returncode == 2
        assert len(res.stderr.strip().splitlines()) == 1
        assert "Traceback" not in res.stderr


def test_the_bot_keeps_a_live_cho_that_todays_bot_gives_up():
    """Issue 14: over seeded games with one new bot among four of the player before it
    ("phu"), a discard that leaves no live wait while another would keep one is rare for the new
    bot (the issue's target: at most 3%) and common for the old one (17.8% over 1,000 games)."""
    from to_tom_bot_results import PLAYERS, new_seat, play

    offered = {True: 0, False: 0}
    given_up = {True: 0, False: 0}
    for g in range(30):
        seat = new_seat(g)
        policies = ["bot" if q == seat else "phu" for q in range(PLAYERS)]
        _points, waiting, _drawn, _chuc = play((g, policies))
        for q in range(PLAYERS):
            offered[q == seat] += waiting[q][0]
            given_up[q == seat] += waiting[q][1]
    assert offered[True] >= 10 and offered[False] >= 40, offered
    assert given_up[True] <= 0.03 * offered[True], (given_up, offered)
    assert given_up[False] >= 0.08 * offered[False], (given_up, offered)
