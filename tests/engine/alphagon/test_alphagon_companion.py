"""At the table (issue 33): the companion's setup, deal, score sheet, referee
and saved sessions, checked against the digital game's own rules and judge."""

import json

import pytest

from ludoteca.games.alphagon import components as C
from ludoteca.games.alphagon import dictionary
from ludoteca.games.alphagon.companion import (
    COLOURS, QUESTIONS, CompanionError, Session, Verdict, earns_prize, evenness, referee,
)
from ludoteca.games.alphagon.rules import points_for

from .helpers import ROOT, new_state

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


def session(players=2, lang="en", seed=1, deal="balanced", first=None) -> Session:
    return Session(lang, NAMES[:players], list(COLOURS[:players]), seed, deal, first)


@pytest.fixture(scope="module")
def lists():
    return {lang: dictionary.load(lang, (ROOT / f"web/words/{lang}.txt.gz").read_bytes()) for lang in ("en", "it")}


# --- setup and sequence ------------------------------------------------------------------
@pytest.mark.parametrize("lang", C.LANGUAGES)
@pytest.mark.parametrize("deal", ["balanced", "random"])
@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_the_deal_and_its_evenness_are_the_digital_games_on_the_same_seeds(lang, deal, players):
    for seed in range(1, 9):
        table = session(players, lang, seed, deal)
        digital = new_state(players, lang, seed, deal)
        assert table.racks == ["".join(sorted(rack)) for rack in digital.racks]
        assert table.evenness() == evenness(digital.racks, lang) == C.spread(digital.racks, lang)
        assert table.first == digital.first_player and table.first_drawn
        for rack in table.racks:
            assert sum(map(C.is_vowel, rack)) == C.START_VOWELS and len(rack) == C.START_LETTERS


def test_the_balanced_deal_is_more_even_than_the_random_one_over_many_seeds():
    balanced = sum(session(4, "en", seed, "balanced").evenness() for seed in range(30))
    random_ = sum(session(4, "en", seed, "random").evenness() for seed in range(30))
    assert balanced < random_


def test_the_first_player_can_be_chosen_and_the_turn_order_follows_the_drawn_rotation():
    table = session(4, first=2)
    assert table.first == 2 and not table.first_drawn
    order = table.seat_order()
    assert order[0] == 2 and sorted(order) == [0, 1, 2, 3]
    assert order[1] == (2 + table.rotation) % 4


@pytest.mark.parametrize("names, colours, code", [
    (["Ann"], ["red"], "companion.bad_players"),
    (["Ann", " "], ["red", "blue"], "companion.empty_name"),
    (["Ann", "ann"], ["red", "blue"], "companion.same_name"),
    (["Ann", "x" * 30], ["red", "blue"], "companion.long_name"),
    (["Ann", "Bo"], ["red", "red"], "companion.same_colour"),
    (["Ann", "Bo"], ["red", "pink"], "companion.bad_colour"),
    (["Ann", "Bo"], ["red"], "companion.bad_colour"),
])
def test_a_bad_setup_is_refused_with_a_reason(names, colours, code):
    with pytest.raises(CompanionError) as caught:
        Session("en", names, colours, 1)
    assert caught.value.code == code


def test_names_are_tidied_and_the_goal_follows_the_number_of_players():
    assert Session("it", ["  Anna  Maria ", "Bo"], ["red", "blue"], 3).names == ["Anna Maria", "Bo"]
    assert [session(n).goal for n in range(2, 7)] == [C.GOAL[n] for n in range(2, 7)] == [40, 35, 30, 25, 20]


# --- the score sheet ------------------------------------------------------------------------
# (kind, player, other, length, prize) -> points per seat, bonuses per seat, seats losing a letter
EVENTS = [
    (("close", 0, None, 4, None), [4, 0], [2, 2], []),
    (("close", 1, None, 6, None), [0, 5], [2, 2], []),
    (("close", 0, None, 8, None), [6, 0], [2, 2], []),
    (("declared", 1, None, 5, None), [0, 4], [2, 2], []),
    (("corrected", 0, 1, 7, None), [5, 0], [2, 2], []),
    (("contradicted", 1, 0, 9, None), [0, 6], [2, 2], [0]),
    (("doubt_won", 0, 1, None, None), [0, 0], [2, 2], [1]),
    (("doubt_lost", 0, 1, 5, None), [0, 4], [2, 2], [0]),
    (("syllable", 1, None, None, None), [0, C.SYLLABLE_POINTS], [2, 2], []),
    (("shape", 0, None, None, None), [C.SHAPE_POINTS, 0], [2, 2], []),
    (("star", 0, None, None, None), [0, 0], [3, 2], []),
    (("cloud", 1, None, None, None), [0, 0], [2, 1], []),
    (("bonus_spent", 0, None, None, None), [0, 0], [1, 2], []),
    (("penalty", 1, None, None, None), [0, 0], [2, 2], [1]),
    (("long_prize", 0, None, None, "letter"), [0, 0], [2, 2], []),
]


