"""Tổ Tôm's computer players' search allocates nothing per node (issue 13), on the 32-bit lane
(31-bit small ints, as on the ESP32: a hash of 2**30 or more would be a heap object) and on the
unix micropython: the evaluator values the hands of seeded self-play positions with the heap
locked (micropython.heap_lock(): any allocation raises MemoryError), and finds the values it
finds unlocked.
"""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host_tools"))

import mp32  # noqa: E402
from mp_lane import micropython_binary  # noqa: E402

PROBE = """
import micropython
from tet.core.rng import Rng
from tet.games.to_tom import ai
from tet.games.to_tom.engine import P_OVER, ToTom

def locked_value(ev, unseen, hand):
    # the evaluator's value of `hand`, searched unlocked and then again (memo emptied) locked
    ev.reset(unseen, ai.W_LUNG, ai.DEFAULT_NODES)
    free = ev.value(hand)
    ev.reset(unseen, ai.W_LUNG, ai.DEFAULT_NODES)
    micropython.heap_lock()
    try:
        value = ev.value(hand)
        ok = 1
    except MemoryError:
        value = -1
        ok = 0
    micropython.heap_unlock()
    return ok, 1 if value == free else 0


ev = ai.shared_evaluator()
for seed in range(8):
    players = 4 + seed % 2
    rng = Rng(seed)
    game = ToTom(players, seed % players, record=False)
    game.deal(rng)
    bots = [ai.Player("bot", rng) for _ in range(players)]
    turn = 0
    while game.phase != P_OVER:
        p = game.to_move()
        if turn % 2 == 0:
            ok, same = locked_value(ev, ai.unseen_for(game, p), bytearray(game.hands[p]))
            print("NODES", ok, ev.nodes, same)
        game.apply(p, bots[p].choose(game, p))
        turn += 1
"""


def _rows(stdout, tag):
    return [tuple(int(v) for v in line.split()[1:]) for line in stdout.splitlines()
            if line.startswith(tag + " ")]


def _check(stdout):
    nodes = _rows(stdout, "NODES")
    assert len(nodes) > 100
    assert all(ok and same for ok, _, same in nodes), "the evaluator allocated or disagreed"
    assert sum(n for _, n, _ in nodes) > 40000


@pytest.mark.skipif(mp32.available() is not None,
                    reason="32-bit lane unavailable: %s" % mp32.available())
def test_the_evaluator_allocates_nothing_per_node_on_32_bit():
    res = mp32.run_source(PROBE, "1M")
    assert res.returncode == 0, res.stderr[-3000:]
    _check(res.stdout)


def test_the_evaluator_allocates_nothing_per_node_on_the_unix_micropython(tmp_path):
    binary = micropython_binary()
    assert binary, "micropython binary missing: run `make setup`"
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE)
    env = dict(os.environ, MICROPYPATH=os.pathsep.join(
        [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tools", "bench")]))
    res = subprocess.run([binary, "-X", "heapsize=1M", str(probe)], capture_output=True,
                         text=True, timeout=900, env=env)
    assert res.returncode == 0, res.stderr[-3000:]
    _check(res.stdout)
