import gc

from ludoteca.ui.collections_timer import CollectionTimer


def test_each_pass_is_counted_under_its_generation_with_its_duration():
    ticks = iter([1.0, 1.004, 2.0, 2.050])
    timer = CollectionTimer(clock=lambda: next(ticks))
    timer("start", {"generation": 0})
    timer("stop", {"generation": 0, "collected": 3})
    timer("start", {"generation": 2})
    timer("stop", {"generation": 2, "collected": 0})
    assert timer.figures["0"]["passes"] == 1 and round(timer.figures["0"]["longest_ms"], 3) == 4.0
    assert round(timer.figures["2"]["longest_ms"], 3) == 50.0 and timer.figures["2"]["passes"] == 1


def test_a_stop_without_its_start_is_ignored():
    timer = CollectionTimer(clock=lambda: 0.0)
    timer("stop", {"generation": 1})
    assert timer.figures == {}


def test_installed_it_times_real_collections_and_removed_it_stops():
    timer = CollectionTimer()
    timer.install()
    timer.install()  # once only
    try:
        assert gc.callbacks.count(timer) == 1
        gc.collect(2)
        assert timer.figures["2"]["passes"] >= 1 and timer.figures["2"]["longest_ms"] >= 0.0
    finally:
        timer.remove()
    passes = timer.figures["2"]["passes"]
    gc.collect(2)
    assert timer.figures["2"]["passes"] == passes and timer not in gc.callbacks