@pytest.mark.parametrize("event, points, bonuses, penalised", EVENTS)
def test_each_event_scores_what_the_rules_score(event, points, bonuses, penalised):
    table = session()
    recorded = table.score(*event)
    assert table.scores() == points and table.bonuses() == bonuses
    assert table.penalised(recorded) == penalised
    key, params = table.log()[-1]
    assert key == "companion.log." + event[0] and params["points"] == sum(points)
    assert params["player"] == NAMES[event[1]]


def test_word_points_are_the_rules_points_for_every_length():
    table = session()
    for length in range(4, 16):
        before = table.scores()[0]
        table.score("close", 0, length=length)
        assert table.scores()[0] - before == points_for(length)
        table.undo()
    assert [earns_prize(n) for n in (8, 9)] == [False, True]


@pytest.mark.parametrize("event, code", [
    (("close", 0, None, 3, None), "companion.bad_length"),
    (("close", 2, None, 5, None), "companion.bad_seat"),
    (("corrected", 0, 0, 5, None), "companion.same_seat"),
    (("doubt_won", 0, None, None, None), "companion.bad_seat"),
    (("long_prize", 0, None, None, "bonus"), "companion.prize_full"),
    (("long_prize", 0, None, None, "gold"), "companion.bad_prize"),
    (("goal", 0, None, None, None), "companion.bad_event"),
])
def test_an_event_that_does_not_fit_is_refused_and_changes_nothing(event, code):
    table = session()
    table.score("close", 1, length=5)
    with pytest.raises(CompanionError) as caught:
        table.score(*event)
    assert caught.value.code == code and len(table.events) == 1


def test_bonuses_never_go_below_zero_a_cloud_then_costs_a_letter_and_the_prize_refills():
    table = session()
    table.score("bonus_spent", 0)
    table.score("bonus_spent", 0)
    with pytest.raises(CompanionError, match="no bonus"):
        table.score("bonus_spent", 0)
    cloud = table.score("cloud", 0)
    assert table.bonuses()[0] == 0 and table.penalised(cloud) == [0]
    assert table.log()[-1][0] == "companion.log.cloud_letter"
    table.score("long_prize", 0, prize="bonus")
    assert table.bonuses()[0] == 1


@pytest.mark.parametrize("players", [2, 5])
def test_reaching_the_goal_names_the_winner_stops_scoring_and_undo_reopens(players):
    table = session(players)
    goal = table.goal
    while table.scores()[1] + 6 < goal:
        table.score("close", 1, length=9)
    assert not table.is_over()
    table.score("close", 1, length=9)
    assert table.is_over() and table.winners() == [1] and table.tally()[3] == "goal"
    with pytest.raises(CompanionError) as caught:
        table.score("close", 0, length=4)
    assert caught.value.code == "companion.over"
    assert table.undo()["kind"] == "close" and not table.is_over()


def test_an_end_without_the_goal_gives_the_win_to_the_most_points_ties_included():
    table = session(3)
    table.score("close", 0, length=5)
    table.score("close", 2, length=4)
    table.end("closed")
    assert table.winners() == [0, 2] and table.tally()[3] == "closed"
    with pytest.raises(CompanionError):
        table.end("stalemate")


def test_undo_on_an_empty_sheet_says_so():
    with pytest.raises(CompanionError) as caught:
        session().undo()
    assert caught.value.code == "companion.nothing_to_undo"


