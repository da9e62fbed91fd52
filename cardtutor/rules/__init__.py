"""The rule reference: both games' rules, section by section, in English and German.

The text lives in :mod:`cardtutor.rules.content` as data (:mod:`cardtutor.rules.model`); every
number in an example is computed by the engine when the page is built.
"""
