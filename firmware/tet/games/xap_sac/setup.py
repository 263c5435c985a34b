"""Xấp Sắc screens: the set-up menu (players, the computer's level, resume a saved game).

You are player 0 against 1-3 computer players. The table screen lives in play.py, imported
when a game starts so the menu alone stays small.
"""

from tet.games.xap_sac import engine as X
from tet.games.xap_sac.modes import HUMAN, LEVELS, SAVE
from tet.ui.session import offer_resume, rules_entry
from tet.ui.share_menu import together_items
from tet.ui.widgets import Menu

def start(app):
    """The game's first screen: the set-up menu (it offers to resume a saved game)."""
    return Setup(app)


class Setup(Menu):
    """New game: number of players and the computer's level; then Bắt đầu."""

    def __init__(self, app):
        self.players = 4
        self.level = 1
        items = [
            ("Bắt đầu", self._begin),
            (lambda: "Số người: %d" % self.players, self._more_players),
            (lambda: "Máy chơi: " + LEVELS[self.level], self._next_level),
        ]
        items += together_items(app, "xs", "tet.games.xap_sac.share",
                                lambda: (self.players, self._deck()))
        items.append(rules_entry(app, "tet.games.xap_sac.help"))
        Menu.__init__(self, app, "Xấp Sắc", items)

    def first_enter(self):
        offer_resume(self.app, SAVE, "Xấp Sắc", self._resume)

    def _resume(self, saved):
        from tet.games.xap_sac import saved as L
        from tet.games.xap_sac import ai  # noqa: F401  # see _begin
        from tet.games.xap_sac.play import Table

        game = L.from_dict(saved["game"])
        if "table" in saved:        # a shared table this gadget hosted
            # on a boot of its own, as the lobby's start opens it (tet.ui.lobby.open_from_save)
            from tet.ui.restart import restart_part

            restart_part(self.app, "xs", ["tet.games.xap_sac.host_table", "open_table"])
            from tet.games.xap_sac.host_table import resume_host

            return resume_host(self.app, game, saved)
        level = saved["level"]
        note = saved.get("note", "")
        # a save from another version: anything but a known level or a text note is refused
        if level not in (0, 1, 2) or isinstance(level, bool) or not isinstance(note, str):
            raise ValueError("bad level or note")
        return Table(self.app, game, level, note[:80])

    def _begin(self, menu):
        # the computer players' code before the table's, the layout a stock board's heap fits
        from tet.games.xap_sac import ai  # noqa: F401
        from tet.games.xap_sac.play import Table

        game = X.XapSac(self.players, self.app.rng.next32(), HUMAN, deck=self._deck())
        self.app.push(Table(self.app, game, self.level))

    def _deck(self):
        """The deck of Cài đặt (a settings file from another version may hold anything: the
        default deck then)."""
        deck = self.app.rule("xs", "deck", 0)
        return X.DECKS[deck if deck in (0, 1) and deck is not True else 0]

    def _more_players(self, menu):
        self.players = 2 + (self.players - 1) % 3

    def _next_level(self, menu):
        self.level = (self.level + 1) % len(LEVELS)
