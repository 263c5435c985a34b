"""The words of the Tổ Tôm table at the deal's choices (to-tom-v2 §3): the prompt of each choice,
the line naming the kind asked about, and why no bất thực is offered. Imported by the table
while the deal asks the player, and forgotten after: play does without this bytecode."""

from tet.games.to_tom.cards import CODES, IS_YEU, NAMES, phu_text

# by action name: "Úp khàn 5V", "Thiên khai 5V", "Bất thực 5V"
LABELS = {"khan_down": "Úp khàn ", "thien_khai": "Thiên khai ", "bat_thuc": "Bất thực "}
# why no bất thực (§3): a red yêu, else trùng trục (no phu holds it); the words, and the short
# ones of the 128x64 screen's header, before the kind
NO_BAT_THUC = (("Yêu đỏ: không được bất thực", "Yêu đỏ "),
               ("Bất thực trùng trục: không được", "Trùng trục "))


def label(hand, action):
    """The prompt text of a choice at the deal, `hand` the chooser's concealed counts:
    'Úp khàn 5V', 'Bất thực cả bốn 5V', 'Trình phu [4V 5V 6V]'."""
    name, arg = action
    if name == "trinh_phu":
        return "Trình phu " + phu_text(arg[1])
    four = name == "bat_thuc" and hand[arg] == 4
    return LABELS[name] + ("cả bốn " if four else "") + CODES[arg]


def asked(hand, options, short):
    """The line naming the kind the deal asks about ('Chia bài: ba Ngũ Vạn'), from the player's
    `options` (the default first, its argument the kind). `short`, for the 128x64 header, which
    has no line of its own for refusal(): 'Chia: ba 5V', or why no bất thực ('Trùng trục 5V')."""
    if not options:
        return "Chia bài"
    k = options[0][1]
    count = "bốn" if hand[k] == 4 else "ba"
    if not short:
        return "Chia bài: %s %s" % (count, NAMES[k])
    why = refusal(options, 1)
    return (why or "Chia: %s " % count) + CODES[k]


def refusal(options, short=0):
    """Why the deal's `options` offer no bất thực of their kind, or "" when they do (`short`:
    the header's words, before the kind)."""
    if not options:
        return ""
    k = options[0][1]
    if ("bat_thuc", k) in options:
        return ""
    return NO_BAT_THUC[0 if IS_YEU[k] else 1][short]
