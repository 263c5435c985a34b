"""device_probe.py's `tap` workload: a tap on the launcher menu until the new frame is on the
panel, with the board's real display driver on a bus that counts bytes (its own module, so that
device_probe stays small enough to compile beside the games in 160K)."""


class _Bus:
    """An SPI or I2C bus that only counts the bytes it is given (their transfer time is added
    by the caller from the bus clock: it is not interpreter work)."""

    def __init__(self):
        self.sent = 0

    def write(self, data):
        self.sent += len(data)

    def writeto(self, _address, data):
        self.sent += len(data)

    def writevto(self, _address, parts):
        for part in parts:
            self.sent += len(part)


def _pin(_value=None):
    return 0


def _real_display(board, bus):
    """The board's own display driver on a counting bus (no machine module needed)."""
    if board == "devkit_ssd1306":
        from drivers.ssd1306 import SSD1306

        return SSD1306(bus)
    from drivers.st7789 import ST7789

    return ST7789(bus, dc=_pin, rotation=1)


def workload(count, board="ttgo_tdisplay", whole=0):
    """A tap on the launcher menu (next entry) until the new frame is on the panel, with the
    board's real display driver on a counting bus; units = bytes sent to the panel. `whole`=1
    sends every frame whole (the driver before it sent changed rows only), for comparison.
    Each item includes the 60 ms the button is held (six idle loop passes) before the release
    that fires the tap on two-button boards."""
    import fake_hw as fake

    from tet.core.app import App
    from tet.ui.launcher import Launcher

    hw = fake.FakeHardware(board)
    fake.clear_storage(hw)
    bus = _Bus()
    hw.display = _real_display(board, bus)
    app = App(hw)
    app.push(Launcher(app))
    app.step()
    name = "A" if "A" in hw.button_names else "DOWN"
    bit = 1 << hw.button_names.index(name)

    def work(_):
        if whole:
            hw.display.invalidate()
        before = bus.sent
        hw.pressed = bit
        fake.run(app, 60)
        hw.pressed = 0
        app.step()                     # the release (the tap on two-button boards)
        hw.sleep_ms(10)
        while bus.sent == before:
            app.step()
            hw.sleep_ms(10)
        return bus.sent - before
    return list(range(count)), work
