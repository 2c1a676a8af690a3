"""The review after the game: charts of the scores and of each side's
chance, and each human move marked good, an inaccuracy or a mistake
(core/review.py computes them; games/review_estimates.py holds each game's estimate).

It opens from the results ("Review") and from the replay viewer. The work
runs in slices like every AI search, with a progress bar that cancels it;
choosing a marked move shows its position in the replay viewer with the
better move lit on the board, as a hint is, and named in a banner.

The charts are SVG drawn here in Python, not by a chart library (uPlot and
the like): no new dependency to ship, pin and precache; the lines take the
seats' colours and the theme's from the same CSS variables as the rest of
the page (a canvas library paints colours read once, so a theme change
would not reach it); and the CSP forbids inline styles (`style-src 'self'`),
which uPlot sets on its elements. Each chart has a title and a summary for
screen readers, and its numbers in a table behind a toggle.
"""

from __future__ import annotations

import traceback
from html import escape
from typing import Optional

from typing import TYPE_CHECKING

from ..games import registry
from ..games.game_ui import seat_class
from .computers import TIMER_YIELD_SECONDS
from .screens import shown_name

if TYPE_CHECKING:  # the review's modules load with the first review, not at start-up
    from ..core.review import Review, ReviewResult

GOOD = "good"  # core.review.GOOD

REVIEW_SLICE_SECONDS = 0.012  # as an AI's slice: far below a 50 ms task
REDRAW_EVERY_SECONDS = 0.5  # the progress bar's redraws while it works: each redraws the screen
CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 320, 120, 6
SMALL_WIDTH, SMALL_HEIGHT = 160, 48
CHARTS = ("scores", "chances")


def scores_series(full) -> list:
    """Every player's score after each move (0: the start): cheap, read from the match's positions."""
    return [list(full.state_before(index).scores()) for index in range(len(full.entries) + 1)]


