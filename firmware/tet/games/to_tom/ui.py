"""Tổ Tôm: the launcher's entry point, and a table read back from its save. The engine, the
computer players and the screens (tet.games.to_tom.table, .setup) are imported one by one,
smallest first, with a collection in between, so that compiling them from source (a plain file
install) fits the heap; from ROMFS or frozen bytecode the collections cost nothing."""

import gc

# what a table plays with, in the order they are imported (smallest first): reading a save
# needs the first three; the computer players and the screen come once it is read
READ_MODULES = ("tet.games.to_tom.cards", "tet.games.to_tom.hand", "tet.games.to_tom.engine")
PLAY_MODULES = READ_MODULES + ("tet.games.to_tom.ai", "tet.games.to_tom.table")
# A block kept while the save is read: the game it holds wants one of most of a kilobyte (its
# attributes' table), which the save's many small objects would otherwise cut up.
READ_ROOM = 1024


def _import(names):
    for name in names:
        gc.collect()
        __import__(name)
    gc.collect()


def start(app):
    """The game's first screen: the setup menu (it offers to resume a saved game). The computer
    players are not imported here: a table of this gadget's own opens anew (open_saved), and a
    shared one loads them only for a seat the computer plays (table.new_player)."""
    _import(READ_MODULES + ("tet.games.to_tom.table", "tet.games.to_tom.setup"))
    from tet.games.to_tom.setup import Setup

    return Setup(app)


def open_saved(app):
    """The table of this gadget's saved hội, its modules imported anew (App.open_part: a new
    hội, each next game and a resumed one open so). A save that cannot be read is said,
    forgotten, and the setup menu shown.

    The save is read and checked with the engine alone: the computer players and the table's
    screen, a third of what a table loads, come after the save's data and its checks are
    gone, so the heap never holds both."""
    _import(READ_MODULES)
    from tet.games.to_tom.engine import P_OVER, SAVE
    from tet.games.to_tom.hand import begin

    begin()
    room = bytearray(READ_ROOM)
    data = app.load_game(SAVE)
    room = None
    saved = None
    if data is not None:
        from tet.games.to_tom.saved import read_save

        try:
            saved = read_save(data, True)
        except (KeyError, ValueError, TypeError, IndexError):
            from tet.ui.session import UNREADABLE

            app.forget_game(SAVE)
            app.notice = UNREADABLE
        read_save = None        # its module has left sys.modules: now it leaves the heap
    data = None
    if saved is None:
        app.push(start(app))
        return
    hoi, game, rng, thap, event = saved
    saved = None
    if game.phase == P_OVER:
        # saved at a result: the finished game leaves the heap before the next one is dealt
        game = None
        event = ""
    _import(PLAY_MODULES[len(READ_MODULES):])
    from tet.games.to_tom.table import Table

    app.push(Table.from_save(app, hoi, game, rng, thap, event))
