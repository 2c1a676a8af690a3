"""Text helpers the games' UIs share (they import nothing from the app)."""


def plural_category(n: int) -> str:
    """The CLDR plural category of a count: English and Italian have only "one" and "other"."""
    return "one" if n == 1 else "other"


def count_text(t, key: str, n: int) -> str:
    """`key`'s ".one" text for 1 ("1 card"), its ".other" text otherwise ("2 cards")."""
    return t(f"{key}.{plural_category(n)}", n=n)
