"""Tổ Tôm's wait scan: every kind that would let a 20-card hand (24 with four players) ù, from
one search of hand.py's kind (the hand checker, the command line and the benchmarks; play tries
its few candidate kinds with hand.can_u, so this module is not loaded during a game).
"""

from tet.games.to_tom.cards import IS_YEU
from tet.games.to_tom import hand as H
from tet.games.to_tom.hand import (_GROUP_AT, _GROUP_KINDS, _H_TAKE, _TAKE, _V, _W, _poll,
                                   _search, _stop)

try:
    from micropython import const
except ImportError:     # CPython (host tools): a constant is its value (all of them are ints)
    const = int

_N = const(30)          # kinds, as in hand.py (const names are not exported)
_ABSORB = const(8)      # hand.py's flag: an absorbing phu already chosen holds the kind
_CARDS = const(7)       # hand.py's mask of the cards-left bits
_SHIFT = const(12)      # memo slot: hash bits 12 and up, as hand.py's

# hash moves of one slot, by its value before (see hand._V): a card added (the fresh wait), a
# card taken by a run (the flag kept) and one taken by an absorbing phu (the flag set, even on
# the last card)
_H_ADD = tuple([_V[c + 1] - _V[c] if c < 15 else 0 for c in range(16)])
_H_LESS = tuple([_V[c - 1] - _V[c] if c & _CARDS else 0 for c in range(16)])
_H_HOLD = tuple([_V[(c - 1) | _ABSORB] - _V[c] if c & _CARDS else 0 for c in range(16)])

# Memo of the wait search (hole still free): the state and its tag + 1 (tag: lưng still
# needed x 2 + fresh), made with the module.
_WAIT_SLOTS = 32
_WAIT_MASK = const(31)      # _WAIT_SLOTS - 1
_wait_keys, _wait_tags = H._table(_WAIT_SLOTS)
_WAIT_ZERO = H.zero_format(_WAIT_SLOTS)


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


def _wait_mask(st, k, r, fresh, h):
    """Clear in _open the bit of each kind w >= k such that the cards of `st` (kinds below k
    used up and 0) plus one card w split into phu with at least `r` more lưng; `h` is the
    state's hash (_hash).

    The added card is either put at the kind being passed (fresh: first visit of that kind),
    or it is the one absent member of a phu whose lowest member is the current kind. Here a kind
    keeps its absorbing flag when its last card goes (the added card may still join that phu)
    until the search passes it.
    """
    if _stop[0] is not None:
        _poll()
    while k < _N:
        if not _open[0] >> k:
            return          # every kind from k on is found or has no room
        here = st[k]
        if fresh and _open[0] >> k & 1 and (here or IS_YEU[k] or _may_start(st, k)):
            st[k] = here + 1
            v = _search(st, k, h + _H_ADD[here] * _W[k])
            st[k] = here
            if v >= r:
                _open[0] &= ~(1 << k)
        if here & _CARDS:
            break
        if here:
            # a flag passed is cleared (nothing reads it now), so that equal remainders share
            # a memo key
            st[k] = 0
            _wait_mask(st, k + 1, r, 1, h - _V[here] * _W[k])
            st[k] = here
            return
        k += 1
        fresh = 1
    if k == _N:
        return
    tag = 2 * r + fresh + 1
    slot = ((h >> _SHIFT) + tag) & _WAIT_MASK
    if _wait_tags[slot] == tag and _wait_keys[slot] == st:
        return
    wk = _W[k]
    if here >= _ABSORB or IS_YEU[k]:
        st[k] = 0
        _wait_mask(st, k + 1, r, 1, h - _V[here] * wk)
        st[k] = here
    if k < 27:
        top = k - k % 9 + 8
        lung = 1 if k == 9 else 0
        for end in range(k + 3, min(top, k + 4) + 2):
            absent = 0
            for m in range(k + 1, end):
                if not st[m] & _CARDS:
                    absent += 1
                    where = m
            if absent > 1:
                break
            if absent == 0:
                run = h
                for m in range(k, end):
                    run += _H_LESS[st[m]] * _W[m]
                    st[m] -= 1
                _wait_mask(st, k, max(r - lung, 0), 0, run)
                for m in range(k, end):
                    st[m] += 1
            elif _open[0] >> where & 1:
                # the run with its one absent member the added card
                run = h
                for m in range(k, end):
                    if m != where:
                        run += _H_LESS[st[m]] * _W[m]
                        st[m] -= 1
                v = _search(st, k, run)
                for m in range(k, end):
                    if m != where:
                        st[m] += 1
                if v >= 0 and v + lung >= r:
                    _open[0] &= ~(1 << where)
        if k < 9:
            _phu_waits(st, k, k + 9, k + 18, r, 0, h)
    for g in range(_GROUP_AT[k], _GROUP_AT[k + 1]):
        _phu_waits(st, k, _GROUP_KINDS[3 * g + 1], _GROUP_KINDS[3 * g + 2], r, 1, h)
    if here & _CARDS >= 3:
        kept = (here - 3) | _ABSORB
        st[k] = kept
        _wait_mask(st, k, max(r - 1, 0), 0, h + (_V[kept] - _V[here]) * wk)
        st[k] = here
    _wait_keys[slot][:] = st
    _wait_tags[slot] = tag


