"""InvenSense 6-axis IMUs on I2C (MPU6886 here, MPU6050 in mpu6050.py): acceleration in g."""

import time

from micropython import const

_ACCEL_XOUT_H = const(0x3B)
_ACCEL_CONFIG = const(0x1C)
_PWR_MGMT_1 = const(0x6B)
_WHO_AM_I = const(0x75)
_RANGE_8G = const(0x10)
_LSB_PER_G = 4096.0  # at +-8 g: a shake easily passes 2 g, a table knock stays under


class MPU6886:
    """Calling the object returns (ax, ay, az) in g."""

    WHO_AM_I = 0x19
    RESET_MS = 10
    CLOCK = 0x01  # best available clock source

    def __init__(self, i2c, address=0x68):
        self._i2c = i2c
        self._address = address
        self._raw = bytearray(6)
        who = i2c.readfrom_mem(address, _WHO_AM_I, 1)[0]
        if who != self.WHO_AM_I:
            raise OSError("unexpected IMU id 0x%02x at 0x%02x" % (who, address))
        self._write(_PWR_MGMT_1, 0x80)  # reset
        time.sleep_ms(self.RESET_MS)
        self._write(_PWR_MGMT_1, self.CLOCK)  # wake up
        time.sleep_ms(10)
        self._write(_ACCEL_CONFIG, _RANGE_8G)

    def _write(self, reg, value):
        self._i2c.writeto_mem(self._address, reg, bytes((value,)))

    def __call__(self):
        raw = self._raw
        self._i2c.readfrom_mem_into(self._address, _ACCEL_XOUT_H, raw)
        return (_signed(raw[0], raw[1]) / _LSB_PER_G, _signed(raw[2], raw[3]) / _LSB_PER_G,
                _signed(raw[4], raw[5]) / _LSB_PER_G)


def _signed(high, low):
    value = (high << 8) | low
    return value - 65536 if value & 0x8000 else value
