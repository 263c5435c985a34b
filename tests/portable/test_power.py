"""Living like a handheld: the screen dims after 30 s without a key, goes dark after 2 min, and
after 10 min the game is saved and the board deep-sleeps; any key brings it back. One volume
setting reaches the buzzer."""

from fake_hw import TWO, new_app, open_game, press, run

from tet.core import app as A


def brightness(app):
    return A.BRIGHTNESS_LEVELS[app.settings["brightness"]]


def test_dim_then_dark_then_a_key_only_wakes():
    app = new_app("ttgo_tdisplay")
    nxt = TWO["ttgo_tdisplay"][0]
    launcher = app.screen
    assert app.hw.display.level == brightness(app)
    run(app, A.DIM_MS + 100)
    assert app.hw.display.level == A.DIM_PERCENT
    run(app, A.OFF_MS - A.DIM_MS)
    assert app.hw.display.level == 0
    press(app, nxt)                    # wakes the screen; the menu does not move
    assert app.hw.display.level == brightness(app) and launcher.index == 0
    press(app, nxt)
    assert launcher.index == 1


def test_a_key_on_a_dimmed_screen_acts_and_brightens():
    app = new_app("devkit_ssd1306")
    launcher = app.screen
    run(app, A.DIM_MS + 100)
    assert app.hw.display.level == A.DIM_PERCENT
    press(app, TWO["devkit_ssd1306"][0])
    assert launcher.index == 1 and app.hw.display.level == brightness(app)
    run(app, A.DIM_MS - 1000)          # the key restarted the count
    assert app.hw.display.level == brightness(app)


def test_deep_sleep_after_ten_minutes_saves_the_game_first():
    app = new_app("m5stickc_plus")
    nxt, ok = TWO["m5stickc_plus"]
    open_game(app, "xh")
    press(app, ok)                     # Bắt đầu: the play screen
    play = app.screen
    app.forget_game(play.save_key)     # whatever the start saved: the sleep must save it
    run(app, A.SLEEP_MS + 500)
    assert app.hw.slept == 1
    assert app.load_game(play.save_key) is not None   # resumable after the board boots again


def test_power_saving_off_keeps_the_screen_on():
    app = new_app("ttgo_tdisplay")
    app.settings["power"] = False
    run(app, A.OFF_MS + 1000)
    assert app.hw.display.level == brightness(app) and app.hw.slept == 0


def test_one_volume_setting_reaches_the_buzzer_and_mute_silences():
    app = new_app("m5stickc_plus")
    for index, percent in enumerate(A.VOLUME_LEVELS):
        app.settings["volume"] = index
        app.apply_settings()
        assert app.hw.buzzer.level == percent
    app.settings["sound"] = False
    app.apply_settings()
    del app.hw.buzzer.tones[:]
    app.sound.play(b"\x09\x05")
    run(app, 200)
    assert app.hw.buzzer.tones == []


def test_settings_offer_volume_and_power_saving():
    app = new_app("m5stickc_plus")
    nxt, ok = TWO["m5stickc_plus"]
    launcher = app.screen
    while launcher.selected != "Cài đặt":
        press(app, nxt)
    press(app, ok)
    settings = app.screen
    seen = []
    for _ in range(len(settings.items)):
        seen.append(settings.selected)
        press(app, nxt)
    assert "Âm lượng: 75%" in seen and "Tiết kiệm pin: bật" in seen
    while settings.selected != "Tiết kiệm pin: bật":
        press(app, nxt)
    press(app, ok)
    assert settings.selected == "Tiết kiệm pin: tắt" and app.settings["power"] is False


def test_battery_in_the_header_low_warning_and_a_save_before_brown_out():
    app = new_app("ttgo_tdisplay")
    ok = TWO["ttgo_tdisplay"][1]
    level = [80, False]
    app.hw.battery = lambda: (level[0], level[1])
    open_game(app, "xh")
    press(app, ok)
    play = app.screen
    run(app, A.BATTERY_MS + 100)
    assert "80%" in app.hw.display.shown_text().split("\n")
    level[0] = 12
    run(app, A.BATTERY_MS + 100)
    assert "!12%" in app.hw.display.shown_text().split("\n")     # the warning
    level[1] = True
    run(app, A.BATTERY_MS + 100)
    assert "+12%" in app.hw.display.shown_text().split("\n")     # charging: no warning
    level[0], level[1] = 4, False
    app.forget_game(play.save_key)
    run(app, A.BATTERY_MS + 100)
    assert app.load_game(play.save_key) is not None             # saved before the brown-out
