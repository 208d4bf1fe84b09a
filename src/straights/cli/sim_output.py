"""Where a simulation writes besides its summary: hand histories (``--out``) and a store (``--db``).

:class:`SimulationOutput` opens both before the first deal — so a path that cannot
be written is one line before any work — and, on leaving its ``with`` block,
closes the file, marks the stored tables finished and closes the store, whatever
happened. A file that opens but refuses the writes (a device, a full disk) is
one :class:`~straights.errors.ConfigurationError` naming it.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "deals.phhs")
>>> with SimulationOutput(path, None) as output:
...     output.write('variant = "NT"')
...     output.write('variant = "FR"')
>>> print(open(path, encoding="utf-8").read())
[1]
variant = "NT"
[2]
variant = "FR"
>>> SimulationOutput("/no/such/dir/x.phhs", None)
Traceback (most recent call last):
...
straights.errors.ConfigurationError: cannot write '/no/such/dir/x.phhs': No such file or directory
"""

from __future__ import annotations

import contextlib
from types import TracebackType
from typing import TYPE_CHECKING, TextIO

from straights.errors import ConfigurationError
from straights.poker.phh_text import phhs_entry

if TYPE_CHECKING:
    from straights.store import Store

__all__ = ["SimulationOutput"]


class SimulationOutput:
    """The ``--out`` file (``None``: none) and the ``--db`` store (``None``: none)."""

    def __init__(self, out: str | None, db: str | None) -> None:
        self.out = out
        self.written = 0
        self._sink: TextIO | None = None
        if out is not None:
            try:
                self._sink = open(out, "w", encoding="utf-8")  # noqa: SIM115
            except OSError as exc:
                raise ConfigurationError(f"cannot write {out!r}: {exc.strerror}") from exc
        self.store: Store | None = None
        self._tables: list[int] = []
        if db is not None:
            from straights.store import Store

            self.store = Store(db)

    @property
    def writing(self) -> bool:
        """Whether hand histories are written to a file."""
        return self._sink is not None

    def write(self, phh_text: str) -> None:
        """Append one hand history (PHH text) to the file as the next entry."""
        if self._sink is None:
            return
        self.written += 1
        self._sink.write(("\n" if self.written > 1 else "") + phhs_entry(self.written, phh_text))

    def stored(self, table_id: int) -> None:
        """Note a table stored for this run: it is marked finished at the end."""
        self._tables.append(table_id)

    def __enter__(self) -> SimulationOutput:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        sink = self._sink
        try:
            if sink is not None and exc is None:
                sink.close()  # the last buffered histories are written here
        except OSError as err:
            raise ConfigurationError(f"cannot write {self.out!r}: {err.strerror or err}") from err
        finally:
            if sink is not None and not sink.closed:
                with contextlib.suppress(OSError):
                    sink.close()
            if self.store is not None:
                for table_id in self._tables:
                    self.store.finish_table(table_id)
                self.store.close()
        if sink is not None and isinstance(exc, OSError):
            # A file that opens but refuses the writes (a device, /proc, a full disk).
            raise ConfigurationError(f"cannot write {self.out!r}: {exc.strerror or exc}") from exc
