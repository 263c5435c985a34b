"""Computer players for Xấp Sắc.

`choose(game, should_stop)` returns a play (int) or None to pass ("đi"). The heuristic player
scores each of its plays once: cards it gets rid of, how much of its hand's shape (same numbers,
neighbours it could still lay together) it breaks, how high a line it spends. Then, for the best
few (STRAND_TOP), it looks at the end of the round: with the play down, which of its remaining
cards could still go down anywhere (what each window of the table needs, worked out once per
move and again only near the play); every stranded card costs STRAND_WEIGHT, and the hand's
shape counts only among cards that can still go down (a pair that only a Tứ Sắc start could
place is no asset). Last, best first, it probes whether the cards nobody has seen could answer
the line at all; a line nobody can answer wins the lead. Budgets are counts (plays checked,
probes), never wall-clock time; `should_stop()` (the app's pump on the device) is asked often
enough that BACK is answered within 100 ms of device time, and ends the search with the best
play found so far.
"""

import gc
import sys
from array import array

from tet.games.xap_sac.engine import (AXES, EVERY, FOLLOW, MAX_LINE, NEED_K, NEED_NUMBERS, NUMBER,
                                      OPEN, PAT_CELLS, PAT_K, PLAYING, POPCOUNT, STEP_X, STEP_Y,
                                      TS, deck_cards, generate, hand_masks, line_needs, mask_add,
                                      mask_take, play_anchor, play_card, play_cells_into,
                                      play_line)

PROBES = (0, 8, 24)  # per level: easy, normal, hard

CARD_WEIGHT = 10  # every card put down
SHAPE_WEIGHT = 4  # every pair / neighbour link kept in hand
RANK_WEIGHT = 1  # per rank point spent while following
SHUT_BONUS = 30  # nobody can answer: the lead comes back
XAP_BONUS = 4  # a Xấp line narrows the answers even when some exist
PASS_BELOW = -6  # when following, pass rather than make a play scored below this
STRAND_WEIGHT = 12  # every card left in hand that could not go down anywhere after the play
STRAND_TOP = (0, 14, 20)  # per level: plays (best by static value) checked for stranded cards
POLL_PLAYS = 32  # should_stop is asked every this many plays ranked
# MicroPython puts the frames of functions with many locals on the heap (and frees them at
# once): with a heap full of garbage each of those allocations searches further for room, so a
# move starts with a collection there (as Ô Ăn Quan's search does).
_COLLECT_FIRST = sys.implementation.name == "micropython"
# a list of more plays than this (a big lead) is not kept from move to move (1 KB on the chip)
PLAYS_KEPT = 256
SHAPE_SLOTS = 127  # score()'s memory of shapes (a prime: card sets spread over the slots)


def shape(masks):
    """How well a hand (colour masks per number) hangs together: pairs, neighbours, and numbers
    two apart (a table card between them makes a straight)."""
    score = 0
    for n in range(1, 15):
        m = masks[n]
        if not m:
            continue
        score += POPCOUNT[m] - 1
        if n < 14 and masks[n + 1]:
            score += 1
        if n < 13 and masks[n + 2]:
            score += 1
    return score


_AXIS = ((0,), (1,))


def _add_near(table, starts, k, step, reach):
    """Add to `starts` (once each) the table cells within `reach` cells of k along `step`."""
    for i in range(-reach, reach + 1):
        j = k + i * step
        if j in table and j not in starts:
            starts.append(j)


