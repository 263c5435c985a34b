"""Ô Ăn Quan engine: the ring board in one bytearray, chain sowing, chain captures, loans, the count.

Rules as in shared/spec/o-an-quan.md. For `N` players the ring has `S = 6N` squares; square `6k`
is a quan square, `6k+1 .. 6k+5` are player k's dân squares. Direction +1 goes to the next higher
index, -1 to the lower, modulo S.

The whole position is one bytearray (`layout(N)` gives the offsets), so the search can copy a
position with a slice assignment and play a move in place without allocating:

    [0, S)            dân count of each square
    [QP, QP+N)        1 while quan square 6k still holds its quan piece
    [CAP, CAP+N)      dân captured by each player (what is left after refilling rows)
    [QC, QC+N)        quan pieces captured by each player
    [DEBT, DEBT+2N)   net loans (borrowed - lent), 16 bits per player stored with a 32768 offset
    TURN              player to move
    OVER              1 once the game has ended, STALLED (2) when the stall rule ended it
    LOW               the fewest stones (dân and quan pieces) the board has held so far
    LEFT              moves left before the stall rule counts the game (see STALL_ROUNDS)
    BOARD             stones on the board now (kept as they are taken and put back)

Where the spec is silent this module decides (docs/o-an-quan.md repeats it):
- a short refill (nobody left to lend) fills the player's squares from 6k+1 upwards;
- if the game ends because a player's row stays empty, whatever is still in quan square 6k
  (dân and quan piece) is counted for player k, so the scores still add up to 25N + QN;
- a relay sowing that lifts more than RELAY_LIMIT times ends the turn without a capture
  (never reached in play; it only guarantees that every move terminates);
- every game ends: when the board has not held fewer stones than its fewest so far for
  STALL_ROUNDS rounds (STALL_ROUNDS x N plies), the stones go round without leaving it, and
  the game is counted as at hết quan: each player takes their row and their quan square.
"""

START_DAN = 5
ROW = 5
RELAY_LIMIT = 400
# event kinds in a sowing log (see sow)
LIFT = 0
CAPTURE = 1
_DEBT_ZERO = 32768
# a game ends when the board has not gone below its fewest stones for this many rounds
STALL_ROUNDS = 12
STALLED = 2     # the OVER byte of a game the stall rule ended


def layout(players):
    """Return (S, QP, CAP, QC, DEBT, TURN, OVER, SIZE) offsets of the state for `players`; LOW,
    LEFT and BOARD are the last three bytes (SIZE - 3, SIZE - 2, SIZE - 1)."""
    squares = 6 * players
    qp = squares
    cap = qp + players
    qc = cap + players
    debt = qc + players
    turn = debt + 2 * players
    return squares, qp, cap, qc, debt, turn, turn + 1, turn + 5


def new_state(players):
    """The starting position for `players` (2, 3 or 4): 5 dân per dân square, a quan per quan square."""
    squares, qp, _cap, _qc, debt, _turn, _over, size = layout(players)
    st = bytearray(size)
    for i in range(squares):
        if i % 6:
            st[i] = START_DAN
    for k in range(players):
        st[qp + k] = 1
        st[debt + 2 * k] = _DEBT_ZERO & 255
        st[debt + 2 * k + 1] = _DEBT_ZERO >> 8
    st[size - 3] = st[size - 1] = on_board(st, players)
    st[size - 2] = STALL_ROUNDS * players
    return st


def on_board(st, players):
    """Stones on the board: every square's dân and the quan pieces still in their squares (all
    the stones but those captured: 2N bytes to add, not 7N)."""
    cap = 7 * players
    n = (START_DAN * ROW + 1) * players
    for i in range(cap, cap + 2 * players):
        n -= st[i]
    return n


