"""MPU6050 accelerometer (the optional sensor of the DevKit board): same registers as the
MPU6886, another identity and a slower reset."""

from drivers.mpu6886 import MPU6886


class MPU6050(MPU6886):
    """Calling the object returns (ax, ay, az) in g."""

    WHO_AM_I = 0x68
    RESET_MS = 100
