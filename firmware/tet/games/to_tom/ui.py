"""Tổ Tôm: the launcher's entry point. The engine, the computer players and the screens
(tet.games.to_tom.table, .setup) are imported one by one, smallest first, with a collection in
between, so that compiling them from source (a plain file install) fits the heap; from ROMFS or
frozen bytecode the collections cost nothing."""

import gc

MODULES = ("tet.games.to_tom.cards", "tet.games.to_tom.hand", "tet.games.to_tom.engine",
           "tet.games.to_tom.ai", "tet.games.to_tom.table", "tet.games.to_tom.setup")


def start(app):
    """The game's first screen: the setup menu (it offers to resume a saved game)."""
    for name in MODULES:
        gc.collect()
        __import__(name)
    gc.collect()
    from tet.games.to_tom.setup import Setup

    return Setup(app)
