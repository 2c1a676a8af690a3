"""The tutorials' lessons: loaded from each game's `lessons.py` (plain data), checked, and judged.

A game's `lessons.py` holds `LESSONS` (a list of dicts, one a lesson, in order),
`MESSAGES` ({"en": {...}, "it": {...}}: each lesson's title, goal, done and
wrong-try texts) and `PREDICATES` (name -> `(before, after, learner) -> bool`:
the few states a lesson may ask the learner to reach). Optionally `offer(view,
learner, texts)`, which makes a table show the given move texts as clickable
even when the engine refuses them (so a learner can try a lesson's wrong move
and read the engine's reason).

A lesson's fields:
- `id`, and the message keys `title`, `goal`, `done`;
- `position`: `{"state": <the game's JSON state form>}` (read by the engine's
  own `state_from_json`, which checks it), or `{"seed": n, "moves": [...]}`
  (texts from the initial state; at a chance node a text is the chance event,
  and chance left pending is drawn by the seed);
  with `players` and `variants` for the settings (default: the game's, 2 players);
- `learner`: the seat the learner plays;
- `success`: `{"moves": [...]}` (one of these moves) or `{"reach": name}` (a
  state where the game's predicate `name` holds after the learner's move);
- `steps` (optional): moves accepted on the way, after which the lesson goes
  on (`"any"`: every legal move), its feedback the message key `step` if
  given; `replies`: the others' moves played after the learner's, when the
  learner is no longer to move (texts "player:move", chance events as in
  `position`, or "easy": the easy computer; or a dict from the learner's move
  text to its own replies, for a lesson of several steps), before success is
  judged (a simultaneous round is revealed only when everyone has chosen);
- `solution`: the learner's moves that solve it, for a `reach` lesson (the
  tests play them);
- `light`: the table elements to light, by data-testid (or "attribute=value");
- `wrong`: {move text: message key} for tries the lesson answers itself (a
  key of "" offers the try on the table and lets the engine answer it).
Any other refused try gets the engine's own reason (its error code).

This module is pure Python: the app's tutorial screen (ui/tutorial.py) and
the engine tests (tests/engine/tutorial/) both use it.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Optional

from ..core.protocol import GameError, Settings, State
from . import registry

SUCCESS_KINDS = ("moves", "reach")


class LessonError(Exception):
    """A lesson's data is wrong (a bad position, an unknown predicate): a bug in lessons.py."""


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    goal: str
    done: str
    position: dict
    learner: int
    success: dict
    light: tuple = ()
    steps: object = ()  # move texts accepted on the way, or "any"
    replies: object = ()  # "player:move" texts, "easy", or {learner's move text: its replies}
    wrong: dict = field(default_factory=dict)
    step: str = ""  # the message after an accepted step (default: the app's "Good. Go on.")
    solution: tuple = ()  # the moves that solve it (the tests play them); default: steps, then a success move

    def solved_by(self) -> list:
        if self.solution:
            return list(self.solution)
        return [*(self.steps if self.steps != "any" else ()), *self.success.get("moves", ())[:1]]

    def message_keys(self) -> list:
        return [self.title, self.goal, self.done, self.step, *self.wrong.values()]


@dataclass(frozen=True)
class Verdict:
    """What a try came to: `kind` is "done" (the goal is reached), "step" (accepted,
    the lesson goes on), "wrong" (the lesson's own answer: `key`), "illegal" (the
    engine refused it: `key` is "error.<code>" with `params`) or "not_goal" (a legal
    move, but not what the lesson asks). Only "done" and "step" change the position."""

    kind: str
    key: str = ""
    params: dict = field(default_factory=dict)

    @property
    def accepted(self) -> bool:
        return self.kind in ("done", "step")


def text_key(game_id: str, lesson_id: str, name: str) -> str:
    """The message key of one of a lesson's texts, as every game's lessons.py names them."""
    return f"{game_id}.lesson.{lesson_id}.{name}"


def text_keys(game_id: str, lesson_id: str) -> dict:
    """A lesson's id with its title, goal and done keys."""
    return {"id": lesson_id, **{name: text_key(game_id, lesson_id, name) for name in ("title", "goal", "done")}}


def lessons_module(game_id: str):
    """The game's lessons.py, or None for a game without a tutorial."""
    name = registry.PACKAGES[game_id] + ".lessons"
    return importlib.import_module(name) if importlib.util.find_spec(name) is not None else None


def has_tutorial(game_id: str) -> bool:
    return lessons_module(game_id) is not None


def languages(game_id: str) -> tuple:
    """The languages whose lessons differ (Alphagon's words), or ("en",) when one set serves all."""
    module = lessons_module(game_id)
    return tuple(module.LESSONS) if module is not None and isinstance(module.LESSONS, dict) else ("en",)


