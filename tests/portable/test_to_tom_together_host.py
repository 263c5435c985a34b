"""One gadget hosting a Tổ Tôm table: the radio is off until a table opens; nobody joins, so
the four other seats go to the host's computer players; a whole game is played through the
keys, its result closed deals the next game, and the hội and the table resume after a reboot.
A hosted save with a damaged table starts afresh with the radio off.

Not within the device's 160K (measured under MicroPython from ROMFS, 2026-12-02): the table
starts with about 20 KB free; from 160K to 208K this test runs out of heap in the first game
or in resuming after the reboot (both boots share this one process, and the harness records
every frame's text). `hostbench_together`, with less harness, plays 300 turns at 160K. From
.mpy files, the boots' names all interned in this one process, it fails at 272K and passes from
288K (measured 2026-12-06), hence 320K here.
"""

import sys

from fake_hw import TWO, new_app, open_game, press, run
from restart_keys import open_lobby, press_through_restart

HEAP = "320K"
OVER = 5        # tet.games.to_tom.engine.P_OVER (no game module imported by the test itself)


def host_alone(address=7):
    """A TTGO hosting a table nobody joins: (app, table screen)."""
    # fake_hw's clean channel (no sim.air imported here: the test's own heap is the device's)
    app = new_app("ttgo_tdisplay", address=address)
    open_game(app, "totom")
    assert app._radio is None and not app.hw.radio().active
    app = open_lobby(app)
    assert app.hw.radio().active and "Đã vào: 1/5 người" in app.hw.display.shown_text()
    app = press_through_restart(app, TWO[app.hw.name][1])   # Bắt đầu
    table = app.screen
    assert type(table).__name__ == "HostTable", app.hw.display.shown_text()
    # opened from its save on a boot of its own: the setup menu and the lobby are let go
    assert app.stack == [app.stack[0], table] and "tet.ui.lobby" not in sys.modules
    assert "tet.games.to_tom.setup" not in sys.modules and app.load_game("to_tom")["table"]
    assert table.names == ["Bạn", "Máy 2", "Máy 3", "Máy 4", "Máy 5"]
    return app, table


def play_until(app, done, limit=400000, advance=run):
    """Until `done()`: the host's person takes the first option or the first card it may
    discard; `advance(app, ms)` runs the gadgets in between."""
    nxt, ok = TWO[app.hw.name]
    for _ in range(limit // 100):
        if done():
            return True
        table = app.screen
        if type(table).__name__ == "HostTable" and table.game.to_move() == 0:
            if table.discard_mode:
                while table.cursor >= len(table.hand) or \
                        table.hand[table.cursor] not in table.game.discards(0):
                    press(app, nxt)
            press(app, ok)
        advance(app, 100)
    return done()


def test_a_table_nobody_joined_plays_with_the_computer_and_resumes_after_a_reboot():
    app, table = host_alone()
    assert play_until(app, lambda: app.screen.title in ("Ù!", "Hoà"))
    assert table.game.phase == OVER and table.hoi.games == 1
    press(app, TWO[app.hw.name][1])                      # close the result: the next game
    run(app, 200)
    assert app.screen is table and table.game.phase != OVER
    version, code = table.host.version, table.host.code
    del table
    app = new_app("ttgo_tdisplay", keep_storage=True, address=7)    # the host reboots
    open_game(app, "totom")
    assert app.screen.selected == "Tiếp tục ván trước"
    app = press_through_restart(app, TWO[app.hw.name][1])   # on the table's own boot
    table = app.screen
    assert type(table).__name__ == "HostTable" and table.host.code == code
    assert table.host.version == version and table.hoi.games == 1 and app.hw.radio().active
    assert play_until(app, lambda: table.host.version > version + 10, 60000)


def test_a_hosted_save_with_a_damaged_table_starts_afresh_and_leaves_the_radio_off():
    app, table = host_alone(8)
    run(app, 1000)
    saved = app.load_game("to_tom")
    saved["shared"]["secret"] = "not hex"                # a good checksum, a table that is none
    app.save_game("to_tom", saved)
    del table
    app = new_app("ttgo_tdisplay", keep_storage=True, address=8)
    open_game(app, "totom")
    app = press_through_restart(app, TWO[app.hw.name][1])   # Tiếp tục ván trước
    assert "Không đọc được ván đã lưu" in app.hw.display.shown_text()
    assert not app.hw.radio().active and app.load_game("to_tom") is None
