"""The setup menu's entries for playing together ("Chơi chung", "Vào bàn"), in a module of
their own: only the games that can be shared load it, and tet.ui.lobby with the radio link
only once a table is opened."""

import gc

from tet.core.app import forget_module


def _at_the_table(screen, module):
    """`screen`, the game's table, about to replace the lobby (None: the game opened its table
    itself, App.open_part): the lobby and the game's entry module are not needed there, so
    their heap goes to the game."""
    for name in ("tet.ui.lobby", module):
        forget_module(name)
    return screen


def together_items(app, game_id, module, settings):
    """The "Chơi chung" (host a table) and "Vào bàn" (join one) entries of a game's setup menu.

    `module` names the game's module for shared tables, imported only when one is opened (with
    tet.ui.lobby and the radio link) and forgotten with the lobby once the game starts: it has
    `new_adapter(app, chosen)`, `start_table(app, host)` (the host's table screen, or None
    when it opened the table on a boot or heap of its own, tet.ui.lobby.open_from_save) and
    `guest_screen(app, guest)`; `settings()` gives what the setup menu chose (`chosen`: the
    number of players, house rules, names, as the game needs).
    """
    if not getattr(app.hw, "radio", None):
        return []   # a board without a radio (the web page) plays at one gadget only

    def host(menu):
        # the lobby on a boot of its own, where the board can restart
        from tet.ui.restart import restart_part

        restart_part(app, game_id, ["tet.ui.lobby", "host_table", game_id, module, settings()],
                     "Đang mở bàn…")
        # the table's modules come on a collected heap: their names may need the qstr pool
        # to grow, which takes one large block
        gc.collect()
        from tet.ui.lobby import HostLobby

        game = __import__(module, None, None, ("start_table",))
        app.push(HostLobby(app, game_id, game.new_adapter(app, settings()),
                           lambda table: _at_the_table(game.start_table(app, table), module)))

    def join(menu):
        gc.collect()
        from tet.ui.lobby import JoinList

        game = __import__(module, None, None, ("guest_screen",))
        app.push(JoinList(app, game_id, module,
                          lambda guest: _at_the_table(game.guest_screen(app, guest), module)))

    return [("Chơi chung", host), ("Vào bàn", join)]
