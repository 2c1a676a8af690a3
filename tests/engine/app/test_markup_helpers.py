from ludoteca.ui.i18n import Catalog, register
from ludoteca.ui.markdown import render_markdown
from ludoteca.ui.routes import Route, parse_route
from ludoteca.ui.storage import INDEX_KEY, SaveStore, MemoryStore


def test_markdown_renders_headings_lists_and_emphasis_and_escapes_html():
    html = render_markdown("# Title\n\nSome **bold** and *it*.\n\n- one\n- two <b>\n\n1. first")
    assert "<h2>Title</h2>" in html
    assert "<strong>bold</strong>" in html and "<em>it</em>" in html
    assert "<ul><li>one</li><li>two &lt;b&gt;</li></ul>" in html
    assert "<ol><li>first</li></ol>" in html


def test_markdown_tables_get_header_cells_and_escaped_text():
    html = render_markdown("Before.\n| Level | Words |\n| --- | ---: |\n| 1 <i> | **6,012** |\n| 2 | 20,778 |\nAfter.")
    assert html.count("<table>") == 1 and "---" not in html
    assert '<th scope="col">Level</th><th scope="col">Words</th>' in html
    assert "<tr><td>1 &lt;i&gt;</td><td><strong>6,012</strong></td></tr><tr><td>2</td><td>20,778</td></tr>" in html
    assert html.startswith("<p>Before.</p>") and html.endswith("<p>After.</p>")


def test_a_table_region_is_named_after_the_heading_it_is_under_without_markup():
    html = render_markdown("| A |\n| --- |\n| 1 |\n\n## **Scores** <x>\n\n| B |\n| --- |\n| 2 |", table_name="Tabella")
    assert '<div class="table-scroll" tabindex="0" role="region" aria-label="Tabella">' in html
    assert '<div class="table-scroll" tabindex="0" role="region" aria-label="Tabella: Scores &lt;x&gt;">' in html


def test_routes_parse_and_format_round_trip():
    for route in (Route("home"), Route("settings"), Route("new", "alphabeticell"),
                  Route("play", "20260101-0"), Route("rules", "alphabeticell")):
        assert parse_route(route.hash) == route
    assert parse_route("") == Route("home")
    assert parse_route("#/play/").name == "missing"
    assert parse_route("#/bogus").name == "missing"
    # Arguments must have their format: a save id from a link never reaches markup as it is.
    assert parse_route('#/play/"><img src=x onerror=alert(1)>').name == "missing"
    assert parse_route("#/new/Alpha Beticell").name == "missing"


def test_catalog_falls_back_to_english_then_to_the_key():
    register("xx", {"home.games": "Giochi"})
    catalog = Catalog("xx")
    assert catalog.t("home.games") == "Giochi"
    assert catalog.t("nav.home") == "Home"
    assert catalog.t("no.such.key") == "no.such.key"
    register("en", {"test.value": "<{v}>"})
    assert Catalog("en").t("test.value", v="&") == "<&>"  # plain text: markup escapes it


def test_a_damaged_index_is_rebuilt_from_the_saves():
    store = MemoryStore()
    saves = SaveStore(store, {})
    store.set(INDEX_KEY, "][ not json")
    store.set("ludoteca:v1:save:20260101-0", '{"format": "ludoteca-record", "game": "x", "seats": [{"name": "A"}]}')
    listed = saves.list()
    assert [s.id for s in listed] == ["20260101-0"]
    assert listed[0].status == "damaged"  # an unknown game cannot open (issue 27)


def test_each_seat_colour_has_its_css_class():
    import pathlib
    import re
    from ludoteca.core.match import SEAT_COLOURS
    css = (pathlib.Path(__file__).resolve().parents[3] / "web" / "ui.css").read_text()
    classes = dict(re.findall(r"\.seat-c(\d) \{ --seat: (#[0-9a-f]{6}); \}", css))
    assert [classes.get(str(index)) for index in range(len(SEAT_COLOURS))] == list(SEAT_COLOURS)


def test_no_screen_carries_inline_styles_the_csp_would_block():
    from .fake_browser import make_app
    from .test_app import start_vs_ai
    from .test_storage_faults import human_move
    app, browser = make_app()
    pages = [browser.html]
    start_vs_ai(app, browser)
    for _ in range(4):
        human_move(app, browser)
        pages.append(browser.html)
    for route in ("#/new/alphabeticell", "#/rules/alphabeticell", "#/settings"):
        browser.app.navigate(route)
        pages.append(browser.html)
    for html in pages:
        assert "style=" not in html and "<style" not in html


def test_names_are_isolated_as_elements_in_text_and_as_isolates_in_tags_svg_and_options():
    """isolate_names against the plain rule it implements, on random markup: a name is
    inside a tag, SVG or an option when the last opening before it comes after the last
    closing (searched back from each name, as the rule reads)."""
    import random

    from ludoteca.ui.screens import FIRST_STRONG_ISOLATE, POP_ISOLATE, isolate_names, shown_name

    def inside(html, at, opening, closing):
        return html.rfind(opening, 0, at) > html.rfind(closing, 0, at)

    def expected(html):
        out, at = [], 0
        while True:
            start = html.find("\ue000", at)
            if start < 0:
                return "".join(out) + html[at:]
            end = html.index("\ue001", start)
            name = html[start + 1:end]
            hidden = any(inside(html, start, *pair) for pair in (("<", ">"), ("<svg", "</svg>"), ("<option", "</option>")))
            out += [html[at:start], f"{FIRST_STRONG_ISOLATE}{name}{POP_ISOLATE}" if hidden else f"<bdi>{name}</bdi>"]
            at = end + 1

    pieces = ["<p>", "</p>", '<b title="', '">', "<svg>", "</svg>", "<option>", "</option>", "<select>", "text ",
              shown_name("Ada"), shown_name("Bo <i>")]
    chooser = random.Random(5)
    for _ in range(300):
        html = "".join(chooser.choice(pieces) for _ in range(chooser.randrange(1, 30)))
        assert isolate_names(html) == expected(html), html
    assert isolate_names(f'<p title="{shown_name("Ada")}">{shown_name("Ada")}</p>') == \
        f'<p title="{FIRST_STRONG_ISOLATE}Ada{POP_ISOLATE}"><bdi>Ada</bdi></p>'
