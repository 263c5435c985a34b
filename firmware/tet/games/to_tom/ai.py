"""Tổ Tôm computer players.

The sound player values a hand by the best split of its concealed cards into complete phu, live
partial phu (cạ: two cards waiting for a third that is still unseen) and loose cards, with a bonus
for lưng (a win needs one, two with four players), searched exactly over the count vector with a
memo and a node budget. It always ù, eats or phỗngs when the hand after the take and its best
discard is worth more than the hand now, and discards the card whose loss costs least, breaking
ties towards cards the next player can no longer eat and cards mostly seen already. Every choice is
one of `ToTom.legal()`, so it never makes a forbidden move.

Policies: "bot" (the sound player), "random_discard" (takes like the bot, discards at random),
"random" (ù when it can, otherwise a uniformly random legal action), "phu" (the sound player
without the sense of waiting below: the player before it, kept to measure against).

Waiting: the bot counts, for every discard it weighs (after a take too), the live cards of the
waits it would leave (copies it has not seen of each kind that would let it ù) and values a hand
that waits on live cards above any that does not, the more live cards the better; passing keeps
the waits it has. So it does not give up a live chờ for a better-looking split.
"""

from tet.core.rng import Rng
from tet.games.to_tom.cards import IS_YEU, NKINDS
from tet.games.to_tom import hand as evaluation
from tet.games.to_tom.engine import LUNG_GROUPS, P_DEAL

try:
    from micropython import const
except ImportError:     # CPython (host tools): a constant is its value
    const = int

# const names with a leading underscore are inlined by MicroPython's compiler: no global, no
# interned name on a stock board's heap
_W_DONE = const(3)          # per card in a complete phu
_W_PART = const(2)          # per live partial phu (two cards)
W_LUNG = 6                  # per lưng phu while the win still needs one
_W_LUNG_EXTRA = const(1)    # per lưng beyond what a win needs
_W_LUNG_PART = const(2)     # a partial lưng group
_DANGER_UNSEEN = const(1)   # per unseen copy of a discard (someone may wait on or phỗng it)
_DANGER_NEXT = const(2)     # a discard the next player may still eat
# waiting (chờ), in the units of a discard's score (4 per point of the hand's value): a hand that
# waits on a card still unseen is worth this much, and each unseen copy of its waits this more
_W_CHO = const(150)
_W_LIVE = const(20)
_NO_SCORE = const(-1000000)
DEFAULT_NODES = 1500  # search calls per decision: under 1 s on the device
STOP_EVERY = 64       # nodes between two polls of should_stop (about 13 ms on the device)


def _lung_groups_by_low():
    table = [[] for _ in range(NKINDS)]
    for members in LUNG_GROUPS:
        table[members[0]].append(members)
    return tuple(tuple(t) for t in table)


def _lung_pairs_by_low():
    """(low, other, missing) for every two members of a lưng group."""
    table = [[] for _ in range(NKINDS)]
    for a, b, c in LUNG_GROUPS:
        table[a].append((b, c))
        table[a].append((c, b))
        table[b].append((c, a))
    return tuple(tuple(t) for t in table)


GROUPS_BY_LOW = _lung_groups_by_low()
LUNG_PAIRS_BY_LOW = _lung_pairs_by_low()
del _lung_groups_by_low, _lung_pairs_by_low     # needed once (their bytecode freed)


TABLE_SIZE = evaluation.AI_SLOTS    # memo slots; a slot keeps one value and an 8-bit check


def _zobrist():
    """Pseudo-random 20-bit weight per kind: a hand's key is the weighted sum of its counts."""
    out = []
    x = 0x2545F491
    for _ in range(NKINDS):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        out.append(x & 0xFFFFF)
    return tuple(out)


ZOBRIST = _zobrist()
del _zobrist


