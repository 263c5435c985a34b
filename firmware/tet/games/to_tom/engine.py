"""Tổ Tôm table: the deal, doors and stock, eating, phỗng, khàn, ù đè, the draw at five, the hội.

Players sit counter-clockwise in index order: a discard by player p reaches the door of p + 1.
A card that appears (a discard, or a card turned up from the stock) is offered in this order:
ù by anyone (ù đè: the door's player first, then counter-clockwise), dậy khàn (mandatory), phỗng
by the holder of a pair, then eating by the player at whose door it lies. A drawn card nobody takes
passes to the next door, where only that door's player may eat it.

Forbidden moves are never offered by `legal()` (the rules as implemented, docs/to-tom-game.md):
a yêu is never discarded; only concealed cards (not laid phu, not a face-down khàn) are discarded;
right after taking card C, not a card X that would form a phu with C and a card still in hand
(phỗng một đánh hai); for the rest of the game (to-tom-v2 §5), not a card X that forms a 3-card
phu with two cards of one of the player's takes (ăn một đánh hai, đánh phu dưới chiếu, tham), with
a card of a take and a card the player discarded since it (tham Lèo), or with two cards the player
discarded; a player who declines a take of a kind may never eat or phỗng that kind later in the
game (ù stays allowed) nor discard both cards of a declined take, nor one of them once a take
laid the other without it, nor eat the other card that completes two of them into a phu with
them (§6), and one who declines an ù is offered none for the rest of the
game (bỏ ù); a yêu at one's own door must be eaten unless someone phỗngs it or dậy khàn. In the
end game (to-tom-v2 §7) an eat or phỗng with seven cards left in the stock must leave the taker
chờ, with fewer thành. A take is offered only when a legal discard follows it. The ù, and the
end game's chờ and thành, read a player's laid phu as live (to-tom-v2 §1, tet.games.to_tom.laid):
they regroup with the hand, a phỗng or thiên khai lends a card, a khàn's fourth serves either way.
A take may also go onto them (to-tom-v2 §2, tet.games.to_tom.takes: eating onto a laid entry, the
kèm eat, ăn phu dậy khàn, a phỗng with a laid copy), and every take lays every concealed copy of
its card (treo tranh).
"""

import gc
import sys

from tet.games.to_tom.cards import IS_YEU, NKINDS
from tet.games.to_tom import hand as evaluation
from tet.games.to_tom.hand import LUNG_GROUPS   # members in kind order
from tet.games.to_tom.state import is_khan, take_parts
from tet.games.to_tom.state import BT_SETTLED, BT_XEN, NEED_CHO, NEED_NONE, P_DEAL, \
    P_DISCARD, P_EAT, P_KHAN, P_OVER, P_PHONG, P_U, SRC_DISCARD, SRC_DRAW, SRC_PASSED, ST_EAT, \
    ST_KHAN, ST_PHONG, ST_U, ST_VONG, STOCK_LEFT, GameState, ScoreSheet, shuffled


def _pair_table():
    """For each kind c, the pairs of other kinds a < b with which it makes a three-card phu (a
    run, bí or lưng group), flat as a b a b ..., all kinds' pairs in one bytes, and where each
    kind's pairs start (one object each: the checks walk them by index and slice nothing)."""
    pairs = bytearray()
    starts = bytearray()
    for c in range(NKINDS):
        starts.append(len(pairs))
        found = []
        if c < 27:
            s, n = c // 9, c % 9
            for d in (-2, -1, 1):       # runs: c with the two kinds from n + d on, or around it
                a, b = n + d, n + d + 1
                if d == -1:
                    b = n + 1
                if 0 <= a and b < 9:
                    found.append((9 * s + a, 9 * s + b))
            others = [9 * t + n for t in range(3) if t != s]
            found.append((others[0], others[1]))
        for members in LUNG_GROUPS:
            if c in members:
                found.append(tuple(m for m in members if m != c))
        for a, b in found:
            pairs.append(a)
            pairs.append(b)
    starts.append(len(pairs))
    return bytes(pairs), bytes(starts)


