"""A golden playthrough: a fixed seed and a fixed, simple policy for three
players, with every player's view after each move, compared with
golden_playthrough.json. The test never writes the file: after an intended
rules or view change, regenerate it with
    .venv/bin/python -m pytest tests/engine/geonaxis -k golden --regen-golden
and review its diff.
"""

import json
import pathlib

import run_profile
from ludoteca.core.match import Match, Seat
from ludoteca.core.protocol import Settings
from ludoteca.games.geonaxis.rules import (
    GAME,
    PASS,
    Challenge,
    Decline,
    Propose,
    Renew,
    Stone,
    Tile,
    Wager,
)

GOLDEN = pathlib.Path(__file__).with_name("golden_playthrough.json")
REGENERATE = run_profile.REGEN_GOLDEN
SEED = 20150207
PLAYERS = 3
# Each player's home: stones go to the free cell nearest to it.
HOMES = ((-2, 1), (2, -1), (0, 2))


def golden_policy(state, player):
    """Fixed, deliberately simple play, independent of the AI's tuning."""
    moves = list(state.legal_moves(player))
    if state.phase == "agree":
        amount = state.queue[0]["amount"]
        return Wager(0, amount) if player == 1 else Wager(amount, 0)  # player 2 bluffs
    if state.phase == "renegotiate":
        return Renew(1, 1, 0) if Renew(1, 1, 0) in moves else Decline()
    if state.round > 14:
        return PASS
    challenges = [m for m in moves if isinstance(m, Challenge)]
    if challenges and player == 2:
        return min(challenges, key=lambda m: (m.wager, m.q, m.r))
    proposals = [m for m in moves if isinstance(m, Propose) and m.amount == 1]
    if proposals and player == 0:
        return proposals[0]
    if state.round == 3 and player == 1 and any(isinstance(m, Tile) for m in moves):
        return min((m for m in moves if isinstance(m, Tile)), key=lambda m: (m.a, m.b))
    stones = [m for m in moves if isinstance(m, Stone) and m.q2 is None]
    if not stones:
        return PASS
    home = HOMES[player]
    return min(stones, key=lambda m: (max(abs(m.q - home[0]), abs(m.r - home[1]),
                                          abs(m.q + m.r - home[0] - home[1])), m.q, m.r))


def play_golden_game() -> dict:
    seats = [Seat(f"Player {p + 1}") for p in range(PLAYERS)]
    match = Match(GAME, Settings(PLAYERS, {"table": "1", "pot": "standard", "rounds": 100}), SEED, seats,
                  created="golden")
    log = [{"views": [match.state.view(p) for p in range(PLAYERS)]}]
    while not match.is_over:
        player = match.state.to_move()[0]
        entry = match.play(player, golden_policy(match.state, player))
        log.append({"move": entry.text, "views": [match.state.view(p) for p in range(PLAYERS)]})
    return {"seed": SEED, "players": PLAYERS, "record": match.record(), "log": log}


def dump(data: dict) -> str:
    """One log entry per line, so a change shows as a readable diff."""
    head = {key: value for key, value in data.items() if key != "log"}
    lines = [json.dumps(entry, sort_keys=True, separators=(",", ":")) for entry in data["log"]]
    return (json.dumps(head, sort_keys=True)[:-1] + ', "log": [\n' + ",\n".join(lines) + "\n]}\n")


def test_golden_playthrough_matches_the_file():
    data = json.loads(dump(play_golden_game()))
    if REGENERATE:
        GOLDEN.write_text(dump(data), encoding="utf-8")
    assert GOLDEN.exists(), "golden file missing: regenerate it (see the module docstring)"
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert len(expected["log"]) == len(data["log"])
    for number, (want, got) in enumerate(zip(expected["log"], data["log"])):
        assert want == got, f"log entry {number} differs"
    assert expected == data


def test_golden_game_is_complete_and_covers_the_agreement_life_cycle():
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    final = data["log"][-1]["views"][0]
    assert final["game_over"] and sum(final["final"]["credits"]) == 20 * PLAYERS
    moves = [entry["move"].split(":")[1] for entry in data["log"][1:]]
    assert any(move.startswith("propose") for move in moves)
    assert any(move.startswith("wager") for move in moves)
    assert any(move.startswith("t ") for move in moves)
    match = Match.from_record(data["record"], {GAME.id: GAME})
    assert match.state.view(0) == final
