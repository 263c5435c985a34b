"""A passive piezo buzzer on a PWM pin: tone(freq) starts a square wave, tone(0) silences it."""

from machine import PWM


class Buzzer:
    """Non-blocking tones; the firmware's sound module sequences the notes."""

    def __init__(self, pin, volume=100):
        self._pwm = PWM(pin, freq=1000, duty_u16=0)
        self._duty = 0
        self.volume(volume)

    def volume(self, percent):
        """Loudness as a duty cycle: 50% is the loudest a piezo gets, 0 is silent."""
        percent = min(max(int(percent), 0), 100)
        self._duty = percent * 32768 // 100

    def tone(self, freq_hz):
        """Play `freq_hz` until the next call; 0 (or less) is silence."""
        if freq_hz <= 0:
            self._pwm.duty_u16(0)
            return
        self._pwm.freq(int(freq_hz))
        self._pwm.duty_u16(self._duty)
