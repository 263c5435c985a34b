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


# The computer's move on the same lane: positions from seeded games of computers (led and
# followed, three decks and sizes of table), each chosen by two players, one that looks ahead
# at one play and probes one, one that looks at 20 and probes up to 24; after two warm-up moves
# on the position, the bytes a third move allocates. Prints per position: both players' bytes,
# and the plays the second one probed.
MOVE_PROBE = """
import gc
from tet.games.xap_sac import ai as A
from tet.games.xap_sac import engine as X

def positions():
    for seed in range(1, 9):
        game = X.XapSac(2 + seed % 3, seed, deck=X.DECKS[seed % 2])
        bots = [A.HeuristicPlayer(1) for _ in range(game.players)]
        turn = 0
        while game.phase == X.PLAYING and turn < 40:
            if turn % 6 == 5 and len(game.hands[game.turn]) > 2:
                yield game
            play = bots[game.turn].choose(game)
            if play is None:
                game.pass_turn()
            else:
                game.play(play)
            turn += 1

def allocated(bot, game):
    bot.choose(game)
    bot.choose(game)
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    bot.choose(game)
    after = gc.mem_alloc()
    gc.enable()
    return after - before

for game in positions():
    small = A.HeuristicPlayer(2, probes=1, strand_top=1)
    big = A.HeuristicPlayer(2, probes=24, strand_top=20)
    a = allocated(small, game)
    b = allocated(big, game)
    print("MOVE", a, b, big.used)
"""


def test_a_computer_move_allocates_nothing_per_play_looked_at_or_probed_on_32_bit():
    res = mp32.run_source(MOVE_PROBE, "1M")
    assert res.returncode == 0, res.stderr[-3000:]
    rows = [tuple(int(v) for v in line.split()[1:4]) for line in res.stdout.splitlines()
            if line.startswith("MOVE ")]
    assert len(rows) >= 30
    # the bigger search really is bigger: many positions probe several plays
    assert sum(1 for _, _, used in rows if used >= 3) >= 10
    for small, big, used in rows:
        # a move allocates per move only (the table's needs, freed after it): looking at 20
        # plays and probing up to 24 costs not one byte more than looking at one and probing one
        assert big == small, (small, big, used)
