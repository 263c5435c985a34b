"""Tổ Tôm v2's ù with laid phu (to-tom-v2.md §1, §4's bất thực condition): laid.py against the
seed's worked examples and against an independent brute force (to_tom_v2_reference.py) on
thousands of seeded positions.

`laid` is imported inside each test so that the file collects on its own. v1 (to-tom.md: laid
phu frozen, the concealed cards thành alone) is hand.can_u with every laid entry and khàn
exposed as laid. The seeded comparison counts the positions v2's regrouping and kèm decide
otherwise than v1 and asserts there are many, so that it is not made only where the two agree.
"""

import random

from tet.games.to_tom import hand as H
from tet.games.to_tom.cards import CODES, NKINDS

import to_tom_v2_reference as R

KIND = {code: k for k, code in enumerate(CODES)}


def cards(text):
    """Count vector of the space-separated short codes in `text`."""
    cnt = [0] * NKINDS
    for code in text.split():
        cnt[KIND[code]] += 1
    return cnt


def entry(text):
    """A laid entry (list of kinds) from space-separated short codes."""
    return [KIND[code] for code in text.split()]


def v1_can_u(concealed, laid, khan, players):
    """v1's answer: laid entries and khàn stay as laid, the concealed cards must be thành."""
    if any(H.classify(e) is None for e in laid):
        return False
    return H.can_u(bytearray(concealed), list(laid) + [[k] * 3 for k in khan], players)


def check(fn_name, expected, concealed, *args, **kw):
    """Assert the hand-worked answer, the reference's and laid.py's agree."""
    assert getattr(R, "ref_" + fn_name)(list(concealed), *args, **kw) == expected
    from tet.games.to_tom import laid
    mine = walked_max_lung if fn_name == "max_lung" else getattr(laid, fn_name)
    assert mine(bytearray(concealed), *args, **kw) == expected


def wins_only_in_v2(text, laid=(), khan=(), lung=None):
    """The concealed cards `text` beside `laid` and `khan`: 21 cards that ù in v2 (their splits
    having `lung` lưng at most, when given) and not in v1. Returns their count vector."""
    hand = cards(text)
    assert sum(R.own_cards(hand, laid, khan)) == 21
    if lung is not None:
        check("max_lung", lung, hand, laid, khan)
    check("can_u", True, hand, laid, khan)
    assert not v1_can_u(hand, laid, khan, 5)
    return hand


# ---- the seed's worked examples (numbers: seed lines) ----

def test_phong_7n_with_3v_3s_in_hand_is_two_lung_one_a_tom():   # 522-523
    laid = [entry("7N 7N 7N")]
    check("max_lung", 2, cards("3V 3S"), laid)
    # a full hand: 3V 3S have no other phu; the rest has no lưng
    hand = wins_only_in_v2("3V 3S 5V 6V 7V 8V 5S 6S 7S 8S 4N 5N 6N 1N 1V CC TT OC", laid, lung=2)
    check("can_u", True, hand, laid, players=4)   # bí tứ's two lưng (seed 522)


def test_phong_8n_with_2v_2s_in_hand():                          # 302
    laid = [entry("8N 8N 8N")]
    check("max_lung", 2, cards("2V 2S"), laid)
    wins_only_in_v2("2V 2S 5V 6V 7V 5S 6S 7S 4N 5N 6N 7N 9V 9N 9S 1N CC OC", laid, lung=2)


def test_phong_4s_lends_to_a_bi_with_an_extra_copy():            # 305
    laid = [entry("4S 4S 4S")]
    check("max_lung", 1, cards("4V 4V 4N"), laid)
    hand = wins_only_in_v2("4V 4V 4N 1S 2S 3S 5S 6S 7S 7N 8N 9N 7V 8V 9V 1N TT OC", laid, lung=1)
    check("can_u", False, hand, laid, players=4)


def test_phong_with_a_laid_copy_leaves_cards_that_borrow_from_it():   # 304-305; §2
    # a laid Tôm gave its 7N to a phỗng: 3V 3S stay laid beside it and still make a Tôm
    laid = [entry("7N 7N 7N"), entry("3V 3S")]
    check("max_lung", 2, cards("1V"), laid)
    # a laid bí 4V 4V 4N 4S gave its 4S: 4V 4V 4N borrow it back
    laid = [entry("4S 4S 4S"), entry("4V 4V 4N")]
    check("max_lung", 1, cards("CC"), laid)
    check("can_u", False, cards("CC"), laid, players=4)
    # the remnant's cards are free: here 3V and 3S can only end concealed runs
    laid = [entry("7N 7N 7N"), entry("3V 3S")]
    check("max_lung", 1, cards("1V 2V 4S 5S"), laid)


