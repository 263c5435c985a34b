"""Run a shared table whose every seat is a gadget of its own: one `micropython` process per
gadget (tests/portable/udp_gadget.py) with the device's heap for the firmware, talking over
local UDP (sim.udp_air). Used by tests/test_play_over_udp.py and the playing-together bench."""

import os
import socket
import subprocess
import tempfile
import time

from mp_lane import command, heap_without_harness, storage_link

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


def _command(install, heap, *args):
    return command("run", "udp_gadget", ["--install", install] + [str(a) for a in args], heap)


def play_table(install, game_id, gadgets, games, loss, firmware_kb=160):
    """Run `gadgets` gadgets at a table of `game_id` ("totom" or "xs") for `games` games, the
    firmware from `install` (a ROMFS image or an installed directory) with `firmware_kb` KB of
    heap each; {gadget number: (exit status, {first word: the rest} of each line it printed,
    its whole output)}. Gadget 1 is the host."""
    heap = heap_without_harness(firmware_kb, install, "udp_gadget")
    base = free_ports(gadgets)
    procs, logs = {}, {}
    with tempfile.TemporaryDirectory() as saves:
        for n in range(gadgets, 0, -1):     # the guests first: they listen for the host
            role = "host" if n == 1 else "guest"
            argv, cwd = _command(install, heap, role, game_id, n, gadgets, base, SECONDS, games,
                                 loss)
            storage = storage_link(cwd, os.path.join(saves, "g%d" % n))
            env = dict(os.environ, TET_FAKE_STORAGE=storage)
            # to a file, not a pipe: _wait reads nothing until every process ends
            logs[n] = open(os.path.join(saves, "out%d" % n), "w+", encoding="utf-8")
            procs[n] = subprocess.Popen(argv, stdout=logs[n], stderr=subprocess.STDOUT, env=env,
                                        cwd=cwd)
        _wait(procs)
        outs = {}
        for n, proc in procs.items():
            logs[n].seek(0)
            text = logs[n].read()
            logs[n].close()
            lines = {line.split(" ", 1)[0]: line.split(" ", 1)[1]
                     for line in text.splitlines() if " " in line}
            outs[n] = (proc.returncode, lines, text)
    return outs


def _wait(procs):
    """Wait for every process; once one fails (the others would wait for it until their
    deadline), or at the deadline, stop the rest."""
    end = time.time() + SECONDS + 60
    while time.time() < end:
        codes = [proc.poll() for proc in procs.values()]
        if None not in codes:
            return
        if any(codes):
            break
        time.sleep(0.2)
    for proc in procs.values():
        if proc.poll() is None:
            proc.kill()
