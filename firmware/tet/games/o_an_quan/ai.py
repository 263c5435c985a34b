"""Ô Ăn Quan computer players: alpha-beta search by node count, plus greedy and random baselines.

The search is negamax with alpha-beta, iterative deepening, a transposition table and move
ordering (table move, then captures, then killers and history). With two players it is ordinary
negamax; with three or four it is *paranoid*: the computer's seat against a coalition of all the
others, which keeps the same negamax code (the sign flips only when play passes between the
computer and the coalition).

Every position generated (one copy + one move) is a node; a search stops before it would exceed
its node budget, so a move costs the same number of nodes on the device as on a desktop. The
level budgets were derived from the measured speed of this code under the `micropython` binary;
their device times are checked from instruction counts (BENCHMARKS.md), and on the device a level
also stops at its LEVEL_MS deadline.
Nothing is allocated per node: every ply has its own preallocated child buffers, and every
intermediate value (the position hash included) stays below 2**30, a small int on the chip.
"""

import gc
import sys
import time
from array import array

from tet.games.o_an_quan.engine import ROW, end_turn, final_score, layout, sow

# Node budgets per level. Measured under the micropython binary: about 345,000 (4 players) to
# 380,000 (2 players) nodes per second in mid-game positions, the slowest positions taking 1.3x
# the mean; 1 s on the device is 6.7 ms there and 3 s is 20 ms. Vừa's and Khó's budgets keep the
# slowest positions inside their limit (about 0.9 s and 2.5 s estimated); Dễ looks two plies ahead.
# Vừa's was 1,700 until the stall rule: its bytes and the positions of games it ends (earlier,
# fuller boards) took the slowest of 100 positions to 1.02 s at the slow end.
LEVEL_NODES = {"de": 100, "vua": 1600, "kho": 5100}
# With 3 and 4 players a node costs more (more squares to sow): per cent of the 2-player budget
# that keeps the slowest of 100 positions inside the limits at the slow end (BENCHMARKS.md).
NODE_PERCENT = {2: 100, 3: 85, 4: 85}


def level_nodes(level, players):
    """The node budget of `level` ("de", "vua", "kho") in a game of `players`."""
    return LEVEL_NODES[level] * NODE_PERCENT[players] // 100


# Each level's time limit on the device (the board screen passes it as `deadline_ms`): the node
# budget is what tests and the CLI reproduce, the deadline what a slower chip still keeps.
LEVEL_MS = {"de": 500, "vua": 1000, "kho": 3000}
# How often (in nodes) a search asks `should_stop` and reads the clock: 64 nodes take about
# 0.2 ms under the micropython binary, so at most ~50 ms on the device at its slow end (250x).
CHECK_NODES = 64

MAX_PLY = 16
MAX_MOVES = 2 * ROW
TT_BITS = 10
MIN_TT_BITS = 6     # the smallest transposition table a tight heap falls back to (2 x 256 B)
WIN = 20000
INF = 32000
# Evaluation weights in sixteenths of a dân.
UNIT = 16
ROW_WEIGHT = 4
DECISIVE = 150
# per point still in a quan square, once the game is decided (see evaluate)
ENDING = 4 * UNIT
# Repetitions (see search): how many positions a searcher remembers, the root penalty of a move
# into one of them (REPEAT times the square of how often it was reached) and how often a
# position may be reached before the moves into it are left out.
REPEATS = 64
REPEAT = 2 * UNIT
REPEAT_LIMIT = 4

# MicroPython allocates the frames of functions with many locals on the heap (and frees them at
# once); with garbage lying around those allocations keep triggering collections and a search
# runs twice as slow, so a search starts with a collection there.
_COLLECT_FIRST = sys.implementation.name == "micropython"

_EXACT = 0
_LOWER = 1
_UPPER = 2