def test_no_kem_into_a_run_and_one_group_per_fixed_entry():      # 301, 312; §1 "one"
    # 4V 6V around a phỗng 5V: never a run with a lent 5V
    check("max_lung", -1, cards("4V 6V"), [entry("5V 5V 5V")])
    # a Tôm and a bí of 7 both want the 7N: it lends once only ...
    check("max_lung", -1, cards("3V 3S 7V 7S"), [entry("7N 7N 7N")])
    check("max_lung", 2, cards("3V 3S 7V 7S 7N"), [entry("7N 7N 7N")])
    # ... but one Tôm with extra copies takes them all: still a single lưng from the group
    check("max_lung", 2, cards("3V 3V 3S 3S"), [entry("7N 7N 7N")])
    # a fixed entry of four lends as well; a face-down khàn never does
    check("max_lung", 2, cards("3V 3S"), [entry("7N 7N 7N 7N")])
    check("max_lung", -1, cards("3V 3S"), [], [KIND["7N"]])


def test_nam_binh_laid_gives_a_3v_back_to_a_concealed_4v_5v():   # 306-313
    laid = [entry("3V 3V 3V 3N 3S")]
    check("max_lung", 0, cards("4V 5V"), laid)
    wins_only_in_v2("4V 5V 1N 2N 3N 7V 8V 9V 6S 7S 8S 6N 7N 8N CC TT", laid, lung=1)


def test_laid_3v_4v_5v_wins_on_6v_and_a_thap_thanh_hand_wins_on_what_fits_a_laid_phu():  # 404
    laid = [entry("3V 4V 5V")]
    rest = "1N 2N 3N 9N 1V 1S 2S 3S 4S 5S 7S 8S 9S 4N 5N 6N CC"
    wins_only_in_v2("6V " + rest, laid)
    waits = R.ref_waits(cards(rest), laid)
    assert {KIND["2V"], KIND["6V"]} <= set(waits)
    assert set(R.YEU) <= set(waits)
    check("waits", waits, cards(rest), laid)
    # thập thành: a laid run, bí, lưng group and phỗng, the concealed cards thành with a lưng
    laid = [entry("3V 4V 5V"), entry("6N 6V 6S"), entry("9S TT OC"), entry("2N 2N 2N")]
    rest = cards("7N 8N 9N 7S 8S 9S CC 1V")
    assert sum(rest) + 12 == 20
    waits = R.ref_waits(rest, laid)
    for code in ("2V", "6V", "6N", "6S", "9S", "TT", "OC", "2N", "1N", "1S"):
        assert KIND[code] in waits, code
    check("waits", waits, rest, laid)


def test_khan_fourth_card_completes_it_or_serves_elsewhere():    # 417 "tiền ù hậu dậy"
    khan = [KIND["3N"]]
    # the winning 3N has no other phu: it completes the khàn
    wins_only_in_v2("3N 1V 2V 3V 4V 5S 6S 7S 9N 1S 1N TT OC 6V 7V 8V 9V CC", [], khan)
    # the winning 3N must make a run with 4N 5N, the khàn staying three (as in v1)
    hand = cards("3N 4N 5N 1V 2V 3V 4V 5S 6S 7S 9N 1S 1N TT OC 6V 7V 8V")
    assert sum(hand) + 3 == 21
    check("can_u", True, hand, [], khan)
    assert v1_can_u(hand, [], khan, 5)
    # the fourth of a laid phỗng completes it
    wins_only_in_v2("5S 1V 2V 3V 4V 6N 7N 8N 9N 1S 1N TT OC 6V 7V 8V 9V CC", [entry("5S 5S 5S")])


def test_bat_thuc_needs_a_free_copy_in_a_run_not_a_treo_khan():   # 506, 175-209
    rest = "1N 2N 3N 6S 7S 8S 9N 1V 1S CC TT OC"
    hand = cards("4V 4V 4V " + rest)
    bt = [KIND["4V"]]
    check("can_u", True, hand)
    check("can_u", False, hand, bat_thuc=bt)
    check("max_lung", 3, hand)
    # a fourth copy in a run places it
    hand = cards("4V 4V 4V 4V 5V 6V " + rest)
    check("can_u", True, hand, bat_thuc=bt)
    check("can_u", True, hand, bat_thuc=bt, bi_hoan=False)
    # a black yêu needs nothing (yêu hoàn, 197-200)
    hand = cards("1N 1N 1N 6S 7S 8S 9N 1V 1S CC TT OC")
    check("can_u", True, hand, bat_thuc=[KIND["1N"]])


