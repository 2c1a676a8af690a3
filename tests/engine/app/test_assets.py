"""Asset loading (ui/assets.py) on its own: what is missing, loading once in
pieces, then the action that asked; a failure said and nothing run."""

from ludoteca.core.protocol import Settings
from ludoteca.ui.assets import AssetLoader

from .fake_browser import FakeBrowser


class WordGame:
    """A game needing one data file, taken in three pieces."""

    id = "alphabeticell"

    def __init__(self, path="web/icons/icon.svg"):
        self.path, self.pieces = path, []

    def validate_settings(self, settings):
        return settings

    def required_assets(self, settings):
        return (self.path,) if settings.num_players else ()

    def providing_asset(self, path, data):
        for start in range(0, 3):
            self.pieces.append((path, start))
            yield


class Host:
    def __init__(self):
        self.browser, self.notices, self.renders = FakeBrowser(), [], 0
        self.catalog = type("Catalog", (), {"language": "en"})()

    def t(self, key, **values):
        return key

    def notify(self, kind, text, topic=""):
        self.notices.append((kind, text))

    def render(self):
        self.renders += 1


def test_missing_files_load_in_pieces_then_the_action_runs_and_they_are_not_asked_again():
    host, game = Host(), WordGame()
    loader, ran = AssetLoader(host), []
    assert loader.missing(game, Settings(0)) == [] and not loader.after(game, Settings(0), lambda: ran.append(0))
    assert loader.missing(game, Settings(2)) == [game.path]
    assert loader.after(game, Settings(2), lambda: ran.append(1))
    assert loader.loading == "loading.assets" and ran == []  # a note while it loads
    host.browser.run_pending()
    assert ran == [1] and loader.loading is None and len(game.pieces) == 3
    assert host.browser.sleeps.count(0) >= 3 and host.browser.fetched == [game.path]
    assert loader.missing(game, Settings(2)) == [] and not loader.after(game, Settings(2), lambda: ran.append(2))


def test_a_file_that_cannot_be_fetched_is_said_and_the_action_does_not_run():
    host, game = Host(), WordGame("web/no-such-file.bin")
    loader, ran = AssetLoader(host), []
    assert loader.after(game, Settings(2), lambda: ran.append(1))
    host.browser.run_pending()
    assert ran == [] and loader.loading is None and host.renders == 1
    assert host.notices and host.notices[0][0] == "error" and loader.missing(game, Settings(2)) == [game.path]


def test_settings_the_game_refuses_need_nothing_here():
    class Refusing(WordGame):
        def validate_settings(self, settings):
            from ludoteca.core.protocol import GameError
            raise GameError("no", "setup.bad")

    assert AssetLoader(Host()).missing(Refusing(), Settings(2)) == []