PAIRS, PAIRS_AT = _pair_table()
del _pair_table     # needed once: its bytecode goes back to the device's heap


# Modules of the rules that play needs now and then, each imported when first asked for
# (_module) and forgotten when no longer needed (_forget): a game's heap is least at its end,
# and from .mpy files their bytecode would otherwise hold it through every game. Named by
# their name in the package (a constant naming each would be one more qstr, for good):
# - "win", "scoring", "laid_score": the win's scoring, for it only (_scored);
# - "laid": to-tom-v2 §1's ù with laid entries, from a player's first one (a take, a thiên
#   khai) to the win: until then a hand with face-down khàn alone is read exactly by hand.py's
#   search, and the first moves of a game do without the module;
# - "takes": the forms of a take, from a game's first card to its win;
# - "end_game": §7's verdicts, from when the end game first asks to the win;
# - "vong": §3's ù vọng, for its one window in a game with a thiên khai;
# - "deal_choice": §3's choices at the deal, for the deal only;
# - "bat_thuc": §4's bất thực in play, in a game where somebody declared one, to the win.
_PACKAGE = "tet.games.to_tom"


def _module(name):
    """Module tet.games.to_tom.`name`, imported when first asked for."""
    module = getattr(sys.modules.get(_PACKAGE), name, None)
    if module is None:
        __import__(_PACKAGE + "." + name)
        module = getattr(sys.modules[_PACKAGE], name)
    return module


def _vong_claims(game):
    """vong.claims (to-tom-v2 §3's ù vọng), its module loaded for the one window of a game that
    has a thiên khai and forgotten when the window closes."""
    if _module("vong").claims(game):
        return True
    _forget("vong")
    return False


def _fits(hand, c):
    """True when a card of kind c in `hand` is in some phu of the hand's cards: a lone yêu,
    three of a kind, or a 3-card run, bí or lưng group (a longer phu holds one of these)."""
    if IS_YEU[c] or hand[c] >= 3:
        return True
    for i in range(PAIRS_AT[c], PAIRS_AT[c + 1], 2):
        if hand[PAIRS[i]] and hand[PAIRS[i + 1]]:
            return True
    return False


def _fixes(hand, c):
    """Which kinds (1 each, by kind) added to `hand` let its card c, which fits no phu, fit one:
    a third copy, or the missing card of a pair whose other card is there."""
    out = bytearray(NKINDS)
    out[c] = hand[c] == 2
    for i in range(PAIRS_AT[c], PAIRS_AT[c + 1], 2):
        a = PAIRS[i]
        b = PAIRS[i + 1]
        if hand[a]:
            out[b] = 1
        elif hand[b]:
            out[a] = 1
    return out


def _may_wait(cards, held):
    """Which kinds may be a wait of a hand (1 each, by kind), None when none: every card of
    `cards` that fits no phu of the cards `held` (a superset of them) must fit one with the
    wait's card; when all fit, a yêu or a kind with a mate among `held` may be."""
    kinds = None
    for c in range(NKINDS):
        if cards[c] and not _fits(held, c):
            fix = _fixes(held, c)
            if kinds is None:
                kinds = fix
            else:
                for k in range(NKINDS):
                    kinds[k] &= fix[k]
            if not any(kinds):
                return None
    if kinds is None:
        kinds = bytearray(NKINDS)
        for k in range(NKINDS):
            kinds[k] = IS_YEU[k] or _has_mate(held, k)
    return kinds


def _has_mate(hand, k):
    if hand[k]:
        return True
    for i in range(PAIRS_AT[k], PAIRS_AT[k + 1]):
        if hand[PAIRS[i]]:
            return True
    return False


def _add_pair(pairs, a, b):
    """Add the pair {a, b} to the flat a b a b ... list `pairs` unless it is there."""
    if a > b:
        a, b = b, a
    for i in range(0, len(pairs), 2):
        if pairs[i] == a and pairs[i + 1] == b:
            return
    pairs.append(a)
    pairs.append(b)


