"""A real local Dask cluster (two worker processes) gives the same results as a local run."""

import distributed

import sims


def test_dask_cluster_equals_local_run(tmp_path, reference_table, game_name):
    local = reference_table(1000, 11)
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0") as cluster:
        result = sims.run(game_name, 3, 1000, seed=11, chunk_size=100, backend="dask",
                          scheduler=cluster.scheduler_address, out=tmp_path / "r")
        with distributed.Client(cluster) as client:
            workers = client.scheduler_info()["workers"]
    assert len(workers) == 2
    assert result.manifest["games_done"] == 1000 and len(list((tmp_path / "r").glob("chunk-*"))) == 10
    assert result.table().equals(local)
