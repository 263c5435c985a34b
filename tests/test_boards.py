"""The three boards under the simulator's fake `machine`: each create() returns a hardware object
with every attribute of the contract, and the drivers send what the chips' datasheets ask for
(decoded from the fake buses' logs)."""

import importlib

import pytest

import sim
from sim import clock

sim.install_fakes()

import framebuf  # noqa: E402  (the fake, after install_fakes)
import machine  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def virtual_time():
    """The drivers' start-up delays cost nothing on a virtual clock."""
    clock.install(clock.VirtualClock())
    yield
    clock.install(clock.RealClock())

BOARDS = {
    # id: (width, height, depth, button names, has motion, has buzzer)
    "ttgo_tdisplay": (240, 135, 4, ("A", "B"), False, False),
    "m5stickc_plus": (240, 135, 4, ("A", "B"), True, True),
    "devkit_ssd1306": (128, 64, 1, ("UP", "DOWN", "LEFT", "RIGHT", "OK"), False, True),
}
AXP192, MPU, OLED = 0x34, 0x68, 0x3C


def load(board):
    return importlib.import_module(board + ".board")


def create(board, tmp_path, imu=False):
    """Reset the fake buses, attach the board's I2C chips, run create()."""
    machine.reset()
    if board == "m5stickc_plus":
        machine.attach_i2c(AXP192)
        machine.attach_i2c(MPU)[0x75] = 0x19
    if board == "devkit_ssd1306":
        machine.attach_i2c(OLED)
        if imu:
            machine.attach_i2c(MPU)[0x75] = 0x68
    return load(board).create(storage=str(tmp_path / "saves"))


def spi_stream(dc_pin):
    """[(command, data bytes)] from the log: SPI bytes with D/C low are commands."""
    dc = 1
    out = []
    for entry in machine.log:
        if entry[0] == "pin" and entry[1] == dc_pin:
            dc = entry[2]
        elif entry[0] == "spi":
            if dc == 0:
                out += [[b, bytearray()] for b in entry[2]]
            else:
                out[-1][1] += entry[2]
    return [(c, bytes(d)) for c, d in out]


def i2c_writes(addr):
    return [e[2] for e in machine.log if e[0] == "i2c" and e[1] == addr]


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_module_constants(board):
    module = load(board)
    w, h, depth, names, motion, buzzer = BOARDS[board]
    assert (module.NAME, module.WIDTH, module.HEIGHT, module.DEPTH) == (board, w, h, depth)
    assert tuple(module.BUTTON_NAMES) == names
    assert (module.HAS_MOTION, module.HAS_BUZZER) == (motion, buzzer)


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_hardware_object_has_the_whole_contract(board, tmp_path):
    w, h, depth, names, motion, buzzer = BOARDS[board]
    hw = create(board, tmp_path)
    assert ("freq", 240_000_000) in machine.log
    assert hw.name == board
    display = hw.display
    assert isinstance(display, framebuf.FrameBuffer)
    assert (display.width, display.height, display.depth) == (w, h, depth)
    for method in ("show", "set_palette", "brightness"):
        assert callable(getattr(display, method))
    display.set_palette([0x102030] * 16)
    display.brightness(50)
    display.show()
    assert tuple(hw.button_names) == names
    assert hw.buttons() == 0
    assert (hw.motion is not None) == motion
    if motion:
        ax, ay, az = hw.motion()
        assert all(isinstance(v, float) for v in (ax, ay, az))
    assert (hw.buzzer is not None) == buzzer
    if buzzer:
        hw.buzzer.tone(440)
        hw.buzzer.tone(0)
    before = hw.clock()
    hw.sleep_ms(25)
    assert 25 <= clock.ticks_diff(hw.clock(), before) <= 26
    values = {hw.rng() for _ in range(8)}
    assert len(values) > 1 and all(0 <= v < 1 << 32 for v in values)
    assert hw.storage == str(tmp_path / "saves")


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_each_button_sets_its_own_bit_when_pulled_low(board, tmp_path):
    hw = create(board, tmp_path)
    pins = load(board).BUTTON_PINS
    assert len(pins) == len(hw.button_names)
    for i, pin in enumerate(pins):
        machine.set_level(pin, 0)
        assert hw.buttons() == 1 << i, hw.button_names[i]
        machine.set_level(pin, 1)
    machine.set_level(pins[0], 0)
    machine.set_level(pins[-1], 0)
    assert hw.buttons() == 1 | (1 << (len(pins) - 1))


@pytest.mark.parametrize("board, madctl, xoff, yoff", [("ttgo_tdisplay", 0x60, 40, 53),
                                                        ("m5stickc_plus", 0xA0, 40, 52)])
