"""Tunes play note by note on the buzzer without blocking, and stay silent when muted."""

from fake_hw import FakeBuzzer

from tet.core import sound


def _play(tune, enabled=True):
    buzzer = FakeBuzzer()
    s = sound.Sound(buzzer)
    s.enabled = enabled
    now = 0
    s.play(tune, now)
    while s.playing and now < 10000:
        now += 5
        s.update(now)
    return buzzer.tones, now


def test_win_tune_sounds_its_notes_in_order_then_silence():
    tones, ended = _play(sound.WIN)
    assert tones == [523, 659, 784, 1047, 0]
    # 90 + 90 + 90 + 220 ms of notes, ended within one update step after that
    assert 490 <= ended <= 500


def test_rest_is_silence_and_muted_plays_nothing():
    tones, _ = _play(sound.DICE)
    assert tones == [880, 0, 880, 0, 1319, 0]
    assert _play(sound.WIN, enabled=False)[0] == []


def test_no_buzzer_is_fine():
    s = sound.Sound(None)
    s.play(sound.CLICK, 0)
    s.update(100)
    assert not s.playing
