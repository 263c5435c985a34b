"""Boot to the Vietnamese menu and reach every entry with two buttons, on all three boards."""

from fake_hw import BOARDS, TWO, hold, new_app, press

from tet.games.registry import GAMES, TITLE as GAME_TITLE
from tet.ui.launcher import TITLE

ENTRIES = [entry[GAME_TITLE] for entry in GAMES] + ["Cài đặt"]


def _walk_every_entry(board):
    app = new_app(board)
    nxt, ok = TWO[board]
    launcher = app.screen
    assert launcher.title == TITLE
    assert app.hw.display.shows >= 1 and app.hw.display.lit() > 50
    seen = []
    for i, entry in enumerate(ENTRIES):
        assert launcher.selected == entry
        seen.append(entry)
        press(app, ok)
        assert app.screen is not launcher, entry
        opened = app.screen.title
        assert opened, entry
        # leave with a long press of the select button (BACK), as a two-button player would;
        # a game asks "Thoát ván?", whose second choice leaves
        for _ in range(3):
            if app.screen is launcher:
                break
            hold(app, ok)
            if app.screen is not launcher and app.screen.title.startswith("Thoát"):
                press(app, nxt)
                press(app, ok)
        assert app.screen is launcher, (entry, app.screen.title)
        press(app, nxt)
    assert seen == ENTRIES
    assert launcher.selected == ENTRIES[0]


def test_two_button_session_reaches_every_entry_on_every_board():
    for board in BOARDS:
        _walk_every_entry(board)


def test_settings_change_is_saved_and_survives_reboot():
    app = new_app("ttgo_tdisplay")
    for _ in range(len(GAMES)):
        press(app, "A")
    press(app, "B")
    settings = app.screen
    assert settings.title == "Cài đặt"
    assert settings.selected == "Âm thanh: bật"
    press(app, "B")
    assert settings.selected == "Âm thanh: tắt"
    press(app, "A")
    press(app, "B")
    assert app.hw.display.level == 100
    again = new_app("ttgo_tdisplay", keep_storage=True)
    assert again.settings["sound"] is False
    assert again.hw.display.level == 100


def test_corrupt_settings_are_reported_and_reset():
    app = new_app("devkit_ssd1306")
    app.save_settings()
    path = app.storage.path("settings")
    with open(path, "wb") as f:
        f.write(b"TET1 00000000 3\n{x}")
    from tet.core.app import App
    from tet.ui.launcher import declared_rules

    again = App(app.hw, declared_rules)
    assert again.notice and "hỏng" in again.notice
    assert again.settings["sound"] is True


def test_leaving_a_game_keeps_playing_or_saves_and_goes_home():
    from tet.ui.game_screen import GameScreen

    app = new_app("ttgo_tdisplay")
    launcher = app.screen
    left = []

    class Game(GameScreen):
        title = "Ván thử"

        def save_data(self):
            left.append(True)

    game = Game(app)
    app.push(game)
    game.ask_leave()
    assert app.screen.title == "Thoát ván?"
    press(app, "B")
    assert app.screen is game and left == []
    game.ask_leave()
    press(app, "A")
    press(app, "B")
    assert app.screen is launcher and left == [True]


def test_a_game_not_built_yet_says_coming_soon():
    app = new_app("devkit_ssd1306")
    launcher = app.screen
    launcher.open(("moi", "Trò chơi mới", "tro_choi_moi", "moi"))
    assert app.screen.title == "Trò chơi mới"
    assert "Sắp có" in app.screen.body
    press(app, "OK")
    assert app.screen is launcher