def test_bi_hoan_places_a_bat_thuc_copy_held_only_in_a_bi():      # 201-205
    hand = cards("5V 5V 5V 5N 5S 1N 2N 3N 7S 8S 9S CC TT")
    bt = [KIND["5V"]]
    check("can_u", True, hand, bat_thuc=bt)
    check("can_u", False, hand, bat_thuc=bt, bi_hoan=False)
    # a kèm group counts as well: 3V held only in the Tôm the phỗng 7N lends to
    laid = [entry("7N 7N 7N")]
    hand = cards("3V 3V 3V 3S 5S 6S 7S CC")
    bt = [KIND["3V"]]
    check("can_u", True, hand, laid, bat_thuc=bt)
    check("can_u", False, hand, laid, bat_thuc=bt, bi_hoan=False)
    check("can_u", True, hand, laid)


# ---- seeded positions ----

def _runs():
    return [[9 * s + i for i in range(lo, lo + n)]
            for s in range(3) for n in (3, 4, 5) for lo in range(10 - n)]


RUNS = _runs()
SHAPES = [list(b) for b in R.BIS] + [list(g) for g in R.GROUPS]
TEMPLATES = RUNS + SHAPES


class Position:
    """A player's cards being built: concealed counts, laid entries, khàns, at most four a kind."""

    def __init__(self):
        self.concealed = [0] * NKINDS
        self.laid = []
        self.khan = []
        self.own = [0] * NKINDS

    def fits(self, kinds):
        return all(self.own[k] + kinds.count(k) <= 4 for k in set(kinds))

    def hide(self, kinds):
        for k in kinds:
            self.concealed[k] += 1
            self.own[k] += 1

    def lay(self, kinds):
        self.laid.append(list(kinds))
        for k in kinds:
            self.own[k] += 1

    def size(self):
        return sum(self.own)


def _with_extras(rnd, kinds):
    """kinds plus a copy or two of some of them."""
    return kinds + [rnd.choice(kinds) for _ in range(rnd.choice((0, 0, 1, 2)))]


def _kem_partners(rnd, k):
    """Free cards that make a bí or lưng group with a card lent by a fixed entry of kind k."""
    shapes = [s for s in SHAPES if k in s]
    if not shapes:
        return []
    return _with_extras(rnd, [m for m in rnd.choice(shapes) if m != k])


def _lay_something(rnd, pos):
    """Lay one entry (and perhaps the concealed cards that regroup with it or borrow from it)."""
    r = rnd.random()
    k = rnd.randrange(NKINDS)
    if r < 0.45:        # a phỗng, dậy khàn or thiên khai; often with partners to lend to
        fixed = [k] * (3 if r < 0.33 else 4)
        extra = _kem_partners(rnd, k) if rnd.random() < 0.7 else []
        if pos.fits(fixed + extra):
            pos.lay(fixed)
            pos.hide(extra)
    elif r < 0.55:      # a phỗng with a laid copy: the fixed triple beside what is left
        shapes = [s for s in SHAPES if k in s]
        if shapes and len(pos.laid) < 2:
            rest = [m for m in rnd.choice(shapes) if m != k]
            if pos.fits([k] * 3 + rest):
                pos.lay([k] * 3)
                pos.lay(rest)
    elif r < 0.7:       # a laid run, often with a concealed card that extends it
        run = rnd.choice(RUNS)
        s, lo, hi = run[0] // 9, run[0] % 9, run[-1] % 9
        ends = [9 * s + n for n in (lo - 1, hi + 1) if 0 <= n <= 8]
        extra = [rnd.choice(ends)] if ends and rnd.random() < 0.5 else []
        if pos.fits(run + extra):
            pos.lay(run)
            pos.hide(extra)
    elif r < 0.82:      # a laid bí, sometimes năm binh: a copy regroups into a concealed run
        n = rnd.randrange(9)
        bi = _with_extras(rnd, [n, 9 + n, 18 + n])
        extra = []
        if rnd.random() < 0.5:
            x = rnd.choice(bi)
            bi.append(x)
            s, num = divmod(x, 9)
            lo = rnd.choice([a for a in (num - 2, num - 1, num) if 0 <= a <= 6])
            extra = [9 * s + i for i in range(lo, lo + 3) if i != num]
        if pos.fits(bi + extra):
            pos.lay(bi)
            pos.hide(extra)
    elif r < 0.94:      # a laid lưng group
        group = _with_extras(rnd, list(rnd.choice(R.GROUPS)))
        if pos.fits(group):
            pos.lay(group)
    else:               # a lone yêu
        y = rnd.choice(R.YEU)
        if pos.fits([y]):
            pos.lay([y])


