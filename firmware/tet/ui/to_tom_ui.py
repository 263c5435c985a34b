"""Tổ Tôm: the launcher's entry point. The engine, the computer players and the screens
(tet.ui.to_tom_table) are imported one by one, smallest first, with a collection in between, so
that compiling them from source (a plain file install) fits the heap; from ROMFS or frozen
bytecode the collections cost nothing."""

import gc

MODULES = ("tet.games.to_tom_cards", "tet.games.to_tom_hand", "tet.games.to_tom",
           "tet.ai.to_tom_ai", "tet.ui.to_tom_table")


def start(app):
    """The game's first screen: the setup menu (it offers to resume a saved game)."""
    for name in MODULES:
        gc.collect()
        __import__(name)
    gc.collect()
    from tet.ui.to_tom_table import Setup

    return Setup(app)
