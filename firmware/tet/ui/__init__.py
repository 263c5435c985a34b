"""The shared shell above the games: launcher, Cài đặt, widgets and the game-session helpers;
`boot(hw)` starts the gadget.

The app starts on the board's hardware with, at the bottom of its screens, the launcher (the
boot menu, tet.ui.launcher), or, on a boot that opens a part of a game the last boot asked for
(a shared table's lobby, its table, a guest joining it: tet.ui.next_boot), a bare screen in the
launcher's place (tet.ui.part_base): such a boot holds neither the launcher's code nor the
registry's. Leaving the part restarts the board into the launcher, or into the game's setup
menu (tet.ui.together.reopen). Here, not in a module of its own, as every boot runs it."""

from tet.core.app import App
from tet.ui.widgets import Message


def declared_rules():
    """Every game's house rules (imported only while a settings file is checked at boot)."""
    from tet.ui.house_rules import all_rules

    return all_rules()


def show_notice(app, text):
    """Show a notice of the app (damaged settings, a save that failed) over the current screen."""
    app.push(Message(app, "Thông báo", text))


def boot(hw):
    """The app on hardware object `hw` with the launcher shown, or the part of a game the last
    boot asked for opening: the one way the gadget starts."""
    from tet.ui.next_boot import asks_part

    app = App(hw, declared_rules, show_notice)
    if asks_part(app.storage):
        from tet.ui.part_base import PartBase

        app.push(PartBase(app))
    else:
        from tet.ui.launcher import Launcher

        app.push(Launcher(app))
    app.open_part("tet.ui.next_boot", "open_asked")  # a game the last boot asked for
    return app
