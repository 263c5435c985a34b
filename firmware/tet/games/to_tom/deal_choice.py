"""Tổ Tôm's choices at the deal (to-tom-v2 §3, seed 157-209): right after the deal, before the
dealer's first move, each player in turn from the dealer decides each kind dealt three times
(khàn face down, or bất thực) or four times (thiên khai, bất thực thiên khai, or khàn trình
phu), the default first. Loaded by the engine for the deal only and forgotten after it: play
never needs this bytecode."""

from tet.games.to_tom.cards import IS_RED, IS_YEU, NKINDS
from tet.games.to_tom.engine import PAIRS, PAIRS_AT
from tet.games.to_tom.state import BT_FOUR, P_DEAL, P_DISCARD


def pending(game):
    """The first (player, kind) still to decide, from the dealer counter-clockwise and in kind
    order, or None when the deal asks nothing more."""
    for i in range(game.n):
        p = (game.dealer + i) % game.n
        hand = game.hands[p]
        for k in range(NKINDS):
            # a bất thực keeps its cards (none is settled before the dealer's first move)
            if hand[k] >= 3 and k not in game.bat_thuc(p):
                return p, k
    return None


def turn(game):
    """Set `game` to its next choice at the deal (P_DEAL, its player to move) and return True,
    or to the dealer's first move when none is left."""
    got = pending(game)
    if got is not None:
        game._set(P_DEAL, got[0])
        return True
    game.first_move = True
    game._set(P_DISCARD, game.dealer)
    return False


def _others(game, p):
    """Player p's concealed cards of the kinds dealt fewer than three times (counts): what
    justifies a bất thực and lays a trình phu run."""
    hand = bytearray(game.hands[p])
    for k in game.bat_thuc(p):
        hand[k] = 0
    for k in range(NKINDS):
        if hand[k] >= 3:
            hand[k] = 0
    return hand


def allowed(game, p, k):
    """True when player p may declare kind k bất thực: a black yêu always (yêu hoàn, 197-200),
    a red one never (197); any other kind with two cards of kinds dealt fewer than three times
    that make a three-card phu with it, else it is trùng trục (206)."""
    if IS_YEU[k]:
        return not IS_RED[k]
    others = _others(game, p)
    for i in range(PAIRS_AT[k], PAIRS_AT[k + 1], 2):
        if others[PAIRS[i]] and others[PAIRS[i + 1]]:
            return True
    return False


def choices(game, p):
    """Player p's choices for the kind the deal asks about, as legal() gives them: the default
    first ("khan_down" or "thien_khai", arg the kind), then "bat_thuc" (arg the kind) when
    allowed, then for a four each "trinh_phu" (arg (kind, run))."""
    got = pending(game)
    if got is None:
        return []
    k = got[1]
    four = game.hands[p][k] == 4
    out = [("thien_khai" if four else "khan_down", k)]
    if allowed(game, p, k):
        out.append(("bat_thuc", k))
    if four:
        # a khàn trình phu (169-171): k in a run of two or more concealed cards, none of a kind
        # dealt three times or more (the takes' module, which the game's first card loads
        # anyway, is imported here only for a four: a game without one keeps its heap's order)
        from tet.games.to_tom.takes import runs_completed

        out += [("trinh_phu", (k, run)) for run in runs_completed(_others(game, p), k)]
    return out


def choose(game, p, action):
    """Play player p's choice `action` (one of choices()); the engine then asks the next."""
    name, arg = action
    hand = game.hands[p]
    if name == "bat_thuc":
        game.bat += bytes((p, arg, BT_FOUR if hand[arg] == 4 else 0))
        game._log(p, name, arg, None, hand[arg] == 4)
        return
    if name == "trinh_phu":
        k, run = arg
        for x in run:
            hand[x] -= 1
        hand[k] = 0
        game.khan[p].append(k)
        game.laid[p].append(run)
        game._log(p, name, k, run)
        return
    hand[arg] = 0
    if name == "khan_down":
        game.khan[p].append(arg)
        return
    phu = (arg,) * 4
    game.laid[p].append(phu)
    game._log(p, name, arg, phu)
