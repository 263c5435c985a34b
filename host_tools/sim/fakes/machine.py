"""CPython stand-in for the parts of MicroPython's `machine` module the boards use.

Nothing is driven for real: pins, buses and PWM channels record what the drivers do in `log`
(a list of tuples, oldest first), so desktop tests can decode the command stream a driver sends.
Tests set input levels with `set_level(pin, value)` and attach I2C devices with
`attach_i2c(address, registers)`; reads then come from those registers.
"""

log = []
_levels = {}
_i2c_devices = {}
_cpu_hz = [160_000_000]


def reset():
    """Forget the log, the input levels and the attached I2C devices (test set-up)."""
    del log[:]
    _levels.clear()
    _i2c_devices.clear()
    _adc_uv.clear()


def set_level(pin_id, value):
    """Drive the input level of a pin (1 = high; buttons read 0 when pressed)."""
    _levels[pin_id] = 1 if value else 0


def attach_i2c(address, registers=None):
    """Put a device on every I2C bus at `address`; returns its 256-byte register file."""
    regs = registers if registers is not None else bytearray(256)
    _i2c_devices[address] = regs
    return regs


def i2c_device(address):
    """The register file of the device attached at `address`."""
    return _i2c_devices[address]


def freq(hz=None):
    """Get or set the CPU frequency."""
    if hz is None:
        return _cpu_hz[0]
    _cpu_hz[0] = int(hz)
    log.append(("freq", int(hz)))
    return None


def unique_id():
    """A fixed 6-byte id."""
    return b"\x24\x0a\xc4\x51\x7e\x70"


def idle():
    """Nothing to wait for in the simulator."""


def reset_cause():
    """Always a power-on reset."""
    return 1


class Pin:
    """A GPIO: outputs log their writes, inputs read the level set with set_level()."""

    IN = 1
    OUT = 3
    OPEN_DRAIN = 7
    PULL_UP = 2
    PULL_DOWN = 1
    IRQ_RISING = 1
    IRQ_FALLING = 2

    def __init__(self, pin_id, mode=-1, pull=-1, value=None):
        self.id = pin_id
        self._out = 0
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None):
        """Reconfigure the pin (mode, pull, initial output value)."""
        if mode != -1:
            self.mode = mode
        elif not hasattr(self, "mode"):
            self.mode = Pin.IN
        if pull != -1:
            self.pull = pull
        elif not hasattr(self, "pull"):
            self.pull = None
        if value is not None:
            self.value(value)

    def value(self, v=None):
        """Read the level, or drive it when `v` is given."""
        if v is None:
            if self.mode == Pin.OUT:
                return self._out
            default = 0 if self.pull == Pin.PULL_DOWN else 1
            return _levels.get(self.id, default)
        self._out = 1 if v else 0
        log.append(("pin", self.id, self._out))
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        """Drive high."""
        self.value(1)

    def off(self):
        """Drive low."""
        self.value(0)

    def irq(self, handler=None, trigger=3):
        """Interrupts never fire in the simulator."""
        return None


class SPI:
    """An SPI bus; every write is logged as ("spi", bus id, bytes)."""

    def __init__(self, bus_id, baudrate=1_000_000, **kwargs):
        self.id = bus_id
        self.baudrate = baudrate
        self.settings = kwargs

    def init(self, baudrate=1_000_000, **kwargs):
        """Change the bus settings."""
        self.baudrate = baudrate
        self.settings.update(kwargs)

    def write(self, buf):
        """Send bytes (recorded)."""
        log.append(("spi", self.id, bytes(buf)))

    def deinit(self):
        """Release the bus."""


class SoftSPI(SPI):
    """Bit-banged SPI: the same fake."""

    def __init__(self, baudrate=500_000, **kwargs):
        SPI.__init__(self, -1, baudrate, **kwargs)


