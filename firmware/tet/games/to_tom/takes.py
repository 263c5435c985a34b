"""The forms a take of a card may have (to-tom-v2 §2), each as the action argument `legal()`
offers, and what each does to the taker's cards.

An eat's argument is its phu (a tuple of kinds) for an ordinary eat (E1) that lays no extra
phu; every other eat is a *take*, the tuple (phu, onto, shared, also, khan_up): `onto` the index
of the laid entry it extends (E2, `phu` the whole extended phu) or -1, `shared` the index of the
fixed entry that lends its card (E3, `phu` the card and the concealed cards) or -1, `also` the
extra phu treo tranh lays (each a tuple of kinds), `khan_up` 1 when the holder's face-down khàn
of the card is turned up after it (E4). A phỗng's argument is None (two concealed copies) or the
index of the laid bí or lưng group that gives its copy.

Treo tranh: every concealed copy of the taken kind is laid by the take, in the take's bí or lưng
group, else each in an extra phu of concealed cards; a take that cannot lay them all is no form.
"""

from tet.games.to_tom.cards import IS_YEU
from tet.games.to_tom import hand as H
from tet.games.to_tom.state import take_parts as parts


def phu_completed(counts, card):
    """Every phu that `card` completes with cards of `counts` (lone yêu, runs, bí, lưng groups).

    Each phu is a sorted tuple of kinds holding `card` once plus cards from `counts`; bí and lưng
    groups may take extra copies of their members. Three identical cards (phỗng, khàn) are not
    listed here.
    """
    out = [(card,)] if IS_YEU[card] else []
    out += runs_completed(counts, card)
    for members in H.groups_with(card):
        _with_copies(counts, card, members, out)
    return out


def runs_completed(counts, card):
    """Every run of three or more that `card` completes with cards of `counts` (a tái kiến's,
    a khàn trình phu's at the deal, and phu_completed's)."""
    out = []
    if card < 27:
        s, n = card // 9, card % 9
        base = 9 * s
        lo = n
        while lo > 0 and counts[base + lo - 1]:
            lo -= 1
        hi = n
        while hi < 8 and counts[base + hi + 1]:
            hi += 1
        for a in range(lo, n + 1):
            for b in range(max(n, a + 2), hi + 1):
                out.append(tuple(range(base + a, base + b + 1)))
    return out


def _with_copies(counts, card, members, out):
    """Append the phu made of `card` and members of `counts`: one or more of each other member,
    any number of extra copies of the card's own kind."""
    combos = [[card]]
    for m in members:
        have = counts[m]
        if m != card and not have:
            return
        grown = []
        for base in combos:
            for extra in range(0 if m == card else 1, have + 1):
                grown.append(base + [m] * extra)
        combos = grown
    for combo in combos:
        combo.sort()
        out.append(tuple(combo))


def _take(phu, onto=-1, shared=-1, also=(), khan_up=0):
    if onto < 0 and shared < 0 and not also and not khan_up:
        return phu
    return (phu, onto, shared, also, khan_up)


def _less(counts, kinds):
    out = bytearray(counts)
    for k in kinds:
        out[k] -= 1
    return out


def _used(phu, card):
    used = list(phu)
    used.remove(card)
    return used


def _also(rest, card):
    """Every way to lay the concealed copies of `card` left in `rest` (a count vector, changed
    and restored) each in a phu of concealed cards: a list of sorted tuples of phu."""
    if not rest[card]:
        return [()]
    rest[card] -= 1
    out = []
    for phu in phu_completed(rest, card):
        used = _used(phu, card)
        for k in used:
            rest[k] -= 1
        for more in _also(rest, card):
            ways = tuple(sorted((phu,) + more))
            if ways not in out:
                out.append(ways)
        for k in used:
            rest[k] += 1
    rest[card] += 1
    return out


def _with_also(hand, card, phu, used, onto=-1, shared=-1, khan_up=0):
    """The takes laying `used` from `hand` into `phu`, each with a way to lay the copies of
    `card` still concealed."""
    return [_take(phu, onto, shared, also, khan_up) for also in _also(_less(hand, used), card)]


