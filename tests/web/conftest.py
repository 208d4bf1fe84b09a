"""Fixtures of the web table's tests (the helpers live in ``webtools``, a unique name)."""

from webtools import clients, make_server

__all__ = ["clients", "make_server"]
