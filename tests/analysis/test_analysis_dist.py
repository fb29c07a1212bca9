"""analysis._dist gives exactly the values of its scipy.stats counterparts."""

import numpy as np
import pytest
from scipy import stats

from analysis import _dist

Q = np.concatenate([np.linspace(0.0, 1.0, 401), [1e-300, 1 - 1e-16, np.nan, -0.1, 1.1]])
X = np.concatenate([np.linspace(-40.0, 40.0, 801), [np.inf, -np.inf, np.nan]])
DF = [0.5, 1.0, 2.0, 3.0, 29.0, 1e6, 0.0, -1.0, np.nan]


def _same(a, b) -> bool:
    return np.array_equal(np.asarray(a), np.asarray(b), equal_nan=True)


def test_normal_quantiles_and_tails() -> None:
    assert _same(_dist.norm_ppf(Q), stats.norm.ppf(Q))
    assert _same(_dist.norm_isf(Q), stats.norm.isf(Q))
    assert _same(_dist.norm_sf(X), stats.norm.sf(X))
    assert _dist.norm_ppf(0.975) == stats.norm.ppf(0.975)
    assert _dist.norm_sf(1.5) == stats.norm.sf(1.5)


@pytest.mark.parametrize("df", DF)
def test_student_t(df: float) -> None:
    assert _same(_dist.t_ppf(Q, df), stats.t.ppf(Q, df))
    assert _same(_dist.t_sf(X, df), stats.t.sf(X, df))


def test_student_t_per_element_df() -> None:
    n = np.array([1.0, 2.0, 5.0, 100.0])
    assert _same(_dist.t_ppf(0.975, n), stats.t.ppf(0.975, n))


@pytest.mark.parametrize("df", [1, 2, 3.5])
def test_chi_square(df: float) -> None:
    assert _same(_dist.chi2_ppf(Q, df), stats.chi2.ppf(Q, df))
