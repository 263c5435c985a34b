"""Tổ Tôm hand evaluation during play: thành, lưng, ù and waits (the split to show and the
chức sắc of a win are in scoring.py, loaded only then).

A hand is a 30-slot count vector (see to_tom_cards). The search is exact and memoised. The lowest
kind k still holding cards must go into a phu whose lowest member is k: a run from k (3 to 5
cards: longer runs split into such runs with the same lưng, a Văn run being lưng exactly when it
starts at 1N), the bí of k's number, a lưng group, or a khàn; or, when k is a yêu or belongs to an
absorbing phu already chosen (bí, lưng group, khàn: "extra copies allowed"), its remaining copies
may be dropped. The state is one bytearray: the low 3 bits of a slot are the cards left, the bits
above count the absorbing phu that hold the kind; a memo entry keeps a copy of the state,
found by a hash the search keeps as it goes, so that a search step allocates nothing (see _V).
Waits come from one search with the added card still free (see _wait_mask); the split to show
comes from a second search that also weighs Tôm, Lèo and the cards left out
(scoring.best_partition).
"""

import struct

from tet.games.to_tom.cards import IS_YEU

try:
    from micropython import const
except ImportError:     # CPython (host tools): a constant is its value (all of them are ints)
    const = int

_N = const(30)          # kinds (cards.NKINDS); const names are inlined by MicroPython's compiler

# phu kinds reported by classify()
RUN = 0
BI = 1
GROUP = 2
KHAN = 3
YEU = 4

# The six lưng groups (bí sườn), members in kind order, ordered by lowest member:
# 9N 1V 1S, 8N 2V 2S, 7N 3V 3S (Tôm), 9V 8S CC (Lèo), 9V 9S TT, 9S TT OC.
LUNG_GROUPS = ((0, 17, 18), (1, 16, 19), (2, 15, 20), (8, 25, 27), (8, 26, 28), (26, 28, 29))
TOM = 2
LEO = 3
_GROUP_KINDS = bytes([m for g in LUNG_GROUPS for m in g])
# groups whose lowest member is k: indices _GROUP_AT[k] .. _GROUP_AT[k + 1] - 1
_GROUP_AT = bytes([sum(1 for g in LUNG_GROUPS if g[0] < k) for k in range(_N + 1)])

_ABSORB = const(8)      # flag: an absorbing phu already chosen holds the kind
_CARDS = const(7)       # mask of the cards-left bits

# One card of a slot taken by a phu inside _search, where a kind without cards is always 0 (its
# flag no longer matters: nothing is added there), so that equal remainders share a memo key:
# _TAKE for an absorbing phu (sets the flag), _DEC for a run (keeps it).
_TAKE = bytes([0 if c & _CARDS <= 1 else ((c & _CARDS) - 1) | _ABSORB for c in range(16)])
_DEC = bytes([0 if c & _CARDS <= 1 else c - 1 for c in range(16)])


# The searches index their memos by a hash of the state kept as it changes, so that a node
# makes no object (a key made of the state's bytes was one per node): the hash is the sum over
# the kinds of _V[slot value] * _W[kind], a value 0 adding nothing, and a search step passes
# its child the hash moved by what the step changed, (_V[new] - _V[old]) * _W[kind], read from
# the tables below. It stays under 2**29 (255 * 65535 * 30), a small int on the device.
def _weights(count, bits, seed):
    """`count` pseudo-random numbers of `bits` bits (a 16-bit xorshift: small ints only)."""
    out = []
    x = seed
    for _ in range(count):
        x ^= (x << 7) & 0xFFFF
        x ^= x >> 9
        x ^= (x << 8) & 0xFFFF
        out.append(x >> (16 - bits))
    return out


_V = tuple([0] + _weights(15, 8, 0x2545))
_W = tuple(_weights(_N, 16, 0x9E37))
del _weights        # needed once: its bytecode goes back to the device's heap
# hash moves of one slot, by its value before: a card taken by an absorbing phu (_TAKE) or by
# a run (_DEC) in _search (wait_scan.py has those of its own search)
_H_TAKE = tuple([_V[_TAKE[c]] - _V[c] for c in range(16)])
_H_DEC = tuple([_V[_DEC[c]] - _V[c] for c in range(16)])
_SHIFT = const(12)      # memo slot: hash bits 12 and up (those mix the most kinds)


def _hash(st):
    """The memo hash of a search state (see _V)."""
    h = 0
    for k in range(_N):
        h += _V[st[k]] * _W[k]
    return h


