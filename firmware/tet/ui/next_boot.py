"""One game per boot (see tet.ui.launcher): the boot's first pass, which opens the game, or the
part of one (a shared table: the host's lobby or table, or a guest joining it), that the last
boot asked for in its note (tet.ui.restart writes it). Imported at boot only, and forgotten
then: the boot menu's heap holds none of its code (its dozen names stay interned)."""

from tet.core.app import forget_module
from tet.core.storage import MISSING

# the save naming what the next boot opens: {"open": package} for the game's setup menu, with
# "part": [module, function name, arguments...] for function(app, *arguments) instead
NOTE = "boot"


def asks_part(storage):
    """True when the last boot asked for a part of a game (tet.ui's boot() then starts
    without the launcher)."""
    obj, status = storage.load(NOTE)
    return status != MISSING and isinstance(obj, dict) and isinstance(obj.get("part"), list)


def open_asked(app):
    """Open the game (or its part) the last boot asked for, once: the note goes first, so a
    game that cannot open leaves the launcher shown at the boot after. Run by the app's loop
    (App.open_part), where running out of heap closes a game, not the gadget."""
    storage = app.storage
    obj, status = storage.load(NOTE)
    forget_module(__name__)
    if status == MISSING:
        return
    storage.delete(NOTE)
    if not isinstance(obj, dict):
        return
    package, part = obj.get("open"), _part(obj.get("part"))
    base = app.stack[0]     # the launcher, or its stand-in below a part (tet.ui.part_base)
    if hasattr(base, "index"):
        # the launcher's boot, which the registry is loaded for anyway: the game highlighted,
        # its setup menu opened unless a part of it was asked for
        from tet.registry import GAMES, PACKAGE

        for i, entry in enumerate(GAMES):
            if entry[PACKAGE] == package:
                base.index = i
                break
        else:
            return
        if part is None:
            base.open(entry)
            return
    if part is not None:
        base.opened = package
        part[0](app, *part[1])


def _part(part):
    """(function, arguments) of a note's part, or None when it names none (or
    nothing this firmware has: a note from another version opens the setup menu)."""
    if not isinstance(part, list) or len(part) < 2 or not str(part[0]).startswith("tet."):
        return None
    try:
        return getattr(__import__(part[0], None, None, (part[1],)), part[1]), part[2:]
    except (ImportError, AttributeError, TypeError):
        return None
