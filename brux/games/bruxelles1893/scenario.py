"""States built from a readable view (rules 14.6)."""