def position(rnd, size):
    """Cards of one player, `size` in all: 0-3 laid entries, 0-2 khàns, then concealed phu and
    stray cards."""
    pos = Position()
    for _ in range(rnd.choice((0, 1, 1, 2, 2, 3, 3))):
        if pos.size() <= size - 8 and len(pos.laid) < 3:
            _lay_something(rnd, pos)
    for _ in range(rnd.choice((0, 0, 1, 1, 2))):
        k = rnd.randrange(NKINDS)
        if pos.own[k] == 0 and pos.size() <= size - 6:
            pos.khan.append(k)
            pos.own[k] += 3
            if rnd.random() < 0.4:
                pos.hide([k])
    for _ in range(300):
        if pos.size() >= size:
            break
        r = rnd.random()
        if r < 0.6:
            add = list(rnd.choice(TEMPLATES))
        elif r < 0.7:
            add = [rnd.randrange(NKINDS)] * 3
        elif r < 0.85:
            add = [rnd.choice(R.YEU)]
        else:
            add = [rnd.randrange(NKINDS)]
        if pos.size() + len(add) <= size and pos.fits(add):
            pos.hide(add)
    while pos.size() < size:
        k = rnd.randrange(NKINDS)
        if pos.fits([k]):
            pos.hide([k])
    return pos


def describe(pos, players, bat_thuc=()):
    """A position in short codes, for assertion messages."""
    def codes(kinds):
        return " ".join(CODES[k] for k in kinds)
    hidden = [k for k in range(NKINDS) for _ in range(pos.concealed[k])]
    return "concealed %s | laid %s | khàn %s | %d players | bất thực %s" % (
        codes(hidden), " / ".join(codes(e) for e in pos.laid), codes(pos.khan), players,
        codes(bat_thuc))


def free_counts(pos):
    free = list(pos.concealed)
    for e in pos.laid:
        if not R.is_fixed(e):
            for k in e:
                free[k] += 1
    return free


def pick_bat_thuc(rnd, pos):
    """0-2 unsettled bất thực kinds: not a red yêu, no fixed entry or khàn of it, a free copy."""
    free = free_counts(pos)
    fixed = set(e[0] for e in pos.laid if R.is_fixed(e)) | set(pos.khan)
    options = [k for k in range(27) if free[k] and k not in fixed]
    many = [k for k in options if free[k] >= 3]
    out = []
    for _ in range(rnd.choice((0, 0, 1, 1, 2)) if options else 0):
        pool = many if many and rnd.random() < 0.5 else options
        k = rnd.choice(pool)
        if k not in out:
            out.append(k)
    return out


def positions(seed, count, sizes):
    """Seeded (position, players, bất thực) triples; sizes are 5-player sizes (+4 for 4)."""
    rnd = random.Random(seed)
    for _ in range(count):
        players = 4 if rnd.random() < 0.3 else 5
        size = rnd.choice(sizes) + (4 if players == 4 else 0)
        pos = position(rnd, size)
        if not any(pos.concealed):
            continue
        yield pos, players, pick_bat_thuc(rnd, pos)


def test_reference_without_laid_cards_agrees_with_v1s_engine():
    """With nothing laid the reference is v1's search: hand.py, itself checked against a brute
    force (test_to_tom_hand_bruteforce.py), must give the same answers."""
    thanh = 0
    for pos, players, _ in positions(10, 600, (3, 9, 15, 20, 21)):
        cnt = [0] * NKINDS
        for k in range(NKINDS):
            cnt[k] = pos.own[k]
        best = R.ref_max_lung(cnt)
        assert H.max_lung(bytearray(cnt)) == best, cnt
        assert R.ref_can_u(cnt, players=players) == H.can_u(bytearray(cnt), [], players), cnt
        thanh += best >= 0
    assert 150 < thanh < 500


