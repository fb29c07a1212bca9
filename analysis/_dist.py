"""Normal, Student t and chi-square quantiles and tails from ``scipy.special`` (``scipy.stats`` is slow to import).

Each function computes exactly what its ``scipy.stats`` counterpart computes for standard location and scale
(the same special function on the same arguments), so the values are identical.
"""

from __future__ import annotations

import numpy as np
from scipy import special as _sc


def norm_ppf(q):
    """``scipy.stats.norm.ppf``: the standard normal quantile."""
    return _sc.ndtri(q)


def norm_isf(q):
    """``scipy.stats.norm.isf``: the standard normal upper quantile."""
    return -_sc.ndtri(q)


def norm_sf(x):
    """``scipy.stats.norm.sf``: the standard normal upper tail probability."""
    return _sc.ndtr(np.negative(x))


def t_ppf(q, df):
    """``scipy.stats.t.ppf``: the Student t quantile on ``df`` degrees of freedom."""
    q = np.asarray(q, dtype=float)
    return np.where((q == 0) & (np.asarray(df) > 0), -np.inf, _sc.stdtrit(df, q))[()]  # stdtrit(df, 0) is +inf


def t_sf(x, df):
    """``scipy.stats.t.sf``: the Student t upper tail probability on ``df`` degrees of freedom."""
    return _sc.stdtr(df, np.negative(x))


def chi2_ppf(q, df):
    """``scipy.stats.chi2.ppf``: the chi-square quantile on ``df`` degrees of freedom."""
    return 2 * _sc.gammaincinv(np.divide(df, 2), q)
