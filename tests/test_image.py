"""make image: a ROMFS firmware (built here, by hand, in the ESP32 image format) merged with our
ROMFS image at the romfs partition's offset; esptool reads the result."""

import hashlib
import os
import struct
import subprocess
import sys

import pytest

from mp_lane import ROOT
from romfs import build_image

IMAGE = os.path.join(ROOT, "host_tools", "image.py")
ESPTOOL = os.path.join(os.path.dirname(sys.executable), "esptool")


def esp_app_image(entry, segments):
    """An ESP32 app image: header, extended header, segments, checksum byte, SHA-256."""
    out = bytearray(struct.pack("<BBBBI", 0xE9, len(segments), 2, 0x20, entry))
    # wp pin, drive settings, chip id 0 (ESP32), revisions, reserved, hash appended
    out += struct.pack("<BBBBHBHH4sB", 0xEE, 0, 0, 0, 0, 0, 0, 0xFFFF, bytes(4), 1)
    checksum = 0xEF
    for addr, data in segments:
        out += struct.pack("<II", addr, len(data)) + data
        for b in data:
            checksum ^= b
    out += bytes(15 - len(out) % 16) + bytes((checksum,))
    return bytes(out + hashlib.sha256(out).digest())


def partition_table(rows):
    """The binary table: 32-byte entries, then the MD5 entry, padded with 0xFF."""
    out = bytearray()
    for label, ptype, subtype, offset, size in rows:
        out += struct.pack("<2sBBII16sI", b"\xaa\x50", ptype, subtype, offset, size,
                           label.encode(), 0)
    out += b"\xeb\xeb" + b"\xff" * 14 + hashlib.md5(bytes(out)).digest()
    return bytes(out + b"\xff" * (0xC00 - len(out)))


ROMFS_TABLE = [("nvs", 1, 2, 0x9000, 0x6000), ("phy_init", 1, 1, 0xF000, 0x1000),
               ("factory", 0, 0, 0x10000, 0x1F0000), ("romfs", 1, 0x8F, 0x200000, 0x40000),
               ("vfs", 1, 0x81, 0x240000, 0x1C0000)]


def firmware(table):
    """firmware.bin as the esp32 port writes it (flashed at 0x1000): bootloader, table, app."""
    boot = esp_app_image(0x40080400, [(0x3FFF0000, bytes(range(64)) * 4)])
    app = esp_app_image(0x400D0000, [(0x3F400020, b"MicroPython" + bytes(501))])
    out = bytearray(b"\xff" * (0x10000 - 0x1000))
    out[:len(boot)] = boot
    out[0x7000:0x7000 + 0xC00] = partition_table(table)
    return bytes(out + app)


@pytest.fixture(scope="module")
def romfs(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("r") / "tet.romfs")
    build_image(path)
    return path


def make(tmp_path, table, romfs):
    fw = tmp_path / "firmware.bin"
    fw.write_bytes(firmware(table))
    out = tmp_path / "tet-image.bin"
    res = subprocess.run([sys.executable, IMAGE, "--firmware", str(fw), "--romfs", romfs,
                          "--out", str(out)], capture_output=True, text=True, timeout=120)
    return res, fw, out


def test_the_image_holds_the_firmware_and_the_romfs_at_its_partition(tmp_path, romfs):
    res, fw, out = make(tmp_path, ROMFS_TABLE, romfs)
    assert res.returncode == 0, res.stderr
    data = out.read_bytes()
    rom = open(romfs, "rb").read()
    assert data[:len(fw.read_bytes())] == fw.read_bytes()
    at = 0x200000 - 0x1000
    assert data[at:at + len(rom)] == rom
    assert rom[:3] == b"\xd2\xcd\x31"  # the ROMFS header, read back at the partition's offset
    info = subprocess.run([ESPTOOL, "--chip", "esp32", "image-info", str(out)],
                          capture_output=True, text=True, timeout=120)
    assert info.returncode == 0, info.stdout + info.stderr
    assert "0x40080400" in info.stdout.lower()  # the bootloader's entry point


def test_a_firmware_without_a_romfs_partition_is_refused(tmp_path, romfs):
    stock = [r for r in ROMFS_TABLE if r[0] != "romfs"]
    res, _fw, out = make(tmp_path, stock, romfs)
    assert res.returncode == 1 and not out.exists()
    assert "no romfs partition" in res.stderr and "nvs, phy_init, factory, vfs" in res.stderr


def test_a_partition_too_small_is_refused(tmp_path, romfs):
    small = [r if r[0] != "romfs" else ("romfs", 1, 0x8F, 0x200000, 0x10000) for r in ROMFS_TABLE]
    res, _fw, _out = make(tmp_path, small, romfs)
    assert res.returncode == 1 and "romfs partition 65536" in res.stderr


def test_a_file_that_is_not_a_firmware(tmp_path, romfs):
    fw = tmp_path / "notes.bin"
    fw.write_bytes(b"hello" * 100)
    res = subprocess.run([sys.executable, IMAGE, "--firmware", str(fw), "--romfs", romfs,
                          "--out", str(tmp_path / "o.bin")], capture_output=True, text=True)
    assert res.returncode == 1 and "no partition table" in res.stderr
