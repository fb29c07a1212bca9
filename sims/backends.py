"""Where the chunks of a run can be played (`sims.execute` runs them)."""

#: local threads or processes, a Dask or a Ray cluster
BACKENDS = ("processes", "threads", "dask", "ray")
