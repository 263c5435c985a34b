"""Our own MicroPython drivers for the gadget's displays, motion sensors, power chip and buzzer."""
