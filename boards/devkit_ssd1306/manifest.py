# pyright: reportUndefinedVariable=false
# (include/package/module are provided by MicroPython's manifest tool, not Python.)
# Frozen build for the devkit_ssd1306 board: the firmware, its drivers and this folder's board.py go
# into the MicroPython image (bytecode in flash, nothing to copy, more free heap).  From a
# MicroPython checkout:
#   make -C ports/esp32 BOARD=ESP32_GENERIC FROZEN_MANIFEST=$(realpath boards/devkit_ssd1306/manifest.py)
# Relative paths below are relative to this folder. The fonts (tet/data/*.bin) are resource files,
# which a frozen build cannot hold: copy them too (mpremote cp -r build/tet/data :tet/) -- not
# tried on hardware: tet.core.text finds them next to tet.data's __file__.

include("$(PORT_DIR)/boards/manifest.py")

package("tet", base_path="../../firmware")
module("main.py", base_path="../../firmware")
module("board.py")
package("drivers", files=("__init__.py", "buzzer.py", "changes.py", "espnow_radio.py", "hardware.py", "mpu6050.py", "mpu6886.py", "ssd1306.py"), base_path="..")