def _table(slots):
    """(keys, values) of a memo of `slots` entries: a 30-byte bytearray per key, compared and
    stored in place (no object per lookup), each a small block (none needs a long free run)."""
    return [bytearray(_N) for _ in range(slots)], bytearray(slots)


def zero_format(size):
    """The struct format with which zero() clears a table of `size` bytes (made once)."""
    return "%ds" % size


def zero(table, fmt):
    """Set every byte of bytearray `table` to 0 in place (`fmt`: zero_format of its size): a
    struct field packed from nothing is zero-filled, so no block of zeros is kept to copy from
    and nothing is allocated."""
    struct.pack_into(fmt, table, 0, b"")


# Memos: direct-mapped caches (a growing dict would need ever larger contiguous blocks, which a
# fragmented MicroPython heap may not have), made by the first search and kept (begin) until a
# game ends (release): the heap that opens a table (setup menu, lobby) does not hold them. A
# colliding entry replaces the old one; a hit compares the whole state, so the answers are
# exact whatever the hash. A value of 0 marks a free slot: each call frees them all (_forget).
# 32 slots (64 before the table loaded laid.py for laid entries: their keys, 30-byte bytearrays,
# weigh about 2.6 KB more on the 64-bit lane, which the stock board's 12 KB to spare needed).
_SLOTS = 16
_MEMO_MASK = const(15)      # _SLOTS - 1
_memo_keys = []
_memo_vals = bytearray(0)   # value: lưng + 2 (1 for "not thành")
# Most lưng _search looks for: the search of a call stops at a split with this many, and every
# value it returns or keeps is capped there (set per call, so the memo agrees with itself).
_cap = [0]
_NO_CAP = 99


def release():
    """Free the memos (the next search makes them again): at the end of a game, so that what
    comes then (the win's scoring module, the next deal, a save read back) has their heap."""
    global _memo_keys, _memo_vals
    _memo_keys = []
    _memo_vals = bytearray(0)


def begin():
    """Make the memos if no search has yet (a table makes them before it reads its save, so
    that they sit with the modules rather than among what the save's checks leave)."""
    global _memo_keys, _memo_vals
    if not _memo_vals:
        _memo_keys, _memo_vals = _table(_SLOTS)


# The computer players' memo (tet.games.to_tom.ai's Evaluator: a value and a check byte per slot)
# is kept here, in a module that stays loaded through a hội: a win lets the players' module go
# (the table's _let_computers_go), and its next import finds these kilobyte blocks again
# instead of looking for holes that big on a heap the games have cut up.
AI_SLOTS = 509      # a prime (1021 before issue 37 part 2: its takes wanted the kilobyte)
AI_ZERO = zero_format(AI_SLOTS)
_ai_tables = []


def ai_tables():
    """(values, checks): the computer players' memo tables, made by the first call."""
    if not _ai_tables:
        _ai_tables.extend((bytearray(AI_SLOTS), bytearray(AI_SLOTS)))
    return _ai_tables


class Stopped(Exception):
    """Raised inside a search when its should_stop callable said stop."""


STOP_EVERY = 48         # search steps (memo misses) between two polls of should_stop
_stop = [None, 0]       # the running search's should_stop callable and steps until its next poll


def _poll():
    """Count one search step; every STOP_EVERY steps ask should_stop (raises Stopped)."""
    left = _stop[1] - 1
    if left <= 0:
        left = STOP_EVERY
        if _stop[0]():
            raise Stopped()
    _stop[1] = left


def polled(should_stop, fn, *args):
    """fn(*args), polling `should_stop()` (e.g. the app's pump) during the searches it runs, the
    first step at once; None when it said stop. Without should_stop the caller's polling, if
    any, goes on (its stop then ends the caller's call)."""
    if should_stop is None:
        return fn(*args)
    saved = (_stop[0], _stop[1])
    _stop[0] = should_stop
    _stop[1] = 1
    try:
        return fn(*args)
    except Stopped:
        return None
    finally:
        _stop[0], _stop[1] = saved


_MEMO_ZERO = zero_format(_SLOTS)


def _forget():
    """Free every memo slot (their keys are kept: a free slot never matches)."""
    zero(_memo_vals, _MEMO_ZERO)


