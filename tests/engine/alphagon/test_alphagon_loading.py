"""The word list loads in pieces, so the app can let the browser draw between them."""

import gzip

import pytest

from ludoteca.games.alphagon import dictionary
from ludoteca.games.alphagon.rules import GAME

from .helpers import ROOT


def _pieces_and_result(generator) -> tuple:
    pieces = 0
    while True:
        try:
            next(generator)
        except StopIteration as finished:
            return pieces, finished.value
        pieces += 1


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_list_loaded_in_pieces_is_the_list_loaded_at_once(lang):
    data = (ROOT / GAME.asset_path(lang)).read_bytes()
    pieces, loaded = _pieces_and_result(dictionary.loading(lang, data))
    whole = gzip.decompress(data).decode("ascii")
    words_text, _, rest = whole.partition("\n\n")
    families = rest.count("\n") - 3  # after the frequency, verb and form lines
    assert pieces >= (len(data) // dictionary.LOAD_CHUNK + len(words_text) // dictionary.SPLIT_CHUNK
                      + families // dictionary.FAMILY_CHUNK)
    at_once = dictionary.load(lang, data)
    assert list(loaded.entries()) == list(at_once.entries())
    assert loaded._words == whole.partition("\n\n")[0].split("\n")


@pytest.mark.parametrize("lang, a, b", [("en", "CONCLUDE", "CONCLUSION"), ("it", "TAPPO", "TAPPARE")])
def test_the_families_are_parsed_while_loading_not_on_the_first_query(lang, a, b, monkeypatch):
    data = (ROOT / GAME.asset_path(lang)).read_bytes()
    _, loaded = _pieces_and_result(dictionary.loading(lang, data))

    def parse_again(self):
        raise AssertionError("the first family query parsed the families section")

    monkeypatch.setattr(dictionary.WordList, "_parse_families", parse_again)
    assert loaded.same_family(a, b)
    assert loaded.family_members(a)


@pytest.mark.parametrize("text", ["A\nB\n\n!!\n", "ABLE\nBAKE\nCAKE\n\n!!!", "ONLY\n\n!"])
def test_splitting_in_chunks_matches_one_split(text, monkeypatch):
    monkeypatch.setattr(dictionary, "SPLIT_CHUNK", 1)
    loaded = dictionary.WordList.from_text(text, "en")
    assert loaded._words == text.partition("\n\n")[0].split("\n")


def test_corrupt_data_still_fails_when_loaded_in_pieces():
    data = gzip.compress(b"POLICE\nPOLISH\n\n!!\n")[:-6]
    with pytest.raises(dictionary.DictionaryError):
        _pieces_and_result(dictionary.loading("en", data))


def test_a_game_without_pieces_provides_its_asset_in_one():
    from ludoteca.games.council import rules as toy_council

    game = toy_council.CouncilGame()
    assert _pieces_and_result(game.providing_asset("any/path", b"")) == (1, None)


def test_the_app_lets_the_browser_run_between_pieces_of_the_word_list(monkeypatch):
    from tests.engine.app.fake_browser import make_app

    monkeypatch.setattr(GAME, "wordlists", {})
    app, browser = make_app()
    sleeps_after_piece = []
    providing = GAME.providing_asset

    def recording(path, data):
        for piece in providing(path, data):
            sleeps_after_piece.append(len(browser.sleeps))
            yield piece

    monkeypatch.setattr(GAME, "providing_asset", recording)
    browser.app.navigate("#/new/alphagon")
    app.dispatch("start")
    browser.run_pending()
    assert app.route.name == "play" and "en" in GAME.wordlists
    assert len(sleeps_after_piece) > 5
    # The app slept (yielded to the browser) after every piece, before the next.
    assert all(later > earlier for earlier, later in zip(sleeps_after_piece, sleeps_after_piece[1:]))