def walked_max_lung(concealed, laid=(), khan=()):
    """Most lưng over laid.walk's settings of all the cards (-1 when not thành): the walk's
    settings, each split by hand.max_lung, the set-aside phu's lưng added."""
    from tet.games.to_tom import hand as H
    from tet.games.to_tom import laid as L

    best = [-1]

    def visit(free, aside, lends):
        got = H.max_lung(free)
        if got >= 0:
            best[0] = max(best[0], got + H.exposed_lung(aside))
        return False

    L.walk(concealed, laid, khan, visit)
    return best[0]


def test_can_u_and_max_lung_match_the_reference_on_seeded_positions():
    from tet.games.to_tom import laid as L
    tally = {"positions": 0, "wins": 0, "v1_differs": 0, "kem_matters": 0, "bat_thuc_matters": 0,
             "bi_hoan_matters": 0, "thanh": 0}
    for i, (pos, players, bt) in enumerate(positions(11, 2500, (21,))):
        need = 2 if players == 4 else 1
        args = (pos.concealed, pos.laid, pos.khan)
        full, found = R.ref_analyse(*args, bat_thuc=bt)
        best = max(found.values(), default=-1)
        win = found.get(full, -1) >= need
        # entries and khàns as laid.py may get them: lists, or tuples every other time
        seen = (pos.laid, pos.khan) if i % 2 else ([tuple(e) for e in pos.laid], tuple(pos.khan))
        assert walked_max_lung(bytearray(pos.concealed), *seen) == best, describe(pos, players)
        assert L.thanh(bytearray(pos.concealed), *seen) == (best >= 0), describe(pos, players)
        assert L.can_u(bytearray(pos.concealed), *seen, players, bt) == win, \
            describe(pos, players, bt)
        tally["positions"] += 1
        tally["thanh"] += best >= 0
        tally["wins"] += win
        v1 = v1_can_u(*args, players)
        assert not v1 or best >= need, describe(pos, players)    # v2 only adds ways to split
        tally["v1_differs"] += (best >= need) != v1
        tally["bat_thuc_matters"] += (best >= need) != win
        if any(R.is_fixed(e) for e in pos.laid):     # else there is nothing to lend
            _, no_kem = R.ref_analyse(*args, kem=False)
            tally["kem_matters"] += (max(no_kem.values(), default=-1) >= need) != (best >= need)
        if bt:
            strict = R.ref_can_u(*args, players=players, bat_thuc=bt, bi_hoan=False)
            assert L.can_u(bytearray(pos.concealed), *seen, players, bt, False) == strict, \
                describe(pos, players, bt) + " | no bí hoàn"
            tally["bi_hoan_matters"] += strict != win
    print(tally)
    assert tally["positions"] > 2000
    assert 0.3 < tally["wins"] / tally["positions"] < 0.8
    assert tally["v1_differs"] > 300
    assert tally["kem_matters"] > 150
    assert tally["bat_thuc_matters"] > 50
    assert tally["bi_hoan_matters"] > 20


def _waits_both_ways(concealed, laid, khan, players, bat_thuc):
    """The reference's waits with the bất thực kinds and without them (one search per kind)."""
    need = 2 if players == 4 else 1
    own = R.own_cards(concealed, laid, khan)
    strict, loose = [], []
    for w in range(NKINDS):
        if own[w] < 4:
            full, found = R.ref_analyse(_plus(concealed, w), laid, khan, bat_thuc)
            if found.get(full, -1) >= need:
                strict.append(w)
            if max(found.values(), default=-1) >= need:
                loose.append(w)
    return strict, loose


def _plus(cnt, w):
    out = list(cnt)
    out[w] += 1
    return out


