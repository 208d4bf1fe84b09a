"""Fixtures of the web table's tests (the helpers live in ``webtools``, a unique name)."""

from webtools import browser, clients, make_server

__all__ = ["browser", "clients", "make_server"]