class I2C:
    """An I2C bus talking to the devices attached with attach_i2c() (register files)."""

    def __init__(self, bus_id=0, scl=None, sda=None, freq=400_000, **kwargs):
        self.id = bus_id
        self.freq = freq

    def scan(self):
        """Addresses of the attached devices."""
        return sorted(_i2c_devices)

    def _device(self, addr):
        regs = _i2c_devices.get(addr)
        if regs is None:
            raise OSError(19)  # ENODEV, like a NACK on the device
        return regs

    def writeto(self, addr, buf, stop=True):
        """Write bytes to a device; the first byte selects the register for a register file."""
        data = bytes(buf)
        log.append(("i2c", addr, data))
        regs = self._device(addr)
        if len(data) > 1:
            start = data[0]
            regs[start:start + len(data) - 1] = data[1:]
        return 1

    def writevto(self, addr, vector, stop=True):
        """Write several buffers as one transaction."""
        return self.writeto(addr, b"".join(bytes(b) for b in vector), stop)

    def readfrom(self, addr, nbytes, stop=True):
        """Read bytes from register 0 onwards."""
        return bytes(self._device(addr)[:nbytes])

    def readfrom_into(self, addr, buf, stop=True):
        """Read into `buf` from register 0 onwards."""
        buf[:] = self._device(addr)[:len(buf)]

    def writeto_mem(self, addr, memaddr, buf, addrsize=8):
        """Write `buf` to registers starting at `memaddr`."""
        data = bytes(buf)
        log.append(("i2c", addr, bytes((memaddr,)) + data))
        self._device(addr)[memaddr:memaddr + len(data)] = data

    def readfrom_mem(self, addr, memaddr, nbytes, addrsize=8):
        """Read `nbytes` registers starting at `memaddr`."""
        return bytes(self._device(addr)[memaddr:memaddr + nbytes])

    def readfrom_mem_into(self, addr, memaddr, buf, addrsize=8):
        """Read registers starting at `memaddr` into `buf`."""
        buf[:] = self._device(addr)[memaddr:memaddr + len(buf)]


class SoftI2C(I2C):
    """Bit-banged I2C: the same fake."""

    def __init__(self, scl=None, sda=None, freq=400_000, **kwargs):
        I2C.__init__(self, -1, scl, sda, freq)


class PWM:
    """A PWM output; frequency and duty changes are logged as ("pwm", pin id, freq, duty_u16)."""

    def __init__(self, pin, freq=None, duty_u16=None, duty=None, **kwargs):
        self.pin = pin
        self._freq = 0
        self._duty = 0
        self.init(freq, duty_u16, duty)

    def init(self, freq=None, duty_u16=None, duty=None, **kwargs):
        """Set the frequency and/or duty."""
        if freq is not None:
            self._freq = int(freq)
        if duty_u16 is not None:
            self._duty = int(duty_u16)
        elif duty is not None:
            self._duty = int(duty) * 65535 // 1023
        self._log()

    def _log(self):
        log.append(("pwm", getattr(self.pin, "id", self.pin), self._freq, self._duty))

    def _setting(self, name, value):
        if value is None:
            return getattr(self, name)
        setattr(self, name, int(value))
        self._log()
        return None

    def freq(self, value=None):
        """Get or set the frequency in Hz."""
        return self._setting("_freq", value)

    def duty_u16(self, value=None):
        """Get or set the duty cycle, 0..65535."""
        return self._setting("_duty", value)

    def duty(self, value=None):
        """Get or set the duty cycle, 0..1023."""
        if value is None:
            return self._duty * 1023 // 65535
        return self.duty_u16(int(value) * 65535 // 1023)

    def deinit(self):
        """Stop the output."""
        self._duty = 0
        self._log()


# microvolts an ADC pin reads (set_adc_uv), by pin id; unset pins read 0
_adc_uv = {}


def set_adc_uv(pin_id, microvolts):
    """Make ADC reads of pin `pin_id` return `microvolts` (e.g. a battery divider)."""
    _adc_uv[pin_id] = int(microvolts)


class ADC:
    """An analog input reading the voltage set with set_adc_uv()."""

    ATTN_0DB, ATTN_2_5DB, ATTN_6DB, ATTN_11DB = 0, 1, 2, 3

    def __init__(self, pin, atten=None, **kwargs):
        self.pin = pin

    def read_uv(self):
        """The pin's voltage in microvolts."""
        return _adc_uv.get(getattr(self.pin, "id", self.pin), 0)

    def read_u16(self):
        """The reading scaled 0..65535 over 0..3.3 V."""
        return min(self.read_uv() * 65535 // 3300000, 65535)
