"""Ludoteca: tabletop game engines, AI and UI, pure Python."""

__version__ = "0.1.0"
