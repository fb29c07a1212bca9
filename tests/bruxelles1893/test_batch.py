"""Random batches of Bruxelles 1893 through sims and analysis; the Python agents replay batch games exactly."""

import brux


def test_sims_and_analysis_run_bruxelles1893(tmp_path):
    import analysis
    from sims.run import run

    res = run("bruxelles1893", players=4, games=300, seed=3, chunk_size=120, jobs=1, out=tmp_path / "r")
    table = res.table()
    game = brux.load_game("bruxelles1893", players=4)
    assert table.height == 1200
    assert [c for c in table.columns if c.startswith("vp_")] == [f"vp_{s}" for s in game.vp_sources]
    direct = game.play_random(300, master_seed=3)
    assert table["vp"].to_numpy().tolist() == direct["vp"].ravel().tolist()
    assert set(table["opening_1"].unique()) <= set(game.opening_labels())
    assert analysis.seat_balance(table).height == 4
    assert analysis.score_sources(table).height > 0
    assert analysis.opening_strength(table, depth=2, min_games=5).height > 0
