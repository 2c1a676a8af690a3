"""GeonAxis benchmark under CPython: the AI ladder, four-player results,
wagering habits, move times.

    .venv/bin/python py/tools/bench_geonaxis.py [--games 40] [--four 30] [--uct-games 4] [--seconds 300]

Prints:
  1. the ladder, two players (table "1") through the shared arena
     (py/tools/arena.py), seats alternating, 95% Wilson intervals (a tie
     counts half): each level against the one below (random < easy <
     medium < hard), then hard against the core's plain UCT bot;
  2. four players, hard against three easy, hard's seat rotating: its
     score share (fair share 25%) and the share of games it finishes first,
     alone or tied (goal 60%);
  3. wagering over the games of sections 1 and 2: how often each level's
     stakes bluff (fewer credits than agreed) or set a trap (more), and how
     often its challenges succeed;
  4. move time of each level with 2 and 6 players (median, p95, longest
     12 ms slice) on positions from games between "easy" bots.

The UCT baseline: UctBot at 1000 iterations a decision with the core's
random playouts of 50 decisions spends about a minute a decision here
(a decision node is a whole simultaneous round, and a round of random
play costs about 0.7 ms), and a game has about 65 decisions per player.
So this bench cuts its playouts after --uct-depth rounds (default 2: about
4 s a decision on a 2-core machine), then scores the leaf with the game's
heuristic_returns(); the row's label says which cut-off ran
("uct(1000it,d2)"). `--uct-depth 50` is the core's baseline as is.
`--seconds S`: no game of a pairing starts after S seconds (the rows print
how many were played; games under way finish); `--quick`: a short run
without the UCT pairing. Figures only: nothing here is asserted by tests.
"""

from __future__ import annotations

import statistics
import sys
import time

from arena import LEVELS, BotSpec, Watch, bench_arguments, format_rate, level_ladder, match_and_print
from arena import parse_bench_arguments, report_level_times, use_engine

GAME_MODULE = "ludoteca.games.geonaxis"
GOALS = {"easy vs random": "> 50%", "medium vs easy": "> 50%", "hard vs medium": "> 50%",
         "hard vs random": ">= 95%", "hard vs easy": ">= 75%", "hard vs uct": ">= 70%"}
HABITS = ("stakes", "bluffs", "traps", "challenges", "successes")


def settings(players: int, table: str = "1"):
    from ludoteca.core.protocol import Settings

    return Settings(players, {"table": table})


class Wagering(Watch):
    """Each level's stakes (honest, bluff, trap) and challenges (successful or not)."""

    def __init__(self, bots: list, labels: list):
        super().__init__(bots, labels)
        self.habits = {label: dict.fromkeys(HABITS, 0) for label in labels}
        self.rounds_seen: set = set()
        self.agreements: dict = {}  # id -> the members' net credits from its challenges
        self.challenged: set = set()  # ids of the agreements challenged at least once

    def _note_agreement(self, state) -> None:
        node = state.last_node
        if node and node.get("kind") == "agree" and node.get("formed"):
            self.agreements.setdefault(node["id"], 0)

    def move(self, state, player: int, move, seconds: float) -> None:
        from ludoteca.games.geonaxis.rules import Renew, Wager

        self._note_challenges(state)
        self._note_agreement(state)
        if isinstance(move, (Wager, Renew)):
            agreed = move.amount if isinstance(move, Renew) else state.queue[0]["amount"]
            habits = self.habits[self.labels[player]]
            habits["stakes"] += 1
            habits["bluffs"] += move.credits < agreed
            habits["traps"] += move.credits > agreed

    def _note_challenges(self, state) -> None:
        last = state.last_round
        if last and last["round"] not in self.rounds_seen:
            self.rounds_seen.add(last["round"])
            for record in last["challenges"]:
                habits = self.habits[self.labels[record["challenger"]]]
                habits["challenges"] += 1
                habits["successes"] += record["success"]
                # What the members gained or lost on this challenge: the wager
                # shared out on a failure, less the credits of the pile they lost.
                gained = 0 if record["success"] else record["each_member"] * len(record["members"])
                net = gained - record["fund"]
                self.agreements[record["agreement"]] = self.agreements.get(record["agreement"], 0) + net
                self.challenged.add(record["agreement"])

    def finish(self, state) -> dict:
        self._note_challenges(state)
        self._note_agreement(state)
        return {"rounds": state.round - 1, "habits": self.habits,
                "ended": "passes" if state.passes else "round_limit",
                "agreements": len(self.agreements), "paid": sum(net > 0 for net in self.agreements.values()),
                "challenged": len(self.challenged), "members_net": sum(self.agreements.values())}


