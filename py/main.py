"""PyScript entry point: reports start-up progress, then starts the app."""

from js import document, performance, window

boot = window.ludotecaBoot
boot.progress("engine", 0.92)
performance.mark("ludoteca:python-start")

from ludoteca.ui import browser  # noqa: E402  (imported after the progress update on purpose)

performance.mark("ludoteca:imported")
boot.progress("ui", 0.97)
APP = browser.install(document.getElementById("app"))
performance.mark("ludoteca:rendered")
boot.ready()
