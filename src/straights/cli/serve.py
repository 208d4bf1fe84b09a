"""``straights serve``: host the web table (one process: the page, the WebSocket, the game)."""

from __future__ import annotations

from typing import Annotated

import typer

from straights.cli.app import app


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on; 0.0.0.0 to share on a LAN.")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(min=1, max=65535)] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database file or SQLAlchemy URL (default: straights.db in your data directory)."
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(min=0.0, max=10.0, help="Seconds a bot waits before acting.")
    ] = 0.8,
    deal_delay: Annotated[
        float,
        typer.Option(
            min=0.0, max=60.0, help="Seconds between the end of a hand and the next deal."
        ),
    ] = 3.0,
    max_per_address: Annotated[
        int, typer.Option(min=1, help="Open WebSockets allowed from one address.")
    ] = 100,
    quiet: Annotated[bool, typer.Option(help="No access log.")] = False,
) -> None:
    """Serve the web table: open http://HOST:PORT/, create a table, share its link."""
    import uvicorn

    from straights.store import Store
    from straights.web.app import create_app
    from straights.web.protocol import MAX_FRAME_BYTES

    # Open (and migrate) the database now: a bad --db is one line, not a failed start-up.
    store = Store(db)
    url, where = store.url, store.where
    store.close()
    application = create_app(
        url, bot_delay=bot_delay, deal_delay=deal_delay, max_per_address=max_per_address
    )
    typer.echo(f"Straights web table on http://{host}:{port}/  (database: {where})")
    uvicorn.run(
        application,
        host=host,
        port=port,
        ws="websockets-sansio",
        ws_max_size=MAX_FRAME_BYTES,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        log_level="warning" if quiet else "info",
        access_log=not quiet,
        timeout_graceful_shutdown=3,
    )