def _search(st, k, h):
    """Most lưng (capped at _cap[0]) over the splits of the cards in `st` from kind k on; -1 if
    they are not thành. `h` is the state's hash (_hash).

    Mutates `st` while it searches and restores it before returning. Kinds below k are empty;
    their absorbing marks are cleared on the way so that equal remainders share a memo key. The
    phu that bring lưng are tried first: once the cap is reached nothing else is tried.
    """
    while k < _N:
        here = st[k]
        if here & _CARDS:
            break
        if here:
            st[k] = 0
            best = _search(st, k + 1, h - _V[here] * _W[k])
            st[k] = here
            return best
        k += 1
    if k == _N:
        return 0
    slot = h >> _SHIFT & _MEMO_MASK
    got = _memo_vals[slot]
    if got and _memo_keys[slot] == st:
        return got - 2
    if _stop[0] is not None:
        _poll()
    cap = _cap[0]
    best = -1
    wk = _W[k]
    for g in range(_GROUP_AT[k], _GROUP_AT[k + 1]):
        a = _GROUP_KINDS[3 * g + 1]
        b = _GROUP_KINDS[3 * g + 2]
        sa = st[a]
        sb = st[b]
        if sa & _CARDS and sb & _CARDS:
            st[k] = _TAKE[here]
            st[a] = _TAKE[sa]
            st[b] = _TAKE[sb]
            v = _search(st, k, h + _H_TAKE[here] * wk + _H_TAKE[sa] * _W[a]
                        + _H_TAKE[sb] * _W[b])
            st[k] = here
            st[a] = sa
            st[b] = sb
            if v >= 0 and v >= best:
                best = v + 1
                if best >= cap:
                    break
    if best < cap and here & _CARDS >= 3:
        kept = _TAKE[here - 2]      # a khàn: two copies, then the one _TAKE takes
        st[k] = kept
        v = _search(st, k, h + (_V[kept] - _V[here]) * wk)
        st[k] = here
        if v >= 0 and v >= best:
            best = v + 1
    if best < cap and k < 27:
        top = k - k % 9 + 8
        if k + 2 <= top:
            s1 = st[k + 1]
            s2 = st[k + 2]
            if s1 & _CARDS and s2 & _CARDS:
                lung = 1 if k == 9 else 0
                st[k] = _DEC[here]
                st[k + 1] = _DEC[s1]
                st[k + 2] = _DEC[s2]
                run = h + _H_DEC[here] * wk + _H_DEC[s1] * _W[k + 1] + _H_DEC[s2] * _W[k + 2]
                v = _search(st, k, run)
                if v >= 0 and v + lung > best:
                    best = v + lung
                if best < cap and k + 3 <= top:
                    s3 = st[k + 3]
                    if s3 & _CARDS:
                        st[k + 3] = _DEC[s3]
                        run += _H_DEC[s3] * _W[k + 3]
                        v = _search(st, k, run)
                        if v >= 0 and v + lung > best:
                            best = v + lung
                        if best < cap and k + 4 <= top:
                            s4 = st[k + 4]
                            if s4 & _CARDS:
                                st[k + 4] = _DEC[s4]
                                v = _search(st, k, run + _H_DEC[s4] * _W[k + 4])
                                st[k + 4] = s4
                                if v >= 0 and v + lung > best:
                                    best = v + lung
                        st[k + 3] = s3
                st[k] = here
                st[k + 1] = s1
                st[k + 2] = s2
        if best < cap and k < 9:
            sa = st[k + 9]
            sb = st[k + 18]
            if sa & _CARDS and sb & _CARDS:
                st[k] = _TAKE[here]
                st[k + 9] = _TAKE[sa]
                st[k + 18] = _TAKE[sb]
                v = _search(st, k, h + _H_TAKE[here] * wk + _H_TAKE[sa] * _W[k + 9]
                            + _H_TAKE[sb] * _W[k + 18])
                st[k] = here
                st[k + 9] = sa
                st[k + 18] = sb
                if v > best:
                    best = v
    if best < cap and (here >= _ABSORB or IS_YEU[k]):
        st[k] = 0
        v = _search(st, k + 1, h - _V[here] * wk)
        st[k] = here
        if v > best:
            best = v
    if best > cap:
        best = cap
    _memo_keys[slot][:] = st
    _memo_vals[slot] = best + 2
    return best


def _capped(counts, cap):
    """_search of `counts` from kind 0 with the cap `cap` (the memo emptied after)."""
    _cap[0] = cap
    begin()     # out of heap here is a MemoryError for App.step, with no memo to empty after
    try:
        st = _state(counts)
        return _search(st, 0, _hash(st))
    finally:
        _forget()


