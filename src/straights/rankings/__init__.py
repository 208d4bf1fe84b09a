"""Hand rankings, one module per family."""
