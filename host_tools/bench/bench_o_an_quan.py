"""Ô Ăn Quan: engine speed, search speed per level, depth, heap, and the match results.

Runs under micropython and CPython. These are wall times; the device time of a move, judged
against the level's budget (1 s Vừa, 3 s Khó), comes from instruction counts in
hostbench_device.py (device_probe.py's `oaq` workload). The matches (200 games each) are too slow for
this module under micropython; host_tools/bench/oaq_match_results.py plays them under CPython
(node budgets are counts, so the games are the same on the device) and this module reports the
saved figures.
"""

import gc
import json

import benchlib
from tet.games.o_an_quan.ai import LEVEL_NODES, Searcher, greedy_move, level_nodes
from tet.core.rng import Rng
from tet.games.o_an_quan.engine import Game, play

TITLE = "Ô Ăn Quan: engine, search, matches"
HEAP = "160K"
RESULTS = "oaq_match_results.json"


def positions(count, players=2, seed=5):
    """Distinct mid-game positions from greedy-vs-greedy games after random openings (fixed by
    `seed`)."""
    rng = Rng(seed)
    out = []
    seen = set()
    while len(out) < count:
        game = Game(players)
        for _ in range(2 + rng.below(4)):
            game.play(*rng.choice(game.legal_moves()))
        ply = 0
        # greedy against greedy can go round in circles: a game gives at most 200 plies
        while not game.over and len(out) < count and ply < 200:
            if ply % 3 == 0 and bytes(game.state) not in seen:
                seen.add(bytes(game.state))
                out.append(bytearray(game.state))
            game.play(*greedy_move(game.state, players, 10, False))
            ply += 1
    return out


def bench_sowing(report):
    rng = Rng(3)
    moves = 0
    start = benchlib.now_us()
    for _ in range(60):
        game = Game()
        while not game.over:
            square, step = rng.choice(game.legal_moves())
            play(game.state, 2, square, step, 10, False)
            moves += 1
    us = benchlib.elapsed_us(start)
    report("random 2-player moves (incl. move choice)", "%.0f" % (moves * 1e6 / us), "moves/s",
           "60 games, %d moves" % moves)


def bench_search(report, players, levels):
    searcher = Searcher(players)
    states = positions(24 if players == 2 else 12, players)
    for level in levels:
        budget = level_nodes(level, players)
        nodes = 0
        depth = 0
        worst_us = 0
        start = benchlib.now_us()
        for st in states:
            t = benchlib.now_us()
            searcher.search(st, budget)
            worst_us = max(worst_us, benchlib.elapsed_us(t))
            nodes += searcher.nodes
            depth += searcher.depth_reached
        us = benchlib.elapsed_us(start)
        tag = "%dp %s (%d nodes)" % (players, level, budget)
        report("search speed, " + tag, "%.0f" % (nodes * 1e6 / us), "nodes/s",
               "%d positions" % len(states))
        report("mean time per move, " + tag, "%.2f" % (us / 1000.0 / len(states)), "ms",
               "device time: see the instruction-count table")
        report("worst time per move, " + tag, "%.2f" % (worst_us / 1000.0), "ms", "")
        report("mean depth reached, " + tag, "%.1f" % (depth / len(states)), "plies",
               "complete iterations")


def _searcher_heap(players):
    """(bytes held by a fresh Searcher, bytes still held after a Khó search), or Nones."""
    gc.collect()
    before = benchlib.heap_used()
    searcher = Searcher(players)
    held = benchlib.heap_used()
    searcher.search(positions(1, players)[0], LEVEL_NODES["kho"])
    after = benchlib.heap_used()
    if before is None or held is None or after is None:
        return None, None
    return held - before, after - held


def bench_heap(report):
    for players in (2, 4):
        size, kept = _searcher_heap(players)
        report("searcher heap, %dp (buffers + table)" % players, size, "B",
               "64-bit build; limit 32 KB")
        report("heap kept after a Khó search, %dp" % players, kept, "B", "no allocation per node")


def _allocated_per_node(players):
    """Bytes allocated (not kept: gc.mem_alloc deltas with the collector off) per node over
    Khó searches of seeded positions, or None where gc.mem_alloc is missing (CPython)."""
    if not hasattr(gc, "mem_alloc"):
        return None
    searcher = Searcher(players)
    allocated = nodes = 0
    for st in positions(8, players):
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()  # type: ignore[attr-defined]
        searcher.search(st, LEVEL_NODES["kho"])
        allocated += gc.mem_alloc() - before  # type: ignore[attr-defined]
        gc.enable()
        nodes += searcher.nodes
    return round(allocated / nodes, 3)


def bench_allocation(report):
    for players in (2, 4):
        report("bytes allocated per node, Khó, %dp" % players, _allocated_per_node(players), "B",
               "gc.mem_alloc deltas, collector off; target 0")


def report_matches(report):
    try:
        with open(_results_path()) as f:
            results = json.load(f)
    except (OSError, ValueError):
        report("match results", "None", "", "run host_tools/bench/oaq_match_results.py")
        return
    for r in results["matches"]:
        name = "%s vs %s, %d games" % (r["a"], r["b"], r["games"])
        report(name + ": points", r["points"], "%",
               "W/D/L %d/%d/%d, seed %d, saved by oaq_match_results.py (CPython)"
               % (r["wins"], r["draws"], r["losses"], r["seed"]))
        report(name + ": points as second", r["points_second"], "%",
               "as first %s%%" % r["points_first"])


def _results_path():
    here = __file__
    cut = max(here.rfind("/"), here.rfind("\\"))
    return (here[:cut + 1] if cut >= 0 else "") + RESULTS


def main(args):
    """Run every figure (see the module docstring)."""
    report = benchlib.report
    bench_sowing(report)
    bench_search(report, 2, ("de", "vua", "kho"))
    bench_search(report, 4, ("vua", "kho"))
    bench_heap(report)
    bench_allocation(report)
    report_matches(report)
