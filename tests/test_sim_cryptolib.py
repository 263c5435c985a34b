"""The simulator's fake cryptolib (sim/fakes/cryptolib.py, pure-Python AES in ECB) gives
FIPS-197's answers and the same blocks as the real `micropython` binary's cryptolib."""

import random
import subprocess

from mp_lane import micropython_binary
from test_sim_framebuf import load_fake


def test_fips_197_examples():
    aes = load_fake("cryptolib").aes
    plain = bytes.fromhex("00112233445566778899aabbccddeeff")
    for key, cipher in (("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
                        ("000102030405060708090a0b0c0d0e0f1011121314151617",
                         "dda97ca4864cdfe06eaf70a0ec0d7191"),
                        ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
                         "8ea2b7ca516745bfeafc49904b496089")):
        assert aes(bytes.fromhex(key), 1).encrypt(plain).hex() == cipher


def test_random_keys_and_blocks_match_real_micropython():
    rnd = random.Random(7)
    cases = [(bytes(rnd.randrange(256) for _ in range(rnd.choice((16, 32)))),
              bytes(rnd.randrange(256) for _ in range(16 * rnd.randint(1, 4)))) for _ in range(40)]
    script = "import cryptolib, binascii\n" + "".join(
        "print(binascii.hexlify(cryptolib.aes(%r, 1).encrypt(%r)).decode())\n" % case
        for case in cases)
    real = subprocess.run([micropython_binary(), "-c", script], capture_output=True, text=True,
                          check=True).stdout.split()
    aes = load_fake("cryptolib").aes
    assert real == [aes(key, 1).encrypt(data).hex() for key, data in cases]
