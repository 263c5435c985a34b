"""Checking and loading a saved Xấp Sắc position (the engine's to_dict() data).

Kept apart from the engine so the device only imports it when it resumes a saved game. Every
problem is a ValueError with a one-line message naming what is wrong.
"""

from tet.games.xap_sac.engine import (XapSac, DECK_14, DECK_COPIES, DECK_TOP, DECKS, FOLLOW,
                                      MAX_LINE, MODE_NAMES, NUMBER, NUM_CARDS, PHASE_NAMES,
                                      PLAYING, STEP_X, STEP_Y, TS, TYPE_NAMES, card_code, key,
                                      line_code, parse_card)

COORD_LIMIT = 100


def _int(d, name, lo, hi, default=None):
    if name not in d:
        if default is None:
            raise ValueError("missing field %r" % name)
        return default
    v = d[name]
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError("field %r must be a whole number" % name)
    if v < lo or v > hi:
        raise ValueError("field %r must be %d..%d, got %d" % (name, lo, hi, v))
    return v


def _list(d, name, default=None):
    if name not in d:
        if default is None:
            raise ValueError("missing field %r" % name)
        return default
    v = d[name]
    if not isinstance(v, list):
        raise ValueError("field %r must be a list" % name)
    return v


def _bool(d, name, default):
    v = d.get(name, default)
    if not isinstance(v, bool):
        raise ValueError("field %r must be true or false" % name)
    return v


def _name(d, name, names, default):
    v = d.get(name, default)
    if v not in names:
        raise ValueError("field %r must be one of %s" % (name, ", ".join(names)))
    return names.index(v)


def _int_list(v, what, length, lo, hi):
    if not isinstance(v, list) or (length is not None and len(v) != length):
        raise ValueError("%s must be a list of %s whole numbers" % (what, length or "some"))
    for x in v:
        if not isinstance(x, int) or isinstance(x, bool) or x < lo or x > hi:
            raise ValueError("%s must hold whole numbers %d..%d" % (what, lo, hi))
    return list(v)


class _Counter:
    """Counts every card seen so duplicates and missing cards are reported by name."""

    def __init__(self, deck):
        self.seen = bytearray(NUM_CARDS)
        self.ts = 0
        self.total = 0
        self.top = DECK_TOP[deck]
        self.copies = DECK_COPIES[deck]

    def add(self, code, where):
        card = parse_card(code)
        self.total += 1
        if card >= TS:
            self.ts += 1
            if self.ts > 2:
                raise ValueError("duplicate card TS (more than two Tứ Sắc)")
            return TS + self.ts - 1
        if NUMBER[card] > self.top:
            raise ValueError("card %s is not in this deck (numbers 1-%d)" % (code, self.top))
        if self.seen[card] >= self.copies:
            raise ValueError("duplicate card %s (%s): the deck holds %d" % (code, where,
                                                                       self.copies))
        self.seen[card] += 1
        return card


def _check_layout(table):
    """ValueError unless the table is one group of touching cards and no line passes 4 cards
    (every play joins the layout, so a loose card or a long line was never played)."""
    start = next(iter(table))
    seen = {start}
    todo = [start]
    while todo:
        k = todo.pop()
        for step in (STEP_X, -STEP_X, STEP_Y, -STEP_Y):
            j = k + step
            if j in table and j not in seen:
                seen.add(j)
                todo.append(j)
    for k in table:
        if k not in seen:
            raise ValueError("card %s at (%d, %d) is not joined to the layout"
                             % (card_code(table[k]), (k >> 8) - 128, (k & 255) - 128))
    for k, c in table.items():
        for step in (STEP_X, STEP_Y):
            if c >= TS or 0 <= table.get(k - step, -1) < TS:
                continue
            n = 1
            while 0 <= table.get(k + n * step, -1) < TS:
                n += 1
            if n > MAX_LINE:
                raise ValueError("a line of %d cards from (%d, %d)" % (n, (k >> 8) - 128,
                                                                       (k & 255) - 128))