@lru_cache(maxsize=None)
def lessons(game_id: str, language: str = "en") -> tuple:
    """The game's lessons, in order (empty: the game has no tutorial yet). A game whose
    lessons depend on the language (its words) keys LESSONS by language."""
    module = lessons_module(game_id)
    if module is None:
        return ()
    found = []
    data_list = module.LESSONS
    if isinstance(data_list, dict):
        data_list = data_list.get(language) or data_list["en"]
    for data in data_list:
        lesson = Lesson(**{**data, "light": tuple(data.get("light", ())), "wrong": dict(data.get("wrong", {}))})
        kinds = [kind for kind in SUCCESS_KINDS if kind in lesson.success]
        if len(kinds) != 1:
            raise LessonError(f"{game_id}/{lesson.id}: success needs one of {SUCCESS_KINDS}")
        if "reach" in lesson.success and lesson.success["reach"] not in module.PREDICATES:
            raise LessonError(f"{game_id}/{lesson.id}: no predicate {lesson.success['reach']!r}")
        found.append(lesson)
    ids = [lesson.id for lesson in found]
    if len(set(ids)) != len(ids):
        raise LessonError(f"{game_id}: two lessons share an id")
    return tuple(found)


def messages(game_id: str) -> dict:
    module = lessons_module(game_id)
    return module.MESSAGES if module is not None else {"en": {}, "it": {}}


def lesson_settings(game_id: str, lesson: Lesson) -> Settings:
    """The settings the lesson is played with (what data files it needs depends on them)."""
    game = registry.all_games()[game_id]
    position = lesson.position
    if "state" in position:
        return Settings.from_json(position["state"]["settings"])
    return game.validate_settings(Settings(position.get("players", 2), dict(position.get("variants", {}))))


def start_state(game_id: str, lesson: Lesson) -> State:
    """The lesson's starting position, built and checked by the real engine."""
    game = registry.all_games()[game_id]
    position = lesson.position
    try:
        if "state" in position:
            state = game.state_from_json(position["state"])
        else:
            state = game.new_state(lesson_settings(game_id, lesson), position["seed"])
            play_texts(game, state, position.get("moves", ()))
    except GameError as error:
        raise LessonError(f"{game_id}/{lesson.id}: the position does not load: {error}") from error
    if lesson.learner not in state.to_move():
        raise LessonError(f"{game_id}/{lesson.id}: the learner is not to move at the start")
    return state


def play_texts(game, state: State, texts) -> None:
    """Plays move texts in order: at a chance node a text is the chance event (Alphabeticell's
    "flip NH"), so a lesson chooses what chance brings; chance left pending is drawn by the seed."""
    for text in texts:
        if state.is_chance():
            state.apply_chance(game.parse_move(text))
        else:
            player, move = split_move(text, state)
            state.apply(player, game.parse_move(move))
    state.resolve_chance()


def split_move(text: str, state: State) -> tuple:
    """"player:move" or a plain move text (then the one player to move)."""
    head, colon, rest = text.partition(":")
    if colon and head.isdigit():
        return int(head), rest
    return state.to_move()[0], text


class Attempt:
    """One lesson being tried: the position on the table, and each try judged."""

    def __init__(self, game_id: str, lesson: Lesson, easy_bot: Optional[Callable] = None):
        self.game_id = game_id
        self.lesson = lesson
        self.game = registry.all_games()[game_id]
        self.state = start_state(game_id, lesson)
        self.done = False
        self._easy_bot = easy_bot  # (state, player) -> Move, for replies "easy" (the app passes the AI's)
        self._module = lessons_module(game_id)

    def try_move(self, text: str) -> Verdict:
        lesson = self.lesson
        if self.done:
            return Verdict("done", lesson.done)
        learner = lesson.learner
        text = " ".join(text.split())
        if lesson.wrong.get(text):
            return Verdict("wrong", lesson.wrong[text])
        try:
            move = self.game.parse_move(text)
            after = self.state.clone()
            after.apply(learner, move)
        except GameError as error:
            return Verdict("illegal", "error." + error.code if error.code else "", dict(error.params))
        try:
            # The others answer at once (a simultaneous round is revealed only when all have
            # chosen); at the learner's turn again, nothing more is played.
            if after.is_chance() or learner not in after.to_move():
                self._play_replies(after, move.text)
        except GameError:
            return Verdict("not_goal")  # the lesson's replies fit only the moves it asks for
        if self.succeeds(move.text, after):
            self.state, self.done = after, True
            return Verdict("done", lesson.done)
        if lesson.steps == "any" or move.text in lesson.steps:
            self.state = after
            if learner not in self.state.to_move():
                raise LessonError(f"{self.game_id}/{lesson.id}: after the replies the learner is not to move")
            return Verdict("step")
        return Verdict("not_goal")

    def succeeds(self, move_text: str, after: State) -> bool:
        success = self.lesson.success
        if "moves" in success:
            return move_text in success["moves"]
        return bool(self._module.PREDICATES[success["reach"]](self.state, after, self.lesson.learner))

    def _play_replies(self, state: State, move_text: str) -> None:
        learner = self.lesson.learner
        replies = self.lesson.replies
        if isinstance(replies, dict):
            replies = replies.get(move_text, ())
        if replies == "easy":
            state.resolve_chance()
            while not state.is_terminal() and learner not in state.to_move():
                player = state.to_move()[0]
                state.apply(player, self._easy_bot(state, player))
                state.resolve_chance()
            return
        play_texts(self.game, state, replies)

    def offered_view(self, view: dict) -> dict:
        """The learner's view, with the lesson's wrong tries offered on the table where the game can."""
        offer = getattr(self._module, "offer", None)
        return offer(view, self.lesson.learner, list(self.lesson.wrong)) if offer is not None else view
