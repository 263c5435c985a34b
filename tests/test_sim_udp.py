"""Two simulators in processes of their own play together over local UDP (`python -m sim
--udp N/G`): gadget 1 hosts a Tổ Tôm table through its keys, gadget 2 hears it, joins and is
dealt its own hand. Both run headless on the real clock, so they keep pace with each other."""

import os
import subprocess
import sys

from mp_lane import ROOT
from udp_table import free_ports

# the launcher's third game, its "Chơi chung" (the third entry) and "Vào bàn" (the fourth)
OPEN_TO_TOM = "wait 500\npress NEXT\npress NEXT\npress SELECT\nwait 300\npress NEXT\npress NEXT\n"
HOST = OPEN_TO_TOM + "press SELECT\nwait 8000\nshot lobby\npress SELECT\nwait 3000\nshot table\n"
GUEST = OPEN_TO_TOM + "press NEXT\npress SELECT\nwait 3000\nshot tables\npress SELECT\n" \
    "wait 9000\nshot table\n"
# the host's random numbers (gadget n's are SEED + n - 1): its table deals Máy 5 the cái, whose
# first discard waits at the host's door when both shots are taken
SEED = 2


def sim(tmp_path, base, n, script):
    path = tmp_path / ("gadget%d.txt" % n)
    path.write_text(script, encoding="utf-8")
    return [sys.executable, "-m", "sim", "--headless", "--udp", "%d/2" % n, "--udp-port",
            str(base), "--script", str(path), "--screenshot",
            str(tmp_path / ("shots%d" % n)), "--storage", str(tmp_path / ("saves%d" % n)),
            "--seed", str(SEED)]


def shot(tmp_path, n, name):
    return (tmp_path / ("shots%d" % n) / (name + ".txt")).read_text(encoding="utf-8")


def test_two_simulators_play_together_over_udp(tmp_path):
    base = free_ports(2)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    guest = subprocess.Popen(sim(tmp_path, base, 2, GUEST), cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    host = subprocess.run(sim(tmp_path, base, 1, HOST), cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    out = guest.communicate(timeout=120)[0]
    assert host.returncode == 0 and guest.returncode == 0, host.stdout + host.stderr + out
    lobby = shot(tmp_path, 1, "lobby")
    code = [line for line in lobby.split("\n") if line.startswith("Mã bàn: ")][0][8:]
    assert "Đã vào: 2/5 người" in lobby and "Ghế 2: đã vào" in lobby, lobby
    assert "Bàn %s · còn 4 ghế" % code in shot(tmp_path, 2, "tables")
    host_table, guest_table = shot(tmp_path, 1, "table"), shot(tmp_path, 2, "table")
    assert host_table.startswith("Tổ Tôm") and guest_table.startswith("Tổ Tôm")
    assert "Cửa N1:" in guest_table and "Cửa Bạn:" in host_table, guest_table
    # the same card at that door on both gadgets, each naming the host its own way
    door = [line for line in host_table.split("\n") if line.startswith("Cửa Bạn: ")][0]
    assert door.replace("Bạn", "N1") in guest_table.split("\n"), (host_table, guest_table)
