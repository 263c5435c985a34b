"""Reading a Tổ Tôm save back (GameState.from_dict, ScoreSheet.from_dict): every field checked, in a
module of its own since play never needs it (only a resume and a guest at a shared table do):
from .mpy files its bytecode would otherwise hold the heap through every game."""

from tet.games.to_tom.cards import NKINDS

try:
    from micropython import const
except ImportError:     # CPython (host tools): a constant is its value
    const = int

MAX_PAIRS = 96      # declined pairs a seat may keep: many more than a game makes
# a laid phu: a run of a whole suit is 9 cards, a bí or lưng group with copies up to 12
_MAX_PHU = const(12)
_MAX_HAND = const(25)       # concealed cards of one player (24 with four players, +1 at the door)
_MAX_POINTS = const(100000)
_MAX_GAMES = const(100000)

# What a save may hold: tet.games.to_tom.state (which calls this module) passes itself as `T`,
# so that this module does not import it back.


def game_from_dict(T, cls, d, whole=True):
    """GameState.from_dict: `T` the state module, `cls` the game's class (engine.ToTom, or a
    guest's seen.SeenGame, read with whole False)."""
    _learn(T)
    _need(type(d) is dict, "not a dict")
    n = _int(d, "n", 4, 5)
    players = n - 1
    g = cls(n, _int(d, "dealer", 0, players), _int(d, "sp", -1, players),
            _int(d, "st", 0, 1000), record=False)
    g.hands = _per_player(d, "hands", n, _counts, 4, _MAX_HAND)
    g.khan = [list(k) for k in _per_player(d, "khan", n, kinds, NKINDS, 8)]
    laid = _field(d, "laid", list)
    _need(len(laid) == n, "laid")
    g.laid = []
    for lp in laid:
        _need(type(lp) is list and len(lp) <= 12, "laid")
        entries = [tuple(kinds(phu, NKINDS, _MAX_PHU)) for phu in lp]
        # an entry lends at most one card of the three or more laid: never empty
        _need(all(entries), "laid")
        g.laid.append(entries)
    g.banned = _per_player(d, "banned", n, _counts, 1, NKINDS)
    g.door_passed = _per_player(d, "passed", n, _counts, 1, NKINDS)
    if "fb" in d or "bu" in d:
        g.forbid = _per_player(d, "fb", n, counted, 1, NKINDS)
        g.took = _per_player(d, "took", n, counted, 1, NKINDS)
        g.thrown = _per_player(d, "thrown", n, counted, 4, T.MAX_STOCK)
        g.bo_u = kinds(d.get("bu"), 2, n)
        _need(len(g.bo_u) == n, "bu")
    if "dp" in d:
        g.pairs = _per_player(d, "dp", n, kinds, NKINDS, 2 * MAX_PAIRS)
        _need(all(len(b) % 2 == 0 for b in g.pairs), "dp")
    g.stock = kinds(d.get("stock"), NKINDS, T.MAX_STOCK)
    g.left = len(g.stock)
    g.pile = kinds(d.get("pile"), NKINDS, T.MAX_STOCK)
    g.pile_door = kinds(d.get("pile_door"), n, T.MAX_STOCK)
    _need(len(g.pile_door) == len(g.pile), "pile_door")
    g.phase = _int(d, "phase", T.P_DISCARD, T.P_DEAL)
    g.actor = _int(d, "actor", -1, players)
    g.card = _int(d, "card", -1, NKINDS - 1)
    g.door = _int(d, "door", -1, players)
    g.src = _int(d, "src", 0, T.SRC_PASSED)
    g.discarder = _int(d, "discarder", -1, players)
    g.stage = _int(d, "stage", T.ST_U, T.ST_VONG)
    g.u_queue = list(kinds(d.get("uq"), n, n))
    # ù vọng's thiên khai still to ask about: holder and kind, each a thiên khai of the holder
    # (a save from before it has none)
    g.vong = kinds(d.get("vg", ""), NKINDS, 2 * n * 5)
    _need(len(g.vong) % 2 == 0 and (not whole or (g.stage == T.ST_VONG) == bool(g.vong)), "vg")
    for i in range(0, len(g.vong), 2):
        _need(g.vong[i] < n and (g.vong[i + 1],) * 4 in g.laid[g.vong[i]], "vg")
    # bất thực: holder, kind (never a red yêu), flags; a kind once per holder (none before v2)
    g.bat = kinds(d.get("bt", ""), NKINDS, 3 * n * 8)
    _need(len(g.bat) % 3 == 0, "bt")
    for i in range(0, len(g.bat), 3):
        p, k = g.bat[i], g.bat[i + 1]
        _need(p < n and k < 27 and g.bat[i + 2] < 8, "bt")
        _need(all(g.bat[j:j + 2] != g.bat[i:i + 2] for j in range(0, i, 3)), "bt")
    g.take_card = _int(d, "tc", -1, NKINDS - 1)
    g.take_phu = tuple(kinds(d.get("tp"), NKINDS, 2 * _MAX_PHU))
    # version 3 had no take but a dậy khàn lay four identical cards, and no entry lend
    g.take_khan = _field(d, "tk", bool) if "tk" in d else T.is_khan(g.take_phu)
    lent = d.get("lent", [[]] * n)
    _need(type(lent) is list and len(lent) == n, "lent")
    g.lent = [list(kinds(lent[p], len(g.laid[p]), len(g.laid[p]))) for p in range(n)]
    g.first_move = _field(d, "first", bool)
    g.winner = _int(d, "winner", -1, players)
    g.next_dealer = _int(d, "next", -1, players)
    score = d.get("score")
    _need(score is None or type(score) is dict, "score")
    g.score = score
    g.extra = _int(d, "extra", -1, NKINDS - 1)
    if whole:
        _check_cards(T, g)
        _check_turn(T, g)
    return g


