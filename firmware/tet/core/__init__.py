"""Device core: input, drawing, text, sound, saves, random numbers and the app loop."""
