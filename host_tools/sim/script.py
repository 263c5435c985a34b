"""Scripted input for headless runs: a text file of timed button presses, shakes and screenshots.

    # comment                 ignored (also after a command)
    wait MS                   let MS milliseconds pass
    press NAME [MS]           hold button NAME for MS ms (default 80), release, settle 120 ms
    hold NAME [MS]            a long press: hold for MS ms (default 700), release, settle 120 ms
    down NAME / up NAME       press or release without waiting (for chords)
    shake [MS]                shake the motion sensor for MS ms (default 300), settle 120 ms
    shot NAME                 save the screen as NAME.png in the screenshot directory
    battery PCT [charging]    the battery's level from now on (percent; on any board)

NAME is a button of the board (A, B, UP, DOWN, LEFT, RIGHT, OK; any case) or an alias that
works on every board: NEXT (A, or DOWN on the DevKit) and SELECT (B, or OK on the DevKit).
"""

PRESS_MS = 80
HOLD_MS = 700
SHAKE_MS = 300
SETTLE_MS = 120


class ScriptError(ValueError):
    """A script line that cannot be understood (the message names the line)."""


def _ms(word, where):
    try:
        value = int(word)
    except ValueError:
        raise ScriptError("%s: %r is not a number of milliseconds" % (where, word)) from None
    if value < 0:
        raise ScriptError("%s: negative time %d" % (where, value))
    return value


def parse(text, spec, name="script"):
    """Compile script `text` for board `spec` into a time-ordered list of
    (ms, action, argument) with actions "down", "up", "shake", "shot" and a final "end"."""
    events = []
    now = 0
    for number, raw in enumerate(text.splitlines(), 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        where = "%s line %d" % (name, number)
        cmd, args = words[0].lower(), words[1:]
        arity = {"wait": (1, 1), "press": (1, 2), "hold": (1, 2), "down": (1, 1), "up": (1, 1),
                 "shake": (0, 1), "shot": (1, 1), "battery": (1, 2)}
        if cmd not in arity:
            raise ScriptError("%s: unknown command %r (wait, press, hold, down, up, shake, shot, "
                              "battery)" % (where, cmd))
        low, high = arity[cmd]
        if not low <= len(args) <= high:
            raise ScriptError("%s: %s takes %d to %d arguments" % (where, cmd, low, high))
        if cmd == "wait":
            now += _ms(args[0], where)
        elif cmd == "shot":
            events.append((now, "shot", args[0]))
        elif cmd == "battery":
            percent = _ms(args[0], where)
            if percent > 100 or args[1:] not in ([], ["charging"]):
                raise ScriptError("%s: battery takes a percent (0-100) and maybe 'charging'" % where)
            # "40" or "40+" (charging): one word, as the micropython run's event file wants it
            events.append((now, "battery", "%d%s" % (percent, "+" if args[1:] else "")))
        elif cmd == "shake":
            length = _ms(args[0], where) if args else SHAKE_MS
            events.append((now, "shake", length))
            now += length + SETTLE_MS
        else:
            try:
                bit = spec.button_bit(args[0])
            except ValueError as e:
                raise ScriptError("%s: %s" % (where, e)) from None
            if cmd in ("down", "up"):
                events.append((now, cmd, bit))
                continue
            length = PRESS_MS if cmd == "press" else HOLD_MS
            if len(args) > 1:
                length = _ms(args[1], where)
            events.append((now, "down", bit))
            now += length
            events.append((now, "up", bit))
            now += SETTLE_MS
    events.append((now, "end", None))
    return events
