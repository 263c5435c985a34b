"""Run firmware/main.py's start(hw) on a simulated board, in a window or headless.

Headless runs use a virtual clock: time moves only when the firmware sleeps (plus the estimated
time each show() takes on the device), so a scripted session is fast and gives the same frames
every time.  The script's end, the window's close button or Esc stop the app loop by raising
SimDone from the hardware's sleep, which the runner catches.
"""

import os
import sys

import sim
from sim import clock as sim_clock
from sim.boards import BoardSpec
from sim.render import frame_image
from sim.script import parse


class SimDone(BaseException):
    """Stops the firmware's endless loop (BaseException, so `except Exception` in the firmware
    does not swallow it)."""


def forget_firmware():
    """Drop every module of the firmware's `tet` package: the next import loads it afresh, as
    after the board's soft reset."""
    for name in [n for n in sys.modules if n == "tet" or n.startswith("tet.")]:
        del sys.modules[name]


class Session:
    """One simulated run: a board, a clock, a script, optionally a window."""

    def __init__(self, board_id, headless=True, script_text=None, script_name="script",
                 shot_dir="sim_out", scale=None, storage=None, seed=None, ticks_start_ms=0,
                 with_imu=False, audio=True, on_shot=None, udp=None):
        # gadgets in processes of their own (udp: see SimHardware.radio) keep pace in real time
        virtual = headless and udp is None
        clock_type = sim_clock.VirtualClock if virtual else sim_clock.RealClock
        self.clock = sim.install_fakes(clock_type(ticks_start_ms))
        from sim.hardware import SimHardware  # needs the fakes in place

        self.spec = BoardSpec(board_id, with_imu)
        self.scale = scale or self.spec.default_scale
        self.shot_dir = shot_dir
        self.shots = []
        self.on_shot = on_shot
        if storage is None:
            storage = os.path.join("sim_out", "saves", board_id)
        os.makedirs(os.path.dirname(os.path.abspath(storage)), exist_ok=True)
        self.hw = SimHardware(self.spec, storage, seed, self._shown, udp)
        self.events = parse(script_text, self.spec, script_name) if script_text else []
        self.headless = headless
        self.window = None
        if not headless:
            from sim.window import Window

            self.window = Window(self.spec, self.scale, audio)
            if self.hw.buzzer is not None:
                self.hw.buzzer.sink = self.window.tone
        self._start_us = self.clock.now_us()
        self._next_event = 0
        self._manual_shots = 0
        self.clock.on_sleep = self._after_sleep

    def elapsed_ms(self):
        """Milliseconds since the session started (not wrapped)."""
        return (self.clock.now_us() - self._start_us) // 1000

    def _shown(self, display):
        if self.clock.virtual:
            self.clock.advance_us(self.spec.show_ms * 1000)
        if self.window is not None:
            self.window.draw(display)

    def _after_sleep(self):
        now = self.elapsed_ms()
        while self._next_event < len(self.events) and self.events[self._next_event][0] <= now:
            _at, action, arg = self.events[self._next_event]
            self._next_event += 1
            self._do(action, arg)
        if self.window is not None:
            self.hw.pressed, commands = self.window.poll(self.hw.pressed)
            for command in commands:
                self._command(command)

    def _do(self, action, arg):
        if action == "down":
            self.hw.pressed |= arg
        elif action == "up":
            self.hw.pressed &= ~arg
        elif action == "shake":
            self.hw.shake(arg)
        elif action == "shot":
            self.screenshot(arg)
        elif action == "battery":
            self.hw.set_battery(arg)
        elif action == "end" and self.headless:
            raise SimDone()

    def _command(self, command):
        if command == "quit":
            raise SimDone()
        if command == "shake":
            if self.hw.motion is None:
                print("sim: %s has no motion sensor (the firmware offers a button instead)"
                      % self.spec.id)
            else:
                self.hw.shake(300)
        elif command == "shot":
            self._manual_shots += 1
            print("sim: saved", self.screenshot("shot_%03d" % self._manual_shots))

    def screenshot(self, name):
        """Save the panel's current picture as `name`.png and its text as `name`.txt; return the
        picture's path."""
        display = self.hw.display
        image = frame_image(display.shown, display.width, display.height, display.depth,
                            display.shown_palette, self.scale)
        os.makedirs(self.shot_dir, exist_ok=True)
        path = os.path.join(self.shot_dir, name + ".png")
        image.save(path)
        # beside the picture, the text of the same frame (what a test or a reader can grep)
        with open(os.path.join(self.shot_dir, name + ".txt"), "w", encoding="utf-8") as f:
            f.write(display.shown_text() + "\n")
        self.shots.append(path)
        if self.on_shot is not None:
            self.on_shot(name, path)
        return path

    def run(self):
        """Boot the firmware and run it until the script ends or the window closes."""
        import main  # firmware/main.py

        from sim.hardware import SimRestart

        try:
            while True:
                try:
                    main.start(self.hw)
                except SimRestart:
                    # the board restarted MicroPython: boot again, the saves kept
                    forget_firmware()
                    print("sim: restart (MicroPython starts afresh; the launcher opens the game)")
        except SimDone:
            pass
        except Exception:
            if self.headless:
                self.screenshot("crash")
            raise
        finally:
            self.clock.on_sleep = None
            if self.window is not None:
                self.window.close()
