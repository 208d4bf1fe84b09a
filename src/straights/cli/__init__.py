"""The ``straights`` command line: thin commands over the library."""
