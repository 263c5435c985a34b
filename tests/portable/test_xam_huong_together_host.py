"""One gadget hosting a Xăm Hường table that nobody joins (the other seats roll for the
host's computer): its save, table included, is read back on the table's own boot, and a save
whose table fields are damaged says so and starts afresh, the radio off."""

from sim.air import Air

from fake_hw import TWO, new_app, open_game, press, run, set_air
from restart_keys import open_lobby, press_through_restart

HEAP = "240K"


def host_alone(address):
    """Host a 2-player Xăm Hường table on a TTGO that nobody joins, roll a few times; return
    the app, its bowl and its table's version."""
    set_air(Air(seed=address))
    app = new_app("ttgo_tdisplay", address=address)
    nxt, ok = TWO[app.hw.name]
    open_game(app, "xh")
    app = open_lobby(app)
    app = press_through_restart(app, ok)                 # Bắt đầu, on the table's own boot
    run(app, 100)
    bowl = app.screen
    assert type(bowl).__name__ == "HostBowl", app.hw.display.shown_text()
    for _ in range(40):
        if bowl.host.version >= 4:
            break
        if bowl.game.turn == 0:
            press(app, ok)                               # roll (or take the roll on show)
        run(app, 1500)
    assert bowl.host.version >= 4
    return app, bowl


def test_a_hosted_save_with_damaged_table_fields_starts_afresh_and_leaves_the_radio_off():
    for field, bad in (("names", ["A"]), ("shown", ["", "", ""]), ("dice", [0, 1, 2, 3, 4, 5])):
        app, bowl = host_alone(9)
        saved = app.load_game("xam_huong")
        assert saved["table"]["version"] == bowl.host.version
        saved[field] = bad                               # a good checksum, a field that is none
        app.save_game("xam_huong", saved)
        app.hw.radio().air.radios.pop(app.hw.address)
        bowl = None
        app = new_app("ttgo_tdisplay", keep_storage=True, address=9)
        open_game(app, "xh")
        assert app.screen.selected == "Tiếp tục ván trước"
        app = press_through_restart(app, TWO[app.hw.name][1])
        run(app, 100)
        text = app.hw.display.shown_text()
        assert "Không đọc được ván đã lưu" in text, (field, text)
        assert not app.hw.radio().active and app.load_game("xam_huong") is None
