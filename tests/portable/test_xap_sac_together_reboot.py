"""Xấp Sắc at a shared table of two gadgets (test_xap_sac_together's): the host reboots
mid-game and resumes the table from its save ("Tiếp tục ván trước"), the guest's screen hears
it again and play goes on; then the guest reboots, joins through its keys and gets its seat and
its own hand back.

Two gadgets share one process, so a rebooted gadget's app loads the game's modules again
beside the other gadget's copy (fake_hw.new_app forgets them), and every boot's names stay
interned: from .mpy files this fails at 320K (two boards' 160K) and passes from 336K
(measured 2026-12-06), hence 384K. Stock boards, each with its own heap, at one table:
tests/test_play_over_udp.py."""

import gc

from fake_hw import TWO, Restarted, new_app, open_game, reboot
from test_o_an_quan_together import give_away_when_gone, join_again, press_on, shown, step_all
from test_xap_sac_together import my_turn, play_until, start_table

# two gadgets (two apps) and their reboots share this process's heap (see the module doc)
HEAP = "384K"


def test_the_host_and_then_the_guest_reboot_and_the_table_goes_on():
    host, guest, table_h, table_g = start_table()
    apps = (host, guest)
    play_until(apps, (table_h, table_g), lambda: table_h.host.version >= 4)
    step_all(apps, 200)
    version, code = table_h.host.version, table_h.host.code
    assert host.load_game("xap_sac")["table"]["version"] == version
    # the old host is gone: off the air (whose radio would hold its screen's frame buffer)
    # and out of the heap, as after a reboot
    host.hw.radio().air.radios.pop(host.hw.address)
    table_h = host = apps = None
    gc.collect()
    host = new_app("ttgo_tdisplay", keep_storage=True, address=1, restarts=False)     # the host reboots
    host.rng.seed(98)       # a board's generator differs at every boot; the fake's does not
    host.hw.now = guest.hw.now      # the air's clock is the gadgets' (sim.air): it goes on
    apps = (host, guest)
    open_game(host, "xs")
    assert host.screen.selected == "Tiếp tục ván trước"
    press_on(host, apps, TWO[host.hw.name][1])
    table_h = host.screen
    assert type(table_h).__name__ == "HostTable" and table_h.host.code == code, shown(host)
    assert table_h.host.version == version and host.hw.radio().active
    step_all(apps, 1500)                                 # the guest hears the table again
    assert table_g.guest.version == version and table_g.game.table == table_h.game.table
    assert "Mất liên lạc" not in shown(guest)
    play_until(apps, (table_h, table_g), lambda: table_h.host.version >= version + 3)
    version = table_h.host.version
    guest.hw.radio().air.radios.pop(guest.hw.address)
    table_g = guest = apps = None
    gc.collect()
    guest = new_app("devkit_ssd1306", address=2, restarts=False)         # now the guest's gadget restarts
    guest.rng.seed(99)
    guest.hw.now = host.hw.now
    apps = (host, guest)
    table_g = join_again(guest, apps, "xs")
    assert type(table_g).__name__ == "GuestTable" and table_g.guest.seat == 1, \
        (shown(guest), shown(host))
    assert table_g.game.hands[1] == table_h.game.hands[1]           # its own hand, back
    play_until(apps, (table_h, table_g), lambda: table_h.host.version >= version + 3)


def test_a_seat_given_to_the_computer_restarts_the_host_into_the_table_with_its_players():
    # two people: the host's boot leaves the computer players' module out, until one is needed
    host, guest, table_h, table_g = start_table()
    apps = (host, guest)
    play_until(apps, (table_h, table_g),
               lambda: table_h.host.version >= 3 and my_turn(guest, table_g))
    assert table_h.bot is None
    del host.hw.restart         # this host's board restarts (start_table's could not)
    try:
        give_away_when_gone(host, guest, apps, "Người 2")
        raise AssertionError("the host did not restart")
    except Restarted:
        pass
    assert "Máy chơi thay" in host.hw.display.shown_text(), host.hw.display.shown_text()
    version, code = table_h.host.version, table_h.host.code
    host.hw.radio().air.radios.pop(host.hw.address)
    table_h = apps = None
    del host.stack[:]
    gc.collect()
    host = reboot(host)         # the boot opens the table from its save, the players loaded first
    host.hw.now = guest.hw.now
    apps = (host, guest)
    table_h = host.screen
    assert type(table_h).__name__ == "HostTable" and table_h.host.code == code, shown(host)
    assert table_h.host.seats[1] == 0 and table_h.names[1] == "Máy 2"
    assert table_h.host.version == version and table_h.bot is not None
    step_all(apps, 3000)                                 # the computer plays seat 2
    assert table_h.host.version > version, shown(host)
