"""`build.py test`: the whole suite as pytest runs at once (engine, and the
browser tests in shards), and how their exit codes make the command's."""
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402


@pytest.mark.parametrize("codes, expected", [
    ({"engine": 0, "browser 1": 0, "browser 2": 0}, 0),
    ({"engine": 1, "browser 1": 0, "browser 2": 0}, 1),
    ({"engine": 0, "browser 1": 1, "browser 2": 0}, 1),
    ({"engine": 0, "browser 1": 0, "browser 2": 1}, 1),
    ({"engine": 0, "browser 1": 5, "browser 2": 5}, 0),  # a -k filter that matches engine tests only
    ({"engine": 5, "browser 1": 0, "browser 2": 5}, 0),  # a -k filter that matches one browser test
    ({"engine": 5, "browser 1": 5, "browser 2": 5}, 1),  # nothing ran at all
    ({"engine": 2, "browser 1": 5, "browser 2": 5}, 1),  # interrupted
    ({"tests": 5}, 1),
    ({"tests": 0}, 0),
])
def test_exit_codes_make_the_outcome(codes, expected):
    assert build._tests_outcome(codes) == expected


class FakeRuns:
    """Stands in for subprocess: records each command, answers with set codes."""

    def __init__(self, monkeypatch, engine_code, browser_code, last_shard_code=0):
        self.commands = []
        self.codes = {"engine": engine_code, "browser 1": browser_code, "browser 2": last_shard_code}
        monkeypatch.setattr(build, "setup", lambda **_: None)
        monkeypatch.setattr(build, "build", lambda *_, **__: None)
        monkeypatch.setattr(build.subprocess, "Popen", self.popen)
        monkeypatch.setattr(build.subprocess, "run", self.run)

    def kind(self, command):
        if build.BROWSER_TESTS in command and "--ignore" not in command:
            return "browser " + command[command.index("--shard") + 1].split("/")[0]
        return "engine"

    def popen(self, command, **kwargs):
        self.commands.append(command)
        kwargs["stdout"].write(f"{self.kind(command)} report\n")
        code = self.codes[self.kind(command)]

        class Process:
            def poll(self):
                return code

            def wait(self):
                return code

        return Process()

    def run(self, command, **_):
        self.commands.append(command)

        class Done:
            returncode = self.codes[self.kind(command)]

        return Done()


@pytest.mark.parametrize("engine_code, browser_code, last_shard_code, expected",
                         [(0, 0, 0, 0), (1, 0, 0, 1), (0, 1, 0, 1), (0, 0, 1, 1)])
def test_the_whole_suite_is_the_engine_run_beside_the_browser_shards(monkeypatch, capsys, tmp_path, engine_code,
                                                                     browser_code, last_shard_code, expected):
    monkeypatch.setattr(build, "ENGINE_TEST_LOG", tmp_path / ".cache" / "engine-tests.log")
    monkeypatch.setattr(build, "ENGINE_SECOND_LOG", tmp_path / ".cache" / "engine-tests-2.log")
    monkeypatch.setattr(build, "ROOT", tmp_path)  # where the shards' logs go
    runs = FakeRuns(monkeypatch, engine_code, browser_code, last_shard_code)
    assert build.command_test(["-k", "rules"]) == expected
    engine, second_engine, *browser = runs.commands
    assert engine[3:6] == ["tests", "--ignore", build.BROWSER_TESTS] and engine[-2:] == ["-k", "rules"]
    # the engine tests in two runs: the second takes ENGINE_SECOND_RUN, which the first leaves out
    assert second_engine[3:3 + len(build.ENGINE_SECOND_RUN)] == list(build.ENGINE_SECOND_RUN)
    assert second_engine[-2:] == ["-k", "rules"]
    for path in build.ENGINE_SECOND_RUN:
        assert engine[engine.index(path) - 1] == "--ignore"
        assert (ROOT / path).is_dir()
    assert len(browser) == build.BROWSER_SHARDS == 2
    for command in browser:
        assert command[3] == build.BROWSER_TESTS and command[-2:] == ["-k", "rules"]
        assert "--durations" in command  # each run lists its slowest tests
    # every browser test in exactly one shard: 1/2 and 2/2
    assert sorted(command[command.index("--shard") + 1] for command in browser) == ["1/2", "2/2"]
    shown = capsys.readouterr().out
    assert "engine report" in shown and "browser 2 report" in shown  # the logged runs' reports are shown
    # the quick profile: the long random-game runs belong to `bench fuzz`
    assert "--full" not in engine and "--full" not in second_engine


def test_named_tests_run_in_one_pytest(monkeypatch):
    runs = FakeRuns(monkeypatch, 0, 0)
    assert build.command_test(["tests/engine/test_arena.py", "-q"]) == 0
    assert runs.commands == [[str(build.VENV_PYTHON), "-m", "pytest", "tests/engine/test_arena.py", "-q"]]