def _order_place(p, table, cells, entries, at):
    """Set entries[at + 1] and entries[at + 2] to the keys that order plays of equal value
    (see _sift) for play `p` on `table` (`cells`: its keys in order): `order` holds the number
    of cards and the last three cards from the last in cell order back (card id << 2 | offset
    from the first new cell), `place` a fourth card, the first new cell's key and the axis (y
    above x); both small ints. The cards are read as engine.play_card reads them."""
    at0 = (p >> 4) & 0x7C
    first = PAT_CELLS[at0]
    # a card's (id + 1) << 2 | its cell's offset from the first new cell is colour * 56 -
    # (rank - number) * 4 + 4 * rank + its offset from the anchor - the first's
    rank = (p & 15) * 4 - first
    order = PAT_K[at0 >> 2]
    place = 0
    i = order
    while i:
        i -= 1
        nib = (p >> (12 + 4 * i)) & 15
        nib = (nib & 3) * 56 - (nib >> 2) * 4 + rank + PAT_CELLS[at0 + i]
        if order < 0x1000000:
            order = order << 8 | nib
        else:
            place = nib
    nib = play_anchor(p, table, cells) + (first - 4) * (STEP_Y if p & 0x800 else STEP_X)
    entries[at + 1] = order
    entries[at + 2] = (place << 17) | (nib << 1) | ((p >> 11) & 1)


def _sift(entries, i):
    """Move entry i of `entries` (4 ints from 4 * i: value, order, place, play; see
    _order_place) up past every entry before it that it ranks above, as the computer ranks
    plays: the higher value; between equal values the higher order (more cards, then the cards
    from the last back), place, play."""
    a = 4 * i
    v = entries[a]
    o = entries[a + 1]
    pl = entries[a + 2]
    p = entries[a + 3]
    while a:
        b = a - 4
        w = entries[b]
        if v < w:
            break
        if v == w:
            w = entries[b + 1]
            if o < w or (o == w and (pl < entries[b + 2]
                                     or (pl == entries[b + 2] and p <= entries[b + 3]))):
                break
        entries[a] = entries[b]
        entries[a + 1] = entries[b + 1]
        entries[a + 2] = entries[b + 2]
        entries[a + 3] = entries[b + 3]
        a = b
    entries[a] = v
    entries[a + 1] = o
    entries[a + 2] = pl
    entries[a + 3] = p


class RandomPlayer:
    """Uniform over the legal plays (one per card set on a cell set) and passing."""

    def __init__(self, rng):
        self.rng = rng

    def choose(self, game, should_stop=None):
        """A random legal play, or None (pass) with the same chance as any one play (the round's
        opener never passes when it can play)."""
        plays = game.legal_plays(every_order=False)
        i = self.rng.below(len(plays) + (0 if plays and game.mode == OPEN else 1))
        return plays[i] if i < len(plays) else None


