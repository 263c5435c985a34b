"""Xấp Sắc computer players over many seeded rounds: kẹt rate and head-to-head points.

    .venv/bin/python host_tools/bench/xs_bot_results.py [--rounds 400] [--seed 1] [--deck 1-7x2]
        [--players 4,3] [--out FILE]

Each round is dealt fresh from seed S, S+1, ... (first player rotating), so the figures repeat
exactly. "today" is the computer player before the stranded-card look (HeuristicPlayer with
strand_top=0), "new" the current one at level normal. Kẹt rate: all seats the same player.
Head to head: one new player against today's in the other seats, taking every seat in turn;
points per round with the standard error, against the seat mean (players - 1) / 2. Writes
xs_bot_results.md next to this file (a table to paste into BENCHMARKS.md).
"""

import argparse
import math
import os
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
import sim  # noqa: E402

sim.install_fakes()

from tet.games.xap_sac import engine as X  # noqa: E402
from tet.games.xap_sac.ai import HeuristicPlayer  # noqa: E402


def today():
    """The computer player as it was before the stranded-card look."""
    return HeuristicPlayer(1, strand_top=0)


def new():
    """The current computer player (level normal)."""
    return HeuristicPlayer(1)


def play_round(players, seed, deck, agents):
    """One round from a fresh deal; returns the finished game."""
    game = X.XapSac(players, seed, seed % players, deck=deck)
    while game.phase == X.PLAYING:
        play = agents[game.turn].choose(game)
        if play is None:
            game.pass_turn()
        else:
            game.play(play)
    return game


def ket_rate(players, rounds, seed, deck, make):
    """Share of rounds that end in kẹt with every seat played by make()."""
    ket = 0
    for i in range(rounds):
        ket += play_round(players, seed + i, deck, [make() for _ in range(players)]).ket
    return ket / rounds


def head_to_head(players, rounds, seed, deck):
    """(mean points per round of the new player against today's, standard error)."""
    points = []
    for i in range(rounds):
        seat = i % players
        agents = [new() if p == seat else today() for p in range(players)]
        points.append(play_round(players, seed + i, deck, agents).round_points[seat])
    mean = sum(points) / len(points)
    var = sum((p - mean) ** 2 for p in points) / (len(points) - 1)
    return mean, math.sqrt(var / len(points))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deck", default=X.DECK_7X2, choices=X.DECKS)
    ap.add_argument("--players", default="4,3")
    ap.add_argument("--out", default=os.path.join(HERE, "xs_bot_results.md"))
    args = ap.parse_args()
    lines = ["| players | deck | rounds | kẹt, today's bot | kẹt, new bot | new vs today: "
             "points per round (± s.e.) | seat mean | seconds |", "|---|---|---:|---:|---:|---:|---:|---:|"]
    for players in [int(p) for p in args.players.split(",")]:
        start = time.time()
        old_ket = ket_rate(players, args.rounds, args.seed, args.deck, today)
        new_ket = ket_rate(players, args.rounds, args.seed, args.deck, new)
        mean, se = head_to_head(players, args.rounds, args.seed + 100000, args.deck)
        row = "| %d | %s | %d | %.1f%% | %.1f%% | %.3f ± %.3f | %.2f | %d |" % (
            players, args.deck, args.rounds, 100 * old_ket, 100 * new_ket, mean, se,
            (players - 1) / 2, time.time() - start)
        print(row, flush=True)
        lines.append(row)
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
