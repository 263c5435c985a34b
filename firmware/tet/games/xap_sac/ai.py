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

from tet.games.xap_sac.engine import (AXES, FOLLOW, NEED_K, NEED_NUMBERS, NUMBER, OPEN,
                                      PAT_CELLS, PAT_K, PLAYING, POPCOUNT, STEP_X, STEP_Y, TS,
                                      Plays, deck_cards, generate, hand_masks, line_needs,
                                      mask_add, mask_take, play_anchor, play_card, play_cells,
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


def _entries(values, plays, keep, table, cells):
    """The best `keep` of `plays` (their `values` alongside, best first) as (value, order, place,
    play), best first, compared as the computer ranks plays: the higher value; between equal
    values more cards, then by the cards from the last in cell order back (card id << 2 |
    offset from the first new cell), then the first new cell's key, then the axis (y above
    x). `order` holds the number of cards and the last three cards, `place` a fourth card, the
    key and the axis (small ints); `cells`: the table's keys in order. The cards are read as
    engine.play_card reads them."""
    out = []
    for j in range(len(plays)):
        p = plays[j]
        at = (p >> 4) & 0x7C
        first = PAT_CELLS[at]
        # a card's (id + 1) << 2 | its cell's offset from the first new cell is colour * 56 -
        # (rank - number) * 4 + 4 * rank + its offset from the anchor - the first's
        rank = (p & 15) * 4 - first
        order = PAT_K[at >> 2]
        place = 0
        i = order
        while i:
            i -= 1
            nib = (p >> (12 + 4 * i)) & 15
            nib = (nib & 3) * 56 - (nib >> 2) * 4 + rank + PAT_CELLS[at + i]
            if order < 0x1000000:
                order = order << 8 | nib
            else:
                place = nib
        nib = play_anchor(p, table, cells) + (first - 4) * (STEP_Y if p & 0x800 else STEP_X)
        out.append((values[j], order, (place << 17) | (nib << 1) | ((p >> 11) & 1), p))
    out.sort(reverse=True)
    del out[keep:]
    return out


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
    """Climbs sensibly: dumps cards, keeps strong lines and hand shape, takes the lead back."""

    def __init__(self, level=1, probes=None, strand_top=None):
        self.probes = PROBES[level] if probes is None else probes
        # how many plays get the stranded-card look; 0 is the player before it existed
        self.strand_top = STRAND_TOP[level] if strand_top is None else strand_top
        # the easy player ignores its hand's shape: it spends pairs and neighbours carelessly
        self.shape_weight = SHAPE_WEIGHT if level else 0
        self.used = 0
        self._masks = bytearray(16)
        self._unseen = bytearray(16)
        self._left = bytearray(16)
        self._held = [0, 0, 0, 0]  # numbers held at least k times, k = 1..3
        self._kept = {}  # shape kept per set of cards played (score)
        self._out = []
        # windows per need of the current table (table_needs), what a play changes (stranded)
        self._needs = {}
        self._table_needs = []  # every window's needs, by first table card and axis
        self._spans = {}  # first table card's key * 2 + axis: first need | end << 16
        self._firsts = []
        self._delta = {}
        self._walked = []
        self._starts = []
        self._cells = []  # the table's keys in order, for the plays' cells (engine.play_cells)
        self.stopped = False
        self._asked = None

    def unseen_masks(self, game, player):
        """Masks of the cards `player` cannot see: not on the table, not in their hand (copies
        counted; two players know the half of the deck set aside)."""
        masks = self._unseen
        for n in range(16):
            masks[n] = 0
        for c in deck_cards(game.deck, game.players)[0]:
            mask_add(masks, c)
        for c in game.table.values():
            if c < TS:
                mask_take(masks, c)
        for c in game.hands[player]:
            mask_take(masks, c)
        return masks


    def table_needs(self, game, should_stop=None, cells=None):
        """Work out once what the windows of the current table need (engine.line_needs): a
        count per need, and which needs come from each first table card and axis, for
        stranded(); False when should_stop() ended it (they are then incomplete). `cells`, the
        table's keys in order, saves sorting them (stranded() reads plays' cells with them)."""
        needs = self._walked
        firsts = self._firsts
        del needs[:]
        del firsts[:]
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
        self._table_needs = needs
        self._walked = []
        del firsts[:]
        self._cells = sorted(game.table) if cells is None else cells
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
        left = self._left
        for i in range(16):
            left[i] = 0
        placed = self._masks
        for i in range(16):
            placed[i] = 0
        cells = ()
        if play is not None:
            cells = play_cells(play, game.table, self._cells)
            for _, c in cells:
                mask_add(placed, c)
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
        delta = self._delta
        delta.clear()
        if cells:
            self._changed(game.table, cells, delta)
        usable = 0
        # keys, not items(): MicroPython makes a tuple per item
        counts = self._needs
        for r in counts:
            m = r & NEED_NUMBERS
            if m & held[r >> NEED_K] == m and counts[r] + delta.get(r, 0) > 0:
                usable |= m
        for r in delta:
            m = r & NEED_NUMBERS
            if delta[r] > 0 and m & held[r >> NEED_K] == m:
                usable |= m
        for n in range(1, 15):
            # a pair (or more) of n, or n in a straight of three numbers held
            if (POPCOUNT[left[n]] >= 2
                    or (left[n] and ((left[n - 1] and (left[n + 1] or left[n - 2]))
                                     or (left[n + 1] and n + 2 < 16 and left[n + 2])))):
                usable |= 1 << n
        full = shape(left)
        count = 0
        for n in range(1, 15):
            if left[n] and not (usable >> n) & 1:
                count += POPCOUNT[left[n]]
                left[n] = 0
        return count, full, shape(left)

    def _changed(self, table, cells, delta):
        """Count into `delta` (need: windows gained less windows lost) what putting `cells` on
        the table changes. A window depends on its cells, the cell past each end, and for each of
        its empty cells the line across it and the cell past that line's ends; so a window that
        changes has its first table card, before or after, within 4 cells of a new card along
        the line of its axis, or within 3 along that line of the empty cell just past the line
        across a new card. Those start cells are walked with the cards down; without them, their
        windows are the table's (table_needs): windows that did not change cancel out."""
        for k, c in cells:
            table[k] = c
        needs = self._table_needs
        spans = self._spans
        starts = self._starts
        walked = self._walked
        for axis in AXES:
            step = STEP_Y if axis else STEP_X
            cross = STEP_X if axis else STEP_Y
            del starts[:]
            for k, _ in cells:
                _add_near(table, starts, k, step, 4)
                for d in (cross, -cross):
                    e = k + d
                    while 0 <= table.get(e, -1) < TS:
                        e += d
                    if e not in table:
                        _add_near(table, starts, e, step, 3)
            del walked[:]
            line_needs(table, starts, walked, None, _AXIS[axis])
            for r in walked:
                delta[r] = delta.get(r, 0) + 1
            for k in starts:
                span = spans.get(k * 2 + axis, 0)
                for i in range(span & 0xFFFF, span >> 16):
                    r = needs[i]
                    delta[r] = delta.get(r, 0) - 1
        del walked[:]
        for k, _ in cells:
            del table[k]

    def answerable(self, game, play, unseen, should_stop=None, cells=None):
        """One probe: could any unseen cards follow `play`? (the play is put down and taken back;
        the answer means nothing when should_stop() ended the probe; `cells`: see
        engine.play_cells)"""
        self.used += 1
        placed = play_cells(play, game.table, cells)
        table = game.table
        for k, c in placed:
            table[k] = c
        out = self._out
        del out[:]
        generate(table, unseen, FOLLOW, play_line(play), out, 1, False, should_stop)
        for k, _ in placed:
            del table[k]
        return bool(out)

    def score(self, game, play, hand, following, kept=None):
        """Static value of a play, before the answerability probe. `kept` (a dict) remembers
        the shape left in hand per set of cards played, for the plays of one position."""
        size = PAT_K[(play >> 6) & 31]  # play_size(), inline: this runs for every play
        if size == len(hand):
            return 10000
        # the cards in cell order (not their cells, nor the line they join): the same cards
        # anywhere, colour << 4 | number for each (engine.play_card's fields, inline)
        key = size
        for i in range(12, 12 + 4 * size, 4):
            nib = (play >> i) & 15
            key = key << 6 | (nib & 3) << 4 | ((play & 15) - (nib >> 2))
        value = kept.get(key, -1) if kept is not None else -1
        if value < 0:
            masks = hand_masks(hand, self._masks)
            for i in range(size):
                mask_take(masks, play_card(play, i))
            value = self.shape_weight * shape(masks)
            if kept is not None:
                kept[key] = value
        value += CARD_WEIGHT * size
        if following:
            value -= RANK_WEIGHT * (play & 15)
        else:
            value -= RANK_WEIGHT * (play & 15) // 2
        if play & 16:
            value += XAP_BONUS
        return value

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
        heap that the next move's list of plays needs in one piece."""
        self._needs = {}
        self._table_needs = []
        self._spans = {}
        self._firsts = []
        self._delta = {}
        self._walked = []
        self._starts = []
        self._cells = []
        self._kept = {}

    def _choose(self, game, should_stop):
        if game.phase != PLAYING:
            return None
        stop = None
        self.stopped = False
        if should_stop is not None:
            self._asked = should_stop
            stop = self._stop
        # in pieces: a list of a busy table's plays would need one free block of 4-8 KB
        plays = game.legal_plays(out=Plays(), every_order=False, should_stop=stop)
        if self.stopped:
            if not plays:
                # nothing found yet: the first play there is, or None (a pass) without one
                plays = game.legal_plays(None, None, 1, False)
            return plays[0] if plays else None
        if not plays:
            return None
        player = game.turn
        hand = game.hands[player]
        following = game.mode == FOLLOW
        base = hand_masks(hand, self._masks)
        base_shape = shape(base) * self.shape_weight
        # only the few best by static value can be probed: keep those, not a list of every play
        keep = max(self.probes + 1, self.strand_top)
        ranked = []
        count = 0
        kept = self._kept
        kept.clear()
        table = game.table
        cells = sorted(table)
        # by value only first, best first (plays tied with the last kept value all stay), then
        # the few kept get the keys that order equal values (_entries)
        values = []
        for p in plays:
            count += 1
            if stop is not None and not count % POLL_PLAYS and stop():
                return _entries(values, ranked, keep, table, cells)[0][3]
            value = self.score(game, p, hand, following, kept) - base_shape
            if len(values) >= keep and value < values[keep - 1]:
                continue
            i = len(values)
            while i and value > values[i - 1]:
                i -= 1
            values.insert(i, value)
            ranked.insert(i, p)
            while len(values) > keep and values[-1] < values[keep - 1]:
                values.pop()
                ranked.pop()
        ranked = _entries(values, ranked, keep, table, cells)
        best_value = ranked[0][0]
        best = ranked[0][3]
        if best_value >= 10000 - base_shape:
            return best
        if self.strand_top:
            try:
                ranked = self._look_ahead(game, ranked[:self.strand_top], hand, stop, cells)
            except MemoryError:
                # a crowded table can ask for more than a tight heap holds: play on without
                # the look-ahead rather than crash the game
                self._release()
                gc.collect()
            best_value = ranked[0][0]
            best = ranked[0][3]
        self.used = 0
        unseen = self.unseen_masks(game, player)
        for entry in ranked:
            value = entry[0]
            p = entry[3]
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

    def _look_ahead(self, game, ranked, hand, stop, cells):
        """Re-score the best plays (entries of _choose) by the cards they strand, best first.
        Shape counts again among the cards that can still go down; passing (the current hand)
        is the zero. The plays as ranked when `stop` ends the table's needs. `cells`: the
        table's keys in order."""
        if not self.table_needs(game, stop, cells):
            return ranked
        now, now_full, now_kept = self.stranded(game, None, hand)
        base = now_kept - now_full
        out = []
        for entry in ranked:
            if stop is not None and out and stop():
                break
            count, full, kept = self.stranded(game, entry[3], hand)
            value = entry[0] - STRAND_WEIGHT * (count - now)
            value += self.shape_weight * (kept - full - base)
            out.append((value, entry[1], entry[2], entry[3]))
        out.sort(reverse=True)
        return out
