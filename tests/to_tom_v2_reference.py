"""An independent brute force of Tổ Tôm v2's ù with laid phu (to-tom-v2.md §1 and §4's bất thực
condition), written from the spec alone to check firmware/tet/games/to_tom/laid.py.

Cards are kinds 0..29 (0-8 1V..9V, 9-17 1N..9N, 18-26 1S..9S, 27 CC, 28 TT, 29 OC). A laid entry
of three or four identical cards is *fixed*: one phu with one lưng, never broken up. Every other
laid card is *free* and regroups with the concealed cards (the winning card among them). A free
copy of a fixed entry's kind (of three) or of a face-down khàn's kind may complete it; each fixed
entry (not a khàn) may lend one card (kèm) to one bí or lưng group whose other cards are free
cards of the group's other kinds.

The search takes the first free card left and tries everything it can be part of: every v1 phu
of free cards holding it (every run length, every count of each member of a bí or lưng group,
three or four identical cards, a lone yêu), completing the fixed entry or khàn of its kind, and
every kèm group holding it (every lender, every count of the free members), recursing without
memo. It returns, for each set of bất thực kinds a split places (a free copy in a run, or with bí
hoàn in a bí or lưng group, kèm groups included), the most lưng of such a split.
"""

NK = 30
YEU = (0, 9, 18, 27, 28, 29)
BLACK_YEU = (0, 9, 18)
# the lưng groups: 9N 1V 1S, 8N 2V 2S, 7N 3V 3S (Tôm), 9S TT OC, 9S TT 9V, 9V CC 8S (Lèo)
GROUPS = ((17, 0, 18), (16, 1, 19), (15, 2, 20), (26, 28, 29), (26, 28, 8), (8, 27, 25))
BIS = tuple((n, 9 + n, 18 + n) for n in range(9))
# (members, lưng a kèm group of them adds): a bí none, a lưng group one
KEM_SHAPES = tuple((b, 0) for b in BIS) + tuple((g, 1) for g in GROUPS)
SHAPES_OF = tuple(tuple(s for s in KEM_SHAPES if k in s[0]) for k in range(NK))

RUN, BI, GROUP, KHAN, LONE, KEM = "run", "bi", "group", "khan", "lone", "kem"


def is_fixed(entry):
    """True for a laid entry of three or four identical cards."""
    return len(entry) in (3, 4) and all(k == entry[0] for k in entry)


def _copies(members, cnt):
    """Every way to take at least one card of each of `members` from cnt, as dicts."""
    out = [{}]
    for m in members:
        out = [{**d, m: c} for d in out for c in range(1, cnt[m] + 1)]
    return out


def _free_phus(x, cnt):
    """Every v1 phu of the free cards cnt holding a card x: (dict kind -> copies, lưng, shape)."""
    out = []
    if x in YEU:
        out.append(({x: 1}, 0, LONE))
    for n in (3, 4):
        if cnt[x] >= n:
            out.append(({x: n}, 1, KHAN))
    if x < 27:
        suit, num = divmod(x, 9)
        for lo in range(num + 1):
            for hi in range(max(num, lo + 2), 9):
                if all(cnt[9 * suit + i] for i in range(lo, hi + 1)):
                    out.append(({9 * suit + i: 1 for i in range(lo, hi + 1)},
                                1 if suit == 1 and lo == 0 else 0, RUN))
        members = BIS[num]
        if all(cnt[m] for m in members):
            out += [(d, 0, BI) for d in _copies(members, cnt)]
    for g in GROUPS:
        if x in g and all(cnt[m] for m in g):
            out += [(d, min(d.values()), GROUP) for d in _copies(g, cnt)]
    return out


def _kem_phus(x, cnt, lenders):
    """Every kèm group holding the free card x: (free part, lưng, lender kind)."""
    out = []
    for members, lung in SHAPES_OF[x]:
        for lent in members:
            if lent == x or lent not in lenders:
                continue
            others = [m for m in members if m != lent]
            if all(cnt[m] for m in others):
                out += [(d, lung, lent) for d in _copies(others, cnt)]
    return out


def _placeable(k, cnt, absorbers, lenders):
    """False only when the free card k can be in no phu at all (prunes hopeless branches)."""
    if k in YEU or cnt[k] >= 3 or k in absorbers:
        return True
    suit, num = divmod(k, 9)
    row = [cnt[9 * suit + i] > 0 for i in range(9)]
    for lo in range(max(0, num - 2), min(num, 6) + 1):
        if row[lo] and row[lo + 1] and row[lo + 2]:
            return True
    for members, _ in SHAPES_OF[k]:
        if all(cnt[m] for m in members):
            return True
        for lent in lenders:
            if lent in members and lent != k and all(cnt[m] for m in members if m != lent):
                return True
    return False


