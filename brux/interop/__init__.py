"""Adapters to other frameworks (optional extras): `brux.interop.pettingzoo`."""
