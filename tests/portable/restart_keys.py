"""Keys that restart a board (a shared table's lobby and its start open on boots of their own),
kept apart from fake_hw so that only the tests that press them hold their names: every name a
test's process interns counts against the qstr pools a stock board's firmware fills."""

from fake_hw import TWO, Restarted, press, reboot, walk_to


def press_through_restart(app, name, hold_ms=60):
    """Press button `name` as `press` does (for `hold_ms`); when that restarts the board (a game
    opening a part on a boot of its own, or leaving one), boot it again in this process
    (reboot). Returns the app then running: `app`, or the rebooted one."""
    try:
        press(app, name, hold_ms)
    except Restarted:
        # the caller still holds the old app: what it showed goes, as a restart frees it
        del app.stack[:]
        return reboot(app)
    return app


def open_lobby(app):
    """Pick "Chơi chung" in a game's setup menu: the board restarts into the lobby of a new
    shared table (press_through_restart); returns the app then running."""
    walk_to(app, "Chơi chung")
    app = press_through_restart(app, TWO[app.hw.name][1])
    assert app.screen.title == "Chơi chung", app.hw.display.shown_text()
    return app
