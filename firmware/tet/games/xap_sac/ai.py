"""Computer players for Xấp Sắc.

`choose(game, should_stop)` returns a play (int) or None to pass ("đi"). The heuristic player
scores each of its plays once: cards it gets rid of, how much of its hand's shape (same numbers,
neighbours it could still lay together) it breaks, how high a line it spends. Then, for the best
few (STRAND_TOP), it looks at the end of the round: with the play down, which of its remaining
cards could still go down anywhere (one legal-play generation as if leading); every stranded card
costs STRAND_WEIGHT, and the hand's shape counts only among cards that can still go down (a pair
that only a Tứ Sắc start could place is no asset). Last, best first, it probes whether the cards
nobody has seen could answer the line at all; a line nobody can answer wins the lead. Budgets are
counts (plays checked, probes), never wall-clock time; `should_stop()` (the app's pump on the
device) ends the look-ahead early with the best play found so far.
"""

import gc

from tet.games.xap_sac.engine import (FOLLOW, NUMBER, OPEN, PLAYING, POPCOUNT, TS,
                                      deck_cards, generate, hand_masks, mask_add, mask_take,
                                      play_card, play_cells, play_line, play_size)

PROBES = (0, 8, 24)  # per level: easy, normal, hard

CARD_WEIGHT = 10  # every card put down
SHAPE_WEIGHT = 4  # every pair / neighbour link kept in hand
RANK_WEIGHT = 1  # per rank point spent while following
SHUT_BONUS = 30  # nobody can answer: the lead comes back
XAP_BONUS = 4  # a Xấp line narrows the answers even when some exist
PASS_BELOW = -6  # when following, pass rather than make a play scored below this
STRAND_WEIGHT = 12  # every card left in hand that could not go down anywhere after the play
STRAND_TOP = (0, 14, 20)  # per level: plays (best by static value) checked for stranded cards


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
        self._usable = bytearray(TS)
        self._out = []

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

    def stranded(self, game, play, hand):
        """(cards left in hand that no line could take with `play` down, shape of every card left,
        shape of the cards that can still go down); `play` None is passing.

        One generation of the plays along table lines, plus the lines the hand could start from a
        Tứ Sắc (a Tứ Sắc has room all round in nearly every position, so its windows are not
        searched): a card in none of them is stranded."""
        table = game.table
        cells = play_cells(play) if play is not None else ()
        for k, c in cells:
            table[k] = c
        left = self._left
        for i in range(16):
            left[i] = 0
        placed = self._masks
        for i in range(16):
            placed[i] = 0
        for _, c in cells:
            mask_add(placed, c)
        for c in hand:
            if placed[NUMBER[c]] & ((1 << (c // 14)) * 17):
                mask_take(placed, c)
            else:
                mask_add(left, c)
        out = self._out
        del out[:]
        generate(table, left, OPEN, 0, out, 0, False)
        for k, _ in cells:
            del table[k]
        usable = self._usable
        for i in range(TS):
            usable[i] = 0
        for p in out:
            for i in range(play_size(p)):
                usable[play_card(p, i)] = 1
        self._out = []  # a fresh list: the big one of a crowded table goes back to the heap
        for n in range(1, 15):
            # a pair (or more) of n, or n in a straight of three numbers held
            if (POPCOUNT[left[n]] >= 2
                    or (left[n] and ((left[n - 1] and (left[n + 1] or left[n - 2]))
                                     or (left[n + 1] and n + 2 < 16 and left[n + 2])))):
                m = left[n]
                for col in range(4):
                    if m & (1 << col):
                        usable[col * 14 + n - 1] = 1
        full = shape(left)
        count = 0
        for n in range(1, 15):
            m = left[n]
            for col in range(4):
                if m & (1 << col) and not usable[col * 14 + n - 1]:
                    count += 2 if m & (16 << col) else 1
                    m &= ~(17 << col)
            left[n] = m
        return count, full, shape(left)

    def answerable(self, game, play, unseen):
        """One probe: could any unseen cards follow `play`? (the play is put down and taken back)"""
        self.used += 1
        cells = play_cells(play)
        table = game.table
        for k, c in cells:
            table[k] = c
        out = self._out
        del out[:]
        generate(table, unseen, FOLLOW, play_line(play), out, 1, False)
        for k, _ in cells:
            del table[k]
        return bool(out)

    def score(self, game, play, hand, following):
        """Static value of a play, before the answerability probe."""
        left = len(hand) - play_size(play)
        if left == 0:
            return 10000
        masks = hand_masks(hand, self._masks)
        for i in range(play_size(play)):
            mask_take(masks, play_card(play, i))
        line = play_line(play)
        value = CARD_WEIGHT * play_size(play) + self.shape_weight * shape(masks)
        if following:
            value -= RANK_WEIGHT * ((line >> 3) & 15)
        else:
            value -= RANK_WEIGHT * ((line >> 3) & 15) // 2
        if line & 0x80:
            value += XAP_BONUS
        return value

    def choose(self, game, should_stop=None):
        """Best play by the heuristic, or None to pass. `should_stop()` is asked between plays
        of the look-ahead; True ends it with the best play found so far."""
        if game.phase != PLAYING:
            return None
        plays = game.legal_plays(every_order=False)
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
        for p in plays:
            entry = (self.score(game, p, hand, following) - base_shape, p)
            if len(ranked) < keep or entry > ranked[-1]:
                i = len(ranked)
                while i and entry > ranked[i - 1]:
                    i -= 1
                ranked.insert(i, entry)
                if len(ranked) > keep:
                    ranked.pop()
        best_value, best = ranked[0]
        if best_value >= 10000 - base_shape:
            return best
        if self.strand_top:
            try:
                ranked = self._look_ahead(game, ranked[:self.strand_top], hand, should_stop)
            except MemoryError:
                # a crowded table can ask for more plays than a tight heap holds: play on
                # without the look-ahead rather than crash the game
                self._out = []
                gc.collect()
            best_value, best = ranked[0]
        self.used = 0
        unseen = self.unseen_masks(game, player)
        for value, p in ranked:
            if self.used >= self.probes or value + SHUT_BONUS <= best_value:
                break
            if should_stop is not None and should_stop():
                break
            if not self.answerable(game, p, unseen):
                value += SHUT_BONUS
                if value > best_value:
                    best_value, best = value, p
        if following and best_value < PASS_BELOW:
            return None
        return best

    def _look_ahead(self, game, ranked, hand, should_stop):
        """Re-score the best plays by the cards they strand, best first. Shape counts again among
        the cards that can still go down; passing (the current hand) is the zero."""
        now, now_full, now_kept = self.stranded(game, None, hand)
        base = now_kept - now_full
        out = []
        for value, p in ranked:
            if should_stop is not None and out and should_stop():
                break
            count, full, kept = self.stranded(game, p, hand)
            value -= STRAND_WEIGHT * (count - now)
            value += self.shape_weight * (kept - full - base)
            out.append((value, p))
        out.sort(reverse=True)
        return out
