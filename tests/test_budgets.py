"""Memory budgets of spec/platform.md, measured under `micropython -X heapsize=160K`."""

import os

import pytest

import hostbench_boot
from build import install_firmware
from romfs import build_image

BUDGET_BOOT = 40 * 1024


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("romfs") / "tet.romfs")
    assert build_image(path) > 10000
    return path


@pytest.mark.parametrize("board", [
    pytest.param(b, marks=pytest.mark.xfail(strict=True, reason=(
        "measured 2026-12-01: ~43 KB on the colour boards (16.2 KB of it the framebuffer) since "
        "idle/battery, button hints, save checks and the registry joined the boot: over budget "
        "(issue 11)")))
    if b != "devkit_ssd1306" else b for b in hostbench_boot.BOARDS])
def test_boot_to_menu_fits_the_heap_budget(board, image):
    heap, fb = hostbench_boot.probe(board, image)
    assert fb in (16200, 1024)
    assert heap < BUDGET_BOOT, "boot to menu holds %d B (budget %d B)" % (heap, BUDGET_BOOT)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("files") / "install")
    install_firmware(path)
    return path


@pytest.mark.parametrize("board", [
    pytest.param(b, marks=pytest.mark.xfail(strict=True, reason=(
        "measured again 2026-12-06 (hostbench_boot): 55.8 KB on the colour boards (16.2 KB of it "
        "the framebuffer): over budget in the file install (issue 11)")))
    if b != "devkit_ssd1306" else b for b in hostbench_boot.BOARDS])
def test_boot_from_mpy_files_fits_the_heap_budget(board, files):
    """A stock board (make deploy): the bytecode is loaded into the heap."""
    heap, fb = hostbench_boot.probe(board, files)
    assert fb in (16200, 1024)
    assert heap < BUDGET_BOOT, "boot to menu holds %d B (budget %d B)" % (heap, BUDGET_BOOT)


@pytest.mark.parametrize("board", hostbench_boot.BOARDS)
def test_boot_from_plain_files_runs_under_160k(board):
    heap, _fb = hostbench_boot.probe(board)
    assert 0 < heap < 160 * 1024
