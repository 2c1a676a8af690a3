"""A move's redraw patches the table region (web/morph.mjs) instead of rebuilding it: the board's
cells that stay are the same elements, and the roving tab stop is written only where it moved
(issue 31's move latency: a guest's redraw after each move of the host)."""

from test_new_games import TABLE, fast, psychopath_turn, start, wait_for_new_move  # noqa: F401  (fast is a fixture)
from test_play import moves_played

# Keeps the board's cells as they are now, and counts from here what is done to the table.
WATCH_TABLE = """table => {
  window.cellsBefore = [...document.querySelectorAll(`${table} [data-nav]`)];
  window.tableMutations = {cellsRemoved: 0, tabindexWrites: 0};
  const removed = node => node.nodeType === 1 && (node.matches('[data-nav]') ? 1 : node.querySelectorAll('[data-nav]').length);
  new MutationObserver(records => {
    for (const record of records) {
      if (record.type === 'attributes' && record.attributeName === 'tabindex') window.tableMutations.tabindexWrites += 1;
      for (const node of record.removedNodes) window.tableMutations.cellsRemoved += removed(node);
    }
  }).observe(document.querySelector(table), {subtree: true, childList: true, attributes: true});
}"""
CELLS_KEPT = "() => window.cellsBefore.filter(cell => cell.isConnected).length"


def test_a_moves_redraw_keeps_the_boards_unchanged_cells_and_writes_the_tab_stop_only_where_it_moved(fast, open_app):  # noqa: F811
    open_app(fast)
    start(fast, "psychopath", seed="6")
    assert psychopath_turn(fast)  # the first move draws the log and a saved game's page: a new skeleton
    piece = fast.locator(f'{TABLE} [data-action="select"][data-testid^="node-"]').first
    piece.wait_for(timeout=60_000)
    fast.evaluate(WATCH_TABLE, TABLE)
    cells = fast.evaluate("() => window.cellsBefore.length")
    assert cells > 20
    piece.click()  # a piece chosen: its destinations are lit, nothing else changes
    fast.locator(f'{TABLE} [data-action="move"][data-testid^="node-"]').first.wait_for()
    assert fast.evaluate(CELLS_KEPT) == cells
    mutations = fast.evaluate("() => window.tableMutations")
    assert mutations["cellsRemoved"] == 0
    assert mutations["tabindexWrites"] <= 2, "the tab stop moved from one cell to another at most"
    before = moves_played(fast)
    fast.locator(f'{TABLE} [data-action="move"][data-testid^="node-"]').first.click()
    wait_for_new_move(fast, before)
    # The move (and the computer's reply, maybe) is on the board, on the cells that were there.
    assert fast.evaluate(CELLS_KEPT) == cells
    assert fast.evaluate("() => window.tableMutations.cellsRemoved") == 0


def in_a_scratch_box(body: str) -> str:
    """A page script running `body` with web/morph.mjs's `patchInner` and an empty `box` in the
    page; `body` returns the script's result, and the box goes whatever happens."""
    return ("async () => {\n  const {patchInner} = await window.ludotecaImport('web/morph.mjs');\n"
            "  const box = document.body.appendChild(document.createElement('div'));\n"
            f"  try {{\n{body}\n  }} finally {{\n    box.remove();\n  }}\n}}")


PATCH_CASES = in_a_scratch_box("""
  box.innerHTML = '<svg><g data-nav="a" tabindex="0"></g><g data-nav="b"></g><g data-nav="c"></g></svg>'
    + '<input data-testid="field" value="one"><p>text</p>';
  const [a, b, c] = box.querySelectorAll('[data-nav]');
  const field = box.querySelector('input');
  field.value = 'typed';
  // b removed, d inserted after c, a's class changed; the markup's value shown again
  const wanted = '<svg><g data-nav="a" class="lit"></g><g data-nav="c"></g><g data-nav="d"></g></svg>'
    + '<input data-testid="field" value="one"><p>other</p>';
  patchInner(box, wanted);
  const fresh = document.createElement('div');
  fresh.innerHTML = wanted;
  return {
    aKept: box.querySelector('[data-nav=a]') === a, cKept: box.querySelector('[data-nav=c]') === c,
    bGone: !b.isConnected, navs: [...box.querySelectorAll('[data-nav]')].map((n) => n.dataset.nav),
    aClass: a.getAttribute('class'), aTabindex: a.getAttribute('tabindex'),
    fieldKept: box.querySelector('input') === field, value: field.value, text: box.querySelector('p').textContent,
    sameAsParsed: box.innerHTML.replace(' tabindex="0"', '') === fresh.innerHTML,
  };""")


def test_the_patch_keeps_elements_that_stay_and_reads_as_the_new_markup(page, open_app):
    open_app(page)
    result = page.evaluate(PATCH_CASES)
    assert result["aKept"] and result["cKept"] and result["bGone"] and result["fieldKept"]
    assert result["navs"] == ["a", "c", "d"]
    assert result["aClass"] == "lit"
    assert result["aTabindex"] == "0", "the page's roving tab stop stays on a kept cell"
    assert result["value"] == "one", "a field shows its markup's value, as a new one would"
    assert result["text"] == "other" and result["sameAsParsed"]


REPLAY_CASES = in_a_scratch_box("""
  // .spinner: an animated class of the app's own style sheet (the page's CSP refuses inline styles)
  const card = mark => `<g data-testid="face-up"><g class="card spinner" data-anim="${mark}">`
    + `<rect width="9" height="9"/></g></g>`;
  patchInner(box, card(4));
  const first = box.querySelector('.card');
  patchInner(box, card(4));  // a redraw with no new move: the same element, its animation left alone
  const kept = box.querySelector('.card') === first;
  patchInner(box, card(5));  // the next move flips again: a new element, so the animation plays again
  const second = box.querySelector('.card');
  return {kept, replaced: second !== first && !first.isConnected,
          outerKept: box.querySelector('[data-testid=face-up]') !== null,
          playing: second.getAnimations().map(a => a.playState)};""")


def test_an_element_animated_for_a_new_move_is_drawn_anew_so_its_animation_plays_again(page, open_app):
    open_app(page)
    result = page.evaluate(REPLAY_CASES)
    assert result["kept"], "a redraw with the same mark keeps the element (no replay)"
    assert result["replaced"] and result["outerKept"]
    assert result["playing"] == ["running"]
