"""Generic bots that play any game implementing the protocol.

Every bot returns a `Search` that works in slices: `step(seconds)` does at
most that much work and says whether the search has finished. The browser
runs one slice per event-loop turn, so the page never freezes; CPython tests
and benchmarks call `run()`.

Budgets are in thinking time (summed over slices), with an optional
iteration cap. Thinking time is read from `clock`: the wall clock in the app,
where the player waits; benches switch to CPU time (`use_cpu_clock`), so a
busy machine buys a level the same search. The UCT baseline uses iterations only, like boardgame.io's
default bot, so its strength does not depend on the machine.

At SIMULTANEOUS nodes the tree searches keep decoupled statistics (each
actor picks by UCB over its own moves, blind to the others' picks); TURN
and RESPONSE nodes are played in `to_move()` order (see PROTOCOL.md).
"""

from __future__ import annotations

import math
import time
from typing import Callable, Optional

from .protocol import CHANCE, NO_PLAYER, SIMULTANEOUS, Move, State
from .rng import SeededRng

EXPLORATION = 0.7  # UCB constant for rewards in [0, 1]

clock = time.perf_counter  # what every search's budget and slices are measured on


def use_cpu_clock(slowdown: float = 1.0) -> None:
    """Budgets count this thread's CPU time, times `slowdown` (1.5: a budget
    buys what it buys in Pyodide, where pure Python runs about 1.5x slower)."""
    global clock
    clock = time.thread_time if slowdown == 1.0 else (lambda: time.thread_time() * slowdown)


def use_wall_clock() -> None:
    global clock
    clock = time.perf_counter

RolloutPolicy = Callable[[State, int, SeededRng], Move]
Evaluator = Callable[[State], list]


def random_rollout_policy(state: State, player: int, rng: SeededRng) -> Move:
    return rng.choice(list(state.generate_moves(player)))


def acting_player(state: State) -> int:
    """The player who acts next at a TURN or RESPONSE node: the first of
    `to_move()` (a response window is played in `to_move()` order)."""
    return state.to_move()[0]


def is_joint_node(state: State) -> bool:
    """A SIMULTANEOUS node: every player in `to_move()` submits a secret move."""
    return state.acting_mode() == SIMULTANEOUS


def rollout_step(state: State, policy: RolloutPolicy, rng: SeededRng) -> None:
    """Plays one decision of a rollout. At a SIMULTANEOUS node every actor
    chooses from the state as it was before any of them submitted (their
    submissions are hidden from one another anyway), then all are applied."""
    if is_joint_node(state):
        actors = state.to_move()
        chosen = [(actor, policy(state, actor, rng)) for actor in actors]
        for actor, move in chosen:
            state.apply_unchecked(actor, move)
        return
    actor = acting_player(state)
    state.apply_unchecked(actor, policy(state, actor, rng))


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
        start = clock()
        deadline = start + seconds
        while self._budget_left():
            self.iterate()
            self.iterations += 1
            if clock() >= deadline:
                break
        self.elapsed += clock() - start
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


# --- tree search shared parts -------------------------------------------
class _Node:
    __slots__ = ("player", "move", "visits", "value", "available", "children", "untried", "joint")

    def __init__(self, player: int, move: Optional[Move]):
        self.player = player  # who made `move` to reach this node (CHANCE, or NO_PLAYER: the root, a joint move)
        self.move = move
        self.visits = 0
        self.value = 0.0  # summed reward of `player`
        self.available = 0  # ISMCTS: how often this move was legal when its parent was visited
        self.children: dict = {}
        self.untried: Optional[list] = None
        # At a SIMULTANEOUS node: {actor: {move: _Node}}, each actor's own
        # statistics (decoupled: not conditioned on what the others chose).
        self.joint: Optional[dict] = None


def _ucb_pick(children, parent_visits_of) -> "_Node":
    best, best_score = None, -1.0
    for child in children:
        parent_visits = parent_visits_of(child)
        score = child.value / child.visits + EXPLORATION * math.sqrt(
            math.log(parent_visits) / child.visits
        )
        if score > best_score:
            best, best_score = child, score
    return best  # type: ignore[return-value]  # callers pass at least one child


