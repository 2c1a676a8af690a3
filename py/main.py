"""PyScript entry point: reports start-up progress, then starts the app."""

import gc
import random
import time

from js import document, performance, window

# A memory snapshot (web/interpreter.mjs) freezes what was random or local when it
# was made: give `random` fresh entropy and re-read the time zone, as a plain start would.
random.seed()
if hasattr(time, "tzset"):
    time.tzset()

from ludoteca.ui.i18n import Catalog  # noqa: E402

boot = window.ludotecaBoot
catalog = Catalog(str(boot.language))  # boot.js picked it as the app does (settings, else the browser's)
boot.progress(catalog.t("boot.engine"), 0.92)
performance.mark("ludoteca:python-start")

from ludoteca.ui import browser  # noqa: E402  (imported after the progress update on purpose)

performance.mark("ludoteca:imported")
boot.progress(catalog.t("boot.ui"), 0.97)
APP = browser.install(document.getElementById("app"))
performance.mark("ludoteca:rendered")
# What start-up loaded lives as long as the page: out of every later garbage
# collection, the pauses while a computer thinks stay short.
gc.freeze()
boot.ready()
