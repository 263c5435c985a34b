"""Loaded settings and game saves, checked before use; the messages about them.

Imported by tet.core.app only when there is something to check (a settings file at boot, a game's
save being opened) or to say (a save that could not be written), and dropped again with the
game's modules, so that the launcher's heap does not hold it.

Every save is stored as `{"version": n, "data": ...}`; the first firmware wrote the bare data,
which reads as version 1.
"""

from tet.core.schema import check

# what sound and brightness may hold (tet.core.schema); each house rule is checked against the
# values its game declares (the shell's rule table, given to the App), and one no longer declared
# is dropped
MAX_RULES = 64
SETTINGS_RESET = "Cài đặt bị hỏng hoặc thuộc phiên bản khác, đã đặt lại mặc định."
SAVE_FAILED = ("Không lưu được: bộ nhớ đầy hoặc bị lỗi. Vẫn chơi tiếp được; "
               "máy sẽ thử lưu lại ở lần sau.")
SAVE_REFUSED = "Bản lưu ván trước bị hỏng hoặc thuộc phiên bản khác. Bắt đầu ván mới."


def unwrap(obj):
    """`(version, data)` of a loaded save; (None, None) if its version is not a number."""
    if type(obj) is dict and "version" in obj:
        version = obj["version"]
        if type(version) is not int or "data" not in obj:
            return None, None
        return version, obj["data"]
    return 1, obj


def settings_from(obj, settings, levels, volumes, declared=None):
    """Copy the valid fields of a loaded settings file into `settings`; False if any was bad.

    `levels` and `volumes`: how many brightness and volume levels there are (tet.core.app).
    `declared()` returns the house rules the games declare: (game, name, label, choices) each.

    Any version is read field by field (no setting has changed meaning yet); a missing field
    keeps its default quietly (a version without it), a bad one is reported.
    """
    version, obj = unwrap(obj)
    if version is None or type(obj) is not dict:
        return False
    good = True
    spec = {"sound": ("bool",), "brightness": ("int", 0, levels - 1),
            "volume": ("int", 0, volumes - 1), "power": ("bool",)}
    for key in spec:
        if key in obj:
            if check(obj[key], spec[key]) is None:
                settings[key] = obj[key]
            else:
                good = False
    rules = obj.get("rules", {})
    if type(rules) is not dict or len(rules) > MAX_RULES:
        return False
    if not rules:
        return good
    return _rules_from(rules, settings["rules"], declared() if declared else ()) and good


def _rules_from(rules, out, declared):
    """Copy each house rule holding one of its declared values into `out`; False if one did not."""
    good = True
    for game, name, _label, choices in declared:
        key = game + "." + name
        if key in rules:
            if check(rules[key], ("in", tuple(v for v, _l in choices))) is None:
                out[key] = rules[key]
            else:
                good = False
    return good


def game_data(obj, spec, version, migrate):
    """The data of a loaded game save, of `version` and matching `spec`; None if it cannot be.

    A save of another version goes through `migrate(old_version, data)` (None: not readable);
    a migration that raises on data it did not expect counts as not readable.
    """
    saved_version, data = unwrap(obj)
    if saved_version is None:
        return None
    if saved_version != version:
        if migrate is None:
            return None
        try:
            data = migrate(saved_version, data)
        except (KeyError, ValueError, TypeError, IndexError, AttributeError):
            return None
    if data is None or (spec is not None and check(data, spec) is not None):
        return None
    return data