def rounds(row: dict) -> str:
    return f"{statistics.mean(r['figures']['rounds'] for r in row['records']):.0f} rounds a game"


def endings(row: dict) -> str:
    """Median rounds and how the games ended."""
    figures = [r["figures"] for r in row["records"]]
    by_passes = sum(f.get("ended") == "passes" for f in figures)
    agreements = sum(f.get("agreements", 0) for f in figures)
    paid = sum(f.get("paid", 0) for f in figures)
    challenged = sum(f.get("challenged", 0) for f in figures)
    members_net = sum(f.get("members_net", 0) for f in figures)
    return (f"median {statistics.median(f['rounds'] for f in figures):.0f} rounds; "
            f"{by_passes} of {len(figures)} ended by everyone passing; "
            f"agreements paying off for their members: {paid} of {agreements} "
            f"({challenged} challenged; members' net from challenges {members_net:+d} credits)")


def four_players(args, began: float) -> dict:
    print("2. four players (table \"1\"), hard against three easy, hard's seat rotating", flush=True)
    row = match_and_print(GAME_MODULE, settings(4), BotSpec(GAME_MODULE, "hard"), BotSpec(GAME_MODULE, "easy"),
                          args.four, args.seed + 40, args.workers, began, seconds=args.seconds, watch=Wagering)
    if row["games"]:
        print("   " + format_rate("hard finishes first (alone or tied)", row["wins"] + row["draws"], row["games"],
                                  ">= 60%"), flush=True)
        print("   " + endings(row), flush=True)
    return row


def wagering(rows: list) -> None:
    totals = {}
    for row in rows:
        for record in row["records"]:
            for label, habits in record["figures"]["habits"].items():
                bucket = totals.setdefault(label, dict.fromkeys(HABITS, 0))
                for key, value in habits.items():
                    bucket[key] += value
    games = sum(row["games"] for row in rows)
    print(f"3. wagering (over the {games} games of sections 1 and 2)")
    for label in LEVELS:
        bucket = totals.get(label)
        if not bucket:
            continue
        traps = bucket["traps"] / bucket["stakes"] if bucket["stakes"] else 0.0
        print(f"   {label:<7} " + format_rate("bluffing stakes", bucket["bluffs"], bucket["stakes"])
              + f", traps {traps:.1%}")
        print(f"   {label:<7} " + format_rate("successful challenges", bucket["successes"], bucket["challenges"]),
              flush=True)


def main(argv: list) -> int:
    parser = bench_arguments(__doc__, games=40, uct_games=4, uct_depth=2)
    parser.add_argument("--four", type=int, default=30, help="four-player games")
    parser.add_argument("--positions", type=int, default=20, help="positions per move-time figure")
    parser.add_argument("--sections", default="ladder,four,times")
    args = parse_bench_arguments(parser, argv)
    if args.quick:
        args.four, args.positions = min(args.four, 2), min(args.positions, 3)
    sections = set(args.sections.split(","))
    source = use_engine(args.dist)
    began = time.perf_counter()
    print(f"GeonAxis bench, engine from {source}, Python {sys.version.split()[0]}", flush=True)
    rows = []
    if "ladder" in sections:
        print("1. ladder: two players (table \"1\"), seats alternating (share = wins + half the ties)", flush=True)
        rows += level_ladder(GAME_MODULE, settings(2), GAME_MODULE, args, began, GOALS, rounds, watch=Wagering)
    if "four" in sections and args.four:
        rows.append(four_players(args, began))
    if rows:
        wagering(rows)
    if "times" in sections:
        print(f"4. move time per level on {args.positions} positions (12 ms slices)", flush=True)
        for players, table in ((2, "1"), (6, "7")):
            report_level_times(GAME_MODULE, settings(players, table), GAME_MODULE, args.positions,
                               args.seed + players, args.workers, every=5, prefix=f"{players} players ")
    print(f"total {time.perf_counter() - began:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
