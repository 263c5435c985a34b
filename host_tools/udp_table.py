"""Run a shared table whose every seat is a gadget of its own: one `micropython` process per
gadget (tests/portable/udp_gadget.py) with the device's heap for the firmware, talking over
local UDP (sim.udp_air). Used by tests/test_play_over_udp.py and the playing-together bench."""

import os
import socket
import subprocess
import tempfile
import time

from mp_lane import RESTARTED, command, heap_without_harness, storage_link

MAX_BOOTS = 4       # a gadget restarts into its table once; a few more would be a loop
SECONDS = 420       # each process's deadline: on a free machine two Tổ Tôm games take about
                    # 10 s, a Xấp Sắc game 30 s (the people press keys in about real time)


def free_ports(count):
    """A base port whose `count` ports after it are free for UDP on this machine now. Each
    process starts looking at a place of its own, so parallel test runs, which check before
    their gadgets bind, do not pick the same ports."""
    start = (os.getpid() * 37) % 2000
    for i in range(2000):
        base = 20000 + ((start + i) % 2000) * 16
        socks = []
        try:
            for n in range(1, count + 1):
                s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
                socks.append(s)
                s.bind(("127.0.0.1", base + n))
            return base
        except OSError:
            continue
        finally:
            for s in socks:
                s.close()
    raise RuntimeError("no free UDP ports")


# the three boards mixed (gadget 1, the host, a TTGO): each process allocates its board's own
# framebuffer (tests/portable/fake_hw.py), 1 KB on the DevKit's OLED, 16 KB on a colour panel
BOARDS = ("ttgo_tdisplay", "ttgo_tdisplay", "devkit_ssd1306", "m5stickc_plus", "ttgo_tdisplay",
          "devkit_ssd1306")


def board_of(n):
    """The board of gadget `n` at a table."""
    return BOARDS[n % len(BOARDS)]


def _command(install, heap, *args):
    return command("run", "udp_gadget", ["--install", install] + [str(a) for a in args], heap)


def play_table(install, game_id, gadgets, games, loss, firmware_kb=160, host_board=None,
               guest_kb=None):
    """Run `gadgets` gadgets at a table of `game_id` (its id in the registry) for `games` games,
    the firmware from `install` (a ROMFS image or an installed directory) with `firmware_kb` KB
    of heap each (the guests `guest_kb` when given: one role's least heap is found with the
    other's at ease), each gadget on board_of(n) (the host on `host_board` when given); {gadget
    number: (exit status, {first word: the rest} of each line it printed, its whole output)}.
    Gadget 1 is the host. A gadget whose board restarts MicroPython boots again in a new
    process (its storage and radio address kept): its output is every boot's, and its `low` the
    least of them."""
    heap = int(heap_without_harness(firmware_kb, install, "udp_gadget"))
    heaps = {"host": str(heap), "guest": str(heap + ((guest_kb or firmware_kb) - firmware_kb) * 1024)}
    base = free_ports(gadgets)
    logs = {}
    with tempfile.TemporaryDirectory() as saves:

        def start(n, boot):
            role = "host" if n == 1 else "guest"
            argv, cwd = _command(install, heaps[role], role, game_id, n, gadgets, base, SECONDS,
                                 games, loss)
            storage = storage_link(cwd, os.path.join(saves, "g%d" % n))
            env = dict(os.environ, TET_FAKE_STORAGE=storage, TET_BOOT=str(boot),
                       TET_BOARD=host_board if n == 1 and host_board else board_of(n))
            # to a file, not a pipe: _wait reads nothing until every process ends
            if n not in logs:
                logs[n] = open(os.path.join(saves, "out%d" % n), "w+", encoding="utf-8")
            return subprocess.Popen(argv, stdout=logs[n], stderr=subprocess.STDOUT, env=env,
                                    cwd=cwd)

        # the guests first: they listen for the host
        procs = _wait({n: start(n, 0) for n in range(gadgets, 0, -1)}, start)
        outs = {}
        for n, proc in procs.items():
            logs[n].seek(0)
            text = logs[n].read()
            logs[n].close()
            lines = {line.split(" ", 1)[0]: line.split(" ", 1)[1]
                     for line in text.splitlines() if " " in line}
            lows = [int(line[4:]) for line in text.splitlines() if line.startswith("low ")]
            if lows:
                lines["low"] = str(min(lows))
            outs[n] = (proc.returncode, lines, text)
    return outs


def _wait(procs, start):
    """Wait for every process, booting again (start(n, boot)) each whose board restarted;
    once one fails (the others would wait for it until their deadline), or at the deadline,
    stop the rest. Returns the last process of each gadget."""
    end = time.time() + SECONDS + 60
    boots = dict.fromkeys(procs, 0)
    while time.time() < end:
        codes = []
        for n, proc in procs.items():
            code = proc.poll()
            if code == RESTARTED and boots[n] < MAX_BOOTS:
                boots[n] += 1
                procs[n] = start(n, boots[n])
                code = None
            codes.append(code)
        if None not in codes:
            return procs
        if any(codes):
            break
        time.sleep(0.05)
    for proc in procs.values():
        if proc.poll() is None:
            proc.kill()
    return procs
