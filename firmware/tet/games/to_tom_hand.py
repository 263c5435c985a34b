"""Tổ Tôm hand evaluation: thành, lưng, ù, waits and the chức sắc of a win.

A hand is a 30-slot count vector (see to_tom_cards). The search is exact and memoised: the lowest
kind still holding cards must go into a phu whose lowest member is that kind (runs, bí, lưng groups,
khàn), or, when the kind is a yêu or belongs to an absorbing phu already chosen (bí, lưng group,
khàn: "extra copies allowed"), its remaining copies may be dropped. The state is one bytearray:
the low 3 bits of a slot are the cards left, the bits above count the absorbing phu that hold the
kind; the memo key is the slice from the current kind on.
"""

from tet.games.to_tom_cards import CC, IS_RED, IS_YEU, NKINDS, OC

# phu kinds, as stored in the template table and reported by classify()
RUN = 0
BI = 1
GROUP = 2
KHAN = 3
YEU = 4

# The six lưng groups (bí sườn): members, id for scoring (Tôm, Lèo) or "".
LUNG_GROUPS = (
    ((17, 0, 18), ""),      # 9N 1V 1S
    ((16, 1, 19), ""),      # 8N 2V 2S
    ((15, 2, 20), "tom"),   # 7N 3V 3S
    ((26, 28, 29), ""),     # 9S TT OC
    ((8, 26, 28), ""),      # 9V 9S TT
    ((8, 25, 27), "leo"),   # 9V 8S CC
)
TOM_GROUP = 2
LEO_GROUP = 5

_ABSORB = 8     # one absorbing phu holding the kind, in the state's upper bits
_CARDS = 7      # mask of the cards-left bits


def _build_templates():
    """Minimal phu (one card per member), grouped by lowest member kind.

    Runs longer than five split into runs of three to five without changing lưng (a Văn run is
    lưng exactly when it starts at 1N), so lengths 3-5 are enough.
    """
    templates = []
    for s in range(3):
        for start in range(7):
            for length in (3, 4, 5):
                if start + length <= 9:
                    members = tuple(range(9 * s + start, 9 * s + start + length))
                    lung = 1 if (s == 1 and start == 0) else 0
                    templates.append((members, lung, 0, RUN))
    for n in range(9):
        templates.append(((n, 9 + n, 18 + n), 0, 1, BI))
    for g in range(len(LUNG_GROUPS)):
        templates.append((tuple(sorted(LUNG_GROUPS[g][0])), 1, 1, GROUP))
    by_low = [[] for _ in range(NKINDS)]
    for t in templates:
        by_low[t[0][0]].append(t)
    return tuple(tuple(lst) for lst in by_low)


TEMPLATES_BY_LOW = _build_templates()

_memo = {}


def _search(st, k):
    """Most lưng over the partitions of the cards in `st` from kind k on; -1 if not thành."""
    while k < NKINDS and not st[k] & _CARDS:
        k += 1
    if k == NKINDS:
        return 0
    key = bytes(st[k:])
    best = _memo.get(key)
    if best is not None:
        return best
    best = -1
    here = st[k]
    left = here & _CARDS
    if IS_YEU[k] or here >= _ABSORB:
        st[k] = here - left
        best = _search(st, k + 1)
        st[k] = here
    for members, lung, absorbing, _ in TEMPLATES_BY_LOW[k]:
        ok = True
        for m in members:
            if not st[m] & _CARDS:
                ok = False
                break
        if not ok:
            continue
        delta = _ABSORB - 1 if absorbing else -1
        for m in members:
            st[m] += delta
        v = _search(st, k)
        for m in members:
            st[m] -= delta
        if v >= 0 and v + lung > best:
            best = v + lung
    if left >= 3:
        st[k] = here - 3 + _ABSORB
        v = _search(st, k)
        st[k] = here
        if v >= 0 and v + 1 > best:
            best = v + 1
    _memo[key] = best
    return best


def _state(counts):
    st = bytearray(NKINDS)
    for k in range(NKINDS):
        c = counts[k]
        if c > 7:
            raise ValueError("too many cards of one kind")
        st[k] = c
    return st


def max_lung(counts):
    """Most lưng over the splits of `counts` into phu, or -1 when the cards are not thành."""
    _memo.clear()
    best = _search(_state(counts), 0)
    _memo.clear()
    return best


def thanh(counts):
    """True when the cards split entirely into phu."""
    return max_lung(counts) >= 0


def lung_needed(players):
    """Lưng a win needs: one with five players (bí ngũ), two with four (bí tứ)."""
    return 2 if players == 4 else 1


def _group_lung(kinds, members):
    for k in kinds:
        if k not in members:
            return 0
    least = 4
    for m in members:
        c = 0
        for k in kinds:
            if k == m:
                c += 1
        if c < least:
            least = c
    return least


def classify(kinds):
    """(phu kind, lưng) of one phu given as a list of kinds, or None when it is not a phu.

    When a set of cards is more than one kind of phu (three identical 1N: khàn), the reading with
    the most lưng wins.
    """
    kinds = sorted(kinds)
    n = len(kinds)
    if n == 0:
        return None
    if n == 1:
        return (YEU, 0) if IS_YEU[kinds[0]] else None
    best = None
    if n in (3, 4) and kinds[0] == kinds[-1]:
        best = (KHAN, 1)
    for members, _ in LUNG_GROUPS:
        lung = _group_lung(kinds, members)
        if lung and (best is None or lung > best[1]):
            best = (GROUP, lung)
    if best is not None:
        return best
    if n >= 3 and kinds[-1] < 27:
        first = kinds[0]
        if kinds[-1] - first == n - 1 and first // 9 == kinds[-1] // 9:
            distinct = True
            for i in range(1, n):
                if kinds[i] != kinds[i - 1] + 1:
                    distinct = False
            if distinct:
                return (RUN, 1 if first == 9 and n >= 3 else 0)
        num = first % 9
        suits = [0, 0, 0]
        same = True
        for k in kinds:
            if k % 9 != num:
                same = False
            suits[k // 9] = 1
        if same and suits[0] and suits[1] and suits[2]:
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


def can_u(counts, exposed=(), players=5):
    """True when the concealed cards (with the winning card) are thành and the hand has the lưng
    a win needs (one for five players, two for four), counting the laid phu as laid."""
    best = max_lung(counts)
    return best >= 0 and best + exposed_lung(exposed) >= lung_needed(players)


def _totals(counts, exposed):
    total = bytearray(NKINDS)
    for k in range(NKINDS):
        total[k] = counts[k]
    for phu in exposed:
        for k in phu:
            total[k] += 1
    return total


def waits(counts, exposed=(), players=5):
    """Kinds that would let this hand (20 cards, 24 with four players) ù, in kind order."""
    need = lung_needed(players) - exposed_lung(exposed)
    total = _totals(counts, exposed)
    st = _state(counts)
    out = []
    _memo.clear()
    for w in range(NKINDS):
        if total[w] >= 4:
            continue
        st[w] += 1
        best = _search(st, 0)
        st[w] -= 1
        if best >= 0 and best >= need:
            out.append(w)
    _memo.clear()
    return out
