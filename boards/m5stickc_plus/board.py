"""M5StickC Plus: ST7789 135x240 on SPI (used landscape), AXP192 power chip (backlight),
MPU6886 motion sensor, passive buzzer on GPIO2, buttons A (front) and B (side)."""

import machine
from machine import I2C, SPI, Pin

from drivers.axp192 import AXP192
from drivers.buzzer import Buzzer
from drivers.hardware import Hardware, active_low_buttons
from drivers.mpu6886 import MPU6886
from drivers.st7789 import ST7789

NAME = "m5stickc_plus"
WIDTH = 240
HEIGHT = 135
DEPTH = 4
BUTTON_NAMES = ("A", "B")
HAS_MOTION = True
HAS_BUZZER = True

# GPIO numbers (see README.md in this folder)
LCD_MOSI = 15
LCD_SCLK = 13
LCD_CS = 5
LCD_DC = 23
LCD_RST = 18
I2C_SDA = 21  # internal bus: AXP192 (0x34) and MPU6886 (0x68)
I2C_SCL = 22
BUZZER = 2
BUTTON_PINS = (37, 39)  # A = the big M5 key on the front, B = the key on the right side
BGR = False  # set True if red and blue come out swapped
SPI_HZ = 40_000_000  # lower it (e.g. 26_000_000) if the picture shows noise
ROTATION = 3  # landscape with the M5 key to the right of the screen


def create(storage="/saves"):
    """Set up the board and return its hardware object."""
    machine.freq(240_000_000)
    i2c = I2C(0, scl=Pin(I2C_SCL), sda=Pin(I2C_SDA), freq=400_000)
    power = AXP192(i2c)  # must come first: it switches the display on
    spi = SPI(1, baudrate=SPI_HZ, polarity=1, phase=1, sck=Pin(LCD_SCLK), mosi=Pin(LCD_MOSI))
    display = ST7789(spi, dc=Pin(LCD_DC, Pin.OUT, value=0), cs=Pin(LCD_CS, Pin.OUT, value=1),
                     rst=Pin(LCD_RST, Pin.OUT, value=1), backlight=power.backlight,
                     rotation=ROTATION, bgr=BGR)
    buttons = active_low_buttons(Pin(n, Pin.IN) for n in BUTTON_PINS)
    return Hardware(NAME, display, BUTTON_NAMES, buttons, motion=MPU6886(i2c),
                    buzzer=Buzzer(Pin(BUZZER)), storage=storage, wake_pins=BUTTON_PINS,
                    battery_mv=power.battery)
