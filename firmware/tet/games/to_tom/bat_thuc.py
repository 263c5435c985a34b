"""Tổ Tôm's bất thực in play (to-tom-v2 §4, seed 175-209, 375-379): đánh xén, and the flags a
bất thực gathers (a copy discarded, settled by a take). Loaded in a game where somebody declared
one, and forgotten at the win."""

from tet.games.to_tom.state import BT_FOUR, BT_XEN


def _flags(game, p, k):
    bat = game.bat
    for i in range(0, len(bat), 3):
        if bat[i] == p and bat[i + 1] == k:
            return i + 2
    return -1


def mark(game, p, k, flag):
    """Add `flag` (state.BT_XEN, BT_SETTLED) to player p's bất thực of kind k."""
    at = _flags(game, p, k)
    game.bat[at] |= flag


def flagged(game, p):
    """(kinds dealt four times, kinds with a copy discarded) of player p's bất thực: the xướng's
    words at p's ù."""
    bat = game.bat
    four, gone = [], []
    for i in range(0, len(bat), 3):
        if bat[i] == p:
            if bat[i + 2] & BT_FOUR:
                four.append(bat[i + 1])
            if bat[i + 2] & BT_XEN:
                gone.append(bat[i + 1])
    return four, gone


def xen_ok(game, p, hand, x):
    """True when player p may discard a card of x, an unsettled bất thực kind of theirs, from
    concealed `hand` (đánh xén, 376-379): once only, and only when `hand` holds two (three for
    a thiên khai) disjoint three-card runs each through a copy of x, and a spare copy."""
    flags = game.bat[_flags(game, p, x)]
    if flags & BT_XEN or x >= 27:
        return False
    need = 3 if flags & BT_FOUR else 2
    if hand[x] < need + 1:
        return False
    suit = x - x % 9
    starts = [a for a in (x - 2, x - 1, x) if a >= suit and a + 2 <= suit + 8]
    return _runs_fit(hand, x, starts, 0, need)


def _runs_fit(hand, x, starts, first, need):
    # `need` more runs from starts[first:] on (a start may repeat), the cards of `hand`
    # besides x's copies used up as they are laid
    if not need:
        return True
    for i in range(first, len(starts)):
        run = [k for k in range(starts[i], starts[i] + 3) if k != x]
        if hand[run[0]] and hand[run[1]]:
            hand[run[0]] -= 1
            hand[run[1]] -= 1
            ok = _runs_fit(hand, x, starts, i, need - 1)
            hand[run[0]] += 1
            hand[run[1]] += 1
            if ok:
                return True
    return False

