"""The tutorial screen (issue 32): a game's lessons, one at a time, on its real table.

Route `#/learn/<game>`. The lessons are data (games/<id>/lessons.py, read and
judged by games/tutorial.py); this module draws the current one with the
game's own `render_table` (its view, its selection steps, its display
switches), lights what the lesson names (the class `marked`, as a log line
marks the table), says the goal, answers each try (the lesson's own words, or
the engine's reason for a refused move) and keeps the player's progress in
storage. The last lesson ends by starting a first game against the easy
computer.
"""

from __future__ import annotations

import importlib.util
import json
import re
from html import escape
from typing import Optional

from ..core.match import AI, SEAT_COLOURS, Seat
from ..games import registry
from ..games.game_ui import RenderContext
from .i18n import register
from .regions import region
from .storage import PREFIX, StorageError

PROGRESS_KEY = PREFIX + "tutorial"  # {game: {"at": lesson index, "done": [lesson ids]}}
FIRST_GAME_LEVEL = "easy"

def has_tutorial(game_id: str) -> bool:
    """Whether the game has lessons, without loading them (the home screen loads no engine)."""
    return game_id in registry.PACKAGES and importlib.util.find_spec(registry.PACKAGES[game_id] + ".lessons") is not None


def lessons_of():
    from ..games import tutorial  # the lessons load their game's engine: only when a tutorial opens

    return tutorial


FEEDBACK_CLASS = {"done": "success", "step": "info", "wrong": "error", "illegal": "error", "not_goal": "error"}


def games_with_tutorial(app) -> list:
    return [game_id for game_id in app.games if has_tutorial(game_id)]


def link_markup(app, game_id: str, label_key: str = "tutorial.link", testid: str = "learn") -> str:
    """A link to the game's tutorial ("" for a game without one); its data-testid is "<testid>-<game>"."""
    from .screens import game_title, link

    if not has_tutorial(game_id):
        return ""
    return link(app.t(label_key, game=game_title(app, game_id)), f"#/learn/{game_id}", "btn", f"{testid}-{game_id}")


def home_link(app, game_id: str) -> str:
    """The home tile's way into the tutorial, on a line of its own (as At the table's)."""
    markup = link_markup(app, game_id)
    return f'<p class="tile-extra">{markup}</p>' if markup else ""


def empty_continue(app) -> str:
    """Under an empty Continue list: a way in for someone who has never played."""
    links = "".join(link_markup(app, game_id, "tutorial.link_game", "learn-first") for game_id in games_with_tutorial(app))
    if not links:
        return ""
    return (f'<div class="tutorial-links" data-testid="tutorial-links"><p>{escape(app.t("tutorial.empty_continue"))}</p>'
            f'<div class="row">{links}</div></div>')


def light_attribute(token: str) -> str:
    """A lesson's light as the attribute it finds: "data-cell=D4", or a data-testid."""
    name, equals, value = token.partition("=")
    return f'{name}="{value}"' if equals else f'data-testid="{token}"'


def light(markup: str, tokens) -> str:
    """Adds the class `marked` (how the table shows what a log line names) to each element a token finds."""
    for token in tokens:
        tag = re.compile(r'<[a-z][^>]*\s' + re.escape(light_attribute(token)) + r'[^>]*>')
        found = tag.search(markup)
        if found is None:
            continue
        opening = found.group(0)
        if ' class="' in opening:
            lit = opening.replace(' class="', ' data-lit class="marked ', 1)
        else:
            lit = opening[:-1] + ' class="marked" data-lit>'
        markup = markup[:found.start()] + lit + markup[found.end():]
    return markup


