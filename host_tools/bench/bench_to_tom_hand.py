"""Tổ Tôm hand evaluation: ù checks, wait scans and the memo's heap, on seeded hands."""

import benchlib

from tet.core.rng import Rng
from tet.games import to_tom_hand as H
from tet.games.to_tom_cards import NKINDS

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
    out = []
    for lst in H.TEMPLATES_BY_LOW:
        for tpl in lst:
            out.append(tpl[0])
    return out


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
    worst = 0
    for counts in hands:
        start = benchlib.now_us()
        H.waits(counts)
        t = benchlib.elapsed_us(start)
        if t > worst:
            worst = t
    return worst


def _memo_probe(hands):
    """Largest memo (entries, bytes of heap) a wait scan builds, from the module's own memo."""
    most = 0
    held = None
    for counts in hands:
        H._memo.clear()
        base = benchlib.heap_used()
        st = H._state(counts)
        for w in range(NKINDS):
            if st[w] < 4:
                st[w] += 1
                H._search(st, 0)
                st[w] -= 1
        if len(H._memo) > most:
            most = len(H._memo)
            after = benchlib.heap_used()
            held = None if base is None or after is None else after - base
        H._memo.clear()
    return most, held


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
    entries, held = _memo_probe(waiting)
    benchlib.report("memo entries, largest wait scan", entries, "", "kept only during one call")
    if held is not None:
        benchlib.report("heap held by the memo, largest wait scan", held, "B",
                        "freed when the call returns")
    score_start = benchlib.now_us()
    for counts in waiting[:10]:
        full = _add_first_wait(counts)
        for k in range(NKINDS):
            if full[k] and full[k] != counts[k]:
                H.score_win(full, [], k, {"from_stock": True})
                break
    benchlib.report("score_win (with its wait scan)", "%.2f" % (benchlib.elapsed_us(
        score_start) / 10000), "ms", "10 winning hands")


def _add_first_wait(counts):
    full = bytearray(counts)
    found = H.waits(counts)
    full[found[0]] += 1
    return full