def _check_cards(T, g):
    """Every kind's four cards are somewhere: hands, khàn, laid phu, stock, pile, the door."""
    seen = bytearray(NKINDS)
    for p in range(g.n):
        for k in range(NKINDS):
            seen[k] += g.hands[p][k]
        for k in g.khan[p]:
            seen[k] += 3
        for phu in g.laid[p]:
            for k in phu:
                seen[k] += 1
    for part in (g.stock, g.pile):
        for k in part:
            seen[k] += 1
    # the card at the door: still there, unless a finished game's winner holds it (an ù on a
    # card at a door leaves it at the door: the win is scored with it, the hand is not changed)
    if g.card >= 0 and (g.phase != T.P_OVER or seen[g.card] == 3):
        seen[g.card] += 1
    for k in range(NKINDS):
        _need(seen[k] == 4, "the cards do not add up")


def _check_turn(T, g):
    """A game in progress has someone to move with at least one legal move."""
    if g.phase == T.P_OVER:
        return
    _need(g.actor >= 0 and (g.phase in (T.P_DISCARD, T.P_DEAL)) == (g.card < 0), "phase")
    _need(g.phase in (T.P_DISCARD, T.P_DEAL) or g.door >= 0, "door")
    _need(g.phase != T.P_U or (g.u_queue and g.u_queue[0] == g.actor), "ù queue")
    _need(g.phase != T.P_KHAN or g.card in g.khan[g.actor], "khàn")
    _need(g.phase != T.P_EAT or g.actor == g.door, "door")
    try:
        ok = bool(g.legal(g.actor))
    except (IndexError, KeyError, TypeError, AttributeError):
        ok = False
    _need(ok, "no move to make")


def hoi_from_dict(T, cls, d):
    """ScoreSheet.from_dict: `T` the state module, `cls` the hội's class (state.ScoreSheet, or
    engine.Hoi)."""
    _need(type(d) is dict, "not a dict")
    n = _int(d, "n", 4, 5)
    h = cls(n, _int(d, "dealer", 0, n - 1), _int(d, "target", 1, 10000))
    scores = _field(d, "scores", list)
    _need(len(scores) == n, "scores")
    for v in scores:
        _need(type(v) is int and -_MAX_POINTS <= v <= _MAX_POINTS, "scores")
    h.scores = list(scores)
    h.last_winner = _int(d, "last", -1, n - 1)
    h.streak = _int(d, "streak", 0, 1000)
    h.games = _int(d, "games", 0, _MAX_GAMES)
    history = _field(d, "history", list)
    _need(len(history) <= h.games, "history")
    h.history = []
    for x in history:
        _need(type(x) is list and len(x) == 2, "history")
        h.history.append((_in_range(x[0], -1, n - 1), _in_range(x[1], 0, _MAX_POINTS)))
    return h


# an ASCII code -> its value in the save's ALPHABET, 255 for any other (filled by _learn)
_VALUE = bytearray(b"\xff" * 256)


def _learn(T):
    letters = T.LETTERS
    for i in range(len(letters)):
        _VALUE[letters[i]] = i


def _need(ok, what):
    if not ok:
        raise ValueError("Tổ Tôm save: " + what)


def _field(d, key, kind):
    v = d.get(key)
    _need(type(v) is kind, key)
    return v


def _in_range(x, lo, hi):
    """x when it is an int (not a bool) in lo..hi, else ValueError."""
    if type(x) is not int or not lo <= x <= hi:
        raise ValueError("Tổ Tôm save: a number out of range")
    return x


def _int(d, key, lo, hi):
    v = d.get(key)
    _need(type(v) is int and lo <= v <= hi, key)
    return v


def kinds(v, limit, size):
    """A bytearray of values below `limit` from a packed string (version 2) or a list of ints
    (version 1) of at most `size` items."""
    _need((type(v) is str or type(v) is list) and len(v) <= size, "cards")
    if isinstance(v, list):
        out = bytearray(len(v))
        for i in range(len(v)):
            out[i] = _in_range(v[i], 0, limit - 1)
        return out
    # one table lookup per character: a guest at a shared table reads a whole game each move
    out = bytearray(v.encode())
    _need(len(out) == len(v), "cards")
    for i in range(len(out)):
        x = _VALUE[out[i]]
        if x >= limit:
            raise ValueError("Tổ Tôm save: a number out of range")
        out[i] = x
    return out


def _counts(v, top, total):
    """A 30-slot count vector of values 0..top summing to at most `total`."""
    out = kinds(v, top + 1, NKINDS)
    _need(len(out) == NKINDS and sum(out) <= total, "counts")
    return out


def counted(v, top, total):
    """A 30-slot count vector of values 0..top from the kinds it counts (pack_counted), at most
    `total` of them."""
    out = bytearray(NKINDS)
    for k in kinds(v, NKINDS, total):
        _need(out[k] < top, "counts")
        out[k] += 1
    return out


def _per_player(d, key, n, parse, a, b):
    v = _field(d, key, list)
    _need(len(v) == n, key)
    return [parse(x, a, b) for x in v]
