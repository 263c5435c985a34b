"""Xấp Sắc: the tile-laying climbing game (rules in shared/spec/xap-sac.md).

Cards are ints: 0..55 are numbered cards (colour * 14 + number - 1, colours R Y G W) and 56, 57
are the two Tứ Sắc. The default deck ("1-7x2") holds numbers 1-7 twice per colour: both copies
are the same int (they differ only by where they lie), so hands are lists that may repeat a card.
The house-rule deck "1-14" holds 1-14 once per colour. The table is a dict from a packed cell key ((x + 128) << 8 | (y + 128)) to a
card, so stepping one cell along x adds 256 and along y adds 1.

A play is one int below 2**30 (a small int on the device too, where they are 31-bit), holding
its line and cards outright and its cells relative to the table it was made for: bits 0-3 rank,
4 Xấp, 5 a run (else a set), 6-10 the window's shape (PAT_CELLS), 11 axis (0 along x, 1 along
y), then from bit 12 four bits per new card in cell order, colour | (rank - number) << 2. The
shape is placed from an anchor, the window's first table card or, for a new line from a Tứ
Sắc, that Tứ Sắc: its index in the table's keys in order at bits 24-29 (a table window takes
at most 3 cards), or for four cards from a Tứ Sắc which one (first or second in key order) at
bit 28.
"""

from array import array

from tet.core.rng import Rng

COLOURS = "RYGW"
TS = 56
NUM_CARDS = 58
TS_CODE = "TS"

PAIR = 0
TRIPLE = 1
QUAD = 2
RUN3 = 3
RUN4 = 4
TYPE_NAMES = ("pair", "triple", "quad", "run3", "run4")

OPEN = 0  # first play(s) of a round: any line using the table, no start from a Tứ Sắc
LEAD = 1  # Dẫn: any line, or a new line from a Tứ Sắc
FOLLOW = 2  # same type, rank equal or higher, Xấp after Xấp
MODE_NAMES = ("open", "lead", "follow")

PLAYING = 0
ROUND_OVER = 1
GAME_OVER = 2
PHASE_NAMES = ("play", "round_over", "game_over")

STEP_X = 256
STEP_Y = 1
ORIGIN = 128
MAX_LINE = 4

# indexed by the number of players
TARGET = b"\x00\x00\x03\x05\x07"
HAND_SIZE = b"\x00\x00\x0b\x10\x0c"
BOX_SIZE = b"\x00\x00\x02\x04\x04"
LOWEST_NUMBER = b"\x00\x00\x08\x01\x01"  # the 1-14 deck: two players use 8-14

DECK_7X2 = "1-7x2"
DECK_14 = "1-14"
DECKS = (DECK_7X2, DECK_14)  # default first
DECK_TOP = (7, 14)  # highest number, per deck
DECK_COPIES = (2, 1)  # copies of each card, per deck

NUMBER = bytes([c % 14 + 1 for c in range(56)] + [0, 0])
POPCOUNT = bytes([bin(m).count("1") for m in range(256)])
LOWEST_BIT = bytes([0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0])


# Per number of cards k (tables of bytes, for a small heap; tests/portable/test_xap_sac_rules.py
# derives them): MULTISETS[k], the 8-bit colour masks choosing k cards of one number (bit c a
# first copy of colour c, bit c + 4 its second copy, only with the first, so each multiset of
# colours comes once), ascending; PERMS[k], every order of k cards, k bytes each, each order of
# k - 1 cards with k - 1 put at each place in turn (the order generate emits plays in).
MULTISETS = (b"", b"\x01\x02\x04\x08", b"\x03\x05\x06\x09\x0a\x0c\x11\x22\x44\x88",
             b"\x07\x0b\x0d\x0e\x13\x15\x19\x23\x26\x2a\x45\x46\x4c\x89\x8a\x8c",
             b"\x0f\x17\x1b\x1d\x27\x2b\x2e\x33\x47\x4d\x4e\x55\x66\x8b\x8d\x8e\x99\xaa\xcc")
