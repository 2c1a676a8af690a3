"""Generic bots that play any game implementing the protocol.

Every bot returns a `Search` that works in slices: `step(seconds)` does at
most that much work and says whether the search has finished. The browser
runs one slice per event-loop turn, so the page never freezes; CPython tests
and benchmarks call `run()`.

Budgets are in thinking time (summed over slices), with an optional
iteration cap. The UCT baseline uses iterations only, like boardgame.io's
default bot, so its strength does not depend on the machine.
"""

from __future__ import annotations

import math
import time
from typing import Callable, Optional

from .protocol import Move, State
from .rng import SeededRng

EXPLORATION = 0.7  # UCB constant for rewards in [0, 1]

RolloutPolicy = Callable[[State, int, SeededRng], Move]
Evaluator = Callable[[State], list]


def random_rollout_policy(state: State, player: int, rng: SeededRng) -> Move:
    return rng.choice(list(state.generate_moves(player)))


def acting_player(state: State) -> int:
    """The player a sequential search lets act first (simultaneous moves are
    submitted one after another, hidden from each other by the game)."""
    return state.to_move()[0]


class Search:
    """Base class of a bot's thinking about one decision."""

    def __init__(self, state: State, player: int, seconds: Optional[float], iterations: Optional[int]):
        self.root_state = state
        self.player = player
        self.seconds = seconds
        self.max_iterations = iterations
        self.iterations = 0
        self.elapsed = 0.0
        self.legal = list(state.generate_moves(player))
        if not self.legal:
            raise ValueError(f"player {player + 1} has no legal move to search")
        self.done = len(self.legal) == 1

    def _budget_left(self) -> bool:
        if self.max_iterations is not None and self.iterations >= self.max_iterations:
            return False
        if self.seconds is not None and self.elapsed >= self.seconds:
            return False
        return True

    def step(self, seconds: float) -> bool:
        """Thinks for at most about `seconds`; returns True once finished."""
        if self.done:
            return True
        start = time.perf_counter()
        deadline = start + seconds
        while self._budget_left():
            self.iterate()
            self.iterations += 1
            if time.perf_counter() >= deadline:
                break
        self.elapsed += time.perf_counter() - start
        self.done = self.done or not self._budget_left()
        return self.done

    def run(self) -> Move:
        while not self.step(0.05):
            pass
        return self.best_move()

    def iterate(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def best_move(self) -> Move:  # pragma: no cover - abstract
        raise NotImplementedError


class Bot:
    name = "bot"

    def __init__(self, seed: int = 0):
        self.rng = SeededRng(seed)

    def start(self, state: State, player: int) -> Search:  # pragma: no cover
        raise NotImplementedError

    def choose(self, state: State, player: int) -> Move:
        return self.start(state, player).run()


# --- random ---------------------------------------------------------------
class _ImmediateSearch(Search):
    def __init__(self, state: State, player: int, move: Move):
        super().__init__(state, player, seconds=0.0, iterations=0)
        self.move = move
        self.done = True

    def best_move(self) -> Move:
        return self.move


class RandomBot(Bot):
    name = "random"

    def start(self, state: State, player: int) -> Search:
        moves = list(state.generate_moves(player))
        return _ImmediateSearch(state, player, self.rng.choice(moves))


class PolicyBot(Bot):
    """Plays a rollout policy directly: a cheap heuristic player."""

    name = "policy"

    def __init__(self, seed: int = 0, policy: RolloutPolicy = random_rollout_policy):
        super().__init__(seed)
        self.policy = policy

    def start(self, state: State, player: int) -> Search:
        return _ImmediateSearch(state, player, self.policy(state, player, self.rng))


# --- tree search shared parts -------------------------------------------
class _Node:
    __slots__ = ("player", "move", "visits", "value", "available", "children", "untried")

    def __init__(self, player: int, move: Optional[Move]):
        self.player = player  # who made `move` to reach this node (-1: chance)
        self.move = move
        self.visits = 0
        self.value = 0.0  # summed reward of `player`
        self.available = 0  # ISMCTS: how often this move was legal when its parent was visited
        self.children: dict = {}
        self.untried: Optional[list] = None


def _ucb_pick(children, parent_visits_of) -> "_Node":
    best, best_score = None, -1.0
    for child in children:
        parent_visits = parent_visits_of(child)
        score = child.value / child.visits + EXPLORATION * math.sqrt(
            math.log(parent_visits) / child.visits
        )
        if score > best_score:
            best, best_score = child, score
    return best


class _TreeSearch(Search):
    def __init__(
        self,
        state: State,
        player: int,
        rng: SeededRng,
        seconds: Optional[float],
        iterations: Optional[int],
        rollout_policy: RolloutPolicy,
        playout_depth: Optional[int],
        evaluate: Optional[Evaluator],
    ):
        super().__init__(state, player, seconds, iterations)
        self.rng = rng
        self.rollout_policy = rollout_policy
        self.playout_depth = playout_depth
        self.evaluate = evaluate
        self.root = _Node(-1, None)

    def _playout(self, state: State) -> list:
        depth = 0
        while not state.is_terminal():
            if self.playout_depth is not None and depth >= self.playout_depth:
                break
            if state.is_chance():
                state.apply_unchecked(-1, state.sample_chance(self.rng))
                continue
            actor = acting_player(state)
            state.apply_unchecked(actor, self.rollout_policy(state, actor, self.rng))
            depth += 1
        if state.is_terminal():
            return state.returns()
        return self.evaluate(state) if self.evaluate else state.heuristic_returns()

    @staticmethod
    def _backpropagate(path: list, result: list) -> None:
        for node in path:
            node.visits += 1
            if node.player >= 0:
                node.value += result[node.player]

    def best_move(self) -> Move:
        if len(self.legal) == 1 or not self.root.children:
            return self.legal[0] if len(self.legal) == 1 else self.rng.choice(self.legal)
        mine = [child for child in self.root.children.values() if child.player == self.player]
        return max(mine, key=lambda child: (child.visits, child.value)).move

    def move_statistics(self) -> list:
        """(move text, visits, mean reward) of the root's moves, best first."""
        rows = [
            (child.move.text, child.visits, child.value / child.visits)
            for child in self.root.children.values()
            if child.player == self.player and child.visits
        ]
        return sorted(rows, key=lambda row: -row[1])


# --- plain UCT --------------------------------------------------------------
class _UctSearch(_TreeSearch):
    """Closed-loop UCT on a single determinization; chance nodes sit in the
    tree, one child per sampled outcome."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.world = self.root_state.determinize(self.player, self.rng)

    def iterate(self) -> None:
        state = self.world.clone()
        node = self.root
        path = [node]
        while not state.is_terminal():
            if state.is_chance():
                outcome = state.sample_chance(self.rng)
                state.apply_unchecked(-1, outcome)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = _Node(-1, outcome)
                node = child
                path.append(node)
                continue
            actor = acting_player(state)
            if node.untried is None:
                node.untried = list(state.generate_moves(actor))
                self.rng.shuffle(node.untried)
            if node.untried:
                move = node.untried.pop()
                state.apply_unchecked(actor, move)
                child = node.children[move] = _Node(actor, move)
                path.append(child)
                break
            parent_visits = node.visits
            child = _ucb_pick(node.children.values(), lambda _child: parent_visits)
            state.apply_unchecked(actor, child.move)
            node = child
            path.append(node)
        self._backpropagate(path, self._playout(state))


class UctBot(Bot):
    """The baseline: plain UCT, 1000 iterations, random playouts of depth 50."""

    name = "uct"

    def __init__(self, seed: int = 0, iterations: int = 1000, playout_depth: Optional[int] = 50,
                 seconds: Optional[float] = None):
        super().__init__(seed)
        self.iterations = iterations
        self.playout_depth = playout_depth
        self.seconds = seconds

    def start(self, state: State, player: int) -> Search:
        return _UctSearch(state, player, self.rng.fork(), self.seconds, self.iterations,
                          random_rollout_policy, self.playout_depth, None)


# --- information-set MCTS -------------------------------------------------
class _IsmctsSearch(_TreeSearch):
    """Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): each
    iteration samples a world consistent with what the player knows; chance
    is open-loop, and moves are compared only when they were available."""

    def iterate(self) -> None:
        state = self.root_state.determinize(self.player, self.rng)
        node = self.root
        path = [node]
        while not state.is_terminal():
            if state.is_chance():
                state.apply_unchecked(-1, state.sample_chance(self.rng))
                continue
            actor = acting_player(state)
            legal = list(state.generate_moves(actor))
            available = []
            untried = []
            for move in legal:
                child = node.children.get((actor, move))
                if child is None:
                    untried.append(move)
                else:
                    child.available += 1
                    available.append(child)
            if untried:
                move = self.rng.choice(untried)
                state.apply_unchecked(actor, move)
                child = node.children[(actor, move)] = _Node(actor, move)
                child.available = 1
                path.append(child)
                break
            child = _ucb_pick(available, lambda candidate: candidate.available)
            state.apply_unchecked(actor, child.move)
            node = child
            path.append(node)
        self._backpropagate(path, self._playout(state))


class IsmctsBot(Bot):
    """Information-set MCTS with a time budget, for hidden-information games."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        seconds: Optional[float] = 1.0,
        iterations: Optional[int] = None,
        rollout_policy: RolloutPolicy = random_rollout_policy,
        playout_depth: Optional[int] = None,
        evaluate: Optional[Evaluator] = None,
    ):
        super().__init__(seed)
        self.seconds = seconds
        self.iterations = iterations
        self.rollout_policy = rollout_policy
        self.playout_depth = playout_depth
        self.evaluate = evaluate

    def start(self, state: State, player: int) -> Search:
        return _IsmctsSearch(state, player, self.rng.fork(), self.seconds, self.iterations,
                             self.rollout_policy, self.playout_depth, self.evaluate)
