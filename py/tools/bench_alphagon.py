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
  4. game length in turns and how often each end condition ends a game
     (at a median of how many sides, and whose move ended it: a penalty's
     or prize's choice counts for the move that queued it); per player, the
     share of its placed letters that start no word it knows, its points
     from cards and words;
  5. the balanced initial letters: spread between the richest and the
     poorest rack, random against balanced;
  6. (`--endings N`, alone) how random games and each AI level's games
     against itself end, at how many sides; the share of the letters each AI
     places that start no word it knows; its points from cards and words;
  7. (`--nonsense N`, alone) the doubt-proof nonsense strategy: a player that
     places letters only to claim its cards' syllables and shapes and never
     spells, N games against hard, medium that always doubts, medium, easy.

`--hard-by-iterations` (alone): the ladder's "hard vs uct" row with hard's
late search cut by iterations only, not by thinking time (the cap's cost).

`--seconds S`: no game of a pairing starts after S seconds (the rows print
how many were played); `--quick`: a short run without the UCT pairing.
Figures only: nothing here is asserted by tests.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass

from arena import (LEVELS, ROOT, BotSpec, UctSpec, Watch, bench_arguments, level_ladder, match_and_print,
                   parse_bench_arguments, use_engine)

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
        self.placed: dict = {}  # label -> [letters placed, of which starting no word it knows]
        self.last = ""  # who moved last: whose move ended the game

    def move(self, state, player: int, move, seconds: float) -> None:
        from ludoteca.games.alphagon.ai import LEVEL_VOCABULARY, WordBot, _words_named, vocabulary

        bot = self.bots[player]
        if not state.queue:
            self.last = self.labels[player]
        if len(list(state.generate_moves(player))) > 1:
            self.times.setdefault(self.labels[player], []).append(seconds)
        if isinstance(bot, WordBot):
            known = vocabulary(state.wordlist(), LEVEL_VOCABULARY[bot.level])
            for word in _words_named(state, player, move):
                self.named += 1
                self.outside += not known.is_word(word)
            if move.keyword == "place":
                tally = self.placed.setdefault(self.labels[player], [0, 0])
                tally[0] += 1
                tally[1] += known.count(state.word() + move.letter) == 0
        if move.keyword in TURN_ENDS or state.phase == "first":
            self.turns += 1

    def finish(self, state) -> dict:
        points: dict = {}  # label -> [points from cards, from words]
        for seat, label in enumerate(self.labels):
            words = sum(entry[3] for entry in state.words if entry[2] == seat)
            tally = points.setdefault(label, [0, 0])
            tally[0] += state.points[seat] - words
            tally[1] += words
        return {"reason": state.end_reason, "turns": self.turns, "named": self.named,
                "outside": self.outside, "times": self.times, "sides": state.sides,
                "placed": self.placed, "points": points, "ended_by": self.last}


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
        sides = [f["sides"] for f in figures if f["reason"] == reason and "sides" in f]
        at = f", median {statistics.median(sides):g} sides" if sides else ""
        enders = Counter(f["ended_by"] for f in figures if f["reason"] == reason and f.get("ended_by"))
        by = ", ended by " + ", ".join(f"{label} {n}" for label, n in sorted(enders.items())) if enders else ""
        print(f"   {reason!s:10} {count:4} ({count / len(figures):.1%}{at}{by})")
    report_spelling(figures)


def report_spelling(figures: list) -> None:
    """Per bot: the share of its placed letters that start no word it knows;
    its points from syllable and shape cards against its points from words."""
    placed: dict = {}
    points: dict = {}
    for f in figures:
        for label, (letters, nonsense) in f.get("placed", {}).items():
            tally = placed.setdefault(label, [0, 0])
            tally[0] += letters
            tally[1] += nonsense
        for label, (cards, words) in f.get("points", {}).items():
            tally = points.setdefault(label, [0, 0])
            tally[0] += cards
            tally[1] += words
    if not points:
        return
    print("   spelling (goal <= 10% at every level) and points from cards vs words, per player:")
    for label in sorted(points):
        letters, nonsense = placed.get(label, [0, 0])
        share = f"{nonsense} of {letters} placed letters start no word it knows ({nonsense / letters:.1%}); " \
            if letters else ""
        print(f"   {label:10} {share}points from cards {points[label][0]}, from words {points[label][1]}")


def report_balance(deals: int) -> None:
    from ludoteca.games.alphagon import components

    print(f"5. balanced initial letters: spread between the richest and the poorest rack ({deals} deals)")
    for lang in EDITIONS:
        for players in (2, 4, 6):
            figures = components.measure_balance(lang, players, deals=deals)
            print(f"   {lang} {players} players: random {figures['random']:.2f},"
                  f" balanced {figures['balanced']:.2f} (ratio {figures['ratio']:.3f})", flush=True)


def play_endings_game(lang: str, seed: int, levels) -> dict:
    """One 2-player game, each seat a level ("random": a random letter whenever it can place, then a close or the turn's end),
    on the engine directly; its ending, sides, and what the AI seats spelled
    and scored."""
    from ludoteca.core.protocol import Settings
    from ludoteca.core.rng import SeededRng
    from ludoteca.games.alphagon.ai import AI_LEVELS, LEVEL_VOCABULARY, vocabulary
    from ludoteca.games.alphagon.rules import Find, Place

    game = load_game()
    state = game.new_state(Settings(2, {"edition": lang, "deal": "random", "judge": "dictionary"}), seed)
    rng = SeededRng(seed ^ 0x5EED)
    bots = [None if level == "random" else AI_LEVELS[level](seed * 2 + p) for p, level in enumerate(levels)]
    vocabs = [None if level == "random" else vocabulary(state.wordlist(), LEVEL_VOCABULARY[level]) for level in levels]
    figures = {"placed": [0, 0], "nonsense": [0, 0], "card_points": [0, 0]}
    moves = 0
    state.resolve_chance()
    while not state.is_terminal() and moves < 3000:
        player = state.to_move()[0]
        legal = list(state.legal_moves(player))
        if bots[player] is None:  # random: places a random letter whenever it can, then closes or ends the turn
            places = [m for m in legal if isinstance(m, Place)]
            ends = [m for m in legal if m.keyword == "close"] or [m for m in legal if m.keyword == "end"]
            move = rng.choice(places or ends or legal)
        else:
            move = bots[player].decide(state, player, legal)
        if isinstance(move, Place) and vocabs[player] is not None:
            figures["placed"][player] += 1
            figures["nonsense"][player] += vocabs[player].count(state.word() + move.letter) == 0
        if isinstance(move, Find):
            figures["card_points"][player] += 3 * ((move.syllable is not None) + move.shape)
        state.apply(player, move)
        state.resolve_chance()
        moves += 1
    word_points = [sum(entry[3] for entry in state.words if entry[2] == p) for p in range(2)]
    return dict(figures, reason=state.end_reason, sides=state.sides, word_points=word_points,
                levels=list(levels), winners=list(state.winners()))


def report_endings(games: int, pairings) -> None:
    """6. How games end (and at how many sides); what the AI spells; card against word points."""
    print(f"6. how games end, {games} games a pairing, editions alternating")
    for levels in pairings:
        results = [play_endings_game(EDITIONS[seed % 2], 1000 + seed, levels) for seed in range(games)]
        reasons = Counter(r["reason"] for r in results)
        label = " vs ".join(levels)
        parts = []
        for reason, count in reasons.most_common():
            sides = statistics.median(r["sides"] for r in results if r["reason"] == reason)
            parts.append(f"{reason} {count / games:.0%} (median {sides:g} sides)")
        print(f"   {label:16}: " + ", ".join(parts), flush=True)
        if "random" in levels:
            continue
        for level in sorted(set(levels)):
            seats = [(r, p) for r in results for p in range(2) if r["levels"][p] == level]
            placed = sum(r["placed"][p] for r, p in seats)
            nonsense = sum(r["nonsense"][p] for r, p in seats)
            cards = sum(r["card_points"][p] for r, p in seats)
            words = sum(r["word_points"][p] for r, p in seats)
            print(f"     {level}: {nonsense} of {placed} placed letters start no word it knows"
                  f" ({nonsense / max(placed, 1):.1%}); points from cards {cards}, from words {words}")


def _nonsense_player_class():
    """The class of `nonsense` (built on first use: the engine's path is set by then)."""
    from ludoteca.games.alphagon.ai import WordBot
    from ludoteca.games.alphagon.rules import ACCEPT, END, Find, Pass, Place

    class NonsensePlayer(WordBot):
        """Places the letter that opens the most points of its syllable and
        shape cards, whatever word it makes, claims them, and never closes,
        declares, contradicts or doubts. Doubted, it names a word only if it
        knows one (it almost never does), else concedes: it loses a letter
        and the doubter suspends the word."""

        name = "nonsense"

        def __init__(self, seed: int):
            super().__init__(seed, "hard", bluff=1.0, doubt=0.0, declare=False, lookahead=False)

        def _respond(self, state, player: int):
            return ACCEPT
            yield  # a generator, as WordBot's is

        def _turn(self, state, player: int, legal: list):
            finds = [m for m in legal if isinstance(m, Find)]
            if finds:
                return max(finds, key=lambda m: ((m.syllable is not None) + m.shape, m.card))
            if state.placed:
                return END
            best, best_value = None, -1e9
            for move in legal:
                if not isinstance(move, Place):
                    continue
                yield
                trial = state.clone()
                trial.apply_unchecked(player, move)
                value = self._finds_after(trial, player) + self._ending_value(trial, player) + self.rng.random()
                if value > best_value:
                    best, best_value = move, value
            if best is not None:
                return best
            passes = [m for m in legal if isinstance(m, Pass)]
            return passes[0] if passes else legal[0]

    return NonsensePlayer


def nonsense(seed: int):
    """The nonsense strategy's player (section 7)."""
    return _nonsense_player_class()(seed)


def medium_doubting(seed: int):
    """The default level with doubting always on (it doubts a word it cannot finish 70% of the time)."""
    from ludoteca.games.alphagon.ai import AI_LEVELS

    bot = AI_LEVELS["medium"](seed)
    bot.doubt_rate = 1.0
    return bot


def report_nonsense(args, began: float) -> None:
    """7. The nonsense strategy against players who doubt."""
    from arena import BotSpec

    print("7. the nonsense strategy (places letters for its cards, never spells) against players who doubt",
          flush=True)
    load_game()
    # the levels as shipped last: medium doubts 70% of the time, easy 50%
    opponents = [BotSpec(GAME_MODULE, "hard"), BotSpec(__name__, "medium_doubting", "medium+doubt"),
                 BotSpec(GAME_MODULE, "medium"), BotSpec(GAME_MODULE, "easy")]
    wanted = {name.strip() for name in args.nonsense_against.split(",") if name.strip()}
    for index, opponent in enumerate(opponents):
        if wanted and str(opponent) not in wanted:
            continue
        row = match_and_print(f"{__name__}:load_game", editions(), BotSpec(__name__, "nonsense"), opponent,
                              args.nonsense, args.seed + 20 + index, args.workers, began,
                              seconds=args.seconds, watch=Discipline)
        if row["games"]:
            print("      " + by_edition(row), flush=True)
            report_games([row])


@dataclass(frozen=True)
class HardByIterations(BotSpec):
    """Hard with its late search cut by iterations only, not by thinking time
    (ENDGAME_SECONDS): the same moves on any machine."""

    def __call__(self, seed: int):
        bot = super().__call__(seed)
        bot.endgame_seconds = None
        return bot


UCT_PAIRING = 5  # the ladder's index of "hard vs uct" (3 rungs, hard vs random and easy): its seed offset


def report_hard_by_iterations(args, began: float) -> None:
    """Hard, its late search uncapped, against the core's UCT: the same
    deals as the ladder's "hard vs uct" row, so the cap's cost shows."""
    print("1b. hard vs uct, hard's late search by iterations only (no time cap)", flush=True)
    row = match_and_print(f"{__name__}:load_game", editions(), HardByIterations(GAME_MODULE, "hard"),
                          UctSpec(args.uct_iterations, args.uct_depth), args.uct_games, args.seed + UCT_PAIRING,
                          args.workers, began, note=GOALS["hard vs uct"], seconds=args.seconds, watch=Discipline)
    if row["games"]:
        print("      " + by_edition(row), flush=True)
        report_games([row])


def main(argv: list) -> int:
    parser = bench_arguments(__doc__, games=200, uct_games=200)
    parser.add_argument("--deals", type=int, default=2000, help="deals per balance figure")
    parser.add_argument("--endings", type=int, default=0,
                        help="only section 6: this many games a pairing (random, each AI level against itself)")
    parser.add_argument("--nonsense", type=int, default=0,
                        help="only section 7: this many games of the nonsense strategy against each doubter")
    parser.add_argument("--nonsense-against", default="",
                        help='section 7 against only these: hard, medium+doubt, medium, easy (default: all)')
    parser.add_argument("--hard-by-iterations", action="store_true",
                        help="only hard vs uct, hard's late search by iterations alone (no time cap)")
    args = parse_bench_arguments(parser, argv)
    if args.hard_by_iterations:
        use_engine(args.dist)
        load_game()
        report_hard_by_iterations(args, time.perf_counter())
        return 0
    if args.nonsense:
        use_engine(args.dist)
        report_nonsense(args, time.perf_counter())
        return 0
    if args.endings:
        use_engine(args.dist)
        report_endings(args.endings, [("random", "random"), ("easy", "easy"), ("medium", "medium"),
                                      ("hard", "hard")])
        return 0
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
