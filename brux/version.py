"""The version of brux (written into every results manifest and game record)."""

__version__ = "0.1.0"
