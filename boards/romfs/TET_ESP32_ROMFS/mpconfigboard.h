// The Tết gadget firmware: stock ESP32_GENERIC plus ROMFS (bytecode and fonts run in place).
#define MICROPY_HW_BOARD_NAME "Tet gadget (ESP32, ROMFS)"
#define MICROPY_HW_MCU_NAME "ESP32"
#define MICROPY_VFS_ROM (1)
