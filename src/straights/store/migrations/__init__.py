"""Alembic migrations of the store's schema, shipped with the package.

:func:`straights.store.opening.open_store` runs them on every open, so an installed
copy migrates a database written by an older release.  To add a migration, write
``versions/NNNN_what.py`` with ``revision = "NNNN"`` and ``down_revision`` the
previous one (``script.py.mako`` is the template), and bump
:data:`straights.store.schema.SCHEMA_VERSION`.
"""
