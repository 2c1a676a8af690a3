"""The core every game stands on: protocol, RNG, match history, records, generic AI."""
