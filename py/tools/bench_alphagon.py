"""Alphagon benchmark under CPython: the AI ladder, vocabulary discipline,
move times, game length and end conditions, and the balanced deal.

    .venv/bin/python py/tools/bench_alphagon.py [--games 200] [--seconds 120] [--uct-games 200] [--workers 2]

Prints, for 2 players, both editions alternating deal by deal (each deal
played from both seats first):
  1. the ladder through the shared arena (py/tools/arena.py), with 95%
     Wilson intervals (a shared win counts half): each level against the
     one below (random < easy < medium < hard), then hard against the
     core's plain UCT bot (1000 iterations, playouts of 50); under each
     row the share in each edition;
  2. words the AI named (closed, declared, said, contradicted, corrected)
     outside its own vocabulary (goal 0);
  3. AI move time per level (median, p95, max) over its decisions with a
     choice in those games;
  4. game length in turns and how often each end condition ends a game;
  5. the balanced initial letters: spread between the richest and the
     poorest rack, random against balanced.

`--seconds S`: no game of a pairing starts after S seconds (the rows print
how many were played); `--quick`: a short run without the UCT pairing.
Figures only: nothing here is asserted by tests.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter

from arena import LEVELS, ROOT, Watch, bench_arguments, level_ladder, parse_bench_arguments, use_engine

GAME_MODULE = "ludoteca.games.alphagon"
GOALS = {"easy vs random": "> 50%", "medium vs easy": "> 50%", "hard vs medium": "> 50%",
         "hard vs random": ">= 95%", "hard vs easy": ">= 75%", "hard vs uct": ">= 70%"}
EDITIONS = ("en", "it")
# Moves that end a turn (the first-letter phase counts each of its moves).
TURN_ENDS = ("end", "pass", "close", "declare", "doubt", "suspend")


def load_game():
    """The game with both editions' word lists (worker processes call it once)."""
    from ludoteca.games.alphagon.rules import GAME

    for lang in EDITIONS:
        path = GAME.asset_path(lang)
        GAME.provide_asset(path, (ROOT / path).read_bytes())
    return GAME


def editions() -> list:
    from ludoteca.core.protocol import Settings

    return [Settings(2, {"edition": lang, "deal": "random", "judge": "dictionary"}) for lang in EDITIONS]


class Discipline(Watch):
    """Words each AI names outside its vocabulary, its decision times, turns."""

    def __init__(self, bots: list, labels: list):
        super().__init__(bots, labels)
        self.turns = self.named = self.outside = 0
        self.times: dict = {}

    def move(self, state, player: int, move, seconds: float) -> None:
        from ludoteca.games.alphagon.ai import LEVEL_VOCABULARY, WordBot, _words_named, vocabulary

        bot = self.bots[player]
        if len(list(state.generate_moves(player))) > 1:
            self.times.setdefault(self.labels[player], []).append(seconds)
        if isinstance(bot, WordBot):
            known = vocabulary(state.wordlist(), LEVEL_VOCABULARY[bot.level])
            for word in _words_named(state, player, move):
                self.named += 1
                self.outside += not known.is_word(word)
        if move.keyword in TURN_ENDS or state.phase == "first":
            self.turns += 1

    def finish(self, state) -> dict:
        return {"reason": state.end_reason, "turns": self.turns, "named": self.named,
                "outside": self.outside, "times": self.times}


def by_edition(row: dict) -> str:
    parts = []
    for lang_index, lang in enumerate(EDITIONS):
        records = [record for record in row["records"] if record["variant"] == lang_index]
        if records:
            score = sum(record["score"] for record in records)
            parts.append(f"{lang} {score:g}/{len(records)} = {score / len(records):.1%}")
    return "by edition: " + ", ".join(parts)


def report_games(rows: list) -> None:
    figures = [record["figures"] for row in rows for record in row["records"]]
    if not figures:
        return
    print("2. words named outside the AI's vocabulary (goal 0)")
    print(f"   {sum(f['outside'] for f in figures)} of {sum(f['named'] for f in figures)} words named,"
          f" over {len(figures)} games")
    print("3. AI move time (decisions with a choice)")
    for level in LEVELS:
        times = sorted(t for f in figures for t in f["times"].get(level, []))
        if times:
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            print(f"   {level:6}: median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms,"
                  f" max {times[-1] * 1000:.1f} ms over {len(times)} decisions")
    print(f"4. game length and end conditions (the {len(figures)} games above)")
    turns = [f["turns"] for f in figures]
    print(f"   turns per game: mean {statistics.mean(turns):.1f}, median {statistics.median(turns)}")
    for reason, count in Counter(f["reason"] for f in figures).most_common():
        print(f"   {reason!s:10} {count:4} ({count / len(figures):.1%})")


def report_balance(deals: int) -> None:
    from ludoteca.games.alphagon import components

    print(f"5. balanced initial letters: spread between the richest and the poorest rack ({deals} deals)")
    for lang in EDITIONS:
        for players in (2, 4, 6):
            figures = components.measure_balance(lang, players, deals=deals)
            print(f"   {lang} {players} players: random {figures['random']:.2f},"
                  f" balanced {figures['balanced']:.2f} (ratio {figures['ratio']:.3f})", flush=True)


def main(argv: list) -> int:
    parser = bench_arguments(__doc__, games=200, uct_games=200)
    parser.add_argument("--deals", type=int, default=2000, help="deals per balance figure")
    args = parse_bench_arguments(parser, argv)
    if args.quick:
        args.deals = min(args.deals, 200)
    source = use_engine(args.dist)
    began = time.perf_counter()
    print(f"Alphagon bench, engine from {source}, Python {sys.version.split()[0]}", flush=True)
    load_game()
    print("1. ladder: two players, editions alternating deal by deal, seats alternating"
          " (share = wins + half the shared wins)", flush=True)
    rows = level_ladder(f"{__name__}:load_game", editions(), GAME_MODULE, args, began, GOALS, by_edition,
                        watch=Discipline)
    report_games(rows)
    report_balance(args.deals)
    print(f"total {time.perf_counter() - began:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