class Searcher:
    """An alpha-beta searcher for one game configuration (players, quan value, quan non)."""

    def __init__(self, players=2, quan_value=10, quan_non=False, tt_bits=0):
        self.players = players
        self.quan_value = quan_value
        self.quan_non = bool(quan_non)
        (self.squares, self.qp, self.cap, self.qc, self.debt, self.turn_at, self.over_at,
         self.size) = layout(players)
        # the two big tables first, while the heap still has room in one piece for them
        if not tt_bits:
            tt_bits = TT_BITS if players == 2 else TT_BITS - 1
        while True:
            try:
                tt_key = array("i", bytes(4 << tt_bits))
                tt_data = array("i", bytes(4 << tt_bits))
                break
            except MemoryError:
                # a fragmented heap may not hold two 4 KB blocks: a smaller table searches the
                # same tree within the same budget, only remembering fewer transpositions
                tt_key = None
                if tt_bits <= MIN_TT_BITS:
                    raise
                tt_bits -= 1
                gc.collect()
        self.tt_key = tt_key
        self.tt_data = tt_data
        self.tt_mask = (1 << tt_bits) - 1
        self.kids = [[bytearray(self.size) for _ in range(MAX_MOVES)] for _ in range(MAX_PLY)]
        self.order = [bytearray(MAX_MOVES) for _ in range(MAX_PLY)]
        self.keys = [array("i", bytes(4 * MAX_MOVES)) for _ in range(MAX_PLY)]
        self.moves = [bytearray(MAX_MOVES) for _ in range(MAX_PLY)]
        self.killer = [0] * MAX_PLY
        self.history = [0] * (2 * self.squares)
        self.scratch = bytearray(self.size)
        self.seen = array("i", bytes(4 * REPEATS))
        self.seen_count = 0
        self.seen_at = 0
        self.root_keys = array("i", bytes(4 * MAX_MOVES))
        self.root_penalty = array("i", bytes(4 * MAX_MOVES))
        self.total_points = (25 + quan_value) * players
        self.nodes = 0
        self.budget = 0
        self.limit = 0
        self.should_stop = None
        self.clock = None
        self.deadline = 0
        self.stopped = False
        self.interrupted = False
        self.root = 0
        self.table_root = -1
        self.depth_reached = 0

    def new_game(self):
        """Forget the positions earlier searches moved to (a new game, or one taken back), and
        the transposition table."""
        self.seen_count = 0
        self.seen_at = 0
        self.table_root = -1

    # -- evaluation -------------------------------------------------------------------------

    def evaluate(self, st):
        """Static value for the root player, in sixteenths of a dân.

        Banked points (captured dân and quan, net of loans) plus ROW_WEIGHT per dân on one's own
        row (they are the owner's at the count), root against the mean of the others. The
        difference is then scaled up as the points left to play for shrink: a 5-point lead with
        10 points left is nearly a win, with 60 left it is not, and the search plays to win.
        Once the root's lead is larger than all the points left (it has won), ENDING per point
        still in the quan squares counts against it: the game ends when they are empty, so the
        winner finishes it instead of repeating moves. A lost game has no such term: the loser
        plays on for points, not to keep the stones in the quan squares.
        """
        players = self.players
        root = self.root
        qv = self.quan_value
        cap = self.cap
        qc = self.qc
        debt = self.debt
        total = 0
        mine = 0
        banked_all = 0
        my_bank = 0
        best_bank = -INF
        for k in range(players):
            d = debt + 2 * k
            banked = st[cap + k] + qv * st[qc + k] - st[d] - 256 * st[d + 1] + 32768
            base = 6 * k + 1
            v = banked * UNIT + (st[base] + st[base + 1] + st[base + 2] + st[base + 3]
                                 + st[base + 4]) * ROW_WEIGHT
            banked_all += banked
            total += v
            if k == root:
                mine = v
                my_bank = banked
            elif banked > best_bank:
                best_bank = banked
        value = players * mine - total
        left = self.total_points - banked_all
        value += value * DECISIVE // (left + 10)
        lead = my_bank - best_bank
        if lead > left:
            # decided for the root: it wants the quan squares emptied (the game ends)
            qp = self.qp
            stuck = 0
            for k in range(players):
                stuck += st[6 * k] + qv * st[qp + k]
            value -= ENDING * stuck
        return value

    def _terminal(self, st):
        players = self.players
        root = self.root
        qv = self.quan_value
        mine = final_score(st, players, root, qv)
        best_other = -1
        total = 0
        for k in range(players):
            score = final_score(st, players, k, qv)
            total += score
            if k != root and score > best_other:
                best_other = score
        diff = (players * mine - total) * UNIT
        if mine > best_other:
            return WIN + diff
        if mine < best_other:
            return diff - WIN
        return diff

    def _side(self, st):
        """+1 when the root's side is to move, -1 for the opponent (or paranoid coalition)."""
        return 1 if st[self.turn_at] == self.root else -1

    # -- transposition table ----------------------------------------------------------------

    def _hash(self, st):
        # Polynomial hash of the position that stays a small int on a 32-bit chip (31-bit small
        # ints): h is cut to 22 bits before the multiply, so no step exceeds 2**29 and nothing
        # is allocated. Its low 22 bits (the table slot among them) are those of the unmasked
        # (h * 131 ^ b) mod 2**30 hash; the top bits only sharpen the key comparison.
        h = 0
        for i in range(self.over_at):
            h = ((h & 0x3FFFFF) * 131) ^ st[i]
        return h

    def _clear_table(self):
        """Empty the transposition table (see search: when a table is kept)."""
        tt_key = self.tt_key
        for i in range(len(tt_key)):
            tt_key[i] = 0

    # -- search -----------------------------------------------------------------------------

    def _expand(self, st, ply, first):
        """Make every child of st into this ply's buffers and order them; return how many.

        Order: the move `first` (table or previous best), then by value captured, killer,
        history. Returns 0 (and sets `stopped`) when the children would exceed the budget.
        """
        kids = self.kids[ply]
        keys = self.keys[ply]
        moves = self.moves[ply]
        order = self.order[ply]
        squares = self.squares
        players = self.players
        qv = self.quan_value
        qn = self.quan_non
        base = 6 * st[self.turn_at] + 1
        n = 0
        for sq in range(base, base + ROW):
            if st[sq]:
                n += 2
        if self.nodes + n > self.limit and self._halt(n):
            return 0
        self.nodes += n
        hist = self.history
        killer = self.killer[ply]
        n = 0
        for sq in range(base, base + ROW):
            if st[sq]:
                for step in (1, -1):
                    child = kids[n]
                    child[:] = st
                    gained = sow(child, squares, sq, step, qv, qn)
                    end_turn(child, players)
                    code = 2 * sq + (step < 0)
                    moves[n] = code
                    if code == first:
                        key = 1 << 29
                    else:
                        key = gained * 4096 + hist[code]
                        if code == killer:
                            key += 2048
                    keys[n] = key
                    j = n
                    while j > 0 and keys[order[j - 1]] < key:
                        order[j] = order[j - 1]
                        j -= 1
                    order[j] = n
                    n += 1
        return n

    def _repetitions(self, n):
        """The root children's penalties for positions earlier searches moved to (see search):
        REPEAT x (times reached)**2, or -1 (left out) once reached REPEAT_LIMIT times; no child
        is left out when all of them would be."""
        kids = self.kids[0]
        keys = self.root_keys
        penalty = self.root_penalty
        seen = self.seen
        count = self.seen_count
        open_moves = 0
        for i in range(n):
            key = self._hash(kids[i])
            keys[i] = key
            times = 0
            for j in range(count):
                if seen[j] == key:
                    times += 1
            if times >= REPEAT_LIMIT:
                penalty[i] = -1
            else:
                penalty[i] = REPEAT * times * times
                open_moves += 1
        if not open_moves:
            for i in range(n):
                penalty[i] = 0
        return penalty

    def _remember(self, n, move):
        """Add the position `move` (a root move code) leads to to the positions seen."""
        moves = self.moves[0]
        for i in range(n):
            if moves[i] == move:
                self.seen[self.seen_at] = self.root_keys[i]
                self.seen_at = (self.seen_at + 1) % REPEATS
                if self.seen_count < REPEATS:
                    self.seen_count += 1
                return

    def _root_order(self, n, first):
        """The root's children in their capture order, with `first` moved to the front."""
        order = self.order[0]
        moves = self.moves[0]
        for i in range(n):
            if moves[order[i]] == first:
                idx = order[i]
                for j in range(i, 0, -1):
                    order[j] = order[j - 1]
                order[0] = idx
                break
        return order

    def _frontier(self, st, alpha, beta, side):
        """Depth-1 node: make one child at a time and evaluate it, stopping at a cutoff."""
        child = self.scratch
        squares = self.squares
        players = self.players
        qv = self.quan_value
        qn = self.quan_non
        over_at = self.over_at
        base = 6 * st[self.turn_at] + 1
        best = -INF
        for sq in range(base, base + ROW):
            if st[sq]:
                for step in (1, -1):
                    if self.nodes >= self.limit and self._halt(1):
                        return 0
                    self.nodes += 1
                    child[:] = st
                    sow(child, squares, sq, step, qv, qn)
                    end_turn(child, players)
                    if child[over_at]:
                        value = self._terminal(child)
                    else:
                        value = self.evaluate(child)
                    if side < 0:
                        value = -value
                    if value > best:
                        best = value
                        if value > alpha:
                            alpha = value
                            if alpha >= beta:
                                return best
        return best

    def _halt(self, n):
        """The slow path of the node count: True (and `stopped`) when `n` more nodes would pass
        the budget, or at a check point when `should_stop()` says so or the deadline is past;
        otherwise the next check point is set and the search goes on."""
        if self.nodes + n > self.budget:
            self.stopped = True
            return True
        stop = self.should_stop
        if stop is not None and stop():
            self.interrupted = True
            self.stopped = True
            return True
        clock = self.clock
        if clock is not None and time.ticks_diff(clock(), self.deadline) >= 0:
            self.stopped = True
            return True
        self.limit = min(self.budget, self.nodes + CHECK_NODES)
        return False

    def _negamax(self, st, depth, alpha, beta, ply):
        side = self._side(st)
        if st[self.over_at]:
            return side * self._terminal(st)
        if depth <= 0 or ply >= MAX_PLY:
            return side * self.evaluate(st)
        if depth == 1:
            return self._frontier(st, alpha, beta, side)
        alpha0 = alpha
        tt_move = -1
        slot = 0
        key = 0
        if depth >= 2:
            # the moves left before the stall rule's count change the values near it
            key = self._hash(st) ^ st[self.size - 2]
            slot = key & self.tt_mask
            if self.tt_key[slot] == key:
                data = self.tt_data[slot]
                tt_move = data & 63
                if (data >> 6) & 31 >= depth:
                    value = (data >> 13) - INF
                    flag = (data >> 11) & 3
                    if flag == _EXACT:
                        return value
                    if flag == _LOWER and value >= beta:
                        return value
                    if flag == _UPPER and value <= alpha:
                        return value
        n = self._expand(st, ply, tt_move)
        if not n:
            return 0
        order = self.order[ply]
        kids = self.kids[ply]
        moves = self.moves[ply]
        best = -INF
        best_move = moves[order[0]]
        for i in range(n):
            idx = order[i]
            child = kids[idx]
            flip = 1 if self._side(child) == side else -1
            if flip > 0:
                value = self._negamax(child, depth - 1, alpha, beta, ply + 1)
            else:
                value = -self._negamax(child, depth - 1, -beta, -alpha, ply + 1)
            if self.stopped:
                return 0
            if value > best:
                best = value
                best_move = moves[idx]
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self.killer[ply] = best_move
                        self.history[best_move] += depth * depth
                        break
        if depth >= 2:
            if best <= alpha0:
                flag = _UPPER
            elif best >= beta:
                flag = _LOWER
            else:
                flag = _EXACT
            self.tt_key[slot] = key
            self.tt_data[slot] = ((best + INF) << 13) | (flag << 11) | (depth << 6) | best_move
        return best

    def search(self, st, nodes, max_depth=MAX_PLY - 1, should_stop=None, deadline_ms=0,
               clock=None):
        """Best move for the player to move in `st` within `nodes` nodes: (square, step, value).

        Deepens one ply at a time up to `max_depth` while the budget lasts. Every CHECK_NODES
        nodes it calls `should_stop()` (if given; e.g. App.pump, True when BACK is waiting: then
        `interrupted` is set) and, with `deadline_ms`, stops once `clock()` (default
        time.ticks_ms) is `deadline_ms` past the start. A stopped search returns the best move of the deepest iteration (moves
        of an unfinished iteration count once searched in full; the previous best is searched
        first), always a legal move. Without `should_stop` and `deadline_ms` the result depends
        on the position and `nodes` only.

        The value is from the mover's point of view in sixteenths of a dân (WIN added for a
        proven win). Requires a position with at least one legal move.

        Repetitions: nothing in the rules ends a game whose players keep moving the same stones
        round (two searchers can each find that breaking the cycle costs them), so a searcher
        remembers the positions its last REPEATS moves led to (all seats', when one searcher
        plays them all) and, at the root, a move back into one of them costs REPEAT x (times
        reached)**2; after REPEAT_LIMIT times such moves are not played unless every move is
        one. A search that was interrupted remembers nothing; `new_game()` forgets it all.

        The transposition table is kept from one search to the next of the same seat (the last
        move's analysis orders the next one's: Khó starting every search afresh scored 44.5%
        against the Khó that kept it); a search for another seat (the evaluation is the seat's),
        one after an interrupted search, and one after `new_game()` start with an empty table.
        So the result also depends on the searches this searcher made since `new_game()`.
        """
        if _COLLECT_FIRST:
            gc.collect()
        self.root = st[self.turn_at]
        self.nodes = 0
        self.budget = max(nodes, 2 * ROW)
        self.should_stop = should_stop
        self.clock = None
        if deadline_ms:
            if clock is None:
                clock = time.ticks_ms
            self.clock = clock
            self.deadline = time.ticks_add(clock(), deadline_ms)
        self.limit = self.budget
        if should_stop is not None or deadline_ms:
            self.limit = min(self.budget, CHECK_NODES)
        self.stopped = False
        self.interrupted = False
        for i in range(MAX_PLY):
            self.killer[i] = -1
        hist = self.history
        for i in range(len(hist)):
            hist[i] = 0
        if self.table_root != self.root:
            self._clear_table()
        self.table_root = -1
        n = self._expand(st, 0, -1)
        kids = self.kids[0]
        moves = self.moves[0]
        penalty = self._repetitions(n)
        best_move = -1
        best_value = -INF
        self.depth_reached = 0
        depth = 1
        while not self.stopped and depth <= max_depth:
            order = self._root_order(n, best_move)
            alpha = -INF
            iter_move = -1
            for i in range(n):
                idx = order[i]
                cost = penalty[idx]
                if cost < 0:
                    continue
                child = kids[idx]
                # the root maximises value - cost: a child must beat alpha + cost to count
                if self._side(child) > 0:
                    value = self._negamax(child, depth - 1, alpha + cost, INF, 1) - cost
                else:
                    value = -self._negamax(child, depth - 1, -INF, -alpha - cost, 1) - cost
                if self.stopped:
                    break
                if value > alpha:
                    alpha = value
                    iter_move = moves[idx]
            if iter_move >= 0:
                best_move = iter_move
                best_value = alpha
                if not self.stopped:
                    self.depth_reached = depth
            if alpha >= WIN // 2 or alpha <= -WIN // 2:
                break
            depth += 1
        if best_move < 0:
            for i in range(n):
                if penalty[self.order[0][i]] >= 0:
                    best_move = moves[self.order[0][i]]
                    break
        if not self.interrupted:
            self._remember(n, best_move)
            self.table_root = self.root
        # the callbacks (e.g. a bound App.pump) must not keep their owners alive
        self.should_stop = None
        self.clock = None
        return best_move >> 1, (-1 if best_move & 1 else 1), best_value


def greedy_move(st, players, quan_value, quan_non, scratch=None):
    """The move capturing the most right now; ties to the lowest square, then '+'."""
    squares, _qp, _cap, _qc, _debt, turn_at, _over, size = layout(players)
    if scratch is None:
        scratch = bytearray(size)
    base = 6 * st[turn_at] + 1
    best = None
    best_gain = -1
    for sq in range(base, base + ROW):
        if st[sq]:
            for step in (1, -1):
                scratch[:] = st
                gained = sow(scratch, squares, sq, step, quan_value, quan_non)
                if gained > best_gain:
                    best_gain = gained
                    best = (sq, step)
    return best


def random_move(st, players, rng):
    """A uniformly random legal move drawn from `rng` (a tet.core.rng.Rng)."""
    turn_at = layout(players)[5]
    base = 6 * st[turn_at] + 1
    moves = []
    for sq in range(base, base + ROW):
        if st[sq]:
            moves.append((sq, 1))
            moves.append((sq, -1))
    return rng.choice(moves)
