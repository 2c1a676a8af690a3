"""The round clock's controller (ui/clock_control.py) through its own calls:
pausing and resuming, what it keeps beside the save, and taking up a stored
clock again as a reloaded page does."""

import json

from ludoteca.core.match import AI, HUMAN
from ludoteca.ui.clock_control import ClockControl
from ludoteca.ui.storage import CLOCK_PREFIX

from .test_round_clock import start


def test_only_a_player_on_the_clock_pauses_it_and_the_pause_is_kept_with_the_save():
    app, browser = start([HUMAN, AI], timer=30)
    control = app.round_clock
    assert isinstance(control, ClockControl) and control.view()["waiting"] == [0]
    assert not control.pause("7") and not control.pause("x")  # no such player on the clock
    assert not control.resume()  # nothing to resume
    assert control.pause("0")
    stored = json.loads(browser.store.get(CLOCK_PREFIX + app.save_id))
    assert stored["paused_by"] == 0 and stored["start"] == 0
    assert not control.pause("0")  # one pause at a time
    browser.advance(5)
    assert control.resume()
    assert json.loads(browser.store.get(CLOCK_PREFIX + app.save_id))["paused_by"] is None
    assert control.view()["pause_left"][0] == 295  # the default budget, 5 s spent


def test_a_new_controller_takes_up_the_stored_clock_of_the_same_decision():
    app, browser = start([HUMAN, AI], timer=30)
    browser.advance(10)
    app.round_clock.store(app.play.clock)
    app.play.clock = None
    app.round_clock = ClockControl(app)  # as a reloaded page's app: no clock, no pauses spent in this tab
    app.round_clock.sync()
    assert app.play.clock is not None and app.round_clock.view()["remaining"][0] == 20


def test_no_clock_for_an_untimed_game():
    app, _ = start([HUMAN, AI], timer=0)
    app.round_clock.sync()
    assert app.play.clock is None and app.round_clock.view() is None
