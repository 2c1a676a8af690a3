"""Collects the conformance figures (games, moves, checks per game) and
prints them at the end of the run; they are also written to
$TMPDIR/ludoteca-conformance-summary.json for the lead's report."""

import json
import os
import tempfile

from .support import SUMMARY

SUMMARY_FILE = os.path.join(tempfile.gettempdir(), "ludoteca-conformance-summary.json")


def pytest_terminal_summary(terminalreporter):
    if not SUMMARY:
        return
    data = {game_id: stats.to_json() for game_id, stats in sorted(SUMMARY.items())}
    with open(SUMMARY_FILE, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1, sort_keys=True)
    terminalreporter.section("conformance figures")
    for game_id, figures in data.items():
        terminalreporter.write_line(
            f"{game_id}: {figures['games']} games, {figures['moves']} moves, {figures['chance']} chance events,"
            f" {figures['checks']} checks ({figures['full_nodes']} nodes fully checked)")
    terminalreporter.write_line(f"(written to {SUMMARY_FILE})")
