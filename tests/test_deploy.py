"""make deploy / make deploy-romfs ask the device first (a fake one here) and refuse clearly."""

import json
import os
import subprocess
import sys

import pytest

from mp_lane import ROOT

import build

DEPLOY = os.path.join(ROOT, "host_tools", "deploy.py")
FAKE = os.path.join(ROOT, "tests", "fake_mpremote.py")
# MicroPython 1.22+ on the ESP32: .mpy version 6, sub-version 3, architecture 10 (xtensawin)
ESP32_MPY = 6 | 3 << 8 | 10 << 10
STOCK = {"version": [1, 28, 0], "mpy": ESP32_MPY, "bsize": 4096, "bfree": 500,
         "rom_ioctl": False, "segment": 0, "romfs_partition": False}


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("b") / "build")
    build.build("ttgo_tdisplay", out)
    return out


def deploy(install, device, *extra):
    env = dict(os.environ, MPREMOTE=FAKE, FAKE_DEVICE=json.dumps(device))
    return subprocess.run([sys.executable, DEPLOY, install, "--port", "/dev/ttyFAKE"] + list(extra),
                          capture_output=True, text=True, env=env, timeout=120)


def one_line(res):
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in res.stderr, res.stderr
    return lines[0]


def test_a_stock_board_with_room_takes_the_files(tree):
    res = deploy("files", STOCK, "--build", tree)
    assert res.returncode == 0, res.stderr
    assert "MicroPython 1.28.0" in res.stdout and "2000 KB free" in res.stdout


def test_an_old_firmware_is_refused_by_mpy_version(tree):
    old = dict(STOCK, version=[1, 19, 1], mpy=5 | 10 << 10)
    res = deploy("files", old, "--build", tree)
    assert res.returncode == 1
    line = one_line(res)
    assert "MicroPython 1.19.1" in line and ".mpy version 5" in line and "version 6" in line


def test_a_firmware_for_another_chip_is_refused_by_architecture(tree):
    rp2 = dict(STOCK, mpy=6 | 3 << 8 | 6 << 10)  # armv6m: the viper display code cannot load
    line = one_line(deploy("files", rp2, "--build", tree))
    # the first file with native (viper) code, in path order, is named
    assert "architecture 6" in line and "drivers/changes.mpy" in line


def test_a_full_filesystem_is_refused_with_the_sizes(tree):
    full = dict(STOCK, bfree=20)  # 80 KB free
    res = deploy("files", full, "--build", tree)
    assert res.returncode == 1
    line = one_line(res)
    need = sum((os.path.getsize(os.path.join(d, f)) + 4095) // 4096 * 4096
               for d, _s, fs in os.walk(tree) for f in fs) + 64 * 1024
    assert "%d KB" % (need // 1024) in line and "80 KB free" in line


def test_no_device_on_the_port():
    line = one_line(deploy("files", {"absent": True}))
    assert "no MicroPython answered on /dev/ttyFAKE" in line and "in use" in line


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    path = tmp_path_factory.mktemp("r") / "tet.romfs"
    path.write_bytes(b"R" * 140000)
    return str(path)


@pytest.mark.parametrize("device, words", [
    (STOCK, ("no ROMFS", "MICROPY_VFS_ROM", "no romfs partition either")),
    (dict(STOCK, romfs_partition=True), ("no ROMFS", "not the code to use it")),
    (dict(STOCK, rom_ioctl=True), ("has ROMFS", "no romfs partition")),
    (dict(STOCK, rom_ioctl=True, romfs_partition=True, segment=128 * 1024),
     ("136 KB", "holds 128 KB")),
])
def test_deploy_romfs_says_exactly_what_is_missing(device, words, image):
    res = deploy("romfs", device, "--image", image)
    assert res.returncode == 1
    line = one_line(res)
    for word in words:
        assert word in line, line


def test_deploy_romfs_goes_on_when_everything_is_there(image):
    ok = dict(STOCK, rom_ioctl=True, romfs_partition=True, segment=256 * 1024)
    res = deploy("romfs", ok, "--image", image)
    assert res.returncode == 0, res.stderr
    assert "partition 256 KB" in res.stdout
