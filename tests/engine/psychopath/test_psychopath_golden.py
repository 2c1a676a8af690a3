"""A golden playthrough: fixed moves from a fixed policy, with both players'
views after each move, compared with golden_playthrough.json.

The test never writes the file. After an intended rules or view change,
regenerate it with
    .venv/bin/python -m pytest tests/engine/psychopath -k golden --regen-golden
and review its diff.
"""

import json
import pathlib

import run_profile
from ludoteca.core.match import Match, Seat
from ludoteca.core.protocol import Settings
from ludoteca.core.rng import SeededRng
from ludoteca.games.psychopath.rules import GAME

GOLDEN = pathlib.Path(__file__).with_name("golden_playthrough.json")
REGENERATE = run_profile.REGEN_GOLDEN
SEED = 20070901


def golden_policy(state, player, rng):
    """Fixed, deliberately simple play (independent of the AI): the move that
    captures most, else a seeded random move."""
    moves = list(state.legal_moves(player))
    best, most = None, 0
    for move in moves:
        child = state.clone()
        child.apply(player, move)
        taken = len(child.last[4])
        if taken > most:
            best, most = move, taken
    return best if best is not None else rng.choice(moves)


def play_golden_game() -> dict:
    seats = [Seat("White"), Seat("Black")]
    match = Match(GAME, Settings(2), SEED, seats, created="golden")
    rng = SeededRng(SEED)
    log = [{"views": [match.state.view(0), match.state.view(1)]}]
    while not match.is_over:
        player = match.state.to_move()[0]
        entry = match.play(player, golden_policy(match.state, player, rng))
        log.append({"move": entry.text, "views": [match.state.view(0), match.state.view(1)]})
    return {"seed": SEED, "record": match.record(), "log": log}


def dump(data: dict) -> str:
    """One log entry per line, so a change shows as a readable diff."""
    head = {key: value for key, value in data.items() if key != "log"}
    lines = [json.dumps(entry, sort_keys=True, separators=(",", ":")) for entry in data["log"]]
    return json.dumps(head, sort_keys=True)[:-1] + ', "log": [\n' + ",\n".join(lines) + "\n]}\n"


def test_golden_playthrough_matches_the_file():
    data = play_golden_game()
    text = dump(data)
    if REGENERATE:
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.exists(), "golden_playthrough.json is missing: regenerate it (see the module doc)"
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    got = json.loads(text)
    assert len(expected["log"]) == len(got["log"])
    for number, (want, have) in enumerate(zip(expected["log"], got["log"])):
        assert want == have, f"log entry {number} differs"
    assert expected == got


def test_golden_game_is_complete_and_replays_from_its_record():
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    final = data["log"][-1]["views"][0]
    assert final["game_over"] and final["end_reason"] in ("psychopath", "no_moves", "repetition", "quiet")
    assert any(entry["views"][0]["last_move"] and entry["views"][0]["last_move"]["captured"]
               for entry in data["log"][1:])
    match = Match.from_record(data["record"], {GAME.id: GAME})
    assert match.state.view(0) == final
