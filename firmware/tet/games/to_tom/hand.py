"""Tổ Tôm hand evaluation: thành, lưng, ù, waits and the chức sắc of a win.

A hand is a 30-slot count vector (see to_tom_cards). The search is exact and memoised. The lowest
kind k still holding cards must go into a phu whose lowest member is k: a run from k (3 to 5
cards: longer runs split into such runs with the same lưng, a Văn run being lưng exactly when it
starts at 1N), the bí of k's number, a lưng group, or a khàn; or, when k is a yêu or belongs to an
absorbing phu already chosen (bí, lưng group, khàn: "extra copies allowed"), its remaining copies
may be dropped. The state is one bytearray: the low 3 bits of a slot are the cards left, the bits
above count the absorbing phu that hold the kind; the memo key is the state's bytes. Waits come
from one search with the added card still free (see _wait_mask), the split to show from a second
search that also weighs Tôm, Lèo and the cards left out (see best_partition).
"""

from tet.games.to_tom.cards import CC, IS_RED, IS_YEU, OC

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

# Memo: a direct-mapped cache allocated once (a growing dict would need ever larger contiguous
# blocks, which a fragmented MicroPython heap may not have). A colliding entry replaces the old
# one, so the heap it holds is bounded (128 keys of 30 bytes); it is emptied after each call.
_SLOTS = 128
_MEMO_MASK = const(127)     # _SLOTS - 1
_NO_KEYS = (bytes(0),) * _SLOTS
_memo_keys = list(_NO_KEYS)
_memo_vals = bytearray(_SLOTS)
# Most lưng _search looks for: the search of a call stops at a split with this many, and every
# value it returns or keeps is capped there (set per call, so the memo agrees with itself).
_cap = [0]
_NO_CAP = 99

# Memo of the wait search (hole still free): key and tag (lưng still needed x 2 + fresh).
_WAIT_SLOTS = 64
_WAIT_MASK = const(63)      # _WAIT_SLOTS - 1
_NO_WAIT_KEYS = (bytes(0),) * _WAIT_SLOTS
_wait_keys = list(_NO_WAIT_KEYS)
_wait_tags = bytearray(_WAIT_SLOTS)


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


def _forget():
    """Empty the memos so that their keys can be collected between calls."""
    _memo_keys[:] = _NO_KEYS
    _wait_keys[:] = _NO_WAIT_KEYS


