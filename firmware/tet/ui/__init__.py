"""The shared shell above the games: launcher, Cài đặt, widgets and the game-session helpers."""
