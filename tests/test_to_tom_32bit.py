"""Tổ Tôm's searches allocate nothing per node (issue 13), on the 32-bit lane (31-bit small ints,
as on the ESP32: a hash of 2**30 or more would be a heap object) and on the unix micropython.

The hand search (thành, ù) and the wait search run with the heap locked (micropython.heap_lock():
any allocation raises MemoryError) over dense hands, their worst case, and their answers are
checked against waits() and can_u() run unlocked; the public waits() allocates the same few
bytes per call however many steps it takes. The computer players' evaluator values the hands of
seeded self-play positions with the heap locked.
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
import gc
import micropython
from tet.core.rng import Rng
from tet.games.to_tom import ai
from tet.games.to_tom import hand as H
from tet.games.to_tom import wait_scan as W
from tet.games.to_tom.engine import P_OVER, ToTom
import bench_to_tom_hand as B

# every step of a search polls: counted here, so the steps run locked are known
steps = [0]


def count():
    steps[0] += 1
    return False


H.STOP_EVERY = 1
H._stop[0] = count


def locked_waits(counts, players):
    # waits() without its per-call objects (the state, the list it returns)
    need = H.lung_needed(players)
    room = 0
    for k in range(30):
        if counts[k] < 4:
            room |= 1 << k
    H._cap[0] = need
    W._open[0] = room
    st = H._state(counts)
    h = H._hash(st)
    micropython.heap_lock()
    try:
        W._wait_mask(st, 0, need, 1, h)
        ok = 1
    except MemoryError:
        ok = 0
    micropython.heap_unlock()
    H._forget()
    H.zero(W._wait_tags, W._WAIT_ZERO)
    return ok, [w for w in range(30) if room >> w & 1 and not W._open[0] >> w & 1]


def locked_lung(counts, cap):
    H._cap[0] = cap
    st = H._state(counts)
    h = H._hash(st)
    micropython.heap_lock()
    try:
        best = H._search(st, 0, h)
        ok = 1
    except MemoryError:
        best = -2
        ok = 0
    micropython.heap_unlock()
    H._forget()
    return ok, best


for counts, players in B.dense_mixed(Rng(13), 300):
    expected = W.waits(counts, (), players)
    before = steps[0]
    ok, found = locked_waits(counts, players)
    taken = steps[0] - before
    print("WAIT", ok, taken, 1 if found == expected else 0)
    for w in found + [27]:
        if counts[w] < 4:
            counts[w] += 1
            ok, best = locked_lung(counts, H.lung_needed(players))
            same = (best >= H.lung_needed(players)) == H.can_u(counts, (), players)
            ok2, most = locked_lung(counts, H._NO_CAP)
            print("LUNG", ok * ok2, 1 if same and most == H.max_lung(counts) else 0)
            counts[w] -= 1
    gc.collect()
    gc.disable()
    before = steps[0]
    used = gc.mem_alloc()
    W.waits(counts, (), players)
    used = gc.mem_alloc() - used
    gc.enable()
    print("CALL", steps[0] - before, used)

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
for seed in range(10):
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
    waits = _rows(stdout, "WAIT")
    assert len(waits) == 300
    assert all(ok and same for ok, _, same in waits), "a wait search allocated or disagreed"
    # dense hands take from a few steps to hundreds: every one of them ran locked
    assert sum(taken for _, taken, _ in waits) > 20000
    assert max(taken for _, taken, _ in waits) > 300
    lung = _rows(stdout, "LUNG")
    assert len(lung) > 300
    assert all(ok and same for ok, same in lung), "a hand search allocated or disagreed"
    calls = _rows(stdout, "CALL")
    # the per-call objects (state, totals, the list returned) and nothing per step: the
    # hand with the most steps allocates no more than the bound every call keeps
    assert max(used for _, used in calls) <= 512, max(calls, key=lambda c: c[1])
    assert max(taken for taken, _ in calls) > 300
    nodes = _rows(stdout, "NODES")
    assert len(nodes) > 100
    assert all(ok and same for ok, _, same in nodes), "the evaluator allocated or disagreed"
    assert sum(n for _, n, _ in nodes) > 40000


@pytest.mark.skipif(mp32.available() is not None,
                    reason="32-bit lane unavailable: %s" % mp32.available())
def test_searches_allocate_nothing_per_node_on_32_bit():
    res = mp32.run_source(PROBE, "1M")
    assert res.returncode == 0, res.stderr[-3000:]
    _check(res.stdout)


def test_searches_allocate_nothing_per_node_on_the_unix_micropython(tmp_path):
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
