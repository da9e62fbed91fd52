"""The rule reference's text, one module per game (``piquet``, ``besik``)."""
