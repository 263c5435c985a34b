"""The boot menu: the four games and Cài đặt (settings)."""

from tet.ui.widgets import Menu

# (title, ui module under tet.ui) in menu order
GAMES = (
    ("Ô Ăn Quan", "o_an_quan_ui"),
    ("Xăm Hường", "xam_huong_ui"),
    ("Tổ Tôm", "to_tom_ui"),
    ("Xấp Sắc", "xap_sac_ui"),
)
TITLE = "Tết vui chơi"


class Launcher(Menu):
    """The root menu; leaving a game comes back here and frees the game's modules."""

    def __init__(self, app):
        items = [(title, self._open_game) for title, _module in GAMES]
        items.append(("Cài đặt", self._open_settings))
        Menu.__init__(self, app, TITLE, items, on_back=lambda menu: None)
        self._away = False

    def enter(self):
        if self._away:
            self._away = False
            self.app.unload()

    def _open_game(self, menu):
        title, module = GAMES[self.index]
        self._away = True
        self.app.launch(module, title)

    def _open_settings(self, menu):
        from tet.ui.settings import Settings

        self._away = True
        self.app.push(Settings(self.app))
