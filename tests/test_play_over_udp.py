"""Every seat a person on a gadget of their own: five at a Tổ Tôm table, each gadget a
`micropython` process with the device's 160K of heap and the firmware from a ROMFS image,
talking over local UDP (sim.udp_air, host_tools/udp_table.py). The host on a TTGO hosts through
its keys, the people join from their own gadgets (TTGO, DevKit, M5StickC) through theirs, and
they play two Tổ Tôm games (the first result closed on the host deals the second). Every gadget
ends on the host's last state and result, and the host never runs out of heap: issue 16's "the
host with 5 Tổ Tôm players fits the 160K lane", with no other gadget's heap in the host's
process. (A whole Xấp Sắc game ran here too; it now runs from `.mpy` files, the tighter
install, below: each big table runs once, the suite's ten minutes allow no more.)

The same tables from `.mpy` files, the install of a stock board (issue 35): four gadgets at Ô Ăn
Quan, four at Xấp Sắc, six at Xăm Hường, five at Tổ Tôm hosted by a DevKit; hosted by a colour
board, Tổ Tôm's table is an expected failure until its host fits (FILES_SHORT).

Each process's heap is 160K for the firmware (the framebuffer included, as a board allocates
it: its own board's, 1 KB on a DevKit's OLED, 16 KB on a colour panel) plus what the test
harness holds before the boot (the prelude's `harness` mode), plus the ROMFS image the unix port
must read into its heap.
"""

import pytest

from build import install_firmware
from mp_lane import micropython_binary
from romfs import build_image
from udp_table import play_table

pytestmark = pytest.mark.skipif(micropython_binary() is None, reason="needs micropython")


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("udp") / "tet.romfs")
    build_image(path)
    return path


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """The install of a stock board: `.mpy` files, their bytecode in each gadget's heap."""
    path = str(tmp_path_factory.mktemp("udp") / "install")
    install_firmware(path)
    return path


def check_table(outs, game_id, gadgets, loss):
    """Every gadget played to the end on the host's state and result; the least free heap of
    each, host first."""
    # every gadget that failed: one guest's failure (out of heap, say) leaves the others waiting
    failed = ["gadget %d:\n%s" % (n, text) for n, (status, _lines, text) in sorted(outs.items())
              if status != 0]
    assert not failed, "\n".join(failed)
    host = outs[1][1]
    assert host["result"] in ("Ù!", "Hoà", "Kết quả")
    for n in range(2, gadgets + 1):
        assert outs[n][1]["state"] == host["state"], (n, outs[n][1], host)
        assert outs[n][1]["result"] == host["result"]
    low = int(host["low"])      # it played to the end: it never ran out of heap
    sent, lost = [int(w) for w in host["radio"].split()]
    assert sent > 100 and (lost > 0 or not loss)
    print("%s host: least free heap at the table %d B; frames sent %d, lost %d"
          % (game_id, low, sent, lost))
    return [int(outs[n][1]["low"]) for n in range(1, gadgets + 1)]


def test_every_gadget_with_the_device_heap_plays_to_the_end_over_udp(image):
    check_table(play_table(image, "totom", 5, 2, 0.2), "totom", 5, 0.2)


# Known to run out of heap from .mpy files at 160K (issue 35), measured 2026-12-06 with every
# gadget in a process of its own, on its own board's framebuffer, each phase on a boot of its
# own (at 400K, least free minus 240K: what the host and the guests have to spare). Each fails
# at once: a gadget out of heap, or back at the launcher after a boot, ends every process.
FILES_SHORT = {
    "totom": "a colour board's host has -0.6 to +0.8 KB to spare at 400K, runs out of heap "
             "opening its table at 160K and passes at 166-168K (together_least_heap.py); a "
             "DevKit's host and every guest fit (test above)",
}


# Measured 2026-12-06 (issue 37, the takes onto laid entries): the seeded table of the test below
# now plays to a win (it was a draw before), and a DevKit host that scores a win from `.mpy` files
# runs out of heap at 160K (at a state broadcast or the evaluator's import mid-game, the heap cut
# up); it passes at 176K, the host's least free then 15 KB (host_tools/udp_table.play_table with
# firmware_kb 176). Whether the host fitted a win before is not known: its game was a draw.
DEVKIT_HOST_SHORT = ("a DevKit host scoring a win runs out of heap at 160K from .mpy files; "
                     "passes at 176K with 15 KB least free (issue 37's takes, measured "
                     "2026-12-06)")


@pytest.mark.xfail(reason=DEVKIT_HOST_SHORT)
def test_a_devkit_hosts_a_to_tom_table_of_stock_boards_whose_guests_load_no_rules(files):
    # Every gadget from `.mpy` files at 160K with 12 KB to spare, the host on a DevKit (its
    # OLED's framebuffer is 1 KB; a colour board's host, 16 KB, is short: FILES_SHORT), the
    # guests on colour boards and a DevKit: a guest loads no rules (its choices come from the
    # host's engine, tet.games.to_tom.seen).
    outs = play_table(files, "totom", 5, 1, 0.2, host_board="devkit_ssd1306")
    lows = check_table(outs, "totom", 5, 0.2)
    assert min(lows) >= 12 * 1024, lows
    for n in range(2, 6):
        loaded = outs[n][1]["modules"].split()
        assert "tet.games.to_tom.seen" in loaded and "tet.games.to_tom.engine" not in loaded
        assert "tet.games.to_tom.hand" not in loaded
    assert "tet.games.to_tom.engine" in outs[1][1]["modules"].split()


@pytest.mark.parametrize("game_id, gadgets", [
    pytest.param(g, n, marks=pytest.mark.xfail(reason=FILES_SHORT[g])) if g in FILES_SHORT
    else (g, n) for g, n in (("oaq", 4), ("totom", 5), ("xs", 4), ("xh", 6))])
def test_a_table_of_stock_boards_plays_to_the_end_with_12k_to_spare(files, game_id, gadgets):
    # every gadget from `.mpy` files with the device's 160K, a fifth of the frames lost
    lows = check_table(play_table(files, game_id, gadgets, 1, 0.2), game_id, gadgets, 0.2)
    assert min(lows) >= 12 * 1024, lows
