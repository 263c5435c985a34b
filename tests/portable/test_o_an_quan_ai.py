"""Ô Ăn Quan computer players: legal moves, budgets, search = plain minimax, greedy's tie rule."""

import gc

from tet.games.o_an_quan.ai import (CHECK_NODES, LEVEL_NODES, Searcher, greedy_move,
                                    random_move)
from tet.core.rng import Rng
from tet.games.o_an_quan import ai as oaq_ai
from tet.games.o_an_quan.engine import Game


def random_position(rng, players, plies):
    game = Game(players)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves or game.over:
            break
        game.play(*rng.choice(moves))
    return game


def minimax(searcher, game, depth):
    """Exhaustive minimax for the root player with the searcher's own leaf values."""
    if game.over:
        return searcher._terminal(game.state)
    if depth == 0:
        return searcher.evaluate(game.state)
    values = []
    for move in game.legal_moves():
        child = game.copy()
        child.play(*move)
        values.append(minimax(searcher, child, depth - 1))
    return max(values) if game.turn == searcher.root else min(values)


def test_search_value_equals_plain_minimax_at_fixed_depth():
    rng = Rng(11)
    checked = 0
    for players, depth in ((2, 1), (2, 2), (2, 3), (3, 2), (4, 2)):
        for _ in range(4):
            game = random_position(rng, players, rng.below(24))
            if game.over:
                continue
            searcher = Searcher(players)
            square, step, value = searcher.search(game.state, 10 ** 6, depth)
            assert searcher.depth_reached == depth
            searcher.root = game.turn
            assert value == minimax(searcher, game, depth)
            child = game.copy()
            child.play(square, step)
            if depth == 1:
                assert value == minimax(searcher, child, 0)
            checked += 1
    assert checked >= 12


def test_a_tight_heap_gets_a_smaller_table_and_the_same_values():
    # the module this file imported at its top (an app's unload may have replaced the one in
    # sys.modules since)
    ai = oaq_ai
    real = ai.array

    def tight(kind, data):
        # as a fragmented heap: no block over 1 KB
        if len(data) > 1024:
            raise MemoryError("memory allocation failed")
        return real(kind, data)

    ai.array = tight
    try:
        small = ai.Searcher(2)
    finally:
        ai.array = real
    assert small.tt_mask == 255 and len(small.tt_key) == len(small.tt_data) == 256
    rng = Rng(12)
    for _ in range(4):
        game = random_position(rng, 2, rng.below(24))
        if game.over:
            continue
        _square, _step, value = small.search(game.state, 10 ** 6, 3)
        small.root = game.turn
        assert value == minimax(small, game, 3)
    def no_heap(kind, data):
        raise MemoryError("memory allocation failed")

    ai.array = no_heap
    try:
        ai.Searcher(2)
        raise AssertionError("a heap with no room at all must say so")
    except MemoryError:
        pass
    finally:
        ai.array = real


def test_moves_are_legal_and_budgets_are_kept_for_2_3_and_4_players():
    rng = Rng(3)
    for players in (2, 3, 4):
        searcher = Searcher(players, 5 if players == 3 else 10, players == 4)
        for _ in range(5):
            game = random_position(rng, players, rng.below(40))
            if game.over:
                continue
            for budget in (10, 150, 600):
                square, step, _value = searcher.search(game.state, budget)
                assert (square, step) in game.legal_moves()
                assert searcher.nodes <= budget


class StopAfter:
    """A should_stop that counts its calls and says stop from call `stop_at` on (0: never)."""

    def __init__(self, searcher, stop_at):
        self.searcher, self.stop_at = searcher, stop_at
        self.calls = 0
        self.gaps = []
        self.last = 0

    def __call__(self):
        self.calls += 1
        self.gaps.append(self.searcher.nodes - self.last)
        self.last = self.searcher.nodes
        return bool(self.stop_at) and self.calls >= self.stop_at


def open_position(rng, players):
    """A position whose Khó search uses most of its budget (not decided in a few nodes)."""
    while True:
        game = random_position(rng, players, rng.below(30))
        if not game.over:
            searcher = Searcher(players)
            searcher.search(game.state, LEVEL_NODES["kho"])
            if searcher.nodes > LEVEL_NODES["kho"] // 2:
                return game


def test_should_stop_is_asked_every_few_nodes_and_never_changes_the_result():
    rng = Rng(5)
    for players in (2, 3, 4):
        game = open_position(rng, players)
        plain = Searcher(players).search(game.state, LEVEL_NODES["kho"])
        searcher = Searcher(players)
        asked = StopAfter(searcher, 0)
        assert searcher.search(game.state, LEVEL_NODES["kho"], should_stop=asked) == plain
        assert not searcher.interrupted
        # one question per CHECK_NODES nodes, never a longer gap
        assert asked.calls >= LEVEL_NODES["kho"] // CHECK_NODES - 1
        assert max(asked.gaps) <= CHECK_NODES + 2 * 5


def test_a_stopped_search_returns_a_legal_move_at_once():
    rng = Rng(6)
    for players in (2, 3, 4):
        for stop_at in (1, 2, 5, 30):
            game = open_position(rng, players)
            searcher = Searcher(players)
            asked = StopAfter(searcher, stop_at)
            square, step, _value = searcher.search(game.state, LEVEL_NODES["kho"],
                                                   should_stop=asked)
            assert (square, step) in game.legal_moves()
            assert searcher.interrupted and asked.calls == stop_at
            assert searcher.nodes <= (stop_at + 1) * (CHECK_NODES + 10)


