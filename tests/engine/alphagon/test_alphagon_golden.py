"""A golden playthrough: a fixed seed and a fixed, simple policy (not the AI),
with the acting player's view after each move, compared with
golden_playthrough.json. After an intended rules or view change, regenerate
it and review the diff:

    .venv/bin/python -m pytest tests/engine/alphagon -k golden --regen-golden
"""

import json
import pathlib

import run_profile

GOLDEN = pathlib.Path(__file__).with_name("golden_playthrough.json")
SEED = 20260411
PLAYERS = 3


def golden_policy(state, player):
    from ludoteca.games.alphagon.rules import CLOSE, END, Place, Say, Start

    moves = list(state.legal_moves(player))
    texts = [m.text for m in moves]
    if state.phase == "first" and not state.queue:
        return next(m for m in moves if isinstance(m, Start) and m.cell == "D4" and m.heading == "E")
    if state.phase == "answer":
        say = [m for m in moves if isinstance(m, Say)]
        return say[0] if say else moves[0]
    if state.phase != "turn" or state.queue:
        return moves[0]
    if "close" in texts:
        return CLOSE
    if "end" in texts:
        return END
    wordlist = state.wordlist()
    for move in moves:
        if isinstance(move, Place) and wordlist.has_prefix(state.word() + move.letter):
            return move
    return next(m for m in moves if m.keyword in ("pass", "suspend"))


def play_golden_game() -> dict:
    from ludoteca.core.match import Match, Seat
    from ludoteca.games.alphagon.rules import GAME

    from .helpers import provide_assets, settings

    provide_assets()
    seats = [Seat(f"Player {p + 1}") for p in range(PLAYERS)]
    match = Match(GAME, settings(PLAYERS, "en", "balanced"), SEED, seats, created="golden")
    log = [{"chance": [m.text for m in match.opening_chance], "view": match.state.view(None)}]
    while not match.is_over:
        player = match.state.to_move()[0]
        entry = match.play(player, golden_policy(match.state, player))
        log.append({"move": entry.text, "chance": [m.text for m in entry.chance],
                    "view": match.state.view(player)})
    return {"seed": SEED, "players": PLAYERS, "record": match.record(), "log": log}


def dump(data: dict) -> str:
    head = {key: value for key, value in data.items() if key != "log"}
    lines = [json.dumps(entry, sort_keys=True, separators=(",", ":")) for entry in data["log"]]
    return json.dumps(head, sort_keys=True)[:-1] + ', "log": [\n' + ",\n".join(lines) + "\n]}\n"


def test_golden_playthrough_matches_the_file():
    if run_profile.REGEN_GOLDEN:
        GOLDEN.write_text(dump(play_golden_game()), encoding="utf-8")
    assert GOLDEN.exists(), "golden_playthrough.json is missing: regenerate it (see the docstring)"
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    got = json.loads(dump(play_golden_game()))
    assert len(expected["log"]) == len(got["log"])
    for number, (want, have) in enumerate(zip(expected["log"], got["log"])):
        assert want == have, f"log entry {number} differs"
    assert expected == got


def test_golden_game_is_a_complete_game_that_replays():
    from ludoteca.core.match import Match
    from ludoteca.games.alphagon.rules import GAME

    from .helpers import provide_assets

    provide_assets()
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    final = data["log"][-1]["view"]
    assert final["game_over"] and final["end_reason"]
    assert any(entry["move"].split(":")[1].startswith("close") for entry in data["log"][1:])
    match = Match.from_record(data["record"], {GAME.id: GAME})
    assert match.state.view(None)["scores"] == final["scores"]

