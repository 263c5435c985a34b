"""Ô Ăn Quan screens: the set-up menu (mode, players, the computer's level) and resuming a save.

Modes: you against the computer (you are player 0), everyone on one device taking turns, or the
computer against itself as a demo. The board screen lives in play.py. House rules (quan
value, quan non) come from Cài đặt.
"""

from tet.games.o_an_quan.engine import Game, state_from_list
from tet.games.o_an_quan.modes import (LEVEL_LABELS, LEVELS, MODE_LABELS, SAVE, TITLE,
                                       VS_COMPUTER, seats_for)
from tet.ui.session import offer_resume, rules_entry
from tet.ui.share_menu import together_items
from tet.ui.widgets import Menu

def start(app):
    """The game's first screen: the set-up menu (it offers to resume a saved game)."""
    return Setup(app)


def build_board(app, saved):
    """The board screen of a saved game; raises ValueError if any field is malformed (the
    game, the seats of one of the modes, the level, the undo position)."""
    from tet.games.o_an_quan.play import Board

    if not isinstance(saved, dict):
        raise ValueError("not a dict")
    game = Game.from_dict(saved.get("game"))
    if "table" in saved:        # a shared table this gadget hosted
        # on a boot of its own, as the lobby's start opens it (tet.ui.lobby.open_from_save)
        from tet.ui.restart import restart_part

        restart_part(app, "oaq", ["tet.games.o_an_quan.host_table", "open_table"])
        from tet.games.o_an_quan.host_table import resume_host

        return resume_host(app, game, saved)
    seats = saved.get("seats")
    modes = [seats_for(mode, game.players) for mode in range(len(MODE_LABELS))]
    if not isinstance(seats, list) or seats not in modes:
        raise ValueError("bad seats")
    for seat in seats:
        if isinstance(seat, bool):
            raise ValueError("bad seats")
    level = saved.get("level")
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level < len(LEVELS):
        raise ValueError("bad level")
    undo = saved.get("undo")
    if undo is not None:
        state_from_list(undo, game.players)
    return Board(app, game, seats, level, undo)


# the set-up choices: (label, the values' names); the value is an index into the names
CHOICES = (("Chế độ: ", MODE_LABELS), ("Số người: ", ("2", "3", "4")),
           ("Máy chơi: ", LEVEL_LABELS))
MODE, PLAYERS, LEVEL = 0, 1, 2


class Setup(Menu):
    """New game: mode, number of players and the computer's level (OK on one cycles it)."""

    def __init__(self, app):
        self.picks = [VS_COMPUTER, 0, 1]
        items = [("Bắt đầu", self._begin)]
        items += [(self._label(i), self._cycle(i)) for i in range(len(CHOICES))]
        items += together_items(app, "oaq", "tet.games.o_an_quan.share",
                                lambda: 2 + self.picks[PLAYERS])
        items.append(rules_entry(app, "tet.games.o_an_quan.help"))
        Menu.__init__(self, app, TITLE, items)

    def _label(self, i):
        text, names = CHOICES[i]
        return lambda: text + names[self.picks[i]]

    def _cycle(self, i):
        def action(menu):
            self.picks[i] = (self.picks[i] + 1) % len(CHOICES[i][1])
        return action

    def first_enter(self):
        offer_resume(self.app, SAVE, TITLE, lambda saved: build_board(self.app, saved))

    def _begin(self, menu):
        from tet.games.o_an_quan.play import new_board

        players = 2 + self.picks[PLAYERS]
        self.app.push(new_board(self.app, players, seats_for(self.picks[MODE], players),
                                self.picks[LEVEL]))