class Tutorial:
    def __init__(self, app):
        self.app = app
        self.game_id: Optional[str] = None
        self.language = ""  # the app's language when the lessons were opened (Alphagon's differ by it)
        self.index = 0
        self.attempt = None  # games/tutorial.py's Attempt
        self.feedback: Optional[tuple] = None  # (verdict kind, text)
        self.selection: Optional[str] = None
        self.options: dict = {}

    # --- progress in storage ----------------------------------------------------
    def _progress(self) -> dict:
        try:
            raw = self.app.saves.store.get(PROGRESS_KEY)
            data = json.loads(raw) if raw else {}
        except (StorageError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _game_progress(self, game_id: str) -> dict:
        entry = self._progress().get(game_id)
        if not isinstance(entry, dict):
            return {"at": 0, "done": []}
        at, done = entry.get("at"), entry.get("done")
        return {"at": at if type(at) is int else 0,
                "done": [item for item in done if isinstance(item, str)] if isinstance(done, list) else []}

    def _save_progress(self) -> None:
        data = self._progress()
        entry = self._game_progress(self.game_id)
        entry["at"] = self.index
        if self.attempt is not None and self.attempt.done and self.lesson.id not in entry["done"]:
            entry["done"].append(self.lesson.id)
        data[self.game_id] = entry
        try:
            self.app.saves.store.set(PROGRESS_KEY, json.dumps(data, separators=(",", ":")))
        except StorageError:
            pass  # progress is a courtesy: the lessons work without it

    # --- opening --------------------------------------------------------------
    @property
    def lessons(self) -> tuple:
        return lessons_of().lessons(self.game_id, self.app.catalog.language) if self.game_id else ()

    @property
    def lesson(self):
        return self.lessons[self.index]

    def open(self, game_id: str) -> bool:
        """Opens the game's tutorial where the player left it; False when it has none."""
        if game_id not in self.app.games or not has_tutorial(game_id):
            return False
        registry.game_ui(game_id)  # its messages reach the catalog
        for language, texts in lessons_of().messages(game_id).items():
            register(language, texts)
        language = self.app.catalog.language
        if game_id != self.game_id or self.attempt is None or language != self.language:
            self.game_id, self.language, self.attempt = game_id, language, None
            at = self._game_progress(game_id)["at"]
            index = at if 0 <= at < len(self.lessons) else 0
            # A data file the game needs (Alphagon's words) loads first, as for a game.
            settings = lessons_of().lesson_settings(game_id, self.lessons[index])
            if not self.app.after_assets(self.app.games[game_id], settings, lambda: self._loaded(game_id, index)):
                self._start(index)
        return True

    def _loaded(self, game_id: str, index: int) -> None:
        if self.app.route.name == "learn" and self.game_id == game_id and self.attempt is None:
            self._start(index)
            self.app.render()

    def _start(self, index: int) -> None:
        self.index = index
        self.attempt = lessons_of().Attempt(self.game_id, self.lesson, self._easy_move)
        self.feedback = None
        self.selection = None
        self.options = {}

    def _easy_move(self, state, player):
        bot = registry.game_package(self.game_id).AI_LEVELS[FIRST_GAME_LEVEL](1)
        return bot.choose(state, player)

    # --- actions ----------------------------------------------------------------
    def handler(self, action: str):
        """The tutorial's own handler for an action on its screen (None: the app's)."""
        return {"move": self.on_move, "select": self.on_select, "option": self.on_option,
                "lesson": self.on_lesson, "no-target": self.on_no_target,
                "keep-passing": self.on_keep_passing}.get(action)

    def on_keep_passing(self, _arg: str):
        """Not offered on a lesson's table; a stale click must not reach a game left open behind it."""
        return False

    def on_no_target(self, _arg: str):
        """Enter on a place that plays nothing: say so, as a game does."""
        if self.attempt is None:
            return False
        self.feedback = ("not_goal", self.app.t("game.no_target" if not self.attempt.done else "game.no_target.over"))

    def on_move(self, arg: str):
        player, _, text = arg.partition(":")
        if self.attempt is None:
            return False
        if self.attempt is None or not player.isdigit() or int(player) != self.lesson.learner:
            return False
        verdict = self.attempt.try_move(text.strip())
        self.selection = None
        t = self.app.t
        if verdict.kind == "illegal":
            reason = t(verdict.key, **verdict.params) if verdict.key else text
            text_shown = t("tutorial.refused", reason=reason)
        elif verdict.kind == "not_goal":
            text_shown = t("tutorial.not_goal")
        elif verdict.kind == "step":
            text_shown = t(self.lesson.step or "tutorial.step")
        else:
            text_shown = t(verdict.key)
        self.feedback = (verdict.kind, text_shown)
        if verdict.kind == "done":
            self._save_progress()
        self.app.browser.announce(text_shown, self.app.catalog.language)

    def on_select(self, arg: str):
        self.selection = None if not arg or arg == self.selection else arg[:100]

    def on_option(self, arg: str):
        name, _, value = arg.partition("=")
        if not name or len(name) > 40:
            return False
        if value:
            self.options[name] = value[:100]
        else:
            self.options.pop(name, None)

    def on_lesson(self, arg: str):
        if self.game_id is None or self.attempt is None:
            return False
        if arg == "next" and self.index + 1 < len(self.lessons):
            self._start(self.index + 1)
        elif arg == "previous" and self.index > 0:
            self._start(self.index - 1)
        elif arg == "retry":
            self._start(self.index)
        elif arg == "play":
            self.start_first_game()
            return False
        else:
            return False
        self._save_progress()

    def start_first_game(self) -> None:
        """The tutorial's end: a real game, the player against the easy computer."""
        from .setup import default_setup

        form = default_setup(self.app, self.game_id)
        for seat in form.seats[1:]:
            seat.kind, seat.level = AI, FIRST_GAME_LEVEL
        self.app.start_game(form)

    # --- drawing ------------------------------------------------------------------
    def seats(self, count: int) -> list:
        from .screens import shown_seats

        colours = getattr(lessons_of().lessons_module(self.game_id), "COLOURS", SEAT_COLOURS)
        t = self.app.t
        learner = self.lesson.learner
        names = [t("tutorial.you") if player == learner else
                 t("tutorial.other") if count == 2 else t("tutorial.others", n=player + 1) for player in range(count)]
        return shown_seats([Seat(names[player], color=colours[player % len(colours)]) for player in range(count)])

    def render(self) -> str:
        from .screens import button, game_title

        app, t = self.app, self.app.t
        title = t("tutorial.title", game=game_title(app, self.game_id))
        if self.attempt is None:  # its data files are loading (the app's note says so)
            return f'<section class="page tutorial" data-testid="tutorial-loading"><h1 class="page-title">{escape(title)}</h1></section>'
        lesson, attempt = self.lesson, self.attempt
        ui = registry.game_ui(self.game_id)
        state = attempt.state
        learner = lesson.learner
        can_act = not attempt.done and learner in state.to_move()
        ctx = RenderContext(t=t, seats=self.seats(state.num_players), viewer=learner, can_act=can_act,
                            animate=app.animate, fresh=[], actors=(learner,) if can_act else (),
                            selection=self.selection, options=dict(self.options), lang=app.catalog.language,
                            keep_passing=False)
        view = attempt.offered_view(state.view(learner)) if can_act else state.view(learner)
        table = light(ui.render_table(view, ctx), lesson.light)
        prompt = ui.prompt(view, ctx) if can_act else ""
        total = len(self.lessons)
        done_ids = set(self._game_progress(self.game_id)["done"])
        feedback = ""
        if self.feedback is not None:
            kind, text = self.feedback
            feedback = (f'<p class="notice lesson-feedback {FEEDBACK_CLASS[kind]}" data-testid="lesson-feedback"'
                        f' data-verdict="{kind}">{escape(text)}</p>')
        last = self.index + 1 == total
        nav = [button(t("tutorial.previous"), "lesson", "previous", cls="small", testid="lesson-previous",
                      disabled=self.index == 0),
               button(t("tutorial.retry"), "lesson", "retry", cls="small", testid="lesson-retry")]
        if last and attempt.done:
            nav.append(button(t("tutorial.play"), "lesson", "play", cls="primary", testid="lesson-play", autofocus=True))
        else:
            nav.append(button(t("tutorial.next"), "lesson", "next", cls="primary" if attempt.done else "",
                              testid="lesson-next", disabled=last, autofocus=attempt.done))
        mark = f' <span class="muted">({escape(t("tutorial.completed"))})</span>' if lesson.id in done_ids else ""
        status = (f'<p class="muted" data-testid="lesson-progress">{escape(t("tutorial.progress", n=self.index + 1, total=total))}'
                  f'{mark}</p><h2 data-testid="lesson-title">{escape(t(lesson.title))}</h2>'
                  f'<p data-testid="lesson-goal"><strong>{escape(t("tutorial.goal"))}:</strong> {escape(t(lesson.goal))}</p>'
                  f'<div role="status" aria-live="polite">{feedback}</div>'
                  + (f'<p class="muted" data-testid="lesson-prompt">{escape(prompt)}</p>' if prompt else ""))
        return (f'<section class="page tutorial" data-testid="tutorial" data-game="{escape(self.game_id)}"'
                f' data-lesson="{escape(lesson.id)}" data-done="{"1" if attempt.done else "0"}">'
                f'<h1 class="page-title">{escape(title)}</h1>'
                + region("lesson", status)
                + region("table", table, attributes=f'class="table-wrap" data-game="{escape(self.game_id)}"')
                + region("lesson-nav", f'<div class="row lesson-nav">{"".join(nav)}</div>')
                + "</section>")
