"""Game engines: pure logic over small bytearrays, no I/O and no drawing."""
