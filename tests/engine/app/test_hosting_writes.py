"""What the host writes when a move is played at its own device (issue 31): the save, once.
The table keeper (ui/hosting.py) writes the save before the guests hear of the move; the app's
autosave after the move then has nothing new to write."""

import random

from ludoteca.ui.storage import SAVE_PREFIX

from .test_devices import legal_texts_of, two_devices


def save_writes(store):
    """Counts the writes of a save's record into `store` from now on."""
    writes = []
    set_item = store.set

    def counting(key, value):
        if key.startswith(SAVE_PREFIX):
            writes.append(key)
        set_item(key, value)

    store.set = counting
    return writes


def test_a_move_at_the_hosts_device_writes_the_save_once():
    network, (host, host_browser), (guest, _guest_browser) = two_devices("alphabeticell")
    rng = random.Random(5)
    while host.session.position().to_move() != (0,):
        guest.dispatch("move", f"1:{rng.choice(legal_texts_of(host, 1))}")
        network.pump()
    writes = save_writes(host_browser.store)
    count = host.session.move_count
    host.dispatch("move", f"0:{rng.choice(legal_texts_of(host, 0))}")
    network.pump()
    assert host.session.move_count == count + 1
    assert writes == [SAVE_PREFIX + host.save_id]
    # A guest's move is written once too.
    while host.session.position().to_move() != (1,):
        host.dispatch("move", f"0:{rng.choice(legal_texts_of(host, 0))}")
        network.pump()
    writes.clear()
    guest.dispatch("move", f"1:{rng.choice(legal_texts_of(host, 1))}")
    network.pump()
    assert writes == [SAVE_PREFIX + host.save_id]


def test_a_move_serializes_the_record_once_at_the_host(monkeypatch):
    """The save is written once per move; telling that the app's autosave after it has nothing new
    to write needs no second serialization of the whole record (issue 31's longest task)."""
    from ludoteca.core.match import Match

    network, (host, _host_browser), (guest, _guest_browser) = two_devices("alphabeticell")
    rng = random.Random(5)
    records = []
    record = Match.record
    monkeypatch.setattr(Match, "record", lambda match: records.append(1) or record(match))
    for _ in range(6):
        (player,) = host.session.position().to_move()
        records.clear()
        app = host if player == 0 else guest
        app.dispatch("move", f"{player}:{rng.choice(legal_texts_of(host, player))}")
        network.pump()
        assert len(records) == 1, f"a move of seat {player}"
