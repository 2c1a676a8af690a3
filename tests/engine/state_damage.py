"""What the games' state-validation tests share: damage a state's JSON, expect
a RecordError with a given code and params, and find that code's text in
both languages. A case is (build the state, damage its JSON in place, code,
params the error must carry)."""

import json

import pytest

from ludoteca.core.protocol import RecordError


def damaged(game, state, damage) -> RecordError:
    data = json.loads(json.dumps(state.to_json()))
    damage(data)
    with pytest.raises(RecordError) as caught:
        game.state_from_json(data)
    return caught.value


def check_damage_case(game, case) -> None:
    build, damage, code, params = case
    error = damaged(game, build(), damage)
    assert error.code == code, str(error)
    assert params.items() <= error.params.items(), error.params


def check_texts(game, messages: dict, cases: dict) -> None:
    """Every case's code has an English and an Italian text whose placeholders
    its params fill."""
    for build, damage, code, _ in cases.values():
        error = damaged(game, build(), damage)
        for language in ("en", "it"):
            assert "{" not in messages[language]["error." + code].format(**error.params), (language, code)
