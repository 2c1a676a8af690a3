"""The core's checked reading of a state's JSON (core/state_json.py): limits,
typed choices and seats named as object keys."""

import pytest

from ludoteca.core.protocol import RecordError
from ludoteca.core.state_json import StateReader

READ = StateReader("toy")


def test_state_reader_refuses_a_list_longer_than_its_limit():
    assert READ.items([1, 2, 3], "trail", max_length=3) == [1, 2, 3]
    with pytest.raises(RecordError) as error:
        READ.items([1, 2, 3, 4], "trail", max_length=3)
    assert error.value.code == "toy.state_length"
    assert error.value.params == {"field": "trail", "count": 4, "expected": 3}


@pytest.mark.parametrize("value", [True, False, 1.0, "1"])
def test_state_reader_choice_compares_types(value):
    assert READ.choice(1, "passes", (0, 1)) == 1
    with pytest.raises(RecordError) as error:
        READ.choice(value, "passes", (0, 1))
    assert error.value.code == "toy.state_field" and error.value.params == {"field": "passes"}


@pytest.mark.parametrize("key", ["2", "-1", "01", 1])
def test_state_reader_seat_key_names_only_existing_players(key):
    assert READ.seat_key("1", "submissions", 2) == 1
    with pytest.raises(RecordError) as error:
        READ.seat_key(key, "submissions", 2)
    assert error.value.code == "toy.state_field"
