"""PyScript entry point: reports start-up progress, then starts the app."""

from js import document, window

boot = window.ludotecaBoot
boot.progress("engine", 0.92)

from ludoteca.ui import browser  # noqa: E402  (imported after the progress update on purpose)

boot.progress("ui", 0.97)
APP = browser.install(document.getElementById("app"))
boot.ready()
