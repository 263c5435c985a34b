"""python -m sim --headless --micropython: the scripted simulator run by the real micropython
binary, with the device's heap, from either install."""

import os
import subprocess
import sys

import pytest

from mp_lane import ROOT

DEMO = os.path.join(ROOT, "host_tools", "sim", "scripts", "demo.txt")


def sim(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "sim", "--headless"] + list(args),
                          capture_output=True, text=True, cwd=cwd or ROOT, timeout=600)


def heap_lines(out):
    return [int(line.split()[2]) for line in out.splitlines() if line.startswith("heap menu ")]


@pytest.mark.parametrize("install, board", [
    pytest.param("files", "ttgo_tdisplay", marks=pytest.mark.xfail(strict=True, reason=(
        "measured 2026-12-01: from .mpy files the demo runs out of heap opening Ô Ăn Quan "
        "(issue 11: a stock board does not fit every game yet)"))),
    ("romfs", "devkit_ssd1306")])
def test_same_shots_as_the_cpython_simulator(install, board, tmp_path):
    mp_dir, py_dir = tmp_path / "mp", tmp_path / "py"
    res = sim("--micropython", "--install", install, "--board", board, "--script", DEMO,
              "--screenshot", str(mp_dir), "--storage", str(tmp_path / "s1"))
    assert res.returncode == 0, res.stdout + res.stderr
    ref = sim("--board", board, "--script", DEMO, "--screenshot", str(py_dir),
              "--storage", str(tmp_path / "s2"))
    assert ref.returncode == 0, ref.stderr
    names = sorted(os.listdir(py_dir))
    assert names and sorted(os.listdir(mp_dir)) == names
    # the same frames, byte for byte, the dealt games and rolled dice too: one simulated board
    # (sim.hardware), its random numbers from the same seed on both runtimes
    for name in names:
        assert (mp_dir / name).read_bytes() == (py_dir / name).read_bytes(), name
    # the launcher is shown at boot and again after each game and Cài đặt: one line each
    heaps = heap_lines(res.stdout)
    assert len(heaps) == res.stdout.count("heap menu") >= 5, res.stdout
    assert all(0 < h < 160 * 1024 for h in heaps), res.stdout


def test_a_memory_error_exits_non_zero_with_the_traceback(tmp_path):
    res = sim("--micropython", "--heap", "64K", "--board", "ttgo_tdisplay", "--script", DEMO,
              "--screenshot", str(tmp_path / "shots"), "--storage", str(tmp_path / "s"))
    assert res.returncode == 1
    assert "MemoryError" in res.stderr and "Traceback" in res.stderr
    assert "FAILED" in res.stdout


def test_leaving_a_game_shows_the_menu_heap_again(tmp_path):
    script = tmp_path / "game.txt"
    # open Ô Ăn Quan (first entry), its setup, then back to the launcher
    script.write_text("wait 500\npress SELECT\nwait 500\nhold SELECT\nwait 500\nshot back\n")
    res = sim("--micropython", "--board", "ttgo_tdisplay", "--script", str(script),
              "--screenshot", str(tmp_path / "shots"), "--storage", str(tmp_path / "s"))
    assert res.returncode == 0, res.stdout + res.stderr
    heaps = heap_lines(res.stdout)
    assert len(heaps) == 2, res.stdout
    assert (tmp_path / "shots" / "back.png").exists()


# Ô Ăn Quan: a game begun (a move and the computer's answer), left through "Lưu và thoát"; then
# Cài đặt opened and left
PLAYED_THEN_SETTINGS = ("wait 800\npress SELECT\nwait 300\npress SELECT\nwait 300\n"
                        "press SELECT\npress SELECT\nwait 5000\nhold SELECT\npress NEXT\n"
                        "press SELECT\nwait 300\npress NEXT\npress NEXT\npress NEXT\n"
                        "press NEXT\npress SELECT\nwait 300\nshot settings\nhold SELECT\n"
                        "wait 300\n")


def test_the_menu_heap_is_measured_once_the_left_game_is_let_go(tmp_path):
    script = tmp_path / "played.txt"
    script.write_text(PLAYED_THEN_SETTINGS)
    res = sim("--micropython", "--install", "romfs", "--board", "devkit_ssd1306", "--script",
              str(script), "--screenshot", str(tmp_path / "shots"), "--storage",
              str(tmp_path / "s"))
    assert res.returncode == 0, res.stdout + res.stderr
    assert "Cài đặt" in (tmp_path / "shots" / "settings.txt").read_text(encoding="utf-8")
    # boot, after the game, after Cài đặt: leaving Cài đặt frees next to nothing more, so the
    # line after the game already counts the game's heap as free (not the dialog's callback's)
    boot, after_game, after_settings = heap_lines(res.stdout)
    assert abs(after_settings - after_game) <= 2048 and after_game < boot, res.stdout


# Ô Ăn Quan's setup, down to Chơi chung, the lobby shown (on a boot of its own), then back out of
# it (a boot into the game's setup menu) and out of the game
LOBBY = ("press SELECT\nwait 300\npress NEXT\npress NEXT\npress NEXT\npress NEXT\n"
         "press SELECT\nwait 800\nshot lobby{n}\nhold SELECT\nwait 800\nhold SELECT\nwait 800\n")


def test_a_stock_board_hosts_a_table_and_leaving_it_frees_it(tmp_path):
    script = tmp_path / "lobby.txt"
    script.write_text("wait 300\n" + LOBBY.format(n=1) + LOBBY.format(n=2))
    res = sim("--micropython", "--heap", "160K", "--install", "files", "--board", "ttgo_tdisplay",
              "--script", str(script), "--screenshot", str(tmp_path / "shots"),
              "--storage", str(tmp_path / "s"))
    assert res.returncode == 0, res.stdout + res.stderr
    for n in (1, 2):
        lines = (tmp_path / "shots" / ("lobby%d.txt" % n)).read_text(encoding="utf-8").split("\n")
        assert lines[0] == "Chơi chung" and lines[1].startswith("Mã bàn: "), lines
        assert "Ghế 2: đang chờ…" in lines
    # the boot; then each visit's: the lobby opens on a boot of its own (no launcher there),
    # leaving it restarts into the game's setup menu, and leaving that shows the launcher,
    # holding the same heap after both visits
    heaps = heap_lines(res.stdout)
    assert len(heaps) == 3 and res.stdout.count("\nrestart ") == 4, res.stdout
    assert abs(heaps[2] - heaps[1]) <= 2048, res.stdout


@pytest.mark.parametrize("args, words", [
    (["--heap", "lots"], "--heap"),
    (["--install", "flash"], "invalid choice"),
])
def test_bad_options_exit_2_with_one_line(args, words, tmp_path):
    res = sim("--micropython", "--screenshot", str(tmp_path), *args)
    assert res.returncode == 2
    assert words in res.stderr and "Traceback" not in res.stderr
