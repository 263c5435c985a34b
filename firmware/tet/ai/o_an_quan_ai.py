"""Ô Ăn Quan computer players: alpha-beta search by node count, plus greedy and random baselines.

The search is negamax with alpha-beta, iterative deepening, a transposition table and move
ordering (table move, then captures, then killers and history). With two players it is ordinary
negamax; with three or four it is *paranoid*: the computer's seat against a coalition of all the
others, which keeps the same negamax code (the sign flips only when play passes between the
computer and the coalition).

Every position generated (one copy + one move) is a node; a search stops before it would exceed
its node budget, so a move costs the same number of nodes on the device as on a desktop. The
level budgets are derived from the measured speed of this code under the `micropython` binary
and the platform's 150x device factor (docs/o-an-quan.md, host_tools/bench/bench_o_an_quan.py).
Nothing is allocated per node: every ply has its own preallocated child buffers.
"""

from array import array

from tet.games.o_an_quan import ROW, end_turn, layout, scores, sow

# Node budgets per level: Vừa must fit 1 s and Khó 3 s on an ESP32 (see the module docstring).
LEVEL_NODES = {"de": 100, "vua": 2400, "kho": 7200}
LEVEL_NAMES = {"de": "Dễ", "vua": "Vừa", "kho": "Khó"}

MAX_PLY = 24
MAX_MOVES = 2 * ROW
TT_BITS = 10
WIN = 20000
INF = 32000
# Evaluation weights in sixteenths of a dân.
UNIT = 16
ROW_WEIGHT = 4

_EXACT = 0
_LOWER = 1
_UPPER = 2


class Searcher:
    """An alpha-beta searcher for one game configuration (players, quan value, quan non)."""

    def __init__(self, players=2, quan_value=10, quan_non=False, tt_bits=TT_BITS):
        self.players = players
        self.quan_value = quan_value
        self.quan_non = bool(quan_non)
        (self.squares, self.qp, self.cap, self.qc, self.debt, self.turn_at, self.over_at,
         self.size) = layout(players)
        self.kids = [[bytearray(self.size) for _ in range(MAX_MOVES)] for _ in range(MAX_PLY)]
        self.order = [[0] * MAX_MOVES for _ in range(MAX_PLY)]
        self.keys = [[0] * MAX_MOVES for _ in range(MAX_PLY)]
        self.moves = [[0] * MAX_MOVES for _ in range(MAX_PLY)]
        self.killer = [0] * MAX_PLY
        self.history = [0] * (2 * self.squares)
        self.tt_mask = (1 << tt_bits) - 1
        self.tt_key = array("i", [0] * (1 << tt_bits))
        self.tt_data = array("i", [0] * (1 << tt_bits))
        self.nodes = 0
        self.budget = 0
        self.stopped = False
        self.root = 0
        self.depth_reached = 0

    # -- evaluation -------------------------------------------------------------------------

    def _banked(self, st, k):
        debt = self.debt + 2 * k
        return (st[self.cap + k] + self.quan_value * st[self.qc + k]
                - (st[debt] + 256 * st[debt + 1] - 32768))

    def evaluate(self, st):
        """Static value for the root player: banked points and own-row dân against the others."""
        players = self.players
        root = self.root
        total = 0
        mine = 0
        for k in range(players):
            v = self._banked(st, k) * UNIT
            base = 6 * k + 1
            row = st[base] + st[base + 1] + st[base + 2] + st[base + 3] + st[base + 4]
            v += row * ROW_WEIGHT
            if k == root:
                mine = v
            total += v
        return players * mine - total

    def _terminal(self, st):
        sc = scores(st, self.players, self.quan_value)
        mine = sc[self.root]
        best_other = -1
        total = 0
        for k in range(self.players):
            total += sc[k]
            if k != self.root and sc[k] > best_other:
                best_other = sc[k]
        diff = (self.players * mine - total) * UNIT
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
        h = 0
        for i in range(self.over_at):
            h = ((h * 131) ^ st[i]) & 0x3FFFFFFF
        return h

    # -- search -----------------------------------------------------------------------------

    def _expand(self, st, ply):
        """Make every child of st into this ply's buffers; return how many (0 if over budget)."""
        kids = self.kids[ply]
        keys = self.keys[ply]
        moves = self.moves[ply]
        squares = self.squares
        players = self.players
        qv = self.quan_value
        qn = self.quan_non
        base = 6 * st[self.turn_at] + 1
        n = 0
        for sq in range(base, base + ROW):
            if st[sq]:
                n += 2
        if self.nodes + n > self.budget:
            self.stopped = True
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
                    key = gained * 4096 + hist[code]
                    if code == killer:
                        key += 2048
                    keys[n] = key
                    n += 1
        return n

    def _sort(self, ply, n, first):
        """Order children by key, highest first, with the move `first` (a code) in front."""
        order = self.order[ply]
        keys = self.keys[ply]
        moves = self.moves[ply]
        for i in range(n):
            key = keys[i]
            if moves[i] == first:
                key = 1 << 29
            j = i
            while j > 0:
                prev = order[j - 1]
                prev_key = (1 << 29) if moves[prev] == first else keys[prev]
                if prev_key >= key:
                    break
                order[j] = prev
                j -= 1
            order[j] = i
        return order

    def _negamax(self, st, depth, alpha, beta, ply):
        side = self._side(st)
        if st[self.over_at]:
            return side * self._terminal(st)
        if depth <= 0 or ply >= MAX_PLY:
            return side * self.evaluate(st)
        alpha0 = alpha
        tt_move = -1
        slot = 0
        key = 0
        if depth >= 2:
            key = self._hash(st)
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
        n = self._expand(st, ply)
        if not n:
            return 0
        order = self._sort(ply, n, tt_move)
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

    def search(self, st, nodes):
        """Best move for the player to move in `st` within `nodes` nodes: (square, step, value).

        The value is from the mover's point of view in sixteenths of a dân (WIN added for a
        proven win). Requires a position with at least one legal move.
        """
        self.root = st[self.turn_at]
        self.nodes = 0
        self.budget = max(nodes, 2 * ROW)
        self.stopped = False
        for i in range(MAX_PLY):
            self.killer[i] = -1
        hist = self.history
        for i in range(len(hist)):
            hist[i] = 0
        n = self._expand(st, 0)
        kids = self.kids[0]
        moves = self.moves[0]
        best_move = -1
        best_value = -INF
        self.depth_reached = 0
        depth = 1
        while not self.stopped and depth < MAX_PLY:
            order = self._sort(0, n, best_move)
            alpha = -INF
            iter_move = -1
            for i in range(n):
                idx = order[i]
                child = kids[idx]
                if self._side(child) > 0:
                    value = self._negamax(child, depth - 1, alpha, INF, 1)
                else:
                    value = -self._negamax(child, depth - 1, -INF, -alpha, 1)
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
            best_move = moves[self._sort(0, n, -1)[0]]
        return best_move >> 1, (-1 if best_move & 1 else 1), best_value


def level_nodes(level):
    """Node budget of a level name ('de', 'vua', 'kho')."""
    return LEVEL_NODES[level]


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