def eat_forms(hand, laid, khan, lent, card):
    """Every form of eating `card` at the taker's own door (E1-E4), before §5-§7 judge them:
    `hand` the concealed counts, `laid` the entries, `khan` the face-down khàn kinds, `lent` the
    indices of fixed entries that lent a card already."""
    out = []
    khan_up = 1 if card in khan else 0
    for phu in phu_completed(hand, card):
        # a bí or lưng group (the only phu here whose first two kinds are not consecutive, but
        # a lone yêu) holds every concealed copy
        if len(phu) > 1 and phu[1] != phu[0] + 1 and phu.count(card) != 1 + hand[card]:
            continue
        out += _with_also(hand, card, phu, _used(phu, card), khan_up=khan_up)
    if khan_up:
        return out              # E4: the fourth card of a khàn is eaten only so
    for i in range(len(laid)):
        kind = _extends(laid[i], card)
        if kind is None:
            continue
        grown = tuple(sorted(laid[i] + (card,)))
        if kind == H.RUN:
            out += _with_also(hand, card, grown, (), onto=i)
        else:                   # a bí or lưng group takes the copies; a triple has none left
            out.append(_take(tuple(sorted(grown + (card,) * hand[card])), i))
    for j in range(len(laid)):
        entry = laid[j]
        if j in lent or _kind(entry) != H.KHAN or entry[0] == card:
            continue
        for members in H.groups_with(card):
            if entry[0] in members:
                m = [x for x in members if x != card and x != entry[0]][0]
                for extra in range(1, hand[m] + 1):
                    out.append(_take(tuple(sorted([card] * (1 + hand[card]) + [m] * extra)),
                                     shared=j))
    return out


def _kind(entry):
    """hand.classify's kind of phu of a laid entry (RUN, BI, GROUP, KHAN: a fixed entry of three
    or four identical cards, YEU), None when it is no phu on its own."""
    got = H.classify(entry)
    return got[0] if got is not None else None


def _extends(entry, card):
    """E2: the kind of phu (hand.RUN, BI, GROUP, KHAN) of laid `entry` when `card` alone
    extends it, else None (a lone yêu is never extended: a yêu is eaten as a new entry)."""
    kind = _kind(entry)
    if kind == H.KHAN:
        ok = len(entry) == 3 and entry[0] == card
    elif kind == H.RUN:
        ok = card < 27 and card // 9 == entry[0] // 9 and card in (entry[0] - 1, entry[-1] + 1)
    elif kind == H.BI:
        ok = card < 27 and card % 9 == entry[0] % 9
    else:
        ok = kind == H.GROUP and card in entry
    return kind if ok else None


def phong_sources(hand, laid, card):
    """The phỗng of `card` a player may make: None (two concealed copies), the index of a laid
    bí or lưng group holding a copy (one concealed copy, 304-305), or with three concealed
    copies (an unsettled bất thực) a tái kiến: the run of concealed cards that lays the third,
    in a tuple (178-192: "muốn Tái kiến phải có phu Dọc")."""
    if hand[card] == 3:
        return [(run,) for run in runs_completed(_less(hand, (card,) * 3), card)]
    if hand[card] >= 2:
        return [None]
    if not hand[card]:
        return []
    out = []
    for i in range(len(laid)):
        if _kind(laid[i]) in (H.BI, H.GROUP) and card in laid[i]:
            out.append(i)
    return out


