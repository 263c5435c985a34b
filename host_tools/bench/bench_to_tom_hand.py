"""Tổ Tôm hand evaluation: ù checks, wait scans and the memo's heap, on seeded hands."""

import benchlib

from tet.core.rng import Rng
from tet.games.to_tom import hand as H
from tet.games.to_tom import wait_scan as W
from tet.games.to_tom import scoring as S
from tet.games.to_tom.cards import NKINDS

TITLE = "Tổ Tôm hand evaluation (to_tom_hand)"
HEAP = "160K"

HANDS = 40


def _dealt_hands(rng, count, size):
    """Hands of `size` cards dealt from shuffled 120-card decks."""
    hands = []
    for _ in range(count):
        deck = [k for k in range(NKINDS) for _ in range(4)]
        rng.shuffle(deck)
        counts = bytearray(NKINDS)
        for k in deck[:size]:
            counts[k] += 1
        hands.append(counts)
    return hands


def _template_list():
    """Runs of 3-5, bí and lưng groups, one card per member."""
    out = []
    for s in range(3):
        for start in range(7):
            for length in (3, 4, 5):
                if start + length <= 9:
                    out.append(tuple(range(9 * s + start, 9 * s + start + length)))
    for n in range(9):
        out.append((n, n + 9, n + 18))
    return out + list(H.LUNG_GROUPS)


def _winning_hand(rng, templates):
    """A 21-card hand that can ù, built from random phu (the way a hand looks near the end)."""
    while True:
        counts = bytearray(NKINDS)
        size = 0
        for _ in range(60):
            roll = rng.below(10)
            if roll < 6:
                members = templates[rng.below(len(templates))]
            elif roll < 8:
                members = (rng.choice((0, 9, 18, 27, 28, 29)),)
            else:
                members = (rng.below(NKINDS),) * 3
            if size + len(members) > 21:
                continue
            ok = True
            for m in members:
                if counts[m] >= 4:
                    ok = False
            if not ok:
                continue
            for m in members:
                counts[m] += 1
            size += len(members)
            if size == 21:
                break
        if size == 21 and H.can_u(counts):
            return counts


def _waiting_hands(rng, count):
    """20-card hands one card short of ù: a winning hand with one card taken out."""
    templates = _template_list()
    hands = []
    while len(hands) < count:
        counts = _winning_hand(rng, templates)
        kinds = [k for k in range(NKINDS) if counts[k]]
        counts[kinds[rng.below(len(kinds))]] -= 1
        hands.append(counts)
    return hands


def _dense_hands(rng, count, size=24):
    """Hands (24 cards unless `size`) on three numbers and the yêu, many copies: the search's
    hardest case."""
    hands = []
    for _ in range(count):
        numbers = []
        while len(numbers) < 3:
            n = rng.below(9)
            if n not in numbers:
                numbers.append(n)
        pool = [s * 9 + n for s in range(3) for n in numbers] + [27, 28, 29]
        counts = bytearray(NKINDS)
        got = 0
        while got < size:
            k = pool[rng.below(len(pool))]
            if counts[k] < 4:
                counts[k] += 1
                got += 1
        hands.append(counts)
    return hands


def _per_call_us(fn, hands, repeat):
    start = benchlib.now_us()
    for _ in range(repeat):
        for counts in hands:
            fn(counts)
    return benchlib.elapsed_us(start) / (repeat * len(hands))


def _full_hands(hands):
    """Each 20-card hand with the first kind it can still take added (21 cards)."""
    out = []
    for counts in hands:
        full = bytearray(counts)
        for k in range(NKINDS):
            if full[k] < 4:
                full[k] += 1
                break
        out.append(full)
    return out


def _worst_wait_scan_us(hands):
    """Slowest hand, each timed as the best of three runs (so a collection or a busy machine
    does not pick the hand)."""
    worst = 0
    for counts in hands:
        best = None
        for _ in range(3):
            start = benchlib.now_us()
            W.waits(counts)
            t = benchlib.elapsed_us(start)
            if best is None or t < best:
                best = t
        if best > worst:
            worst = best
    return worst


def _memo_probe(hands):
    """Most memo entries a wait scan leaves filled, and the heap the memos' tables take, made
    by the first search and kept (None on CPython): the same tables made again, measured."""
    most = 0
    H.begin()
    for counts in hands:
        H._cap[0] = 1
        W._open[0] = (1 << NKINDS) - 1
        st = H._state(counts)
        W._wait_mask(st, 0, 1, 1, H._hash(st))
        filled = sum(1 for v in H._memo_vals if v) + sum(1 for t in W._wait_tags if t)
        most = max(most, filled)
        H._forget()
        H.zero(W._wait_tags, W._WAIT_ZERO)
    base = benchlib.heap_used()
    tables = (H._table(H._SLOTS), H._table(W._WAIT_SLOTS))
    after = benchlib.heap_used()
    del tables
    return most, None if base is None or after is None else after - base