def load(game, d):
    """Fill `game` (an XapSac made without __init__) from saved data `d`."""
    if not isinstance(d, dict):
        raise ValueError("a position must be a JSON object")
    n = _int(d, "players", 2, 4)
    game.players = n
    # saves from before the 1-7 x 2 deck have no "deck" field and used 1-14
    deck = _name(d, "deck", DECKS, DECK_14)
    game.deck = DECKS[deck]
    counter = _Counter(deck)
    table = {}
    for cell in _list(d, "table"):
        if not isinstance(cell, dict):
            raise ValueError("table entries must be objects {code, x, y}")
        x = _int(cell, "x", -COORD_LIMIT, COORD_LIMIT)
        y = _int(cell, "y", -COORD_LIMIT, COORD_LIMIT)
        card = counter.add(cell.get("code"), "table")
        k = key(x, y)
        if k in table:
            raise ValueError("overlapping cells: two cards at (%d, %d)" % (x, y))
        table[k] = card
    hands = _list(d, "hands")
    if len(hands) != n:
        raise ValueError("hands must list %d hands, got %d" % (n, len(hands)))
    game.hands = []
    for p in range(n):
        if not isinstance(hands[p], list):
            raise ValueError("hand %d must be a list of card codes" % p)
        hand = [counter.add(code, "hand %d" % p) for code in hands[p]]
        if any(c >= TS for c in hand):
            raise ValueError("a Tứ Sắc card cannot be in a hand")
        hand.sort()
        game.hands.append(hand)
    box = [counter.add(code, "box") for code in _list(d, "box")]
    if any(c >= TS for c in box):
        raise ValueError("a Tứ Sắc card cannot be in the box")
    if counter.total != NUM_CARDS:
        raise ValueError("card counts: %d cards in table, hands and box, expected %d"
                         % (counter.total, NUM_CARDS))
    if counter.ts != 2:
        raise ValueError("the table must hold both Tứ Sắc")
    _check_layout(table)
    game.table = table
    game.box = box
    game.turn = _int(d, "turn", 0, n - 1)
    game.mode = _name(d, "mode", MODE_NAMES, None)
    game.phase = _name(d, "phase", PHASE_NAMES, "play")
    last = d.get("last")
    game.last = 0
    game.last_player = -1
    if game.mode == FOLLOW:
        if not isinstance(last, dict):
            raise ValueError("mode follow needs field 'last' {type, rank, xap, player}")
        typ = _name(last, "type", TYPE_NAMES, None)
        rank = _int(last, "rank", 1, 14)
        game.last = line_code(typ, rank, _bool(last, "xap", False))
        game.last_player = _int(last, "player", 0, n - 1)
    elif last is not None:
        raise ValueError("field 'last' must be null unless mode is follow")
    if game.phase == 0 and not game.hands[game.turn]:
        raise ValueError("player %d is to move but holds no cards" % game.turn)
    game.round_no = _int(d, "round", 1, 10000, 1)
    game.first = _int(d, "first", 0, n - 1, game.turn)
    game.starter = _int(d, "starter", 0, n - 1, game.first)
    game.passes = _int(d, "passes", 0, n, 0)
    game.lead_passes = []
    for entry in _list(d, "lead_passes", []):
        if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[1], bool)
                or not isinstance(entry[0], int) or not 0 <= entry[0] < n):
            raise ValueError("lead_passes entries must be [player, held_play]")
        game.lead_passes.append((entry[0], entry[1]))
    game.out = _int_list(d.get("out", []), "field 'out'", None, 0, n - 1)
    game.round_points = _int_list(d.get("round_points", [0] * n), "field 'round_points'", n,
                                  -100, 100)
    game.scores = _int_list(d.get("scores", [0] * n), "field 'scores'", n, -10000, 10000)
    game.rounds = [_int_list(r, "field 'rounds'", n, -100, 100) for r in _list(d, "rounds", [])]
    game.ket = _bool(d, "ket", False)
    if game.phase == PLAYING:
        if game.ket:
            raise ValueError("a kẹt ends the round, but the phase is play")
        for p in game.out:
            if game.hands[p]:
                raise ValueError("player %d is out but holds cards" % p)
        if len(game.holders()) < 2:
            raise ValueError("the round is over (fewer than two players hold cards)")
        if len(game.lead_passes) >= len(game.holders()):
            raise ValueError("every player passed the lead: that is a kẹt, not play")
    game.rng.state = _int(d, "rng", 1, 0xFFFFFFFF, game.rng.state)


def from_dict(d):
    """Rebuild a game from XapSac.to_dict() data; ValueError (one line) when it is malformed."""
    game = XapSac(2, 1, 0, False)
    load(game, d)
    return game
