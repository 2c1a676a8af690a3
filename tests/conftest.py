"""Pytest-wide options and fixtures shared by the engine and browser tests."""

import pathlib

import pytest
from hypothesis import HealthCheck, settings

import run_profile

REPO_ROOT = pathlib.Path(__file__).resolve().parents[1]

# Every hypothesis run is derandomized: a failure shows up on every run, and
# the examples a property plays do not change between machines.
settings.register_profile("ludoteca", derandomize=True, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ludoteca")


def pytest_addoption(parser):
    group = parser.getgroup("ludoteca")
    group.addoption("--full", action="store_true",
                    help="play the random-game property tests at full size (1000+ games a game)")
    group.addoption("--regen-golden", action="store_true",
                    help="rewrite every golden playthrough from the current engines")


def pytest_configure(config):
    run_profile.FULL = config.getoption("--full")
    run_profile.REGEN_GOLDEN = config.getoption("--regen-golden")


@pytest.fixture(scope="session")
def repo_root() -> pathlib.Path:
    return REPO_ROOT
