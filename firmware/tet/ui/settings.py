"""Cài đặt: sound, volume, brightness, power saving and house rules, saved at once; imported
only when opened."""

from tet.core.app import BRIGHTNESS_LEVELS, VOLUME_LEVELS
from tet.ui.house_rules import all_rules, value_label, values
from tet.ui.widgets import Choice, Menu, Message


class Settings(Menu):
    """Sound, brightness and house rules; every change is saved at once."""

    title = "Cài đặt"

    def __init__(self, app):
        self.app = app
        items = [
            (lambda: "Âm thanh: " + ("bật" if app.settings["sound"] else "tắt"), self._toggle_sound),
            (lambda: "Độ sáng: %d%%" % BRIGHTNESS_LEVELS[app.settings["brightness"]], self._brightness),
        ]
        if app.hw.buzzer is not None:
            items.insert(1, (lambda: "Âm lượng: %d%%" % VOLUME_LEVELS[app.settings["volume"]],
                             self._volume))
        items.append((lambda: "Tiết kiệm pin: " + ("bật" if app.settings["power"] else "tắt"),
                      self._toggle_power))
        for rule in all_rules():
            items.append((self._rule_label(rule), self._rule_picker(rule)))
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

    def _rule_label(self, rule):
        app = self.app

        def label():
            value = app.rule(rule[0], rule[1], rule[3][0][0])
            return rule[2] + ": " + value_label(rule, value)

        return label

    def _rule_picker(self, rule):
        app = self.app

        def pick(menu):
            current = app.rule(rule[0], rule[1], rule[3][0][0])
            allowed = values(rule)
            index = allowed.index(current) if current in allowed else 0

            def chosen(i):
                app.settings["rules"][rule[0] + "." + rule[1]] = allowed[i]
                self._changed()

            app.push(Choice(app, rule[2], [label for _v, label in rule[3]], chosen, index))

        return pick

    def _about(self, menu):
        self.app.push(Message(self.app, "Giới thiệu",
                              "Máy chơi Tết: Ô Ăn Quan, Xăm Hường, Tổ Tôm, Xấp Sắc. "
                              "Chúc mừng năm mới, an khang thịnh vượng!"))