def test_st7789_init_and_show_stream(board, madctl, xoff, yoff, tmp_path):
    hw = create(board, tmp_path)
    dc = load(board).LCD_DC
    init = spi_stream(dc)
    commands = [c for c, _ in init]
    for needed in (0x01, 0x11, 0x3A, 0x36, 0x21, 0x13, 0x29):
        assert needed in commands, hex(needed)
    assert commands.index(0x01) < commands.index(0x11) < commands.index(0x29)
    assert dict(init)[0x3A] == b"\x55"  # 16-bit pixels
    assert dict(init)[0x36] == bytes((madctl,))

    d = hw.display
    d.set_palette([0x000000, 0xFF0000, 0x00FF00, 0x0000FF] + [0xFFFFFF] * 12)
    d.fill(0)
    d.pixel(0, 0, 1)
    d.pixel(1, 0, 2)
    d.pixel(239, 134, 3)
    machine.log.clear()
    d.show()
    stream = dict(spi_stream(dc))
    assert stream[0x2A] == (xoff).to_bytes(2, "big") + (xoff + 239).to_bytes(2, "big")
    assert stream[0x2B] == (yoff).to_bytes(2, "big") + (yoff + 134).to_bytes(2, "big")
    pixels = stream[0x2C]
    assert len(pixels) == 240 * 135 * 2
    assert pixels[:6] == b"\xf8\x00\x07\xe0\x00\x00"  # red, green, black (big-endian 565)
    assert pixels[-2:] == b"\x00\x1f"  # blue in the bottom-right corner
    assert pixels.count(0) == len(pixels) - 4  # only those four bytes are not zero


def _panel_apply(memory, width, stream):
    """What an ST7789 holds after `stream` (spi_stream pairs): CASET/RASET set the window,
    RAMWR fills it row by row with 2-byte pixels (memory: bytearray of width*height*2)."""
    x0 = x1 = y0 = y1 = 0
    for command, data in stream:
        if command == 0x2A:
            x0, x1 = int.from_bytes(data[:2], "big"), int.from_bytes(data[2:], "big")
        elif command == 0x2B:
            y0, y1 = int.from_bytes(data[:2], "big"), int.from_bytes(data[2:], "big")
        elif command == 0x2C:
            cols = x1 - x0 + 1
            assert len(data) == cols * (y1 - y0 + 1) * 2
            for r in range(y1 - y0 + 1):
                at = ((y0 + r) * width + x0) * 2
                memory[at:at + cols * 2] = data[r * cols * 2:(r + 1) * cols * 2]


@pytest.mark.parametrize("board, xoff, yoff", [("ttgo_tdisplay", 40, 53), ("m5stickc_plus", 40, 52)])
def test_st7789_sends_only_changed_rows_and_the_panel_matches_the_frame(board, xoff, yoff,
                                                                         tmp_path):
    hw = create(board, tmp_path)
    dc = load(board).LCD_DC
    d = hw.display
    width = xoff + 240
    panel = bytearray(width * (yoff + 135) * 2)
    machine.log.clear()
    d.fill(0)
    d.show()                       # (a first whole frame, from the palette set at start)
    _panel_apply(panel, width, spi_stream(dc))
    rng = __import__("random").Random(5)
    for step in range(12):
        machine.log.clear()
        rows = sorted(rng.sample(range(135), rng.randint(0, 4)))
        for y in rows:
            d.fill_rect(rng.randrange(200), y, rng.randint(1, 40), 1, rng.randrange(16))
        d.show()
        stream = spi_stream(dc)
        _panel_apply(panel, width, stream)
        sent = sum(len(data) for c, data in stream if c == 0x2C)
        # only rows that were drawn on are sent (a row drawn in its own colour may be skipped)
        assert sent <= len(rows) * 240 * 2, (step, rows, sent)
        machine.log.clear()
        d.invalidate()
        d.show()
        whole = bytearray(width * (yoff + 135) * 2)
        _panel_apply(whole, width, spi_stream(dc))
        assert panel == whole, step


