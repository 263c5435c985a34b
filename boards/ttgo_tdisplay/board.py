"""LilyGO TTGO T-Display: ST7789 135x240 on SPI (used landscape), buttons on GPIO0 and GPIO35."""

import machine
from machine import ADC, PWM, SPI, Pin

from drivers.hardware import Hardware, active_low_buttons
from drivers.st7789 import ST7789

NAME = "ttgo_tdisplay"
WIDTH = 240
HEIGHT = 135
DEPTH = 4
BUTTON_NAMES = ("A", "B")
HAS_MOTION = False
HAS_BUZZER = False

# GPIO numbers (see README.md in this folder)
LCD_MOSI = 19
LCD_SCLK = 18
LCD_CS = 5
LCD_DC = 16
LCD_RST = 23
LCD_BACKLIGHT = 4
BUTTON_PINS = (0, 35)  # A (left of the USB socket), B; both have pull-ups on the board
BGR = False  # set True if red and blue come out swapped
SPI_HZ = 40_000_000  # lower it (e.g. 26_000_000) if the picture shows noise
ROTATION = 1  # landscape, buttons on the right
BATTERY_ADC = 34  # the cell through a 100k/100k divider (half its voltage)
BATTERY_ADC_EN = 14  # high connects the divider
USB_MV = 4300  # above a cell's full voltage: USB power, charging


def create(storage="/saves"):
    """Set up the board and return its hardware object."""
    machine.freq(240_000_000)
    spi = SPI(2, baudrate=SPI_HZ, polarity=1, phase=1, sck=Pin(LCD_SCLK), mosi=Pin(LCD_MOSI))
    backlight = PWM(Pin(LCD_BACKLIGHT), freq=1000, duty_u16=0)

    def set_backlight(percent):
        backlight.duty_u16(percent * 65535 // 100)

    display = ST7789(spi, dc=Pin(LCD_DC, Pin.OUT, value=0), cs=Pin(LCD_CS, Pin.OUT, value=1),
                     rst=Pin(LCD_RST, Pin.OUT, value=1), backlight=set_backlight,
                     rotation=ROTATION, bgr=BGR)
    buttons = active_low_buttons(Pin(n, Pin.IN) for n in BUTTON_PINS)
    Pin(BATTERY_ADC_EN, Pin.OUT, value=1)
    adc = ADC(Pin(BATTERY_ADC), atten=ADC.ATTN_11DB)

    def battery_mv():
        mv = adc.read_uv() * 2 // 1000
        return mv, mv > USB_MV

    return Hardware(NAME, display, BUTTON_NAMES, buttons, storage=storage, wake_pins=BUTTON_PINS,
                    battery_mv=battery_mv)
