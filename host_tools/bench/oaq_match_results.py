"""Play the Ô Ăn Quan benchmark matches under CPython and save them for bench_o_an_quan.py.

    .venv/bin/python host_tools/bench/oaq_match_results.py [--games 200] [--seed 1] [--jobs 2]

Writes oaq_match_results.json (read by the bench module) and oaq_match_results.md (a table to
paste) next to this file. The players are budgeted by node counts, so every game is move for move
the same as on the device; only the wall time differs. Takes a few minutes on two cores.
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

from tetcli.o_an_quan_match import run_match  # noqa: E402

MATCHES = (("ai:kho", "greedy"), ("ai:kho", "ai:vua"), ("ai:vua", "ai:de"), ("ai:de", "random"),
           ("ai:vua", "greedy"), ("greedy", "random"), ("greedy", "greedy"))


def _one(job):
    a, b, games, seed = job
    start = time.time()
    result = run_match(a, b, games, seed)
    result["seconds"] = round(time.time() - start, 1)
    return result


def markdown(results):
    """The results as a markdown table."""
    out = ["| A vs B (2 players) | games | W / D / L | points | as first | as second | mean diff |",
           "|---|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        out.append("| %s vs %s | %d | %d / %d / %d | %.1f%% | %.1f%% | %.1f%% | %+.2f |"
                   % (r["a"], r["b"], r["games"], r["wins"], r["draws"], r["losses"], r["points"],
                      r["points_first"], r["points_second"], r["mean_score_diff"]))
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
    else:
        results = [_one(job) for job in jobs]
    with open(os.path.join(HERE, "oaq_match_results.json"), "w") as f:
        json.dump({"matches": results}, f, indent=1)
    with open(os.path.join(HERE, "oaq_match_results.md"), "w") as f:
        f.write(markdown(results))
    sys.stdout.write(markdown(results))


if __name__ == "__main__":
    main()
