"""Settings and saves through the real boot path (issue 12): settings from another version, a
full flash, a directory in the way, FAT's rename; the device keeps running and says so once."""

import os

from fake_hw import FakeDir, FakeHardware, TWO, clear_storage, hold, new_app, press, run, storage_path, walk_to
from save_fuzz import open_each_game

from tet.core import storage as st
from tet.core.app import BRIGHTNESS_LEVELS, DEFAULT_SETTINGS, SETTINGS_VERSION
from tet.ui.house_rules import all_rules
from tet.ui.launcher import GAMES

DEFAULT_LEVEL = BRIGHTNESS_LEVELS[DEFAULT_SETTINGS["brightness"]]


def _write_settings(obj, board="ttgo_tdisplay"):
    """Leave `obj` as the settings file (any JSON, e.g. the previous firmware's plain dict)."""
    hw = FakeHardware(board)
    clear_storage(hw)
    st.Storage(hw.storage).save("settings", obj)


def _allowed(app):
    """Every house rule reads as one of its declared values."""
    for game, name, _label, choices in all_rules():
        value = app.rule(game, name, choices[0][0])
        assert value in [v for v, _l in choices] and type(value) is int, (game, name, value)


def _notice_shown(app, word, title="Thông báo"):
    """The top screen is the notice containing `word`; close it and return to the screen below."""
    assert app.screen.title == title and word in app.screen.body, app.screen.title
    below = app.stack[-2]
    press(app, TWO[app.hw.name][1])
    assert app.screen is below


def test_brightness_from_another_version_boots_with_defaults_and_a_notice():
    for bad in ("x", None, [1], 1.5, True, 99, -1, 10 ** 30, {"a": 1}):
        _write_settings({"sound": False, "brightness": bad, "rules": {"xh.ban_trang": 1}})
        app = new_app(keep_storage=True)
        assert app.hw.display.level == DEFAULT_LEVEL, bad
        assert app.settings["sound"] is False                       # field by field: kept
        assert app.rule("xh", "ban_trang", 0) == 1
        _notice_shown(app, "Cài đặt")
        again = new_app(keep_storage=True)                           # repaired: said once
        assert again.notice is None and again.screen.title == app.screen.title
        assert again.settings["sound"] is False and again.hw.display.level == DEFAULT_LEVEL


def test_out_of_range_house_rules_fall_back_and_every_game_opens():
    bad_rules = {"xh.ban_trang": 999, "totom.players": 999, "oaq.quan_value": 999,
                 "oaq.quan_non": "x", "xh.ha_gia_trang": None, "xh.luc_phu_value": [32],
                 "totom.thap_hong_or_more": True, "xh.dau_the_roi": 2}
    _write_settings({"sound": True, "brightness": 1, "rules": bad_rules})
    app = new_app(keep_storage=True)
    _notice_shown(app, "Cài đặt")
    _allowed(app)
    assert app.rule("xh", "dau_the_roi", 0) == 2                     # the good one is kept
    assert app.hw.display.level == BRIGHTNESS_LEVELS[1]
    open_each_game(app)


def test_settings_that_are_not_a_dict_or_rules_that_are_not_a_dict_reset():
    opened = []     # the settings each game was opened with: once per distinct outcome
    for bad in ([1, 2], "x", None, 7, {"sound": True, "brightness": 2, "rules": [1]},
                {"version": "1", "data": {}}, {"version": SETTINGS_VERSION, "data": [1]}):
        _write_settings(bad)
        app = new_app(keep_storage=True)
        _notice_shown(app, "Cài đặt")
        _allowed(app)
        if app.settings not in opened:
            opened.append(dict(app.settings))
            open_each_game(app)
    assert len(opened) == 2     # the defaults; the kept sound and brightness with default rules


def test_the_previous_firmwares_settings_are_migrated_without_a_notice():
    _write_settings({"sound": False, "brightness": 1, "rules": {"oaq.quan_value": 5}})
    app = new_app(keep_storage=True)
    assert app.notice is None and app.screen.title != "Thông báo"
    assert app.settings["sound"] is False and app.hw.display.level == BRIGHTNESS_LEVELS[1]
    assert app.rule("oaq", "quan_value", 10) == 5
    app.save_settings()
    obj, status = app.storage.load("settings")
    assert status == st.OK and obj["version"] == SETTINGS_VERSION
    # what the old firmware held is kept; settings it did not have take their defaults
    assert obj["data"] == dict(DEFAULT_SETTINGS, sound=False, brightness=1,
                               rules={"oaq.quan_value": 5})


def test_a_full_flash_keeps_a_settings_change_and_says_so_once():
    disk = FakeDir("", free=None)
    app = new_app("devkit_ssd1306", storage=disk)
    disk.free = 0
    for _ in range(len(GAMES)):
        press(app, "DOWN")
    press(app, "OK")
    settings = app.screen
    assert settings.title == "Cài đặt"
    press(app, "OK")                                   # sound off: cannot be saved
    _notice_shown(app, "Không lưu được")
    assert app.settings["sound"] is False
    press(app, "OK")                                   # sound on again: still full, no notice
    assert app.screen is settings and disk.fails == 2
    assert os.listdir(storage_path(app.hw)) == []      # no .tmp left behind
    disk.free = None
    press(app, "OK")                                   # the next change is saved
    assert app.screen is settings
    assert app.storage.load("settings")[0]["data"]["sound"] is False


