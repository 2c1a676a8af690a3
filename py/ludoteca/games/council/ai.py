"""Council's computer players: the core's generic bots, graded by search effort."""

from ...core.ai import IsmctsBot, RandomBot

AI_LEVELS = {
    "easy": lambda seed: RandomBot(seed),
    "medium": lambda seed: IsmctsBot(seed, seconds=None, iterations=200),
    "hard": lambda seed: IsmctsBot(seed, seconds=None, iterations=800),
}
DEFAULT_LEVEL = "medium"