class HeuristicPlayer:
    """Climbs sensibly: dumps cards, keeps strong lines and hand shape, takes the lead back.

    Nothing is allocated per play ranked, per play looked ahead or per probe: the lists a move
    works in are kept from move to move (emptied, not freed), the plays' cells go into small
    buffers, and the entries ranked are four ints each in one list (no tuples). What a move
    still allocates comes once per move: the table's needs (freed again after it, see
    _release), the unseen cards, and any buffer that has to grow past its largest so far."""

    def __init__(self, level=1, probes=None, strand_top=None):
        self.probes = PROBES[level] if probes is None else probes
        # how many plays get the stranded-card look; 0 is the player before it existed
        self.strand_top = STRAND_TOP[level] if strand_top is None else strand_top
        # the easy player ignores its hand's shape: it spends pairs and neighbours carelessly
        self.shape_weight = SHAPE_WEIGHT if level else 0
        self.used = 0
        self._masks = bytearray(16)
        self._unseen = bytearray(16)
        self._dealt = bytearray(16)  # the masks of every card dealt, for _dealt_for's deck
        self._dealt_for = None
        self._left = bytearray(16)
        self._held = [0, 0, 0, 0]  # numbers held at least k times, k = 1..3
        self._out = []
        # kept from move to move: the legal plays, the best by value and their values (these
        # lists only grow: _choose keeps their length), the best ranked (see _sift; one spare
        # entry), the table's keys in order and with a probed play down, a play's new cells
        self._plays = []
        self._values = []
        self._ranked = []
        self._entries = [0] * (4 * (max(self.probes + 1, self.strand_top) + 1))
        self._cells = []
        self._probe_cells = []
        self._keys = [0] * MAX_LINE
        self._cards = bytearray(MAX_LINE)
        # score()'s memory of shapes: card set -> shape value, one per slot (key % SHAPE_SLOTS)
        self._shape_keys = array("i", bytes(4 * SHAPE_SLOTS))
        self._shape_values = array("h", bytes(2 * SHAPE_SLOTS))
        self.new_hand()
        # windows per need of the current table (table_needs), what a play changes (stranded)
        self._needs = {}
        self._table_needs = []  # every window's needs, by first table card and axis
        self._spans = {}  # first table card's key * 2 + axis: first need | end << 16
        self._firsts = []
        self._walked = []  # the needs of the windows a play makes (stranded)
        self._removed = []  # the table needs (indices) of the windows it changes
        self._starts = []
        self._full = 0
        self._kept_shape = 0
        self.stopped = False
        self._asked = None

    def unseen_masks(self, game, player):
        """Masks of the cards `player` cannot see: not on the table, not in their hand (copies
        counted; two players know the half of the deck set aside)."""
        dealt = self._dealt
        if self._dealt_for != game.deck or dealt[0] != game.players:
            # the deck's masks once per kind of game: deck_cards makes lists
            for n in range(16):
                dealt[n] = 0
            for c in deck_cards(game.deck, game.players)[0]:
                mask_add(dealt, c)
            dealt[0] = game.players  # number 0 is no card's: the key of the masks
            self._dealt_for = game.deck
        masks = self._unseen
        for n in range(1, 16):
            masks[n] = dealt[n]
        masks[0] = 0
        table = game.table
        for k in table:  # not values(): a view object
            if table[k] < TS:
                mask_take(masks, table[k])
        for c in game.hands[player]:
            mask_take(masks, c)
        return masks

    def table_needs(self, game, should_stop=None, cells=None):
        """Work out once what the windows of the current table need (engine.line_needs): a
        count per need, and which needs come from each first table card and axis, for
        stranded(); False when should_stop() ended it (they are then incomplete). `cells`, the
        table's keys in order, saves sorting them (stranded() reads plays' cells with them)."""
        needs = self._table_needs
        firsts = self._firsts
        del needs[EVERY]
        del firsts[EVERY]
        stopped = line_needs(game.table, game.table, needs, should_stop, AXES, firsts)
        counts = self._needs
        counts.clear()
        spans = self._spans
        spans.clear()
        for i in range(len(needs)):
            r = needs[i]
            counts[r] = counts.get(r, 0) + 1
            f = firsts[i]
            spans[f] = (spans.get(f, i) & 0xFFFF) | ((i + 1) << 16)
        del firsts[EVERY]
        if cells is None:
            cells = self._cells
            _sorted_keys(game.table, cells)
        self._cells = cells
        return not stopped

    def stranded(self, game, play, hand):
        """(cards left in hand that no line could take with `play` down, shape of every card left,
        shape of the cards that can still go down); `play` None is passing. Uses the needs of
        the table from the last table_needs(game).

        The windows along table lines, plus the lines the hand could start from a Tứ Sắc (a Tứ
        Sắc has room all round in nearly every position, so its windows are not searched): a card
        in none of them is stranded. Which cards fit is a question of numbers (see
        engine.line_needs): a window met by the cards left takes every card of its numbers. With
        `play` down only the windows near it change: those are walked with and without it, the
        others' needs are the table's."""
        count = self._stranded(game, play, hand)
        return count, self._full, self._kept_shape

    def _stranded(self, game, play, hand):
        """stranded()'s count; the two shapes are left in _full and _kept_shape (a tuple would
        be allocated for every play looked at)."""
        left = self._left
        for i in range(16):
            left[i] = 0
        placed = self._masks
        for i in range(16):
            placed[i] = 0
        cards = self._cards
        size = 0
        if play is not None:
            size = play_cells_into(play, game.table, self._cells, self._keys, cards)
            for i in range(size):
                mask_add(placed, cards[i])
        for c in hand:
            if placed[NUMBER[c]] & ((1 << (c // 14)) * 17):
                mask_take(placed, c)
            else:
                mask_add(left, c)
        held = self._held
        held[1] = held[2] = held[3] = 0
        for n in range(1, 15):
            c = POPCOUNT[left[n]]
            for k in range(1, min(c, 3) + 1):
                held[k] |= 1 << n
        walked = self._walked
        removed = self._removed
        del walked[EVERY]
        del removed[EVERY]
        if size:
            self._changed(game.table, size)
        # a need is met somewhere with the play down when a window the play makes has it, or
        # the table's windows have it beyond those the play changes: the table's counts less
        # those (put back below); keys, not items(): MicroPython makes a tuple per item
        usable = 0
        for r in walked:
            m = r & NEED_NUMBERS
            if m & held[r >> NEED_K] == m:
                usable |= m
        del walked[EVERY]
        counts = self._needs
        needs = self._table_needs
        for i in removed:
            counts[needs[i]] -= 1
        for r in counts:
            m = r & NEED_NUMBERS
            if counts[r] > 0 and m & held[r >> NEED_K] == m:
                usable |= m
        for i in removed:
            counts[needs[i]] += 1
        for n in range(1, 15):
            # a pair (or more) of n, or n in a straight of three numbers held
            if (POPCOUNT[left[n]] >= 2
                    or (left[n] and ((left[n - 1] and (left[n + 1] or left[n - 2]))
                                     or (left[n + 1] and n + 2 < 16 and left[n + 2])))):
                usable |= 1 << n
        self._full = shape(left)
        count = 0
        for n in range(1, 15):
            if left[n] and not (usable >> n) & 1:
                count += POPCOUNT[left[n]]
                left[n] = 0
        self._kept_shape = shape(left)
        return count

    def _changed(self, table, size):
        """Collect what putting the play's `size` new cells (in _keys and _cards) on the table
        changes: the needs of the windows it makes into _walked, the table needs (their indices)
        of the windows it changes into _removed. A window depends on its cells, the cell past
        each end, and for each of its empty cells the line across it and the cell past that
        line's ends; so a window that changes has its first table card, before or after, within
        4 cells of a new card along the line of its axis, or within 3 along that line of the
        empty cell just past the line across a new card. Those start cells are walked with the
        cards down; without them, their windows are the table's (table_needs): windows that did
        not change cancel out."""
        keys = self._keys
        cards = self._cards
        for i in range(size):
            table[keys[i]] = cards[i]
        spans = self._spans
        starts = self._starts
        removed = self._removed
        for axis in AXES:
            step = STEP_Y if axis else STEP_X
            cross = STEP_X if axis else STEP_Y
            del starts[EVERY]
            for i in range(size):
                k = keys[i]
                _add_near(table, starts, k, step, 4)
                for d in (1, -1):
                    d *= cross
                    e = k + d
                    while 0 <= table.get(e, -1) < TS:
                        e += d
                    if e not in table:
                        _add_near(table, starts, e, step, 3)
            line_needs(table, starts, self._walked, None, _AXIS[axis])
            for k in starts:
                span = spans.get(k * 2 + axis, 0)
                for i in range(span & 0xFFFF, span >> 16):
                    removed.append(i)
        for i in range(size):
            del table[keys[i]]

    def answerable(self, game, play, unseen, should_stop=None, cells=None):
        """One probe: could any unseen cards follow `play`? (the play is put down and taken back;
        the answer means nothing when should_stop() ended the probe; `cells`: see
        engine.play_cells)"""
        self.used += 1
        keys = self._keys
        cards = self._cards
        size = play_cells_into(play, game.table, cells, keys, cards)
        table = game.table
        for i in range(size):
            table[keys[i]] = cards[i]
        probe = None
        if cells is not None:
            # the table's keys in order with the play's cells among them
            probe = self._probe_cells
            probe[EVERY] = cells
            for i in range(size):
                k = keys[i]
                lo = 0
                hi = len(probe)
                while lo < hi:
                    mid = (lo + hi) >> 1
                    if probe[mid] < k:
                        lo = mid + 1
                    else:
                        hi = mid
                probe.insert(lo, k)
        out = self._out
        del out[EVERY]
        generate(table, unseen, FOLLOW, play_line(play), out, 1, False, should_stop, probe)
        for i in range(size):
            del table[keys[i]]
        return bool(out)

    def score(self, game, play, hand, following):
        """Static value of a play, before the answerability probe. The shape left in hand is
        remembered per set of cards played until new_hand() (the same cards come on many
        cells)."""
        size = PAT_K[(play >> 6) & 31]  # play_size(), inline: this runs for every play
        if size == len(hand):
            return 10000
        # the cards in cell order (not their cells, nor the line they join): the same cards
        # anywhere, colour << 4 | number for each (engine.play_card's fields, inline)
        key = size
        for i in range(12, 12 + 4 * size, 4):
            nib = (play >> i) & 15
            key = key << 6 | (nib & 3) << 4 | ((play & 15) - (nib >> 2))
        slot = key % SHAPE_SLOTS
        if self._shape_keys[slot] == key:
            value = self._shape_values[slot]
        else:
            masks = hand_masks(hand, self._masks)
            for i in range(size):
                mask_take(masks, play_card(play, i))
            value = self.shape_weight * shape(masks)
            self._shape_keys[slot] = key
            self._shape_values[slot] = value
        value += CARD_WEIGHT * size
        if following:
            value -= RANK_WEIGHT * (play & 15)
        else:
            value -= RANK_WEIGHT * (play & 15) // 2
        if play & 16:
            value += XAP_BONUS
        return value

    def new_hand(self):
        """Forget the shapes score() remembered (they are the hand's before a play)."""
        keys = self._shape_keys
        for i in range(SHAPE_SLOTS):
            keys[i] = -1

    def choose(self, game, should_stop=None):
        """Best play by the heuristic, or None to pass. `should_stop()` is asked often (in the
        generation of plays, every POLL_PLAYS plays ranked, in and between look-ahead steps and
        probes); True ends the search with the best play found so far (a legal play, or None
        only where passing is legal)."""
        try:
            return self._choose(game, should_stop)
        finally:
            self._release()

    def _release(self):
        """Give the move's tables back to the heap: kept between moves they would split the free
        heap that the next move's tables need in one piece (the buffers kept from move to move
        are a few lists of a few dozen entries, and the legal plays up to PLAYS_KEPT)."""
        self._needs = {}
        self._table_needs = []
        self._spans = {}
        self._firsts = []
        if len(self._plays) > PLAYS_KEPT:
            self._plays = []

    def _rank(self, size, keep, table, cells):
        """Rank the first `size` plays of _ranked (best first by value, their values in
        _values) into _entries as the computer ranks plays (see _sift), keeping the best `keep`;
        return how many are kept. `cells`: the table's keys in order."""
        entries = self._entries
        values = self._values
        ranked = self._ranked
        n = 0
        for j in range(size):
            at = 4 * n
            entries[at] = values[j]
            entries[at + 3] = ranked[j]
            _order_place(ranked[j], table, cells, entries, at)
            _sift(entries, n)
            if n < keep:
                n += 1
        return n

    def _choose(self, game, should_stop):
        if game.phase != PLAYING:
            return None
        if _COLLECT_FIRST:
            gc.collect()
        stop = None
        self.stopped = False
        if should_stop is not None:
            self._asked = should_stop
            stop = self._stop
        table = game.table
        cells = self._cells
        _sorted_keys(table, cells)
        plays = self._plays
        del plays[EVERY]
        game.legal_plays(None, plays, 0, False, stop, cells)
        if self.stopped:
            if not plays:
                # nothing found yet: the first play there is, or None (a pass) without one
                game.legal_plays(None, plays, 1, False, None, cells)
            return plays[0] if plays else None
        if not plays:
            return None
        player = game.turn
        hand = game.hands[player]
        following = game.mode == FOLLOW
        base = hand_masks(hand, self._masks)
        base_shape = shape(base) * self.shape_weight
        self.new_hand()
        # only the few best can be probed: keep those, not a list of every play
        keep = max(self.probes + 1, self.strand_top)
        entries = self._entries
        while len(entries) < 4 * (keep + 1):
            entries.append(0)
        # by value only first, best first (plays tied with the last kept value all stay), then
        # the few kept get the keys that order equal values (_rank)
        values = self._values
        ranked = self._ranked
        size = 0
        count = 0
        for p in plays:
            count += 1
            if stop is not None and not count % POLL_PLAYS and stop():
                self._rank(size, keep, table, cells)
                return entries[3]
            value = self.score(game, p, hand, following) - base_shape
            if size >= keep and value < values[keep - 1]:
                continue
            if size == len(values):
                values.append(0)
                ranked.append(0)
            i = size
            while i and value > values[i - 1]:
                values[i] = values[i - 1]
                ranked[i] = ranked[i - 1]
                i -= 1
            values[i] = value
            ranked[i] = p
            size += 1
            while size > keep and values[size - 1] < values[keep - 1]:
                size -= 1
        n = self._rank(size, keep, table, cells)
        best_value = entries[0]
        best = entries[3]
        if best_value >= 10000 - base_shape:
            return best
        if self.strand_top:
            try:
                n = self._look_ahead(game, min(n, self.strand_top), hand, stop, cells)
            except MemoryError:
                # a crowded table can ask for more than a tight heap holds: play on without
                # the look-ahead rather than crash the game (the entries are as ranked)
                self._release()
                gc.collect()
                n = self._rank(size, keep, table, cells)
            best_value = entries[0]
            best = entries[3]
        self.used = 0
        unseen = self.unseen_masks(game, player)
        for i in range(n):
            value = entries[4 * i]
            p = entries[4 * i + 3]
            if self.used >= self.probes or value + SHUT_BONUS <= best_value:
                break
            if stop is not None and stop():
                break
            shut = not self.answerable(game, p, unseen, stop, cells)
            if self.stopped:
                break
            if shut:
                value += SHUT_BONUS
                if value > best_value:
                    best_value, best = value, p
        if following and best_value < PASS_BELOW:
            return None
        return best

    def _stop(self):
        """choose's should_stop: asks the caller's until it says True, then keeps saying so."""
        asked = self._asked
        if not self.stopped and asked is not None and asked():
            self.stopped = True
        return self.stopped

    def _look_ahead(self, game, n, hand, stop, cells):
        """Re-score the best `n` entries (_entries, as _choose ranked them) by the cards they
        strand, best first; return how many were re-scored (the rest are dropped), or `n`
        with the entries as they were when `stop` ends the table's needs. Shape counts again
        among the cards that can still go down; passing (the current hand) is the zero.
        `cells`: the table's keys in order."""
        if not self.table_needs(game, stop, cells):
            return n
        now = self._stranded(game, None, hand)
        base = self._kept_shape - self._full
        entries = self._entries
        done = 0
        while done < n:
            if stop is not None and done and stop():
                break
            at = 4 * done
            count = self._stranded(game, entries[at + 3], hand)
            value = entries[at] - STRAND_WEIGHT * (count - now)
            entries[at] = value + self.shape_weight * (self._kept_shape - self._full - base)
            done += 1
        for i in range(1, done):
            _sift(entries, i)
        return done


def _sorted_keys(table, out):
    """Fill `out` (a list, emptied) with the table's keys in order, as sorted(table) would."""
    del out[EVERY]
    for k in table:
        out.append(k)
    out.sort()
