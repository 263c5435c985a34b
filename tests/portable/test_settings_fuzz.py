"""200 mutated settings files (seeded), each through the real boot path, then every game opened
from the launcher: never a crash, only declared values reach the games, the notice once.

A game sees only its own rules as loaded (the sound and the brightness are the board's), so each
game is opened once for each distinct outcome of its rules (a few of the 200), which keeps the
run short under MicroPython.
"""

from fake_hw import new_app
from save_fuzz import boot_with, dismiss_notices, lane_count, mutants, open_and_play

from tet.core.app import BRIGHTNESS_LEVELS, SETTINGS, SETTINGS_VERSION
from tet.registry import GAMES, ID
from tet.ui.house_rules import all_rules

SEED = 12
COUNT = lane_count(200)
RULE_VALUES = {"oaq.quan_value": 5, "oaq.quan_non": 1, "xh.ban_trang": 1, "xh.ha_gia_trang": 2,
               "totom.players": 4, "totom.thap_hong_or_more": 1}
CURRENT = {"version": SETTINGS_VERSION,
           "data": {"sound": False, "brightness": 1, "rules": RULE_VALUES}}
FIRST = {"sound": False, "brightness": 4, "rules": RULE_VALUES}  # the first firmware's format


def _valid(app):
    s = app.settings
    assert type(s["sound"]) is bool
    assert type(s["brightness"]) is int and 0 <= s["brightness"] < len(BRIGHTNESS_LEVELS)
    assert app.hw.display.level == BRIGHTNESS_LEVELS[s["brightness"]]
    for game, name, _label, choices in all_rules():
        value = app.rule(game, name, choices[0][0])
        assert type(value) is int and value in [v for v, _l in choices], (game, name, value)


def _outcome(settings, game_id):
    """The rules game `game_id` sees (its own, "<id>.<name>"), as a string."""
    rules = settings["rules"]
    return repr([(k, rules[k]) for k in sorted(rules) if k.startswith(game_id + ".")])


def _cases():
    half = COUNT // 2
    for m in mutants(CURRENT, SEED, half):
        yield m
    for m in mutants(FIRST, SEED + 1, COUNT - half):
        yield m


def test_mutated_settings_never_crash_the_boot_or_a_game():
    noticed = booted = 0
    opened = set()
    for settings in _cases():
        app = boot_with(SETTINGS, settings)
        booted += 1
        _valid(app)
        if app.screen is not app.stack[0]:
            noticed += 1
            assert app.screen.title == "Thông báo" and "Cài đặt" in app.screen.body
            dismiss_notices(app)
            again = new_app(keep_storage=True)        # repaired at once: said only once
            assert again.screen is again.stack[0], settings
            assert again.settings == app.settings
        for entry in GAMES:
            outcome = entry[ID] + _outcome(app.settings, entry[ID])
            if outcome not in opened:
                opened.add(outcome)
                app = open_and_play(app, entry[ID])
    assert booted == COUNT
    assert COUNT // 5 < noticed < COUNT                # the mutants reach both outcomes
    assert len(opened) > len(GAMES) + 4