# --- the referee ----------------------------------------------------------------------------
REFEREE_CASES = [
    ("en", "word", "police", "", None), ("en", "word", "polx", "", None), ("en", "word", "pol", "", None),
    ("en", "prefix", "POLI", "", None), ("en", "prefix", "XQZW", "", None),
    ("en", "meaning", "POLI", "POLICE/POLICEMAN", None), ("en", "meaning", "CONCL", "CONCLUDING/CONCLAVE", None),
    ("en", "meaning", "PO", "POLICE", None), ("en", "meaning", "ASCE", "ASC", None),
    ("en", "shortest", "ASCE", "ASCETICAL", None), ("en", "shortest", "ASCE", "ASCETICAL", "ASCETIC"),
    ("en", "shortest", "POLI", "POLICE", None), ("en", "shortest", "POLI", "POLICEMAN", "POLITICAL"),
    ("it", "word", "tappo", "", None), ("it", "word", "perché", "", None), ("it", "word", "tappz", "", None),
    ("it", "prefix", "TAPP", "", None), ("it", "prefix", "QZ", "", None),
    ("it", "meaning", "TAPP", "TAPPO/TAPPARE", None), ("it", "meaning", "CONCL", "CONCLUDERE/CONCLUSIONE", None),
    ("it", "shortest", "CONCL", "CONCLUSIONE", None), ("it", "shortest", "TAPP", "TAPPARE", "TAPPETO"),
    ("it", "shortest", "TAPP", "TAPPARE", "TAPPO"),
]


def judge_says(wl, question, letters, declared, word):
    """The digital game's judge, asked directly: (ok, code, params)."""
    letters = dictionary.fold(letters)
    words = [w for w in declared.split("/") if w]
    if question == "word":
        return wl.is_word(letters) and len(letters) >= 4
    if question == "prefix":
        return wl.has_prefix(letters)
    if len(letters) < 3:
        return False, "declare_early", {"min": 3}
    if question == "meaning":
        judged = wl.judge_declaration(letters, words)
        return judged.ok and judged.params["unique"], judged.code, judged.params
    length = min(len(w) for w in words)
    if word is None:
        admissible = wl.declaration_admissible(letters, words)
        if not admissible.ok:
            return False, admissible.code, admissible.params
        word = min((wl.shortest_in_family(letters, w) for w in words), key=len)
        if len(word) >= length:
            return False, "no_shorter", {}
    judged = wl.judge_correction(letters, words, word, length)
    return judged.ok, judged.code, judged.params


@pytest.mark.parametrize("lang, question, letters, declared, word", REFEREE_CASES)
def test_the_referees_verdicts_are_the_digital_games_judge(lists, lang, question, letters, declared, word):
    verdict = referee(lists[lang], question, letters, declared, word)
    expected = judge_says(lists[lang], question, letters, declared, word)
    if question in ("word", "prefix"):
        assert verdict.ok == expected
        return
    ok, code, params = expected
    assert verdict.ok == ok and verdict.key.endswith("." + code)
    if code != "no_shorter":
        assert verdict.params == params
        assert verdict.key == ("alphagon.judge." if code in ("shorter", "unique", "contradicted_by")
                               else "error.alphagon.") + code


def test_the_referee_refuses_what_is_not_letters(lists):
    for bad in ("", "  ", "A1B", "x" * 41):
        with pytest.raises(CompanionError):
            referee(lists["en"], "word", bad)
    with pytest.raises(CompanionError):
        referee(lists["en"], "meaning", "POLI", "")
    with pytest.raises(CompanionError):
        referee(lists["en"], "spell", "POLI")
    assert set(QUESTIONS) == {"word", "prefix", "meaning", "shortest"}


def test_a_ruling_and_its_overrule_are_logged_and_score_nothing(lists):
    table = session()
    verdict = referee(lists["en"], "word", "polx")
    table.record_ruling(verdict)
    table.record_ruling(verdict, overruled=True)
    assert table.scores() == [0, 0]
    (key, params), (key2, params2) = table.log()
    assert key == "companion.log.ruling" and key2 == "companion.log.ruling_overruled"
    assert params["verdict"] == ("error.alphagon.not_a_word", {"word": "POLX"}) and params["letters"] == "POLX"


# --- saving ---------------------------------------------------------------------------------
def played(lists=None) -> Session:
    table = session(5, "it", seed=11, first=3)
    for event in EVENTS:
        kind, player, other, length, prize = event[0]
        table.score(kind, player, other, length, prize)
    if lists is not None:
        table.record_ruling(referee(lists["it"], "meaning", "TAPP", "TAPPO"), overruled=True)
    return table


def test_a_session_survives_a_json_round_trip(lists):
    table = played(lists)
    again = Session.from_json(json.loads(json.dumps(table.to_json())))
    assert again.to_json() == table.to_json()
    assert (again.racks, again.first, again.tally(), again.log()) == (table.racks, table.first, table.tally(), table.log())
    drawn = session(3, seed=5)
    assert Session.from_json(drawn.to_json()).first_drawn


