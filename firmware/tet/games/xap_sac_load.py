"""Checking and loading a saved Xấp Sắc position (the engine's to_dict() data).

Kept apart from the engine so the device only imports it when it resumes a saved game. Every
problem is a ValueError with a one-line message naming what is wrong. load() checks the data's
shape and the cards; check_position() also refuses well-formed positions that play cannot reach.
"""

from tet.games.xap_sac import (BOX_SIZE, FOLLOW, GAME_OVER, HAND_SIZE, LOWEST_NUMBER, MAX_LINE,
                               MODE_NAMES, NUM_CARDS, NUMBER, OPEN, PHASE_NAMES, PLAYING, STEP_X,
                               STEP_Y, TARGET, TS, TYPE_NAMES, card_code, key, key_x, key_y,
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

    def __init__(self):
        self.seen = bytearray(NUM_CARDS)
        self.ts = 0
        self.total = 0

    def add(self, code, where):
        card = parse_card(code)
        self.total += 1
        if card >= TS:
            self.ts += 1
            if self.ts > 2:
                raise ValueError("duplicate card TS (more than two Tứ Sắc)")
            return TS + self.ts - 1
        if self.seen[card]:
            raise ValueError("duplicate card %s (%s)" % (code, where))
        self.seen[card] = 1
        return card


def load(game, d):
    """Fill `game` (an XapSac made without __init__) from saved data `d`."""
    if not isinstance(d, dict):
        raise ValueError("a position must be a JSON object")
    n = _int(d, "players", 2, 4)
    game.players = n
    counter = _Counter()
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
    game.rng.state = _int(d, "rng", 1, 0xFFFFFFFF, game.rng.state)


# Cells of a round's starting row: Tứ Sắc at x = 0 and x = 5, the four dealt cards between.
START_ROW = 6


def _where(k):
    return "(%d, %d)" % (key_x(k), key_y(k))


def _check_layout(table):
    """The starting row is there, every card is joined to it, no line is longer than MAX_LINE."""
    for x in range(START_ROW):
        k = key(x, 0)
        if k not in table or (table[k] >= TS) != (x in (0, START_ROW - 1)):
            raise ValueError("the layout must keep its starting row: Tứ Sắc at (0, 0) and "
                             "(5, 0), four numbered cards between")
    seen = {key(0, 0): True}
    todo = [key(0, 0)]
    while todo:
        k = todo.pop()
        for step in (STEP_X, -STEP_X, STEP_Y, -STEP_Y):
            if k + step in table and k + step not in seen:
                seen[k + step] = True
                todo.append(k + step)
    for k in sorted(table):
        if k not in seen:
            raise ValueError("card %s at %s is not joined to the layout"
                             % (card_code(table[k]), _where(k)))
        for step in (STEP_X, STEP_Y):
            if table[k] >= TS or table.get(k - step, TS) < TS:
                continue
            length = 0
            while table.get(k + length * step, TS) < TS:
                length += 1
            if length > MAX_LINE:
                raise ValueError("a line of %d cards starts at %s: no line holds more than %d"
                                 % (length, _where(k), MAX_LINE))


def _check_cards(game):
    """Hands hold at most what was dealt; the box holds what the deal left there."""
    n = game.players
    low = LOWEST_NUMBER[n]
    for p in range(n):
        if len(game.hands[p]) > HAND_SIZE[n]:
            raise ValueError("hand %d holds %d cards, more than the %d dealt to %d players"
                             % (p, len(game.hands[p]), HAND_SIZE[n], n))
    unused = 0
    for card in game.box:
        if NUMBER[card] < low:
            unused += 1
    if len(game.box) != BOX_SIZE[n] + unused or unused != (low - 1) * 4:
        raise ValueError("the box holds %d cards; with %d players it holds %d (numbers below %d "
                         "among them)" % (len(game.box), n, BOX_SIZE[n] + (low - 1) * 4, low))


def _check_players(game):
    """The players out are those with no cards, in going-out order; turns follow the passes."""
    n = game.players
    playing = game.phase == PLAYING
    if playing and game.turn in game.out:
        raise ValueError("player %d is to move but is already out" % game.turn)
    for i, p in enumerate(game.out):
        if p in game.out[:i]:
            raise ValueError("player %d is listed as out twice" % p)
        if game.hands[p]:
            raise ValueError("player %d is listed as out but holds cards" % p)
    for p in range(n):
        if not game.hands[p] and p not in game.out:
            raise ValueError("player %d holds no cards but is not listed as out" % p)
    if not playing:
        return
    holders = game.holders()
    if len(holders) < 2:
        raise ValueError("the round is over (one player holds cards) but phase is play")
    if game.ket:
        raise ValueError("kẹt is set but the round is still in play")
    for p in range(n):
        want = n - 1 - game.out.index(p) if p in game.out else 0
        if game.round_points[p] != want:
            raise ValueError("round_points of player %d must be %d (the order of going out)"
                             % (p, want))
    started = len(game.table) > START_ROW
    if (game.mode == OPEN) == started:
        raise ValueError("mode %s but %s" % (MODE_NAMES[game.mode], "cards have been played"
                                             if started else "no card has been played"))
    if game.mode == FOLLOW:
        _check_follow(game, holders)
    else:
        _check_lead_passes(game)


def _check_follow(game, holders):
    """After a play the followers pass in turn; when all have passed the lead moves on."""
    last = game.last_player
    others = len(holders) - (1 if game.hands[last] else 0)
    if game.lead_passes or game.passes >= others:
        raise ValueError("%d passes after player %d's play: the lead would have moved on"
                         % (game.passes + len(game.lead_passes), last))
    turn = last
    for _ in range(game.passes + 1):
        turn = game.next_holder(turn)
    if game.turn != turn:
        raise ValueError("player %d is to move, but after %d passes following player %d's play "
                         "it is player %d" % (game.turn, game.passes, last, turn))


def _check_lead_passes(game):
    """Leaders pass in turn, each flagged with whether they held a play, until kẹt."""
    passers = [p for p, _held in game.lead_passes]
    if len(passers) >= len(game.holders()):
        raise ValueError("every player still in passed the lead: the round is kẹt")
    for i, (p, held) in enumerate(game.lead_passes):
        if not game.hands[p] or (i and p != game.next_holder(passers[i - 1])):
            raise ValueError("lead_passes must be players still in, in turn order")
        if held != game.has_legal_play(p):
            raise ValueError("lead_passes: player %d %s a legal play" % (p, "had no" if held
                                                                          else "had"))
    if passers and game.turn != game.next_holder(passers[-1]):
        raise ValueError("player %d is to move, but after player %d passed it is player %d"
                         % (game.turn, passers[-1], game.next_holder(passers[-1])))


def _check_scores(game):
    """Scores add up the finished rounds, the round number counts them, the phase fits them."""
    n = game.players
    for p in range(n):
        if game.scores[p] != sum(r[p] for r in game.rounds):
            raise ValueError("scores must add up the points of the finished rounds")
    finished = len(game.rounds) + (1 if game.phase == PLAYING else 0)
    if game.round_no != finished:
        raise ValueError("round %d does not follow %d finished rounds in phase %s"
                         % (game.round_no, len(game.rounds), PHASE_NAMES[game.phase]))
    top = max(game.scores)
    won = top >= TARGET[n] and game.scores.count(top) == 1
    if game.phase != PLAYING and won != (game.phase == GAME_OVER):
        raise ValueError("phase %s does not fit the scores %s" % (PHASE_NAMES[game.phase],
                                                                 game.scores))


def check_position(game):
    """Raise ValueError naming why a loaded position could not arise in play (see load()).

    Play keeps: the starting row, every card joined to the layout, lines of at most four cards,
    hands no bigger than dealt, the players out being those without cards, turns following the
    passes, no kẹt while the round is played, scores adding up the rounds.
    """
    _check_layout(game.table)
    _check_cards(game)
    _check_players(game)
    _check_scores(game)
