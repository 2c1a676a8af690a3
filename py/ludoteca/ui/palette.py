"""The seat colours a player can pick; nothing else ever reaches markup as a colour."""

SEAT_COLOURS = ("#d64545", "#2f7fd6", "#2a9d58", "#e0a526", "#8a4fd1", "#3b3b3b")
