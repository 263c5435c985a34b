"""Boot to the Vietnamese menu and reach every entry with two buttons, on all three boards."""

import sys

from fake_hw import BOARDS, TWO, FakeDir, Restarted, exists, hold, new_app, press, reboot, run

from tet.registry import GAMES, PACKAGE, TITLE as GAME_TITLE
from tet.ui.launcher import TITLE
from tet.ui.next_boot import NOTE as NEXT_BOOT
from tet.ui.restart import OPENING

ENTRIES = [entry[GAME_TITLE] for entry in GAMES] + ["Cài đặt"]


def _walk_every_entry(board):
    app = new_app(board)
    nxt, ok = TWO[board]
    launcher = app.screen
    assert launcher.title == TITLE
    assert app.hw.display.shows >= 1 and app.hw.display.lit() > 50
    seen = []
    restarts = 0
    for i, entry in enumerate(ENTRIES):
        assert launcher.selected == entry
        seen.append(entry)
        try:
            press(app, ok)
        except Restarted:
            # after another game the board restarts into this one, and says so meanwhile
            assert app.hw.display.has_text(entry) and app.hw.display.has_text(OPENING), entry
            assert "đóng" not in app.hw.display.shown_text(), entry    # no key closes it
            restarts += 1
            app = reboot(app)
            launcher = app.stack[0]
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
    # each game after the first on a boot of its own; Cài đặt opens in the boot it is in
    assert restarts == len(GAMES) - 1


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
    from tet.ui import declared_rules

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


def _to_game_and_back(app, index):
    """From the launcher, open registry entry `index` with select and leave its first screen
    with back; the launcher shows again."""
    launcher = app.stack[0]
    nxt, ok = TWO[app.hw.name]
    while launcher.index != index:
        press(app, nxt)
    press(app, ok)
    assert app.screen is not launcher and app.stack[0].opened == GAMES[index][PACKAGE]
    hold(app, ok)
    assert app.screen is launcher, app.screen.title


def test_the_same_game_again_opens_in_the_same_boot():
    app = new_app("ttgo_tdisplay")
    for _ in range(3):
        _to_game_and_back(app, 1)   # no Restarted: its names are interned already


def test_the_next_boot_opens_the_game_asked_for_once():
    app = new_app("devkit_ssd1306")
    _to_game_and_back(app, 0)
    try:
        _to_game_and_back(app, 2)
        raise AssertionError("no restart")
    except Restarted:
        pass
    app = reboot(app)
    launcher = app.stack[0]
    assert app.screen is not launcher and launcher.opened == GAMES[2][PACKAGE]
    assert launcher.selected == GAMES[2][GAME_TITLE]
    hold(app, "OK")
    assert app.screen is launcher
    # asked once: the boot after that shows the launcher
    again = reboot(app)
    assert again.screen is again.stack[0] and again.stack[0].opened is None


def test_without_a_restart_or_a_note_the_next_game_opens_in_this_boot():
    # a board that cannot restart, and one whose flash has no room for the note: the game
    # opens at once (its heap is tighter, but nothing is lost and nothing stops)
    app = new_app("ttgo_tdisplay")
    app.hw.restart = None
    _to_game_and_back(app, 0)
    _to_game_and_back(app, 3)
    full = FakeDir("", free=0)
    app = new_app("ttgo_tdisplay", storage=full)
    _to_game_and_back(app, 1)
    _to_game_and_back(app, 0)
    assert full.fails >= 1


def test_a_damaged_note_for_the_next_boot_leaves_the_launcher_shown():
    for note in (b"TET1 00000000 3\n{x}", b"garbage", None):
        app = new_app("ttgo_tdisplay")
        path = app.storage.path(NEXT_BOOT)
        if note is None:
            app.storage.save(NEXT_BOOT, {"open": "no_such_game"})
        else:
            with open(path, "wb") as f:
                f.write(note)
        app = reboot(app)
        assert app.screen is app.stack[0], note
        assert not exists(path), note


def test_a_part_that_runs_out_of_heap_before_its_screen_says_so_over_the_launcher():
    # e.g. a shared table opened from its save on a boot of its own: without the notice the
    # gadget would show the launcher as if nothing had been asked of it
    def part(app):
        raise MemoryError("no room for the table")

    app = new_app("ttgo_tdisplay")
    import tet.ui.launcher as launcher  # the booted one, which stays loaded through home()

    launcher.part_for_test = part
    try:
        app.open_part("tet.ui.launcher", "part_for_test")
        run(app, 100)
        assert app.screen.title == "Thông báo", app.hw.display.shown_text()
        assert "hết bộ nhớ" in app.hw.display.shown_text()
        press(app, TWO[app.hw.name][1])
        assert app.screen is app.stack[0] and len(app.stack) == 1
    finally:
        del launcher.part_for_test


def test_a_part_on_a_boot_of_its_own_that_runs_out_of_heap_says_so_then_restarts_the_launcher():
    # a boot that opens a part (a shared table's, say) has no launcher below it: its notice
    # shows over a bare screen, and reading it restarts the board into the launcher
    import tet.core.rng as kept     # tet.core stays loaded through a reboot in this process

    def part(app):
        raise MemoryError("no room for the table")

    kept.part_for_test = part
    try:
        app = new_app("ttgo_tdisplay")
        app.storage.save(NEXT_BOOT, {"open": GAMES[0][PACKAGE],
                                     "part": ["tet.core.rng", "part_for_test"]})
        app = reboot(app)
        assert type(app.stack[0]).__name__ == "PartBase" and "tet.ui.launcher" not in sys.modules
        assert app.screen.title == "Thông báo" and "hết bộ nhớ" in app.hw.display.shown_text()
        try:
            press(app, TWO[app.hw.name][1])
            raise AssertionError("reading the notice did not restart the board")
        except Restarted:
            pass
        app = reboot(app)
        assert app.screen is app.stack[0] and app.screen.title == TITLE
        # a part this firmware lacks opens nothing: the bare screen restarts into the launcher
        app.storage.save(NEXT_BOOT, {"open": GAMES[0][PACKAGE], "part": ["tet.ui.x", "f"]})
        try:
            reboot(app)
            raise AssertionError("the bare screen stayed")
        except Restarted:
            pass
    finally:
        del kept.part_for_test
