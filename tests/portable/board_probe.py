"""Create each board under real MicroPython with the simulator's fake `machine` and report what
the hardware object offers and what the drivers sent (tests/test_boards.py reads the report).

Run by `mp_lane.run('run', 'board_probe', [ROOT])`: MicroPython's own framebuf and micropython
modules are used; only `machine` comes from sim/fakes (it is an extensible module there).
"""

import sys

import framebuf  # noqa: F401  (the built-in, imported before sim/fakes joins the path)
import micropython  # noqa: F401

BOARDS = ("ttgo_tdisplay", "m5stickc_plus", "devkit_ssd1306")


def _sent_bytes(machine, kind):
    total = 0
    for entry in machine.log:
        if entry[0] == kind:
            total += len(entry[2])
    return total


def probe(machine, board):
    """Create `board` and return one report line about it."""
    machine.reset()
    machine.attach_i2c(0x34)
    machine.attach_i2c(0x3C)
    machine.attach_i2c(0x68)[0x75] = 0x19 if board == "m5stickc_plus" else 0x68
    module = __import__(board + ".board", None, None, ("create",))
    hw = module.create("/tmp/board_probe_saves")
    d = hw.display
    d.fill(0)
    d.pixel(1, 1, 1)
    d.invalidate()
    del machine.log[:]
    d.show()
    sent = _sent_bytes(machine, "spi") + _sent_bytes(machine, "i2c")
    # one more pixel, lower down: only its row (its page on the OLED) goes to the panel
    d.pixel(2, d.height - 2, 1)
    del machine.log[:]
    d.show()
    changed = _sent_bytes(machine, "spi") + _sent_bytes(machine, "i2c")
    del machine.log[:]
    d.show()
    again = _sent_bytes(machine, "spi") + _sent_bytes(machine, "i2c")
    machine.set_level(module.BUTTON_PINS[-1], 0)
    motion = "none" if hw.motion is None else "%.1f" % hw.motion()[2]
    return "%s %dx%dx%d %s buttons=%d motion=%s buzzer=%s sent=%d changed=%d again=%d" % (
        hw.name, d.width, d.height, d.depth, ",".join(hw.button_names), hw.buttons(), motion,
        "yes" if hw.buzzer else "no", sent, changed, again)


def main(args):
    """Print one report line per board (args[0]: the project root)."""
    root = args[0]
    sys.path.insert(0, root + "/host_tools/sim/fakes")
    sys.path.insert(0, root + "/boards")
    import machine

    if not hasattr(machine, "attach_i2c"):
        print("the fake machine module was not picked up")
        return 1
    for board in BOARDS:
        print(probe(machine, board))
    return 0
