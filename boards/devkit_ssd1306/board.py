"""ESP32 DevKit with a 128x64 SSD1306 OLED (I2C), five buttons, a piezo and an optional MPU6050."""

import machine
from machine import I2C, Pin

from drivers.buzzer import Buzzer
from drivers.hardware import Hardware, active_low_buttons
from drivers.mpu6050 import MPU6050
from drivers.ssd1306 import SSD1306

NAME = "devkit_ssd1306"
WIDTH = 128
HEIGHT = 64
DEPTH = 1
BUTTON_NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "OK")
HAS_MOTION = False  # optional: found at start-up when an MPU6050 answers on the bus
HAS_BUZZER = True

# GPIO numbers (see README.md in this folder)
I2C_SDA = 21
I2C_SCL = 22
OLED_ADDRESS = 0x3C
IMU_ADDRESS = 0x68
PIEZO = 19
BUTTON_PINS = (32, 33, 25, 26, 27)  # UP, DOWN, LEFT, RIGHT, OK; each to GND when pressed


def create(storage="/saves"):
    """Set up the board and return its hardware object."""
    machine.freq(240_000_000)
    i2c = I2C(0, scl=Pin(I2C_SCL), sda=Pin(I2C_SDA), freq=400_000)
    display = SSD1306(i2c, OLED_ADDRESS)
    motion = MPU6050(i2c, IMU_ADDRESS) if IMU_ADDRESS in i2c.scan() else None
    buttons = active_low_buttons(Pin(n, Pin.IN, Pin.PULL_UP) for n in BUTTON_PINS)
    return Hardware(NAME, display, BUTTON_NAMES, buttons, motion=motion,
                    buzzer=Buzzer(Pin(PIEZO)), storage=storage,
                    wake_pins=(BUTTON_PINS[4], BUTTON_PINS[1]))  # OK and DOWN wake it