def main(args):
    """Report per-call times and the heap the evaluation holds."""
    rng = Rng(2026)
    dealt = _dealt_hands(rng, HANDS, 20)
    waiting = _waiting_hands(rng, HANDS)
    repeat = 3
    benchlib.report("ù check, 21 cards from a deal", "%.1f" % _per_call_us(
        H.can_u, _full_hands(dealt), repeat), "us", "can_u, %d hands" % HANDS)
    benchlib.report("ù check, 21 cards that win", "%.1f" % _per_call_us(
        H.can_u, [_add_first_wait(c) for c in waiting], repeat), "us", "can_u, %d hands" % HANDS)
    benchlib.report("wait scan, 20 dealt cards", "%.2f" % (_per_call_us(
        H.waits, dealt, repeat) / 1000), "ms", "waits(), mean of %d hands" % HANDS)
    benchlib.report("wait scan, 20 cards one short of ù", "%.2f" % (_per_call_us(
        H.waits, waiting, repeat) / 1000), "ms", "waits(), mean of %d hands" % HANDS)
    benchlib.report("wait scan, worst hand", "%.2f" % (_worst_wait_scan_us(dealt + waiting)
                                                      / 1000), "ms",
                    "slowest of the %d hands above" % (2 * HANDS))
    dense = _dense_hands(rng, 30)
    benchlib.report("wait scan, dense 24 cards (4 players)", "%.2f" % (_per_call_us(
        _four_player_waits, dense, 1) / 1000), "ms", "mean of 30 hands on three numbers")
    worst = 0
    for counts in dense:
        start = benchlib.now_us()
        _four_player_waits(counts)
        worst = max(worst, benchlib.elapsed_us(start))
    benchlib.report("wait scan, dense 24 cards, worst", "%.2f" % (worst / 1000), "ms",
                    "pathological: many copies of few kinds")
    worst, mean = _dense_worst(Rng(13), DENSE_MANY)
    benchlib.report("wait scan, worst of %d dense hands" % DENSE_MANY, "%.2f" % (worst / 1000),
                    "ms", "half 24 cards with four players, half 20 with five; mean %.2f ms"
                    % (mean / 1000))
    entries, held = _memo_probe(waiting)
    benchlib.report("memo entries, fullest wait scan", entries, "",
                    "of %d slots, emptied after each call"
                    % (H._SLOTS + W._WAIT_SLOTS))
    if held is not None:
        benchlib.report("heap of the memo tables", held, "B",
                        "made by the first search and kept: a search allocates nothing per step")
    score_start = benchlib.now_us()
    for counts in waiting[:10]:
        full = _add_first_wait(counts)
        for k in range(NKINDS):
            if full[k] and full[k] != counts[k]:
                S.score_win(full, [], k, {"from_stock": True})
                break
    benchlib.report("score_win (with its wait scan)", "%.2f" % (benchlib.elapsed_us(
        score_start) / 10000), "ms", "10 winning hands")


DENSE_MANY = 1000


def dense_mixed(rng, count):
    """Yield (counts, players) for `count` dense hands made one at a time from `rng` (so the
    heap holds one): even ones of 24 cards for four players, odd ones of 20 for five. The hands
    of the worst-of figure; device_probe's `wait_many` counts their instructions."""
    for i in range(count):
        players = 4 if i % 2 == 0 else 5
        yield _dense_hands(rng, 1, 24 if players == 4 else 20)[0], players


def _dense_worst(rng, count):
    """(worst, mean) µs of the wait scan over `count` dense hands (see dense_mixed). Each hand
    is timed as the best of three runs."""
    worst = total = 0
    for counts, players in dense_mixed(rng, count):
        best = None
        for _ in range(3):
            start = benchlib.now_us()
            W.waits(counts, (), players)
            t = benchlib.elapsed_us(start)
            if best is None or t < best:
                best = t
        total += best
        worst = max(worst, best)
    return worst, total / count


def _four_player_waits(counts):
    return W.waits(counts, (), 4)


def _add_first_wait(counts):
    full = bytearray(counts)
    found = W.waits(counts)
    full[found[0]] += 1
    return full