def _state(counts):
    st = bytearray(_N)
    for k in range(_N):
        c = counts[k]
        if c > 4:
            raise ValueError("more than four cards of one kind")
        st[k] = c
    return st


def max_lung(counts):
    """Most lưng over the splits of `counts` into phu, or -1 when the cards are not thành."""
    return _capped(counts, _NO_CAP)


def thanh(counts):
    """True when the cards split entirely into phu."""
    return _capped(counts, 0) >= 0


def lung_needed(players):
    """Lưng a win needs: one with five players (bí ngũ), two with four (bí tứ)."""
    return 2 if players == 4 else 1


def _group_lung(kinds, members):
    """Lưng of `kinds` read as the lưng group `members` (fewest copies of a member), else 0."""
    least = 4
    for m in members:
        c = 0
        for k in kinds:
            if k == m:
                c += 1
        if c < least:
            least = c
    for k in kinds:
        if k not in members:
            return 0
    return least


def classify(kinds):
    """(phu kind, lưng) of one phu given as a list of kinds, or None when it is not a phu.

    When a set of cards reads as more than one phu (three 9V: khàn), the reading with the most
    lưng wins.
    """
    kinds = sorted(kinds)
    n = len(kinds)
    if n == 0:
        return None
    if n == 1:
        return (YEU, 0) if IS_YEU[kinds[0]] else None
    best = None
    if n <= 4 and n >= 3 and kinds[0] == kinds[-1]:
        best = (KHAN, 1)
    for members in LUNG_GROUPS:
        lung = _group_lung(kinds, members)
        if lung and (best is None or lung > best[1]):
            best = (GROUP, lung)
    if best is not None or n < 3 or kinds[-1] >= 27:
        return best
    first = kinds[0]
    consecutive = True
    for i in range(1, n):
        if kinds[i] != kinds[i - 1] + 1:
            consecutive = False
    if consecutive and first // 9 == kinds[-1] // 9:
        return (RUN, 1 if first == 9 else 0)
    num = first % 9
    suits = [0, 0, 0]
    for k in kinds:
        if k % 9 != num:
            return None
        suits[k // 9] = 1
    if suits[0] and suits[1] and suits[2]:
        return (BI, 0)
    return None


def exposed_lung(exposed):
    """Total lưng of laid phu; raises ValueError when one of them is not a phu."""
    total = 0
    for phu in exposed:
        c = classify(phu)
        if c is None:
            raise ValueError("not a phu: %r" % (phu,))
        total += c[1]
    return total


def can_u(counts, exposed=(), players=5, should_stop=None):
    """True when the concealed cards (with the winning card) are thành and the hand has the lưng
    a win needs (one for five players, two for four), counting the laid phu as laid.
    `should_stop()` (optional) is polled during the search: None when it said stop."""
    if should_stop is not None:
        return polled(should_stop, can_u, counts, exposed, players)
    need = lung_needed(players)
    best = _capped(counts, need)
    # laid phu are read only for a hand that is thành: a bad one beside a hand that is not
    # thành is no error (a mutated save shows such hands)
    return best >= 0 and best + exposed_lung(exposed) >= need


def winning_kinds(counts, kinds, exposed=(), players=5):
    """The kinds of `kinds` whose card, added to the concealed `counts`, lets the hand ù (as
    can_u), in their order. One memo serves every try
    (an entry holds for any search with the same cap), so the tries share the splits of the
    cards they have in common instead of each searching from scratch."""
    need = lung_needed(players)
    found = []
    _cap[0] = need
    begin()     # (as in _capped: out of heap before the try)
    try:
        st = _state(counts)
        h = _hash(st)
        for k in kinds:
            here = st[k]
            st[k] = here + 1
            best = _search(st, 0, h + (_V[here + 1] - _V[here]) * _W[k])
            st[k] = here
            if best >= 0 and best + exposed_lung(exposed) >= need:
                found.append(k)
    finally:
        _forget()
    return found


def _totals(counts, exposed):
    total = bytearray(_N)
    for k in range(_N):
        total[k] = counts[k]
    for phu in exposed:
        for k in phu:
            total[k] += 1
    return total


def groups_with(k):
    """Member triples of the bí and lưng groups that hold kind k."""
    out = []
    if k < 27:
        n = k % 9
        out.append((n, n + 9, n + 18))
    for g in LUNG_GROUPS:
        if k in g:
            out.append(g)
    return out
