"""Search algorithms, one per file, each a pure function returning a frozen ``Analysis``."""
