"""Tổ Tôm's end game (to-tom-v2 §7): with 7 cards left in the stock a take's discard must leave
the taker chờ, with fewer thành. Loaded when the end game first asks (engine._module), and
forgotten at the win: the games that a long evening plays only a few moves of never hold it.

Every take on offer is tried with every discard after it, the computer player weighs each take
with every discard again, and the discards after the take ask once more: the verdict on each
hand is kept in the game's `end_memo` for the card at the doors (the engine empties it when
the next card appears). Most forms of a take leave the same free cards (to-tom-v2 §1: the cards
of a laid entry that is not fixed regroup with the hand), so `key` names a hand by them.
"""

from tet.games.to_tom import laid as L
from tet.games.to_tom.cards import NKINDS
from tet.games.to_tom.state import NEED_THANH


def key(need, hand, laid, khan, bat=()):
    """What the verdict `need` (chờ or thành) on concealed `hand` beside laid entries `laid`,
    khàn `khan` and unsettled bất thực kinds `bat` depends on, as bytes: the free cards, each
    fixed entry's kind and size, the khàn and the bất thực."""
    out = bytearray(hand)
    for entry in laid:
        if L.is_fixed(entry):
            out.append(64 + entry[0] + (NKINDS if len(entry) == 4 else 0))
        else:
            for k in entry:
                out[k] += 1
    for k in khan:
        out.append(160 + k)
    out.append(200 + need)
    for k in bat:
        out.append(210 + k)
    return bytes(out)


def verdict(game, hand, need, laid, khan, bat=()):
    """What the end game judges of concealed `hand` (after the discard) beside `laid` and
    `khan` (a take lays its cards: `laid` is never empty here): for NEED_THANH whether it is
    thành, for NEED_CHO its waits (a tuple, empty when it is not chờ: an unsettled bất thực
    kind of `bat` must find its run, to-tom-v2 §4)."""
    k = key(need, hand, laid, khan, bat)
    memo = game.end_memo
    if memo is None:
        memo = game.end_memo = {}
    got = memo.get(k)
    if got is None:
        if need == NEED_THANH:
            got = L.thanh(hand, laid, khan)
        else:
            got = tuple(game.laid_waits(hand, laid, khan, bat))
        memo[k] = got
    return got
