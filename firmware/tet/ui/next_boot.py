"""One game per boot (see tet.ui.launcher): the note that asks the next boot for a game, and the
boot's first pass that opens it. Imported only for these two moments, and forgotten after the
second: the boot menu's heap holds none of its code (its dozen names stay interned)."""

from tet.core.app import forget_module
from tet.core.storage import MISSING
from tet.games.registry import GAMES, PACKAGE, TITLE
from tet.ui.widgets import Message

NOTE = "boot"  # the save naming the game the next boot opens: {"open": package}
OPENING = "Đang mở trò chơi…"


def restart_into(app, entry):
    """Note registry `entry` for the next boot and restart the board (hw.restart, which does
    not return), saying so on the screen meanwhile. Only the launcher restarts, from its menu:
    no game is open (none left unsaved, the radio off). Returns when the note cannot be
    written (a full flash): the caller then opens the game in this boot."""
    try:
        app.storage.save(NOTE, {"open": entry[PACKAGE]})
    except OSError:
        return
    opening = Message(app, entry[TITLE], OPENING)
    opening.close_word = ""     # the board is restarting: no key to offer
    app.push(opening)
    app.redraw()
    app.hw.restart()


def open_asked(app):
    """Open the game the last boot asked for, once: the note goes first, so a game that cannot
    open leaves the launcher shown at the boot after. Run by the app's loop (App.open_part),
    where running out of heap closes a game, not the gadget."""
    storage = app.storage
    obj, status = storage.load(NOTE)
    if status != MISSING:
        storage.delete(NOTE)
        asked = obj.get("open") if isinstance(obj, dict) else None
        launcher = app.stack[0]
        for i, entry in enumerate(GAMES):
            if entry[PACKAGE] == asked:
                launcher.index = i
                launcher.open(entry)
    forget_module(__name__)
