"""Xăm Hường's entry point and setup menu: players, shaker or scorer, names, house rules, playing
together, the rules; and resuming a saved game. The engine is imported first, then the play
screen with all it needs, so that, when the modules are compiled from source, the biggest one is
built while the heap is least fragmented; the names below come from modules loaded by then."""

from tet.games.xam_huong.engine import XamHuong
from tet.games.xam_huong.play import Play
from tet.core import input as inp
from tet.games.xam_huong import rules as R
from tet.games.xam_huong.draw import FAMILY_NAMES
from tet.games.xam_huong.options import OPTIONS, SAVE
from tet.ui.house_rules import following, value_label, values
from tet.ui.session import offer_resume, rules_entry
from tet.ui.share_menu import together_items
from tet.ui.widgets import Choice, Menu, hints

# rows of the setup menu
PLAYERS_ROW, MODE_ROW, NAMES_ROW, FIRST_OPTION = 1, 2, 3, 4


def start(app):
    """The game's first screen: the setup menu (it offers to resume a saved game)."""
    return Setup(app)


class Setup(Menu):
    """New game: Bắt đầu, number of players, shaker or scorer, names, house rules, Luật chơi.
    OK on the player count opens the list of counts (up or down, the current one highlighted);
    OK on another setting moves it to its next value; on the DevKit, LEFT/RIGHT step a setting
    down/up in place."""

    def __init__(self, app):
        self.players = 4
        self.scorer = 0
        self.names = ["Người %d" % (p + 1) for p in range(R.MAX_PLAYERS)]
        self.options = {}
        for option in OPTIONS:
            self.options[option[0]] = app.rule("xh", option[0], option[2][0][0])
        Menu.__init__(self, app, "Xăm Hường", [])
        self._relabel()

    def _relabel(self):
        texts = ["Bắt đầu", "Số người: %d" % self.players,
                 "Chế độ: " + ("nhập xúc xắc thật" if self.scorer else "máy lắc"),
                 "Tên người chơi"]
        for option in OPTIONS:
            texts.append(option[1] + ": " + value_label(option, self.options[option[0]]))
        self.items = [(text, self._pick) for text in texts]
        self.items += together_items(self.app, "xh", "tet.games.xam_huong.share",
                                     lambda: (self.players, dict(self.options),
                                              self.names[:self.players]))
        self.items.append(rules_entry(self.app, "tet.games.xam_huong.help"))

    def first_enter(self):
        offer_resume(self.app, SAVE, "Xăm Hường", lambda saved: resume(self.app, saved))

    def _steppable(self, i):
        return i == PLAYERS_ROW or i == MODE_ROW or FIRST_OPTION <= i < FIRST_OPTION + len(OPTIONS)

    def hint(self):
        if self.app.input.two_buttons or not self._steppable(self.index):
            return Menu.hint(self)
        return hints(self.app, move="dời", ok="đổi", back="về")

    def handle(self, ev):
        # on the DevKit, LEFT/RIGHT change the highlighted setting (UP/DOWN move)
        if ev in (inp.LEFT, inp.RIGHT) and self._steppable(self.index):
            self._step(self.index, 1 if ev == inp.RIGHT else -1)
            self._relabel()
            return
        Menu.handle(self, ev)

    def _step(self, i, delta):
        """Move setting row `i` to its next (delta 1) or previous (delta -1) value."""
        if i == PLAYERS_ROW:
            span = R.MAX_PLAYERS - R.MIN_PLAYERS + 1
            self.players = R.MIN_PLAYERS + (self.players - R.MIN_PLAYERS + delta) % span
        elif i == MODE_ROW:
            self.scorer ^= 1
        elif i >= FIRST_OPTION:
            option = OPTIONS[i - FIRST_OPTION]
            allowed = values(option)
            at = allowed.index(self.options[option[0]]) if self.options[option[0]] in allowed else 0
            self.options[option[0]] = allowed[(at + delta) % len(allowed)]

    def _pick(self, menu):
        i = self.index
        if i == 0:
            game = XamHuong(self.players, self.options)
            play = Play(self.app, game, self.names[:self.players], self.scorer)
            play.save()
            self.app.push(play)
            return
        if i == PLAYERS_ROW:
            counts = list(range(R.MIN_PLAYERS, R.MAX_PLAYERS + 1))
            self.app.push(Choice(self.app, "Số người", ["%d người" % n for n in counts],
                                 self._players_chosen, self.players - R.MIN_PLAYERS))
            return
        if i == NAMES_ROW:
            items = [("%d: %s" % (p + 1, self.names[p]), self._rename)
                     for p in range(self.players)]
            self.app.push(Menu(self.app, "Tên người chơi", items, ok="đổi tên"))
            return
        self._step(i, 1)
        self._relabel()

    def _players_chosen(self, index):
        self.players = R.MIN_PLAYERS + index
        self._relabel()

    def _rename(self, menu):
        """OK on a player cycles the name through Người N and a short list of family names."""
        p = menu.index
        choices = ("Người %d" % (p + 1),) + FAMILY_NAMES
        self.names[p] = following(choices, self.names[p])
        menu.items[p] = ("%d: %s" % (p + 1, self.names[p]), self._rename)


def resume(app, saved):
    """The screen of a saved game: the bowl, or the bowl of a shared table this gadget hosted."""
    if isinstance(saved, dict) and "table" in saved:
        # on a boot of its own, as the lobby's start opens it (tet.ui.lobby.open_from_save)
        from tet.ui.restart import restart_part

        restart_part(app, "xh", ["tet.games.xam_huong.host_table", "open_table"])
        from tet.games.xam_huong.host_table import resume_host

        return resume_host(app, XamHuong.from_dict(saved.get("game")), saved)
    return Play.from_save(app, saved)
