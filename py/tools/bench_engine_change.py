"""How an engine change moves the speed of search: the core's plain UCT (1000
iterations, random playouts) decides the same positions with this tree's
engine and with another revision's, in child processes taking turns.

    .venv/bin/python py/tools/bench_engine_change.py [--against HEAD] [--games alphagon,geonaxis]
        [--positions 4] [--rounds 2] [--playouts 0]

Prints, a game a line, the CPU seconds a decision under each engine and their
ratio (the revision's time over this tree's: above 1 is faster now); with
`--playouts N`, a second line times N random playouts (UCT's: uniform random
moves, at most 50 decisions) from those positions on fixed seeds. UCT's
random playouts spend their time listing and applying moves, so the figure
follows the engine, not a bot's budget. It also says whether both engines
chose the same moves: the same move lists and the same seeded RNG give the
same choices, so "same choices" is a cheap check that a speed-up changed
nothing else. `--against` is any revision (HEAD: the last commit, to measure
uncommitted work). The revision is checked out in a temporary git worktree.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parents[2]
GAMES = ("alphabeticell", "psychopath", "alphagon", "geonaxis")


def measure(root: pathlib.Path, game_id: str, positions: int, seed: int, playouts: int = 0) -> dict:
    """Child side: UCT decisions, then random playouts, on seeded positions with the engine under `root`."""
    import importlib

    sys.path.insert(0, str(root / "py"))
    package = importlib.import_module(f"ludoteca.games.{game_id}")
    from ludoteca.core.ai import UctBot, random_rollout_policy, rollout_step
    from ludoteca.core.protocol import CHANCE
    from ludoteca.core.rng import SeededRng
    from ludoteca.core.search_speed import sample_positions

    game = package.GAME
    for lang in ("en", "it") if hasattr(game, "asset_path") else ():
        path = game.asset_path(lang)
        game.provide_asset(path, (root / path).read_bytes())
    found = sample_positions(game, game.default_settings(2), positions, seed)
    digest = hashlib.sha256()
    seconds = []
    for index, (state, player) in enumerate(found):
        bot = UctBot(seed=seed + index)
        began = time.process_time()
        move = bot.choose(state, player)
        seconds.append(time.process_time() - began)
        digest.update(str(move).encode() + b"|")
    finals = []
    began = time.process_time()
    for index in range(playouts):
        state, _player = found[index % len(found)]
        state, rng, decisions = state.clone(), SeededRng(seed + index), 0
        while not state.is_terminal() and decisions < 50:
            if state.is_chance():
                state.apply_unchecked(CHANCE, state.sample_chance(rng))
                continue
            rollout_step(state, random_rollout_policy, rng)
            decisions += 1
        finals.append(state)
    playout_seconds = (time.process_time() - began) / playouts if playouts else 0.0
    ends = hashlib.sha256()
    for state in finals:
        ends.update(json.dumps(state.to_json(), sort_keys=True).encode())
    return {"seconds": seconds, "choices": digest.hexdigest()[:16], "playout_seconds": playout_seconds,
            "playout_ends": ends.hexdigest()[:16]}


def run_child(root: pathlib.Path, game_id: str, positions: int, seed: int, playouts: int) -> dict:
    command = [sys.executable, __file__, "--child", str(root), game_id, str(positions), str(seed), str(playouts)]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(output.strip().splitlines()[-1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="HEAD", help="the revision to compare with (default HEAD)")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--positions", type=int, default=4, help="positions a game (seeded random play)")
    parser.add_argument("--rounds", type=int, default=2, help="turns of the two engines (the median counts)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--playouts", type=int, default=0, help="random playouts a round, timed after the decisions")
    parser.add_argument("--child", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        root, game_id, positions, seed, playouts = args.child
        print(json.dumps(measure(pathlib.Path(root), game_id, int(positions), int(seed), int(playouts))))
        return 0
    revision = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", args.against], check=True,
                              capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="engine-change-") as scratch:
        other = pathlib.Path(scratch) / "tree"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "--quiet", str(other), revision],
                       check=True)
        try:
            print(f"plain UCT, 1000 iterations: CPU seconds a decision, {args.positions} positions a game,"
                  f" median of {args.rounds} rounds; {revision} against this tree", flush=True)
            for game_id in args.games.split(","):
                times = {"then": [], "now": []}
                playout_times = {"then": [], "now": []}
                choices = {}
                for _ in range(args.rounds):
                    for side, root in (("then", other), ("now", REPO)):
                        result = run_child(root, game_id, args.positions, args.seed, args.playouts)
                        times[side].append(statistics.mean(result["seconds"]))
                        playout_times[side].append(result["playout_seconds"])
                        choices[side] = (result["choices"], result["playout_ends"])
                then, now = statistics.median(times["then"]), statistics.median(times["now"])
                same = "same choices" if choices["then"][0] == choices["now"][0] else "different choices"
                print(f"  {game_id:13} {then:6.2f} s then, {now:6.2f} s now: x{then / now:.2f} ({same})", flush=True)
                if args.playouts:
                    then, now = statistics.median(playout_times["then"]), statistics.median(playout_times["now"])
                    same = "same ends" if choices["then"][1] == choices["now"][1] else "different ends"
                    print(f"  {'':13} {then * 1000:6.2f} ms then, {now * 1000:6.2f} ms now a playout"
                          f" ({args.playouts} a round): x{then / now:.2f} ({same})", flush=True)
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(other)], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
