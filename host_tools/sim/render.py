"""Turn the simulated display's bytes into a Pillow image (what the panel would show)."""

from PIL import Image

from sim.boards import MONO_OFF, MONO_ON


def _rgb_bytes(colours):
    out = bytearray()
    for c in colours:
        out += bytes(((c >> 16) & 255, (c >> 8) & 255, c & 255))
    return bytes(out)


def frame_image(data, width, height, depth, palette=None, scale=1):
    """RGB image of a GS4_HMSB (depth 4, with its 16-colour palette) or MONO_VLSB (depth 1)
    buffer, enlarged `scale` times with square pixels."""
    if depth == 4:
        stride = (width + 1) // 2
        image = Image.frombytes("P", (width, height), bytes(data), "raw", "P;4", stride)
        image.putpalette(_rgb_bytes(palette or [g * 0x111111 for g in range(16)]))
    else:
        pixels = bytearray(width * height)
        for page in range(height // 8):
            base = page * width
            for x in range(width):
                byte = data[base + x]
                if byte:
                    for bit in range(8):
                        if byte >> bit & 1:
                            pixels[(page * 8 + bit) * width + x] = 1
        image = Image.frombytes("P", (width, height), bytes(pixels))
        image.putpalette(_rgb_bytes((MONO_OFF, MONO_ON)))
    image = image.convert("RGB")
    if scale != 1:
        image = image.resize((width * scale, height * scale), Image.NEAREST)
    return image
