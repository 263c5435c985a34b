"""Tổ Tôm game flow and computer players: heap during a game, time per decision, games/s."""

import gc

import benchlib

# imported leaf first with a collection in between (main), so that compiling these modules from
# source fits the 160K heap; on the device they are frozen bytecode
Player = Rng = ToTom = None
DEFAULT_NODES = 0
P_OVER = 5

TITLE = "Tổ Tôm: game flow and computer players"
# the engine figures fit 160K; the UI game below boots the launcher from .py sources, whose
# compilation needs more room than frozen/ROMFS bytecode on the device
HEAP = "320K"

GAMES = 12


def _game(seed, players, stats):
    """Play one bot game; update stats [decisions, total us, worst us, worst nodes, total nodes,
    peak heap over the baseline, wins]."""
    base = benchlib.heap_used()
    rng = Rng(seed)
    game = ToTom(players, seed % players, record=False)
    game.deal(rng)
    bots = [Player("bot", rng) for _ in range(players)]
    while game.phase != P_OVER:
        p = game.to_move()
        start = benchlib.now_us()
        action = bots[p].choose(game, p)
        took = benchlib.elapsed_us(start)
        game.apply(p, action)
        stats[0] += 1
        stats[1] += took
        if took > stats[2]:
            stats[2] = took
        stats[4] += bots[p].nodes
        if bots[p].nodes > stats[3]:
            stats[3] = bots[p].nodes
        if base is not None and stats[0] % 4 == 0:
            used = benchlib.heap_used() - base
            if used > stats[5]:
                stats[5] = used
    if game.winner >= 0:
        stats[6] += 1


def _imports():
    global Player, Rng, ToTom, DEFAULT_NODES
    gc.collect()
    from tet.core.rng import Rng
    gc.collect()
    import tet.games.to_tom.hand  # noqa: F401
    gc.collect()
    from tet.games.to_tom.engine import ToTom
    gc.collect()
    from tet.games.to_tom.ai import DEFAULT_NODES, Player
    gc.collect()


def _ui_game():
    """Play one game through the screens on fake hardware; return (heap after loading, peak heap
    during the game over it)."""
    from fake_hw import new_app
    from test_to_tom_ui_game import play_ui_game

    app = new_app("ttgo_tdisplay")
    # import the game as the launcher does (its screens stay loaded for the game played below)
    __import__("tet.games.to_tom.setup", None, None, ("start",)).start(app)
    loaded = benchlib.heap_used()
    peak = [0]

    def sample():
        used = benchlib.heap_used() - loaded
        if used > peak[0]:
            peak[0] = used

    play_ui_game(app, sample)
    return loaded, peak[0]


def main(args):
    _imports()
    benchlib.report("heap after loading the Tổ Tôm modules", benchlib.heap_used(), "B",
                    "bytecode compiled from source; frozen on the device")
    for players in (5, 4):
        stats = [0, 0, 0, 0, 0, 0, 0]
        start = benchlib.now_us()
        for seed in range(GAMES):
            _game(seed, players, stats)
        total = benchlib.elapsed_us(start)
        tag = "%d players" % players
        benchlib.report("bot decision, mean (%s)" % tag, "%.2f" % (stats[1] / stats[0] / 1000),
                        "ms", "%d decisions in %d games" % (stats[0], GAMES))
        benchlib.report("bot decision, worst (%s)" % tag, "%.2f" % (stats[2] / 1000), "ms",
                        "node budget %d" % DEFAULT_NODES)
        benchlib.report("search nodes per decision (%s)" % tag, "%.0f" % (stats[4] / stats[0]),
                        "nodes", "worst %d" % stats[3])
        benchlib.report("games per second (%s)" % tag, "%.2f" % (GAMES * 1000000 / total),
                        "games/s", "%d of %d games won, the rest drawn" % (stats[6], GAMES))
        benchlib.report("heap in use during a game (%s)" % tag,
                        stats[5] if benchlib.MICROPYTHON else None, "B",
                        "peak over the heap before the deal, sampled every 4 decisions")
    if benchlib.MICROPYTHON:
        loaded, peak = _ui_game()
        benchlib.report("heap: launcher and Tổ Tôm loaded (from .py)", loaded, "B",
                        "fonts and bytecode compiled into the heap; ROMFS keeps them in flash")
        benchlib.report("heap in use during a game through the screens", peak, "B",
                        "engine, 4 computer players, table screen, saves: over the loaded heap")
