"""Tổ Tôm: the launcher's entry point. The engine, the computer players and the screens
(tet.games.to_tom.table, .setup) are imported one by one, smallest first, with a collection in
between, so that compiling them from source (a plain file install) fits the heap; from ROMFS or
frozen bytecode the collections cost nothing."""

import gc

# what a table plays with, in the order they are imported (smallest first)
PLAY_MODULES = ("tet.games.to_tom.cards", "tet.games.to_tom.hand", "tet.games.to_tom.engine",
                "tet.games.to_tom.ai", "tet.games.to_tom.table")


def _import(names):
    for name in names:
        gc.collect()
        __import__(name)
    gc.collect()


def start(app):
    """The game's first screen: the setup menu (it offers to resume a saved game)."""
    _import(PLAY_MODULES + ("tet.games.to_tom.setup",))
    from tet.games.to_tom.setup import Setup

    return Setup(app)


def open_saved(app):
    """The table of this gadget's saved hội, its modules imported anew (App.open_part: a new
    hội, each next game and a resumed one open so). A save that cannot be read is said,
    forgotten, and the setup menu shown."""
    _import(PLAY_MODULES)
    from tet.games.to_tom.hand import begin
    from tet.games.to_tom.table import ROOM, SAVE, Table

    begin()
    # a block kept while the save is read: the game it holds wants one of most of a kilobyte
    # (its attributes' table), which the save's many small objects would otherwise cut up
    room = bytearray(ROOM)
    data = app.load_game(SAVE)
    room = None
    gc.collect()
    table = None
    if data is not None:
        try:
            table = Table.from_save(app, data)
        except (KeyError, ValueError, TypeError, IndexError):
            from tet.ui.session import UNREADABLE

            app.forget_game(SAVE)
            app.notice = UNREADABLE
    data = None
    app.push(table if table is not None else start(app))
