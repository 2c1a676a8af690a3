"""A golden playthrough: a fixed seed and fixed moves, with the view after
each move, compared with golden_playthrough.json.

After an intended rules or view change, regenerate the file with
    .venv/bin/python -m pytest tests/engine/alphabeticell -k golden --regen-golden
and review its diff.
"""

import json
import pathlib

import run_profile
from ludoteca.core.match import Match, Seat
from ludoteca.core.protocol import Settings
from ludoteca.games.alphabeticell.rules import GAME, KEEP, PASS

GOLDEN = pathlib.Path(__file__).with_name("golden_playthrough.json")
REGENERATE = run_profile.REGEN_GOLDEN
SEED = 20180904
PLAYERS = 2
MAX_SKIP = 2


def _distance(low: str, high: str) -> int:
    return ord(high) - ord(low) - 1


def golden_policy(state, player):
    """Fixed, deliberately simple play (independent of the AI's tuning): keep
    the card with a letter nearest M; take the placement skipping the fewest
    letters if it skips at most two."""
    if state.phase == KEEP:
        return min(state.legal_moves(player),
                   key=lambda move: min(abs(ord(letter) - ord("M")) for letter in move.card))
    line = state.lines[player]
    best, best_skip = PASS, MAX_SKIP + 1
    for move in state.legal_moves(player):
        if move is PASS:
            continue
        if move.first_letter is not None:
            skip = abs(ord(move.letter) - ord(move.first_letter)) - 1
        elif move.end == "L":
            skip = _distance(move.letter, line[0][1])
        else:
            skip = _distance(line[-1][1], move.letter)
        if skip < best_skip:
            best, best_skip = move, skip
    return best


def play_golden_game() -> dict:
    seats = [Seat(f"Player {p + 1}") for p in range(PLAYERS)]
    match = Match(GAME, Settings(PLAYERS, {"rules": "classic"}), SEED, seats, created="golden")
    log = [{"chance": [move.text for move in match.opening_chance], "view": match.state.view(None)}]
    while not match.is_over:
        player = match.state.to_move()[0]
        entry = match.play(player, golden_policy(match.state, player))
        log.append({
            "move": entry.text,
            "chance": [move.text for move in entry.chance],
            "view": match.state.view(player),
        })
    return {"seed": SEED, "players": PLAYERS, "record": match.record(), "log": log}


def dump(data: dict) -> str:
    """One log entry per line, so a change shows as a readable diff."""
    head = {key: value for key, value in data.items() if key != "log"}
    lines = [json.dumps(entry, sort_keys=True, separators=(",", ":")) for entry in data["log"]]
    return (json.dumps(head, sort_keys=True)[:-1] + ', "log": [\n'
            + ",\n".join(lines) + "\n]}\n")


def test_golden_playthrough_matches_the_file():
    data = play_golden_game()
    text = dump(data)
    if REGENERATE or not GOLDEN.exists():
        GOLDEN.write_text(text, encoding="utf-8")
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert len(expected["log"]) == len(data["log"])
    for number, (want, got) in enumerate(zip(expected["log"], json.loads(text)["log"])):
        assert want == got, f"log entry {number} differs"
    assert expected == json.loads(text)


def test_golden_game_is_a_complete_game():
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    final = data["log"][-1]["view"]
    assert final["game_over"] and max(final["totals"]) >= 30
    reasons = {entry["view"]["last_round"]["reason"] for entry in data["log"]
               if entry["view"]["last_round"]}
    assert reasons  # at least one round ended
    match = Match.from_record(data["record"], {GAME.id: GAME})
    assert match.state.view(None)["totals"] == final["totals"]
