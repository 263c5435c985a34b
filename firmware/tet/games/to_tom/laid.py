"""Tổ Tôm's ù with laid phu that live (to-tom-v2 §1, and §4's bất thực condition).

A player's cards are concealed, laid (entries, in laying order) or held as face-down khàn. An
entry of three or four identical cards is *fixed*: one phu with one lưng, never broken up. Every
other laid card is *free*: at the ù it regroups with the concealed cards and the winning card.
A free copy of a fixed entry's or a khàn's kind may complete it, and each fixed entry (not a
khàn) may lend one card (*kèm*) to one bí or lưng group of free cards of its other kinds.

Everything is decided by hand.py's exact search. A *setting* fixes what the search cannot see:
which fixed entries and khàns take their fourth card, which entries lend to which group (and
with how many copies of its other kinds), and, for each unsettled bất thực kind, the phu that
holds a free copy of it. Those phu are set aside (`aside`, read by hand.exposed_lung), the
search splits the free cards left, and the hand wins when one setting does.
"""

from tet.games.to_tom import hand as H
from tet.games.to_tom.cards import NKINDS

BLACK_YEU = (0, 9, 18)      # 1V 1N 1S: a bất thực of one of them needs nothing at the ù


def is_fixed(entry):
    """True for a laid entry of three or four identical cards (phỗng, khàn, thiên khai)."""
    return 3 <= len(entry) <= 4 and min(entry) == max(entry)


def free_cards(concealed, laid):
    """The concealed cards plus every card of a laid entry that is not fixed."""
    free = bytearray(concealed)
    for entry in laid:
        if not is_fixed(entry):
            for k in entry:
                free[k] += 1
    return free


def own_cards(concealed, laid, khan):
    """Count vector of every card the player holds: concealed, laid and face-down khàn."""
    own = free_cards(concealed, laid)
    for entry in laid:
        if is_fixed(entry):
            for k in entry:
                own[k] += 1
    for k in khan:
        own[k] += 3
    return own


class _Walk:
    """One enumeration of the settings of a hand: `visit(free, aside, lends)` is called for each
    with the free cards left (a count vector, changed in place between calls), the phu set aside
    (the fixed entries and khàns first, in their order, each with its fourth card when it took
    it; then the kèm groups, with the lent card first; then the phu bất thực needs) and `lends`,
    the (lender, group) pairs of aside indices; when it returns True the walk stops."""

    def __init__(self, free, holders, bat_thuc, bi_hoan, visit):
        self.free = free
        # (kind, size, may lend, may take a fourth) of the fixed entries, then the khàns
        self.holders = holders
        self.bat_thuc = [b for b in bat_thuc if b not in BLACK_YEU]
        self.bi_hoan = bi_hoan
        self.placer = None
        if self.bat_thuc:
            # the search that places them, a module of its own: play has no bất thực yet
            from tet.games.to_tom import laid_bat_thuc

            self.placer = laid_bat_thuc
        self.visit = visit
        self.aside = [[k] * size for k, size, _, _ in holders]
        self.lends = []
        self.done = False

    def run(self):
        """Walk every setting (until visit says stop); True when it did."""
        self.done = False
        self._holder(0)
        return self.done

    def take(self, kinds, phu):
        """Move `kinds` from the free cards into `phu`, set aside; False (nothing moved) when
        one is missing."""
        free = self.free
        for i in range(len(kinds)):
            if not free[kinds[i]]:
                for j in range(i):
                    free[kinds[j]] += 1
                return False
            free[kinds[i]] -= 1
        self.aside.append(phu)
        return True

    def give_back(self, kinds):
        """Undo the last take of `kinds`."""
        for k in kinds:
            self.free[k] += 1
        self.aside.pop()

    def _holder(self, i):
        if self.done:
            return
        if i == len(self.holders):
            self._need(0)
            return
        k, size, lends, grows = self.holders[i]
        free = self.free
        self._lend(i, k, lends)
        if size == 3 and grows and free[k] and not self.done:
            free[k] -= 1
            self.aside[i].append(k)
            self._lend(i, k, lends)
            self.aside[i].pop()
            free[k] += 1

    def _lend(self, i, k, lends):
        self._holder(i + 1)
        if not lends:
            return
        for members in H.groups_with(k):
            others = [m for m in members if m != k]
            a, b = others
            for na in range(1, self.free[a] + 1):
                for nb in range(1, self.free[b] + 1):
                    kinds = [a] * na + [b] * nb
                    if self.done or not self.take(kinds, [k] + kinds):
                        return
                    self.lends.append((i, len(self.aside) - 1))
                    self._holder(i + 1)
                    self.lends.pop()
                    self.give_back(kinds)

    def _need(self, i):
        # every fixed entry and khàn decided: the bất thực kinds placed (laid_bat_thuc), or none
        if self.placer is not None:
            self.placer.need(self, i)
        elif not self.done:
            self.done = bool(self.visit(self.free, self.aside, self.lends))


