"""Judging words: the dictionary's verdicts with their reasons, and the
table's own judging (vote or host) for house rules."""

import pytest

from ludoteca.games.alphagon import dictionary
from ludoteca.games.alphagon.components import cell_name

from .helpers import ROOT, build_word, expect_error, give, new_state, play


@pytest.fixture(scope="module")
def lists():
    return {lang: dictionary.load(lang, (ROOT / f"web/words/{lang}.txt.gz").read_bytes()) for lang in ("en", "it")}


# --- "one meaning" on the rulebook examples ------------------------------------------------
@pytest.mark.parametrize("lang, prefix, declared, contradiction", [
    ("en", "CONCL", ["CONCLUDING", "CONCLUSION"], "CONCLAVE"),
    ("it", "CONCL", ["CONCLUDERE", "CONCLUSIONE"], "CONCLAVE"),
    ("en", "POLI", ["POLICE", "POLICEMAN"], "POLICLINIC"),
    ("it", "TAPP", ["TAPPO", "TAPPARE"], "TAPPETO"),
])
def test_a_set_of_declared_words_is_one_meaning_and_the_rulebooks_contradiction_is_another(
        lists, lang, prefix, declared, contradiction):
    wl = lists[lang]
    verdict = wl.judge_declaration(prefix, declared)
    assert verdict.ok and verdict.code == "contradicted_by" and not verdict.params["unique"]
    against = wl.judge_contradiction(prefix, declared, contradiction)
    assert against.ok and against.code == "other_meaning"
    assert against.params == {"word": contradiction, "prefix": prefix, "declared": "/".join(declared)}


@pytest.mark.parametrize("lang, a, b", [
    ("en", "CONCLUDING", "CONCLUSION"),  # CONCLUDING is a form of CONCLUDE, which WordNet links
    ("en", "CONCLUDED", "CONCLUSIVE"),
    ("en", "POLICEMAN", "POLICE"),
    ("it", "TAPPARE", "TAPPO"),
    ("it", "FORMAZIONE", "FORMARE"),
    ("it", "CONCLUSIONE", "CONCLUDERE"),
])
def test_derived_forms_are_one_meaning_and_the_reason_names_a_real_word(lists, lang, a, b):
    wl = lists[lang]
    assert wl.same_family(a, b)
    root = wl.common_root(a, b)
    assert wl.is_word(root) and wl.same_family(root, a)  # never a made-up stem (CONCLUD, TEACHE)
    verdict = wl.judge_contradiction(a[:4], [a], b)
    assert not verdict.ok and verdict.code == "same_meaning" and verdict.params["declared"] == a
    assert verdict.params["root"] == root


def test_a_compound_verb_is_another_meaning_than_its_first_word(lists):
    # UNDERGO and OVERDO are verbs of their own (WordNet links no UNDER to them),
    # as UNDERSTAND is: UNDER contradicts a declared UNDERGOES.
    en = lists["en"]
    for head, compound, stem in (("UNDER", "UNDERGOES", "UNDERGO"), ("OVER", "OVERDOES", "OVERDO")):
        assert en.same_family(compound, stem) and not en.same_family(head, compound)
        assert en.judge_contradiction(head[:4], [compound], head).code == "other_meaning"
        assert en.judge_correction(head[:4], [compound], stem, len(compound)).ok


def test_declared_forms_outside_the_list_are_admitted_as_forms_of_listed_words(lists):
    en = lists["en"]
    assert not en.is_word("CONCLUDING") and en.is_form("CONCLUDING", "CONCL")
    assert not en.is_word("ASCETICAL") and en.is_form("ASCETICAL", "ASCE")
    assert not en.is_form("CONCLUXYZ", "CONCL")


@pytest.mark.parametrize("lang, word, base", [
    ("en", "POLICEMENTATIONS", "POLICEMEN"),  # once scored 6 and the long-word prize
    ("it", "TAPPOANDO", "TAPPO"),
    ("it", "CANTAREISSIMO", "CANTARE"),
])
def test_stacked_suffixes_are_no_word(lists, lang, word, base):
    wl = lists[lang]
    assert not wl.is_form(word)
    verdict = wl.judge_declaration(word[:4], [word])
    assert not verdict.ok and verdict.code == "not_a_form" and verdict.params == {"word": word, "base": base}


@pytest.mark.parametrize("edition, letters, declared, base", [
    ("en", "POLI", "POLICEMENTATIONS", "POLICEMEN"),
    ("it", "TAPP", "TAPPOANDO", "TAPPO"),
])
def test_a_stack_of_suffixes_is_refused_in_play_and_changes_nothing(edition, letters, declared, base):
    state = new_state(2, edition=edition, seed=17)
    build_word(state, letters, "D4", "E")
    p = state.to_move()[0]
    error = expect_error(state, p, f"declare {declared}", "not_a_form")  # the state is unchanged
    assert error.params == {"word": declared, "base": base}


