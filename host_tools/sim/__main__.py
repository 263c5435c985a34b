"""python -m sim: run the gadget's firmware on a simulated board (see sim/README.md)."""

import argparse
import os
import sys

from sim import ROOT
from sim.boards import BOARD_IDS, DEFAULT_BOARD
from sim.script import ScriptError

DEMO = os.path.join(ROOT, "host_tools", "sim", "scripts", "demo.txt")


def positive_int(text):
    """argparse type: an int of at least 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def udp_seat(text):
    """argparse type: "N/G", gadget N of G (1 <= N <= G <= 250)."""
    try:
        n, gadgets = [int(part) for part in text.split("/")]
    except ValueError:
        raise argparse.ArgumentTypeError("expected N/G, e.g. 2/3") from None
    if not 1 <= n <= gadgets <= 250:
        raise argparse.ArgumentTypeError("expected 1 <= N <= G <= 250")
    return n, gadgets


def parse_args(argv):
    p = argparse.ArgumentParser(prog="python -m sim", description=__doc__)
    p.add_argument("--board", choices=BOARD_IDS, default=DEFAULT_BOARD)
    p.add_argument("--headless", action="store_true",
                   help="no window: virtual clock, scripted input, PNG screenshots")
    p.add_argument("--script", metavar="FILE",
                   help="timed key presses (default when headless: sim/scripts/demo.txt)")
    p.add_argument("--screenshot", metavar="DIR", default="sim_out",
                   help="where `shot` lines and the p/F12 key save PNGs (default sim_out)")
    p.add_argument("--scale", type=positive_int, metavar="N",
                   help="pixel size in the window and screenshots (default 3, 4 for 128x64)")
    p.add_argument("--storage", metavar="DIR",
                   help="directory for saves (default sim_out/saves/BOARD)")
    p.add_argument("--seed", type=int, metavar="S",
                   help="seed of the board's random numbers (default 1 headless, random in a window)")
    p.add_argument("--ticks-start", type=int, default=0, metavar="MS",
                   help="start the ms tick counter here (e.g. 1073731824: wraps after 10 s)")
    p.add_argument("--imu", action="store_true", help="fit the optional MPU6050 (DevKit board)")
    p.add_argument("--mute", action="store_true", help="no buzzer sound in the window")
    p.add_argument("--udp", type=udp_seat, metavar="N/G",
                   help="gadget N of G simulators playing together over local UDP (real time)")
    p.add_argument("--udp-port", type=positive_int, metavar="BASE",
                   help="with --udp: gadget n listens on port BASE+n (default 47300)")
    p.add_argument("--micropython", action="store_true",
                   help="headless only: run the firmware in the real micropython binary")
    p.add_argument("--heap", default="160K", metavar="SIZE",
                   help="with --micropython: the heap (default 160K)")
    p.add_argument("--install", choices=("files", "romfs"), default="files",
                   help="with --micropython: .mpy files (a stock board, default) or ROMFS")
    return p.parse_args(argv)


def run_micropython(args, script_path, script_text):
    """--micropython: the scripted run in the micropython binary (sim/mp_run.py)."""
    import sim
    from sim import mp_run
    from sim.boards import BoardSpec
    from sim.script import parse

    sim.install_fakes()  # the board modules (read for their sizes and buttons) import machine

    try:
        mp_run.parse_heap(args.heap)
    except ValueError as e:
        print("sim: %s" % e, file=sys.stderr)
        return 2
    spec = BoardSpec(args.board, args.imu)
    try:
        events = parse(script_text, spec, os.path.basename(script_path))
    except ScriptError as e:
        print("sim: %s" % e, file=sys.stderr)
        return 2
    storage = args.storage or os.path.join("sim_out", "saves", "mp_" + args.board)
    code, shots = mp_run.run(spec, events, args.screenshot, storage, args.seed,
                             args.scale or spec.default_scale, args.heap, args.install)
    names = ", ".join(os.path.basename(p) for p in shots) or "none"
    print("sim: micropython run on %s (%s install, heap %s) %s; screenshots in %s/: %s"
          % (args.board, args.install, args.heap, "done" if code == 0 else "FAILED",
             os.path.normpath(args.screenshot), names))
    return 0 if code == 0 else 1


def has_display():
    """True when a window can be opened (Linux needs X11 or Wayland)."""
    if not sys.platform.startswith("linux"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    headless = args.headless
    if not headless and not has_display():
        headless = True
        print("sim: no display ($DISPLAY/$WAYLAND_DISPLAY unset), so running headless with %s"
              % os.path.relpath(args.script or DEMO))
    script_path = args.script or (DEMO if headless else None)
    script_text = None
    if script_path:
        try:
            with open(script_path, encoding="utf-8") as f:
                script_text = f.read()
        except OSError as e:
            print("sim: cannot read script: %s" % e, file=sys.stderr)
            return 2
    seed = args.seed if args.seed is not None else (1 if headless else None)
    udp = None
    storage = args.storage
    if args.udp is not None:
        n, gadgets = args.udp
        udp = (n, gadgets, args.udp_port)
        # each gadget its own saves and its own random numbers
        storage = storage or os.path.join("sim_out", "saves", "%s_%d" % (args.board, n))
        seed = seed + n - 1 if seed is not None else None
    if args.micropython:
        if not headless:
            print("sim: --micropython runs headless only (add --headless)", file=sys.stderr)
            return 2
        if udp is not None:
            print("sim: --udp runs on CPython only (drop --micropython)", file=sys.stderr)
            return 2
        return run_micropython(args, script_path, script_text)
    from sim.runner import Session

    try:
        session = Session(args.board, headless=headless, script_text=script_text,
                          script_name=os.path.basename(script_path or "script"),
                          shot_dir=args.screenshot, scale=args.scale, storage=storage,
                          seed=seed, ticks_start_ms=args.ticks_start, with_imu=args.imu,
                          audio=not args.mute, udp=udp)
    except ScriptError as e:
        print("sim: %s" % e, file=sys.stderr)
        return 2
    session.run()
    if headless:
        names = ", ".join(os.path.basename(p) for p in session.shots) or "none"
        print("sim: headless run on %s done: %.1f s of device time, %d frames; screenshots in %s/: %s"
              % (args.board, session.elapsed_ms() / 1000, session.hw.display.frames,
                 os.path.normpath(args.screenshot), names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
