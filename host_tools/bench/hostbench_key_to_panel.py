"""A key press to the panel: interpreter work from exact instruction counts, plus the bus.

A tap on the launcher menu runs through the app loop with the board's real display driver
(drivers/st7789.py, drivers/ssd1306.py) on a bus that counts bytes (device_probe.py `tap`). The
instructions, converted at the calibration's slow end, are the interpreter's part; the bytes
sent give the bus's part at the boards' clocks; the loop's frame wait (FRAME_MS) is added once,
since a press may land just after a pass. The drivers send only the rows (pages) that changed;
the second row of each board sends every frame whole, as they did before.

    python host_tools/bench/hostbench_key_to_panel.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

import icount  # noqa: E402

TITLE = "Key press to the panel (instruction counts plus the bus)"
BUDGET_MS = 50
FRAME_WAIT_MS = 10          # tet.core.app.FRAME_MS: the loop's sleep between passes
# bus time per byte sent: SPI at SPI_HZ (boards/ttgo_tdisplay/board.py), 8 bits a byte; I2C at
# 400 kHz (boards/devkit_ssd1306/board.py), 9 bits a byte with the acknowledge
BUS_US_PER_BYTE = {"ttgo_tdisplay": 8 / 40.0, "devkit_ssd1306": 9 / 0.4}
BUS_NAME = {"ttgo_tdisplay": "SPI 40 MHz", "devkit_ssd1306": "I2C 400 kHz"}
ITEMS = 4
# two framebuffers (the fake's and the driver's) and the sources compiled from .py: more than
# 160K; a bigger heap only makes a collection slower, so the figure errs on the slow side
HEAP = "320K"


def measure(board, whole, items=ITEMS, calibration=None):
    """(bytes sent, instructions, total device ms) of the worst of `items` taps."""
    cal = calibration or icount.load_calibration()
    parts, stdout = icount.module_regions(
        "device_probe", ["icount", "tap", str(items), board, "1" if whole else "0"], heap=HEAP)
    sent = [int(line.split()[2]) for line in stdout.splitlines() if line.startswith("ITEM ")]
    worst = None
    for (instructions, _calls), nbytes in zip(parts, sent):
        total = (icount.device_ms(instructions, "slow", cal) + nbytes * BUS_US_PER_BYTE[board]
                 / 1000.0 + FRAME_WAIT_MS)
        if worst is None or total > worst[2]:
            worst = (nbytes, instructions, total)
    return worst


def main():
    cal = icount.load_calibration()
    print("MD\t| board | frame sent | bytes | instructions | interpreter ms | bus ms | frame wait "
          "| key to panel (slow end) | budget |")
    print("MD\t|---|---|---:|---:|---:|---:|---:|---:|---|")
    for board in BUS_US_PER_BYTE:
        for whole in (False, True):
            nbytes, instructions, total = measure(board, whole, calibration=cal)
            verdict = "pass" if total <= BUDGET_MS else "**FAIL**"
            print("MD\t| %s | %s | %d | %.2fM | %.1f | %.1f (%s) | %d | %.1f ms | %d ms: %s |" % (
                board, "whole (before)" if whole else "changed rows", nbytes, instructions / 1e6,
                icount.device_ms(instructions, "slow", cal),
                nbytes * BUS_US_PER_BYTE[board] / 1000.0, BUS_NAME[board], FRAME_WAIT_MS,
                total, BUDGET_MS, verdict if not whole else "(for comparison)"))
    print("MD\t")
    print("MD\tThe viper row conversion and row hashes are native code: counted as if they were "
          "bytecode (2.54 ESP32 cycles per x86-64 instruction), they are overstated.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
