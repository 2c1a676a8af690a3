"""PyScript entry point: reports start-up progress, then starts the app."""

from js import document, performance, window

from ludoteca.ui.i18n import Catalog

boot = window.ludotecaBoot
catalog = Catalog()
boot.progress(catalog.t("boot.engine"), 0.92)
performance.mark("ludoteca:python-start")

from ludoteca.ui import browser  # noqa: E402  (imported after the progress update on purpose)

performance.mark("ludoteca:imported")
boot.progress(catalog.t("boot.ui"), 0.97)
APP = browser.install(document.getElementById("app"))
performance.mark("ludoteca:rendered")
boot.ready()
