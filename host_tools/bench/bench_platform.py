"""Menu frame draw time and press-to-screen latency through the app loop (boot heap: hostbench_boot)."""

TITLE = "Platform: frames and input latency"
HEAP = "160K"

import gc  # noqa: E402

from benchlib import DEVICE_FACTOR, elapsed_us, now_us, report  # noqa: E402


def main(args):
    from fake_hw import FakeHardware, clear_storage, run

    from tet.core.app import App
    from tet.ui.launcher import Launcher

    for board in ("ttgo_tdisplay", "devkit_ssd1306"):
        hw = FakeHardware(board)
        clear_storage(hw)
        app = App(hw)
        app.push(Launcher(app))
        app.step()
        # a redraw of the menu: clear, draw the entries in the Vietnamese font, show()
        reps = 30
        start = now_us()
        for _ in range(reps):
            app.dirty = True
            app.step()
        report("menu frame draw (%s)" % board, "%.0f" % (elapsed_us(start) / reps), "us")
        # latency: a tap (the event fires on release for two-button boards, on press for
        # arrows), timed from that edge until the new frame has been shown
        bit = 1 << hw.button_names.index("A" if "A" in hw.button_names else "DOWN")
        if "A" in hw.button_names:
            hw.pressed = bit
            run(app, 60)
            hw.pressed = 0
        else:
            hw.pressed = bit
        shows = hw.display.shows
        start = now_us()
        passes = 0
        while hw.display.shows == shows:
            app.step()
            hw.sleep_ms(10)
            passes += 1
        lat_us = elapsed_us(start)
        hw.pressed = 0
        run(app, 100)
        report("tap to frame shown (%s)" % board, "%.0f" % lat_us, "us",
               "%d loop pass; device: %.1f ms of work + at most one %d ms frame wait"
               % (passes, lat_us * DEVICE_FACTOR / 1000, 10))
        del app
        gc.collect()
