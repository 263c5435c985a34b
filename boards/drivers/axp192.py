"""AXP192 power chip of the M5StickC Plus (I2C 0x34): powers the display and its backlight,
measures the battery.

LDO2 feeds the backlight (its voltage sets the brightness), LDO3 the display logic.  The power key
is read from the chip's key-press interrupt flags.
"""

from micropython import const

_POWER_OUTPUT = const(0x12)  # bit 2: LDO2 on, bit 3: LDO3 on
_LDO23_VOLTAGE = const(0x28)  # high nibble LDO2, low nibble LDO3: 1.8 V + 0.1 V per step
_KEY_IRQ = const(0x46)  # bit 1: short press, bit 0: long press; write 1 to clear
_LDO2_ON = const(0x04)
_LDO3_ON = const(0x08)
_LDO3_3V0 = const(12)
_LDO2_DIMMEST = const(7)  # 2.5 V: lower and the backlight LEDs go out unevenly
_POWER_STATUS = const(0x01)  # bit 6: the battery is charging
_ADC_ENABLE = const(0x82)  # bit 7: battery voltage ADC
_BATTERY_MV = const(0x78)  # 12 bits (0x78 high 8, 0x79 low 4), 1.1 mV per step


class AXP192:
    """The M5StickC Plus power chip: display power, backlight level, power key."""

    def __init__(self, i2c, address=0x34):
        self._i2c = i2c
        self._address = address
        self._one = bytearray(1)
        self._write(_LDO23_VOLTAGE, (15 << 4) | _LDO3_3V0)
        self._write(_POWER_OUTPUT, self._read(_POWER_OUTPUT) | _LDO2_ON | _LDO3_ON)
        self._write(_ADC_ENABLE, self._read(_ADC_ENABLE) | 0x80)

    def _read(self, reg):
        self._i2c.readfrom_mem_into(self._address, reg, self._one)
        return self._one[0]

    def _write(self, reg, value):
        self._one[0] = value
        self._i2c.writeto_mem(self._address, reg, self._one)

    def backlight(self, percent):
        """Backlight 0..100%: 0 switches LDO2 off, otherwise 2.5 V..3.3 V."""
        power = self._read(_POWER_OUTPUT)
        if percent <= 0:
            self._write(_POWER_OUTPUT, power & ~_LDO2_ON)
            return
        step = _LDO2_DIMMEST + (min(percent, 100) * (15 - _LDO2_DIMMEST) + 50) // 100
        self._write(_LDO23_VOLTAGE, (step << 4) | (self._read(_LDO23_VOLTAGE) & 0x0F))
        self._write(_POWER_OUTPUT, power | _LDO2_ON)

    def battery(self):
        """(millivolts of the battery, charging)."""
        raw = (self._read(_BATTERY_MV) << 4) | (self._read(_BATTERY_MV + 1) & 0x0F)
        return raw * 11 // 10, bool(self._read(_POWER_STATUS) & 0x40)

    def power_key_pressed(self):
        """True once per press of the power key since the last call (clears the flag)."""
        flags = self._read(_KEY_IRQ) & 0x03
        if flags:
            self._write(_KEY_IRQ, flags)
        return bool(flags)
