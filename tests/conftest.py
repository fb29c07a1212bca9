"""Test-wide settings: hypothesis profiles (`ci`, bounded, by default; `long` on demand) and a headless backend."""

import os

import matplotlib
from hypothesis import HealthCheck, settings

matplotlib.use("Agg")

settings.register_profile("ci", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=100_000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