class Evaluator:
    """Best split value of concealed hands for one decision.

    The memo is a fixed table indexed by an incrementally kept hash of the count vector, so the
    search allocates nothing per node; a clash of two hands in one slot can only make a value
    approximate, never illegal play.
    """

    def __init__(self):
        # kept by the hand module, which outlives this one (see hand.ai_tables)
        self.values, self.checks = evaluation.ai_tables()
        self.max_nodes = DEFAULT_NODES
        self.nodes = 0
        self.unseen = bytearray(NKINDS)
        self.lung = W_LUNG
        self.key = 0
        self.should_stop = None     # polled every STOP_EVERY nodes; True ends the deepening
        self.stopped = False        # should_stop said so: every later budget of the decision is 0
        self.polls = 0              # nodes since should_stop was last polled (over the decision)

    def reset(self, unseen, lung_weight, max_nodes):
        """Start evaluating for a new set of unseen cards and lưng weight with a node budget
        (clears the memo and the node count)."""
        self.unseen = unseen
        self.lung = lung_weight
        self.max_nodes = 0 if self.stopped else max_nodes
        self.nodes = 0
        evaluation.zero(self.values, evaluation.AI_ZERO)

    def value(self, hand):
        """Value of a concealed count vector (modified during the search, restored after)."""
        key = 0
        for k in range(NKINDS):
            key += hand[k] * ZOBRIST[k]
        self.key = key
        return self._best(hand, 0)

    def _best(self, hand, k):
        self.nodes += 1
        self.polls += 1
        if self.polls >= STOP_EVERY:
            self.polls = 0
            if self.should_stop is not None and not self.stopped and self.should_stop():
                # asked to stop (the player pressed BACK): finish on the cheap evaluations
                self.max_nodes = self.nodes
                self.stopped = True
        while k < NKINDS and not hand[k]:
            k += 1
        if k == NKINDS:
            return 0
        key = self.key
        slot = key % TABLE_SIZE
        check = (key // TABLE_SIZE) & 0xFF
        got = self.values[slot]
        if got and self.checks[slot] == check:
            return got - 1
        best = self._complete(hand, k)
        if self.nodes < self.max_nodes:
            v = self._partial(hand, k)
            if v > best:
                best = v
            if not IS_YEU[k]:
                hand[k] -= 1
                self.key = key - ZOBRIST[k]
                v = self._best(hand, k)
                self.key = key
                hand[k] += 1
                if v > best:
                    best = v
        if best < 0:
            best = 0
        self.values[slot] = best + 1
        self.checks[slot] = check
        return best

    # The moves of the search take their cards through these helpers, one per shape of move,
    # with the kinds as arguments (a tuple, range or list of them would be an object per node)
    # and few locals: a call frame of at most 11 words (arguments, locals and the value stack)
    # goes on the C stack, a bigger one on the heap.
    def _take1(self, hand, a, k):
        """Value from kind k on with one card of kind a taken."""
        key = self.key
        hand[a] -= 1
        self.key = key - ZOBRIST[a]
        v = self._best(hand, k)
        hand[a] += 1
        self.key = key
        return v

    def _take2(self, hand, a, b, k):
        """Value from kind k on with one card of kind a and one of kind b (maybe a) taken."""
        key = self.key
        hand[a] -= 1
        hand[b] -= 1
        self.key = key - ZOBRIST[a] - ZOBRIST[b]
        v = self._best(hand, k)
        hand[a] += 1
        hand[b] += 1
        self.key = key
        return v

    def _take_run(self, hand, k, end):
        """Value from kind k on with one card of each kind from k to end - 1 taken."""
        key = self.key
        m = k
        while m < end:
            hand[m] -= 1
            self.key -= ZOBRIST[m]
            m += 1
        v = self._best(hand, k)
        while m > k:
            m -= 1
            hand[m] += 1
        self.key = key
        return v

    def _complete(self, hand, k):
        """Best value with kind k in a complete phu (-1 if none); once the node budget is spent
        the first phu found is kept, so an exhausted search stays linear."""
        best = -1
        if IS_YEU[k]:
            best = self._take1(hand, k, k) + _W_DONE
            if self.nodes >= self.max_nodes:
                return best
        if k < 27:
            n = k % 9
            length = 1
            while n + length < 9 and length < 5 and hand[k + length]:
                length += 1
                if length >= 3:
                    bonus = self.lung if k == 9 else 0
                    v = self._take_run(hand, k, k + length) + _W_DONE * length + bonus
                    if v > best:
                        best = v
                    if self.nodes >= self.max_nodes:
                        return best
            if k < 9 and hand[k + 9] and hand[k + 18]:
                best = self._take_all(hand, k, k + 9, k + 18, 0, best)
                if self.nodes >= self.max_nodes:
                    return best
        for members in GROUPS_BY_LOW[k]:
            a = members[0]
            b = members[1]
            c = members[2]
            if hand[a] and hand[b] and hand[c]:
                best = self._take_all(hand, a, b, c, self.lung, best)
                if self.nodes >= self.max_nodes:
                    return best
        return best

    def _take_all(self, hand, a, b, c, lung, best):
        """A bí or lưng group a, b, c (a the lowest kind holding cards): one of each member,
        then (if there are copies) every copy."""
        ca = hand[a]
        cb = hand[b]
        cc = hand[c]
        key = self.key
        hand[a] = ca - 1
        hand[b] = cb - 1
        hand[c] = cc - 1
        self.key = key - ZOBRIST[a] - ZOBRIST[b] - ZOBRIST[c]
        v = self._best(hand, a) + 3 * _W_DONE + lung
        if v > best:
            best = v
        every = ca + cb + cc
        if every > 3 and self.nodes < self.max_nodes:
            hand[a] = 0
            hand[b] = 0
            hand[c] = 0
            self.key = key - ca * ZOBRIST[a] - cb * ZOBRIST[b] - cc * ZOBRIST[c]
            v = self._best(hand, a) + _W_DONE * every + lung * min(ca, cb, cc)
            if v > best:
                best = v
        hand[a] = ca
        hand[b] = cb
        hand[c] = cc
        self.key = key
        return best

    def _partial(self, hand, k):
        best = -1
        live = self.unseen
        if hand[k] >= 2 and live[k]:
            best = self._take2(hand, k, k, k) + _W_PART
        if k < 27:
            n = k % 9
            if n < 8 and hand[k + 1] and ((n > 0 and live[k - 1])
                                          or (n < 7 and live[k + 2])):
                v = self._take2(hand, k, k + 1, k) + _W_PART
                if v > best:
                    best = v
            if n < 7 and hand[k + 2] and live[k + 1]:
                v = self._take2(hand, k, k + 2, k) + _W_PART
                if v > best:
                    best = v
            s = k // 9
            for t in range(s + 1, 3):
                mate = 9 * t + n
                third = 9 * (3 - s - t) + n
                if hand[mate] and live[third]:
                    v = self._take2(hand, k, mate, k) + _W_PART
                    if v > best:
                        best = v
        for mate, missing in LUNG_PAIRS_BY_LOW[k]:
            if hand[mate] and live[missing]:
                v = self._take2(hand, k, mate, k) + _W_PART + _W_LUNG_PART
                if v > best:
                    best = v
        return best


# every copy of every kind: where unseen_for starts
_ALL_UNSEEN = bytes([4]) * NKINDS


def unseen_for(game, p):
    """Copies of each kind player p has not seen (not in p's hand, laid, piled or at a door)."""
    unseen = bytearray(_ALL_UNSEEN)
    for k in range(NKINDS):
        unseen[k] -= game.hands[p][k]
    for k in game.khan[p]:
        unseen[k] -= 3
    for q in range(game.n):
        for phu in game.laid[q]:
            for k in phu:
                unseen[k] -= 1
    for k in game.pile:
        unseen[k] -= 1
    if game.card >= 0:
        unseen[game.card] -= 1
    return unseen


def _v1_view(laid, khan):
    """The phu the players plan beside (v1's view, to-tom.md): laid entries frozen, those that
    are no phu left out, and the khàn; the table judges by §1 (laid_waits), several times
    slower for the many discards weighed."""
    return [list(e) for e in laid if evaluation.classify(e)] + [[k, k, k] for k in khan]


def _exposed_value(phus, need):
    """Value of laid phu and khàn, and how many lưng they hold."""
    value = 0
    lung = 0
    for phu in phus:
        value += _W_DONE * len(phu)
        kind = evaluation.classify(phu)
        if kind is not None:
            lung += kind[1]
    extra = lung - need
    if extra > 0:
        value += W_LUNG * need + _W_LUNG_EXTRA * extra
    else:
        value += W_LUNG * lung
    return value, lung


# one evaluator (and memo table) for all computer players: they never think at once; made with
# the module, on the heap the setup menu finds, as its tables are kilobyte blocks
_SHARED = Evaluator()


def shared_evaluator():
    """The computer players' one evaluator."""
    return _SHARED


class Player:
    """A computer player with a policy ("bot", "random_discard" or "random")."""

    def __init__(self, policy="bot", rng=None, max_nodes=DEFAULT_NODES):
        self.policy = policy
        self.waiting = policy != "phu"
        self.rng = rng if rng is not None else Rng(1)
        self.max_nodes = max_nodes
        self.ev = shared_evaluator()
        self.nodes = 0          # search nodes of the last decision

    def choose(self, game, p, should_stop=None):
        """One of game.legal(p). `should_stop()` (optional, e.g. the app's pump) is called now
        and then during the search; once it returns True the search ends early and the best
        move found on what was searched is returned."""
        legal = game.legal(p)
        self.nodes = 0
        self.ev.nodes = 0
        self.ev.should_stop = should_stop
        self.ev.stopped = False
        self.ev.polls = 0
        if len(legal) == 1:
            return legal[0]
        for action in legal:
            if action[0] == "u":
                return action
        if self.policy == "random":
            return self.rng.choice(legal)
        if game.phase == P_DEAL:
            return legal[0]         # the deal's default: khàn, thiên khai
        if legal[0][0] == "discard":
            if self.policy == "random_discard":
                return self.rng.choice(legal)
            return self._best_discard(game, p, legal)
        return self._best_take(game, p, legal)

    def _evaluator(self, unseen, phus, players, budget):
        """The evaluator reset for a hand with these fixed phu, and the value of those phu."""
        need = evaluation.lung_needed(players)
        base, lung = _exposed_value(phus, need)
        self.nodes += self.ev.nodes
        self.ev.reset(unseen, W_LUNG if lung < need else _W_LUNG_EXTRA, budget)
        return base

    def _waiting_value(self, game, p, hand, view, unseen, pending=None):
        """What the waits of `hand` (beside `view`, _v1_view's phu) are worth: _W_CHO plus
        _W_LIVE per unseen copy of its waits, 0 when none of them is live (or p may no longer
        ù). After a take on offer (`pending`) that the end game asks to leave p chờ, the waits
        are the table's (to-tom-v2 §1), found by its check of the discard."""
        if not self.waiting or game.bo_u[p]:
            return 0
        waits = game.end_waits(p, hand, pending) if pending else None
        live = 0
        for k in game.wait_kinds(hand, view) if waits is None else waits:
            live += unseen[k]
        return _W_CHO + _W_LIVE * live if live else 0

    def _best_discard_of(self, game, p, hand, kinds, unseen, view, pending=None):
        """(score, kind) of the best discard among `kinds` (never empty) from `hand` (`view`:
        _v1_view of the player's laid entries and khàn; `pending`: the take on offer before
        it, as _waiting_value)."""
        safe = game.door_passed[(p + 1) % game.n]
        best_score, best_kind = _NO_SCORE, kinds[0]
        for k in kinds:
            hand[k] -= 1
            v = self.ev.value(hand) * 4 - _DANGER_UNSEEN * unseen[k]
            v += self._waiting_value(game, p, hand, view, unseen, pending)
            if not safe[k]:
                v -= _DANGER_NEXT
            hand[k] += 1
            if v > best_score:
                best_score, best_kind = v, k
        return best_score, best_kind

    def _best_discard(self, game, p, legal):
        unseen = unseen_for(game, p)
        self._evaluator(unseen, game.exposed(p), game.n, self.max_nodes)
        kinds = [a[1] for a in legal if a[0] == "discard"]
        best = self._best_discard_of(game, p, bytearray(game.hands[p]), kinds, unseen,
                                     _v1_view(game.laid[p], game.khan[p]))
        self.nodes += self.ev.nodes
        return ("discard", best[1])

    def _best_take(self, game, p, legal):
        card = game.card
        phus = game.exposed(p)
        unseen = unseen_for(game, p)
        budget = self.max_nodes // len(legal)
        hand = bytearray(game.hands[p])
        best_score, best_action = _NO_SCORE, legal[0]
        weighed = []    # what each take weighed so far lays (treo tranh offers some twice)
        for action in legal:
            name = action[0]
            if name in ("pass", "draw"):
                base = self._evaluator(unseen, phus, game.n, budget)
                score = (self.ev.value(hand) + base) * 4
                score += self._waiting_value(game, p, hand, _v1_view(game.laid[p], game.khan[p]),
                                             unseen)
            else:
                pending = game.take_effect(p, card, name, action[1])
                used, laid, khan = pending[:3]
                same = (sorted(used), sorted(laid), name == "khan")
                if same in weighed:
                    continue        # the same cards laid as a take weighed already
                weighed.append(same)
                for k in used:
                    hand[k] -= 1
                after = [list(e) for e in laid] + [[k, k, k] for k in khan]
                base = self._evaluator(unseen, after, game.n, budget)
                kinds = game.allowed_discards(p, hand, card, pending[3], pending)
                score = self._best_discard_of(game, p, hand, kinds, unseen,
                                              _v1_view(laid, khan), pending)[0] + base * 4
                for k in used:
                    hand[k] += 1
            if score > best_score:
                best_score, best_action = score, action
        self.nodes += self.ev.nodes
        return best_action
