"""An independent Tổ Tôm rule checker that replays `tet totom selfplay --json` records.

It shares no code with the engine: card codes and phu are re-derived here from the spec
(docs/to-tom-game.md gives the engine's reading of the forbidden moves), thành, lưng, ù and chờ
with laid phu that live (to-tom-v2 §1) by the brute force of tests/to_tom_v2_reference.py, and
every logged action is checked against the state the checker rebuilds itself: who may act, the
card at the door, the forbidden moves (with to-tom-v2 §5's discard rules 1-4 over the whole
game, checked here by brute force over the seat's takes and discards), §7's end game (a take
with seven cards left in the stock must leave the taker chờ, with fewer thành), what each pass
or xin `declined`, ù and its ù đè priority, bỏ ù, bans after a skipped take, mandatory khàn
and yêu, the draw at five cards, and conservation of the 120 cards after every action.
"""

import itertools

import pytest

import to_tom_v2_reference as R

SUITS = "VNS"
CODE_LIST = ["%d%s" % (n, s) for s in SUITS for n in range(1, 10)] + ["CC", "TT", "OC"]
KIND = {c: i for i, c in enumerate(CODE_LIST)}
YEU = {KIND[c] for c in ("1V", "1N", "1S", "CC", "TT", "OC")}
GROUPS = [frozenset(KIND[c] for c in g.split()) for g in
          ("9N 1V 1S", "8N 2V 2S", "7N 3V 3S", "9S TT OC", "9S TT 9V", "9V CC 8S")]
STOCK_LEFT = 5
END_CHO = 7     # to-tom-v2 §7: the stock's size from which a take must leave the taker chờ


class RuleBroken(AssertionError):
    """A logged action breaks a rule."""