class _TreeSearch(Search):
    """Shared parts of UCT and ISMCTS.

    TURN and RESPONSE nodes are sequential: the first player of `to_move()`
    acts (a response window is explored in `to_move()` order), except at the
    root, where the searching player decides what it submits now. At a
    SIMULTANEOUS node every actor picks a move from its own statistics at
    that node (decoupled UCT: UCB over its own moves, blind to what the
    others pick), all the picks are applied, and the search descends to the
    child of the joint move; the root decision of a SIMULTANEOUS node is the
    searching player's own decoupled statistics."""

    count_available = False  # ISMCTS: UCB over how often a move was available

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
        self.root = _Node(NO_PLAYER, None)

    def _actor(self, state: State, node: _Node) -> int:
        return self.player if node is self.root else acting_player(state)

    def _joint_step(self, state: State, node: _Node, path: list) -> tuple:
        """One SIMULTANEOUS node: each actor picks from its own statistics,
        seeing only the state before anyone submitted; returns the child of
        the joint move and whether it was just created."""
        if node.joint is None:
            node.joint = {}
        picks = []
        for actor in state.to_move():
            stats = node.joint.setdefault(actor, {})
            picks.append(self._decoupled_pick(stats, actor, list(state.generate_moves(actor))))
        for stat in picks:
            state.apply_unchecked(stat.player, stat.move)  # type: ignore[arg-type]  # a pick is never the root
            path.append(stat)
        key = tuple((stat.player, stat.move) for stat in picks)
        child = node.children.get(key)
        created = child is None
        if created:
            child = node.children[key] = _Node(NO_PLAYER, None)
        path.append(child)
        return child, created

    def _decoupled_pick(self, stats: dict, actor: int, legal: list) -> _Node:
        untried = []
        candidates = []
        for move in legal:
            stat = stats.get(move)
            if stat is None:
                untried.append(move)
            else:
                stat.available += 1
                candidates.append(stat)
        if untried:
            move = self.rng.choice(untried)
            stat = stats[move] = _Node(actor, move)
            stat.available = 1
            return stat
        # Ties are broken at random: with a fixed order, actors with mirrored
        # statistics would pick in lockstep (in matching pennies the second
        # would always match the first, as if it could see it).
        self.rng.shuffle(candidates)
        if self.count_available:
            return _ucb_pick(candidates, lambda candidate: candidate.available)
        total = sum(candidate.visits for candidate in candidates)
        return _ucb_pick(candidates, lambda _candidate: total)

    def _playout(self, state: State) -> list:
        depth = 0
        while not state.is_terminal():
            if self.playout_depth is not None and depth >= self.playout_depth:
                break
            if state.is_chance():
                state.apply_unchecked(CHANCE, state.sample_chance(self.rng))
                continue
            rollout_step(state, self.rollout_policy, self.rng)
            depth += 1
        if state.is_terminal():
            return state.returns()
        return self.evaluate(state) if self.evaluate else state.heuristic_returns()

    @staticmethod
    def _backpropagate(path: list, result: list) -> None:
        for node in path:
            node.visits += 1
            if node.player >= 0:  # a player, not CHANCE or NO_PLAYER
                node.value += result[node.player]

    def _root_choices(self) -> list:
        """The searching player's statistics at the root."""
        if self.root.joint is not None:
            return list(self.root.joint.get(self.player, {}).values())
        return [child for child in self.root.children.values() if child.player == self.player]

    def best_move(self) -> Move:
        mine = [child for child in self._root_choices() if child.visits]
        if len(self.legal) == 1 or not mine:
            return self.legal[0] if len(self.legal) == 1 else self.rng.choice(self.legal)
        return max(mine, key=lambda child: (child.visits, child.value)).move

    def move_statistics(self) -> list:
        """(move text, visits, mean reward) of the root's moves, best first."""
        rows = [
            (child.move.text, child.visits, child.value / child.visits)
            for child in self._root_choices()
            if child.visits
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
                state.apply_unchecked(CHANCE, outcome)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = _Node(CHANCE, outcome)
                node = child
                path.append(node)
                continue
            if is_joint_node(state):
                node, created = self._joint_step(state, node, path)
                if created:
                    break
                continue
            actor = self._actor(state, node)
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

    count_available = True

    def iterate(self) -> None:
        state = self.root_state.determinize(self.player, self.rng)
        node = self.root
        path = [node]
        while not state.is_terminal():
            if state.is_chance():
                state.apply_unchecked(CHANCE, state.sample_chance(self.rng))
                continue
            if is_joint_node(state):
                node, created = self._joint_step(state, node, path)
                if created:
                    break
                continue
            actor = self._actor(state, node)
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
            state.apply_unchecked(actor, child.move)  # type: ignore[arg-type]  # only the root has no move
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
