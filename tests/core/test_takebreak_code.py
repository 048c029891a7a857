"""Take-and-break codes (``sprague.core.takebreak_code``): reading, the normal form, loopy codes, first cousins, words.

Values of every code form are compared with the rules in ``tests/kernels/test_takebreak_generic.py``;
here the language itself, and the named games against the literature.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import naive
import sprague
from sprague.cli import main
from sprague.core.takebreak_code import TBCode, partition_count, partitions

# --------------------------------------------------------------------------------------------------- reading
ROUND_TRIPS = [
    "0.77",
    "4!.0",
    "{2+}!.0",
    "0.[3]",
    "0.[37]",
    "8?.0",
    "8=.0",
    "0.{1,2!,3?}",
    "0.*",
    "0.*!",
    "0.{2+}=",
    "80.0",
    "8=0.0",
    "{3+}0.6",
    "&64;.0",
    "0.&1048578;",
    "0.{1,3=+}",
    "0.[{0+}=]",
    "0.F",
    "0.V",
    "0.{1,2,3,4,5,6}!{6}",
    "0.7[4!]",
    "{2+}?.0",
    "{3+}=.0",
    "0.{0,2+}",
    "{4!}00.7",
    "0.0",
    "C?.0",
]


@pytest.mark.parametrize("text", ROUND_TRIPS)
def test_every_construction_round_trips_through_its_normal_form(text):
    code = TBCode.parse(text)
    assert TBCode.parse(str(code)) == code
    assert str(TBCode.parse(str(code))) == str(code)
    assert eval(repr(code), {"TBCode": TBCode}) == code
    assert hash(code) == hash(TBCode.parse(str(code)))


@pytest.mark.parametrize(
    "spellings",
    [
        ["4", "4.0", "4.000", "4."],  # CGSuite: "4" and "4.0"
        [".77", "0.77", "0.770", "0.77[0]", "0.77[00]"],  # trailing zeros, a repeating part of zeros
        ["0.[3]", "0.3[3]", "0.[33]", "0.33[33]"],  # the shortest repeating part, as early as it can start
        ["0.C", "0.{2,3}", "0.{3,2}", "0.&12;", "0.c"],  # hexadecimal digit, list, &N;, lower case
        ["4!.0", "4?.0", "{2!}.0", "{2?}.0"],  # two heaps not all equal are two unequal heaps
        ["0.3", "0.3!", "0.3?", "0.3="],  # a constraint on 0 or 1 heaps does nothing
        ["0.7!", "0.7?", "0.{0,1,2!}"],
        ["0.*", "0.{0+}", "0.{0,1+}", "0.{0,1,2,3+}"],  # any number of heaps
        ["{2+}.0", "{2,3+}.0", "{3,2+}.0"],  # '+' extends the largest count
        ["0.{2+}!", "0.{2!,3!+}", "0.{2!+}"],
        ["1.0", "0.0", "0", ".", "10.0"],  # leaving nothing from an empty heap, or after adding, is no move
        ["8?.0", "{3?}.0"],
        ["0.{2!,3?}", "0.C?"],
    ],
)
def test_equivalent_spellings_give_equal_codes(spellings):
    codes = [TBCode.parse(s) for s in spellings]
    assert all(c == codes[0] for c in codes), [str(c) for c in codes]
    assert str(codes[0]) == str(TBCode.parse(spellings[0]))


def test_normal_forms_look_like_cgsuite():
    assert [
        str(TBCode.parse(s))
        for s in ["4", "0.770", "0.3[3]", "0.{2,3}", "{2,3+}.0", "0.{0+}", "0.&40;", "0.{2!,3}", "4?.0"]
    ] == ["4.0", "0.77", "0.[3]", "0.C", "{2+}.0", "0.*", "0.&40;", "0.{2!,3}", "4!.0"]


BAD = [  # code, the place named, words of the message
    ("0.8x", "'x' at place 4", "a digit is 0-9 or A-V, &N;, {list}, or *"),
    ("0.[", "ends early", "'[' is not closed"),
    ("0.{2", "'{' at place 3", "not closed by '}'"),
    ("0.{}", "'{' at place 3", "lists no heap count"),
    ("0.{2+", "'{' at place 3", "not closed"),
    ("4..0", "'.' at place 3", "one point"),
    ("0.7]", "']' at place 4", "not there"),
    ("&;", "';' at place 2", "&N; holds a whole number"),
    ("0.!", "'!' at place 3", "a digit is"),
    ("0.[7]7", "'7' at place 6", "nothing may follow"),
    ("0.[]", "']' at place 4", "repeats nothing"),
    ("[3].0", "'[' at place 1", "comes after the point"),
    ("0.[3][3]", "'[' at place 6", "nothing may follow"),
    ("0.&12", "'&' at place 3", "needs its ';'"),
    ("0.{2,,3}", "',' at place 6", "heap counts"),
    ("0.{2+,3}", "',' at place 6", "'+' ends the list"),
    ("0.{2!,3}?", "'?' at place 9", "cannot join"),
    ("0.{2!,2}", "'{' at place 3", "listed twice"),
    ("0.{64}", "'4' at place 5", "at most 63"),
    ("0.&18446744073709551616;", "';' at place 24", "at most 63 heaps"),
    ("0.7 7", "' ' at place 4", "a digit is"),
    ("0.W", "'W' at place 3", "a digit is"),
    ("", "empty", "0.77"),
]


@pytest.mark.parametrize("text,where,words", BAD, ids=[b[0] or "empty" for b in BAD])
def test_a_malformed_code_names_the_character_and_what_is_allowed(text, where, words):
    with pytest.raises(sprague.InvalidParameter) as info:
        sprague.ruleset("takebreak", code=text)
    message = str(info.value)
    assert where in message and words in message and "\n" not in message and message.startswith("takebreak: ")


def test_a_long_code_is_refused_before_it_is_read():
    with pytest.raises(sprague.InvalidParameter, match="MAX_CODE_DIGITS"):
        TBCode.parse("0." + "{2,3}" * 10**5)
    with pytest.raises(sprague.InvalidParameter, match="MAX_CODE_DIGITS"):
        TBCode.parse("0." + "7" * 33)


# --------------------------------------------------------------------------------------------------- loopy codes
@pytest.mark.parametrize(
    "text,reason",
    [
        ("2.0", "d0 lets a heap be left as it is"),
        ("3.0", "d0 lets a heap be left as it is"),
        ("*.0", "d0 lets a heap be left as it is"),
        ("20.0", "d-1"),
        ("40.0", "d-1"),
        ("4!0.0", "d-1"),
        ("4=0.0", "d-1"),
        ("800.0", "d-2"),
        ("8=00.0", "d-2"),
        ("{2+}0.0", "d-1"),
        ("*!0.0", "d-1"),
    ],
)
def test_loopy_codes_are_refused_with_the_move_that_loops(text, reason):
    with pytest.raises(sprague.InvalidParameter, match="is loopy") as info:
        TBCode.parse(text)
    assert reason in str(info.value)


@pytest.mark.parametrize("a", [1, 2, 3, 4])
@pytest.mark.parametrize("i", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("c", ["", "!", "?", "="])
def test_the_loopy_condition_of_an_additive_digit_is_exact(a, i, c):
    """Adding ``a`` tokens and leaving ``i`` heaps under ``c``: refused exactly when some heap (of at most 30)
    has such a move leaving a heap at least as large as itself (the rules listed in tests/naive.py)."""

    def rule(k):
        return [(i, False, c)] if k == -a else None

    text = "{" + f"{i}{c}" + "}" + "0" * a + ".0"
    try:
        TBCode.parse(text)
        refused = False
    except sprague.InvalidParameter:
        refused = True
    assert refused == naive.takebreak_loops(rule, a, 30)


# --------------------------------------------------------------------------------------------------- properties
def test_properties():
    kayles, grundy, hexa, rep, add = (TBCode.parse(s) for s in ["0.77", "4!.0", "0.F", "0.[37]", "80.0"])
    assert (kayles.max_heaps, kayles.last_digit, kayles.is_octal, kayles.is_hexadecimal) == (2, 2, True, True)
    assert (kayles.unconstrained, kayles.additive) == (True, False)
    assert (grundy.max_heaps, grundy.last_digit, grundy.is_octal, grundy.unconstrained) == (2, 0, False, False)
    assert (hexa.max_heaps, hexa.is_octal, hexa.is_hexadecimal) == (3, False, True)
    assert (rep.last_digit, rep.period, rep.is_octal) == (None, 2, True)
    assert (add.additive, add.max_heaps, add.is_hexadecimal) == (True, 3, True)
    assert TBCode.parse("{2+}!.0").max_heaps is None


@pytest.mark.parametrize("c", ["", "!", "?", "="])
def test_partitions_and_their_counts_match_the_rule(c):
    for m in range(26):
        for i in range(7):
            mine = sorted(tuple(sorted(p)) for p in partitions(m, i, c))
            truth = sorted(p for p in naive._rising_parts(m, i, 1) if naive._allowed_parts(p, c))
            assert mine == truth and partition_count(m, i, c) == len(truth), (m, i, c)


# --------------------------------------------------------------------------------------------------- first cousins
COUSIN_CODES = [
    "0.07",
    "0.06",
    "0.007",
    "0.0007",
    "0.04",
    "0.26",
    "0.6",
    "0.2",
    "0.4",
    "0.44",
    "0.64",
    "0.204",
    "4.6",
    "4.2",
    "4.07",
    "0.0737",
    "4.44",
    "0.0404",
    "0.247",
    "0.0611",
]


@pytest.mark.parametrize("text", COUSIN_CODES)
def test_a_first_cousin_has_the_values_shifted_by_one(text):
    """Winning Ways ch. 4, checked by brute force: G_cousin(n) = G(n + 1), on the rules listed in tests/naive.py."""
    code = TBCode.parse(text)
    cousin = code.first_cousin()
    assert cousin is not None
    digits = [d.value for d in code.digits]
    values = naive.octal_sequence(digits, 81)
    assert naive.octal_sequence([d.value for d in cousin.digits], 80) == values[1:]
    assert cousin.digits[0].is_zero and code.standard_form().digits[1].value % 2 == 1
    parent = cousin.cousin_of()
    assert parent is not None and parent.first_cousin() == cousin
    assert naive.octal_sequence([d.value for d in parent.digits], 81) == values


def test_codes_with_odd_d1_or_beyond_octal_have_no_cousin():
    assert all(TBCode.parse(s).first_cousin() is None for s in ["0.77", "0.137", "4!.0", "0.8", "0.[2]", "0.0", "0.34"])
    assert str(TBCode.parse("0.07").first_cousin()) == "0.137"  # Dawson's Kayles and Dawson's chess
    assert TBCode.parse("0.0").standard_form() == TBCode.parse("0.0")


# --------------------------------------------------------------------------------------------------- words
@pytest.mark.parametrize(
    "text,words",
    [
        ("0.77", "remove 1 or 2 tokens, taking the whole heap or leaving one heap or two heaps"),
        ("4!.0", "split a heap into two different heaps"),
        ("{2+}!.0", "split a heap into two or more heaps, all different"),
        ("0.6", "remove 1 token, leaving one heap or two heaps"),
        ("0.[3]", "remove k tokens, for every k >= 1, taking the whole heap or leaving one heap"),
        ("8=0.0", "add 1 token to a heap and split it into three heaps, all equal"),
        (
            "0.137",
            "remove 1 token, taking the whole heap; remove 2 tokens, taking the whole heap or leaving one heap; "
            "remove 3 tokens, taking the whole heap or leaving one heap or two heaps",
        ),
        ("0.0", "no move"),
    ],
)
def test_describe_says_the_rules_in_words(text, words):
    assert TBCode.parse(text).describe() == words


# --------------------------------------------------------------------------------------------------- the ruleset
def test_grundys_game_is_4_unequal_and_matches_oeis_a002188():
    """OEIS A002188 (Grundy's game), the b-file in tests/data."""
    data = Path(__file__).resolve().parents[1] / "data" / "A002188.txt"
    known = [
        int(v)
        for line in data.read_text().splitlines()
        if not line.startswith("#")
        for v in line.split(",")
        if v.strip()
    ]
    n = len(known)
    assert n > 100
    assert sprague.ruleset("takebreak", code="4!.0").sequence(n).tolist() == known[:n]
    assert sprague.ruleset("grundys-game").params["code"] == "4!.0"


def test_aliases_and_the_normal_form_name_one_game():
    a, b, c = (
        sprague.ruleset(name, code=code)
        for name, code in [("takebreak", "0.77"), ("octal", "0.770"), ("take-and-break", ".77")]
    )
    assert a == b == c and repr(b) == "sprague.ruleset('takebreak', code='0.77')" and b.typed_code == "0.770"
    assert sprague.ruleset("kayles").sequence(80).tolist() == a.sequence(80).tolist()


def test_relations_name_equal_codes_and_cousins():
    assert sprague.ruleset("takebreak", code="0.770").relations()[:2] == [
        "0.770 is 0.77",
        "the same game as kayles (0.77)",
    ]
    assert set(sprague.ruleset("takebreak", code="0.137").relations()) == {
        "the same game as dawsons-chess (0.137)",
        "a first cousin of dawsons-kayles (0.07): G(n) = G_0.07(n+1)",
    }
    assert sprague.ruleset("takebreak", code="0.06").relations() == [
        "0.06 has the first cousin 0.037: G_0.037(n) = G(n+1)",
        "its standard form (Winning Ways ch. 4) is 0.1337",
    ]
    assert "0.77 is a first cousin of 4.4: G(n) = G_4.4(n+1)" in sprague.ruleset("kayles").relations()


def _run(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(list(argv), out=out, err=err) == 0, err.getvalue()
    return out.getvalue()


def test_cli_value_of_4_unequal_answers_like_grundys_game():
    a = _run("value", "takebreak", "-p", "code=4!.0", "10")
    b = _run("value", "grundys-game", "10")
    assert a.splitlines()[1:] == b.splitlines()[1:] and a.startswith("takebreak -p code=4!.0: 10\nG = 0,")


def test_cli_describe_says_the_rules_and_the_relations():
    text = _run("describe", "takebreak", "-p", "code={2+}!.0")
    assert "split a heap into two or more heaps, all different" in text
    assert "a first cousin of dawsons-kayles (0.07)" in _run("describe", "takebreak", "-p", "code=0.137")
    assert "0.247 is a first cousin of 0.245: G(n) = G_0.245(n+1)" not in _run(
        "describe", "takebreak", "-p", "code=0.247"
    )
    assert "0.3177 is a first cousin of 0.245" in _run("describe", "takebreak", "-p", "code=0.3177")
    assert "first cousin of dawsons-kayles" in _run("describe", "dawsons-chess")
    assert "first cousin of dawsons-kayles" in _run("list")
