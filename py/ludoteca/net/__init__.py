"""Play on several devices: what travels between a host and its guests.

`wire` is the message protocol (pure Python: CPython and Pyodide alike). The
browser transport that carries its text is `web/net/link.mjs`.
"""
