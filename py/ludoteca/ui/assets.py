"""The data files a game needs before it can be played or replayed (a word list).

A game names them (`Game.required_assets(settings)`); the first time a game
with those settings is opened, started or imported, they are fetched and
handed to the game (`Game.providing_asset`) in pieces, one browser task
each, and the game's UI and AI modules are imported in tasks of their own,
so the page stays responsive while a note says what is loading. Then the
action that asked runs again. A file that cannot be fetched is said, and
the app goes on.
"""

from __future__ import annotations

from typing import Callable, Optional

from ..core.protocol import GameError
from ..games import registry
from .screens import game_title


class AssetLoader:
    def __init__(self, app):
        self.app = app
        self.loaded: set = set()  # data files games asked for, already handed over
        self.loading: Optional[str] = None  # what is being loaded now (shown with a progress note)

    def missing(self, game, settings) -> list:
        try:
            wanted = game.required_assets(game.validate_settings(settings))
        except GameError:
            return []  # the settings are refused later, with their own message
        return [path for path in wanted if path not in self.loaded]

    def after(self, game, settings, then: Callable[[], None]) -> bool:
        """False when nothing is missing; else loads the files, then calls `then`."""
        missing = self.missing(game, settings)
        if not missing:
            return False
        app = self.app
        self.loading = app.t("loading.assets", game=game_title(app, game.id))
        app.browser.spawn(self._load(game, missing, then))
        return True

    async def _load(self, game, paths: list, then: Callable[[], None]) -> None:
        app = self.app
        try:
            for path in paths:
                if path not in self.loaded:
                    data = await app.browser.fetch_bytes(path)
                    for _piece in game.providing_asset(path, data):
                        await app.browser.sleep(0)
                    self.loaded.add(path)
            registry.game_ui(game.id)
            await app.browser.sleep(0)
            _ai_levels = registry.game_package(game.id).AI_LEVELS  # imports the AI now, in its own task
            await app.browser.sleep(0)
        except Exception as error:  # an offline miss, a broken file: say so, keep the app
            self.loading = None
            app.notify("error", app.t("error.asset", reason=str(error) or type(error).__name__))
            app.render()
            return
        self.loading = None
        then()
