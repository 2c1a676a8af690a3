"""A clock for the AI's time-budgeted searches in tests (`ludoteca.core.ai.clock`)."""


class CountingClock:
    """A search clock that moves on a fixed step per reading: a time-budgeted
    search then does the same work on every run, whatever the machine."""

    def __init__(self, step=0.01):
        self.now, self.step = 0.0, step

    def __call__(self):
        self.now += self.step
        return self.now
