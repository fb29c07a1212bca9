"""Tournaments: seat permutations on common seeds, win shares with intervals, per-seat shares and ratings."""

from sims.cli import main
from sims.tournament import SLUG_MAX, lineup_folder, tournament


def test_tournament_rotates_seats_on_common_seeds_and_ranks_greedy_first(tmp_path):
    result = tournament("bruxelles1897", 3, ["greedy", "random", "random"], 200, seed=4, out=tmp_path, jobs=1,
                        chunk_size=100)
    assert len(result.runs) == 3  # greedy in each seat once
    seeds = [r.table().filter(r.table()["seat"] == 0)["seed"].to_list() for r in result.runs]
    assert seeds[0] == seeds[1] == seeds[2]  # common random numbers
    agents = result.agents()
    greedy = agents.filter(agents["agent"] == "greedy").row(0, named=True)
    assert greedy["seats_played"] == 600 and greedy["low"] > 1 / 3
    assert sorted(result.per_seat().filter(result.per_seat()["agent"] == "greedy")["seat"].to_list()) == [0, 1, 2]
    assert result.ratings()["agent"].to_list()[0] == "greedy"


def test_tournament_command_prints_a_summary(tmp_path, capsys):
    code = main(["tournament", "bruxelles1897", "--agents", "greedy,random", "--players", "2", "--games", "50",
                 "--out", str(tmp_path), "--jobs", "1", "--quiet"])
    assert code == 0
    out = capsys.readouterr().out
    assert "Plackett-Luce rating" in out and "greedy" in out and "lineups: 2" in out
    assert main(["tournament", "bruxelles1897", "--agents", "alphazero", "--games", "5", "--out", str(tmp_path)]) == 2


def test_a_lineup_folder_is_short_and_distinct_however_long_the_specs():
    assert lineup_folder(("greedy", "random")) == "greedy_random"  # short names are kept as they were
    weights = ",".join(f"w_f{i}={i}.125" for i in range(20))
    long_a = (f"heuristic:landlord,{weights}", "greedy", "greedy")
    long_b = (f"heuristic:landlord,{weights}", "greedy", "random")
    names = {lineup_folder(long_a), lineup_folder(long_b)}
    assert len(names) == 2 and all(len(n) <= SLUG_MAX for n in names)
    assert lineup_folder(long_a) == lineup_folder(long_a) and lineup_folder(long_a).startswith("heuristic_landlord")


def test_a_tournament_of_long_specs_writes_its_folders(tmp_path):
    spec = "heuristic:balanced," + ",".join(f"w_{f}=1.0625" for f in ("vp", "money", "prison", "materials", "nobles",
                                                                "house_vp", "artworks", "colours"))
    assert len("+".join((spec, "random"))) > SLUG_MAX
    result = tournament("bruxelles1897", 2, [spec, "random"], 10, seed=2, out=tmp_path, jobs=1, chunk_size=10)
    folders = sorted(p.name for p in tmp_path.iterdir() if p.is_dir())
    assert len(result.runs) == 2 and len(folders) == 2 and all(len(f) <= SLUG_MAX for f in folders)
