"""Play the Ô Ăn Quan benchmark matches under CPython and save them for bench_o_an_quan.py.

    .venv/bin/python host_tools/bench/oaq_match_results.py [--games 200] [--seed 1] [--jobs 2]

Writes oaq_match_results.json (read by the bench module) and oaq_match_results.md (a table to
paste) next to this file. The players are budgeted by node counts, so every game is move for move
the same as on the device; only the wall time differs. Also plays the 200 seeded games per
number of players of tests/test_o_an_quan_ai_games.py (every pairing of the levels,
oaq_seeded.py) for their lengths and how many the stall rule ended, and Khó
against the Khó before the stall rule (its transposition table never emptied). Takes about five
minutes on two cores.
"""

import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
import sim  # noqa: E402

sim.install_fakes()

from oaq_seeded import PAIRINGS, seeded_game  # noqa: E402
from tet.games.o_an_quan.ai import Searcher, level_nodes  # noqa: E402
from tetcli import o_an_quan_match  # noqa: E402
from tetcli.o_an_quan_match import run_match  # noqa: E402

MATCHES = (("ai:kho", "greedy"), ("ai:kho", "ai:vua"), ("ai:vua", "ai:de"), ("ai:de", "random"),
           ("ai:vua", "greedy"), ("greedy", "random"), ("greedy", "greedy"),
           ("ai:kho", "kho-before"))
ENDING_GAMES = 200
# issue 39's targets for Khó (points, two players)
TARGETS = {("ai:kho", "greedy"): (90.0, 82.0), ("ai:kho", "kho-before"): (60.0, None)}


class KeptTable(Searcher):
    """Khó as it was before the stall rule: its transposition table never emptied (it is now
    emptied for another seat, after an interrupted search and for a new game)."""

    def _clear_table(self):
        pass


def _make_player(text, game, rng):
    if text != "kho-before":
        return MAKE_PLAYER(text, game, rng)
    searcher = KeptTable(game.players, game.quan_value, game.quan_non)
    nodes = level_nodes("kho", game.players)
    return lambda st: searcher.search(st, nodes)[:2]


def _parse_player(text):
    return ("ai", 0) if text == "kho-before" else PARSE_PLAYER(text)


MAKE_PLAYER = o_an_quan_match.make_player
PARSE_PLAYER = o_an_quan_match.parse_player
o_an_quan_match.make_player = _make_player
o_an_quan_match.parse_player = _parse_player


def _one(job):
    a, b, games, seed = job
    start = time.time()
    result = run_match(a, b, games, seed)
    result["seconds"] = round(time.time() - start, 1)
    return result


def _ending(job):
    players, index = job
    game, moves, pairing = seeded_game(players, index)
    return players, len(moves), bool(game.stalled), pairing


def endings(pool_map):
    """Per number of players: games, longest, median plies, games the stall rule ended."""
    jobs = [(p, i) for p in (2, 3, 4) for i in range(ENDING_GAMES)]
    out = []
    rows = pool_map(_ending, jobs)
    for players in (2, 3, 4):
        mine = [r for r in rows if r[0] == players]
        plies = sorted(r[1] for r in mine)
        out.append({"players": players, "games": len(mine), "longest": plies[-1],
                    "median": plies[len(plies) // 2], "ended_by_rule": sum(r[2] for r in mine),
                    "over_300": sum(1 for n in plies if n > 300)})
    return out


def _target(r):
    target = TARGETS.get((r["a"], r["b"]))
    if target is None:
        return ""
    overall, second = target
    text = "%.0f%% overall: %s" % (overall, "pass" if r["points"] >= overall else "fail")
    if second is not None:
        text += ", %.0f%% as second: %s" % (second, "pass" if r["points_second"] >= second
                                              else "fail")
    return text


def markdown(results, ends):
    """The results as markdown tables."""
    out = ["| A vs B (2 players) | games | W / D / L | points | as first | as second | mean diff "
           "| longest | stall rule | target |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for r in results:
        out.append("| %s vs %s | %d | %d / %d / %d | %.1f%% | %.1f%% | %.1f%% | %+.2f | %d | %d "
                   "| %s |"
                   % (r["a"], r["b"], r["games"], r["wins"], r["draws"], r["losses"], r["points"],
                      r["points_first"], r["points_second"], r["mean_score_diff"], r["longest"],
                      r["ended_by_rule"], _target(r)))
    out += ["", "Every game ends (tests/test_o_an_quan_ai_games.py: %d seeded games per number of "
            "players, every pairing of %s):" % (ENDING_GAMES, ", ".join(
                "%s-%s" % pair for pair in PAIRINGS)), "",
            "| players | games | median plies | longest | over 300 plies | ended by the stall rule |",
            "|---:|---:|---:|---:|---:|---:|"]
    for e in ends:
        out.append("| %d | %d | %d | %d | %d | %d (%.0f%%) |"
                   % (e["players"], e["games"], e["median"], e["longest"], e["over_300"],
                      e["ended_by_rule"], 100.0 * e["ended_by_rule"] / e["games"]))
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    jobs = [(a, b, args.games, args.seed) for a, b in MATCHES]
    if args.jobs > 1:
        from multiprocessing import Pool
        with Pool(args.jobs) as pool:
            results = pool.map(_one, jobs)
            ends = endings(lambda fn, items: pool.map(fn, items, chunksize=4))
    else:
        results = [_one(job) for job in jobs]
        ends = endings(lambda fn, items: [fn(item) for item in items])
    with open(os.path.join(HERE, "oaq_match_results.json"), "w") as f:
        json.dump({"matches": results, "endings": ends}, f, indent=1)
    with open(os.path.join(HERE, "oaq_match_results.md"), "w") as f:
        f.write(markdown(results, ends))
    sys.stdout.write(markdown(results, ends))


if __name__ == "__main__":
    main()