def effect(hand, laid, khan, card, name, arg):
    """What a take does: (used, laid, khan, cards, lends) with `used` the concealed cards it
    lays, `laid` and `khan` the taker's entries and khàn after it (new lists), `cards` the
    take's cards (every card it lays or turns up, the whole extended phu, the shared card) and
    `lends` the index of a fixed entry that lends its card by it, or -1."""
    laid = list(laid)
    khan = list(khan)
    lends = -1
    if name == "khan":
        khan.remove(card)
        phu = (card,) * 4
        laid.append(phu)
        return [], laid, khan, phu, lends
    if name == "phong":
        phu = (card,) * 3
        if arg is None:
            laid.append(phu)
            return [card, card], laid, khan, phu, lends
        if type(arg) is tuple:
            laid.append(phu)
            laid.append(arg[0])
            return [card, card] + list(arg[0]), laid, khan, phu + arg[0], lends
        rest = list(laid[arg])
        rest.remove(card)
        laid[arg] = tuple(rest)
        laid.append(phu)
        if H.classify(rest) is None:
            lends = len(laid) - 1       # the triple counts as lending to what is left
        return [card], laid, khan, phu, lends
    phu, onto, shared, also, khan_up = parts(arg)
    cards = phu
    if onto >= 0:
        used = [card] * (len(phu) - len(laid[onto]) - 1)
        laid[onto] = phu
    else:
        used = _used(phu, card)
        laid.append(phu)
    if shared >= 0:
        cards = cards + (laid[shared][0],)
        lends = shared
    for extra in also:
        used += extra
        cards = cards + extra
        laid.append(extra)
    if khan_up:
        khan.remove(card)
        laid.append((card,) * 3)
        cards = cards + (card,) * 3
    return used, laid, khan, cards, lends


def logged_phu(card, name, arg):
    """The phu a take's log entry names: an eat's phu, three or four of the card."""
    if name == "eat":
        return parts(arg)[0]
    return (card,) * (3 if name == "phong" else 4)


def log_extra(name, arg):
    """A take's (onto, shared, also, khan_up, laid_from) for its log entry, None when it is an
    ordinary eat, phỗng or dậy khàn."""
    if name == "eat" and type(arg[0]) is not int:
        return arg[1:] + (-1,)
    if name == "phong" and type(arg) is tuple:
        return (-1, -1, arg, 0, -1)
    if name == "phong" and arg is not None:
        return (-1, -1, (), 0, arg)
    return None


def phu_concealed(laid, card, arg):
    """The concealed cards of the phu of an eat `arg` of `card` beside the taker's laid entries
    `laid` (not its `also`): a decline's pairs come from them (to-tom-v2 §6)."""
    phu, onto = parts(arg)[:2]
    used = list(phu)
    for k in (card,) + (laid[onto] if onto >= 0 else ()):
        used.remove(k)
    return used


def completes_declined(pairs, laid, card, arg):
    """True when the eat `arg` of `card` lays, in its phu, the two concealed cards of a pair
    the taker declined (`pairs`, a b a b ...) that `card` completes too (to-tom-v2 §6 rule a,
    364-366: with 3V 4V, letting 2V go forbids eating 5V with them)."""
    if not pairs:
        return False
    used = phu_concealed(laid, card, arg)
    for i in range(0, len(pairs), 2):
        a, b = pairs[i], pairs[i + 1]
        if a != b and a in used and b in used and H.classify([card, a, b]) is not None:
            return True
    return False


def must_phong(game, p, card, sources):
    """True when player p of `game` must phỗng `card` (to-tom-v2 §8, seed 432: "không được bỏ
    Phỗng để chờ Chi Chi nảy"): their only wait is Chi Chi, they hold 9V and 8S, the card is
    one of them and one of the phỗng on offer (`sources`) has a legal discard after it that
    leaves them thành."""
    leo = H.LUNG_GROUPS[H.LEO]      # 9V 8S CC
    hand = game.hands[p]
    if card not in leo[:2] or not hand[leo[0]] or not hand[leo[1]] or \
            game.waits(p) != (leo[2],):
        return False
    from tet.games.to_tom import laid as L

    for src in sources:
        pending = game.take_effect(p, card, "phong", src)
        for k in pending[0]:
            hand[k] -= 1
        thanh = False
        for x in game.allowed_discards(p, hand, card, pending[3], pending):
            hand[x] -= 1
            thanh = L.thanh(hand, pending[1], pending[2])
            hand[x] += 1
            if thanh:
                break
        for k in pending[0]:
            hand[k] += 1
        if thanh:
            return True
    return False