PERMS = (b"", b"\0", b"\1\0\0\1", b"\2\1\0\1\2\0\1\0\2\2\0\1\0\2\1\0\1\2",
         b"\3\2\1\0\2\3\1\0\2\1\3\0\2\1\0\3\3\1\2\0\1\3\2\0\1\2\3\0\1\2\0\3"
         b"\3\1\0\2\1\3\0\2\1\0\3\2\1\0\2\3\3\2\0\1\2\3\0\1\2\0\3\1\2\0\1\3"
         b"\3\0\2\1\0\3\2\1\0\2\3\1\0\2\1\3\3\0\1\2\0\3\1\2\0\1\3\2\0\1\2\3")
# one order per card set: putting the same cards on the same cells in another order is always
# legal too (legality depends on the cards' numbers and the cells, never on which card goes where)
IDENTITY = (b"", b"\0", b"\0\1", b"\0\1\2", b"\0\1\2\3")


def key(x, y):
    """Pack cell (x, y) into a table key."""
    return ((x + ORIGIN) << 8) | (y + ORIGIN)


def key_x(k):
    """x of a table key."""
    return (k >> 8) - ORIGIN


def key_y(k):
    """y of a table key."""
    return (k & 255) - ORIGIN


def deck_index(deck):
    """Index of a deck name in DECKS; ValueError if unknown."""
    if deck not in DECKS:
        raise ValueError("deck must be %s, got %r" % (" or ".join(DECKS), deck))
    return DECKS.index(deck)


def deck_cards(deck, players):
    """The numbered cards dealt from (table, box, hands) for a deck and a number of players, and
    the cards set aside unused (two players use half the deck)."""
    d = deck_index(deck)
    top = DECK_TOP[d]
    if d:
        low = LOWEST_NUMBER[players]
        used = [c for c in range(TS) if low <= NUMBER[c] <= top]
        aside = [c for c in range(TS) if NUMBER[c] < low]
        return used, aside
    one = [c for c in range(TS) if NUMBER[c] <= top]
    if players == 2:
        return list(one), list(one)
    return one + one, []


