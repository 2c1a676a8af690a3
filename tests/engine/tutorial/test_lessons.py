"""Every lesson of every game's tutorial, checked on the real engine: its position
loads, its way to success is legal and reaches success, each listed wrong try is
refused with a reason, and its texts exist in English and Italian."""

import pathlib

import pytest

from ludoteca.games import registry, tutorial
from ludoteca.games.tutorial import Attempt, Lesson, LessonError, Verdict
from ludoteca.ui.tutorial import light_attribute

ROOT = pathlib.Path(__file__).resolve().parents[3]
WITH_TUTORIAL = [game_id for game_id in registry.PLAYABLE if tutorial.has_tutorial(game_id)]
LESSONS = [(game_id, lesson) for game_id in WITH_TUTORIAL for language in tutorial.languages(game_id)
           for lesson in tutorial.lessons(game_id, language)]
IDS = [f"{game_id}-{lesson.id}-{index}" for index, (game_id, lesson) in enumerate(LESSONS)]


@pytest.fixture(autouse=True, scope="module")
def data_files():
    """The data files the lessons' games need (Alphagon's word lists), as the app loads them."""
    for game_id, lesson in LESSONS:
        game = registry.all_games()[game_id]
        for path in game.required_assets(tutorial.lesson_settings(game_id, lesson)):
            game.provide_asset(path, (ROOT / path).read_bytes())


def easy_bot(game_id):
    bot = registry.game_package(game_id).AI_LEVELS["easy"](1)
    return lambda state, player: bot.choose(state, player)


def solution(lesson: Lesson) -> list:
    return lesson.solved_by()


def test_psychopath_has_a_tutorial():
    assert "psychopath" in WITH_TUTORIAL


@pytest.mark.parametrize("game_id,lesson", LESSONS, ids=IDS)
def test_the_position_loads_with_the_learner_to_move(game_id, lesson):
    state = tutorial.start_state(game_id, lesson)
    assert lesson.learner in state.to_move()
    assert not state.is_terminal()


@pytest.mark.parametrize("game_id,lesson", LESSONS, ids=IDS)
def test_the_lesson_is_solved_by_its_moves(game_id, lesson):
    attempt = Attempt(game_id, lesson, easy_bot(game_id))
    verdicts = [attempt.try_move(text) for text in solution(lesson)]
    assert [v.kind for v in verdicts] == ["step"] * (len(verdicts) - 1) + ["done"]
    assert attempt.done and verdicts[-1].key == lesson.done


@pytest.mark.parametrize("game_id,lesson", LESSONS, ids=IDS)
def test_every_success_move_is_legal_and_succeeds(game_id, lesson):
    for text in lesson.success.get("moves", []):
        attempt = Attempt(game_id, lesson, easy_bot(game_id))
        for step in solution(lesson)[:-1]:
            attempt.try_move(step)
        assert attempt.try_move(text).kind == "done", text


@pytest.mark.parametrize("game_id,lesson", LESSONS, ids=IDS)
def test_each_wrong_try_is_answered_with_a_reason_and_changes_nothing(game_id, lesson):
    catalog = messages(game_id)
    for text, key in lesson.wrong.items():
        attempt = Attempt(game_id, lesson, easy_bot(game_id))
        before = attempt.state.to_json()
        verdict = attempt.try_move(text)
        if key:
            assert verdict == Verdict("wrong", key), text
        else:  # offered on the table for the engine to refuse, with its own reason
            assert verdict.kind == "illegal" and verdict.key.startswith("error."), (text, verdict)
            assert all(verdict.key in catalog[language] for language in ("en", "it")), verdict.key
        assert attempt.state.to_json() == before and not attempt.done


def messages(game_id: str) -> dict:
    ui = registry.game_ui(game_id)
    return {language: {**ui.MESSAGES[language], **tutorial.messages(game_id)[language]} for language in ("en", "it")}


@pytest.mark.parametrize("game_id", WITH_TUTORIAL)
def test_every_text_exists_in_english_and_italian(game_id):
    texts = tutorial.messages(game_id)
    assert set(texts["en"]) == set(texts["it"])
    for language in tutorial.languages(game_id):
        for lesson in tutorial.lessons(game_id, language):
            for key in lesson.message_keys():
                if key:
                    assert texts["en"].get(key) and texts["it"].get(key), (lesson.id, key)
        assert 4 <= len(tutorial.lessons(game_id, language)) <= 9  # about five minutes


@pytest.mark.parametrize("game_id,lesson", LESSONS, ids=IDS)
def test_the_lit_elements_are_on_the_table(game_id, lesson):
    from ludoteca.core.match import Seat
    from ludoteca.games.game_ui import RenderContext

    attempt = Attempt(game_id, lesson, easy_bot(game_id))
    ui = registry.game_ui(game_id)
    seats = [Seat(f"P{i}") for i in range(attempt.state.num_players)]
    ctx = RenderContext(t=lambda key, **_: key, seats=seats, viewer=lesson.learner, can_act=True, animate=False,
                        fresh=[], actors=(lesson.learner,))
    markup = ui.render_table(attempt.offered_view(attempt.state.view(lesson.learner)), ctx)
    for token in lesson.light:
        assert light_attribute(token) in markup, token
    for text in (text for text, key in lesson.wrong.items() if not key):  # offered for the engine to refuse
        ctx.selection = ui.hint_selection(text)  # a move of two steps shows its second once its first is made
        offered = ui.render_table(attempt.offered_view(attempt.state.view(lesson.learner)), ctx)
        assert f'data-arg="{lesson.learner}:{text}"' in offered, text


def test_a_legal_move_that_is_not_the_goal_changes_nothing():
    lesson = tutorial.lessons("psychopath")[0]
    attempt = Attempt("psychopath", lesson)
    before = attempt.state.to_json()
    assert attempt.try_move("m 0 4").kind == "not_goal"
    assert attempt.state.to_json() == before


def test_an_illegal_try_gets_the_engines_code_and_params():
    attempt = Attempt("psychopath", tutorial.lessons("psychopath")[0])
    assert attempt.try_move("m 0 13") == Verdict("illegal", "error.psychopath.occupied", {"node": 13})
    assert attempt.try_move("nonsense").kind == "illegal"


def test_a_lesson_whose_position_does_not_load_is_refused():
    lesson = tutorial.lessons("psychopath")[0]
    broken = Lesson(**{**lesson.__dict__, "position": {"state": {"game": "psychopath"}}})
    with pytest.raises(LessonError):
        tutorial.start_state("psychopath", broken)


def test_replies_may_depend_on_the_learner_s_move():
    """GeonAxis's agreement: the learner proposes (the other passes that round), then both stake."""
    lesson = next(lesson for lesson in tutorial.lessons("geonaxis") if lesson.id == "agree")
    assert isinstance(lesson.replies, dict)
    attempt = Attempt("geonaxis", lesson)
    assert attempt.try_move("propose 0 0 1").kind == "step"
    assert attempt.state.view(0)["phase"] == "agree"
    assert attempt.try_move("decline") == Verdict("wrong", lesson.wrong["decline"])
    assert attempt.try_move("wager 1 0").kind == "done"
    assert [agreement["cells"] for agreement in attempt.state.view(0)["agreements"]] == [[[0, 0]]]