def _phu_waits(st, k, a, b, r, lung, h):
    """Waits through the absorbing phu k, a, b (bí or lưng group, lowest member k, which holds
    cards) bringing `lung` lưng, in the state `st` of hash `h`: the phu taken whole, or with
    its one absent member the added card."""
    sk = st[k]
    sa = st[a]
    sb = st[b]
    have_a = sa & _CARDS
    have_b = sb & _CARDS
    if have_a and have_b:
        st[k] = (sk - 1) | _ABSORB
        st[a] = (sa - 1) | _ABSORB
        st[b] = (sb - 1) | _ABSORB
        _wait_mask(st, k, max(r - lung, 0), 0,
                   h + _H_HOLD[sk] * _W[k] + _H_HOLD[sa] * _W[a] + _H_HOLD[sb] * _W[b])
        st[k] = sk
        st[a] = sa
        st[b] = sb
        return
    if have_a:
        present = a
        absent = b
    elif have_b:
        present = b
        absent = a
    else:
        return
    if not _open[0] >> absent & 1:
        return
    sp = st[present]
    st[k] = _TAKE[sk]
    st[present] = _TAKE[sp]
    v = _search(st, k, h + _H_TAKE[sk] * _W[k] + _H_TAKE[sp] * _W[present])
    st[k] = sk
    st[present] = sp
    if v >= 0 and v + lung >= r:
        _open[0] &= ~(1 << absent)


def waits(counts, exposed=(), players=5, should_stop=None):
    """Kinds that would let this hand (20 cards, 24 with four players) ù, in kind order.

    A kind whose four cards are all in sight (hand and laid phu) is no wait. One search finds
    them all: it walks the splits of the hand with the added card still free (see _wait_mask).
    `should_stop()` (optional, e.g. the app's pump) is polled during the search; when it returns
    True the scan is abandoned and None returned.
    """
    if should_stop is not None:
        return H.polled(should_stop, waits, counts, exposed, players)
    need = max(H.lung_needed(players) - H.exposed_lung(exposed), 0)
    total = H._totals(counts, exposed)
    room = 0
    for k in range(_N):
        if total[k] < 4:
            room |= 1 << k
    H._cap[0] = need
    _open[0] = room
    H.begin()   # out of heap here is a MemoryError for App.step, with no memo to empty after
    try:
        st = H._state(counts)
        _wait_mask(st, 0, need, 1, H._hash(st))
    finally:
        H._forget()
        H.zero(_wait_tags, _WAIT_ZERO)
    out = []
    for w in range(_N):
        if room >> w & 1 and not _open[0] >> w & 1:
            out.append(w)
    return out
