"""Tổ Tôm: the launcher's entry point, and a table read back from its save (this gadget's own
hội, or a shared table it hosts). Each part imports its modules as tet.games.to_tom.parts
lists them."""

from tet.games.to_tom.parts import HOST_MODULES, PLAY_MODULES, READ_MODULES, SAVE, load

# A block kept while the save is read: the game it holds wants one of most of a kilobyte (its
# attributes' table), which the save's many small objects would otherwise cut up.
READ_ROOM = 1024


def start(app):
    """The game's first screen: the setup menu (it offers to resume a saved game). It loads
    only what it shows: the engine and the table's screen come with a new hội (open_saved,
    on a heap of their own), the shared table's with "Chơi chung" or "Vào bàn"."""
    load(("tet.games.to_tom.setup",))
    from tet.games.to_tom.setup import Setup

    return Setup(app)


def open_saved(app):
    """The table of this gadget's saved hội, its modules imported anew (App.open_part: a new
    hội, each next game and a resumed one open so). A save that cannot be read is said,
    forgotten, and the setup menu shown.

    The save is read and checked with the engine alone: the computer players and the table's
    screen, a third of what a table loads, come after the save's data and its checks are
    gone, so the heap never holds both."""
    load(READ_MODULES)
    from tet.games.to_tom.engine import P_OVER
    from tet.games.to_tom.hand import begin

    begin()
    room = bytearray(READ_ROOM)
    data = app.load_game(SAVE)
    room = None
    saved = None
    if type(data) is dict and "table" in data:
        _open_hosted(app, data)
        return
    if data is not None:
        from tet.games.to_tom.saved import read_save

        try:
            saved = read_save(data, True)
        except (KeyError, ValueError, TypeError, IndexError):
            _unreadable(app)
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
    load(PLAY_MODULES[len(READ_MODULES):])
    from tet.games.to_tom.play import Table

    app.push(Table.from_save(app, hoi, game, rng, thap, event))


def _unreadable(app):
    from tet.ui.session import UNREADABLE

    app.forget_game(SAVE)
    app.notice = UNREADABLE


def _open_hosted(app, data):
    """The shared table this gadget hosts, from its save (a table just started in the lobby,
    or one resumed after a power cut): the radio goes on again and the guests get the table."""
    load(HOST_MODULES)
    from tet.games.to_tom.host_table import resume_host

    try:
        app.push(resume_host(app, data))
    except (KeyError, ValueError, TypeError, IndexError):
        _unreadable(app)
        app.push(start(app))
