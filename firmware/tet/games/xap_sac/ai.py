"""Computer players for Xấp Sắc.

`choose(game)` returns a play (int) or None to pass ("đi"). The heuristic player looks at each of
its plays once: cards it gets rid of, how much of its hand's shape (same numbers, neighbours it
could still lay together) it breaks, how high a line it spends, and whether the cards nobody has
seen could answer the line at all; a line nobody can answer wins the lead. That last check is a
probe (one legal-play generation for the unseen cards); the budget is a number of probes, never
wall-clock time. On the device one probe costs about 40-70 ms, so the default budget of 8 keeps
a move within 1 s (see BENCHMARKS.md).
"""

from tet.games.xap_sac.engine import (FOLLOW, LOWEST_NUMBER, NUMBER, PLAYING, TS, generate,
                               hand_masks, play_cells, play_line, play_size)

PROBES = (0, 8, 24)  # per level: easy, normal, hard

CARD_WEIGHT = 10  # every card put down
SHAPE_WEIGHT = 4  # every pair / neighbour link kept in hand
RANK_WEIGHT = 1  # per rank point spent while following
SHUT_BONUS = 30  # nobody can answer: the lead comes back
XAP_BONUS = 4  # a Xấp line narrows the answers even when some exist
PASS_BELOW = -6  # when following, pass rather than make a play scored below this


def shape(masks):
    """How well a hand (colour masks per number) hangs together: pairs, neighbours, and numbers
    two apart (a table card between them makes a straight)."""
    score = 0
    for n in range(1, 15):
        m = masks[n]
        if not m:
            continue
        score += (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1) - 1
        if n < 14 and masks[n + 1]:
            score += 1
        if n < 13 and masks[n + 2]:
            score += 1
    return score


class RandomPlayer:
    """Uniform over the legal plays (one per card set on a cell set) and passing."""

    def __init__(self, rng):
        self.rng = rng

    def choose(self, game):
        """A random legal play, or None (pass) with the same chance as any one play."""
        plays = game.legal_plays(every_order=False)
        i = self.rng.below(len(plays) + 1)
        return plays[i] if i < len(plays) else None


class HeuristicPlayer:
    """Climbs sensibly: dumps cards, keeps strong lines and hand shape, takes the lead back."""

    def __init__(self, level=1, probes=None):
        self.probes = PROBES[level] if probes is None else probes
        # the easy player ignores its hand's shape: it spends pairs and neighbours carelessly
        self.shape_weight = SHAPE_WEIGHT if level else 0
        self.used = 0
        self._masks = bytearray(16)
        self._unseen = bytearray(16)
        self._out = []

    def unseen_masks(self, game, player):
        """Masks of the cards `player` cannot see: not on the table, not in their hand."""
        masks = self._unseen
        low = LOWEST_NUMBER[game.players]
        for n in range(16):
            masks[n] = 15 if n >= low and n <= 14 else 0
        for c in game.table.values():
            if c < TS:
                masks[NUMBER[c]] &= ~(1 << (c // 14))
        for c in game.hands[player]:
            masks[NUMBER[c]] &= ~(1 << (c // 14))
        return masks

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
        masks = self._masks
        for i in range(16):
            masks[i] = 0
        placed = [c for _, c in play_cells(play)]
        for c in hand:
            if c not in placed:
                masks[NUMBER[c]] |= 1 << (c // 14)
        line = play_line(play)
        value = CARD_WEIGHT * play_size(play) + self.shape_weight * shape(masks)
        if following:
            value -= RANK_WEIGHT * ((line >> 3) & 15)
        else:
            value -= RANK_WEIGHT * ((line >> 3) & 15) // 2
        if line & 0x80:
            value += XAP_BONUS
        return value

    def choose(self, game):
        """Best play by the heuristic, or None to pass."""
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
        keep = self.probes + 1
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
        self.used = 0
        unseen = self.unseen_masks(game, player)
        for value, p in ranked:
            if self.used >= self.probes or value + SHUT_BONUS <= best_value:
                break
            if not self.answerable(game, p, unseen):
                value += SHUT_BONUS
                if value > best_value:
                    best_value, best = value, p
        if following and best_value < PASS_BELOW:
            return None
        return best
