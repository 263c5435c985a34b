"""A game session's first questions: resume a saved game (leaving is GameScreen.ask_leave),
or play together with other gadgets.

Kept apart from tet.ui.widgets so that only games load it (the boot menu does not need it).
"""

from tet.ui.widgets import Choice, Message


def offer_resume(app, name, title, build, spec=None, version=1, migrate=None):
    """If game `name` is saved, ask whether to go on with it; `build(saved)` returns its screen.

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
            app.push(Message(app, title, "Không đọc được ván đã lưu. Bắt đầu ván mới."))
            return
        app.push(screen)

    app.push(Choice(app, title, ["Tiếp tục ván trước", "Ván mới"], picked))


def together_items(app, game_id, module, settings):
    """The "Chơi chung" (host a table) and "Vào bàn" (join one) entries of a game's setup menu.

    `module` names the game's module for shared tables, imported only when one is opened (with
    tet.ui.together and the radio link): it has `new_adapter(app, chosen)`, `host_screen(app,
    host)` and `guest_screen(app, guest)`; `settings()` gives what the setup menu chose (`chosen`:
    the number of players, house rules, names, as the game needs).
    """

    def host(menu):
        from tet.ui.together import HostLobby

        game = __import__(module, None, None, ("host_screen",))
        app.push(HostLobby(app, game_id, game.new_adapter(app, settings()),
                           lambda table: game.host_screen(app, table)))

    def join(menu):
        from tet.ui.together import JoinList

        game = __import__(module, None, None, ("guest_screen",))
        app.push(JoinList(app, game_id, lambda guest: game.guest_screen(app, guest)))

    return [("Chơi chung", host), ("Vào bàn", join)]
