"""Xấp Sắc on the 32-bit lane (31-bit small ints, as on the ESP32): every generated play is a
small int, and generating plays into a list that has room for them allocates nothing per play."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host_tools"))

import mp32  # noqa: E402

pytestmark = pytest.mark.skipif(mp32.available() is not None,
                                reason="32-bit lane unavailable: %s" % mp32.available())

# Positions: fresh deals handed to a leader (new lines of up to four cards from either Tứ Sắc),
# then tables built up by random play, led and followed; every play generated in every order.
# Prints per position: plays, the largest play, bytes allocated by a second generation into the
# same list (emptied, so it has room), and the table's size.
PROBE = """
import gc
from tet.core.rng import Rng
from tet.games.xap_sac import engine as X

def positions():
    for seed in range(1, 7):
        game = X.XapSac(2 + seed % 3, seed, deck=X.DECKS[seed % 2])
        game.mode = X.LEAD
        yield game
        game = X.XapSac(2 + seed % 3, seed, deck=X.DECKS[seed % 2])
        rng = Rng(seed)
        for turn in range(60):
            if game.phase != X.PLAYING:
                break
            plays = game.legal_plays(every_order=False)
            if turn % 7 == 6 and game.mode == X.FOLLOW:
                yield game
            if plays and rng.below(4):
                game.play(plays[rng.below(len(plays))])
            elif game.may_pass():
                game.pass_turn()
            else:
                game.play(plays[0])
        yield game

out = []
for game in positions():
    for mode in (game.mode, X.LEAD):
        masks = X.hand_masks(game.hands[game.turn])
        del out[:]
        X.generate(game.table, masks, mode, game.last, out)
        top = max(out) if out else 0
        low = min(out) if out else 0
        del out[:]
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        X.generate(game.table, masks, mode, game.last, out)
        after = gc.mem_alloc()
        gc.enable()
        print("POS", len(out), low, top, after - before, len(game.table))
"""


def _positions():
    res = mp32.run_source(PROBE, "1M")
    assert res.returncode == 0, res.stderr[-3000:]
    rows = [tuple(int(v) for v in line.split()[1:]) for line in res.stdout.splitlines()
            if line.startswith("POS ")]
    assert len(rows) >= 30
    return rows


def test_generated_plays_are_small_ints_and_allocate_nothing_per_play_on_32_bit():
    rows = _positions()
    assert sum(row[0] for row in rows) > 5000
    # the biggest plays (four new cards from a Tứ Sắc, anchor bit 28) come up in these deals
    assert max(row[2] for row in rows) >= 2 ** 28
    for plays, low, top, allocated, cells in rows:
        assert 0 <= low <= top < 2 ** 30
        # what one generation allocates however many plays it finds (192 B from 0 to 13,607
        # plays on the six-card starting row): the table's keys in order (a list) and its
        # context tuples; a play of 2**30 or more would be a heap object of 16 B or more
        assert allocated <= 8 * cells + 256, (plays, allocated, cells)