def phu_lung(kinds):
    """None when `kinds` is no phu, else how many lưng it holds."""
    kinds = sorted(kinds)
    n = len(kinds)
    if n == 1:
        return 0 if kinds[0] in YEU else None
    if n in (3, 4) and len(set(kinds)) == 1:
        return 1
    for g in GROUPS:
        if set(kinds) == g:
            return min(kinds.count(m) for m in g)
    if n < 3 or kinds[-1] >= 27:
        return None
    if len(set(k // 9 for k in kinds)) == 1 and kinds == list(range(kinds[0], kinds[0] + n)):
        return 1 if kinds[0] == KIND["1N"] else 0
    if len(set(k % 9 for k in kinds)) == 1 and len(set(k // 9 for k in kinds)) == 3:
        return 0
    return None


def phu3(a, b, c):
    """Three kinds form a 3-card phu."""
    return phu_lung([a, b, c]) is not None


BIS = tuple((n, 9 + n, 18 + n) for n in range(9))


def entry_shape(entry):
    """What a laid entry (or phu) is on its own: "fixed" (three or four identical cards), "run",
    "bi", "group" (a lưng group), "yeu" (a lone yêu), or None (no phu)."""
    kinds = sorted(entry)
    if len(kinds) in (3, 4) and len(set(kinds)) == 1:
        return "fixed"
    if len(kinds) == 1:
        return "yeu" if kinds[0] in YEU else None
    if any(set(kinds) == g for g in GROUPS):
        return "group"
    if len(kinds) < 3 or kinds[-1] >= 27:
        return None
    if len(set(k // 9 for k in kinds)) == 1 and kinds == list(range(kinds[0], kinds[0] + len(kinds))):
        return "run"
    if len(set(k % 9 for k in kinds)) == 1 and len(set(k // 9 for k in kinds)) == 3:
        return "bi"
    return None


def phus_with(conc, c):
    """Every phu (not three identical cards) of card c and cards of `conc`, by brute force: each
    subset of c's suit (a run holds no copies), each count of each member of a bí or lưng group
    holding c, c alone; kept when entry_shape reads a phu. Sorted tuples."""
    out = set()
    if c in YEU:
        out.add((c,))
    if c < 27:
        suit = [k for k in range(9 * (c // 9), 9 * (c // 9) + 9) if k != c and conc[k]]
        for picks in itertools.product((0, 1), repeat=len(suit)):
            kinds = [c] + [k for k, n in zip(suit, picks) if n]
            if entry_shape(kinds) == "run":
                out.add(tuple(sorted(kinds)))
    for members in BIS + tuple(tuple(g) for g in GROUPS):
        if c not in members:
            continue
        ranges = [range(conc[m] + 1) for m in members]
        for picks in itertools.product(*ranges):
            kinds = [c] + [m for m, n in zip(members, picks) for _ in range(n)]
            if entry_shape(kinds) in ("bi", "group"):
                out.add(tuple(sorted(kinds)))
    return sorted(out)


def extra_phus(conc, used, c):
    """Treo tranh: every set of extra phu of concealed cards (left after `used`) laying each
    copy of c still concealed, as sorted tuples of sorted phu ([()] when none is left)."""
    rest = list(conc)
    for k in used:
        rest[k] -= 1
    if not rest[c]:
        return [()]
    out = set()
    rest[c] -= 1
    for phu in phus_with(rest, c):
        more = list(phu)
        more.remove(c)
        for extra in extra_phus(rest, more, c):
            out.add(tuple(sorted((phu,) + extra)))
    return sorted(out)


class Take:
    """One take as the rules have it: what it lays and what the seat holds after it."""

    def __init__(self, seat, c, how, phu, used, onto=None, shared=None, also=(), khan_up=False,
                 laid_from=None):
        self.how, self.phu, self.onto, self.shared = how, tuple(phu), onto, shared
        self.also, self.khan_up, self.laid_from = tuple(also), khan_up, laid_from
        self.used = list(used) + [k for e in also for k in e]
        # the concealed cards of the phu itself (a decline's pairs come from them)
        self.phu_concealed = list(used)
        laid = list(seat.laid)
        khan = set(seat.khan)
        self.lends = None
        cards = list(phu)
        if how == "khan":
            khan.discard(c)
            laid.append(tuple(phu))
        elif laid_from is not None:
            rest = list(laid[laid_from])
            rest.remove(c)
            laid[laid_from] = tuple(rest)
            laid.append(tuple(phu))
            if entry_shape(rest) is None:
                self.lends = len(laid) - 1
        elif onto is not None:
            laid[onto] = tuple(phu)
        else:
            laid.append(tuple(phu))
        if shared is not None:
            cards.append(laid[shared][0])
            self.lends = shared
        for e in also:
            laid.append(tuple(e))
            cards += e
        if khan_up:
            khan.discard(c)
            laid.append((c,) * 3)
            cards += [c] * 3
        self.laid, self.khan, self.cards = laid, khan, tuple(cards)

    def key(self):
        return (self.how, tuple(sorted(self.phu)), self.onto, self.shared,
                tuple(sorted(tuple(sorted(e)) for e in self.also)), bool(self.khan_up),
                self.laid_from)


class Seat:
    def __init__(self, dealt):
        self.conc = [0] * 30
        for k in dealt:
            self.conc[k] += 1
        self.khan = set()
        self.laid = []
        self.banned = set()
        self.takes = []     # (the take's cards, how many discards the seat had made before it)
        self.thrown = []    # the seat's discards, in order
        self.bo_u = False   # declined an ù
        self.declined = []  # §6's pairs (a, b, discards before, takes before) of takes let go
        self.used = []      # the concealed cards each take laid, in order (khàn: none)
        self.lent = set()   # indices of fixed entries that lent a card (a kèm eat, 304-305)
        self.last_khan = False  # the last take was a dậy khàn (§7 does not limit its discard)
        self.bat = {}       # bất thực kind -> {"four", "xen", "settled"} (§3-§4)
        self.sealed = set()  # khàn trình phu: their fourth card is in a laid run

    def unsettled(self, but=None):
        """The seat's unsettled bất thực kinds (`but`: a kind a take on offer settles)."""
        return sorted(k for k, b in self.bat.items() if not b["settled"] and k != but)

    def cards(self):
        return sum(self.conc) + 3 * len(self.khan) + sum(len(p) for p in self.laid)


def xen_runs(conc, x, need):
    """Đánh xén (§4, 376-379): `conc` holds `need` disjoint three-card runs, each through a copy
    of x, and a spare copy of x; by brute force over every choice of `need` runs."""
    if x >= 27:
        return False
    suit = 9 * (x // 9)
    runs = [tuple(range(a, a + 3)) for a in range(suit, suit + 7) if a <= x <= a + 2]
    for pick in itertools.combinations_with_replacement(runs, need):
        want = [0] * 30
        want[x] = 1
        for run in pick:
            for k in run:
                want[k] += 1
        if all(conc[k] >= want[k] for k in range(30)):
            return True
    return False


def bat_thuc_allowed(conc, k, dealt3):
    """§3: bất thực of kind k is allowed for a black yêu, never a red one, else only when two
    concealed cards of kinds dealt fewer than three times (`dealt3`: those dealt more) form a
    three-card phu with it (no trùng trục, 206)."""
    if k in YEU:
        return k in (KIND["1V"], KIND["1N"], KIND["1S"])
    have = [a for a in range(30) if conc[a] and a not in dealt3 and a != k]
    return any(phu3(k, a, b) for a, b in itertools.combinations(have, 2))


def completes_declined(seat, c, take):
    """§6 rule a: an eat of c laying in its phu the two concealed cards of a pair the seat
    declined that c completes too."""
    return take.how == "eat" and any(
        a != b and a in take.phu_concealed and b in take.phu_concealed and phu3(c, a, b)
        for a, b, _thrown, _takes in seat.declined)


class Checker:
    """Replays one selfplay record; raises RuleBroken at the first broken rule."""

    def __init__(self, record):
        self.rec = record
        self.n = record["players"]
        self.seats = [Seat([KIND[c] for c in h]) for h in record["hands"]]
        self.stock = [KIND[c] for c in record["stock"]]
        self.pile = []
        self.card = None
        self.actions_checked = 0
        self.probe = None   # probe(checker, i): called before action i is replayed (tests)
        self.vong_todo = []  # (holder, kind) of the thiên khai whose ù vọng is still to ask

    def fail(self, i, why):
        raise RuleBroken("action %d %r: %s" % (i, self.rec["actions"][i], why))

    # --- independent rule helpers ---

    def can_u(self, p, c):
        s = self.seats[p]
        if s.bo_u:
            return False
        conc = list(s.conc)
        conc[c] += 1
        return R.ref_can_u(conc, s.laid, sorted(s.khan), self.n, s.unsettled(), sealed=s.sealed)

    def discard_ok(self, seat, conc, took, cards, x, pending=None):
        """x may be discarded from conc after taking `took` with the take's `cards` (None: no
        take before); `pending`: that take (a Take) is not among the seat's takes yet.
        to-tom-v2 §5, rules 1-4."""
        if x in YEU or conc[x] == 0:
            return False
        if x in seat.unsettled():
            b = seat.bat[x]
            if b["xen"] or not xen_runs(conc, x, 3 if b["four"] else 2):
                return False        # §4: đánh xén only
        takes = seat.takes + ([(tuple(cards), len(seat.thrown))] if pending else [])
        for kinds, before in takes:
            if any(phu3(x, a, b) for a, b in itertools.combinations(kinds, 2)):
                return False        # rule 3: with two cards of one take
            if any(phu3(x, m, y) for m in kinds for y in seat.thrown[before:]):
                return False        # rule 2: a card of a take, a card discarded since
        if any(phu3(x, a, b) for a, b in itertools.combinations(seat.thrown, 2)):
            return False            # rule 4: two earlier discards
        for a, b, thrown, takes in seat.declined:
            if (x == b and a in seat.thrown[thrown:]) or (x == a and b in seat.thrown[thrown:]):
                return False        # §6 f: the two cards of a declined take
            laid = seat.used[takes:] + ([pending.used] if pending else [])
            if a != b and any((a in u) != (b in u) and x in (a, b) and x not in u for u in laid):
                return False        # §6 c-e: one of them laid without the other
        if took is None:
            return True
        conc[x] -= 1
        try:
            for y in range(30):
                if conc[y] and phu_lung([took, x, y]) is not None:
                    return False
            return self.end_ok(seat, conc, pending)
        finally:
            conc[x] += 1

    def decline(self, p, c, offers):
        """Player p let card c go with `offers` ("phong", "eat") on offer: record the pairs of
        two concealed cards of an offered take's phu (not `also`) that form a phu with c."""
        s = self.seats[p]
        pairs = set()
        for t in self.legal_takes(p, c, "eat" in offers):
            if t.how == "phong" and t.laid_from is None:
                pairs.add((c, c))
            elif t.how == "eat":
                for a, b in itertools.combinations(t.phu_concealed, 2):
                    if phu3(c, a, b):
                        pairs.add((min(a, b), max(a, b)))
        for a, b in sorted(pairs):
            s.declined.append((a, b, len(s.thrown), len(s.used)))

    def end_ok(self, seat, rest, pending):
        """to-tom-v2 §7: with END_CHO cards left in the stock a take (and its discard, `rest`
        being the concealed cards after it) leaves the seat chờ, with fewer thành; dậy khàn is
        not limited."""
        left = len(self.stock)
        khan_take = pending.how == "khan" if pending else seat.last_khan
        if left > END_CHO or khan_take:
            return True
        laid, khan = (pending.laid, pending.khan) if pending else (seat.laid, seat.khan)
        if left < END_CHO:
            return R.ref_max_lung(rest, laid, sorted(khan), seat.sealed) >= 0
        bat = seat.unsettled(self.card if pending else None)
        return bool(R.ref_waits(rest, laid, sorted(khan), self.n, bat, sealed=seat.sealed))

    def take_forms(self, p, c, at_door):
        """Every take of card c player p's cards allow (to-tom-v2 §2), before §5-§7: dậy khàn
        (a khàn of c), the phỗng (two concealed copies, or one and a copy from a laid bí or
        lưng group) and at p's door the eats E1-E4, each laying every concealed copy of c."""
        s = self.seats[p]
        out = []
        if c in s.khan:
            out.append(Take(s, c, "khan", (c,) * 4, []))
        if s.conc[c] == 3:
            # tái kiến (§2, 178-192): the third copy of a bất thực laid in a run
            rest = list(s.conc)
            rest[c] -= 3
            out += [Take(s, c, "phong", (c,) * 3, [c, c], also=[run])
                    for run in phus_with(rest, c) if entry_shape(run) == "run"]
        elif s.conc[c] >= 2:
            out.append(Take(s, c, "phong", (c,) * 3, [c, c]))
        elif s.conc[c] == 1:
            for i, e in enumerate(s.laid):
                if entry_shape(e) in ("bi", "group") and c in e:
                    out.append(Take(s, c, "phong", (c,) * 3, [c], laid_from=i))
        if not at_door:
            return out
        for phu in phus_with(s.conc, c):
            shape = entry_shape(phu)
            if shape in ("bi", "group") and phu.count(c) != 1 + s.conc[c]:
                continue
            used = list(phu)
            used.remove(c)
            out += [Take(s, c, "eat", phu, used, also=also, khan_up=c in s.khan)
                    for also in extra_phus(s.conc, used, c)]
        if c in s.khan:
            return out
        for i, e in enumerate(s.laid):
            shape = entry_shape(e)
            grown = tuple(sorted(e + (c,)))
            if shape == "fixed" and len(e) == 3 and e[0] == c:
                out.append(Take(s, c, "eat", grown, [], onto=i))
            elif shape == "run" and entry_shape(grown) == "run":
                out += [Take(s, c, "eat", grown, [], onto=i, also=also)
                        for also in extra_phus(s.conc, [], c)]
            elif shape in ("bi", "group") and entry_shape(grown) == shape and \
                    set(grown) == set(e):
                out.append(Take(s, c, "eat", tuple(sorted(grown + (c,) * s.conc[c])),
                                [c] * s.conc[c], onto=i))
        for j, e in enumerate(s.laid):
            if entry_shape(e) != "fixed" or j in s.lent or e[0] == c:
                continue
            for g in [m for m in BIS + tuple(tuple(x) for x in GROUPS) if c in m and e[0] in m]:
                third = [m for m in g if m not in (c, e[0])][0]
                for t in range(1, s.conc[third] + 1):
                    used = [c] * s.conc[c] + [third] * t
                    out.append(Take(s, c, "eat", tuple(sorted([c] + used)), used, shared=j))
        return out

    def legal_takes(self, p, c, at_door):
        """The takes of take_forms that a ban of a declined kind leaves and a legal discard
        follows (§5-§7)."""
        s = self.seats[p]
        yeu_door = at_door and c in YEU
        out = []
        for t in self.take_forms(p, c, at_door):
            if t.how != "khan" and c in s.banned and not yeu_door:
                continue
            if completes_declined(s, c, t):
                continue
            if self.can_take(p, c, t):
                out.append(t)
        return out

    def can_take(self, p, c, take):
        conc = list(self.seats[p].conc)
        for k in take.used:
            conc[k] -= 1
            if conc[k] < 0:
                return False
        return any(self.discard_ok(self.seats[p], conc, c, take.cards, x, pending=take)
                   for x in range(30))

    def must_phong(self, p, c, at_door):
        """to-tom-v2 §8 (432): a player whose only wait is Chi Chi, holding 9V and 8S, who can
        phỗng a 9V or 8S with a legal discard after it that leaves them thành, must."""
        s = self.seats[p]
        leo = (KIND["9V"], KIND["8S"])
        if c not in leo or not s.conc[leo[0]] or not s.conc[leo[1]]:
            return False
        if R.ref_waits(s.conc, s.laid, sorted(s.khan), self.n, s.unsettled(),
                       sealed=s.sealed) != [KIND["CC"]]:
            return False
        for t in self.legal_takes(p, c, at_door):
            if t.how != "phong":
                continue
            conc = list(s.conc)
            for k in t.used:
                conc[k] -= 1
            for x in range(30):
                if self.discard_ok(s, conc, c, t.cards, x, pending=t):
                    conc[x] -= 1
                    thanh = R.ref_max_lung(conc, t.laid, sorted(t.khan), s.sealed) >= 0
                    conc[x] += 1
                    if thanh:
                        return True
        return False

    def offers(self, p, c, at_door):
        """The takes of card c on offer to player p: "phong", then "eat" (at their door)."""
        hows = set(t.how for t in self.legal_takes(p, c, at_door))
        return [how for how in ("phong", "eat") if how in hows]

    def could_take(self, p, c, at_door):
        """Player p could eat (at their door) or phỗng card c, a legal discard following."""
        return bool(self.offers(p, c, at_door))

    def check_declined(self, i, a, want):
        """A pass or xin names in `declined` exactly what was on offer (to-tom-v2 §9; checked
        in records whose actions carry §9's keys, as `stock`: not the hand-made ones)."""
        if "stock" in a and a.get("declined", []) != want:
            self.fail(i, "declined %s, but %s was on offer" % (a.get("declined"), want))

    def total(self):
        t = sum(s.cards() for s in self.seats) + len(self.stock) + len(self.pile)
        return t + (1 if self.card is not None else 0)

    # --- replay ---

    def run(self):
        rec = self.rec
        size = 24 if self.n == 4 else 20
        dealer = rec["dealer"]
        for p, s in enumerate(self.seats):
            if s.cards() != size + (1 if p == dealer else 0):
                raise RuleBroken("player %d dealt %d cards" % (p, s.cards()))
        if len(self.stock) != 120 - self.n * size - 1:
            raise RuleBroken("stock of %d cards" % len(self.stock))
        everything = [0] * 30
        for s in self.seats:
            for k in range(30):
                everything[k] += s.conc[k]
        for k in self.stock:
            everything[k] += 1
        if everything != [4] * 30:
            raise RuleBroken("the deck is not 4 x 30 kinds")
        acts = rec["actions"]
        if acts[0]["action"] != "deal" or acts[0]["player"] != dealer:
            raise RuleBroken("the log does not start with the deal")
        i = self.deal_choices(acts)
        state = ("discard", dealer, None, None)
        first = True
        self.u_passed = set()
        while i < len(acts):
            if self.probe is not None:
                self.probe(self, i)
            a = acts[i]
            p, act = a["player"], a["action"]
            c = KIND[a["card"]] if a["card"] else None
            if state[0] == "discard":
                who, took, phu = state[1], state[2], state[3]
                if p != who:
                    self.fail(i, "player %d must discard" % who)
                s = self.seats[p]
                if first:
                    thien_u = R.ref_can_u(s.conc, s.laid, sorted(s.khan), self.n, s.unsettled(),
                                          sealed=s.sealed)
                    if act == "u" and not thien_u:
                        self.fail(i, "thiên ù on a hand that cannot ù")
                    if act == "u":
                        return self.finish(i, p)
                    s.bo_u = thien_u
                if act != "discard":
                    self.fail(i, "a discard was due")
                if not self.discard_ok(s, s.conc, took, phu or (), c):
                    self.fail(i, "forbidden discard")
                if c in s.unsettled():
                    s.bat[c]["xen"] = True
                s.conc[c] -= 1
                s.thrown.append(c)
                if first:
                    # ù vọng on each thiên khai, holders from the dealer, before the offer
                    self.vong_todo = [((dealer + d) % self.n, e[0]) for d in range(self.n)
                                      for e in self.seats[(dealer + d) % self.n].laid
                                      if entry_shape(e) == "fixed"]
                first = False
                state = self.appear(c, (p + 1) % self.n, "discard", p)
            elif self.vong_todo and self.vong_claimant() is not None:
                if self.vong_answer(i, a, p, act, c):
                    return self.finish(i, p)
            else:
                state = self.card_action(i, a, p, act, c, state)
                if state is None:
                    return self.finish(i, p)
            if self.total() != 120:
                self.fail(i, "%d cards on the table" % self.total())
            if "stock" in a and a["stock"] != len(self.stock):
                self.fail(i, "the stock holds %d cards, not %s" % (len(self.stock), a["stock"]))
            self.actions_checked += 1
            i += 1
        raise RuleBroken("the log ends before the game does")

    def deal_choices(self, acts):
        """§3: from the dealer on, each seat's kinds dealt three or four times, in kind order:
        a three is a khàn (nothing logged) or a `bat_thuc`; a four a `thien_khai`, a
        `bat_thuc` or a `trinh_phu` (three face down, the fourth laid in a run of two or more
        concealed cards of kinds dealt fewer than three times). The index of the next action."""
        i = 1
        dealer = self.rec["dealer"]
        for d in range(self.n):
            p = (dealer + d) % self.n
            s = self.seats[p]
            dealt3 = set(k for k in range(30) if s.conc[k] >= 3)
            for k in sorted(dealt3):
                a = acts[i]
                four = s.conc[k] == 4
                mine = a["player"] == p and a["card"] and KIND[a["card"]] == k
                act = a["action"] if mine else None
                if act == "bat_thuc":
                    if not bat_thuc_allowed(s.conc, k, dealt3):
                        self.fail(i, "bất thực trùng trục or of a red yêu")
                    if "stock" in a and a.get("thien_khai") is not four:
                        self.fail(i, "bất thực thiên khai is a four")
                    s.bat[k] = {"four": four, "xen": False, "settled": False}
                elif act == "trinh_phu" and four:
                    run = [KIND[x] for x in a["phu"]]
                    if entry_shape(run) != "run" or k not in run or \
                            any(x in dealt3 or not s.conc[x] for x in run if x != k):
                        self.fail(i, "not a trình phu run")
                    for x in run:
                        s.conc[x] -= 1
                    s.conc[k] = 0
                    s.khan.add(k)
                    s.sealed.add(k)
                    s.laid.append(tuple(sorted(run)))
                elif act == "thien_khai" and four:
                    s.conc[k] = 0
                    s.laid.append((k,) * 4)
                elif four:
                    self.fail(i, "a choice for the four %s expected" % CODE_LIST[k])
                else:
                    s.conc[k] = 0
                    s.khan.add(k)
                    continue
                i += 1
        return i

    def appear(self, c, door, src, discarder):
        self.card = c
        self.u_passed = set()
        self.window = src != "passed"
        self.claims_checked = False
        self.phong_holder = None
        self.phong_passed = False
        return ("card", door, src, discarder)

    def close_window(self, i, state, taker):
        """The ù claims are over: everyone who could ù must have declined; khàn is mandatory;
        find who may phỗng."""
        if self.claims_checked:
            return
        self.claims_checked = True
        _, door, src, discarder = state
        card = self.card
        if self.window:
            for q in range(self.n):
                if q != discarder and q not in self.u_passed and self.can_u(q, card):
                    self.fail(i, "player %d could ù and was not asked" % q)
            for q in range(self.n):
                if q != discarder and card in self.seats[q].khan and q != taker:
                    if any(t.how == "khan" for t in self.legal_takes(q, card, False)):
                        self.fail(i, "player %d had to dậy khàn" % q)
            for q in range(self.n):
                if q not in (door, discarder) and self.could_take(q, card, False):
                    self.phong_holder = q
        self.window = False

    def vong_claimant(self):
        """to-tom-v2 §3 (406-407): (player, kind, holder) of the next ù vọng to answer: a player
        but the thiên khai's holder, not bỏ ù, whose cards are not thành and who waits on its
        kind, in ù đè order from the dealer's door; None once no thiên khai is left to ask."""
        door = (self.rec["dealer"] + 1) % self.n
        while self.vong_todo:
            h, k = self.vong_todo[0]
            for d in range(self.n):
                q = (door + d) % self.n
                s = self.seats[q]
                khan = sorted(s.khan)
                if q != h and not s.bo_u and \
                        R.ref_max_lung(s.conc, s.laid, khan, s.sealed) < 0 and \
                        k in R.ref_waits(s.conc, s.laid, khan, self.n, s.unsettled(),
                                         sealed=s.sealed):
                    return q, k, h
            self.vong_todo.pop(0)
        return None

    def vong_answer(self, i, a, p, act, c):
        """The answer to the ù vọng due: an ù on the thiên khai's kind naming its holder (True:
        the game is won) or a pass, which is a bỏ ù."""
        q, k, h = self.vong_claimant()
        if p != q or act not in ("u", "pass") or c != k:
            self.fail(i, "player %d's ù vọng on %s was due" % (q, CODE_LIST[k]))
        if act == "u":
            if "stock" in a and a.get("vong_from") != h:
                self.fail(i, "ù vọng on the thiên khai of player %d" % h)
            return True
        self.seats[q].bo_u = True
        self.check_declined(i, a, ["u"])
        return False

    def card_action(self, i, a, p, act, c, state):
        _, door, src, discarder = state
        card = self.card
        if c != card and act not in ("draw_game", "draw"):
            self.fail(i, "acts on %s but the card is %s" % (a["card"], CODE_LIST[card]))
        if act == "u":
            if not self.window or p == discarder or not self.can_u(p, card):
                self.fail(i, "ù not allowed")
            for d in range(self.n):
                q = (door + d) % self.n
                if q == p:
                    break
                if q != discarder and q not in self.u_passed and self.can_u(q, card):
                    self.fail(i, "ù đè: player %d comes first" % q)
            return None
        if act == "pass" and self.window and p not in self.u_passed and p != discarder \
                and self.can_u(p, card):
            self.u_passed.add(p)
            self.seats[p].bo_u = True       # bỏ ù: no ù for the rest of the game
            self.check_declined(i, a, ["u"])
            return state
        self.close_window(i, state, p if act == "khan" or a.get("khan_up") else None)
        s = self.seats[p]
        if p != door:
            if act == "khan":
                return self.take(i, a, p, act, state)
            if p != self.phong_holder or self.phong_passed or act not in ("pass", "phong"):
                self.fail(i, "player %d may not act out of turn" % p)
            if act == "pass":
                if self.must_phong(p, card, False):
                    self.fail(i, "the phỗng was compulsory (432)")
                self.decline(p, card, ["phong"])
                s.banned.add(card)
                self.phong_passed = True
                self.check_declined(i, a, ["phong"])
                return state
            return self.take(i, a, p, act, state)
        if self.phong_holder is not None and not self.phong_passed:
            self.fail(i, "player %d was not offered the phỗng first" % self.phong_holder)
        if act != "phong" and self.must_phong(p, card, True):
            self.fail(i, "the phỗng was compulsory (432)")
        if act in ("khan", "phong", "eat"):
            return self.take(i, a, p, act, state)
        on_offer = self.offers(p, card, True)
        if act in ("pass", "draw", "draw_game"):
            self.check_declined(i, a, on_offer)
        if on_offer:
            if card in YEU:
                self.fail(i, "a yêu at one's door must be eaten")
            self.decline(p, card, on_offer)
            s.banned.add(card)
        if act == "pass":
            if src != "draw":
                self.fail(i, "only a drawn card is let pass")
            return self.appear(card, (door + 1) % self.n, "passed", None)
        if src == "draw":
            self.fail(i, "a drawn card must be taken or passed on")
        self.pile.append(card)
        self.card = None
        if act == "draw_game":
            if len(self.stock) != STOCK_LEFT:
                self.fail(i, "drawn game with %d cards in the stock" % len(self.stock))
            return None
        if act != "draw" or len(self.stock) <= STOCK_LEFT:
            self.fail(i, "xin expected")
        top = self.stock.pop(0)
        if c != top:
            self.fail(i, "drew %s but the stock's top is %s" % (a["card"], CODE_LIST[top]))
        return self.appear(top, door, "draw", None)

    def take(self, i, a, p, act, state):
        """Dậy khàn, phỗng or eat of the card at the door by p: one of the takes the rules
        offer it, as logged (to-tom-v2 §9's keys), laid."""
        _, door, src, discarder = state
        card = self.card
        s = self.seats[p]
        if p == discarder:
            self.fail(i, "taking one's own discard")
        if act == "khan" and (card not in s.khan or src == "passed"):
            self.fail(i, "dậy khàn without a khàn")
        logged = (act, tuple(sorted(KIND[x] for x in a["phu"] or ())), a.get("laid_onto"),
                  a.get("shared"), tuple(sorted(tuple(sorted(KIND[x] for x in e))
                                                for e in a.get("also", ()))),
                  bool(a.get("khan_up")), a.get("laid_from"))
        forms = [t for t in self.take_forms(p, card, p == door) if t.key() == logged]
        if not forms:
            self.fail(i, "not a take this card and these cards allow")
        t = forms[0]
        if t.how != "khan" and card in s.banned and not (card in YEU and p == door):
            self.fail(i, "taking a kind skipped earlier")
        if completes_declined(s, card, t):
            self.fail(i, "eating the other card completing a declined pair (§6 a)")
        if not self.can_take(p, card, t):
            self.fail(i, "no legal discard follows this take")
        for k in t.used:
            s.conc[k] -= 1
        s.laid, s.khan = t.laid, t.khan
        if t.lends is not None:
            s.lent.add(t.lends)
        s.takes.append((t.cards, len(s.thrown)))
        s.used.append(t.used)
        s.last_khan = t.how == "khan"
        if card in s.bat:
            s.bat[card]["settled"] = True   # §4: any take of its card settles a bất thực
        if "stock" in a and bool(a.get("tai_kien")) != (t.how == "phong" and bool(t.also)):
            self.fail(i, "a tái kiến is a phỗng laying a run too")
        self.card = None
        return ("discard", p, card, t.cards)

    def finish(self, i, p):
        a = self.rec["actions"][i]
        res = self.rec["result"]
        if i != len(self.rec["actions"]) - 1:
            self.fail(i, "actions after the end")
        if a["action"] == "u":
            if res["winner"] != p or res["draw"]:
                raise RuleBroken("result does not name the winner")
            if not isinstance(res["points"], int) or res["points"] < 4:
                raise RuleBroken("a win scores at least 4")
            s = self.seats[p]
            want = [{"card": CODE_LIST[k], "thien_khai": s.bat[k]["four"],
                     "discarded": s.bat[k]["xen"]} for k in s.unsettled()]
            if "stock" in a and sorted(res.get("bat_thuc", []), key=str) != sorted(want, key=str):
                raise RuleBroken("the result's bất thực is %s" % want)
        else:
            if not res["draw"] or res["next_dealer"] != p:
                raise RuleBroken("a drawn game's kê is the player at the door")
        self.actions_checked += 1
        return True


def check_record(record):
    """Replay a selfplay record; return the number of actions checked."""
    ch = Checker(record)
    ch.run()
    return ch.actions_checked


def _selfplay(seed, players):
    from tetcli.to_tom_selfplay import selfplay
    return selfplay(seed, players)


def test_checker_accepts_engine_games():
    for seed in range(12):
        assert check_record(_selfplay(seed, 5 if seed % 3 else 4)) > 5


def _engine_take_keys(game, p):
    """The takes game.legal(p) offers, as Take.key() tuples."""
    out = set()
    c = game.card
    for name, arg in game.legal(p):
        if name == "eat":
            if type(arg[0]) is int:
                arg = (arg, -1, -1, (), 0)
            phu, onto, shared, also, khan_up = arg
            out.add(("eat", tuple(sorted(phu)), onto if onto >= 0 else None,
                     shared if shared >= 0 else None,
                     tuple(sorted(tuple(sorted(e)) for e in also)), bool(khan_up), None))
        elif name == "phong":
            out.add(("phong", (c,) * 3, None, None, (), False, arg))
        elif name == "khan":
            out.add(("khan", (c,) * 4, None, None, (), False, None))
    return out


# §9's key of each form and where Take.key() holds it
FORM_KEYS = (("laid_onto", 2), ("shared", 3), ("also", 4), ("khan_up", 5), ("laid_from", 6))


def test_every_take_the_table_offers_is_the_brute_forces():
    """At every decision over a card in seeded games, the takes the engine offers (every form
    of to-tom-v2 §2: E1-E4, treo tranh's extra phu, a phỗng with a laid copy) are exactly
    those the checker's brute force finds, and each form is offered."""
    from tet.games.to_tom.state import P_U
    from tetcli.to_tom_selfplay import selfplay

    used = set()
    compared = 0
    for seed in range(40):
        offered = {}

        def watch(game, p):
            if game.card >= 0 and game.phase != P_U:       # an ù is no take
                offered[len(game.log)] = (p, game.door, _engine_take_keys(game, p))

        def probe(ch, i):
            nonlocal compared
            if i in offered:
                p, door, want = offered[i]
                got = {t.key() for t in ch.legal_takes(p, ch.card, p == door)
                       if not (t.how == "khan" and not ch.window)}
                assert got == want, (seed, i, got ^ want)
                compared += 1
                for key in want:
                    used.update(name for name, at in FORM_KEYS if key[at] not in (None, False, ()))

        record = selfplay(seed, 4 if seed % 5 == 0 else 5, watch=watch)
        ch = Checker(record)
        ch.probe = probe
        ch.run()
    assert compared > 400
    assert used == {"laid_onto", "shared", "also", "khan_up", "laid_from"}


def _first(record, action):
    return next(i for i, a in enumerate(record["actions"]) if a["action"] == action)


def _rejects(record):
    try:
        check_record(record)
    except RuleBroken:
        return True
    return False


def test_checker_rejects_a_yeu_discard():
    rec = _selfplay(1, 5)
    i = _first(rec, "discard")
    p = rec["actions"][i]["player"]
    yeu = next(c for c in rec["hands"][p] if KIND[c] in YEU)
    rec["actions"][i]["card"] = yeu
    assert _rejects(rec)


def test_every_action_tells_the_stock_left_after_it():
    rec = _selfplay(3, 5)
    i = _first(rec, "draw")
    assert [a["stock"] for a in rec["actions"][i - 1:i + 1]] == [19, 18]
    bad = dict(rec, actions=[dict(a) for a in rec["actions"]])
    bad["actions"][i]["stock"] = 19
    assert _broken(bad, "the stock holds 18 cards")


def test_every_pass_and_xin_names_what_it_declined():
    rec = _selfplay(3, 5)
    i = next(j for j, a in enumerate(rec["actions"]) if "declined" in a)
    missing = dict(rec, actions=[dict(a) for a in rec["actions"]])
    del missing["actions"][i]["declined"]
    assert _broken(missing, "was on offer")
    extra = dict(rec, actions=[dict(a) for a in rec["actions"]])
    j = next(j for j, a in enumerate(rec["actions"]) if a["action"] == "draw" and
             "declined" not in a)
    extra["actions"][j]["declined"] = ["eat"]
    assert _broken(extra, "was on offer")


def test_checker_rejects_a_wrong_draw_and_a_skipped_turn():
    rec = _selfplay(2, 5)
    i = _first(rec, "draw")
    wrong = dict(rec["actions"][i])
    wrong["card"] = "OC" if wrong["card"] != "OC" else "CC"
    bad = dict(rec, actions=rec["actions"][:i] + [wrong] + rec["actions"][i + 1:])
    assert _rejects(bad)
    other = dict(rec["actions"][i])
    other["player"] = (other["player"] + 1) % 5
    bad = dict(rec, actions=rec["actions"][:i] + [other] + rec["actions"][i + 1:])
    assert _rejects(bad)


def test_checker_rejects_a_truncated_log_and_a_false_result():
    rec = _selfplay(3, 5)
    assert _rejects(dict(rec, actions=rec["actions"][:-1]))
    res = dict(rec["result"])
    res["draw"] = not res["draw"]
    assert _rejects(dict(rec, result=res))


def test_independent_phu_and_thanh():
    k = KIND
    assert phu_lung([k["7N"], k["3V"], k["3S"]]) == 1
    assert phu_lung([k["7N"], k["7N"], k["3V"], k["3V"], k["3S"], k["3S"]]) == 2
    assert phu_lung([k["1N"], k["2N"], k["3N"], k["4N"]]) == 1
    assert phu_lung([k["2N"], k["3N"], k["4N"]]) == 0
    assert phu_lung([k["CC"], k["TT"], k["OC"]]) is None
    assert phu_lung([k["5V"], k["5V"], k["5N"], k["5S"]]) == 0
    assert phu_lung([k["8V"], k["9V"], k["1V"]]) is None
    hand = [0] * 30
    for c in "7N 3V 3S 4V 5V 6V 1S 2S 3S CC".split():
        hand[k[c]] += 1
    assert R.ref_max_lung(hand) == 1
    hand[k["9N"]] += 1
    assert R.ref_max_lung(hand) == -1


# ---- hand-made logs: each forbidden move must be caught ----

def _record(game, hands, stock, actions):
    """A selfplay-like record of a game dealt by test_to_tom_game.table(), with crafted actions
    after the deal (and thiên khai) entries the engine logged."""
    from tetcli.to_tom_selfplay import log_dicts

    head = [a for a in log_dicts(game) if a["action"] in ("deal", "thien_khai")]
    return {"seed": 0, "players": game.n, "dealer": game.dealer,
            "hands": [[CODE_LIST[k] for k in sorted(h)] for h in hands],
            "stock": [CODE_LIST[k] for k in reversed(stock)],
            "actions": head + actions,
            "result": {"winner": None, "draw": True, "next_dealer": None}}


def _table(spec, top=(), keep="", short_stock=None):
    from test_to_tom_game import table

    game = table(spec, top=top, keep=keep, short_stock=short_stock)
    hands = []
    for p in range(game.n):
        kinds = []
        for k in range(30):
            kinds += [k] * game.hands[p][k]
        for k in game.khan[p]:
            kinds += [k] * 3
        for phu in game.laid[p]:
            kinds += list(phu)
        hands.append(kinds)
    stock = [game.stock[i] for i in range(game.left)]
    return game, hands, stock


def _act(player, action, card=None, phu=None):
    return {"player": player, "action": action, "card": card, "phu": phu}


def _broken(record, words):
    try:
        check_record(record)
    except RuleBroken as e:
        return words in str(e)
    return False


def test_rejects_eating_a_kind_skipped_before():
    game, hands, stock = _table({0: "5V", 1: "4V 6V"}, top=("5V",), keep="5V 4V 6V")
    rec = _record(game, hands, stock, [
        _act(0, "discard", "5V"), _act(1, "draw", "5V"),
        _act(1, "eat", "5V", ["4V", "5V", "6V"])])
    assert _broken(rec, "skipped earlier")


def test_rejects_letting_a_yeu_pass_ones_door():
    game, hands, stock = _table({0: "5V", 1: "2V 7S"}, top=("OC",), keep="5V OC")
    rec = _record(game, hands, stock, [
        _act(0, "discard", "5V"), _act(1, "draw", "OC"), _act(1, "pass", "OC")])
    assert _broken(rec, "must be eaten")


def test_rejects_an_mot_danh_hai_and_a_discard_from_a_laid_phu():
    game, hands, stock = _table({0: "3N", 1: "3V 3V 3S 4N 5N 8V"}, keep="3N 3V 3S 4N 5N")
    eat = [_act(0, "discard", "3N"), _act(1, "eat", "3N", ["3N", "3V", "3S"])]
    # a free card is a legal discard: the replay then only finds the log too short
    assert _broken(_record(game, hands, stock, eat + [_act(1, "discard", "8V")]), "log ends")
    for bad in ("4N", "3V", "3S"):
        rec = _record(game, hands, stock, eat + [_act(1, "discard", bad)])
        assert _broken(rec, "forbidden discard"), bad


def test_rejects_a_skipped_khan():
    game, hands, stock = _table({0: "5S", 2: "5S 5S 5S"}, keep="5S")
    rec = _record(game, hands, stock, [_act(0, "discard", "5S"),
                                       _act(1, "draw", CODE_LIST[stock[-1]])])
    assert _broken(rec, "dậy khàn")


def test_rejects_a_u_that_another_player_had_priority_for():
    from test_to_tom_game import HAND_A, HAND_B

    game, hands, stock = _table({0: "5V", 2: HAND_A, 3: HAND_B}, keep="5V")
    ok = _record(game, hands, stock, [
        _act(0, "discard", "5V"), _act(2, "pass", "5V"), _act(3, "u", "5V")])
    ok["result"] = {"winner": 3, "draw": False, "points": 4, "next_dealer": 3}
    check_record(ok)
    bad = dict(ok, actions=[a for a in ok["actions"] if a["action"] != "pass"])
    assert _broken(bad, "ù đè")


def test_rejects_a_draw_game_with_cards_to_draw():
    game, hands, stock = _table({0: "5V"}, keep="5V")
    rec = _record(game, hands, stock, [_act(0, "discard", "5V"), _act(1, "draw_game")])
    assert _broken(rec, "drawn game")


# ---- to-tom-v2 §5 and §8: the discard rules over the game, bỏ ù ----

def _replayed(deal, moves):
    """A record of the engine's own game from a hand-made deal (spec, top, keep):
    `moves(game)` plays it to the point under test (each move through game.apply; the engine's
    log becomes the record's actions). Returns (game, record)."""
    spec, top, keep = deal
    game, hands, stock = _table(spec, top=top, keep=keep)
    moves(game)
    from tetcli.to_tom_selfplay import log_dicts

    actions = [a for a in log_dicts(game) if a["action"] not in ("deal", "thien_khai")]
    return game, _record(game, hands, stock, actions)


def _with_discard(record, player, code):
    return dict(record, actions=record["actions"] + [_act(player, "discard", code)])


def test_rejects_tham_a_kind_of_an_earlier_take_long_after():
    from test_to_tom_game import TOM_DEAL, eat_then_phong_later

    game, rec = _replayed(TOM_DEAL, lambda g: eat_then_phong_later(g, "7N", "7N 3V 3S", "8V"))
    assert _broken(_with_discard(rec, 1, "9S"), "log ends")
    assert _broken(_with_discard(rec, 1, "3N"), "forbidden discard")


def test_rejects_tham_leo_and_the_third_card_of_two_discards():
    from test_to_tom_game import LEO_DEAL, RUN_DEAL, eat_then_phong_later, \
        two_discards_then_phong

    game, rec = _replayed(LEO_DEAL, lambda g: eat_then_phong_later(g, "8S", "9V CC 8S", "9N"))
    assert _broken(_with_discard(rec, 1, "4N"), "log ends")
    assert _broken(_with_discard(rec, 1, "9S"), "forbidden discard")
    game, rec = _replayed(RUN_DEAL, two_discards_then_phong)
    fine = CODE_LIST[game.discards(0)[0]]
    assert _broken(_with_discard(rec, 0, fine), "log ends")
    for bad in ("3V", "6V"):
        assert _broken(_with_discard(rec, 0, bad), "forbidden discard"), bad


def test_rejects_an_u_after_a_declined_one():
    from test_to_tom_game import HAND_A, K, _decline_until

    def declined(game):
        game.apply(0, ("discard", K["5V"]))
        game.apply(2, ("pass", None))
        _decline_until(game, lambda g: any(e[1] == "draw" and e[2] == K["5V"] for e in g.log))

    game, rec = _replayed(({0: "5V", 2: HAND_A}, ("5V",), "5V"), declined)
    # up to the second 5V turned up, where p2's cards would ù again
    drawn = next(i for i, a in enumerate(rec["actions"]) if a["action"] == "draw" and
                 a["card"] == "5V")
    rec = dict(rec, actions=rec["actions"][:drawn + 1])
    assert _broken(rec, "log ends")
    rec = dict(rec, actions=rec["actions"] + [_act(2, "u", "5V")],
               result={"winner": 2, "draw": False, "points": 8, "next_dealer": 2})
    assert _broken(rec, "ù not allowed")


# ---- to-tom-v2 §7: the end game ----

def _end_game_eat(others, left):
    from test_to_tom_game import END_BASE

    deal = ({0: "6V", 1: END_BASE[3:] + " " + others}, (), "6V 7V 8V")
    game, hands, stock = _table(deal[0], keep=deal[2], short_stock=left)
    eat = [_act(0, "discard", "6V"), _act(1, "eat", "6V", ["6V", "7V", "8V"])]
    return game, hands, stock, eat


def _late_checker(others, left):
    """The checker at player 1's late take of 6V into 6V 7V 8V: (checker, seat, concealed cards
    after the take, the run). A record cannot hold a short stock (the checker counts 120
    cards), so the checker is set to the position instead of replaying to it."""
    game, hands, stock, eat = _end_game_eat(others, left)
    ch = Checker(_record(game, hands, stock, eat))
    ch.stock = ch.stock[:left]
    seat = ch.seats[1]
    conc = list(seat.conc)
    for k in ("7V", "8V"):
        conc[KIND[k]] -= 1
    run = (KIND["6V"], KIND["7V"], KIND["8V"])
    return ch, seat, conc, Take(seat, run[0], "eat", run, run[1:])


def test_the_checker_refuses_a_late_take_that_leaves_no_cho_or_no_thanh():
    from test_to_tom_game import END_CHO, END_THANH

    ch, seat, conc, t = _late_checker(END_THANH, 6)
    assert ch.discard_ok(seat, conc, t.phu[0], t.cards, KIND["8N"], t)      # leaves thành
    assert not ch.discard_ok(seat, conc, t.phu[0], t.cards, KIND["3S"], t)  # 8N out of phu
    ch, seat, conc, t = _late_checker(END_CHO, 6)
    assert not any(ch.discard_ok(seat, conc, t.phu[0], t.cards, x, t) for x in range(30))
    ch, seat, conc, t = _late_checker(END_CHO, 7)
    assert ch.discard_ok(seat, conc, t.phu[0], t.cards, KIND["9S"], t)      # 4N 5N wait
    assert not ch.discard_ok(seat, conc, t.phu[0], t.cards, KIND["2V"], t)


def test_the_engines_late_discards_match_the_brute_force():
    """Every discard the engine allows after the late take equals the checker's own search."""
    from test_to_tom_game import END_CHO, END_THANH, end_game

    for others in (END_THANH, END_CHO):
        for left in (6, 7, 8):
            ch, seat, conc, t = _late_checker(others, left)
            run = t.phu
            want = [x for x in range(30) if ch.discard_ok(seat, conc, run[0], t.cards, x, t)]
            g = end_game(others, left)
            offered = ("eat", run) in g.legal(1)
            assert offered == bool(want), (others, left)
            if offered:
                g.apply(1, ("eat", run))
                assert g.discards(1) == want, (others, left)


# ---- to-tom-v2 §6: the declined pairs ----

def test_rejects_a_discard_of_a_declined_pair_split_by_a_take():
    from test_to_tom_game import DECLINE_DEAL, K

    def moves(g):
        g.apply(0, ("discard", K["2V"]))
        g.apply(1, ("draw", None))
        g.apply(1, ("eat", (K["3V"], K["3N"], K["3S"])))

    game, rec = _replayed(DECLINE_DEAL, moves)
    assert _broken(_with_discard(rec, 1, "9S"), "log ends")
    assert _broken(_with_discard(rec, 1, "4V"), "forbidden discard")


def test_rejects_the_second_card_of_a_declined_pair():
    from test_to_tom_game import K

    deal = ({0: "2V", 1: "3V 4V 9S 9S"}, ("9S",), "2V 9S")

    def moves(g):
        g.apply(0, ("discard", K["2V"]))
        g.apply(1, ("draw", None))
        g.apply(1, ("phong", None))
        g.apply(1, ("discard", K["3V"]))

    game, rec = _replayed(deal, moves)
    assert game.forbid[1][K["4V"]] == 1      # the engine's reading
    ch = Checker(rec)
    with pytest.raises(RuleBroken, match="log ends"):   # every move so far is legal
        ch.run()
    seat = ch.seats[1]
    assert not ch.discard_ok(seat, seat.conc, None, (), K["4V"])
    seat.declined = []                          # without the pair, 4V would be a fine discard
    assert ch.discard_ok(seat, seat.conc, None, (), K["4V"])


def test_rejects_eating_the_other_completer_of_a_declined_pair():
    # §6 rule a (364-366): 2V let go with 3V 4V; the 5V turned up is not eaten with them
    game, hands, stock = _table({0: "2V", 1: "3V 4V 6V 7V 9S"}, top=("5V",), keep="2V 5V")
    done = [_act(0, "discard", "2V"), _act(1, "draw", "5V")]
    rec = _record(game, hands, stock, done + [_act(1, "eat", "5V", ["3V", "4V", "5V"])])
    assert _broken(rec, "completing a declined pair")
    fine = _record(game, hands, stock, done + [_act(1, "eat", "5V", ["5V", "6V", "7V"])])
    assert _broken(fine, "log ends")


def test_rejects_passing_the_phong_that_chi_chi_nay_must_take():
    # §8 (432): waiting on Chi Chi alone with 9V 9V 8S, the 9V at another door is phỗng
    from test_to_tom_game import LEO_PAIR_WAIT

    game, hands, stock = _table({0: "9V", 2: LEO_PAIR_WAIT}, keep="9V")
    done = [_act(0, "discard", "9V")]
    assert _broken(_record(game, hands, stock, done + [_act(2, "pass", "9V")]), "compulsory")
    taken = _record(game, hands, stock, done + [_act(2, "phong", "9V", ["9V", "9V", "9V"])])
    assert _broken(taken, "log ends")


def test_judges_the_u_vong_right_after_the_dealers_first_discard():
    # to-tom-v2 §3 (406-407): player 2's thiên khai of 5V, player 1 waiting on 5V alone
    from test_to_tom_game import VONG_HAND

    game, hands, stock = _table({0: "9N", 1: VONG_HAND, 2: "5V 5V 5V 5V"}, keep="9N 5V")
    done = [_act(0, "discard", "9N")]
    # the 9N's own offer may not come first: player 1's ù vọng is due
    assert _broken(_record(game, hands, stock, done + [_act(1, "draw", "9N")]),
                   "ù vọng on 5V was due")
    assert _broken(_record(game, hands, stock, done + [_act(1, "u", "9N")]), "was due")
    won = _record(game, hands, stock, done + [dict(_act(1, "u", "5V"), stock=len(stock))])
    assert _broken(won, "thiên khai of player 2")           # vong_from must name the holder
    won["actions"][-1]["vong_from"] = 2
    won["result"] = {"winner": 1, "draw": False, "points": 8}
    assert check_record(won) > 0
    # declined, it is a bỏ ù: the 9N is then offered as usual, and player 1 may ù on nothing
    passed = _record(game, hands, stock, done + [_act(1, "pass", "5V")])
    assert _broken(passed, "log ends")


def test_the_selfplay_logs_the_u_vong_it_plays():
    from tetcli.to_tom_selfplay import selfplay

    record = selfplay(845, 4)       # the one ù vọng of the 1,000 seeded games
    last = record["actions"][-1]
    assert last["action"] == "u" and last["vong_from"] != last["player"]
    assert check_record(record) > 0
