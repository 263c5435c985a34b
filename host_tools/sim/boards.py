"""What the simulator needs to know about each board: read from the board module itself
(size, depth, buttons, motion, buzzer), plus simulator-only facts (keys, timing, colours)."""

import ast
import importlib
import os

# the web page's two looks (boards/web/) run here too, with the page's six buttons
WEB_LOOKS = ("web_ttgo", "web_oled")
BOARD_IDS = ("ttgo_tdisplay", "m5stickc_plus", "devkit_ssd1306") + WEB_LOOKS
DEFAULT_BOARD = "ttgo_tdisplay"

# Estimated time one show() takes on the device (SPI at 40 MHz with the viper row conversion,
# or 1 KB over I2C at 400 kHz); the virtual clock charges it so headless runs keep device pacing.
SHOW_MS = {"ttgo_tdisplay": 20, "m5stickc_plus": 20, "devkit_ssd1306": 25, "web_ttgo": 0,
           "web_oled": 0}

# The buttons a two-button script uses on every board: NEXT moves on, SELECT opens/holds back.
ALIASES = {
    2: {"NEXT": "A", "SELECT": "B"},
    5: {"NEXT": "DOWN", "SELECT": "OK"},
    6: {"NEXT": "DOWN", "SELECT": "OK"},
}

# pygame key names -> button names (see sim/README.md)
KEYS = {
    2: {"left": "A", "a": "A", "space": "A", "right": "B", "b": "B", "return": "B"},
    5: {"up": "UP", "down": "DOWN", "left": "LEFT", "right": "RIGHT", "return": "OK",
        "space": "OK", "enter": "OK"},
}
KEYS[6] = dict(KEYS[5], backspace="BACK")   # the web page's board: the five, and back

MONO_ON = 0xE8F4FF  # the lit colour of the simulated OLED (white with a cold tint)
MONO_OFF = 0x000000


class BoardSpec:
    """Constants of one board, as its module declares them."""

    def __init__(self, board_id, with_imu=False):
        if board_id not in BOARD_IDS:
            raise ValueError("unknown board %r (one of: %s)" % (board_id, ", ".join(BOARD_IDS)))
        module = _WebLook(board_id[4:]) if board_id in WEB_LOOKS else \
            importlib.import_module(board_id + ".board")
        self.id = board_id
        self.width = module.WIDTH
        self.height = module.HEIGHT
        self.depth = module.DEPTH
        self.button_names = tuple(module.BUTTON_NAMES)
        self.has_motion = bool(module.HAS_MOTION) or with_imu
        self.has_buzzer = bool(module.HAS_BUZZER)
        self.show_ms = SHOW_MS[board_id]
        self.aliases = ALIASES[len(self.button_names)]
        self.keys = KEYS[len(self.button_names)]
        self.default_scale = 3 if self.depth > 1 else 4

    def button_bit(self, name):
        """Bit of button `name` (a board button or NEXT/SELECT, any case); ValueError if none."""
        key = name.upper()
        key = self.aliases.get(key, key)
        if key not in self.button_names:
            raise ValueError("no button %r on %s (buttons: %s; aliases: NEXT, SELECT)"
                             % (name, self.id, ", ".join(self.button_names)))
        return 1 << self.button_names.index(key)


class _WebLook:
    """The constants of the web board's `look`, read from boards/web/board.py's source (the
    module itself imports the WebAssembly port's `js`, which CPython has not got)."""

    def __init__(self, look):
        from sim import BOARDS

        path = os.path.join(BOARDS, "web", "board.py")
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        values = {}
        for node in tree.body:
            if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
                try:
                    values[node.targets[0].id] = ast.literal_eval(node.value)
                except ValueError:
                    pass
        self.WIDTH, self.HEIGHT, self.DEPTH = values["LOOKS"][look]
        self.BUTTON_NAMES = values["BUTTON_NAMES"]
        self.HAS_MOTION = False     # a desktop browser has none (a phone's page may)
        self.HAS_BUZZER = values["HAS_BUZZER"]