def test_ttgo_backlight_is_pwm_on_gpio4(tmp_path):
    hw = create("ttgo_tdisplay", tmp_path)
    machine.log.clear()
    hw.display.brightness(25)
    assert machine.log[-1] == ("pwm", 4, 1000, 65535 // 4)
    hw.display.brightness(100)
    assert machine.log[-1] == ("pwm", 4, 1000, 65535)


def test_m5stickc_backlight_and_display_power_via_axp192(tmp_path):
    hw = create("m5stickc_plus", tmp_path)
    regs = machine.i2c_device(AXP192)
    assert regs[0x12] & 0x0C == 0x0C  # LDO2 (backlight) and LDO3 (display) on
    assert regs[0x28] & 0x0F == 12  # LDO3 at 3.0 V
    hw.display.brightness(100)
    assert regs[0x28] >> 4 == 15  # LDO2 at 3.3 V
    hw.display.brightness(1)
    assert regs[0x28] >> 4 == 7  # 2.5 V, the dimmest lit level
    assert regs[0x28] & 0x0F == 12
    hw.display.brightness(0)
    assert regs[0x12] & 0x04 == 0
    hw.display.brightness(60)
    assert regs[0x12] & 0x04 and regs[0x28] >> 4 == 7 + (60 * 8 + 50) // 100


def test_mpu6886_reads_acceleration_in_g(tmp_path):
    hw = create("m5stickc_plus", tmp_path)
    regs = machine.i2c_device(MPU)
    assert regs[0x1C] == 0x10  # +-8 g: 4096 LSB per g
    raw = [4096, -2048, 8192]
    for i, v in enumerate(raw):
        v &= 0xFFFF
        regs[0x3B + 2 * i] = v >> 8
        regs[0x3C + 2 * i] = v & 0xFF
    assert hw.motion() == (1.0, -0.5, 2.0)


def test_wrong_imu_identity_is_refused(tmp_path):
    machine.reset()
    machine.attach_i2c(AXP192)
    machine.attach_i2c(MPU)[0x75] = 0x68  # an MPU6050 where the MPU6886 should be
    with pytest.raises(OSError):
        load("m5stickc_plus").create(storage=str(tmp_path))


def test_devkit_motion_only_with_an_mpu6050(tmp_path):
    assert create("devkit_ssd1306", tmp_path).motion is None
    hw = create("devkit_ssd1306", tmp_path, imu=True)
    regs = machine.i2c_device(MPU)
    regs[0x3F], regs[0x40] = 0x10, 0x00  # z = 4096 -> 1 g
    assert hw.motion() == (0.0, 0.0, 1.0)


def test_ssd1306_init_show_and_contrast(tmp_path):
    hw = create("devkit_ssd1306", tmp_path)
    writes = i2c_writes(OLED)
    commands = [w[1] for w in writes if len(w) == 2 and w[0] == 0x00]
    text = bytes(commands)
    assert b"\x8d\x14" in text  # charge pump on
    assert b"\xa8\x3f" in text  # 64 rows
    assert b"\x20\x00" in text  # horizontal addressing
    assert commands[-1] == 0xAF  # display on, last
    d = hw.display
    d.fill(0)
    d.pixel(3, 9, 1)  # page 1, bit 1
    d.invalidate()
    machine.log.clear()
    d.show()
    writes = i2c_writes(OLED)
    data = writes[-1]
    assert data[0] == 0x40 and len(data) == 1 + 1024
    assert data[1 + 128 + 3] == 0x02 and data.count(0) == 1023
    window = bytes(w[1] for w in writes[:-1])
    assert window == bytes((0x21, 0, 127, 0x22, 0, 7))
    # a change on page 6 only: that page alone is sent, in its own window
    d.pixel(5, 50, 1)
    machine.log.clear()
    d.show()
    writes = i2c_writes(OLED)
    assert bytes(w[1] for w in writes[:-1]) == bytes((0x21, 0, 127, 0x22, 6, 6))
    assert writes[-1] == b"\x40" + bytes(d.buf[6 * 128:7 * 128])
    machine.log.clear()
    d.brightness(50)
    assert [w[1] for w in i2c_writes(OLED)] == [0x81, 127]


def test_buzzer_plays_and_stops(tmp_path):
    hw = create("devkit_ssd1306", tmp_path)
    pin = load("devkit_ssd1306").PIEZO
    machine.log.clear()
    hw.buzzer.tone(880)
    assert machine.log[-1] == ("pwm", pin, 880, 32768)
    hw.buzzer.tone(0)
    assert machine.log[-1][3] == 0


def test_boards_start_under_real_micropython():
    """The same create() in the micropython binary (160K heap) with the fake machine: the
    drivers' MicroPython-only parts (viper, FrameBuffer subclasses) work there too."""
    from mp_lane import ROOT, run

    res = run("run", "board_probe", [ROOT], heap="160K")
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.splitlines() == [
        # whole: 11 bytes of window commands, then 240*135 pixels of 2 bytes; changed: the
        # window (11 bytes), then one row of 240 pixels; again: nothing changed, nothing sent
        "ttgo_tdisplay 240x135x4 A,B buttons=2 motion=none buzzer=no sent=64811 changed=491 "
        "again=0",
        "m5stickc_plus 240x135x4 A,B buttons=2 motion=0.0 buzzer=yes sent=64811 changed=491 "
        "again=0",
        # whole: six 2-byte window commands, then the control byte and 1024 bytes of pixels;
        # changed: the same window commands and control byte, then one page of 128 bytes
        "devkit_ssd1306 128x64x1 UP,DOWN,LEFT,RIGHT,OK buttons=16 motion=0.0 buzzer=yes sent=1037 "
        "changed=141 again=0",
    ]
