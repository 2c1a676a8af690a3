"""`build.py test`: the whole suite as two pytest runs at once (engine and
browser), and how their exit codes make the command's."""
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402


@pytest.mark.parametrize("codes, expected", [
    ({"engine": 0, "browser": 0}, 0),
    ({"engine": 1, "browser": 0}, 1),
    ({"engine": 0, "browser": 1}, 1),
    ({"engine": 0, "browser": 5}, 0),  # a -k filter that matches engine tests only
    ({"engine": 5, "browser": 5}, 1),  # nothing ran at all
    ({"engine": 2, "browser": 5}, 1),  # interrupted
    ({"tests": 5}, 1),
    ({"tests": 0}, 0),
])
def test_exit_codes_make_the_outcome(codes, expected):
    assert build._tests_outcome(codes) == expected


class FakeRuns:
    """Stands in for subprocess: records each command, answers with set codes."""

    def __init__(self, monkeypatch, engine_code, browser_code):
        self.commands = []
        self.codes = {"engine": engine_code, "browser": browser_code}
        monkeypatch.setattr(build, "setup", lambda **_: None)
        monkeypatch.setattr(build, "build", lambda *_, **__: None)
        monkeypatch.setattr(build.subprocess, "Popen", self.popen)
        monkeypatch.setattr(build.subprocess, "run", self.run)

    def kind(self, command):
        return "browser" if build.BROWSER_TESTS in command and "--ignore" not in command else "engine"

    def popen(self, command, **kwargs):
        self.commands.append(command)
        kwargs["stdout"].write(f"{self.kind(command)} report\n")
        runs = self

        class Process:
            def poll(self):
                return runs.codes["engine"]

            def wait(self):
                return runs.codes["engine"]

        return Process()

    def run(self, command, **_):
        self.commands.append(command)

        class Done:
            returncode = self.codes[self.kind(command)]

        return Done()


@pytest.mark.parametrize("engine_code, browser_code, expected", [(0, 0, 0), (1, 0, 1), (0, 1, 1)])
def test_the_whole_suite_is_the_engine_run_beside_the_browser_run(monkeypatch, capsys,
                                                                  engine_code, browser_code, expected):
    monkeypatch.setattr(build, "ENGINE_TEST_LOG", build.ROOT / ".cache" / "engine-tests-under-test.log")
    runs = FakeRuns(monkeypatch, engine_code, browser_code)
    assert build.command_test(["-k", "rules"]) == expected
    engine, browser = runs.commands
    assert engine[3:6] == ["tests", "--ignore", build.BROWSER_TESTS] and engine[-2:] == ["-k", "rules"]
    assert browser[3] == build.BROWSER_TESTS and browser[-2:] == ["-k", "rules"]
    assert "engine report" in capsys.readouterr().out  # the engine run's report is shown
    # the quick profile: the long random-game runs belong to `bench fuzz`
    assert "--full" not in engine
    build.ENGINE_TEST_LOG.unlink()


def test_named_tests_run_in_one_pytest(monkeypatch):
    runs = FakeRuns(monkeypatch, 0, 0)
    assert build.command_test(["tests/engine/test_arena.py", "-q"]) == 0
    assert runs.commands == [[str(build.VENV_PYTHON), "-m", "pytest", "tests/engine/test_arena.py", "-q"]]
