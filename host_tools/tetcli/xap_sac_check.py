"""Is a loaded Xấp Sắc position one that play can reach? (used by `tet xs legal`)

tet.games.xap_sac.saved.load() checks a saved position's shape and its cards; check_position()
also refuses a well-formed position that no game reaches, naming the reason in a one-line
ValueError. Host code: resuming a game on the device never needs it.
"""

from tet.games.xap_sac.engine import (BOX_SIZE, DECK_14, FOLLOW, GAME_OVER, HAND_SIZE,
                                      LOWEST_NUMBER, MAX_LINE, MODE_NAMES, NUMBER, OPEN, PHASE_NAMES, PLAYING, STEP_X, STEP_Y,
                               TARGET, TS, card_code, deck_cards, key, key_x, key_y)

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
    _used, aside = deck_cards(game.deck, n)
    if len(game.box) != BOX_SIZE[n] + len(aside):
        raise ValueError("the box holds %d cards; with %d players it holds %d"
                         % (len(game.box), n, BOX_SIZE[n] + len(aside)))
    if game.deck == DECK_14:
        # the 1-14 deck sets aside the low numbers: all of them are in the box
        unused = 0
        for card in game.box:
            if NUMBER[card] < low:
                unused += 1
        if unused != (low - 1) * 4:
            raise ValueError("the box holds %d cards numbered below %d; with %d players it holds %d"
                             % (unused, low, n, (low - 1) * 4))


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