def test_a_deadline_stops_the_search_on_its_clock():
    game = open_position(Rng(9), 2)
    ticks = [0]

    def clock():
        # one millisecond per question: a 20 ms deadline allows about 20 check points
        ticks[0] += 1
        return ticks[0]

    searcher = Searcher(2)
    square, step, _value = searcher.search(game.state, 10 ** 6, deadline_ms=20, clock=clock)
    assert (square, step) in game.legal_moves()
    assert not searcher.interrupted
    assert 15 * CHECK_NODES <= searcher.nodes <= 22 * CHECK_NODES
    # without a deadline the same search runs to its node budget
    searcher.search(game.state, 5000)
    assert searcher.nodes > 4000


def test_a_searcher_leaves_a_cycle_and_forgets_it_for_a_new_game():
    # The same position again and again, as when two players go round a cycle: a move into a
    # position already reached costs more each time, and after REPEAT_LIMIT times it is not
    # played (other moves remain); new_game() forgets, interrupted searches remember nothing.
    game = open_position(Rng(14), 2)
    searcher = Searcher(2)
    first = searcher.search(game.state, LEVEL_NODES["vua"])[:2]
    fresh = Searcher(2).search(game.state, LEVEL_NODES["vua"])[:2]
    assert first == fresh
    played = [first]
    for _ in range(oaq_ai.REPEAT_LIMIT):
        played.append(searcher.search(game.state, LEVEL_NODES["vua"])[:2])
    assert played[-1] != first and played[-1] in game.legal_moves()
    searcher.new_game()
    asked = StopAfter(searcher, 1)
    for _ in range(2 * oaq_ai.REPEAT_LIMIT):
        searcher.search(game.state, LEVEL_NODES["vua"], should_stop=asked)
        assert searcher.interrupted
        asked.calls = 0
    assert searcher.search(game.state, LEVEL_NODES["vua"])[:2] == first


def test_levels_are_ordered():
    assert LEVEL_NODES["de"] < LEVEL_NODES["vua"] < LEVEL_NODES["kho"]


def test_takes_the_last_quan_when_that_wins():
    # Player 0 (30 captured) has one dân, on square 3. 3- drops it in 2; 1 is empty, so the west
    # quan is taken and the game ends 41-30. 3+ captures nothing and leaves the game open.
    game = Game()
    st = game.state
    board = [0, 0, 0, 1, 0, 0, 0, 2, 2, 2, 2, 2]
    for i in range(12):
        st[i] = board[i]
    st[12], st[13] = 1, 0           # quan pieces on the board: west yes, east no
    st[14], st[15] = 30, 10         # captured dân
    st[16], st[17] = 0, 1           # quan pieces captured
    assert game.legal_moves() == [(3, 1), (3, -1)]
    for level in ("de", "vua", "kho"):
        square, step, value = Searcher(2).search(st, LEVEL_NODES[level])
        assert (square, step) == (3, -1) and value > 0
    child = game.copy()
    child.play(3, -1)
    assert child.over and child.scores() == [41, 30]


def test_search_allocates_nothing_that_survives_and_little_per_node():
    game = random_position(Rng(8), 2, 6)
    searcher = Searcher(2)
    searcher.search(game.state, 200)
    gc.collect()
    if not hasattr(gc, "mem_alloc"):
        return
    gc.disable()
    before = gc.mem_alloc()  # type: ignore[attr-defined]
    searcher.search(game.state, 3000)
    grown = gc.mem_alloc() - before  # type: ignore[attr-defined]
    gc.enable()
    assert grown < 2048, grown


def banked(game, k):
    return game.captured()[k] + game.quan_value * game.quan_captured()[k] - game.debts()[k]


def reference_greedy(game):
    """Greedy by the spec: the most captured value, ties to the lowest square, then '+'."""
    best = None
    best_gain = -1
    me = game.turn
    for square in range(6 * me + 1, 6 * me + 6):
        for step in (1, -1):
            if not game.is_legal(square, step):
                continue
            child = game.copy()
            child.play(square, step)
            gain = banked(child, me) - banked(game, me)
            if gain > best_gain:
                best, best_gain = (square, step), gain
    return best


def test_greedy_matches_the_spec_tie_rule():
    rng = Rng(21)
    compared = 0
    for players in (2, 3, 4):
        for _ in range(40):
            game = random_position(rng, players, rng.below(30))
            if game.over:
                continue
            assert greedy_move(game.state, players, 10, False) == reference_greedy(game)
            compared += 1
    assert compared > 80


def test_random_move_is_legal_and_reproducible():
    game = random_position(Rng(4), 2, 5)
    a = [random_move(game.state, 2, Rng(99)) for _ in range(3)]
    assert a[0] == a[1] == a[2] and a[0] in game.legal_moves()


def main(args):
    """Print the Khó move of some seeded positions (tests/test_o_an_quan_ai_games.py compares
    what micropython prints with CPython: node budgets must give the same moves everywhere)."""
    for line in same_moves_report(int(args[0]) if args else 6):
        print(line)


def same_moves_report(count):
    """One line per position: players, move, value and nodes of a Khó search."""
    rng = Rng(77)
    out = []
    for players in (2, 3, 4):
        searcher = Searcher(players)
        for _ in range(count):
            game = random_position(rng, players, rng.below(40))
            if game.over:
                continue
            square, step, value = searcher.search(game.state, LEVEL_NODES["kho"])
            out.append("%d %d %d %d %d" % (players, square, step, value, searcher.nodes))
    return out
