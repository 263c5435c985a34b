"""Xấp Sắc: legal-play generation on a busy table, a computer move, heap during whole games."""

import benchlib
# the engine first: compiled from source in 160K, the engine (the bigger module) is parsed
# before the computer player's bytecode takes its share of the heap
from tet.games.xap_sac import engine as X
from tet.games.xap_sac.ai import HeuristicPlayer

TITLE = "Xấp Sắc"
HEAP = "160K"


def busy_position():
    """A 3-player game after computer play until at least 30 cards lie on the table, as Dẫn."""
    seed = 1
    while True:
        game = X.XapSac(3, seed)
        bots = [HeuristicPlayer(1) for _ in range(3)]
        while game.phase == X.PLAYING and len(game.table) < 36:
            play = bots[game.turn].choose(game)
            if play is None:
                game.pass_turn()
            else:
                game.play(play)
        if game.phase == X.PLAYING and len(game.hands[game.turn]) >= 6:
            game.mode = X.LEAD
            return game
        seed += 1


def whole_game_heap(players, seed):
    """Play one whole game between computer players; return (max live heap, moves)."""
    game = X.XapSac(players, seed)
    bots = [HeuristicPlayer(1) for _ in range(players)]
    peak = benchlib.heap_used()
    moves = 0
    while game.phase != X.GAME_OVER:
        if game.phase == X.ROUND_OVER:
            game.next_round()
            continue
        play = bots[game.turn].choose(game)
        if play is None:
            game.pass_turn()
        else:
            game.play(play)
        moves += 1
        if moves % 8 == 0:
            used = benchlib.heap_used()
            if used is not None and used > peak:
                peak = used
    return peak, moves


def generation_figures():
    """Timings on the busy position (its objects die with this call, before the heap figures)."""
    game = busy_position()
    hand = len(game.hands[game.turn])
    every = len(game.legal_plays())
    once = len(game.legal_plays(every_order=False))
    note = "%d cards on the table, leader holds %d" % (len(game.table), hand)
    benchlib.report("all legal plays, busy position (%d plays)" % every,
                    "%.2f" % (benchlib.timed(lambda: game.legal_plays(), 20) / 1000), "ms", note)
    benchlib.report("one play per card set (%d plays)" % once,
                    "%.2f" % (benchlib.timed(lambda: game.legal_plays(every_order=False), 20)
                              / 1000), "ms", note)
    game.mode = X.FOLLOW
    game.last = X.line_code(X.RUN3, 6, False)
    benchlib.report("following a run3 of 6 (%d plays)" % len(game.legal_plays()),
                    "%.2f" % (benchlib.timed(lambda: game.legal_plays(), 20) / 1000), "ms", note)
    benchlib.report("has a legal play (đền check)",
                    "%.3f" % (benchlib.timed(lambda: game.has_legal_play(), 20) / 1000), "ms",
                    note)
    game.mode = X.LEAD
    for level, name in ((1, "normal"), (2, "hard")):
        bot = HeuristicPlayer(level)
        benchlib.report("computer move as leader, %s (%d probes)" % (name, bot.probes),
                        "%.2f" % (benchlib.timed(lambda: bot.choose(game), 5) / 1000), "ms", note)


def worst_case_figures():
    """A fresh 3-player deal handed to a leader: 16 cards, every line from a Tứ Sắc open."""
    game = X.XapSac(3, 2)
    game.mode = X.LEAD
    # every order of every card set would be thousands of plays here: the device never lists
    # them (only `tet xs legal` does, on the desktop)
    note = "fresh 3-player deal as Dẫn, 16 cards in hand"
    benchlib.report("one play per card set, big lead (%d plays)"
                    % len(game.legal_plays(every_order=False)),
                    "%.2f" % (benchlib.timed(lambda: game.legal_plays(every_order=False), 5)
                              / 1000), "ms", note)
    bot = HeuristicPlayer(1)
    benchlib.report("computer move, big lead, normal",
                    "%.2f" % (benchlib.timed(lambda: bot.choose(game), 3) / 1000), "ms", note)


def main(args):
    base = benchlib.heap_used()
    generation_figures()
    worst_case_figures()
    for players, seed in ((4, 3), (3, 5), (2, 8)):
        peak, moves = whole_game_heap(players, seed)
        benchlib.report("heap in use during a %d-player game" % players, peak, "B",
                        "peak live heap, %d moves; %s B before (engine, AI, bench code)"
                        % (moves, base))
