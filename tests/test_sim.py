"""The simulator: headless scripted runs write readable PNGs, a two-button script reaches every
launcher entry on each board, runs are repeatable, the tick functions wrap like the device."""

import os
import subprocess
import sys

import pytest
from PIL import Image

from mp_lane import ROOT

from sim import clock
from tet.registry import GAMES, TITLE
from sim.runner import Session
from sim.script import ScriptError, parse

BOARDS = {"ttgo_tdisplay": (240, 135, 3), "m5stickc_plus": (240, 135, 3),
          "devkit_ssd1306": (128, 64, 4)}
# The launcher's entries, in order: the registry's games, then Cài đặt.
ENTRIES = [entry[TITLE] for entry in GAMES] + ["Cài đặt"]


def run_cli(args, env=None):
    return subprocess.run([sys.executable, "-m", "sim"] + args, cwd=ROOT, capture_output=True,
                          text=True, timeout=300, env=env)


def lit_fraction(path):
    """Share of pixels that differ from the most common (background) colour."""
    image = Image.open(path).convert("RGB")
    colours = image.getcolors(1 << 16)
    total = image.width * image.height
    background = max(colours)[0]
    return (total - background) / total, len(colours)


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_headless_script_writes_readable_screenshots(board, tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("wait 600\nshot menu\npress NEXT\nshot second  # after one move\n")
    res = run_cli(["--board", board, "--headless", "--script", str(script), "--screenshot",
                   str(tmp_path / "shots"), "--storage", str(tmp_path / "saves")])
    assert res.returncode == 0, res.stderr[-3000:]
    w, h, scale = BOARDS[board]
    for name in ("menu", "second"):
        path = tmp_path / "shots" / (name + ".png")
        assert Image.open(path).size == (w * scale, h * scale)
        lit, colours = lit_fraction(path)
        assert 0.03 < lit < 0.9 and colours >= 2, (name, lit, colours)
    first = Image.open(tmp_path / "shots" / "menu.png").tobytes()
    assert first != Image.open(tmp_path / "shots" / "second.png").tobytes()  # the cursor moved
    assert "screenshots in" in res.stdout


def test_without_a_display_it_runs_the_demo_headless(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    res = run_cli(["--board", "ttgo_tdisplay", "--screenshot", str(tmp_path),
                   "--storage", str(tmp_path / "saves")], env=env)
    assert res.returncode == 0, res.stderr[-3000:]
    assert "running headless" in res.stdout and "demo.txt" in res.stdout
    shots = sorted(p for p in os.listdir(tmp_path) if p.endswith(".png"))
    assert "menu.png" in shots and len(shots) >= 5
    assert lit_fraction(tmp_path / "menu.png")[0] > 0.03


# what the demo's shots must show: (shot, a text its frame must contain) per game
DEMO_VISITS = (("oaq_board", "Bạn"), ("oaq_sowing", "Rải quân"), ("xh_roll", "gieo lần 1"),
               ("totom_deal", "Nọc"), ("totom_discard", "Bạn"), ("xs_table", "Bạn mở ván"),
               ("settings", "Âm thanh: bật"), ("settings_rules", "Lục Phú: 32"))


@pytest.mark.parametrize("board", ["ttgo_tdisplay", "devkit_ssd1306"])
def test_the_demo_visits_every_game_with_text_beside_each_shot(board, tmp_path):
    """The headless demo (make sim without a screen) plays a little of each game in under a
    minute; every NAME.png has NAME.txt with the text of that frame, and the last line names
    the shots."""
    import time

    start = time.monotonic()
    res = run_cli(["--board", board, "--headless", "--screenshot", str(tmp_path),
                   "--storage", str(tmp_path / "saves")])
    took = time.monotonic() - start
    assert res.returncode == 0, res.stderr[-3000:]
    assert took < 60, took
    pngs = sorted(p[:-4] for p in os.listdir(tmp_path) if p.endswith(".png"))
    txts = sorted(p[:-4] for p in os.listdir(tmp_path) if p.endswith(".txt"))
    assert pngs == txts and len(pngs) >= 20
    last = res.stdout.strip().splitlines()[-1]
    assert all(name + ".png" in last for name in pngs), last
    texts = {}
    for name in pngs:
        with open(tmp_path / (name + ".txt"), encoding="utf-8") as f:
            texts[name] = f.read()
    for name, wanted in DEMO_VISITS:
        assert wanted in texts[name], (name, texts[name])
    # the Ô Ăn Quan sowing moved stones; the Xấp Sắc play was laid by the player
    assert texts["oaq_board"] != texts["oaq_after"]
    assert any("Bạn: " in texts[n] for n in pngs if n.startswith("xs_")), texts["xs_played"]
    # the Tổ Tôm turn came round to the player, who answered and discarded
    assert "Bạn đánh bài" in texts["totom_discard"] or "Bạn đánh" in texts["totom_after"]
    # the text is the frame's: the menu's first shot lists the first game, highlighted
    assert "▶\n" + GAMES[0][TITLE] in texts["menu"]
    # each game after the first opened on a boot of its own (the firmware restarted)
    assert res.stdout.count("sim: restart") == len(GAMES) - 1, res.stdout


def test_bad_script_line_is_reported_in_one_line(tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("wait 100\npress Z\n")
    res = run_cli(["--board", "ttgo_tdisplay", "--headless", "--script", str(script)])
    assert res.returncode == 2
    assert res.stderr.strip().count("\n") == 0
    assert "line 2" in res.stderr and "Z" in res.stderr


class Observer:
    """Captures the app the firmware builds, to read its screen stack at each `shot`."""

    def __init__(self, monkeypatch):
        import sim

        sim.install_fakes()  # the firmware imports framebuf
        from tet.core import app as app_module

        self.apps = []
        self.seen = {}
        original = app_module.App.__init__
        observer = self

        def init(app, hw, *hooks):
            original(app, hw, *hooks)
            observer.apps.append(app)

        monkeypatch.setattr(app_module.App, "__init__", init)

    def on_shot(self, name, path):
        app = self.apps[-1]
        launcher = app.stack[0]
        self.seen[name] = (app.screen is launcher, launcher.selected, app.screen.title,
                           lit_fraction(path)[0])


def session(tmp_path, board, text, monkeypatch, **kw):
    observer = Observer(monkeypatch)
    s = Session(board, headless=True, script_text=text, shot_dir=str(tmp_path / "shots"),
                storage=str(tmp_path / "saves"), seed=3, on_shot=observer.on_shot, **kw)
    s.run()
    return s, observer


@pytest.mark.parametrize("ticks_start", [0, clock.PERIOD - 500])
@pytest.mark.parametrize("board", sorted(BOARDS))
def test_two_button_script_reaches_every_launcher_entry(board, ticks_start, tmp_path,
                                                         monkeypatch):
    """NEXT and SELECT only (A/B, or DOWN/OK on the DevKit), from a fresh boot per entry; the
    second run starts the tick counter 0.5 s before it wraps, as after 12.4 days of uptime."""
    for index, entry in enumerate(ENTRIES):
        text = "wait 400\n" + "press NEXT\n" * index + "shot before\npress SELECT\nwait 400\n"
        text += "shot after\n"
        _s, seen = session(tmp_path / str(index), board, text, monkeypatch,
                           ticks_start_ms=ticks_start)
        on_launcher, selected, _title, _lit = seen.seen["before"]
        assert on_launcher and selected == entry
        on_launcher, _sel, title, lit = seen.seen["after"]
        assert not on_launcher and title, entry
        assert lit > 0.02, entry


def test_walking_the_menu_in_one_session_wraps_around(tmp_path, monkeypatch):
    text = "wait 400\n" + "".join("shot at%d\npress A\n" % i for i in range(len(ENTRIES) + 1))
    _s, seen = session(tmp_path, "m5stickc_plus", text, monkeypatch)
    selected = [seen.seen["at%d" % i][1] for i in range(len(ENTRIES) + 1)]
    assert selected == ENTRIES + ENTRIES[:1]


def test_headless_runs_are_repeatable(tmp_path, monkeypatch):
    text = "wait 300\npress NEXT\npress NEXT\nhold NEXT 900\npress SELECT\nwait 300\nshot end\n"
    pictures = []
    for run in range(2):
        s, _seen = session(tmp_path / str(run), "devkit_ssd1306", text, monkeypatch)
        pictures.append(Image.open(s.shots[-1]).tobytes())
    assert pictures[0] == pictures[1]


def test_shake_moves_the_motion_sensor_only_while_shaking(tmp_path, monkeypatch):
    from tet.core import input as inp

    events = []
    original = inp.Input._push
    monkeypatch.setattr(inp.Input, "_push", lambda self, ev: (events.append(ev),
                                                               original(self, ev)))
    s, _seen = session(tmp_path, "m5stickc_plus", "wait 300\nshake\nwait 300\n", monkeypatch)
    assert events.count(inp.SHAKE) == 1  # one shake gesture, one event
    hw = s.hw
    assert hw.motion() == (0.0, 0.0, 1.0)
    hw.shake(100)
    during = []
    for _ in range(10):
        ax, ay, az = hw.motion()
        during.append(ax * ax + ay * ay + az * az)
        s.clock.advance_us(9_000)
    s.clock.advance_us(20_000)
    assert min(during) > 4.0  # well over 2 g while shaking
    assert hw.motion() == (0.0, 0.0, 1.0)


def test_script_timing():
    import sim
    from sim.boards import BoardSpec

    sim.install_fakes()
    spec = BoardSpec("devkit_ssd1306")
    events = parse("wait 10\npress next\nhold SELECT 500\ndown LEFT\nup LEFT\nshot x\n", spec)
    down, ok = 1 << 1, 1 << 4
    assert events == [(10, "down", down), (90, "up", down), (210, "down", ok), (710, "up", ok),
                      (830, "down", 1 << 2), (830, "up", 1 << 2), (830, "shot", "x"),
                      (830, "end", None)]
    with pytest.raises(ScriptError):
        parse("wait soon\n", spec)
    with pytest.raises(ScriptError):
        parse("jump 3\n", spec)


def test_ticks_wrap_like_the_esp32():
    assert clock.PERIOD == 1 << 30
    assert clock.ticks_add(clock.PERIOD - 1, 1) == 0
    assert clock.ticks_add(5, -10) == clock.PERIOD - 5
    assert clock.ticks_diff(5, clock.PERIOD - 5) == 10
    assert clock.ticks_diff(clock.PERIOD - 5, 5) == -10
    assert clock.ticks_diff(clock.PERIOD >> 2, 0) == clock.PERIOD >> 2
    import time

    clock.install(clock.VirtualClock(start_ms=(1 << 30) - 3))
    try:
        before = time.ticks_ms()
        time.sleep_ms(5)
        after = time.ticks_ms()
    finally:
        clock.install(clock.RealClock())
    assert after < before and time.ticks_diff(after, before) == 5


def test_window_keys_drive_the_buttons(tmp_path, monkeypatch):
    """The pygame window with SDL's dummy video driver: keys to button bits and commands, and a
    real-time session that ends when the window is closed."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame

    def key(kind, code):
        pygame.event.post(pygame.event.Event(kind, key=code))

    closed = []

    def close_window(name, path):
        closed.append(name)
        key(pygame.KEYDOWN, pygame.K_LEFT)  # A down while the app runs
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    s = Session("ttgo_tdisplay", headless=False, script_text="wait 200\nshot x\n",
                shot_dir=str(tmp_path), storage=str(tmp_path / "saves"), audio=False,
                on_shot=close_window)
    s.run()
    assert closed == ["x"] and s.hw.pressed == 1  # quit after A went down
    assert s.hw.display.frames >= 1

    from sim.boards import BoardSpec
    from sim.window import Window

    window = Window(BoardSpec("devkit_ssd1306"), 4, audio=False)
    key(pygame.KEYDOWN, pygame.K_UP)
    key(pygame.KEYDOWN, pygame.K_RETURN)
    assert window.poll(0) == (0b10001, [])
    key(pygame.KEYUP, pygame.K_UP)
    key(pygame.KEYDOWN, pygame.K_s)
    key(pygame.KEYDOWN, pygame.K_p)
    key(pygame.KEYDOWN, pygame.K_ESCAPE)
    assert window.poll(0b10001) == (0b10000, ["shake", "shot", "quit"])
    window.close()