def damaged(change):
    data = json.loads(json.dumps(played().to_json()))
    change(data)
    return data


@pytest.mark.parametrize("change, code", [
    (lambda d: d.update(kind="alphagon"), "companion.bad_save"),
    (lambda d: d.update(format=9), "companion.bad_save_format"),
    (lambda d: d.pop("names"), "companion.bad_save_field"),
    (lambda d: d.update(events="many"), "companion.bad_save_field"),
    (lambda d: d.update(seed="x"), "companion.bad_save_entry"),
    (lambda d: d.update(lang="fr"), "companion.bad_save_entry"),
    (lambda d: d["names"].append("Zed"), "companion.bad_save_entry"),
    (lambda d: d["events"].append({"kind": "close", "player": 9, "length": 5}), "companion.bad_save_entry"),
    (lambda d: d["events"].append({"kind": "close", "player": 0, "length": "5"}), "companion.bad_save_entry"),
    (lambda d: d["events"].append({"kind": "explode"}), "companion.bad_save_entry"),
    (lambda d: d["events"].append({"kind": "ruling", "question": "word"}), "companion.bad_save_entry"),
    (lambda d: d["events"].extend([{"kind": "close", "player": 0, "length": 15}] * 10), "companion.bad_save_entry"),
    (lambda d: d["racks"].pop(), "companion.bad_save_entry"),
    (lambda d: d["racks"].__setitem__(0, "AAEIBCD!"), "companion.bad_save_entry"),
    (lambda d: d["racks"].__setitem__(0, "AEIOBCD"), "companion.bad_save_entry"),  # 4 vowels
    (lambda d: d["racks"].__setitem__(0, "AEIHHHB"), "companion.bad_save_entry"),  # 3 H: each sack has 2
])
def test_a_damaged_save_is_refused_with_a_reason(change, code):
    with pytest.raises(CompanionError) as caught:
        Session.from_json(damaged(change))
    assert caught.value.code == code


def test_saved_letters_are_kept_even_if_the_deal_would_now_give_others():
    data = played().to_json()
    data["racks"][0] = "ABCDEIN"
    assert Session.from_json(data).racks[0] == "ABCDEIN"
    del data["racks"]  # an older save: dealt again from its seed
    assert Session.from_json(data).racks == played().racks


def test_a_verdict_round_trips_and_a_damaged_one_is_refused(lists):
    verdict = referee(lists["en"], "meaning", "POLI", "POLICE/POLICEMAN")
    again = Verdict.from_json(verdict.to_json())
    assert again.to_json() == verdict.to_json()
    with pytest.raises(CompanionError):
        Verdict.from_json({**verdict.to_json(), "params": {"x": [1]}})


def test_the_first_player_is_drawn_fairly_over_many_seeds():
    counts = [0, 0, 0]
    for seed in range(300):
        counts[session(3, seed=seed, deal="random").first] += 1
    assert all(70 <= count <= 130 for count in counts), counts


def test_every_text_the_companion_can_show_exists_in_both_languages():
    import inspect
    import re

    from ludoteca.games.alphagon import companion, companion_ui, ui

    source = inspect.getsource(companion)
    keys = {"error.companion." + code for code in re.findall(r'_fail\([^)]*?"([a-z_]+)"', source)}
    keys |= set(re.findall(r'"(companion\.judge\.[a-z_]+)"', source))
    keys |= {f"companion.log.{kind}" for kind in companion.EVENT_KINDS if kind != companion.RULING}
    keys |= {"companion.log.cloud_letter", "companion.log.ruling", "companion.log.ruling_overruled"}
    keys |= {"error.alphagon." + code for code in ("too_short", "not_a_word", "declare_early", "not_prefix", "mixed",
                                                   "other_meaning_not_correction", "not_shorter")}
    keys |= {"alphagon.judge." + code for code in ("unique", "contradicted_by", "shorter")}
    keys |= {f"alphagon.end.{reason}" for reason in companion.END_REASONS}
    assert len(keys) > 50
    for lang in ("en", "it"):
        assert keys <= set(ui.MESSAGES[lang]), sorted(keys - set(ui.MESSAGES[lang]))
        assert set(companion_ui.MESSAGES[lang]) <= set(ui.MESSAGES[lang])