def mask_add(masks, card):
    """Add one copy of `card` to colour masks per number (first copy bit c, second bit c + 4)."""
    n = NUMBER[card]
    bit = 1 << (card // 14)
    masks[n] |= bit << 4 if masks[n] & bit else bit


def mask_take(masks, card):
    """Remove one copy of `card` from colour masks (no-op when none is there)."""
    n = NUMBER[card]
    bit = 1 << (card // 14)
    if masks[n] & (bit << 4):
        masks[n] &= ~(bit << 4)
    else:
        masks[n] &= ~bit


def card_code(card):
    """Text code of a card: `R7`, `W14`, `TS`."""
    if card >= TS:
        return TS_CODE
    return COLOURS[card // 14] + str(card % 14 + 1)


def parse_card(code):
    """Card id of a numbered card code (`TS` gives the first Tứ Sắc); ValueError if unknown."""
    if not isinstance(code, str):
        raise ValueError("card code must be text, got %r" % (code,))
    if code == TS_CODE:
        return TS
    if len(code) >= 2 and code[0] in COLOURS and code[1:].isdigit():
        n = int(code[1:])
        if 1 <= n <= 14 and str(n) == code[1:]:
            return COLOURS.index(code[0]) * 14 + n - 1
    raise ValueError("unknown card %r" % (code,))


# Window shapes (bits 6-10 of a play). First the table windows, anchored at their first table
# card, by size and then new-cell mask (bit i: cell i of the window is new), so the mask's
# pattern is (1 << size) - 2 * size + mask - 1; then the new lines from a Tứ Sắc, anchored at
# it, by size: after it, before it. PAT_CELLS: 4 bytes per pattern, each new cell's offset from the
# anchor + 4 in cell order (0 past the last); PAT_K: new cells per pattern; LINE_TYPE: the
# packed line type per pattern << 1 | (1 for a run).
PAT_CELLS = (b"\x03\0\0\0\x05\0\0\0"
             b"\x03\0\0\0\x05\0\0\0\x02\x03\0\0\x06\0\0\0\x03\x05\0\0\x05\x06\0\0"
             b"\x03\0\0\0\x05\0\0\0\x02\x03\0\0\x06\0\0\0\x03\x05\0\0\x05\x06\0\0"
             b"\x01\x02\x03\0\x07\0\0\0\x03\x06\0\0\x05\x07\0\0\x02\x03\x05\0\x06\x07\0\0"
             b"\x03\x05\x06\0\x05\x06\x07\0"
             b"\x05\x06\0\0\x02\x03\0\0\x05\x06\x07\0\x01\x02\x03\0\x05\x06\x07\x08\0\x01\x02\x03")
PAT_K = b"\1\1\1\1\2\1\2\2\1\1\2\1\2\2\3\1\2\2\3\2\3\3\2\2\3\3\4\4"
LINE_TYPE = (b"\0\2\0\2" + b"\1\3" * 6 + b"\2\4" * 14 + b"\0\2\0\2\1\3\1\3\2\4\2\4")
TS_PATTERN = 22  # the first new line from a Tứ Sắc: + (size - 2) * 2, + 1 when before it


def line_code(typ, rank, xap):
    """Pack a line description the way `last` keeps it (type, rank << 3, Xấp << 7)."""
    return typ | (rank << 3) | (0x80 if xap else 0)


def line_dict(line):
    """JSON form of a packed line: {"type", "rank", "xap"}."""
    return {"type": TYPE_NAMES[line & 7], "rank": (line >> 3) & 15, "xap": bool(line & 0x80)}


def play_line(play):
    """Packed line (type, rank, Xấp) that a play makes."""
    return LINE_TYPE[(play >> 5) & 63] | ((play & 15) << 3) | ((play & 16) << 3)


def play_size(play):
    """Number of cards a play puts down."""
    return PAT_K[(play >> 6) & 31]


def play_axis(play):
    """0 when the play's line runs along x, 1 along y."""
    return (play >> 11) & 1


def play_anchor(play, table, cells=None):
    """Key of the card on `table` (the table the play was made for) that the play's cells are
    placed from; `cells`, the table's keys in order, saves sorting them."""
    if (play >> 6) & 31 >= TS_PATTERN + 4:
        lo = hi = -1
        for k in table:
            if table[k] >= TS:
                if lo < 0 or k < lo:
                    lo = k
                if k > hi:
                    hi = k
        return hi if (play >> 28) & 1 else lo
    if cells is None:
        cells = sorted(table)
    return cells[(play >> 24) & 63]


def play_cells(play, table, cells=None):
    """List of (key, card) a play puts down, in cell order, on the table it was made for
    (`cells`: see play_anchor)."""
    at = (play >> 4) & 0x7C
    if cells is None or at >= (TS_PATTERN + 4) * 4:
        base = play_anchor(play, table, cells)
    else:
        base = cells[(play >> 24) & 63]  # play_anchor(), inline
    step = STEP_Y if play & 0x800 else STEP_X
    rank = play & 15
    out = []
    for i in range(PAT_K[at >> 2]):
        nib = (play >> (12 + 4 * i)) & 15  # play_card(play, i), inline
        out.append((base + (PAT_CELLS[at + i] - 4) * step,
                    (nib & 3) * 14 + rank - (nib >> 2) - 1))
    return out


def play_cards(play):
    """Cards a play puts down."""
    return [play_card(play, i) for i in range(play_size(play))]


def play_card(play, i):
    """The i-th card (in cell order) a play puts down, without building a list."""
    nib = (play >> (12 + 4 * i)) & 15
    return (nib & 3) * 14 + (play & 15) - (nib >> 2) - 1


def with_cards(play, cards):
    """The same play with `cards` (in cell order) on its cells: another order of the same cards."""
    rank = play & 15
    for i in range(play_size(play)):
        shift = 12 + 4 * i
        c = cards[i]
        play = (play & ~(15 << shift)) | (((c // 14) | ((rank - NUMBER[c]) << 2)) << shift)
    return play


def classify(cards):
    """Packed line for a list of numbered cards, or -1 when they make no valid line."""
    size = len(cards)
    if size < 2 or size > MAX_LINE:
        return -1
    nums = [NUMBER[c] for c in cards]
    lo = min(nums)
    hi = max(nums)
    colour = cards[0] // 14
    xap = True
    for c in cards:
        if c // 14 != colour:
            xap = False
    if lo == hi:
        return line_code(size - 2, lo, xap)
    if size >= 3 and hi - lo == size - 1 and len(set(nums)) == size:
        return line_code(size, hi, xap)
    return -1


def cross_ok(table, k, cross):
    """True if a card put on empty cell k leaves the line across it (step `cross`) at most 4 long."""
    n = 1
    j = k + cross
    while 0 <= table.get(j, -1) < TS:
        n += 1
        j += cross
    j = k - cross
    while 0 <= table.get(j, -1) < TS:
        n += 1
        j -= cross
    return n <= MAX_LINE


_chosen = [0, 0, 0, 0]  # the new cards as a play holds them: colour | (rank - number) << 2
# where the window lies: the anchor's bits of a play, and a new line's pattern (-1 on a table line)
_anchor = [0, -1]


def _emit(out, limit, head, k, orders):
    """Append one play per order (from `orders`) of the chosen cards on the empty cells; two
    copies of one card keep their relative order, so no play comes twice."""
    perms = orders[k]
    end = len(perms)
    # another order repeats a play only by swapping two copies of one card (chosen side by side)
    twins = False
    if end > k:
        for i in range(1, k):
            if _chosen[i] == _chosen[i - 1]:
                twins = True
    at = -k
    while at + k < end:
        at += k
        if twins and _swaps_copies(perms, at, k):
            continue
        tail = 0
        shift = 12
        for i in range(at, at + k):
            tail |= _chosen[perms[i]] << shift
            shift += 4
        out.append(head | tail)
        if limit and len(out) >= limit:
            return True
    return False


def _swaps_copies(perms, at, k):
    """True when the order perms[at:at + k] puts two equal chosen cards out of their order (a
    repeated play)."""
    for i in range(at, at + k - 1):
        a = perms[i]
        for j in range(i + 1, at + k):
            if a > perms[j] and _chosen[a] == _chosen[perms[j]]:
                return True
    return False


def _fill(table, wc, size, axis, step, ctx):
    """Every way to complete window wc[0:size] (table cards and empty cells) with hand cards;
    ctx is (masks, need, out, limit, orders) of generate."""
    masks, need, out, limit, orders = ctx
    min_rank = 0
    need_xap = False
    want_sets = True
    want_runs = size >= 3
    if need >= 0:
        ntype = need & 7
        if ntype <= QUAD:
            if size != ntype + 2:
                return False
            want_runs = False
        else:
            if size != ntype:
                return False
            want_sets = False
        min_rank = (need >> 3) & 15
        need_xap = bool(need & 0x80)
    tnums = 0
    tcount = 0
    tcol = -1
    mixed = False
    dup = False
    k = 0
    new = 0
    for i in range(size):
        card = table.get(wc[i], -1)
        if card < 0:
            new |= 1 << i
            k += 1
        else:
            bit = 1 << NUMBER[card]
            if tnums & bit:
                dup = True
            tnums |= bit
            tcount += 1
            if tcol < 0:
                tcol = card // 14
            elif tcol != card // 14:
                mixed = True
    pattern = _anchor[1]
    if pattern < 0:
        pattern = (1 << size) - 2 * size + new - 1
    head_cells = (axis << 11) | (pattern << 6) | _anchor[0]
    # sets: one number; Xấp only when every card (table and new) has one colour, which two copies
    # of a card allow for a pair
    if want_sets and not (tnums & (tnums - 1)):
        if tcount:
            lo_n = hi_n = _first_bit(tnums)
        else:
            lo_n = 1
            hi_n = 14
        for n in range(max(lo_n, min_rank), hi_n + 1):
            m = masks[n]
            if POPCOUNT[m] < k:
                continue
            for sub in MULTISETS[k]:
                if sub & m != sub:
                    continue
                cols = sub & 15
                xap = (not mixed and POPCOUNT[cols] == 1
                       and (tcol < 0 or cols == 1 << tcol))
                if need_xap and not xap:
                    continue
                j = 0
                for col in range(4):
                    if sub & (1 << col):
                        _chosen[j] = col
                        j += 1
                    if sub & (16 << col):
                        _chosen[j] = col
                        j += 1
                if _emit(out, limit, head_cells | n | (0x10 if xap else 0), k, orders):
                    return True
    if want_runs and not dup:
        if tcount:
            lo = _first_bit(tnums)
            hi = _last_bit(tnums)
            if hi - lo > size - 1:
                return False
            s_lo = max(1, hi - size + 1)
            s_hi = min(lo, 15 - size)
        else:
            s_lo = 1
            s_hi = 15 - size
        for s in range(s_lo, s_hi + 1):
            rank = s + size - 1
            if rank < min_rank:
                continue
            miss = 0
            for v in range(s, rank + 1):
                if not tnums & (1 << v):
                    if not masks[v]:
                        miss = -1
                        break
                    miss |= 1 << v
            if miss <= 0:
                continue
            if _fill_run(masks, miss, k, tcol, mixed, need_xap, head_cells | 0x20 | rank, out,
                         limit, orders):
                return True
    return False


_missing = [0, 0, 0, 0]
_colour = [0, 0, 0, 0]


def _fill_run(masks, miss, k, tcol, mixed, need_xap, head, out, limit, orders):
    """Try every colour for each missing number of a run (an odometer over the colours held)."""
    rank = head & 15
    v = 0
    for i in range(k):
        v += 1
        while not miss & (1 << v):
            v += 1
        _missing[i] = v
        _colour[i] = LOWEST_BIT[masks[v] & 15]
    while True:
        same = not mixed
        first = tcol
        for i in range(k):
            col = _colour[i]
            if first < 0:
                first = col
            elif col != first:
                same = False
            _chosen[i] = col | (rank - _missing[i]) << 2
        if (same or not need_xap) and _emit(out, limit, head | (0x10 if same else 0), k, orders):
            return True
        i = 0
        while i < k:
            m = masks[_missing[i]]
            col = _colour[i] + 1
            while col < 4 and not m & (1 << col):
                col += 1
            if col < 4:
                _colour[i] = col
                break
            _colour[i] = LOWEST_BIT[m & 15]
            i += 1
        if i == k:
            return False


def _first_bit(mask):
    v = 0
    while not mask & (1 << v):
        v += 1
    return v


def _last_bit(mask):
    v = 15
    while not mask & (1 << v):
        v -= 1
    return v


_window = [0, 0, 0, 0]


AXES = (0, 1)


def _table_windows(table, cells, visit, ctx, should_stop=None, axes=AXES):
    """Windows holding at least one table card along `axes`, each found from its first table
    card among `cells`: visit(table, wc, size, axis, step, ctx) for each; True from it ends the
    walk. A should_stop() answering True ends it too (asked at each line start)."""
    wc = _window
    where = _anchor
    where[1] = -1
    for axis in axes:
        step = STEP_Y if axis else STEP_X
        cross = STEP_X if axis else STEP_Y
        at = -1
        for c in cells:
            at += 1
            if table[c] >= TS or 0 <= table.get(c - step, -1) < TS:
                continue
            if should_stop is not None and should_stop():
                return True
            where[0] = at << 24
            pre = 0
            a = c
            while True:
                for i in range(pre):
                    wc[i] = a + i * step
                size = pre + 1
                wc[pre] = c
                e = c
                empties = pre
                while True:
                    nxt = table.get(e + step, -1)
                    if (nxt < 0 or nxt >= TS) and size >= 2 and empties:
                        if visit(table, wc, size, axis, step, ctx):
                            return True
                    if nxt >= TS or size == MAX_LINE:
                        break
                    e += step
                    if nxt < 0:
                        if not cross_ok(table, e, cross):
                            break
                        empties += 1
                    wc[size] = e
                    size += 1
                if pre == MAX_LINE - 1 or table.get(a - step, -1) >= 0:
                    break
                a -= step
                if not cross_ok(table, a, cross) or 0 <= table.get(a - step, -1) < TS:
                    break
                pre += 1
    return False


def _ts_windows(table, cells, ctx):
    """New lines of 2-4 hand cards starting from a Tứ Sắc (the leader only)."""
    wc = _window
    where = _anchor
    nth = 0
    at = -1
    for t in cells:
        at += 1
        if table[t] < TS:
            continue
        for axis in (0, 1):
            step = STEP_Y if axis else STEP_X
            cross = STEP_X if axis else STEP_Y
            for d in (step, -step):
                size = 0
                e = t
                while size < MAX_LINE:
                    e += d
                    if table.get(e, -1) >= 0 or not cross_ok(table, e, cross):
                        break
                    size += 1
                    beyond = table.get(e + d, -1)
                    if beyond >= 0 and beyond < TS:
                        break
                    # a window between the two Tứ Sắc is found once, from the one before it
                    if size >= 2 and not (d < 0 and beyond >= TS):
                        lo = t + d if d > 0 else e
                        for i in range(size):
                            wc[i] = lo + i * step
                        where[1] = TS_PATTERN + (size - 2) * 2 + (1 if d < 0 else 0)
                        # four cards leave room for which Tứ Sắc only, fewer for its index
                        where[0] = nth << 28 if size == MAX_LINE else at << 24
                        if _fill(table, wc, size, axis, step, ctx):
                            where[1] = -1
                            return True
                    if beyond >= TS:
                        break
        nth = 1
    where[1] = -1
    return False


def generate(table, masks, mode, last, out, limit=0, every_order=True, should_stop=None):
    """Append to `out` every legal play for a hand given as colour masks per number.

    masks[n] has bit `colour` set when the hand holds that card of number n, and bit `colour` + 4
    too when it holds two copies. `mode` is OPEN,
    LEAD or FOLLOW; `last` the packed line to follow. With limit > 0 stop after that many plays.
    With every_order False each set of cards on a set of cells comes once, in card order.
    should_stop() is asked at every line start of the table: True ends the generation with the
    plays found so far (the caller's should_stop knows it said so). Returns `out`.
    """
    need = last if mode == FOLLOW else -1
    orders = PERMS if every_order else IDENTITY
    # cells in key order, so the plays come in the same order on every runtime and after a reload
    cells = sorted(table)
    if _table_windows(table, cells, _fill, (masks, need, out, limit, orders), should_stop):
        return out
    if mode == LEAD:
        _ts_windows(table, cells, (masks, -1, out, limit, orders))
    return out


NEED_K = 15  # a need (line_needs) is numbers (bits 1-14) | cards wanted of each << NEED_K
NEED_NUMBERS = (1 << NEED_K) - 1


def _needs(table, wc, size, axis, step, ctx):
    """Append what a hand must hold to complete window wc[0:size] in any way (see line_needs);
    ctx is (needs, firsts or None)."""
    out, firsts = ctx
    n = len(out)
    tnums = 0
    dup = False
    k = 0
    first = -1
    for i in range(size):
        card = table.get(wc[i], -1)
        if card < 0:
            k += 1
        else:
            if first < 0:
                first = wc[i]
            bit = 1 << NUMBER[card]
            if tnums & bit:
                dup = True
            tnums |= bit
    if not (tnums & (tnums - 1)):
        # a set of the one number on the table: any k cards of it
        out.append((k << NEED_K) | tnums)
    if size >= 3 and not dup:
        t_lo = _first_bit(tnums)
        t_hi = _last_bit(tnums)
        if t_hi - t_lo <= size - 1:
            for s in range(max(1, t_hi - size + 1), min(t_lo, 15 - size) + 1):
                # a run: one card (any colour) of each number missing from the table
                out.append((1 << NEED_K) | ((((1 << size) - 1) << s) & ~tnums))
    if firsts is not None:
        for _ in range(len(out) - n):
            firsts.append(first * 2 + axis)
    return False


def line_needs(table, cells, out, should_stop=None, axes=AXES, firsts=None):
    """Append to `out` the needs of every window along `axes` of the table's lines whose first
    table card is in `cells` (a new line from a Tứ Sắc is not a window), one per way the window
    can be completed: with every table card as `cells`, each window comes once. With a list
    `firsts`, append to it for each need the window's first table card's key * 2 + axis (the
    windows of one first card and axis come one after another).

    A need is an int: numbers (bit n for number n) | k << NEED_K. A hand meets it when it holds
    at least k cards of each of those numbers (a set needs k of one number, a run one of each
    number missing from the table), and then every card it holds of those numbers lies in some
    play there: outside a follow, which cards can go down is a question of numbers, not colours.
    True when should_stop() said stop (asked at each line start)."""
    return _table_windows(table, cells, _needs, (out, firsts), should_stop, axes)


class Plays:
    """A list of plays for a screen to go through (`append`, `len`, iteration), kept in arrays
    of CHUNK: an opening hand has up to about 1,000 plays, and a list of them needs one free
    block of 4-8 KB, which a heap cut up by the games played before may no longer have."""

    CHUNK = 64

    def __init__(self):
        self._chunks = []
        self._n = 0

    def append(self, play):
        """Add one play."""
        at = self._n % self.CHUNK
        if at == 0:
            self._chunks.append(array("i", bytes(4 * self.CHUNK)))
        self._chunks[-1][at] = play
        self._n += 1

    def __len__(self):
        return self._n

    def __getitem__(self, i):
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("play index")
        return self._chunks[i // self.CHUNK][i % self.CHUNK]

    def __iter__(self):
        left = self._n
        for chunk in self._chunks:
            for i in range(min(left, self.CHUNK)):
                yield chunk[i]
            left -= self.CHUNK


def hand_masks(cards, masks=None):
    """Colour masks per number (a bytearray(16)) for a list of cards (copies counted)."""
    if masks is None:
        masks = bytearray(16)
    else:
        for i in range(16):
            masks[i] = 0
    for c in cards:
        if c < TS:
            mask_add(masks, c)
    return masks


class XapSac:
    """A whole game: rounds, turns, the table, hands, passes, scores.

    Call `legal_plays()`, then `play(p)` or `pass_turn()` for `turn`. When `phase` becomes
    ROUND_OVER call `next_round()`; GAME_OVER ends it.
    """

    def __init__(self, players=4, seed=1, first=0, deal=True, deck=DECK_7X2, rng=None):
        if players not in (2, 3, 4):
            raise ValueError("players must be 2, 3 or 4")
        deck_index(deck)
        self.players = players
        self.deck = deck
        # a shared table deals from its committed secret (tet.net.deal.Deal) instead of a seed
        self.rng = rng or Rng(seed)
        self.scores = [0] * players
        self.rounds = []
        self.round_no = 0
        self._masks = bytearray(16)
        if deal:
            self._start_round(first)

    # ---- set-up -------------------------------------------------------------------------
    def _start_round(self, first):
        n = self.players
        deck, aside = deck_cards(self.deck, n)
        self.rng.shuffle(deck)
        self.table = {key(0, 0): TS, key(5, 0): TS + 1}
        for i in range(4):
            self.table[key(1 + i, 0)] = deck[i]
        pos = 4 + BOX_SIZE[n]
        self.box = deck[4:pos] + aside
        size = HAND_SIZE[n]
        self.hands = []
        for p in range(n):
            hand = deck[pos + p * size:pos + (p + 1) * size]
            hand.sort()
            self.hands.append(hand)
        self.round_no += 1
        self.first = first
        self.turn = first
        self.mode = OPEN
        self.last = 0
        self.last_player = -1
        self.passes = 0
        self.lead_passes = []
        self.out = []
        self.round_points = [0] * n
        self.phase = PLAYING
        self.ket = False

    def setup_dict(self):
        """The round's opening position as JSON: layout, hands, box, first player."""
        return {"layout": self.table_list(), "hands": self.hand_codes(), "first": self.first}

    # ---- queries ------------------------------------------------------------------------
    def holders(self):
        """Players still holding cards, in seat order."""
        return [p for p in range(self.players) if self.hands[p]]

    def next_holder(self, p):
        """The next player clockwise after p who still holds cards."""
        for i in range(1, self.players + 1):
            q = (p + i) % self.players
            if self.hands[q]:
                return q
        return p

    def legal_plays(self, player=None, out=None, limit=0, every_order=True, should_stop=None):
        """Legal plays (ints) for `player` (default: whose turn it is) in the current state.

        every_order=False gives one play per set of cards on a set of cells (see generate);
        should_stop() True ends the generation early (see generate).
        """
        if player is None:
            player = self.turn
        if out is None:
            out = []
        if self.phase != PLAYING or not self.hands[player]:
            return out
        return generate(self.table, hand_masks(self.hands[player], self._masks), self.mode,
                        self.last, out, limit, every_order, should_stop)

    def has_legal_play(self, player=None):
        """True when the player could put cards down now."""
        return bool(self.legal_plays(player, None, 1, False))

    def is_legal(self, play):
        """True if `play` is one of the current player's legal plays."""
        return play in self.legal_plays()

    # ---- moves --------------------------------------------------------------------------
    def play(self, play):
        """Put a legal play down for the player to move (not re-checked: see is_legal)."""
        p = self.turn
        hand = self.hands[p]
        for k, card in play_cells(play, self.table):
            self.table[k] = card
            hand.remove(card)
        self.mode = FOLLOW
        self.last = play_line(play)
        self.last_player = p
        self.passes = 0
        self.lead_passes = []
        if not hand:
            self.out.append(p)
            left = len(self.holders())
            self.round_points[p] = left
            if left <= 1:
                self._end_round(self.next_holder(p))
                return
        self.turn = self.next_holder(p)

    def may_pass(self):
        """False when the player to move opens the round and can play: they must play."""
        return self.mode != OPEN or not self.has_legal_play()

    def pass_turn(self):
        """Say "đi". Returns True when the passer held a legal play (only checked on a lead).

        ValueError when the round's opener holds a legal play (see may_pass)."""
        p = self.turn
        if self.mode == OPEN and self.has_legal_play(p):
            raise ValueError("the first player must play when they can")
        nxt = self.next_holder(p)
        if self.mode == FOLLOW:
            self.passes += 1
            others = len(self.holders()) - (1 if self.hands[self.last_player] else 0)
            if self.passes >= others:
                self.mode = LEAD
                self.lead_passes = []
            self.turn = nxt
            return False
        held = self.has_legal_play(p)
        self.lead_passes.append((p, held))
        if len(self.lead_passes) >= len(self.holders()):
            self._ket(nxt)
            return held
        self.turn = nxt
        return held

    def _ket(self, nxt):
        """The lead went round with no card played: đền -1, others still in +1.

        The round's loser opens the next one: among the players still holding cards, the one
        with the fewest points this round (a đền), then the most cards left, then the first
        clockwise from `nxt` (whose turn it would have been)."""
        den = [p for p, held in self.lead_passes if held]
        for p in self.holders():
            self.round_points[p] += -1 if p in den else 1
        self.ket = True
        loser = nxt
        for i in range(1, self.players):
            q = (nxt + i) % self.players
            if not self.hands[q]:
                continue
            if ((self.round_points[q], -len(self.hands[q]))
                    < (self.round_points[loser], -len(self.hands[loser]))):
                loser = q
        self._end_round(loser)

    def _end_round(self, starter):
        for p in range(self.players):
            self.scores[p] += self.round_points[p]
        self.rounds.append(list(self.round_points))
        self.starter = starter
        top = max(self.scores)
        if top >= TARGET[self.players] and self.scores.count(top) == 1:
            self.phase = GAME_OVER
        else:
            self.phase = ROUND_OVER

    def next_round(self):
        """Deal the next round; the last round's loser starts it (not as Dẫn)."""
        self._start_round(self.starter)

    def den(self):
        """Players who passed the lead holding a legal play in the current cycle."""
        return [p for p, held in self.lead_passes if held]

    def winner(self):
        """The winning player once the game is over, else -1."""
        if self.phase != GAME_OVER:
            return -1
        return self.scores.index(max(self.scores))

    # ---- saving -------------------------------------------------------------------------
    def table_list(self):
        """The table as [{"code", "x", "y"}], in key order."""
        return [{"code": card_code(self.table[k]), "x": key_x(k), "y": key_y(k)}
                for k in sorted(self.table)]

    def hand_codes(self):
        """Every hand as a list of codes."""
        return [[card_code(c) for c in hand] for hand in self.hands]

    def to_dict(self):
        """The whole game as JSON-serialisable data (the saved-position format)."""
        return {
            "players": self.players,
            "deck": self.deck,
            "phase": PHASE_NAMES[self.phase],
            "round": self.round_no,
            "first": self.first,
            "turn": self.turn,
            "mode": MODE_NAMES[self.mode],
            "last": (dict(line_dict(self.last), player=self.last_player)
                     if self.mode == FOLLOW else None),
            "passes": self.passes,
            "lead_passes": [[p, held] for p, held in self.lead_passes],
            "table": self.table_list(),
            "hands": self.hand_codes(),
            "box": [card_code(c) for c in self.box],
            "out": list(self.out),
            "round_points": list(self.round_points),
            "scores": list(self.scores),
            "rounds": [list(r) for r in self.rounds],
            "ket": self.ket,
            "starter": getattr(self, "starter", self.first),
            "rng": self.rng.state,
        }
