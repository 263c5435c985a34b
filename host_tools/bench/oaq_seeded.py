"""Seeded Ô Ăn Quan games between the computer's levels, the same on CPython and MicroPython.

Game `index` of `players` opens with two random moves from its own seed, as `tet oaq match`
does, then level A of the pairing `PAIRINGS[index % 6]` takes seat `(index // 6) % players` and
level B every other seat (one searcher for B's seats, as the Máy – Máy demo plays them all).
tests/test_o_an_quan_ai_games.py plays 200 of them for each number of players (each must end
within 300 plies) and compares every move micropython makes in some of them with CPython's;
host_tools/bench/oaq_match_results.py reports their longest game and how many the stall rule
ended.

    micropython mp_prelude.py r run oaq_seeded PLAYERS FIRST COUNT
"""

from tet.core.rng import Rng
from tet.games.o_an_quan.ai import Searcher, level_nodes
from tet.games.o_an_quan.engine import Game, format_move

LEVELS = ("de", "vua", "kho")
PAIRINGS = tuple((a, b) for i, a in enumerate(LEVELS) for b in LEVELS[i:])
SEED = 21
OPENING_MOVES = 2
MAX_PLIES = 2000     # far beyond any game the stall rule lets run


def seeded_game(players, index):
    """Play game `index` of `players` to its end; return (game, its moves as text, pairing)."""
    a, b = PAIRINGS[index % len(PAIRINGS)]
    seat = (index // len(PAIRINGS)) % players
    rng = Rng(SEED * 7919 + players * 1000 + index)
    game = Game(players)
    moves = []
    for _ in range(OPENING_MOVES):
        square, step = rng.choice(game.legal_moves())
        game.play(square, step)
        moves.append(format_move(square, step))
    searchers = (Searcher(players), Searcher(players))
    budgets = (level_nodes(a, players), level_nodes(b, players))
    while not game.over and len(moves) < MAX_PLIES:
        side = 0 if game.turn == seat else 1
        square, step, _value = searchers[side].search(game.state, budgets[side])
        game.play(square, step)
        moves.append(format_move(square, step))
    return game, moves, (a, b)


def report_line(players, index):
    """One line for game `index`: players, index, plies, whether the stall rule ended it, the
    scores and every move."""
    game, moves, _pairing = seeded_game(players, index)
    return "%d %d %d %d %s %s" % (players, index, len(moves), game.stalled,
                                  ",".join(["%d" % s for s in game.scores()]), " ".join(moves))


def main(args):
    """Print report_line for games FIRST .. FIRST + COUNT - 1 of PLAYERS players."""
    players, first, count = int(args[0]), int(args[1]), int(args[2])
    for index in range(first, first + count):
        print(report_line(players, index))