def sow(st, squares, square, step, quan_value, quan_non, log=None):
    """Play the sowing and capturing of one move in place; return the value captured.

    `square` must be a non-empty dân square of the player to move and `step` +1 or -1. Updates
    the board and the mover's captured dân and quan pieces; does not pass the turn (see `play`).
    The value is dân + quan_value * quan pieces, for move ordering and the greedy player.
    With a bytearray `log`, appends LIFT and square for every square lifted (the move's own
    first), CAPTURE and square for every square taken: enough to animate it stone by stone.
    """
    qp = squares
    mover = st[squares + 5 * (squares // 6)]
    p = square
    count = st[p]
    st[p] = 0
    lifts = 0
    if log is not None:
        log.append(LIFT)
        log.append(p)
    while True:
        if count >= squares:
            laps = count // squares
            count -= laps * squares
            for i in range(squares):
                st[i] += laps
        while count:
            p = (p + step) % squares
            st[p] += 1
            count -= 1
        nxt = (p + step) % squares
        count = st[nxt]
        if count:
            if nxt % 6 == 0:
                return 0
            lifts += 1
            if lifts > RELAY_LIMIT:
                return 0
            st[nxt] = 0
            p = nxt
            if log is not None:
                log.append(LIFT)
                log.append(p)
            continue
        if nxt % 6 == 0 and st[qp + nxt // 6]:
            return 0
        break
    players = squares // 6
    cap = qp + players + mover
    qc = cap + players
    gained = 0
    m = (nxt + step) % squares
    while True:
        dan = st[m]
        piece = 0
        if m % 6 == 0:
            piece = st[qp + m // 6]
        if not (dan or piece):
            break
        if piece:
            if quan_non and dan < 5:
                break
            st[qp + m // 6] = 0
            st[qc] += 1
            gained += quan_value
        st[m] = 0
        st[cap] += dan
        st[squares + 5 * players + 4] -= dan + piece      # the board's stones (end_turn)
        gained += dan
        if log is not None:
            log.append(CAPTURE)
            log.append(m)
        e = (m + step) % squares
        if st[e] or (e % 6 == 0 and st[qp + e // 6]):
            break
        m = (e + step) % squares
    return gained


def quans_gone(st, squares):
    """True when every quan square is empty (no dân, no quan piece): hết quan, tàn dân."""
    qp = squares
    for k in range(squares // 6):
        if st[6 * k] or st[qp + k]:
            return False
    return True


def debt_of(st, players, k):
    """Net loans of player k: dân borrowed minus dân lent."""
    at = 9 * players + 2 * k
    return st[at] + 256 * st[at + 1] - _DEBT_ZERO


def _add_debt(st, players, k, delta):
    value = debt_of(st, players, k) + delta + _DEBT_ZERO
    at = 9 * players + 2 * k
    st[at] = value & 255
    st[at + 1] = value >> 8


def refill(st, players, k):
    """Refill player k's empty row from their captured dân, borrowing the rest; return dân placed.

    Each borrowed dân comes from the opponent holding the most captured dân at that moment,
    ties to the one next in turn order after k.
    """
    squares = 6 * players
    cap = squares + players
    base = 6 * k + 1
    own = st[cap + k]
    if own > ROW:
        own = ROW
    st[cap + k] -= own
    placed = own
    while placed < ROW:
        lender = -1
        most = 0
        for j in range(1, players):
            o = (k + j) % players
            if st[cap + o] > most:
                most = st[cap + o]
                lender = o
        if lender < 0:
            break
        st[cap + lender] -= 1
        _add_debt(st, players, lender, -1)
        _add_debt(st, players, k, 1)
        placed += 1
    for i in range(placed):
        st[base + i] += 1
    st[11 * players + 4] += placed
    return placed


def row_empty(st, k):
    """True when all five dân squares of player k are empty."""
    base = 6 * k + 1
    for i in range(base, base + ROW):
        if st[i]:
            return False
    return True


def end_turn(st, players):
    """After a move: end the game if the quan are gone or the board has stalled (see
    STALL_ROUNDS), else pass the turn and refill if needed.

    Returns the dân placed by a refill of the next player's row (0 if none).
    """
    # few locals: a frame of more than 11 words (arguments, locals, value stack) would be
    # allocated on the heap at every node of the search
    turn = 11 * players
    if quans_gone(st, 6 * players):
        st[turn + 1] = 1
        return 0
    if st[turn + 4] < st[turn + 2]:
        st[turn + 2] = st[turn + 4]
        st[turn + 3] = STALL_ROUNDS * players
    else:
        st[turn + 3] -= 1
        if not st[turn + 3]:
            st[turn + 1] = STALLED
            return 0
    nxt = (st[turn] + 1) % players
    st[turn] = nxt
    if row_empty(st, nxt):
        placed = refill(st, players, nxt)
        if not placed:
            st[turn + 1] = 1
        return placed
    return 0


def play(st, players, square, step, quan_value, quan_non, log=None):
    """Play a legal move in place (sow, capture, pass the turn, refill); return the value captured."""
    gained = sow(st, 6 * players, square, step, quan_value, quan_non, log)
    end_turn(st, players)
    return gained


def material(st, players, k, quan_value):
    """Player k's points banked so far: captured dân + quan, net of loans (the board not counted)."""
    cap = 7 * players
    return st[cap + k] + quan_value * st[cap + players + k] - debt_of(st, players, k)


def final_score(st, players, k, quan_value):
    """Player k's score at the count: banked points plus the dân left on their own row.

    If the game ended with quan squares still holding something (an empty row nobody could
    refill), quan square 6k's dân and quan piece go to player k.
    """
    base = 6 * k
    return (material(st, players, k, quan_value) + st[base + 1] + st[base + 2] + st[base + 3]
            + st[base + 4] + st[base + 5] + st[base] + quan_value * st[6 * players + k])


def scores(st, players, quan_value):
    """Every player's score at the count, as a list (see final_score)."""
    return [final_score(st, players, k, quan_value) for k in range(players)]


def legal_moves(st, players):
    """The legal moves of the player to move as a list of (square, step); empty once the game is over."""
    squares = 6 * players
    turn = squares + 5 * players
    if st[turn + 1]:
        return []
    base = 6 * st[turn] + 1
    out = []
    for sq in range(base, base + ROW):
        if st[sq]:
            out.append((sq, 1))
            out.append((sq, -1))
    return out


def format_move(square, step):
    """Notation of a move, e.g. '3+' or '9-'."""
    return "%d%s" % (square, "+" if step > 0 else "-")


def parse_move(text):
    """Parse '<square><+|->' into (square, step); raise ValueError if malformed."""
    if not isinstance(text, str) or len(text) < 2 or text[-1] not in "+-":
        raise ValueError("malformed move %r" % (text,))
    digits = text[:-1]
    for ch in digits:
        if ch < "0" or ch > "9":
            raise ValueError("malformed move %r" % (text,))
    return int(digits), (1 if text[-1] == "+" else -1)


class Game:
    """A game of Ô Ăn Quan with its options; wraps the state bytearray for the UI and the CLI."""

    def __init__(self, players=2, quan_value=10, quan_non=False):
        if players not in (2, 3, 4):
            raise ValueError("players must be 2, 3 or 4")
        if quan_value not in (5, 10):
            raise ValueError("quan value must be 5 or 10")
        self.players = players
        self.squares = 6 * players
        self.quan_value = quan_value
        self.quan_non = bool(quan_non)
        self.state = new_state(players)
        self.refilled = 0

    @property
    def turn(self):
        """The player to move (the last mover's successor once the game is over)."""
        return self.state[self.squares + 5 * self.players]

    @property
    def over(self):
        """True once the game has ended."""
        return bool(self.state[self.squares + 5 * self.players + 1])

    @property
    def stalled(self):
        """True when the stall rule ended the game (the board did not empty, see STALL_ROUNDS)."""
        return self.state[self.squares + 5 * self.players + 1] == STALLED

    def stall_left(self):
        """Moves left before the stall rule counts the game, unless the board goes below its
        fewest stones so far (a capture) first."""
        return self.state[self.squares + 5 * self.players + 3]

    def board(self):
        """Dân count of every square, as a list."""
        return list(self.state[:self.squares])

    def quan(self):
        """For each quan square 6k, whether its quan piece is still there."""
        return [bool(self.state[self.squares + k]) for k in range(self.players)]

    def captured(self):
        """Dân captured by each player (after refills)."""
        cap = self.squares + self.players
        return list(self.state[cap:cap + self.players])

    def quan_captured(self):
        """Quan pieces captured by each player."""
        qc = self.squares + 2 * self.players
        return list(self.state[qc:qc + self.players])

    def debts(self):
        """Net loans of each player (borrowed - lent)."""
        return [debt_of(self.state, self.players, k) for k in range(self.players)]

    def scores(self):
        """Final scores once over; before that, banked points (the rows not counted yet)."""
        if self.over:
            return scores(self.state, self.players, self.quan_value)
        return [material(self.state, self.players, k, self.quan_value) for k in range(self.players)]

    def legal_moves(self):
        """Legal moves of the player to move as (square, step) pairs."""
        return legal_moves(self.state, self.players)

    def is_legal(self, square, step):
        """True if (square, step) is a legal move now."""
        if self.over or step not in (1, -1) or not 0 <= square < self.squares:
            return False
        k = self.turn
        return 6 * k < square <= 6 * k + ROW and self.state[square] > 0

    def play(self, square, step, log=None):
        """Play a legal move; return the value captured. Raises ValueError if illegal.

        `log` (a bytearray) receives the sowing's lifts and captures, see `sow`; `refilled` then
        holds how many dân the next player had to put back on an empty row (0 if none).
        """
        if not self.is_legal(square, step):
            raise ValueError("illegal move %s" % format_move(square, step))
        gained = sow(self.state, self.squares, square, step, self.quan_value, self.quan_non, log)
        self.refilled = end_turn(self.state, self.players)
        return gained

    def copy(self):
        """An independent copy of the game."""
        g = Game(self.players, self.quan_value, self.quan_non)
        g.state[:] = self.state
        return g

    def winners(self):
        """Players with the highest final score (several on a draw); [] while the game goes on."""
        if not self.over:
            return []
        sc = self.scores()
        best = max(sc)
        return [k for k in range(self.players) if sc[k] == best]

    def to_dict(self):
        """A JSON-serialisable snapshot (options and position) for saving a game in progress."""
        return {"players": self.players, "quan_value": self.quan_value,
                "quan_non": self.quan_non, "state": list(self.state)}

    @classmethod
    def from_dict(cls, d):
        """Rebuild a game saved by to_dict(); raises ValueError on anything malformed (wrong
        types, sizes or ranges, stones not conserved, a turn that cannot be played)."""
        if not isinstance(d, dict):
            raise ValueError("not a dict")
        players = _small_int(d.get("players"), 2, 4, "players")
        quan_value = _small_int(d.get("quan_value"), 5, 10, "quan_value")
        quan_non = d.get("quan_non")
        if not isinstance(quan_non, (bool, int)) or quan_non not in (0, 1):
            raise ValueError("bad quan_non")
        g = cls(players, quan_value, bool(quan_non))
        g.state[:] = state_from_list(d.get("state"), players)
        return g


def _small_int(value, low, high, what):
    """`value` if it is an int (not a bool) in [low, high]; ValueError naming `what` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError("bad " + what)
    return value


def state_from_list(values, players):
    """The state bytearray of a saved list for `players`, checked as a position of a real game:
    the right size, bytes, every dân (25 per player) and quan piece (one per player) once on the
    board or captured, loans that cancel out, the turn in range and, while the game goes on, a
    move for the player to move, and the stall rule's bytes in their ranges, the board's stones
    counted right. A save from before the stall rule (three bytes shorter) reads with the
    board's stones as its fewest and every move of the rule left. Raises ValueError otherwise."""
    squares, qp, cap, qc, debt, turn, over, size = layout(players)
    if not isinstance(values, list) or len(values) not in (size, size - 3):
        raise ValueError("state has the wrong size")
    for v in values:
        _small_int(v, 0, 255, "state byte")
    st = bytearray(values)
    if len(st) < size:
        st += bytes((0, STALL_ROUNDS * players, 0))
        st[size - 3] = st[size - 1] = on_board(st, players)
    for k in range(players):
        if st[qp + k] > 1:
            raise ValueError("bad quan piece")
    dan = sum(st[:squares]) + sum(st[cap:cap + players])
    quans = sum(st[qp:qp + players]) + sum(st[qc:qc + players])
    if dan != START_DAN * ROW * players or quans != players:
        raise ValueError("stones not conserved")
    loans = 0
    for k in range(players):
        owed = debt_of(st, players, k)
        if not -START_DAN * ROW * players <= owed <= START_DAN * ROW * players:
            raise ValueError("bad loan")
        loans += owed
    if loans:
        raise ValueError("loans do not cancel out")
    if st[turn] >= players or st[over] > STALLED:
        raise ValueError("bad turn")
    # (the move that ends a game at hết quan leaves the fewest stones as they were)
    if st[turn + 4] != on_board(st, players) or st[turn + 3] > STALL_ROUNDS * players or \
            (st[turn + 3] == 0) != (st[over] == STALLED) or \
            (st[turn + 2] > st[turn + 4] and not st[over]):
        raise ValueError("bad stall count")
    if not st[over] and row_empty(st, st[turn]):
        raise ValueError("no move for the player to move")
    return st
