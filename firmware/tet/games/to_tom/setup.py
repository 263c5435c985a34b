"""Tổ Tôm's entry point and setup menu: a new hội (the number of players from the house rule), playing together
("Chơi chung", "Vào bàn"), the hand checker, the rules; and resuming a saved table, this
gadget's own hội or a shared one it hosted (host_table.py, loaded only then)."""

from tet.core.app import forget_module
from tet.games.to_tom.parts import PLAY_MODULES, READ_MODULES, SAVE, TABLE_PART, load
from tet.ui.session import offer_resume, rules_entry
from tet.ui.share_menu import together_items
from tet.ui.widgets import Menu

CHECKER_MODULES = ("tet.games.to_tom.checker", "tet.games.to_tom.scoring",
                   "tet.games.to_tom.wait_scan", "tet.games.to_tom.laid_score",
                   "tet.games.to_tom.laid")


def start(app):
    """The game's first screen: the setup menu (it offers to resume a saved game). It loads
    only what it shows: the engine and the table's screen come with a new hội (saved.open_saved,
    on a heap of their own), the shared table's with "Chơi chung" or "Vào bàn"."""
    return Setup(app)


def resume(app, data):
    """A saved table, this gadget's own hội or a shared one it hosted, opens from its save on a
    heap of its own (App.open_part, as each game does), a shared one on a boot of its own where
    the board can restart, as the lobby's start opens it (tet.ui.lobby.open_from_save): None,
    no screen here."""
    if type(data) is dict and "table" in data:
        from tet.ui.restart import restart_part

        restart_part(app, "totom", [TABLE_PART, "open_saved"])
    app.open_part(TABLE_PART, "open_saved")


class Setup(Menu):
    """New hội: number of players (from the house rule), then Bắt đầu; Kiểm bài opens the hand
    checker (tet.games.to_tom.checker)."""

    def __init__(self, app):
        self.players = app.rule("totom", "players", 5)
        self.thap_hong_or_more = app.rule("totom", "thap_hong_or_more", 0)
        items = [("Bắt đầu hội mới", self._begin),
                 (lambda: "Số người: %d" % self.players, self._toggle_players)]
        items += together_items(app, "totom", "tet.games.to_tom.share",
                                lambda: (self.players, self.thap_hong_or_more))
        items += [("Kiểm bài", self._open_checker), rules_entry(app, "tet.games.to_tom.help")]
        Menu.__init__(self, app, "Tổ Tôm", items)

    def enter(self):
        # the hand checker, once left, gives its heap back (it loads the scoring module too),
        # and so does the engine it shares with a table: the menu itself holds none of them
        for name in CHECKER_MODULES + PLAY_MODULES:
            forget_module(name)

    def first_enter(self):
        offer_resume(self.app, SAVE, "Tổ Tôm", lambda saved: resume(self.app, saved))

    def _open_checker(self, menu):
        from tet.games.to_tom.checker import Checker

        self.app.push(Checker(self.app, self.players))

    def _toggle_players(self, menu):
        self.players = 4 if self.players == 5 else 5

    def _begin(self, menu):
        load(READ_MODULES + ("tet.games.to_tom.play",))
        from tet.core.rng import Rng
        from tet.games.to_tom import engine as T
        from tet.games.to_tom.play import Table

        rng = Rng(self.app.rng.next32())
        hoi = T.Hoi(self.players, dealer=rng.below(self.players))
        Table(self.app, hoi, None, rng, self.thap_hong_or_more).save()
        # the table opens from its save on a heap of its own, as every next game does
        self.app.open_part(TABLE_PART, "open_saved")
