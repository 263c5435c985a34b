"""One gadget hosting a Xấp Sắc table: nobody joins, so seat 2 goes to
the host's computer player; the host plays its own hand through the keys, the computer its
own, every action saved with the table; after a reboot "Tiếp tục ván trước" resumes the table
where it stopped."""

from sim.air import Air

from fake_hw import TWO, new_app, open_game, run, set_air
from restart_keys import open_lobby, press_through_restart
from test_o_an_quan_together import pick
from test_xap_sac_together import play_until

# measured 2026-12-02 from ROMFS: at 160K and 176K the host's first legal-play list (the
# opening of an 11-card hand) finds no hole big enough, 25 KB free around the table's radio
# link and sealing (the single-gadget game fits 160K). Since the lobby and the table open on
# boots of their own (2026-12-06) this process runs three boots (the setup menu, the lobby,
# the table), every name each interned staying, as a board's restart would not keep them: it
# fails at 208K and passes from 224K, hence 240K (a stock board's own tables: test_play_over_udp)
HEAP = "240K"


def host_alone(address):
    """Host a 2-player table on a TTGO that nobody joins; return the app and its table."""
    set_air(Air(seed=address))
    app = new_app("ttgo_tdisplay", address=address)
    apps = (app,)
    open_game(app, "xs")
    pick(app, apps, "Số người: 4")                       # 2 players
    app = open_lobby(app)
    app = press_through_restart(app, TWO[app.hw.name][1])  # Bắt đầu: seat 2 is the computer's,
    run(app, 100)                                        # on the table's own boot
    return app, app.screen


def test_a_table_nobody_joined_plays_against_the_computer_and_resumes_after_a_reboot():
    app, table = host_alone(6)
    apps = (app,)
    ok = TWO[app.hw.name][1]
    assert type(table).__name__ == "HostTable" and table.names == ["Bạn", "Máy 2"], \
        app.hw.display.shown_text()
    play_until(apps, (table,), lambda: table.host.version >= 6)
    version, code = table.host.version, table.host.code
    assert app.load_game("xap_sac")["table"]["version"] == version
    hand = list(table.game.hands[0])
    app.hw.radio().air.radios.pop(app.hw.address)      # off the air (its radio would hold the
    # old frame buffer through its clock, which a reboot frees)
    table = app = apps = None
    app = new_app("ttgo_tdisplay", keep_storage=True, address=6)    # the host reboots
    open_game(app, "xs")
    assert app.screen.selected == "Tiếp tục ván trước"
    app = press_through_restart(app, ok)                 # on the table's own boot
    run(app, 100)
    table = app.screen
    assert type(table).__name__ == "HostTable" and table.host.code == code
    assert table.host.version == version and table.game.hands[0] == hand
    assert app.hw.radio().active


def test_a_hosted_save_with_a_damaged_secret_starts_afresh_and_leaves_the_radio_off():
    app, table = host_alone(7)
    apps = (app,)
    ok = TWO[app.hw.name][1]
    play_until(apps, (table,), lambda: table.host.version >= 2)
    saved = app.load_game("xap_sac")
    saved["secret"] = "not hex"                          # a good checksum, a secret that is none
    app.save_game("xap_sac", saved)
    app.hw.radio().air.radios.pop(app.hw.address)
    table = app = apps = None
    app = new_app("ttgo_tdisplay", keep_storage=True, address=7)
    open_game(app, "xs")
    app = press_through_restart(app, ok)                 # Tiếp tục ván trước
    run(app, 100)
    assert "Không đọc được ván đã lưu" in app.hw.display.shown_text(), app.hw.display.shown_text()
    assert not app.hw.radio().active and app.load_game("xap_sac") is None
