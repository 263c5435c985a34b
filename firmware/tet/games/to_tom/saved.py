"""A Tổ Tôm table read back from its save (its own hội's, or a shared one its host kept), and
opened from it: every table opens so, a new hội and each next game too (parts.TABLE_PART).
Loaded only then, with the save's checks (tet.games.to_tom.restore), and both let go after
each read (read_save forgets them)."""

from tet.core.app import forget_module
from tet.core.rng import Rng
from tet.games.to_tom.parts import HOST_MODULES, PLAY_MODULES, READ_MODULES, SAVE, load

RESTORE = "tet.games.to_tom.restore"


def read_save(data, finished=False):
    """(hội, game, rng, thap_hong_or_more, event) of a saved table; ValueError when this
    version cannot read it (a field of the wrong type or out of range, a finished game unless
    `finished`, a hội of another table)."""
    # the engine comes with the table's modules (READ_MODULES, one by one), not with this one
    from tet.games.to_tom import engine as T

    if type(data) is not dict:
        raise ValueError("Tổ Tôm save: not a dict")
    state = data.get("rng")
    thap = data.get("thap", 0)
    event = data.get("event", "")
    if type(state) is not int or not 0 < state < 1 << 32 or thap not in (0, 1) or \
            type(event) is not str or len(event) > 80:
        raise ValueError("Tổ Tôm save: table")
    rng = Rng(1)
    rng.state = state
    try:
        game = T.ToTom.from_dict(data.get("game"))
        hoi = T.Hoi.from_dict(data.get("hoi"))
    finally:
        # neither the save's checks (tet.games.to_tom.restore) nor this module are needed at
        # the table: both leave sys.modules now, and the heap once the caller drops read_save
        for name in (RESTORE, __name__):
            forget_module(name)
    if (game.phase == T.P_OVER and not finished) or hoi.n != game.n:
        raise ValueError("Tổ Tôm save: game")
    game.log = []
    return hoi, game, rng, thap, event


# A block kept while the save is read: the game it holds wants one of most of a kilobyte (its
# attributes' table), which the save's many small objects would otherwise cut up.
READ_ROOM = 1024


def open_saved(app):
    """The table of this gadget's saved hội, its modules imported anew (App.open_part: a new
    hội, each next game and a resumed one open so; the setup menu is not among them, and this
    module leaves with the read). A save that cannot be read is said, forgotten, and the setup
    menu shown.

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
        try:
            saved = read_save(data, True)
        except (KeyError, ValueError, TypeError, IndexError):
            _unreadable(app)
    data = None
    if saved is None:
        _setup(app)
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
        app.push(resume_host(app, data, read_save))
    except (KeyError, ValueError, TypeError, IndexError):
        _unreadable(app)
        _setup(app)


def _setup(app):
    from tet.games.to_tom.setup import start

    app.push(start(app))
