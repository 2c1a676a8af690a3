// Patches a region of the page to new markup, touching only what differs (py/ludoteca/ui/browser.py).
// The result reads as `element.innerHTML = html` would make it, but the elements that stay keep
// their identity: after a move, the board's unchanged cells are not rebuilt (nor laid out again),
// and the keyboard focus stays where it was.
//
// Elements are matched in order, by tag and by their key (data-testid, data-nav or id); one
// inserted or removed element is seen as such, anything else different is replaced. An element's
// data-anim mark (RenderContext.animation_mark) is part of its key: animated for a new move, it is
// a new element, so its animation plays again (a patched class that stays the same would not).

// Attributes the page sets itself after each redraw, kept as they are on elements that stay:
// a board's roving tab stop (apply_roving_tabindex), its pan and zoom (apply_board_zoom).
const PAGE_SET = { tabindex: "[data-nav]", viewBox: "svg[data-pan-zoom]", disabled: "[data-zoom]" };

export function patchInner(element, html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  patchChildren(element, template.content);
}

function key(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return "";
  const name = node.getAttribute("data-testid") ?? node.getAttribute("data-nav") ?? node.getAttribute("id") ?? "";
  const mark = node.getAttribute("data-anim");
  return mark === null ? name : `${name}#${mark}`;
}

function same(a, b) {
  return a.nodeName === b.nodeName && key(a) === key(b);
}

function formControl(element) {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
    || element instanceof HTMLSelectElement || element.querySelector("input, textarea, select") !== null;
}

function patchChildren(parent, wanted) {
  let old = parent.firstChild;
  let next = wanted.firstChild;
  while (next) {
    const following = next.nextSibling;
    if (old && same(old, next)) {
      patchNode(old, next);
      old = old.nextSibling;
    } else if (old && following && same(old, following)) {
      parent.insertBefore(next, old); // one new node before the old one
    } else if (old && old.nextSibling && same(old.nextSibling, next)) {
      const gone = old; // one old node removed
      old = old.nextSibling;
      gone.remove();
      patchNode(old, next);
      old = old.nextSibling;
    } else if (old) {
      const gone = old;
      old = old.nextSibling;
      parent.replaceChild(next, gone);
    } else {
      parent.appendChild(next);
    }
    next = following;
  }
  while (old) {
    const gone = old;
    old = old.nextSibling;
    gone.remove();
  }
}

function patchNode(old, wanted) {
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== wanted.nodeValue) old.nodeValue = wanted.nodeValue;
    return;
  }
  if (old.isEqualNode(wanted) && !formControl(old)) return; // the same subtree: nothing to walk
  patchAttributes(old, wanted);
  patchChildren(old, wanted);
  // A form control shows its markup's value, as a new one would (what was typed is the app's).
  if (old instanceof HTMLInputElement) {
    if (old.value !== wanted.value) old.value = wanted.value;
    if (old.checked !== wanted.checked) old.checked = wanted.checked;
  } else if (old instanceof HTMLTextAreaElement || old instanceof HTMLSelectElement) {
    if (old.value !== wanted.value) old.value = wanted.value;
  }
}

function pageSet(element, name) {
  const selector = Object.hasOwn(PAGE_SET, name) ? PAGE_SET[name] : null;
  return selector !== null && element.matches(selector);
}

function patchAttributes(old, wanted) {
  for (const attribute of wanted.attributes) {
    const { namespaceURI, localName, name, value } = attribute;
    if (old.getAttributeNS(namespaceURI, localName) !== value && !pageSet(old, name)) {
      old.setAttributeNS(namespaceURI, name, value);
    }
  }
  for (const attribute of Array.from(old.attributes)) {
    const { namespaceURI, localName, name } = attribute;
    if (!wanted.hasAttributeNS(namespaceURI, localName) && !pageSet(old, name)) old.removeAttributeNS(namespaceURI, localName);
  }
}