def _search(st, k):
    """Most lưng (capped at _cap[0]) over the splits of the cards in `st` from kind k on; -1 if
    they are not thành.

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
            best = _search(st, k + 1)
            st[k] = here
            return best
        k += 1
    if k == _N:
        return 0
    key = bytes(st)
    slot = hash(key) & _MEMO_MASK
    if _memo_keys[slot] == key:
        return _memo_vals[slot] - 1
    if _stop[0] is not None:
        _poll()
    cap = _cap[0]
    best = -1
    for g in range(_GROUP_AT[k], _GROUP_AT[k + 1]):
        a = _GROUP_KINDS[3 * g + 1]
        b = _GROUP_KINDS[3 * g + 2]
        sa = st[a]
        sb = st[b]
        if sa & _CARDS and sb & _CARDS:
            st[k] = _TAKE[here]
            st[a] = _TAKE[sa]
            st[b] = _TAKE[sb]
            v = _search(st, k)
            st[k] = here
            st[a] = sa
            st[b] = sb
            if v >= 0 and v >= best:
                best = v + 1
                if best >= cap:
                    break
    if best < cap and here & _CARDS >= 3:
        st[k] = _TAKE[here - 2]     # a khàn: two copies, then the one _TAKE takes
        v = _search(st, k)
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
                v = _search(st, k)
                if v >= 0 and v + lung > best:
                    best = v + lung
                if best < cap and k + 3 <= top:
                    s3 = st[k + 3]
                    if s3 & _CARDS:
                        st[k + 3] = _DEC[s3]
                        v = _search(st, k)
                        if v >= 0 and v + lung > best:
                            best = v + lung
                        if best < cap and k + 4 <= top:
                            s4 = st[k + 4]
                            if s4 & _CARDS:
                                st[k + 4] = _DEC[s4]
                                v = _search(st, k)
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
                v = _search(st, k)
                st[k] = here
                st[k + 9] = sa
                st[k + 18] = sb
                if v > best:
                    best = v
    if best < cap and (here >= _ABSORB or IS_YEU[k]):
        st[k] = 0
        v = _search(st, k + 1)
        st[k] = here
        if v > best:
            best = v
    if best > cap:
        best = cap
    _memo_keys[slot] = key
    _memo_vals[slot] = best + 1
    return best


def _capped(counts, cap):
    """_search of `counts` from kind 0 with the cap `cap` (the memo emptied after)."""
    _cap[0] = cap
    try:
        return _search(_state(counts), 0)
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


def _totals(counts, exposed):
    total = bytearray(_N)
    for k in range(_N):
        total[k] = counts[k]
    for phu in exposed:
        for k in phu:
            total[k] += 1
    return total


def _hole_fills(st, k, lung, r, members, absorbing):
    """Take the phu `members` (lowest k, one member absent: the added card, a kind still open)
    and mark the absent member found when the rest splits with `r` lưng in all."""
    absent = -1
    for m in members:
        if not st[m] & _CARDS:
            absent = m
    if not _open[0] >> absent & 1:
        return
    if absorbing:
        a, b, c = members
        sa = st[a]
        sb = st[b]
        sc = st[c]
        for m in members:
            if m != absent:
                st[m] = _TAKE[st[m]]
        v = _search(st, k)
        st[a] = sa
        st[b] = sb
        st[c] = sc
    else:
        for m in members:
            if m != absent:
                st[m] -= 1
        v = _search(st, k)
        for m in members:
            if m != absent:
                st[m] += 1
    if v >= 0 and v + lung >= r:
        _open[0] &= ~(1 << absent)


def _may_start(st, k):
    """True when a phu with lowest member k (a run, bí or lưng group) could take a card added
    at k, the other members being in `st`; when False a lone plain card there is not thành."""
    if k < 27:
        if k % 9 < 7 and st[k + 1] & _CARDS and st[k + 2] & _CARDS:
            return True
        if k < 9 and st[k + 9] & _CARDS and st[k + 18] & _CARDS:
            return True
    for g in range(_GROUP_AT[k], _GROUP_AT[k + 1]):
        if st[_GROUP_KINDS[3 * g + 1]] & _CARDS and st[_GROUP_KINDS[3 * g + 2]] & _CARDS:
            return True
    return False


# Bit w set while kind w may still be a wait of the running scan: it has room (not all four
# cards in sight) and no split has shown it a wait yet. A kind found is never tried again, so a
# memo entry of the wait search only says "done": what it found then is in here already.
_open = [0]


def _wait_mask(st, k, r, fresh):
    """Clear in _open the bit of each kind w >= k such that the cards of `st` (kinds below k
    used up) plus one card w split into phu with at least `r` more lưng.

    The added card is either put at the kind being passed (fresh: first visit of that kind),
    or it is the one absent member of a phu whose lowest member is the current kind. Here a kind
    keeps its absorbing flag when its last card goes (the added card may still join that phu).
    """
    if _stop[0] is not None:
        _poll()
    while k < _N:
        if not _open[0] >> k:
            return          # every kind from k on is found or has no room
        here = st[k]
        if fresh and _open[0] >> k & 1 and (here or IS_YEU[k] or _may_start(st, k)):
            st[k] = here + 1
            v = _search(st, k)
            st[k] = here
            if v >= r:
                _open[0] &= ~(1 << k)
        if here & _CARDS:
            break
        k += 1
        fresh = 1
    if k == _N:
        return
    key = bytes(st[k:])
    tag = 2 * r + fresh
    slot = (hash(key) + tag) & _WAIT_MASK
    if _wait_keys[slot] == key and _wait_tags[slot] == tag:
        return
    if here >= _ABSORB or IS_YEU[k]:
        st[k] = 0
        _wait_mask(st, k + 1, r, 1)
        st[k] = here
    if k < 27:
        top = k - k % 9 + 8
        for end in range(k + 3, min(top, k + 4) + 2):
            absent = 0
            for m in range(k + 1, end):
                if not st[m] & _CARDS:
                    absent += 1
                    where = m
            if absent > 1:
                break
            lung = 1 if k == 9 else 0
            if absent == 0:
                for m in range(k, end):
                    st[m] -= 1
                _wait_mask(st, k, max(r - lung, 0), 0)
                for m in range(k, end):
                    st[m] += 1
            elif _open[0] >> where & 1:
                _hole_fills(st, k, lung, r, range(k, end), 0)
        if k < 9:
            _phu_waits(st, k, r, (k, k + 9, k + 18), 0)
    for g in range(_GROUP_AT[k], _GROUP_AT[k + 1]):
        _phu_waits(st, k, r, LUNG_GROUPS[g], 1)
    if here & _CARDS >= 3:
        st[k] = (here - 3) | _ABSORB
        _wait_mask(st, k, max(r - 1, 0), 0)
        st[k] = here
    _wait_keys[slot] = key
    _wait_tags[slot] = tag


def _phu_waits(st, k, r, members, lung):
    """Waits through an absorbing phu of three members (bí or lưng group) with lowest k."""
    a = members[1]
    b = members[2]
    sk = st[k]
    sa = st[a]
    sb = st[b]
    have_a = sa & _CARDS
    have_b = sb & _CARDS
    if have_a and have_b:
        st[k] = (sk - 1) | _ABSORB
        st[a] = (sa - 1) | _ABSORB
        st[b] = (sb - 1) | _ABSORB
        _wait_mask(st, k, max(r - lung, 0), 0)
        st[k] = sk
        st[a] = sa
        st[b] = sb
    elif (have_a and _open[0] >> b & 1) or (have_b and _open[0] >> a & 1):
        _hole_fills(st, k, lung, r, members, 1)


def waits(counts, exposed=(), players=5, should_stop=None):
    """Kinds that would let this hand (20 cards, 24 with four players) ù, in kind order.

    A kind whose four cards are all in sight (hand and laid phu) is no wait. One search finds
    them all: it walks the splits of the hand with the added card still free (see _wait_mask).
    `should_stop()` (optional, e.g. the app's pump) is polled during the search; when it returns
    True the scan is abandoned and None returned.
    """
    if should_stop is not None:
        return polled(should_stop, waits, counts, exposed, players)
    need = max(lung_needed(players) - exposed_lung(exposed), 0)
    total = _totals(counts, exposed)
    room = 0
    for k in range(_N):
        if total[k] < 4:
            room |= 1 << k
    _cap[0] = need
    _open[0] = room
    try:
        _wait_mask(_state(counts), 0, need, 1)
    finally:
        _forget()
    out = []
    for w in range(_N):
        if room >> w & 1 and not _open[0] >> w & 1:
            out.append(w)
    return out


def red_total(counts, exposed=()):
    """Red cards among the concealed cards and the laid phu."""
    total = _totals(counts, exposed)
    red = 0
    for k in range(_N):
        if IS_RED[k]:
            red += total[k]
    return red


# ---- best split to show (analyse, score_win; not on the hot path) ----

_NEG = -10000000
# objective of the split search: lưng up to a cap first (the cap a win needs, or all of them),
# then fewer cards left out (partial splits only), then the points Tôm and Lèo add, then the
# lưng above the cap
_W_LUNG = 100000
_W_STRAY = 1000
_W_BONUS = 100
_BONUS_TOM = 2
_BONUS_LEO = 4
# the split search keeps the lưng so far, the flags and the cards left out after the 30 counts
_GOT = const(30)
_FLAGS = const(31)
_STRAYS = const(32)
_LOOSE = 4      # flag: a partial split, any card may be left out
_SPLIT_SLOTS = 64
_SPLIT_MASK = const(63)     # _SPLIT_SLOTS - 1
_NO_SPLIT_KEYS = (bytes(0),) * _SPLIT_SLOTS
_split_keys = list(_NO_SPLIT_KEYS)
_split_vals = [0] * _SPLIT_SLOTS


def _moves(st, k):
    """Phu with lowest member k that the cards in `st` allow: (members, lưng, absorbing, flag)
    with flag 1 for a Tôm, 2 for a Lèo; the same moves as _search, as a list."""
    out = []
    if k < 27:
        top = k - k % 9 + 8
        end = k + 1
        while end <= top and end <= k + 4 and st[end] & _CARDS:
            end += 1
            if end - k >= 3:
                out.append((tuple(range(k, end)), 1 if k == 9 else 0, 0, 0))
        if k < 9 and st[k + 9] & _CARDS and st[k + 18] & _CARDS:
            out.append(((k, k + 9, k + 18), 0, 1, 0))
    for g in range(_GROUP_AT[k], _GROUP_AT[k + 1]):
        members = LUNG_GROUPS[g]
        if st[members[1]] & _CARDS and st[members[2]] & _CARDS:
            out.append((members, 1, 1, 1 if g == TOM else (2 if g == LEO else 0)))
    if st[k] & _CARDS >= 3:
        out.append(((k, k, k), 1, 1, 0))
    return out


def _apply(st, move, sign):
    """Play (sign 1) or take back (sign -1) a move of _moves; returns the saved got/flags."""
    members, lung, absorbing, flag = move
    delta = sign * (_ABSORB - 1 if absorbing else -1)
    for m in members:
        st[m] += delta
    saved = (st[_GOT], st[_FLAGS])
    if sign > 0:
        st[_GOT] += lung
        st[_FLAGS] |= flag
    return saved


def _first_kind(st, k):
    while k < _N and not st[k] & _CARDS:
        k += 1
    return k


def _split(st, k, cap):
    """Best objective over the splits of `st` from kind k (see best_partition)."""
    k = _first_kind(st, k)
    if k == _N:
        got = st[_GOT]
        flags = st[_FLAGS]
        bonus = (_BONUS_TOM if flags & 1 else 0) + (_BONUS_LEO if flags & 2 else 0)
        return min(got, cap) * _W_LUNG - st[_STRAYS] * _W_STRAY + bonus * _W_BONUS + got
    key = bytes(st[k:])
    slot = hash(key) & _SPLIT_MASK
    if _split_keys[slot] == key:
        return _split_vals[slot]
    if _stop[0] is not None:
        _poll()
    best = _best_move(st, k, cap)[0]
    _split_keys[slot] = key
    _split_vals[slot] = best
    return best


def _best_move(st, k, cap):
    """(objective, move) at kind k, the lowest holding cards; move None means dropping the
    copies left of k (allowed for a yêu or a kind an absorbing phu holds, and in a partial split
    for any kind, its cards then left out)."""
    best = _NEG
    move = None
    here = st[k]
    free = here >= _ABSORB or IS_YEU[k]
    if free or st[_FLAGS] & _LOOSE:
        strays = st[_STRAYS]
        if not free:
            st[_STRAYS] = strays + (here & _CARDS)
        st[k] = here & ~_CARDS
        best = _split(st, k + 1, cap)
        st[k] = here
        st[_STRAYS] = strays
    for mv in _moves(st, k):
        saved = _apply(st, mv, 1)
        v = _split(st, k, cap)
        _apply(st, mv, -1)
        st[_GOT], st[_FLAGS] = saved
        if v > best:
            best = v
            move = mv
    return best, move


def best_partition(counts, got=0, flags=0, cap=99, loose=False):
    """(objective, phu list, cards left out) of the best split of `counts`; (None, [], []) when
    the cards are not thành, unless `loose` (a partial split: cards may be left out).

    The objective puts first the lưng (counted from `got`) up to `cap`, then (loose) fewer
    cards left out, then the points of a Tôm and a Lèo in the split or in `flags` (bit 1 Tôm,
    bit 2 Lèo: ones already laid), then the lưng above the cap; for a split without cards left
    out, objective // 100000 is min(lưng, cap). Each dropped copy of a yêu or of a kind an
    absorbing phu holds goes into such a phu, or alone when it is a yêu.
    """
    try:
        return _partition(_state(counts) + bytearray(3), got, flags, cap, loose)
    finally:
        _split_keys[:] = _NO_SPLIT_KEYS


def _partition(st, got, flags, cap, loose):
    """best_partition on the search state `st` (its caller empties the memo)."""
    st[_GOT] = got
    st[_FLAGS] = flags | (_LOOSE if loose else 0)
    value = _split(st, 0, cap)
    if value == _NEG:
        return None, [], []
    phus = []
    absorbing = []
    spare = []
    strays = []
    k = _first_kind(st, 0)
    while k < _N:
        move = _best_move(st, k, cap)[1]
        if move is None:
            free = st[k] >= _ABSORB or IS_YEU[k]
            for _ in range(st[k] & _CARDS):
                (spare if free else strays).append(k)
            st[k] &= ~_CARDS
        else:
            _apply(st, move, 1)
            phu = list(move[0])
            phus.append(phu)
            if move[2]:
                absorbing.append(phu)
        k = _first_kind(st, k)
    for kind in spare:
        home = None
        if not IS_YEU[kind]:
            for phu in absorbing:
                if kind in phu:
                    home = phu
                    break
        if home is None:
            phus.append([kind])
        else:
            home.append(kind)
    for phu in phus:
        phu.sort()
    return value, phus, strays


def _display_order(phus):
    """Lưng phu first, then the other phu, lone yêu last (stable otherwise)."""
    ranked = []
    for i in range(len(phus)):
        c = classify(phus[i])
        rank = 2 if c is None or c[0] == YEU else (0 if c[1] else 1)
        ranked.append((rank, i))
    ranked.sort()
    return [phus[i] for _, i in ranked]


def analyse(counts, exposed=(), players=5, should_stop=None):
    """Thành, lưng, the best split (laid phu first, then the concealed split with the most lưng
    and then the most chức sắc points), the cards it leaves out (`rest`) and the red count.

    A hand that is not thành shows its best partial split: the most lưng, then the fewest cards
    left out; `lung` counts the lưng of the phu shown. `players` is accepted for symmetry with
    can_u and waits (thành and lưng do not depend on it). `should_stop()` (optional, e.g. the
    app's pump) is polled during the search; when it returns True, None is returned.
    """
    if should_stop is not None:
        return polled(should_stop, analyse, counts, exposed, players)
    flags = _group_flags(exposed)
    value, phus, rest = best_partition(counts, 0, flags)
    thanh_hand = value is not None
    if not thanh_hand:
        value, phus, rest = best_partition(counts, 0, flags, 99, True)
    partition = [list(p) for p in exposed] + _display_order(phus)
    return {"thanh": thanh_hand, "lung": exposed_lung(partition), "partition": partition,
            "rest": rest, "red": red_total(counts, exposed)}


# ---- scoring a win ----

# chức sắc: id, announcement, points (suông = 4)
CHUC_SAC = (
    ("suong", "Suông", 4),
    ("tom", "Tôm", 6),
    ("leo", "Lèo", 8),
    ("kinh_cu", "Kính Cụ", 10),
    ("thap_hong", "Thập Hồng", 12),
    ("bach_dinh", "Bạch Định", 16),
    ("chi_chi_nay", "Chi Chi nảy", 24),
    ("kinh_tu_co", "Kính Tứ Cố", 48),
)
# extras the winning card's phu brings: id, announcement, points
EXTRAS = (
    ("xuyen", "Xuyên", 2),
    ("xuyen_tu", "Xuyên tư", 4),
    ("bi_tu", "Bí tư", 4),
    ("bach_thu", "Bạch thủ", 4),
)
# consecutive wins: a streak of n previous wins adds 2n points
STREAK = (
    ("thong", "Thông"),
    ("tam_khoi", "Tam khôi"),
    ("tu_khoi", "Tứ khôi"),
    ("ngu_khoi", "Ngũ khôi"),
    ("luc_khoi", "Lục khôi"),
    ("that_khoi", "Thất khôi"),
    ("bat_khoi", "Bát khôi"),
    ("cuu_khoi", "Cửu khôi"),
)
# order of the chức sắc in the announcement
_ANNOUNCE_ORDER = ("kinh_tu_co", "bach_dinh", "thap_hong", "kinh_cu", "chi_chi_nay", "tom",
                   "leo", "suong")


def _row(table, ident):
    for row in table:
        if row[0] == ident:
            return row
    raise KeyError(ident)


def colour_chuc_sac(counts, exposed=(), thap_hong_or_more=False):
    """Chức sắc given by the colours of all the winner's cards, or None."""
    red = red_total(counts, exposed)
    ong_cu = _totals(counts, exposed)[OC]
    if red == 0:
        return "bach_dinh"
    if red == ong_cu and red == 1:
        return "kinh_cu"
    if red == ong_cu and red == 4:
        return "kinh_tu_co"
    if red == 10 or (thap_hong_or_more and red > 10):
        return "thap_hong"
    return None


def _group_flags(phus):
    """Bit 1 when one of the phu is a Tôm, bit 2 when one is a Lèo."""
    flags = 0
    for phu in phus:
        if _group_lung(phu, LUNG_GROUPS[TOM]):
            flags |= 1
        if _group_lung(phu, LUNG_GROUPS[LEO]):
            flags |= 2
    return flags


def _lone_pair(before, card):
    """True when the hand before the win holds a pair of `card` that no phu can take one of:
    without one copy the hand is still not thành (the pair is què, the only lame cards)."""
    if before[card] != 2:
        return False
    before[card] -= 1
    one_placed = thanh(before)
    before[card] += 1
    return not one_placed


def _special_phus(counts, card, single_wait, from_stock):
    """(id, kinds) of the phu the winning card may complete for an extra or Chi Chi nảy."""
    out = []
    if card < 27:
        num = card % 9
        if 1 <= num <= 7:
            out.append(("xuyen", [card - 1, card, card + 1]))
        if 2 <= num <= 6:
            out.append(("xuyen_tu", [card - 2, card - 1, card, card + 1, card + 2]))
        pair_a = num + 9 * ((card // 9 + 1) % 3)
        pair_b = num + 9 * ((card // 9 + 2) % 3)
        out.append(("bi_tu", [card, pair_a, pair_a, pair_b, pair_b]))
    if single_wait:
        before = bytearray(counts)
        before[card] -= 1
        if _lone_pair(before, card):
            out.append(("bach_thu", [card, card, card]))
        if from_stock and card == CC:
            out.append(("chi_chi_nay", list(LUNG_GROUPS[LEO])))
    return out


def _points(ids, extras, streak):
    total = 4 + 2 * streak
    for ident in ids:
        total += _row(CHUC_SAC, ident)[2] - 4
    for ident in extras:
        total += _row(EXTRAS, ident)[2]
    return total


def _announce(ids, extras, streak):
    words = []
    if streak > 0:
        words.append(STREAK[min(streak, len(STREAK)) - 1][1])
    for ident in ids:
        if ident != "suong" or not (extras or streak > 0):
            words.append(_row(CHUC_SAC, ident)[1])
    for ident in extras:
        words.append(_row(EXTRAS, ident)[1])
    return ", ".join(words)


def score_win(counts, exposed, card, ctx=None):
    """Chức sắc, extras, points, announcement (xướng) and partition of a win.

    counts: concealed cards including the winning `card` (None: score the hand alone, without
    what a winning card brings); exposed: laid phu; ctx keys (all optional): from_stock (bool),
    streak (previous consecutive wins), by_phong (bool, informative), thap_hong_or_more (bool),
    players (4 or 5). Of the splits that win, the one worth most points is announced. Chi Chi
    nảy is the Lèo of that win, so it is not counted again as Lèo. Raises ValueError when the hand
    cannot ù. Run it under polled() to poll a should_stop during its searches.
    """
    ctx = ctx or {}
    players = ctx.get("players", 5)
    streak = ctx.get("streak", 0)
    need = lung_needed(players)
    laid = exposed_lung(exposed)
    if card is not None and not counts[card]:
        raise ValueError("the winning card must be among the concealed cards")
    if not can_u(counts, exposed, players):
        raise ValueError("not a winning hand")
    laid_flags = _group_flags(exposed)
    colour = colour_chuc_sac(counts, exposed, ctx.get("thap_hong_or_more", False))
    candidates = [("", [])]
    if card is not None:
        before = bytearray(counts)
        before[card] -= 1
        single = waits(before, exposed, players) == [card]
        candidates += _special_phus(counts, card, single, ctx.get("from_stock", False))
    best = (-1, [], [], [])
    for extra, kinds in candidates:
        rest = bytearray(counts)
        missing = False
        for k in kinds:
            if rest[k] == 0:
                missing = True
                break
            rest[k] -= 1
        if missing:
            continue
        value, phus, _ = best_partition(rest, laid + exposed_lung([kinds] if kinds else []),
                                        laid_flags, need)
        if value is None or value // _W_LUNG < need:
            continue
        if kinds:
            phus = [list(kinds)] + phus
        flags = laid_flags | _group_flags(phus)
        ids = [colour] if colour else []
        extras = []
        if extra == "chi_chi_nay":
            ids.append(extra)
        elif extra:
            extras.append(extra)
        if flags & 1:
            ids.append("tom")
        if flags & 2 and extra != "chi_chi_nay":
            ids.append("leo")
        if not ids:
            ids.append("suong")
        points = _points(ids, extras, streak)
        if points > best[0]:
            best = (points, ids, extras, phus)
    points, ids, extras, phus = best
    ids = [i for i in _ANNOUNCE_ORDER if i in ids]
    xuong = _announce(ids, extras, streak)
    if streak > 0:
        extras = [STREAK[min(streak, len(STREAK)) - 1][0]] + extras
    return {"chuc_sac": ids, "extras": extras, "points": points, "xuong": xuong,
            "partition": [list(p) for p in exposed] + _display_order(phus)}