def _holders(laid, khan):
    out = []
    free = free_cards(bytearray(NKINDS), laid)
    for entry in laid:
        if is_fixed(entry):
            out.append((entry[0], len(entry), True, True))
    for k in khan:
        # a khàn trình phu (169-171) laid its fourth card in a run: it never takes it
        out.append((k, 3, False, not free[k]))
    return out


def _walker(concealed, laid, khan, visit, bat_thuc, bi_hoan):
    return _Walk(free_cards(concealed, laid), _holders(laid, khan), bat_thuc, bi_hoan, visit)


def walk(concealed, laid, khan, visit, bat_thuc=(), bi_hoan=True):
    """Call `visit(free, aside, lends)` for each setting of the hand (see _Walk) until it
    returns True; True when it did. bat_thuc: unsettled bất thực kinds whose free copy must sit
    in a run (or, with bi_hoan, a bí or lưng group)."""
    return _walker(concealed, laid, khan, visit, bat_thuc, bi_hoan).run()


def _winner(players):
    return lambda free, aside, lends: H.can_u(free, aside, players)


def can_u(concealed, laid=(), khan=(), players=5, bat_thuc=(), bi_hoan=True):
    """True when the concealed cards (with the winning card), the laid entries and the khàn
    split into phu with the lưng a win needs and every bất thực kind placed (§1, §4)."""
    return walk(concealed, laid, khan, _winner(players), bat_thuc, bi_hoan)


def thanh(concealed, laid=(), khan=()):
    """True when all the cards split into phu (bất thực and lưng ignored): the walk stops at
    the first setting whose free cards split."""
    return walk(concealed, laid, khan, lambda free, aside, lends: H.thanh(free))


def waits(concealed, laid=(), khan=(), players=5, bat_thuc=(), bi_hoan=True, kinds=None):
    """Kinds, of which the player holds fewer than four, that would let them ù, in kind order
    (only those of `kinds` when given: the caller has left out those they hold four of).

    A setting that uses no more copies of a kind than the player holds is a setting of their
    cards without the wait's card: one walk of those settings asks hand.winning_kinds, whose
    memo the tries share, for every wait not found yet. Only a wait whose card a setting can
    take (a fixed entry's or khàn's fourth, a card lent to, a bất thực's phu) walks again with
    its card added, so that a scan allocates little on the device."""
    if kinds is None:
        own = own_cards(concealed, laid, khan)
        kinds = [w for w in range(NKINDS) if own[w] < 4]
    left = list(kinds)
    found = []

    def visit(cards, aside, lends):
        for w in H.winning_kinds(cards, left, aside, players):
            left.remove(w)
            found.append(w)
        return not left

    scan = _walker(concealed, laid, khan, visit, bat_thuc, bi_hoan)
    free = scan.free
    if left:
        scan.run()
    if left:
        scan.visit = _winner(players)
        for w in left:
            if scan.placer is not None or _settable(scan.holders, w):
                free[w] += 1
                won = scan.run()
                free[w] -= 1
                if won:
                    found.append(w)
    found.sort()
    return found


def _settable(holders, w):
    """True when a setting may take a card of kind w: the fourth of a fixed entry or khàn of
    that kind, or a card a fixed entry lends to."""
    for k, _size, lends, _grows in holders:
        if k == w:
            return True
        if lends:
            for members in H.groups_with(k):
                if w in members:
                    return True
    return False