class GameReview:
    """The app's review of the open game: `open` says the review panel is on
    screen; `result` is kept while the same game, at the same move, stays open."""

    def __init__(self, app):
        self.app = app
        self.open = False  # see `showing`
        self.open_for = None  # the session the panel was opened for
        self.review: Optional["Review"] = None
        self.result: Optional["ReviewResult"] = None
        self.for_game = None  # (session, move count) the result belongs to: that very session
        self.generation = 0
        self.failed = ""
        self.cancelled = False
        self.tables: set = set()  # charts whose table is shown
        self.shown_mark: Optional[int] = None  # the entry of the mark shown in the replay viewer
        self._scores: Optional[tuple] = None  # (session, move count, scores per move)
        self._glance: Optional[tuple] = None  # (session, move count, chances at a glance)

    # --- state ------------------------------------------------------------------
    def _key(self):
        session = self.app.session
        return None if session is None else (session, session.move_count)

    def _is_current(self, key) -> bool:
        now = self._key()
        return key is not None and now is not None and key[0] is now[0] and key[1] == now[1]

    def showing(self) -> bool:
        """The review panel is on screen (for the game it was opened in, not one opened since)."""
        return self.open and self.open_for is self.app.session

    def current(self) -> Optional["ReviewResult"]:
        """The finished review of the game on screen, if there is one."""
        return self.result if self.result is not None and self._is_current(self.for_game) else None

    @property
    def running(self) -> bool:
        return self.review is not None and self._is_current(self.for_game)

    def scores(self) -> list:
        session = self.app.session
        cached = self._scores
        if cached is None or cached[0] is not session or cached[1] != session.move_count:
            cached = self._scores = (session, session.move_count, scores_series(session.full_access()))
        return cached[2]

    def glance(self) -> Optional[list]:
        """Player 0's chance after each move at a glance (the estimator's static value),
        for the results' small chart of a game with no score, before a review."""
        session = self.app.session
        cached = self._glance
        if cached is None or cached[0] is not session or cached[1] != session.move_count:
            from ..games.review_estimates import estimator_for

            estimator = estimator_for(session.game_id) if session.settings.num_players == 2 else None
            full = session.full_access()
            chances = None if estimator is None else \
                [estimator.glance(full.state_before(index)) for index in range(len(full.entries) + 1)]
            cached = self._glance = (session, session.move_count, chances)
        return cached[2]

    def available(self) -> bool:
        """Only a finished game is reviewed: the estimates read every seat's secrets
        (hands, a round's choices), which a game under way must keep. A guest's
        device has no whole match to read."""
        session = self.app.session
        return session is not None and session.is_over and session.full_access() is not None \
            and session.move_count > 0

    # --- actions ----------------------------------------------------------------
    def on_action(self, arg: str):
        """`review` actions: open, start, cancel, close, back, table-<chart>, mark-<entry>."""
        if not self.available():
            return False
        if arg == "open":
            return self._open()
        if arg == "start":
            self.cancelled = False
            return self._start()
        if arg == "cancel":
            self.cancel()
            self.cancelled = True
            return None
        if arg == "close":
            self.open = False
            self.shown_mark = None
            return None
        if arg == "back":
            self.app.replay.leave("")
            self.shown_mark = None
            self.open = True
            return None
        if arg.startswith("table-") and arg[len("table-"):] in CHARTS:
            self.tables ^= {arg[len("table-"):]}
            return None
        if arg.startswith("mark-") and arg[len("mark-"):].isdigit():
            return self._show_mark(int(arg[len("mark-"):]))
        return False

    def _open(self):
        self.open, self.open_for, self.shown_mark, self.cancelled, self.failed = True, self.app.session, None, False, ""
        self.app.replay.leave("")
        self.app.play.menu_open = False
        if self.current() is None and not self.running:
            self._start()

    def _start(self):
        app = self.app
        session = app.session
        full = session.full_access()
        self.generation += 1
        self.failed = ""
        self.result = None
        self.for_game = self._key()
        from ..core.review import Review
        from ..games.review_estimates import estimator_for

        self.review = Review(session.game_id, full.state_before, list(full.entries), session.human_players,
                             estimator_for(session.game_id), session.settings.num_players)
        app.browser.spawn(self._run(self.generation, self.review))

    def cancel(self) -> None:
        """Stops a review under way at its next slice; nothing is kept."""
        self.generation += 1
        self.review = None

    async def _run(self, generation: int, review: "Review") -> None:
        app = self.app
        browser = app.browser
        began = drawn = browser.now()
        figures = {"slices": 0, "longest_slice_ms": 0.0, "redraws": 0, "longest_redraw_ms": 0.0}
        try:
            while True:
                await browser.sleep(TIMER_YIELD_SECONDS)
                if generation != self.generation or not self._is_current(self.for_game):
                    return
                if app.route.name != "play":  # the player left the game: no work behind other screens
                    self.cancel()
                    self.cancelled = True
                    return
                sliced = browser.now()
                finished = review.step(REVIEW_SLICE_SECONDS)
                figures["slices"] += 1
                figures["longest_slice_ms"] = max(figures["longest_slice_ms"], (browser.now() - sliced) * 1000)
                if finished:
                    break
                if browser.now() - drawn >= REDRAW_EVERY_SECONDS and self.showing():
                    drawn = browser.now()
                    app.render()
                    figures["redraws"] += 1
                    figures["longest_redraw_ms"] = max(figures["longest_redraw_ms"], (browser.now() - drawn) * 1000)
        except Exception as error:  # noqa: BLE001 - a broken review must not break the game
            browser.log_error("".join(traceback.format_exception(error)))
            if generation == self.generation:
                self.review, self.failed = None, str(error) or type(error).__name__
                app.render()
            return
        self.review, self.result = None, review.result
        drawn = browser.now()
        app.render()
        # The browser benchmark (py/tools/bench_review.py) reads these.
        figures.update(moves=len(review.entries), thinking=review.elapsed, wall=browser.now() - began,
                       final_redraw_ms=(browser.now() - drawn) * 1000)
        app.stats.setdefault("reviews", []).append(figures)

    def _show_mark(self, index: int):
        result = self.current()
        mark = next((m for m in result.marks if m.index == index), None) if result else None
        if mark is None or not mark.better:
            return False  # a good move has no better one to show
        self.open = False
        self.shown_mark = index
        self.app.replay.show(str(index))

    def mark_on_screen(self):
        """The mark whose position the replay viewer shows now, if any."""
        result = self.current()
        if self.shown_mark is None or result is None or self.app.play.replay_index != self.shown_mark:
            return None
        return next((m for m in result.marks if m.index == self.shown_mark), None)

    # --- words --------------------------------------------------------------------
    def describe(self, index: int, player: int, text: str) -> str:
        """A move's log line, as if played at entry `index` (the better move included)."""
        app = self.app
        session = app.session
        ui = registry.game_ui(session.game_id)
        names = _names(session)
        try:
            before = session.full_access().state_before(index)
            return ui.log_line([before.describe_move(session.parse_move(text), player, player)], names, app.t)
        except Exception:  # noqa: BLE001 - a description is a courtesy: the move text still says it
            return text

    # --- drawing --------------------------------------------------------------------
    def banner(self) -> str:
        """The replay viewer's line for a marked move: what it was, and the better move."""
        mark = self.mark_on_screen()
        t = self.app.t
        if mark is None:
            return ""
        text = t(f"review.better_line.{mark.kind}", n=mark.index + 1,
                 move=self.describe(mark.index, mark.player, mark.move),
                 better=self.describe(mark.index, mark.player, mark.better))
        return (f'<div class="banner review-better" role="status" data-testid="review-better">'
                f'<span>{escape(text)}</span>{_button(t("review.back"), "back", "review-back", "small")}</div>')

    def suggested(self) -> Optional[tuple]:
        """(player, better move text) to light on the board, while a mark's position is shown."""
        mark = self.mark_on_screen()
        return None if mark is None or not mark.better else (mark.player, mark.better)

    def render_panel(self) -> str:
        app = self.app
        t = app.t
        finished = not self.running and self.current() is not None
        # Finished, the focus goes to the title, so a screen reader reads on from the top.
        focus = ' tabindex="-1" data-autofocus' if finished else ""
        parts = [f'<h2 id="review-title"{focus}>{escape(t("review.title"))}</h2>']
        if self.running:
            percent = int(self.review.progress * 100)
            parts.append(
                f'<p><label for="review-progress">{escape(t("review.working", percent=percent))}</label></p>'
                f'<progress id="review-progress" max="100" value="{percent}" data-testid="review-progress"'
                f' aria-label="{escape(t("review.progress_label"), quote=True)}">{percent}%</progress>'
                f'<div class="row">{_button(t("review.cancel"), "cancel", "review-cancel", autofocus=True)}</div>')
        elif self.current() is not None:
            parts.append(self.render_charts(self.current()))
            parts.append(self.render_marks(self.current()))
        else:
            message = t("review.failed", reason=self.failed) if self.failed else \
                t("review.cancelled") if self.cancelled else ""
            if message:
                parts.append(f'<p role="status" data-testid="review-stopped">{escape(message)}</p>')
            parts.append(f'<div class="row">{_button(t("review.again"), "start", "review-start", autofocus=True)}</div>')
        parts.append(f'<div class="row">{_button(t("review.close"), "close", "review-close", "wide")}</div>')
        return (f'<div class="overlay" data-testid="review">'
                f'<div class="dialog review" role="dialog" aria-modal="true" aria-labelledby="review-title">'
                f'{"".join(parts)}</div></div>')

    def render_charts(self, result: "ReviewResult", small: bool = False) -> str:
        session = self.app.session
        ui = registry.game_ui(session.game_id)
        charts = []
        if ui.RUNNING_SCORE:
            charts.append(("scores", result.scores))
        if result.has_chances:
            charts.append(("chances", [[c, 1.0 - c] if c is not None else None for c in result.chances]))
        return "".join(self.render_chart(name, rows, small, result) for name, rows in charts)

    def render_small(self) -> str:
        """The results' small charts: the scores at once, the chances once a review has run
        (a game with no score, PSYCHOPATH, shows its chances at a glance until then)."""
        session = self.app.session
        if not self.available():
            return ""
        ui = registry.game_ui(session.game_id)
        result = self.current()
        charts = []
        if ui.RUNNING_SCORE:
            charts.append(self.render_chart("scores", self.scores(), True, result))
        chances = result.chances if result is not None and result.has_chances else \
            self.glance() if not ui.RUNNING_SCORE else None  # a game with no score: its chances at a glance
        if chances and any(c is not None for c in chances):
            charts.append(self.render_chart("chances", [[c, 1.0 - c] if c is not None else None
                                                         for c in chances], True, result))
        if not charts:
            return ""
        return (f'<div class="review-small" data-testid="results-charts">'
                f'<p class="muted">{escape(self.app.t("review.small"))}</p>{"".join(charts)}</div>')

    def render_chart(self, name: str, rows: list, small: bool, result: Optional["ReviewResult"]) -> str:
        app = self.app
        t = app.t
        session = app.session
        seats = session.seats
        names = _names(session)  # isolated on the page, as every screen shows them
        players = len(seats)
        chances = name == "chances"
        width, height = (SMALL_WIDTH, SMALL_HEIGHT) if small else (CHART_WIDTH, CHART_HEIGHT)
        known = [row for row in rows if row is not None]
        low = 0.0 if chances else min(0, *(min(row) for row in known))
        high = 1.0 if chances else max(1, *(max(row) for row in known))
        last = max(1, len(rows) - 1)

        def x(index: int) -> float:
            return round(CHART_PAD + (width - 2 * CHART_PAD) * index / last, 1)

        def y(value: float) -> float:
            return round(height - CHART_PAD - (height - 2 * CHART_PAD) * (value - low) / (high - low or 1), 1)

        lines = []
        for player in range(players if not chances else 2):
            points = " ".join(f"{x(i)},{y(row[player])}" for i, row in enumerate(rows) if row is not None)
            lines.append(f'<polyline class="series {seat_class(seats[player].color)}" points="{points}"'
                         f' vector-effect="non-scaling-stroke"/>')
        guide = f'<line class="guide" x1="{x(0)}" x2="{x(last)}" y1="{y(0.5)}" y2="{y(0.5)}"/>' if chances else \
            f'<line class="guide" x1="{x(0)}" x2="{x(last)}" y1="{y(0)}" y2="{y(0)}"/>'
        dots = ""
        if chances and result is not None:
            dots = "".join(f'<circle class="mark-dot {m.kind}" cx="{x(m.index + 1)}" cy="{y(rows[m.index + 1][m.player])}"'
                           f' r="{2 if small else 3.5}"/>' for m in result.marks if m.kind != GOOD and rows[m.index + 1])
        final = ", ".join(f"{names[p]} {_value(known[-1][p], chances)}"
                          for p in range(players if not chances else 2)) if known else ""
        title = t(f"review.{name}")
        summary = t(f"review.{name}_summary", n=len(rows) - 1, final=final)
        chart_id = f"chart-{name}{'-small' if small else ''}"
        svg = (f'<svg class="chart{" small" if small else ""}" viewBox="0 0 {width} {height}" role="img"'
               f' aria-labelledby="{chart_id}-title {chart_id}-desc" data-testid="{chart_id}">'
               f'<title id="{chart_id}-title">{escape(title)}</title><desc id="{chart_id}-desc">{escape(summary)}</desc>'
               f'<rect class="frame" x="0.5" y="0.5" width="{width - 1}" height="{height - 1}"/>'
               f'{guide}{"".join(lines)}{dots}</svg>')
        if small:
            return f'<figure class="review-chart small">{svg}</figure>'
        shown = name in self.tables
        toggle = (f'<button type="button" class="btn small" data-action="review" data-arg="table-{name}"'
                  f' aria-expanded="{"true" if shown else "false"}" aria-controls="{chart_id}-table"'
                  f' data-testid="{chart_id}-toggle">{escape(t("review.hide_table" if shown else "review.show_table"))}</button>')
        table = self._table(name, rows, chances, chart_id) if shown else ""
        legend = "".join(f'<li class="{seat_class(seats[p].color)}"><span class="dot"></span>{escape(names[p])}</li>'
                         for p in range(players if not chances else 2))
        return (f'<figure class="review-chart"><figcaption>{escape(title)}</figcaption>{svg}'
                f'<ul class="legend" aria-hidden="true">{legend}</ul>{toggle}'
                f'<div id="{chart_id}-table" class="chart-table">{table}</div></figure>')

    def _table(self, name: str, rows: list, chances: bool, chart_id: str) -> str:
        t = self.app.t
        seats = self.app.session.seats
        players = 2 if chances else len(seats)
        names = _names(self.app.session)
        head = "".join(f"<th scope=\"col\">{escape(names[p])}</th>" for p in range(players))
        body = "".join(
            f'<tr><th scope="row">{escape(t("review.start")) if i == 0 else i}</th>'
            + "".join(f"<td>{_value(row[p], chances) if row is not None else '–'}</td>" for p in range(players))
            + "</tr>"
            for i, row in enumerate(rows))
        # A scrolling box takes the focus, so the keyboard scrolls it too.
        return (f'<div class="table-scroll" data-testid="{chart_id}-table" tabindex="0" role="region"'
                f' aria-labelledby="{chart_id}-caption"><table>'
                f'<caption id="{chart_id}-caption">{escape(t(f"review.{name}"))}</caption>'
                f'<thead><tr><th scope="col">{escape(t("review.move"))}</th>{head}</tr></thead>'
                f'<tbody>{body}</tbody></table></div>')

    def render_marks(self, result: "ReviewResult") -> str:
        t = self.app.t
        session = self.app.session
        judged = result.marks
        if not judged:
            return f'<p class="muted" data-testid="review-no-marks">{escape(t("review.no_marks"))}</p>'
        counts = t("review.counts", good=sum(m.kind == GOOD for m in judged),
                   inaccuracies=sum(m.kind == "inaccuracy" for m in judged),
                   mistakes=sum(m.kind == "mistake" for m in judged))
        items = "".join(
            f'<li>{_button(t("review.mark_line", n=m.index + 1, name=_names(session)[m.player], kind=t(f"review.mark.{m.kind}"), move=self.describe(m.index, m.player, m.move)), f"mark-{m.index}", f"review-mark-{m.index}", f"small mark {m.kind}")}</li>'
            for m in judged if m.kind != GOOD)
        return (f'<h3>{escape(t("review.marks"))}</h3><p data-testid="review-counts">{escape(counts)}</p>'
                + (f'<ul class="review-marks" data-testid="review-marks">{items}</ul>' if items else ""))


def _names(session) -> list:
    return [shown_name(seat.name) for seat in session.seats]


def _value(value, chances: bool) -> str:
    return f"{round(value * 100)}%" if chances else str(value)


def _button(label: str, arg: str, testid: str, cls: str = "", autofocus: bool = False) -> str:
    focus = " data-autofocus" if autofocus else ""
    return (f'<button type="button" class="btn {cls}" data-action="review" data-arg="{escape(arg, quote=True)}"'
            f' data-testid="{testid}"{focus}>{escape(label)}</button>')
