"""Restarting the board into a game, or into a part of one (tet.ui.next_boot opens it at the
next boot): the launcher opening another game than this boot's, and a shared table's lobby,
start and join, each on a boot of its own. Imported only at such a moment, right before the
restart, so its names never take room in the qstr pools of a boot that does not restart.
"""

from tet.games.registry import GAMES, ID, PACKAGE, TITLE
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


def entry_of(value, field=PACKAGE):
    """The registry entry whose `field` is `value` (the game's package by default)."""
    for entry in GAMES:
        if entry[field] == value:
            return entry
    raise ValueError(value)


def restart_into_part(app, module, name, words=OPENING):
    """Restart a board that can into function `name` of `module` (under tet.games.<package>),
    called with the app at the next boot. Returns when the board cannot restart."""
    if can_restart(app):
        restart_into(app, entry_of(module.split(".")[2]), [module, name], words)


def restart_lobby(app, game_id, module, chosen):
    """"Chơi chung" on a board that can restart: the lobby of a new table of game `game_id`
    (its `module` for shared tables, the setup menu's `chosen`) on a boot of its own
    (tet.ui.lobby.host_table). Returns when it cannot (the caller opens the lobby here)."""
    if can_restart(app):
        restart_into(app, entry_of(game_id, ID), ["tet.ui.lobby", "host_table", game_id, module,
                                                  chosen], "Đang mở bàn…")