def _demo(app):
    """Start a computer-vs-computer Ô Ăn Quan game (it saves after every move)."""
    nxt, ok = TWO[app.hw.name]
    press(app, ok)
    press(app, nxt)
    press(app, ok)
    press(app, ok)                                     # mode: Máy đấu máy
    press(app, nxt)
    press(app, ok)
    press(app, ok)                                     # 4 players: a longer game
    walk_to(app, "Bắt đầu")
    press(app, ok)
    return app.screen


def test_a_full_flash_keeps_the_game_running_says_so_once_and_saves_again_later():
    disk = FakeDir("")
    app = new_app("ttgo_tdisplay", storage=disk)
    board = _demo(app)
    run(app, 1500)
    assert app.load_game("o_an_quan") is not None
    disk.free = 0
    for _ in range(20):                                # the next move cannot be saved
        run(app, 250)
        if app.screen is not board:
            break
    _notice_shown(app, "Không lưu được")
    fails = disk.fails
    start = bytes(board.game.state)
    run(app, 8000)                                     # still full: plays on, no second notice
    assert app.screen is board and not board.game.over
    assert disk.fails > fails and bytes(board.game.state) != start
    assert [n for n in os.listdir(storage_path(app.hw)) if n.endswith(".tmp")] == []
    disk.free = None
    run(app, 3000)                                     # the next move is saved again
    saved = app.storage.load("o_an_quan")[0]["data"]
    assert saved["game"] == board.game.to_dict() and not board.game.over
    disk.free = 0
    run(app, 3000)                                     # full again after a good save: told again
    _notice_shown(app, "Không lưu được")


def test_a_directory_in_the_way_of_a_save_keeps_the_game_running():
    app = new_app("ttgo_tdisplay")
    os.mkdir(storage_path(app.hw) + "/o_an_quan.sav.tmp")
    board = _demo(app)
    start = bytes(board.game.state)
    run(app, 3000)
    _notice_shown(app, "Không lưu được")
    run(app, 5000)
    assert app.screen is board and bytes(board.game.state) != start
    os.rmdir(storage_path(app.hw) + "/o_an_quan.sav.tmp")


def test_fat_recovers_the_settings_tmp_at_boot_and_a_game_tmp_when_it_opens():
    disk = FakeDir("", fat=True)
    app = new_app("ttgo_tdisplay", storage=disk)
    board = _demo(app)
    run(app, 3000)
    hold(app, "B")
    press(app, "A")
    press(app, "B")                                    # Thoát: the game stays saved
    saved = board.game.state
    app.settings["sound"] = False
    app.save_settings()
    root = storage_path(app.hw)
    for name in ("settings", "o_an_quan"):             # a power cut after the .tmp was written
        path = root + "/" + name + ".sav"
        os.rename(path, path + ".tmp")
        with open(path, "wb") as f:
            f.write(b"TET1 00000000 2\n{}")
    again = new_app("ttgo_tdisplay", keep_storage=True, storage=FakeDir("", fat=True))
    assert again.notice is None and again.settings["sound"] is False
    press(again, "B")
    assert again.screen.selected == "Tiếp tục ván trước"
    press(again, "B")
    assert again.screen.game.state == saved
    assert sorted(os.listdir(root)) == ["o_an_quan.sav", "settings.sav"]


def test_a_save_of_another_version_is_refused_or_migrated():
    app = new_app("devkit_ssd1306")
    spec = ("dict", {"turn": ("int", 0, 3), "stock": ("list", 0, 120, ("int", 0, 119))})
    app.save_game("g", {"turn": 1, "stock": [1, 2]})
    assert app.load_game("g", spec) == {"turn": 1, "stock": [1, 2]}
    app.save_game("g", {"turn": 1, "stock": 10 ** 9})
    assert app.load_game("g", spec) is None
    run(app, 20)                    # the loop shows the app's notice over the current screen
    _notice_shown(app, "phiên bản")
    assert app.storage.load("g") == (None, st.MISSING)            # forgotten
    app.save_game("g", {"turn": 2, "stock": [5]}, version=1)

    def migrate(version, data):
        return {"turn": data["turn"], "stock": data["stock"] + [6]} if version == 1 else None

    assert app.load_game("g", spec, version=2, migrate=migrate) == {"turn": 2, "stock": [5, 6]}
    app.save_game("g", {"turn": 2, "stock": [5]}, version=3)
    assert app.load_game("g", spec, version=2, migrate=migrate) is None
    run(app, 20)                    # the loop shows the app's notice over the current screen
    _notice_shown(app, "phiên bản")
    app.save_game("g", {"turn": 2, "stock": [5]})

    def broken(version, data):
        return data["nothing"]

    assert app.load_game("g", spec, version=2, migrate=broken) is None
    run(app, 20)                    # the loop shows the app's notice over the current screen
    _notice_shown(app, "phiên bản")


def test_the_load_checks_leave_once_a_save_is_read():
    import sys

    app = new_app("devkit_ssd1306")
    spec = ("dict", {"turn": ("int", 0, 3)})
    app.save_game("g", {"turn": 1})
    assert app.load_game("g", spec) == {"turn": 1}
    # what checked it is not kept while the game builds its state from it
    assert "tet.core.saves" not in sys.modules and "tet.core.schema" not in sys.modules
    app.save_game("g", {"turn": 9})
    assert app.load_game("g", spec) is None                   # checked again, and refused
    assert "tet.core.saves" not in sys.modules and "tet.core.schema" not in sys.modules
