"""Benchmarks: ``make bench`` (``python -m bench``) prints one ``name value unit`` line per figure."""
