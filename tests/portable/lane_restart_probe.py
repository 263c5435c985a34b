"""A probe of the lane's restarts (tests/test_micropython_lane.py): its board restarts
MicroPython twice, as fake_hw's restart does, and the third boot passes."""

from fake_hw import RESTARTED, Restarted, boot_number


def test_the_third_boot_passes():
    boot = boot_number()
    print("boot", boot)
    if boot < 2:
        raise Restarted(RESTARTED)
