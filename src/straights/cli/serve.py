"""``straights serve``: host the web table (one process: the page, the WebSocket, the game)."""

from __future__ import annotations

from typing import Annotated

import typer

from straights.cli.app import app
from straights.errors import ConfigurationError

#: Seconds the server gives open connections to finish after Ctrl-C.
GRACEFUL_SECONDS = 2
#: File descriptors kept free of connections: the database, logs, the event loop.
SPARE_FILES = 64
#: The most connections ``--max-connections`` allows by default.
DEFAULT_MAX_CONNECTIONS = 10_000


def connection_limit(requested: int | None) -> int:
    """The connections (HTTP and WebSocket together) the server accepts at once.

    By default as many as the open-file limit allows (raised to its hard limit
    first), less :data:`SPARE_FILES`, and at most :data:`DEFAULT_MAX_CONNECTIONS`:
    past it uvicorn answers 503 at once instead of failing to accept.

    >>> connection_limit(500)
    500
    >>> 1 <= connection_limit(None) <= DEFAULT_MAX_CONNECTIONS
    True
    """
    if requested is not None:
        return requested
    try:
        import resource
    except ImportError:  # pragma: no cover - not on POSIX
        return 1000
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = DEFAULT_MAX_CONNECTIONS + SPARE_FILES
    if soft != resource.RLIM_INFINITY and soft < want:
        target = want if hard == resource.RLIM_INFINITY else min(want, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY:
        return DEFAULT_MAX_CONNECTIONS
    return max(1, min(DEFAULT_MAX_CONNECTIONS, soft - SPARE_FILES))


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
        float,
        typer.Option(
            min=0.0,
            max=10.0,
            help="Seconds a bot waits before acting, for tables created without their own "
            "bot delay (the page's form sets one: 1 s unless the host changes it).",
        ),
    ] = 0.8,
    deal_delay: Annotated[
        float,
        typer.Option(
            min=0.0, max=60.0, help="Seconds between the end of a hand and the next deal."
        ),
    ] = 3.0,
    max_per_address: Annotated[
        int,
        typer.Option(
            min=1, help="Open WebSockets, and open plain HTTP connections, allowed per address."
        ),
    ] = 100,
    max_connections: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Connections (HTTP and WebSocket) served at once; more are answered 503. "
            "Default: what the open-file limit allows, at most 10000.",
        ),
    ] = None,
    request_timeout: Annotated[
        float,
        typer.Option(
            min=0.5,
            max=300.0,
            help="Seconds a client has to send a whole HTTP request (and a new WebSocket "
            "its hello) before it is disconnected.",
        ),
    ] = 10.0,
    proxy_headers: Annotated[
        bool,
        typer.Option(
            help="Take the client's address and scheme from X-Forwarded-For/-Proto, "
            "from the proxies of --forwarded-allow-ips only."
        ),
    ] = False,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            metavar="ADDR",
            help="Comma-separated addresses or networks of the reverse proxies to trust "
            "(needs --proxy-headers).",
        ),
    ] = None,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME",
            help="A host name the server answers to (repeatable; '*.example.org' and '*' "
            "allowed). Default: loopback names when --host is loopback, else any.",
        ),
    ] = None,
    ping_timeout: Annotated[
        float,
        typer.Option(
            min=0.5,
            max=300.0,
            help="Seconds a WebSocket may go without answering a ping, or without taking "
            "a message it is sent (a client that stopped reading), before it is cut off.",
        ),
    ] = 20.0,
    quiet: Annotated[bool, typer.Option(help="No access log.")] = False,
) -> None:
    """Serve the web table: open http://HOST:PORT/, create a table, share its link."""
    from straights.extras import require

    require("web", "straights serve")
    import uvicorn

    from straights.cli import interrupt
    from straights.store import Store
    from straights.web.app import create_app
    from straights.web.guard import LOOPBACK_NAMES
    from straights.web.http_limits import check_addresses, guarded_http, trusted_addresses
    from straights.web.protocol import MAX_FRAME_BYTES

    interrupt.set_grace(GRACEFUL_SECONDS + 0.5)  # let Ctrl-C close the connections first
    if proxy_headers and not forwarded_allow_ips:
        raise ConfigurationError(
            "--proxy-headers needs --forwarded-allow-ips ADDR: the address of your proxy"
        )
    if forwarded_allow_ips is not None and not proxy_headers:
        raise ConfigurationError("--forwarded-allow-ips is used with --proxy-headers only: add it")
    if forwarded_allow_ips and (problem := check_addresses(forwarded_allow_ips)):
        raise ConfigurationError(f"--forwarded-allow-ips: {problem}")
    for name in allowed_host or ():
        if not name.strip() or any(c.isspace() or c in "/:@" for c in name.strip()):
            raise ConfigurationError(
                f"--allowed-host {name!r}: give a host name like example.org, *.example.org or *"
            )
    hosts = allowed_host or (list(LOOPBACK_NAMES) if _is_loopback(host) else ["*"])
    check_port(host, port)  # a port in use is one line, before the banner
    # Open (and migrate) the database now: a bad --db is one line, not a failed start-up.
    store = Store(db)
    url, where = store.url, store.where
    store.close()
    application = create_app(
        url,
        bot_delay=bot_delay,
        deal_delay=deal_delay,
        max_per_address=max_per_address,
        allowed_hosts=hosts,
        join_timeout=request_timeout,
        send_timeout=ping_timeout,
    )
    http = guarded_http(
        request_timeout=request_timeout,
        max_per_address=max_per_address,
        trusted=trusted_addresses(forwarded_allow_ips or ""),
    )
    typer.echo(f"Straights web table on http://{host}:{port}/  (database: {where})")
    uvicorn.run(
        application,
        host=host,
        port=port,
        http=http,
        # Only the configured proxies may say who the client is (uvicorn would
        # otherwise trust X-Forwarded-For from any local process).
        proxy_headers=proxy_headers,
        forwarded_allow_ips=forwarded_allow_ips or "",
        timeout_keep_alive=5,
        limit_concurrency=connection_limit(max_connections),
        h11_max_incomplete_event_size=16 * 1024,
        ws="websockets-sansio",
        ws_max_size=MAX_FRAME_BYTES,
        # States are a few KB: compressing each once per client costs more CPU than
        # the bandwidth it saves (docs/web.md, the load benchmark).
        ws_per_message_deflate=False,
        ws_ping_interval=20.0,
        ws_ping_timeout=ping_timeout,
        log_level="warning" if quiet else "info",
        access_log=not quiet,
        timeout_graceful_shutdown=GRACEFUL_SECONDS,
    )
    if interrupt.pending():  # uvicorn stopped on Ctrl-C and did not raise it again
        raise KeyboardInterrupt


def check_port(host: str, port: int) -> None:
    """Raise :class:`ConfigurationError` in one line when ``host:port`` cannot be listened on
    (taken by another program, a privileged port, an address not on this machine).

    >>> import socket
    >>> with socket.socket() as taken:
    ...     taken.bind(("127.0.0.1", 0)); taken.listen()
    ...     check_port("127.0.0.1", taken.getsockname()[1])
    Traceback (most recent call last):
    ...
    straights.errors.ConfigurationError: --port ...: 127.0.0.1 port ... is in use ...
    """
    import errno
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as exc:
        raise ConfigurationError(f"--host {host}: not an address of this machine ({exc})") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                why = "is in use by another program: stop it, or choose another --port"
            elif exc.errno == errno.EACCES:
                why = "needs privileges to listen on: choose a --port above 1023"
            else:
                why = f"cannot be listened on ({exc.strerror})"
            raise ConfigurationError(f"--port {port}: {host} port {port} {why}") from None


def _is_loopback(host: str) -> bool:
    """True for addresses only this machine can reach (127.0.0.0/8, ::1, localhost)."""
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
