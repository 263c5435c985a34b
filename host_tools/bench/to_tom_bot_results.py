"""Tổ Tôm computer players over many seeded five-player games: points, waiting, wins, draws.

    .venv/bin/python host_tools/bench/to_tom_bot_results.py [--games 1000] [--out FILE]

Game g is dealt from Rng(g + 1) with dealer g % 5, so the figures repeat exactly. "today" is the
computer player before the sense of waiting (policy "phu"), "new" the current one ("bot").
Head to head: one new player against four of today's, taking every seat against every dealer in
turn (new_seat); points per game of the new seat and of a seat of today's (a win scores its
points, other seats 0), and their difference with its standard error. A discard *gives up a live chờ* when some legal discard would
leave the player waiting on a card they have not seen and the one chosen leaves none (a player who
declined an ù, and so can no longer win, is not counted). Wins by chức sắc and the draw rate are
over games of five players of the same kind. Writes to_tom_bot_results.md next to this file (the
table `make bench` copies into BENCHMARKS.md).
"""

import argparse
import math
import os
import time
from collections import Counter
from multiprocessing import Pool

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
import sim  # noqa: E402

sim.install_fakes()

from tet.core.rng import Rng  # noqa: E402
from tet.games.to_tom import engine as T  # noqa: E402
from tet.games.to_tom.ai import Player, unseen_for  # noqa: E402

PLAYERS = 5


def _live_after(game, p, x, unseen):
    """Unseen copies of the waits player p is left with after discarding kind x (as the
    table judges them: laid entries live, to-tom-v2 §1)."""
    hand = bytearray(game.hands[p])
    hand[x] -= 1
    return sum(unseen[k] for k in game.hand_waits(hand, game.laid[p], game.khan[p]))


def play(args):
    """One game: (seat of each policy, points per seat, [discards with a live chờ on offer,
    of them given up] per seat, drawn, winner's chức sắc)."""
    g, policies = args
    rng = Rng(7 * g + 1)
    game = T.ToTom(PLAYERS, g % PLAYERS, record=False)
    game.deal(Rng(g + 1))
    bots = [Player(policy, rng) for policy in policies]
    waiting = [[0, 0] for _ in range(PLAYERS)]
    while game.to_move() >= 0:
        p = game.to_move()
        action = bots[p].choose(game, p)
        if action[0] == "discard" and not game.bo_u[p]:
            kinds = [a[1] for a in game.legal(p) if a[0] == "discard"]
            unseen = unseen_for(game, p)
            live = [_live_after(game, p, x, unseen) for x in kinds]
            if len(kinds) > 1 and max(live) > 0:
                waiting[p][0] += 1
                waiting[p][1] += live[kinds.index(action[1])] == 0
        game.apply(p, action)
    points = [0] * PLAYERS
    chuc = None
    if game.winner >= 0:
        points[game.winner] = game.score["points"]
        chuc = " + ".join(game.score["chuc_sac"]) or "suong"
    return points, waiting, game.winner < 0, chuc


def new_seat(g):
    """The new player's seat in game g: every seat against every dealer (g % 5) once in 25
    games. (Until 2026-12-07 it was g % 5, the dealer's seat every time: the dealer's extra card
    and first move were worth 0.26 ± 0.10 points a game of the difference, measured with the
    same player in every seat.)"""
    return (g + g // PLAYERS) % PLAYERS


def head_to_head(pool, games):
    """(new points/game, today's seat points/game, difference, its s.e., given up new, given up
    today) with one new player in seat new_seat(g) of game g."""
    jobs = [(g, ["bot" if q == new_seat(g) else "phu" for q in range(PLAYERS)])
            for g in range(games)]
    diffs, new, old = [], [], []
    gave = {True: [0, 0], False: [0, 0]}
    for (g, _), (points, waiting, _, _) in zip(jobs, pool.map(play, jobs, chunksize=8)):
        seat = new_seat(g)
        mine = points[seat]
        theirs = (sum(points) - mine) / (PLAYERS - 1)
        new.append(mine)
        old.append(theirs)
        diffs.append(mine - theirs)
        for q in range(PLAYERS):
            for i in range(2):
                gave[q == seat][i] += waiting[q][i]
    mean = sum(diffs) / games
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (games - 1) / games)
    return (sum(new) / games, sum(old) / games, mean, se,
            gave[True][1] / max(1, gave[True][0]), gave[False][1] / max(1, gave[False][0]))


def same_table(pool, games, policy):
    """(draw rate, Counter of the wins' chức sắc) of games with five players of `policy`."""
    jobs = [(g, [policy] * PLAYERS) for g in range(games)]
    results = pool.map(play, jobs, chunksize=8)
    wins = Counter(r[3] for r in results if r[3] is not None)
    return sum(1 for r in results if r[2]) / games, wins


def _mix(wins):
    total = sum(wins.values())
    return ", ".join("%s %.0f%%" % (name, 100.0 * n / total) for name, n in wins.most_common(6))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--out", default=os.path.join(HERE, "to_tom_bot_results.md"))
    args = ap.parse_args()
    start = time.time()
    with Pool() as pool:
        new, old, diff, se, gave_new, gave_old = head_to_head(pool, args.games)
        draws_new, wins_new = same_table(pool, args.games, "bot")
        draws_old, wins_old = same_table(pool, args.games, "phu")
    lines = [
        "%d seeded five-player games per row (%d s)." % (args.games, time.time() - start), "",
        "| figure | new bot | today's bot |", "|---|---:|---:|",
        "| points per game, one new bot against four of today's | %.2f | %.2f per seat |"
        % (new, old),
        "| difference, new minus today's seat (± s.e.) | %.2f ± %.2f | |" % (diff, se),
        "| discards that give up a live chờ (target ≤ 3%%) | %.1f%% | %.1f%% |"
        % (100 * gave_new, 100 * gave_old),
        "| drawn games, five of one kind | %.1f%% | %.1f%% |"
        % (100 * draws_new, 100 * draws_old),
        "| wins by chức sắc, five of one kind | %s | %s |" % (_mix(wins_new), _mix(wins_old)),
    ]
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
