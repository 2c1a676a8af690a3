"""Just enough Markdown for our rules pages: headings, paragraphs, lists,
simple tables, **bold** and *italics*. Text is escaped first, so pages cannot
inject markup."""

import re
from html import escape

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_CODE = re.compile(r"`([^`]+)`")
_TABLE_RULE = re.compile(r"^\|(\s*:?-{3,}:?\s*\|)+$")


def _cells(row: str) -> list:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def _table(rows: list, name: str) -> str:
    """A header row, its |---| rule, then body rows; the header cells label the columns.
    The box that scrolls a wide table sideways is a named stop of its own, so
    the keyboard can scroll it too (a phone's width is 360 px)."""
    header, body = rows[0], [row for row in rows[1:] if not _TABLE_RULE.match(row)]
    head = "".join(f'<th scope="col">{_inline(cell)}</th>' for cell in _cells(header))
    lines = "".join("<tr>" + "".join(f"<td>{_inline(cell)}</td>" for cell in _cells(row)) + "</tr>" for row in body)
    return (f'<div class="table-scroll" tabindex="0" role="region" aria-label="{escape(name, quote=True)}">'
            f'<table><thead><tr>{head}</tr></thead><tbody>{lines}</tbody></table></div>')


def _plain(text: str) -> str:
    """A line's words without their Markdown marks (for a name read aloud)."""
    return text.replace("**", "").replace("`", "").replace("*", "")


def _inline(text: str) -> str:
    text = escape(text)
    text = _CODE.sub(r"<code>\1</code>", text)
    text = _BOLD.sub(r"<strong>\1</strong>", text)
    return _ITALIC.sub(r"<em>\1</em>", text)


def render_markdown(source: str, heading_offset: int = 1, table_name: str = "Table") -> str:
    """`table_name` (translated) names each table's region, followed by the heading it stands under."""
    html = []
    heading_text = ""  # the last heading so far: what a table under it is about
    paragraph: list = []
    list_items: list = []
    list_tag = ""
    table_rows: list = []

    def flush():
        nonlocal paragraph, list_items, list_tag, table_rows
        if table_rows:
            html.append(_table(table_rows, f"{table_name}: {heading_text}" if heading_text else table_name))
            table_rows = []
        if paragraph:
            html.append(f"<p>{_inline(' '.join(paragraph))}</p>")
            paragraph = []
        if list_items:
            items = "".join(f"<li>{_inline(item)}</li>" for item in list_items)
            html.append(f"<{list_tag}>{items}</{list_tag}>")
            list_items = []

    for raw in source.splitlines():
        line = raw.strip()
        heading = re.match(r"^(#{1,4})\s+(.*)$", line)
        bullet = re.match(r"^[-*]\s+(.*)$", line)
        numbered = re.match(r"^\d+[.)]\s+(.*)$", line)
        if not line:
            flush()
        elif line.startswith("|") and line.endswith("|") and len(line) > 1:
            if not table_rows:
                flush()
            table_rows.append(line)
        elif heading:
            flush()
            level = min(6, len(heading.group(1)) + heading_offset)
            html.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
            heading_text = _plain(heading.group(2))
        elif bullet or numbered:
            tag = "ul" if bullet else "ol"
            if paragraph or (list_items and tag != list_tag):
                flush()
            list_tag = tag
            list_items.append((bullet or numbered).group(1))
        elif list_items and raw.startswith((" ", "\t")):
            list_items[-1] += " " + line
        else:
            if list_items or table_rows:
                flush()
            paragraph.append(line)
    flush()
    return "\n".join(html)
