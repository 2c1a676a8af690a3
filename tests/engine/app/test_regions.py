"""Redraws by region: what a move changes on the game screen, and nothing else."""

from ludoteca.games import registry
from ludoteca.ui import regions
from ludoteca.ui.regions import Page, diff, region, split

from .fake_browser import make_app
from .test_app import start_vs_ai
from .test_storage_faults import human_move


def test_split_hollows_regions_and_lifts_live_attributes():
    html = ('<section data-live data-moves="3" data-status="playing">'
            + region("a", "<p>one</p>") + region("log-prepend", "<li>2</li><li>1</li>", tag="ol") + "</section>")
    page = split(html)
    assert page.regions == {"a": "<p>one</p>", "log-prepend": "<li>2</li><li>1</li>"}
    assert page.live == {"data-moves": "3", "data-status": "playing"}
    assert "one" not in page.skeleton and "data-moves" not in page.skeleton


def test_a_changed_region_is_replaced_new_log_lines_are_prepended_and_a_new_skeleton_redraws_all():
    old = Page("S", {"a": "x", "b": "y", "log-prepend": "<li>1</li>"}, {"data-moves": "1"})
    new = Page("S", {"a": "x", "b": "z", "log-prepend": "<li>2</li><li>1</li>"}, {"data-moves": "2"})
    patch = diff(old, new)
    assert not patch.full and patch.replace == {"b": "z"}
    assert patch.prepend == {"log-prepend": "<li>2</li>"} and patch.live == {"data-moves": "2"}
    assert diff(old, Page("T", {})).full and diff(None, new).full


def test_a_move_against_the_computer_redraws_regions_only_and_keeps_the_table_container():
    app, browser = make_app()
    start_vs_ai(app, browser)
    browser.run_pending()
    first = split(browser.html)
    human_move(app, browser)
    human_move(app, browser)
    later = split(browser.html)
    patch = diff(first, later)
    assert not patch.full, "a move must not change the page's skeleton"
    assert "table" in patch.replace and "log-prepend" in patch.prepend
    assert patch.live["data-moves"] == str(len(app.match.entries))


def test_log_descriptions_are_computed_once_per_entry(monkeypatch):
    app, browser = make_app()
    start_vs_ai(app, browser)
    human_move(app, browser)
    calls = []
    ui = registry.game_ui("alphabeticell")  # the instance the app calls
    original = ui.log_line
    monkeypatch.setattr(ui, "log_line", lambda *args: calls.append(args[0]) or original(*args))
    app.render()
    app.render()
    assert calls == []  # every line came from the cache
    assert regions.END in browser.html



def test_split_finds_what_the_pattern_finds_on_real_pages_and_odd_markup(monkeypatch):
    """`split` looks for regions with str.find (a redraw's cost); it must hollow what REGION does."""
    app, browser = make_app()
    start_vs_ai(app, browser)
    pages = [browser.html]
    for _ in range(3):
        human_move(app, browser)
        pages.append(browser.html)
    pages += [
        "<p>no region</p>",
        '<div class="x"\ndata-region="a" id="q">in</div><!-- not the end --><i>' + regions.END + "</i>",
        '<div data-region="a">' + regions.END + '</div><DIV data-region="b">B' + regions.END + "</DIV>",
        '<div title="a" data-region="bad name">x' + regions.END + "</div>",
        '<div <b data-region="a">x' + regions.END,
        '<p>data-region="a"</p>',
    ]
    found = [split(html) for html in pages]
    assert len(found[0].regions) > 5
    monkeypatch.setattr(regions, "_hollowed", lambda _html: None)  # the pattern's way
    assert found == [split(html) for html in pages]
