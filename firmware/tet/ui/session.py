"""A game's setup menu helpers: the session's first question, resume a saved game (leaving is
GameScreen.ask_leave), and the menu's rules page.

Kept apart from tet.ui.widgets so that only games load it (the boot menu does not need it).
"""

from tet.ui.widgets import Choice, Message

UNREADABLE = "Không đọc được ván đã lưu. Bắt đầu ván mới."


def offer_resume(app, name, title, build, spec=None, version=1, migrate=None):
    """If game `name` is saved, ask whether to go on with it; `build(saved)` returns its screen
    (or None when it opens one itself, e.g. through App.open_part).

    `spec`, `version`, `migrate`: what the save must be, as for `app.load_game`. A save the game
    cannot rebuild is reported, forgotten, and a new game starts.
    """
    saved = app.load_game(name, spec, version, migrate)
    if not saved:
        return

    def picked(index):
        if index == 1:
            app.forget_game(name)
            return
        try:
            screen = build(saved)
        except (KeyError, ValueError, TypeError, IndexError):
            app.forget_game(name)
            app.push(Message(app, title, UNREADABLE))
            return
        if screen is not None:
            app.push(screen)

    app.push(Choice(app, title, ["Tiếp tục ván trước", "Ván mới"], picked))


def rules_entry(app, module, title="Luật chơi"):
    """A menu item (label, action) that shows a game's short rules in a scrolling Message: the
    `RULES` text of the module named `module`, imported only when read so the rules use no heap
    until then."""

    def show(menu):
        text = __import__(module, None, None, ("RULES",)).RULES
        app.push(Message(app, title, text))

    return (title, show)
