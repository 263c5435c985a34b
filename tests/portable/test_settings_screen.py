"""Cài đặt on both screens: every row shows its current value in full when highlighted, a change
shows at once, and the buttons are named in Vietnamese (issue 10)."""

from fake_hw import TWO, hold, new_app, press, run

from tet.core.app import AWAKE, DIM_MS
from tet.registry import GAMES
from tet.ui.house_rules import game_options, value_label


def open_settings(board):
    app = new_app(board)
    nxt, ok = TWO[board]
    for _ in range(len(GAMES)):
        press(app, nxt)
    press(app, ok)
    assert app.screen.title == "Cài đặt"
    return app


def test_every_rule_row_shows_its_full_label_and_value_on_both_screens():
    for board in ("ttgo_tdisplay", "devkit_ssd1306"):
        app = open_settings(board)
        nxt, ok = TWO[board]
        settings = app.screen
        checked = 0
        for entry in GAMES:
            options = game_options(entry)
            if not options:
                continue
            while settings.selected != "Luật " + entry[1]:
                press(app, nxt)
            press(app, ok)
            rules = app.screen
            assert rules.title == "Luật " + entry[1]
            for option in options:
                full = option[1] + ": " + value_label(option, option[2][0][0])
                assert rules.selected == full, (board, rules.selected, full)
                # the highlighted row is wrapped, never clipped: its words are all on the panel
                shown = " ".join(app.hw.display.shown_text().split("\n"))
                assert full in shown, (board, full, shown)
                press(app, nxt)
                checked += 1
            hold(app, ok)
            assert app.screen is settings
        assert checked >= 5


def test_a_changed_rule_visibly_changes_and_is_kept():
    app = open_settings("devkit_ssd1306")
    settings = app.screen
    while not settings.selected.startswith("Luật Xăm Hường"):
        press(app, "DOWN")
    press(app, "OK")
    rules = app.screen
    while not rules.selected.startswith("Hạ giá trạng"):
        press(app, "DOWN")
    assert "Hạ giá trạng: tắt" in " ".join(app.hw.display.shown_text().split("\n"))
    press(app, "OK")                                  # the list of values
    press(app, "DOWN")
    press(app, "DOWN")
    press(app, "OK")
    assert app.screen is rules
    shown = " ".join(app.hw.display.shown_text().split("\n"))
    assert "Hạ giá trạng: cả Trạng em trừ Suốt" in shown, shown
    assert app.settings["rules"]["xh.ha_gia_trang"] == 2
    again = new_app("devkit_ssd1306", keep_storage=True)
    assert again.rule("xh", "ha_gia_trang", 0) == 2


def test_sound_row_shows_its_new_value_and_the_hints_name_the_buttons():
    app = open_settings("ttgo_tdisplay")
    shown = app.hw.display.shown_text()
    assert "Âm thanh: bật" in shown and "A/giữA:dời B:chọn giữB:về" in shown
    press(app, "B")
    assert "Âm thanh: tắt" in app.hw.display.shown_text()
    app = open_settings("devkit_ssd1306")
    assert "▲▼:dời OK:chọn giữ:về" in app.hw.display.shown_text()


def test_a_board_that_never_sleeps_has_no_power_saving_row_and_never_dims():
    # the web page's board (boards/web/) has no deep sleep: no battery to save
    app = new_app("devkit_ssd1306")
    app.hw.deep_sleep = None
    nxt, ok = TWO["devkit_ssd1306"]
    for _ in range(len(GAMES)):
        press(app, nxt)
    press(app, ok)
    seen = set()
    for _ in range(len(app.screen.items)):
        seen.add(app.screen.selected)
        press(app, nxt)
    assert "Giới thiệu" in seen and not [row for row in seen if "Tiết kiệm pin" in row]
    assert app.settings["power"]      # on by default, yet nothing dims
    run(app, DIM_MS + 1000)
    assert app.idle == AWAKE and app.hw.display.level == app.brightness()
