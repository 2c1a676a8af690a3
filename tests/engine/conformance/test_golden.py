"""Golden playthroughs: for each game and player count, one seeded random
game (default variants) whose move texts and every player's view after each
move must match golden/<game>-<n>p.json.

The file holds every move text, a short hash of each player's view at every
decision node, and the full views at the start and the end (so a change shows
as a readable diff of those). A missing file fails. After an intended rules
or view change, regenerate and review the diff:

    .venv/bin/python -m pytest tests/engine/conformance/test_golden.py --regen-golden
"""

import hashlib
import json
import pathlib

import pytest

import run_profile
from .support import fuzzing, game_or_fail, game_params

GOLDEN_DIR = pathlib.Path(__file__).with_name("golden")
REGENERATE = run_profile.REGEN_GOLDEN
NO_CHECKS = fuzzing.Checks(clone=False, json_round_trip=False, replay=False, record=False, parse_back=False,
                           junk=False, wrong_moves=False, determinize=False, views=False, multi_actor=False,
                           secrecy=False, terminal=False, full_rate=0.0)


def golden_seed(players: int) -> int:
    return 20261123 + players


def view_hash(view) -> str:
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def play_golden_game(game, players: int) -> dict:
    settings = game.default_settings(players)
    nodes = []  # per decision node (and the end): every player's view
    moves = []
    fuzzing.play_game(game, settings, golden_seed(players), NO_CHECKS,
                      on_node=lambda state: nodes.append([state.view(p) for p in range(players)]),
                      on_move=lambda state, player, move: moves.append(f"{player}:{move.text}"))
    return {"game": game.id, "players": players, "settings": settings.to_json(), "seed": golden_seed(players),
            "moves": moves, "views": nodes}


def to_file(data: dict) -> dict:
    views = data["views"]
    return {
        "game": data["game"], "players": data["players"], "settings": data["settings"], "seed": data["seed"],
        "first_views": views[0], "last_views": views[-1],
        "log": [{"move": move, "view_hashes": [view_hash(view) for view in node]}
                for move, node in zip(data["moves"] + [None], views)],
    }


def dump(data: dict) -> str:
    """One log entry per line, so a change shows as a readable diff."""
    head = {key: value for key, value in data.items() if key != "log"}
    lines = [json.dumps(entry, sort_keys=True, separators=(",", ":")) for entry in data["log"]]
    return json.dumps(head, sort_keys=True, indent=1)[:-2] + ',\n "log": [\n' + ",\n".join(lines) + "\n]}\n"


@pytest.mark.parametrize("game_id, players", game_params(per_player_count=True))
def test_golden_playthrough(game_id, players):
    game = game_or_fail(game_id)
    path = GOLDEN_DIR / f"{game_id}-{players}p.json"
    played = play_golden_game(game, players)
    current = to_file(played)
    if REGENERATE:
        path.write_text(dump(current), encoding="utf-8")
    if not path.exists():
        pytest.fail(f"{path.name} is missing: generate it with .venv/bin/python -m pytest --regen-golden"
                    f" tests/engine/conformance/test_golden.py -k {game_id}, then review and commit it", pytrace=False)
    expected = json.loads(path.read_text(encoding="utf-8"))
    assert {k: expected[k] for k in ("game", "players", "settings", "seed")} == \
        {k: current[k] for k in ("game", "players", "settings", "seed")}
    assert expected["first_views"] == current["first_views"], \
        "the views at the start differ: " + fuzzing.first_difference(expected["first_views"], current["first_views"])
    for number, (want, got) in enumerate(zip(expected["log"], current["log"])):
        assert want["move"] == got["move"], f"move {number} is {got['move']!r}, the golden file has {want['move']!r}"
        for player, (want_hash, got_hash) in enumerate(zip(want["view_hashes"], got["view_hashes"])):
            assert want_hash == got_hash, (
                f"after move {number - 1} ({expected['log'][number - 1]['move'] if number else 'start'}),"
                f" player {player}'s view differs from the golden file; it is now:\n"
                + json.dumps(played["views"][number][player], sort_keys=True)[:3000])
    assert len(expected["log"]) == len(current["log"]), \
        f"the game has {len(current['log'])} nodes, the golden file {len(expected['log'])}"
    assert expected["last_views"] == current["last_views"], \
        "the final views differ: " + fuzzing.first_difference(expected["last_views"], current["last_views"])
    assert current["log"][-1]["move"] is None and len(current["log"]) > 1
