import pytest

from ludoteca.ui import app as app_module


@pytest.fixture(autouse=True)
def close_unrun_tasks(monkeypatch):
    """AI turns left pending when a test ends are closed, not leaked."""
    browsers = []
    original = app_module.App.__init__

    def tracking_init(self, browser):
        browsers.append(browser)
        original(self, browser)

    monkeypatch.setattr(app_module.App, "__init__", tracking_init)
    yield
    for browser in browsers:
        browser.discard_pending()
