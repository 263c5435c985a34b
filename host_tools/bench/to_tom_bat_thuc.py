"""Tổ Tôm's bất thực (issue 38), measured over seeded five-player games:

    PYTHONPATH=tests .venv/bin/python host_tools/bench/to_tom_bat_thuc.py [--games 1000]

1. Self-play games whose players take, at the deal, every bất thực and khàn trình phu the rules
   allow (the last choice offered), each replayed by the independent checker of
   tests/test_to_tom_selfplay_checker.py (hence tests/ on the path): how often each rule of
   to-tom-v2 §3-§4 comes up.
2. Whether a computer player gains by declaring bất thực: one player with a declaring rule
   against four of today's (who keep the deal's defaults), the new seat taking every seat
   against every dealer (to_tom_bot_results.new_seat); its points per game minus a seat of
   today's, and that difference less the same games' with no declaring (paired: only the games
   where a declaration changed anything differ).
Prints markdown for BENCHMARKS.md (by hand).
"""

import argparse
import math
from collections import Counter
from multiprocessing import Pool

import sim

sim.install_fakes()

from to_tom_bot_results import PLAYERS, new_seat  # noqa: E402
from tet.core.rng import Rng  # noqa: E402
from tet.games.to_tom import engine as T  # noqa: E402
from tet.games.to_tom.ai import Player  # noqa: E402
from tet.games.to_tom.cards import IS_YEU  # noqa: E402

# when the declaring player declares a bất thực the deal allows
RULES = {
    "never": lambda hand, k: False,
    "always": lambda hand, k: True,
    "with a run through it": lambda hand, k: not IS_YEU[k] and _runs_through(hand, k) > 0,
}


def _runs_through(hand, k):
    """How many three-card runs through kind k the other cards of `hand` make."""
    if k >= 27:
        return 0
    suit = k - k % 9
    return sum(1 for a in (k - 2, k - 1, k) if suit <= a and a + 2 <= suit + 8 and
               all(hand[x] for x in range(a, a + 3) if x != k))


class Declaring(Player):
    """The computer player, declaring bất thực by `rule` (RULES)."""

    def __init__(self, rule, rng):
        Player.__init__(self, "bot", rng)
        self.rule = rule

    def choose(self, game, p, should_stop=None):
        legal = game.legal(p)
        if game.phase == T.P_DEAL:
            bat = ("bat_thuc", legal[0][1])
            if bat in legal and RULES[self.rule](game.hands[p], bat[1]):
                return bat
        return Player.choose(self, game, p, should_stop)


def checked(seed):
    """One self-play game of greedy deal choices, checked: the counts of its bất thực rules."""
    from test_to_tom_bat_thuc import _greedy_selfplay
    from test_to_tom_selfplay_checker import check_record

    record = _greedy_selfplay(seed, 5 if seed % 4 else 4)
    check_record(record)
    got = Counter()
    for a in record["actions"]:
        if a["action"] == "bat_thuc":
            got["3 bất thực thiên khai declared" if a["thien_khai"] else
                "2 bất thực (of three) declared"] += 1
        elif a["action"] == "trinh_phu":
            got["4 khàn trình phu"] += 1
        elif a.get("tai_kien"):
            got["5 phỗng tái kiến"] += 1
    for b in record["result"].get("bat_thuc", []):
        got["6 a win with an unsettled bất thực"] += 1
        got["7 of them after its đánh xén"] += b["discarded"]
    return got


def duel(args):
    """Game g with the declaring player at new_seat(g): (its points - a seat of today's mean,
    its declarations)."""
    g, rule = args
    seat = new_seat(g)
    rng = Rng(7 * g + 1)
    game = T.ToTom(PLAYERS, g % PLAYERS, record=False)
    game.deal(Rng(g + 1))
    bots = [Declaring(rule, rng) if q == seat else Player("bot", rng) for q in range(PLAYERS)]
    declared = 0
    while game.to_move() >= 0:
        p = game.to_move()
        action = bots[p].choose(game, p)
        declared += p == seat and action[0] == "bat_thuc"
        game.apply(p, action)
    points = [0] * PLAYERS
    if game.winner >= 0:
        points[game.winner] = game.score["points"]
    return points[seat] - sum(points[q] for q in range(PLAYERS) if q != seat) / 4.0, declared


def _mean_se(values):
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000)
    games = parser.parse_args().games
    with Pool(2) as pool:
        total = Counter()
        for got in pool.map(checked, range(games), chunksize=20):
            total.update(got)
        print("%d self-play games, every bất thực and trình phu the deal allows taken, each "
              "passing the checker:\n" % games)
        print("| per 100 games | |\n|---|---:|")
        for key in sorted(total):
            print("| %s | %.1f |" % (key[2:], 100.0 * total[key] / games))
        runs = {rule: pool.map(duel, [(g, rule) for g in range(games)], chunksize=20)
                for rule in RULES}
    print("\n| declaring rule | declared per game | points per game - today's seat | "
          "less the same games without declaring |\n|---|---:|---:|---:|")
    for rule, got in runs.items():
        diff = _mean_se([d for d, _ in got])
        paired = _mean_se([d - b for (d, _), (b, _) in zip(got, runs["never"])])
        print("| %s | %.2f | %+.2f ± %.2f | %+.3f ± %.3f |" % (
            rule, sum(n for _, n in got) / games, diff[0], diff[1], paired[0], paired[1]))


if __name__ == "__main__":
    main()
