"""Cài đặt: sound, volume, brightness, power saving and house rules, saved at once; imported
only when opened.

House rules are grouped by game ("Luật Xăm Hường", ...), so every row fits its label and its
current value on both screens (the highlighted row is shown in full, see widgets.Menu).
"""

from tet.core.app import BRIGHTNESS_LEVELS, VOLUME_LEVELS
from tet.registry import GAMES, ID, TITLE
from tet.ui.house_rules import game_options, value_label, values
from tet.ui.widgets import Choice, Menu, Message

RULES_PREFIX = "Luật "


class Settings(Menu):
    """Sound, brightness and each game's house rules; every change is saved at once."""

    title = "Cài đặt"

    def __init__(self, app):
        self.app = app
        items = [
            (lambda: "Âm thanh: " + ("bật" if app.settings["sound"] else "tắt"), self._toggle_sound),
            (lambda: "Độ sáng: %d%%" % BRIGHTNESS_LEVELS[app.settings["brightness"]], self._brightness),
        ]
        for entry in GAMES:
            options = game_options(entry)
            if options:
                items.append((RULES_PREFIX + entry[TITLE], self._rules_menu(entry, options)))
        # the rows every board has come first, so the rules sit at the same place on every board
        if app.hw.buzzer is not None:
            items.append((lambda: "Âm lượng: %d%%" % VOLUME_LEVELS[app.settings["volume"]],
                          self._volume))
        if getattr(app.hw, "deep_sleep", None):     # a board with a battery (not the web page)
            items.append((lambda: "Tiết kiệm pin: " + ("bật" if app.settings["power"] else "tắt"),
                          self._toggle_power))
        items.append(("Giới thiệu", self._about))
        Menu.__init__(self, app, "Cài đặt", items)

    def _changed(self):
        self.app.apply_settings()
        self.app.save_settings()

    def _toggle_sound(self, menu):
        self.app.settings["sound"] = not self.app.settings["sound"]
        self._changed()

    def _volume(self, menu):
        s = self.app.settings
        s["volume"] = (s["volume"] + 1) % len(VOLUME_LEVELS)
        self._changed()

    def _toggle_power(self, menu):
        """Dim after 30 s, screen off after 2 min, deep sleep after 10 min without a key."""
        self.app.settings["power"] = not self.app.settings["power"]
        self._changed()

    def _brightness(self, menu):
        s = self.app.settings
        s["brightness"] = (s["brightness"] + 1) % len(BRIGHTNESS_LEVELS)
        self._changed()

    def _rules_menu(self, entry, options):
        def open_menu(menu):
            items = [(self._rule_label(entry[ID], option), self._rule_picker(entry[ID], option))
                     for option in options]
            self.app.push(Menu(self.app, RULES_PREFIX + entry[TITLE], items))

        return open_menu

    def _rule_label(self, game, option):
        app = self.app

        def label():
            return option[1] + ": " + value_label(option, app.rule(game, option[0], option[2][0][0]))

        return label

    def _rule_picker(self, game, option):
        app = self.app

        def pick(menu):
            current = app.rule(game, option[0], option[2][0][0])
            allowed = values(option)
            index = allowed.index(current) if current in allowed else 0

            def chosen(i):
                app.settings["rules"][game + "." + option[0]] = allowed[i]
                self._changed()

            app.push(Choice(app, option[1], [label for _v, label in option[2]], chosen, index))

        return pick

    def _about(self, menu):
        self.app.push(Message(self.app, "Giới thiệu",
                              "Máy chơi Tết: Ô Ăn Quan, Xăm Hường, Tổ Tôm, Xấp Sắc. "
                              "Chúc mừng năm mới, an khang thịnh vượng!"))
