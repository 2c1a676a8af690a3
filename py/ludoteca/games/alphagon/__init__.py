"""Alphagon: build a polygon of complete-meaning words on a 13x13 board."""
