"""The pygame window: the board's screen at a readable scale, the keyboard as its buttons."""

import array
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the prompt is silenced)
from PIL import ImageEnhance  # noqa: E402

from sim.render import frame_image  # noqa: E402

MARGIN = 16
LEGEND_H = 28
BEZEL = (40, 40, 44)
LEGEND_INK = (200, 200, 200)
AUDIO_RATE = 22050


class Window:
    """Draws published frames and turns key presses into button bits and commands."""

    def __init__(self, spec, scale, audio=True):
        pygame.display.init()
        pygame.font.init()
        self.spec = spec
        self.scale = scale
        w, h = spec.width * scale, spec.height * scale
        self.surface = pygame.display.set_mode((w + 2 * MARGIN, h + 2 * MARGIN + LEGEND_H))
        pygame.display.set_caption("Tết gadget simulator: " + spec.id)
        self.font = pygame.font.Font(None, 20)
        self.legend = legend(spec)
        self._tones = {}
        self._channel = None
        self.audio = audio and self._init_audio()
        self.surface.fill(BEZEL)
        self._draw_legend()
        pygame.display.flip()

    def _init_audio(self):
        try:
            pygame.mixer.init(frequency=AUDIO_RATE, size=-16, channels=1)
        except pygame.error:
            return False
        return True

    def _draw_legend(self):
        text = self.font.render(self.legend, True, LEGEND_INK)
        self.surface.blit(text, (MARGIN, self.surface.get_height() - LEGEND_H + 4))

    def draw(self, display):
        """Show the display's published frame (dimmed by its brightness level)."""
        image = frame_image(display.shown, display.width, display.height, display.depth,
                            display.shown_palette, self.scale)
        if display.level < 100:
            image = ImageEnhance.Brightness(image).enhance(0.25 + 0.75 * display.level / 100)
        frame = pygame.image.frombuffer(image.tobytes(), image.size, "RGB")
        self.surface.blit(frame, (MARGIN, MARGIN))
        pygame.display.flip()

    def poll(self, pressed):
        """Handle pending window events; return (pressed bitmask, commands) where commands
        holds "quit", "shot" and "shake" as the keys asked."""
        commands = []
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                commands.append("quit")
            elif event.type in (pygame.KEYDOWN, pygame.KEYUP):
                name = pygame.key.name(event.key)
                down = event.type == pygame.KEYDOWN
                button = self.spec.keys.get(name)
                if button is not None:
                    bit = 1 << self.spec.button_names.index(button)
                    pressed = (pressed | bit) if down else (pressed & ~bit)
                elif down and name == "escape":
                    commands.append("quit")
                elif down and name in ("p", "f12"):
                    commands.append("shot")
                elif down and name == "s":
                    commands.append("shake")
        return pressed, commands

    def tone(self, freq_hz):
        """Play a square wave at `freq_hz` until the next call (0 = silence)."""
        if not self.audio:
            return
        if self._channel is not None:
            self._channel.stop()
            self._channel = None
        if freq_hz <= 0:
            return
        sound = self._tones.get(freq_hz)
        if sound is None:
            half = max(1, AUDIO_RATE // (2 * freq_hz))
            period = array.array("h", [6000] * half + [-6000] * half)
            sound = pygame.mixer.Sound(buffer=period * max(1, AUDIO_RATE // (2 * half) // 10))
            self._tones[freq_hz] = sound
        self._channel = sound.play(loops=-1)

    def close(self):
        """Close the window."""
        pygame.quit()


def legend(spec):
    """One line naming the keys for this board's buttons and commands."""
    keys = {}
    for key, button in spec.keys.items():
        keys.setdefault(button, []).append(key)
    parts = ["%s: %s" % (b, "/".join(keys[b])) for b in spec.button_names]
    if spec.has_motion:
        parts.append("shake: s")
    parts += ["shot: p", "quit: Esc"]
    return "   ".join(parts)
