"""The setup screen names every option in the player's language, even in a
fresh page where no game's UI module has loaded yet (they load lazily)."""

import json
import pathlib
import subprocess
import sys

from ludoteca.games.registry import PLAYABLE

from .fake_browser import make_app

REPO_ROOT = pathlib.Path(__file__).resolve().parents[3]

# Run in a new interpreter: in this one, other tests have long since loaded
# every game's UI and registered its messages, which would hide the bug.
FRESH_PAGE = """
import json, sys
sys.path[:0] = [sys.argv[1] + "/py", sys.argv[1]]
from ludoteca.games.registry import PLAYABLE
from tests.engine.app.fake_browser import make_app
screens = {}
for language in ("en", "it"):
    for game_id in PLAYABLE:
        app, browser = make_app()
        app.dispatch("pref", "language=" + language)
        app.navigate("#/new/" + game_id)
        screens[language + ":" + game_id] = browser.html
print(json.dumps(screens))
"""


def test_a_fresh_page_names_every_setup_option_in_the_players_language():
    done = subprocess.run([sys.executable, "-c", FRESH_PAGE, str(REPO_ROOT)], capture_output=True, text=True,
                          check=True)
    screens = json.loads(done.stdout)
    assert len(screens) == 2 * len(PLAYABLE)
    for name, html in screens.items():
        language, game_id = name.split(":")
        assert 'data-testid="setup"' in html, name
        assert f"{game_id}." not in html.replace('data-field="variant.', ""), name  # a message key shown raw
        assert ">red<" not in html and ">blue<" not in html, name
        assert (">Red<" if language == "en" else ">Rosso<") in html, name


def test_a_new_alphagon_game_starts_in_the_edition_of_the_apps_language():
    for language in ("it", "en"):
        app, browser = make_app()
        app.dispatch("pref", f"language={language}")
        app.navigate("#/new/alphagon")
        assert app.setup.variants["edition"] == language
        assert f'value="{language}" selected' in browser.html.split('data-testid="variant-edition"')[1].split("</select>")[0]
    app.dispatch("field", "variant.edition=it")  # still the player's choice
    assert app.setup.variants["edition"] == "it"
