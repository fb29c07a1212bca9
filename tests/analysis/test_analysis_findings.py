"""The findings on tables that are too small or malformed, the sentences' wording and the sequential note."""


from analysis import findings
from tests.analysis.synthetic import make_table


def test_the_verdict_sentence_names_the_best_and_worst_seat_and_the_seat_line_follows():
    f = findings(make_table(20_000, 3, seed=5, seat_bonus=[0, 0, 1]))
    assert f.sentences[0].startswith("Seats: not fair")
    assert "seat 2 (best) minus seat 0 (worst)" in f.sentences[0]
    assert f.sentences[1].startswith("Seats one at a time: the fair share is 33.3% win share each")
    d = f.to_dict()["fairness"][0]
    assert (d["best_seat"], d["worst_seat"]) == (2, 0) and len(d["pairs"]) == 3