def test_waits_match_the_reference_on_seeded_positions():
    from tet.games.to_tom import laid as L
    tally = {"positions": 0, "waiting": 0, "v1_differs": 0, "bat_thuc_matters": 0}
    rnd = random.Random(12)
    for pos, players, _ in positions(13, 300, (21,)):
        # one concealed card out: a hand that often waits
        k = rnd.choice([k for k in range(NKINDS) if pos.concealed[k]])
        pos.concealed[k] -= 1
        bt = pick_bat_thuc(rnd, pos)
        args = (pos.concealed, pos.laid, pos.khan, players, bt)
        expected, loose = _waits_both_ways(*args)
        if tally["positions"] < 20:     # the reference's own ref_waits says the same
            assert R.ref_waits(*args) == expected
        assert L.waits(bytearray(pos.concealed), *args[1:]) == expected, describe(pos, players, bt)
        tally["positions"] += 1
        tally["waiting"] += bool(expected)
        tally["bat_thuc_matters"] += expected != loose
        own = R.own_cards(*args[:3])
        v1 = [w for w in range(NKINDS)
              if own[w] < 4 and v1_can_u(_plus(pos.concealed, w), pos.laid, pos.khan, players)]
        tally["v1_differs"] += v1 != loose
    print(tally)
    assert tally["waiting"] > 100
    assert tally["v1_differs"] > 60
    assert tally["bat_thuc_matters"] > 10


def test_the_tables_pruned_wait_scan_matches_the_reference():
    # the table searches only the kinds that could win (engine.ToTom.laid_waits): never one
    # fewer than the reference finds, on 20-card positions of every laying
    from tet.games.to_tom import engine as T
    rnd = random.Random(5)
    waiting = 0
    for pos, players, _ in positions(17, 300, (21,)):
        k = rnd.choice([k for k in range(NKINDS) if pos.concealed[k]])
        pos.concealed[k] -= 1
        game = T.ToTom(players, 0)
        expected = R.ref_waits(pos.concealed, pos.laid, pos.khan, players)
        got = game.laid_waits(bytearray(pos.concealed), pos.laid, pos.khan)
        assert got == expected, describe(pos, players)
        waiting += bool(expected)
    assert waiting > 100


def test_the_end_games_waits_are_the_references_after_every_take_and_discard():
    # The end game (§7) keeps its verdict on each hand for the card at the doors, found by the
    # free cards, fixed entries and khàn it judged (end_game.key), and the computer players
    # read those waits: with 7 cards left, after every take on offer and every discard after it,
    # they must be the reference's for exactly that hand, laid entries and khàn. The positions:
    # the seeded five-player games of the device benchmarks (device_probe).
    from device_probe import _to_tom_decisions
    from tet.games.to_tom.cards import IS_YEU
    from tet.games.to_tom.state import END_CHO

    checked = waiting = 0
    for game, p, _move, _bot in _to_tom_decisions():
        if checked >= 100:
            break
        if game.left != END_CHO:
            continue
        for name, arg in [a for a in game.legal(p) if a[0] in ("eat", "phong")]:
            pending = game.take_effect(p, game.card, name, arg)
            hand = bytearray(game.hands[p])
            for k in pending[0]:
                hand[k] -= 1
            for x in range(NKINDS):
                if hand[x] and not IS_YEU[x]:
                    hand[x] -= 1
                    want = R.ref_waits(hand, pending[1], pending[2], 5)
                    assert list(game.end_waits(p, hand, pending)) == want, (p, name, arg, x)
                    hand[x] += 1
                    checked += 1
                    waiting += bool(want)
    assert checked >= 100 and waiting > 10


def test_the_end_games_kept_verdicts_tell_the_laid_entries_apart():
    # the same concealed cards beside other laid entries (one more fixed entry, or one more
    # free run) are other hands: the kept verdict of one must not answer for another, though
    # they are judged for the same card at the doors (one memo)
    from tet.games.to_tom import engine as T
    from tet.games.to_tom.state import END_CHO

    rnd = random.Random(4)
    differ = 0
    for pos, players, _ in positions(19, 200, (17,)):
        own = R.own_cards(pos.concealed, pos.laid, pos.khan)
        free = [m for m in range(25) if m % 9 < 7 and not (own[m] or own[m + 1] or own[m + 2])]
        if not free or any(pos.concealed[k] for k in pos.khan):
            continue    # (play never leaves a khàn's kind concealed: its fourth is dậy khàn)
        m = rnd.choice(free)
        game = T.ToTom(players, 0)
        game.left = END_CHO
        hand = bytearray(pos.concealed)
        wants = set()
        for laid in (pos.laid, pos.laid + [(m, m, m)], pos.laid + [(m, m + 1, m + 2)]):
            pending = ((), laid, pos.khan, (), False, -1)
            want = R.ref_waits(hand, laid, pos.khan, players)
            assert list(game.end_waits(0, hand, pending)) == want, describe(pos, players)
            wants.add(tuple(want))
        differ += len(wants) > 1
    assert differ > 20