def is_phu3(a, b, c):
    """True when three kinds form a three-card phu (run, bí, lưng group or three identical)."""
    # the kinds in order without a list or tuple: legal() asks this for many discards
    x = min(a, b, c)
    z = max(a, b, c)
    y = a + b + c - x - z
    if x == z:
        return True
    if z < 27 and x // 9 == z // 9 and y == x + 1 and z == x + 2:
        return True
    if z < 27 and x % 9 == y % 9 == z % 9 and x // 9 != y // 9 != z // 9 != x // 9:
        return True
    for members in LUNG_GROUPS:
        if members[0] == x and members[1] == y and members[2] == z:
            return True
    return False


class ToTom(GameState):
    """One game (ván) of Tổ Tôm at a table of 4 or 5 players, by the rules."""

    def __init__(self, players=5, dealer=0, streak_player=-1, streak=0, record=True,
                 thap_hong_or_more=False):
        GameState.__init__(self, players, dealer, streak_player, streak, record,
                           thap_hong_or_more)
        self._waits = [None] * players
        # until the next action: the door's offer `_advance` found ((eats, phỗng)) and the
        # discards due; the end game (§7) makes each a few wait searches, and the screens, the
        # computer player and apply() ask again for the same answer
        self._offer = None
        self._discards = None
        # the end game's verdicts for the card at the doors (tet.games.to_tom.end_game)
        self.end_memo = None

    # ---- the deal ----

    def deal(self, rng):
        """Shuffle with `rng` (a tet.core.rng.Rng) and deal: five parts of 20 and the stock (four
        of 24 with four players); the dealer takes the stock's top card."""
        self.deal_cards(*shuffled(rng, self.n, self.dealer))

    def deal_cards(self, hands, stock):
        """Start from given hands (lists of kinds, the dealer's with the extra card last) and
        stock (top card last): then the deal's choices (P_DEAL, to-tom-v2 §3), and the dealer's
        first move."""
        for p in range(self.n):
            for k in hands[p]:
                self.hands[p][k] += 1
        self.stock = bytearray(stock)
        self.left = len(stock)
        self.extra = hands[self.dealer][-1]
        self._log(self.dealer, "deal", self.extra, None)
        self._deal_turn()

    def _deal_turn(self):
        # the next choice at the deal (to-tom-v2 §3, tet.games.to_tom.deal_choice), or the
        # dealer's first move when none is left: the module goes then
        if not _module("deal_choice").turn(self):
            _forget("deal_choice")

    # ---- queries ----

    def exposed(self, p):
        """Player p's fixed phu for hand evaluation: laid phu and face-down khàn."""
        out = [list(phu) for phu in self.laid[p]]
        for k in self.khan[p]:
            out.append([k, k, k])
        return out

    def waits(self, p):
        """Kinds that would let player p ù (cached until the hand changes).

        One exact search per candidate kind (a yêu, or a kind with a mate in hand), each with
        its own small memo, keeps the heap low.
        """
        w = self._waits[p]
        if w is None:
            w = self._waits[p] = tuple(self.hand_waits(self.hands[p], self.laid[p],
                                                       self.khan[p], self.bat_thuc(p)))
        return w

    def hand_waits(self, hand, laid, khan, bat=()):
        """The kinds that would let concealed `hand` ù beside laid entries `laid` and khàn
        `khan` with unsettled bất thực kinds `bat` (laid_waits, or wait_kinds while nothing is
        laid and nothing bất thực)."""
        if laid or bat:
            return self.laid_waits(hand, laid, khan, bat)
        return self.wait_kinds(hand, [[k, k, k] for k in khan])

    def laid_waits(self, hand, laid, khan, bat=()):
        """The kinds that would let concealed `hand` ù beside laid entries `laid` and face-down
        khàn `khan` as to-tom-v2 §1 judges it (laid.waits: the laid cards that are no fixed
        entry regroup with the concealed ones, a fixed entry lends one card, a khàn's fourth
        completes it or serves elsewhere; each unsettled bất thực kind of `bat` has a free copy
        in a run, bí or lưng group, §4).

        Searched only for the kinds that could, as wait_kinds: a free card that fits no phu,
        even beside all the player's other cards (the fixed entries' and khàn's too: the kèm
        it might get, the entry or khàn it might complete), must fit one with the wait's card;
        a khàn's kind is always tried (its fourth card completes it)."""
        L = _module("laid")
        seen = L.own_cards(hand, laid, khan)
        kinds = _may_wait(L.free_cards(hand, laid), seen)
        if kinds is None:
            return []
        tries = [k for k in range(NKINDS) if (kinds[k] or k in khan) and seen[k] < 4]
        return L.waits(hand, laid, khan, self.n, bat, kinds=tries)

    def wait_kinds(self, hand, exposed):
        """The kinds that would let concealed `hand` beside `exposed` ù.

        A card that fits no phu of the hand's cards must fit one with the wait's card: the
        kinds that do that for every such card are the only ones searched (none when two such
        cards want different ones), so a hand far from waiting costs no search at all.
        """
        kinds = _may_wait(hand, hand)
        if kinds is None:
            return []
        seen = bytearray(hand)
        for phu in exposed:
            for k in phu:
                seen[k] += 1
        tries = [k for k in range(NKINDS) if kinds[k] and seen[k] < 4]
        return evaluation.winning_kinds(hand, tries, exposed, self.n)

    def can_u_with(self, p, card):
        """True when player p's cards and `card` can ù (a khàn's fourth card included), their
        laid entries as to-tom-v2 §1 has them live."""
        if not self.laid[p] and not self.bat_thuc(p) and card in self.khan[p] and \
                self._completes_khan(p, self.hands[p], card):
            return True
        return card in self.waits(p)

    def _completes_khan(self, p, hand, card):
        # the fourth card of p's khàn completes it and concealed `hand` ù beside it (its other
        # reading, the card serving in another phu, is a wait; laid_waits tries both)
        exposed = []
        for k in self.khan[p]:
            exposed.append([k, k, k, k] if k == card else [k, k, k])
        return evaluation.can_u(hand, exposed, self.n)

    def discards(self, p):
        """Kinds player p may discard now (empty unless it is p's discard)."""
        if self.phase != P_DISCARD or self.actor != p:
            return []
        if self._discards is None:
            self._discards = self.allowed_discards(p, self.hands[p], self.take_card,
                                                   self.take_phu)
        return self._discards

    def allowed_discards(self, p, hand, card, cards, pending=None):
        """Kinds player p may discard from `hand` after taking `card` with the take's `cards`
        (card -1: no take before this discard); `pending`: the take is not laid yet, and this
        is take_effect()'s answer for it."""
        out = []
        for x in range(NKINDS):
            if hand[x] and not IS_YEU[x] and self._discard_ok(p, hand, card, cards, x, pending):
                out.append(x)
        return out

    def _discard_ok(self, p, hand, card, cards, x, pending=None):
        if not self._rules_ok(p, hand, card, cards, x, pending and pending[0]):
            return False
        return card < 0 or self._end_ok(p, hand, x, pending)

    def end_refuses(self, p, x):
        """True when player p's discard of kind x, due now, is refused by the end game alone
        (to-tom-v2 §7: the take before it must leave p chờ or thành)."""
        return (self.phase == P_DISCARD and self.actor == p and self.take_card >= 0
                and self._rules_ok(p, self.hands[p], self.take_card, self.take_phu, x)
                and not self._end_ok(p, self.hands[p], x))

    def _end_ok(self, p, hand, x, pending=None):
        # pending: the take is on offer, not laid yet (the phase cannot tell: when nobody was
        # asked since p's discard, it still names p as a drawn card reaches p's door)
        need = self.end_need(pending[4] if pending else self.take_khan)
        if need == NEED_NONE:
            return True
        laid, khan = (pending[1], pending[2]) if pending else (self.laid[p], self.khan[p])
        hand[x] -= 1
        # the take on offer settles a bất thực of its card
        bat = self.bat_thuc(p, self.card if pending else -1)
        ok = _module("end_game").verdict(self, hand, need, laid, khan, bat)
        hand[x] += 1
        return bool(ok)

    def end_waits(self, p, hand, pending):
        """The waits (to-tom-v2 §1) of concealed `hand`, what player p keeps after a take on
        offer (`pending`: take_effect's answer) and a discard, when the end game asks that
        discard to leave p chờ; else None. The table's check of that discard found them."""
        if self.end_need(pending[4]) != NEED_CHO:
            return None
        # the take on offer settles a bất thực of its card
        return _module("end_game").verdict(self, hand, NEED_CHO, pending[1], pending[2],
                                           self.bat_thuc(p, self.card))

    def _rules_ok(self, p, hand, card, cards, x, used=None):
        if self.forbid[p][x]:
            return False
        if x in self.bat_thuc(p) and not _module("bat_thuc").xen_ok(self, p, hand, x):
            return False
        if card < 0:
            return True
        # x the other card of a declined pair a take on offer splits (`used`: its concealed
        # cards; a laid take's are in `forbid` already), or x making a phu with two of the
        # take's cards
        if used is not None and self._splits_pair(p, used, x):
            return False
        n = len(cards)
        for i in range(n - 1):
            for j in range(i + 1, n):
                if is_phu3(x, cards[i], cards[j]):
                    return False
        for i in range(PAIRS_AT[card], PAIRS_AT[card + 1], 2):
            a = PAIRS[i]
            b = PAIRS[i + 1]
            if (a == x and hand[b]) or (b == x and hand[a]):
                return False
        return True

    def take_effect(self, p, card, name, arg):
        """What player p's take of `card` (action `name`, `arg` as legal() gives it) does:
        takes.effect's (used, laid, khan, cards, lends) with, before `lends`, True for a dậy
        khàn (the end game does not limit it)."""
        got = _module("takes").effect(self.hands[p], self.laid[p], self.khan[p], card, name, arg)
        return got[:4] + (name == "khan", got[4])

    def _can_take(self, p, card, name, arg):
        """True when a legal discard follows player p's take."""
        pending = self.take_effect(p, card, name, arg)
        hand = self.hands[p]
        for k in pending[0]:
            hand[k] -= 1
        ok = False
        for x in range(NKINDS):
            if hand[x] and not IS_YEU[x] and \
                    self._discard_ok(p, hand, card, pending[3], x, pending):
                ok = True
                break
        for k in pending[0]:
            hand[k] += 1
        return ok

    def declined_here(self, p):
        """True when the card at a door is of a kind player p declined before and p could take
        it otherwise (phỗng it, or eat it at their door): the ban of a declined take (§6)."""
        card = self.card
        if card < 0 or not self.banned[p][card] or self.phase == P_OVER:
            return False
        hand = self.hands[p]
        if _module("takes").phong_sources(hand, self.laid[p], card):
            return True
        return self.door == p and bool(
            _module("takes").eat_forms(hand, self.laid[p], self.khan[p], self.lent[p], card))

    def eat_options(self, p, card):
        """The eats of `card` player p may make at their door (to-tom-v2 §2's forms, as
        legal()'s arguments: takes.py), a legal discard following each."""
        yeu_here = IS_YEU[card] and self.door == p
        if self.banned[p][card] and not yeu_here:
            return []
        takes = _module("takes")
        return [arg for arg in
                takes.eat_forms(self.hands[p], self.laid[p], self.khan[p], self.lent[p], card)
                if not takes.completes_declined(self.pairs[p], self.laid[p], card, arg) and
                self._can_take(p, card, "eat", arg)]

    def phong_options(self, p, card):
        """The phỗng of `card` player p may make (None: two concealed copies; else the laid
        entry giving its copy), a legal discard following each."""
        if self.banned[p][card] and not (IS_YEU[card] and self.door == p):
            return []
        return [src for src in _module("takes").phong_sources(self.hands[p], self.laid[p], card)
                if self._can_take(p, card, "phong", src)]

    def _can_khan(self, p, card):
        return self._can_take(p, card, "khan", None)

    def legal(self, p):
        """Every action player p may take now: tuples (name, arg).

        Names: "discard" (arg kind), "eat" (arg the phu, a tuple of kinds, or a take: see
        takes.py), "phong" (arg None, the laid entry giving a copy, or a tái kiến's run in a
        tuple), "khan", "u", "pass" (decline ù or phỗng, or let a drawn card go on), "draw"
        (xin); at the deal "khan_down", "thien_khai", "bat_thuc", "trinh_phu" (deal_choice.py).
        """
        if self.phase == P_OVER or p != self.actor:
            return []
        ph = self.phase
        card = self.card
        if ph == P_DEAL:
            return _module("deal_choice").choices(self, p)
        if ph == P_DISCARD:
            out = [("discard", k) for k in self.discards(p)]
            bat = self.bat_thuc(p)
            if self.first_move and (
                    _module("laid").can_u(self.hands[p], self.laid[p], self.khan[p], self.n, bat)
                    if self.laid[p] or bat else
                    evaluation.can_u(self.hands[p], self.exposed(p), self.n)):
                out.insert(0, ("u", None))
            return out
        if ph == P_U:
            return [("u", None), ("pass", None)]
        if ph == P_KHAN:
            # compulsory, unless at the holder's own door: then ăn phu dậy khàn (E4) may be
            return [("khan", None)] + ([("eat", a) for a in self._door_offer(p, card)[0]]
                                       if p == self.door else [])
        offer = self._door_offer(p, card)
        phongs = [("phong", src) for src in offer[1]]
        if phongs and _module("takes").must_phong(self, p, card, offer[1]):
            return phongs
        if ph == P_PHONG:
            return phongs + [("pass", None)]
        out = [("eat", arg) for arg in offer[0]] + phongs
        if not (IS_YEU[card] and out):
            out.append(("pass", None) if self.src == SRC_DRAW else ("draw", None))
        return out

    # ---- playing ----

    def apply(self, p, action):
        """Play `action` (one of `legal(p)`) for player p; raises ValueError if it is not legal."""
        legal = self.legal(p)
        if action not in legal:
            raise ValueError("illegal Tổ Tôm action %r for player %d" % (action, p))
        name, arg = action
        ph = self.phase
        if ph == P_DEAL:
            _module("deal_choice").choose(self, p, action)
            self._deal_turn()
        elif name == "discard":
            if ("u", None) in legal:
                self.bo_u[p] = 1        # thiên ù declined
            self._discard(p, arg)
        elif name == "u":
            self._win(p, self.u_card() if ph == P_U else -1)
        elif name in ("eat", "phong", "khan"):
            self._take(p, self.card, name, arg)
        elif ph == P_U:
            self.bo_u[p] = 1
            self._log(p, "pass", self.u_card(), None)
            self.u_queue.pop(0)
            self._advance()
        else:
            # declining a phỗng, or at one's own door every take that was on offer: given up
            # for good
            self.banned[p][self.card] = 1
            self._declined(p, self.card, self._door_offer(p, self.card))
            if ph == P_PHONG:
                self._log(p, "pass", self.card, None)
                self.stage = ST_EAT
                self._advance()
            else:
                self._let_go()

    def _door_offer(self, p, card):
        """(eats, phỗng) on offer to player p for `card` (eats at their door only), each as
        legal()'s arguments: found once until the next action."""
        got = self._offer
        if got is None or got[0] != p:
            eats = self.eat_options(p, card) if p == self.door else []
            got = self._offer = (p, eats, self.phong_options(p, card))
        return got[1:]

    def _declined(self, p, card, offer):
        """Record the declined pairs of the takes in `offer` ((eats, phỗng)) of `card` that
        player p let go (to-tom-v2 §6): the concealed cards of each take's phu (not `also`)
        that form a phu with the card, two by two."""
        pairs = self.pairs[p]
        for src in offer[1]:
            if type(src) is not int:    # two concealed copies: a phỗng, a tái kiến
                _add_pair(pairs, card, card)
                break
        for arg in offer[0]:
            used = _module("takes").phu_concealed(self.laid[p], card, arg)
            for i in range(len(used) - 1):
                for j in range(i + 1, len(used)):
                    if is_phu3(card, used[i], used[j]):
                        _add_pair(pairs, used[i], used[j])

    def _set(self, phase, actor):
        self.phase = phase
        self.actor = actor
        if phase == P_OVER:
            evaluation.release()    # the game's searches are done: their memos go
            self.end_memo = None

    def _log(self, p, action, card, phu, extra=None):
        # extra: a take's (onto, shared, also, khan_up, laid_from) when it has any (takes.py),
        # an ù vọng's thiên khai holder
        self._offer = None
        self._discards = None
        if self.log is not None:
            self.log.append((p, action, card, phu) if extra is None else
                            (p, action, card, phu, extra))

    def _discard(self, p, k):
        first = self.first_move     # the dealer's first discard
        self.hands[p][k] -= 1
        # from now on: no x making a phu with k and a card of an earlier take, or an earlier
        # discard (the kinds `took` and `thrown` list so far)
        took, thrown = self.took[p], self.thrown[p]
        for m in range(NKINDS):
            if took[m] or thrown[m]:
                self._forbid_completers(p, m, k)
        thrown[k] += 1
        if k in self.bat_thuc(p):
            _module("bat_thuc").mark(self, p, k, BT_XEN)
        pairs = self.pairs[p]
        for i in range(0, len(pairs), 2):
            if pairs[i] == k:
                self.forbid[p][pairs[i + 1]] = 1
            elif pairs[i + 1] == k:
                self.forbid[p][pairs[i]] = 1
        self._waits[p] = None
        self.first_move = False
        self.take_card = -1
        self.take_phu = ()
        self._log(p, "discard", k, None)
        if first:
            # the dealer's first discard: ù vọng on each thiên khai comes before its offer,
            # the holders from the dealer counter-clockwise
            for i in range(self.n):
                h = (p + i) % self.n
                for phu in self.laid[h]:
                    if is_khan(phu):
                        self.vong.append(h)
                        self.vong.append(phu[0])
        self._appear(k, (p + 1) % self.n, SRC_DISCARD, p)

    def u_card(self):
        """The card an ù now would win on: the thiên khai's kind during ù vọng, else the card
        at the door."""
        return self.vong[1] if self.vong else self.card

    def _appear(self, card, door, src, discarder):
        self.end_memo = None
        self.card = card
        self.door = door
        self.src = src
        self.discarder = discarder
        self.u_queue = []
        if src == SRC_PASSED:
            self.stage = ST_EAT
        elif self.vong:
            self.stage = ST_VONG
        else:
            self._u_claims()
        self._advance()

    def _u_claims(self):
        # who may ù on the card at the door, in ù đè order from it
        self.stage = ST_U
        for i in range(self.n):
            q = (self.door + i) % self.n
            if q != self.discarder and not self.bo_u[q] and self.can_u_with(q, self.card):
                self.u_queue.append(q)

    def _advance(self):
        card = self.card
        if self.stage == ST_VONG:
            if _vong_claims(self):
                self._set(P_U, self.u_queue[0])
                return
            self._u_claims()
        if self.stage == ST_U:
            if self.u_queue:
                self._set(P_U, self.u_queue[0])
                return
            self.stage = ST_KHAN
        if self.stage == ST_KHAN:
            for q in range(self.n):
                if q != self.discarder and card in self.khan[q] and self._can_khan(q, card):
                    self._set(P_KHAN, q)
                    return
            self.stage = ST_PHONG
        if self.stage == ST_PHONG:
            for q in range(self.n):
                if q != self.discarder and q != self.door:
                    sources = self.phong_options(q, card)
                    if sources:
                        self._offer = (q, [], sources)
                        self._set(P_PHONG, q)
                        return
            self.stage = ST_EAT
        offer = self._door_offer(self.door, card)
        if offer[0] or offer[1]:
            self._set(P_EAT, self.door)
            return
        self._let_go()

    def _let_go(self):
        self.door_passed[self.door][self.card] = 1
        if self.src == SRC_DRAW:
            self._log(self.door, "pass", self.card, None)
            self._appear(self.card, (self.door + 1) % self.n, SRC_PASSED, -1)
        else:
            self._xin(self.door)

    def _xin(self, p):
        self.pile.append(self.card)
        self.pile_door.append(self.door)
        if self.left <= STOCK_LEFT:
            self.card = -1
            self.next_dealer = p
            self._log(p, "draw_game", -1, None)
            self._set(P_OVER, -1)
            return
        card = self._pop_stock()
        self._log(p, "draw", card, None)
        self._appear(card, p, SRC_DRAW, -1)

    def _pop_stock(self):
        self.left -= 1
        return self.stock[self.left]

    def _take(self, p, card, how, arg):
        used, laid, khan, cards, khan_take, lends = self.take_effect(p, card, how, arg)
        hand = self.hands[p]
        for k in used:
            hand[k] -= 1
        self.laid[p] = laid
        self.khan[p] = khan
        if lends >= 0:
            self.lent[p].append(lends)
        if card in self.bat_thuc(p):
            _module("bat_thuc").mark(self, p, card, BT_SETTLED)
        for x in range(NKINDS):
            if self._splits_pair(p, used, x):
                self.forbid[p][x] = 1
        n = len(cards)
        for i in range(n):
            self.took[p][cards[i]] = 1
            for j in range(i + 1, n):
                self._forbid_completers(p, cards[i], cards[j])
        self._waits[p] = None
        takes = _module("takes")
        self._log(p, how, card, takes.logged_phu(card, how, arg), takes.log_extra(how, arg))
        self.take_card = card
        self.take_phu = cards
        self.take_khan = khan_take
        self.card = -1
        self._set(P_DISCARD, p)

    def _splits_pair(self, p, used, x):
        """True when x is one card of a declined pair of p's whose other card a take laying
        the concealed cards `used` lays without it (to-tom-v2 §6, rules c-e)."""
        pairs = self.pairs[p]
        for i in range(0, len(pairs), 2):
            a, b = pairs[i], pairs[i + 1]
            if a != b and x in (a, b):
                if (b if x == a else a) in used and x not in used:
                    return True
        return False

    def _forbid_completers(self, p, a, b):
        """Player p may no longer discard a kind x that forms a 3-card phu with a and b."""
        forbid = self.forbid[p]
        if a == b:
            forbid[a] = 1
        for i in range(PAIRS_AT[a], PAIRS_AT[a + 1], 2):
            if PAIRS[i] == b:
                forbid[PAIRS[i + 1]] = 1
            elif PAIRS[i + 1] == b:
                forbid[PAIRS[i]] = 1

    def _win(self, p, card):
        # the one-wait condition (Bạch thủ, Chi Chi nảy) from the waits play already knows, so
        # that the win loads no wait scan of its own (win.game_win scores the rest)
        single = card >= 0 and self.waits(p) == (card,)
        self.score = _scored(self, p, card, single)
        self.winner = p
        self.next_dealer = p
        # an ù vọng logs the thiên khai's holder (the selfplay's `vong_from`)
        self._log(p, "u", self.extra if card < 0 else card, self.score["partition"],
                  self.vong[0] if self.vong else None)
        self._set(P_OVER, -1)

