"""The intake: a click is taken on only while those in progress can be answered in time at the bot's pace."""

from bot.ops.intake import Intake


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_quiet_bot_takes_a_burst_up_to_its_floor_and_turns_the_next_away():
    intake = Intake(floor=3, clock=Clock())
    assert [intake.take() for _ in range(4)] == [True, True, True, False]
    assert intake.in_progress == 3
    intake.done()
    assert intake.take() and not intake.take()


def test_the_limit_is_what_the_bot_answers_in_the_target_time_at_its_recent_pace():
    clock = Clock()
    intake = Intake(target=1.0, window=2.0, floor=2, ceiling=50, clock=clock)
    for index in range(40):  # 40 answered within the last 2 s: 20 a second, so 20 fit in 1 s
        clock.now = index / 20
        assert intake.take()
        intake.done()
    assert intake.limit == 20
    taken = [intake.take() for _ in range(25)]
    assert taken.count(True) == 20 and not taken[-1]


def test_the_pace_forgets_answers_older_than_its_window_and_never_passes_the_ceiling():
    clock = Clock()
    intake = Intake(target=1.0, window=2.0, floor=2, ceiling=10, clock=clock)
    for _ in range(100):
        intake.take()
        intake.done()
    assert intake.limit == 10
    clock.now = 2.5
    assert intake.limit == 2