@pytest.mark.parametrize("declared, code, params", [
    (["CONCLAVE", "CONCLUSION"], "mixed", {"word": "CONCLAVE", "other": "CONCLUSION"}),
    (["CONCLUXYZ"], "not_a_word", {"word": "CONCLUXYZ"}),
    (["POLICE"], "not_prefix", {"word": "POLICE", "prefix": "CONCL"}),
    (["CON"], "too_short", {"word": "CON", "min": 4}),
])
def test_inadmissible_declarations_say_why(lists, declared, code, params):
    verdict = lists["en"].judge_declaration("CONCL", declared)
    assert not verdict.ok and verdict.code == code and verdict.params == params


def test_corrections_must_be_shorter_words_of_the_same_family(lists):
    it = lists["it"]
    good = it.judge_correction("ASCE", ["ASCENSIONE"], "ASCESA", 10)
    assert good.ok and good.params["length"] == 6
    assert it.judge_correction("ASCE", ["ASCENSIONE"], "ASCELLA", 10).code == "other_meaning_not_correction"
    assert it.judge_correction("ASCE", ["ASCENSIONE"], "ASCENDERE", 9).code == "not_shorter"
    assert lists["en"].judge_correction("ASCE", ["ASCETICAL"], "ASCESIS", 9).ok


def test_a_unique_prefix_is_judged_unique(lists):
    verdict = lists["en"].judge_declaration("GIRAF", ["GIRAFFE"])
    assert verdict.ok and verdict.code == "unique" and verdict.params["unique"]
    assert "GIRAFFES" in verdict.family


def test_rulebook_examples_measured(lists):
    """The judge against the rulebooks' verdicts: every example agrees."""
    cases = [
        ("en", "CONCL", ["CONCLUDING", "CONCLUSION"], "CONCLAVE", False),
        ("it", "CONCL", ["CONCLUDERE", "CONCLUSIONE"], "CONCLAVE", False),
        ("en", "POLI", ["POLICE", "POLICEMAN"], "POLICLINIC", False),
        ("it", "TAPP", ["TAPPO", "TAPPARE"], "TAPPETO", False),
        ("en", "CONCL", ["CONCLUDING", "CONCLUSION"], "CONCLUSIVE", True),
        ("it", "TAPP", ["TAPPO", "TAPPARE"], "TAPPI", True),
        ("en", "POLI", ["POLICE", "POLICEMAN"], "POLICEMEN", True),
    ]
    agree = sum(lists[lang].judge_contradiction(p, d, w).ok != same for lang, p, d, w, same in cases)
    print(f"\nrulebook verdicts matched: {agree}/{len(cases)}")
    assert agree == len(cases)


# --- the table judges (R17) -----------------------------------------------------------------
def test_vote_judging_accepts_a_word_the_majority_approves():
    state = new_state(3, seed=41, judge="vote")
    build_word(state, "QWER", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "T")
    play(state, p, "place I4 T")
    play(state, p, "close")  # QWERT is no dictionary word: the table votes
    voters = [state.next_player(p), state.next_player(state.next_player(p))]
    assert state.phase == "vote" and state.to_move() == (voters[0],)
    play(state, voters[0], "vote yes")
    play(state, voters[1], "vote no")  # a tie approves
    assert state.points[p] == 4


def test_vote_judging_rejects_and_the_player_plays_on():
    state = new_state(3, seed=42, judge="vote")
    build_word(state, "QWER", "D4", "E")
    p = state.to_move()[0]
    give(state, p, "T")
    play(state, p, "place I4 T")
    play(state, p, "close")
    for _ in range(2):
        play(state, state.to_move()[0], "vote no")
    assert state.points[p] == 0 and state.to_move() == (p,) and state.phase == "turn"


def test_host_judging_asks_seat_one_only():
    state = new_state(4, seed=43, judge="host")
    build_word(state, "QWER", "D4", "E")
    doubter = state.to_move()[0]
    play(state, doubter, "doubt")
    doubted = state.doubt[1]
    play(state, doubted, "say QWERTY")
    assert state.to_move() == (0,) and state.phase == "vote"
    play(state, 0, "vote yes")
    assert state.points[doubted] == 5


def test_contradictions_under_table_judging_are_voted():
    state = new_state(2, seed=44, judge="vote")
    build_word(state, "ZEB", "D4", "E")
    p = state.to_move()[0]
    play(state, p, "declare ZEBRA")
    q = state.to_move()[0]
    play(state, q, "contradict ZEBU")
    assert state.to_move() == (p,)  # the only other voter is the declarer
    play(state, p, "vote no")
    assert state.points == [4 if x == p else 0 for x in range(2)]


def test_the_hosts_own_claims_are_voted_by_the_other_players():
    state = new_state(3, seed=45, judge="host")
    build_word(state, "QXZ", "D4", "E")
    while state.to_move() != (0,):
        play(state, state.to_move()[0], "pass")
    give(state, 0, "W")
    play(state, 0, f"place {cell_name(state.next_cell())} W")
    play(state, 0, "close")
    assert state.phase == "vote" and state.vote["voters"] == tuple(
        p for p in (state.next_player(0), state.next_player(state.next_player(0))))
    assert 0 not in state.vote["voters"]
    for voter in state.vote["voters"]:
        play(state, voter, "vote no")
    assert state.points[0] == 0 and state.word() == "QXZW"  # rejected: the host plays on