def _scored(game, p, card, single):
    """A win's score: tet.games.to_tom.win.game_win's (which uses scoring and laid_score), the
    modules loaded for this win only and forgotten after: play does not need them, and from
    .mpy files their bytecode would hold the heap through every game. The game is over: the
    laid entries' evaluator and the takes go too, before the scoring loads (the result screen
    has their heap)."""
    evaluation.release()
    _forget("end_game")
    _forget("takes")
    gc.collect()
    try:
        return _module("win").game_win(game, p, card, single)
    finally:
        for name in ("win", "laid_score", "scoring", "laid", "bat_thuc"):
            _forget(name)
        gc.collect()


def _forget(name):
    """Drop module tet.games.to_tom.`name` from sys.modules and from its package (as
    tet.core.app.forget_module, which the engine does not import: the host tools use it
    without the app)."""
    sys.modules.pop(_PACKAGE + "." + name, None)
    package = sys.modules.get(_PACKAGE)
    if package is not None and name in package.__dict__:
        delattr(package, name)


class Hoi(ScoreSheet):
    """A hội (state.ScoreSheet) that deals its games."""

    def new_game(self, rng, record=False):
        """Deal the next game of the hội."""
        game = ToTom(self.n, self.dealer, self.last_winner, self.streak, record)
        game.deal(rng)
        return game