def _search(cnt, absorbers, lenders, bits, bi_hoan, kem):
    """{mask: most lưng} over the splits of the free cards cnt (mask: the bất thực kinds placed,
    as bits from `bits`); empty when cnt is not thành. Lưng of fixed entries and khàns are not
    included (each is one, whatever happens)."""
    x = next((k for k in range(NK) if cnt[k]), None)
    if x is None:
        return {0: 0}
    for k in range(x, 27):
        if cnt[k] and not _placeable(k, cnt, absorbers, lenders):
            return {}
    best = {}

    def take(phu, lung, mask, absorbers, lenders):
        for k, n in phu.items():
            cnt[k] -= n
        for m, rest in _search(cnt, absorbers, lenders, bits, bi_hoan, kem).items():
            m |= mask
            if best.get(m, -1) < rest + lung:
                best[m] = rest + lung
        for k, n in phu.items():
            cnt[k] += n

    def placed(phu, shape):
        if shape == RUN or (bi_hoan and shape in (BI, GROUP, KEM)):
            return sum(bits.get(k, 0) for k in phu)
        return 0

    for phu, lung, shape in _free_phus(x, cnt):
        take(phu, lung, placed(phu, shape), absorbers, lenders)
    if x in absorbers:
        take({x: 1}, 0, 0, absorbers - {x}, lenders)
    if kem:
        for phu, lung, lent in _kem_phus(x, cnt, lenders):
            take(phu, lung, placed(phu, KEM), absorbers, lenders - {lent})
    return best


def ref_analyse(concealed, laid=(), khan=(), bat_thuc=(), bi_hoan=True, kem=True, sealed=()):
    """(required mask, {mask: most lưng of the whole hand}) over its splits: the mask says which
    of the bất thực kinds that need placing (all but the black yêu) a split places. `kem=False`
    forbids lending (only to measure how often kèm matters). `sealed`: the khàn kinds that take
    no fourth card (a khàn trình phu's is in its run)."""
    cnt = list(concealed)
    fixed = []
    for entry in laid:
        if is_fixed(entry):
            fixed.append(entry)
        else:
            for k in entry:
                cnt[k] += 1
    need = sorted(set(k for k in bat_thuc if k not in BLACK_YEU))
    bits = {k: 1 << i for i, k in enumerate(need)}
    absorbers = frozenset([e[0] for e in fixed if len(e) == 3] +
                          [k for k in khan if k not in sealed])
    lenders = frozenset(e[0] for e in fixed)
    base = len(fixed) + len(khan)
    found = _search(cnt, absorbers, lenders, bits, bi_hoan, kem)
    return (1 << len(need)) - 1, {m: base + lung for m, lung in found.items()}


def ref_max_lung(concealed, laid=(), khan=(), sealed=()):
    """Most lưng over the splits of all the cards (bất thực ignored), -1 when not thành."""
    _, found = ref_analyse(concealed, laid, khan, sealed=sealed)
    return max(found.values(), default=-1)


def ref_can_u(concealed, laid=(), khan=(), players=5, bat_thuc=(), bi_hoan=True, sealed=()):
    """True when a split has the lưng a win needs (one; two for four players) and places every
    bất thực kind that is not a black yêu."""
    full, found = ref_analyse(concealed, laid, khan, bat_thuc, bi_hoan, sealed=sealed)
    return found.get(full, -1) >= (2 if players == 4 else 1)


def own_cards(concealed, laid=(), khan=()):
    """Count vector of every card the player holds (concealed, laid, three per khàn)."""
    own = list(concealed)
    for entry in laid:
        for k in entry:
            own[k] += 1
    for k in khan:
        own[k] += 3
    return own


def ref_waits(concealed, laid=(), khan=(), players=5, bat_thuc=(), bi_hoan=True, sealed=()):
    """Kinds, of which the player holds fewer than four, that would let them ù, ascending."""
    own = own_cards(concealed, laid, khan)
    out = []
    for w in range(NK):
        if own[w] < 4:
            cnt = list(concealed)
            cnt[w] += 1
            if ref_can_u(cnt, laid, khan, players, bat_thuc, bi_hoan, sealed):
                out.append(w)
    return out
