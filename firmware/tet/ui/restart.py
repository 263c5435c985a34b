"""Restarting the board into a game, or into a part of one (tet.ui.next_boot opens it at the
next boot): the launcher opening another game than this boot's, and a shared table's lobby,
start and join, each on a boot of its own. Imported only at such a moment, right before the
restart, so its names never take room in the qstr pools of a boot that does not restart.
"""

from tet.registry import GAMES, ID, PACKAGE, TITLE
from tet.ui.next_boot import NOTE
from tet.ui.widgets import Message

OPENING = "Đang mở trò chơi…"


def can_restart(app):
    """True on a board that restarts MicroPython (hw.restart)."""
    return bool(getattr(app.hw, "restart", None))


def restart_into(app, entry, part=None, words=OPENING):
    """Note registry `entry` for the next boot and restart the board (hw.restart, which does
    not return), saying `words` on the screen meanwhile. `part` (a list: module, function
    name, then the function's arguments after the app, plain JSON values) opens that part of
    the game instead of its setup menu. The launcher restarts from its menu, where no game is
    open; a game's part only once its state is saved (a shared table: its save, or the
    table's code and address). Returns when the note cannot be written (a full flash): the
    caller then opens the game in this boot."""
    note = {"open": entry[PACKAGE]}
    if part:
        note["part"] = part
    try:
        app.storage.save(NOTE, note)
    except OSError:
        return
    opening = Message(app, entry[TITLE], words)
    opening.close_word = ""     # the board is restarting: no key to offer
    app.push(opening)
    app.redraw()
    app.hw.restart()


def restart_part(app, game_id, part, words=OPENING):
    """Restart a board that can into `part` of the game whose registry id is `game_id` (see
    restart_into): a shared table's lobby, its start, a guest's join. Returns when the board
    cannot restart, or cannot note it: the caller then opens the part in this boot."""
    if can_restart(app):
        for entry in GAMES:
            if entry[ID] == game_id:
                restart_into(app, entry, part, words)
