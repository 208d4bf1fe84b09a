"""Alembic's environment: migrate the connection :func:`~straights.store.opening.migrate`
hands over in ``config.attributes["connection"]``."""

from alembic import context


def run() -> None:
    """Run the pending migrations in the caller's transaction."""
    context.configure(connection=context.config.attributes["connection"])
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # run by Alembic, not merely imported (doctest collection)
    run()
