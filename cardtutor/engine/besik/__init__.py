"""Besik (Bezique): a pure-Python rules engine for two, three and four players.

It plays Besik as RULES.md section 3 rules it (the German seed, ruleset ``"seed"``) or
standard English Bezique (section 4, ruleset ``"standard"``), never a mixture. Cards
and notation are shared with Piquet (:mod:`cardtutor.engine.cards`); because two or
more packs are used, every card in a hand, a meld or a trick is a
:class:`~cardtutor.engine.cards.PhysicalCard` (``QS#2`` = queen of spades of pack 2).

Quick tour
----------

>>> state, events = start_deal(seed=7)            # two players, A = Vorhand, B deals
>>> state.to_move, state.phase, state.talon_count, state.trumps.letter
('A', 'play', 48, 'D')
>>> action = state.legal_actions.plays()[0]
>>> action in state.legal_actions
True
>>> state, events = apply(state, action)
>>> events[0].msg.render("de")
'A spielt Kreuz-Sieben auf.'
>>> apply(state, Draw())
Traceback (most recent call last):
...
cardtutor.engine.errors.IllegalActionError: there is nothing to draw now

The worked deal of the seed replays through the generic replayer:

>>> from cardtutor.engine.record import replay
>>> steps = replay(ENGINE, example_record())
>>> steps[-1].state.totals
{'A': 531, 'B': 469}
>>> score_breakdown(steps[-1].state)["B"]
{'quint-major': 250, 'marriage': 40, 'last_trick': 10, 'augen': 169}

Public API
----------

- :func:`start_deal` (keyword arguments ``ruleset``, ``seats``, ``dealer``,
  ``partnerships``, ``seed`` *or* ``hands``/``up_card``/``talon``, ``play_to``,
  ``scores``) -> ``(State, events)``.
- :func:`apply` ``(state, action) -> (new_state, events)``: pure; raises
  :class:`~cardtutor.engine.errors.IllegalActionError` whose ``msg`` renders the
  reason in English or German. :func:`refusal` gives that reason (or ``None``)
  without raising.
- ``state.legal_actions``: a lazy :class:`LegalActions` view: ``a in legal`` checks
  one action; iteration lists all; ``.plays()``, ``.melds()``, ``.declarations()``;
  ``.sample(rng)`` for benchmarks and AI.
- :func:`view` ``(state, seat)``: JSON-able per-player view (``seat=None``:
  all-seeing, with the talon order and the cards won). :func:`visible_events` hides
  other players' draws.
- :func:`score_breakdown` ``(state) -> {party: {category_or_meld_kind: points}}``.
- Actions (NamedTuples, ``to_json()``; :func:`parse_action` / :func:`action_to_json`;
  short text :func:`parse_action_text` / :func:`format_action`):

  ================  ===============================================================
  :class:`Play`     ``{"type": "play", "card": "QS#2"}``
  :class:`Meld`     ``{"type": "meld", "kind": "besik", "cards": ["QS#1", "JD#2"]}``
  :class:`DeclareSeven` ``{"type": "seven", "cards": ["7H#1"]}`` (one or both)
  :class:`Exchange` ``{"type": "exchange", "card": "7H#1"}``
  :class:`Draw`     ``{"type": "draw"}`` (the trick winner draws, then the others)
  :class:`NewDeal`  ``{"type": "deal", "seed": 5}`` or with ``hands``/``up_card``/
                    ``talon`` (whole-game records only)
  ================  ===============================================================

  Actions compare by type and value (``Play(c) != Exchange(c)``), hash, and have
  evaluable reprs. Meld kinds: ``marriage``, ``trump-marriage``, ``double-marriage``, ``four-jacks``,
  ``four-queens``, ``four-kings``, ``four-aces``, ``besik``, ``double-besik``,
  ``triple-besik``, ``quint-major`` (:data:`MELD_KINDS`, :data:`MELD_POINTS`).
- :data:`ENGINE` implements :class:`cardtutor.engine.record.Engine` (``game =
  "besik"``); :func:`make_record` builds a :class:`~cardtutor.engine.record.GameRecord`.
- :class:`SeedRuleset`, :class:`StandardRuleset` (class-level flags), :data:`RULESETS`,
  :data:`RULE_ANCHORS` (anchor -> (English title, German title)).

State (:class:`State`, immutable NamedTuple; masks of uids inside, read it through):
``to_move``, ``phase`` (``"play"``: lead or follow; ``"draw"``: the trick winner may
declare, then must draw; ``"deal"``: whole game, the next dealer deals; ``"over"``),
``hand(seat)``, ``declared_row(seat)``, ``concealed(seat)``, ``talon_count``,
``talon_order``, ``up`` (face-up card or None), ``trumps``, ``current_trick``,
``last_trick``, ``tricks_won``, ``melds`` (:class:`DeclaredMeld` rows on the table),
``totals``, ``end_play``, ``game_winner``, ``dealer``, ``seats``, ``parties``.

Events: ``"play"`` (cards led, played, drawn), ``"info"`` (trick won, exchange, talon
empty, end of deal, game won) and ``"score"`` with category ``"meld"`` (rule
``besik#<meld kind>``), ``"trump_seven"``, ``"seven_turned_up"``, ``"augen"``,
``"last_trick"`` or ``"brisques"`` (standard), the cards, the points and the running
totals of every party.

Game records
------------

A record (``game = "besik"``, ``ruleset = "seed" | "standard"``, ``seats`` in play
order) has this ``deal``::

    {"players": 2, "dealer": "B", "partnerships": false,
     "hands": {"A": ["AD#1", ...], "B": [...]}, "up_card": "KH#1",
     "talon": ["JD#2", ...],          # face-down talon, top first
     "seed": 42,                        # instead of hands/up_card/talon
     "play_to": "game",                 # optional; default one deal
     "scores": {"A": 531, "B": 469}}    # optional totals carried in

One record is **one deal** by default (the seed's example is one deal): after the
last trick the phase is ``"over"``. With ``"play_to": "game"`` the record is a whole
game: after a deal that leaves the game undecided the next dealer's
:class:`NewDeal` action deals again, until a party has won. A seeded deal shuffles
``random.Random(seed)`` and deals 3-2-3 from the player left of the dealer.

Rule choices (RULES.md rulings, and where it leaves a choice)
-------------------------------------------------------------

- Trick order: higher card of the suit led wins, a trump beats a non-trump, of two
  identical cards the first played wins. Rank A 10 K D B 9 8 7.
- Only the player who has just won a trick declares, once per won trick (a
  Doppel-Heirat is one action counting as two marriages; 40, or 80 in trumps). Seed:
  before or after the draw, before he leads; standard: before the draw. After the
  final draw (talon empty) nothing may be declared.
- Re-use: a physical card serves at most once in each *kind* of meld (marriage kinds
  share one), so the same kind scores again only with fresh cards (duplicates).
  **Doppel-Besik** is its own kind: a declared Besik may later be extended to a
  Doppel-Besik (40 + 500), and the Doppel-Besik counts as two Besiks declared at once,
  so none of its four cards can afterwards serve in a single Besik (and a Tripelbesik
  uses its cards up for both). Standard: no marriage out of a declared sequence.
- Trump seven: declared in the same window as melds, 10 each (both at once 20), a
  physical seven scores once, and it does not use up the turn's meld. The exchange
  for the face-up card needs the same window and a face-up card that is not a seven;
  an undeclared seven is declared (10) by exchanging it. The seven then lies face up
  and the taken card joins the concealed hand; seed: it may be melded that turn. A
  turned-up seven scores 10 for the dealer at the deal.
- End of the talon with three or four players: the draw goes round from the trick
  winner in play order; the face-up card is the last card of the talon and goes to
  whoever draws last (with two players, the loser), so everyone ends with eight.
- Last eight tricks: follow suit, else trump, else any card; seed: no duty to win;
  standard: also win the trick if possible (beat the winning card in the suit led,
  or over-trump when trumping).
- Three players: three packs, 25th card turned; four players: three packs (standard:
  four), 33rd card; seats in play order; the deal passes to the next seat. A
  Tripelbesik held in the first eight cards may be declared (seed, three or four
  players) at the player's first turn of the first trick, leading or following,
  without a won trick: 1500, and the game is won at once. Partnerships (four
  players): seats 1+3 against 2+4 (party names like ``"A+C"``), one shared score;
  each player declares only from his own hand after winning a trick himself.
- Game: 1000 (standard with three or four: 2000), checked at the end of a deal after
  the last trick and the Augen; the unique highest total at or above the target wins;
  a tie at the top plays another deal (one-deal records simply end).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from cardtutor.engine.besik.core import (
    Action,
    DeclaredMeld,
    DeclareSeven,
    Draw,
    Exchange,
    LegalActions,
    Meld,
    NewDeal,
    Play,
    State,
    Table,
    action_to_json,
    apply,
    format_action,
    parse_action,
    parse_action_text,
    refusal,
    score_breakdown,
    start_deal,
    view,
    visible_events,
)
from cardtutor.engine.besik.rules import (
    MELD_KINDS,
    MELD_POINTS,
    RULE_ANCHORS,
    RULESETS,
    Ruleset,
    SeedRuleset,
    StandardRuleset,
    ruleset_by_name,
)
from cardtutor.engine.errors import NotationError
from cardtutor.engine.events import Event
from cardtutor.engine.record import GameRecord
from cardtutor.engine.text import Msg

__all__ = [
    "ENGINE",
    "BesikEngine",
    "Action",
    "DeclaredMeld",
    "DeclareSeven",
    "Draw",
    "Exchange",
    "LegalActions",
    "Meld",
    "NewDeal",
    "Play",
    "State",
    "Table",
    "action_to_json",
    "apply",
    "format_action",
    "parse_action",
    "parse_action_text",
    "refusal",
    "score_breakdown",
    "start_deal",
    "view",
    "visible_events",
    "make_record",
    "example_record",
    "EXAMPLE_PATH",
    "MELD_KINDS",
    "MELD_POINTS",
    "RULE_ANCHORS",
    "RULESETS",
    "Ruleset",
    "SeedRuleset",
    "StandardRuleset",
    "ruleset_by_name",
]

EXAMPLE_PATH = Path(__file__).resolve().parent.parent / "examples" / "besik_example.json"
"""The seed's worked deal as a game record (annotations beside it)."""


class BesikEngine:
    """The :class:`cardtutor.engine.record.Engine` for Besik records."""

    game = "besik"

    def start(self, record: GameRecord) -> tuple[State, tuple[Event, ...]]:
        deal = record.deal
        players = deal.get("players", len(record.seats))
        if players != len(record.seats):
            raise NotationError(Msg("besik.err.deal", reason=Msg("besik.deal.players")))
        scores = deal.get("scores")
        if scores is not None and not isinstance(scores, Mapping):
            raise NotationError(Msg("besik.err.deal", reason=Msg("besik.deal.scores")))
        return start_deal(
            ruleset=ruleset_by_name(record.ruleset),
            seats=record.seats,
            dealer=deal.get("dealer", record.seats[-1]),
            partnerships=bool(deal.get("partnerships", False)),
            seed=deal.get("seed"),
            hands=deal.get("hands"),
            up_card=deal.get("up_card"),
            talon=deal.get("talon"),
            play_to=str(deal.get("play_to", "deal")),
            scores=scores,
        )

    def parse_action(self, data: Mapping[str, Any]) -> Action:
        return parse_action(data)

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return action.to_json()

    def actor(self, state: State) -> str | None:
        return state.to_move

    def apply(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        return apply(state, action)


ENGINE = BesikEngine()


def make_record(
    state: State, actions: Iterable[Action], meta: Mapping[str, Any] | None = None
) -> GameRecord:
    """A game record of ``actions`` played from ``state``'s deal (an initial state).

    >>> from cardtutor.engine.record import replay
    >>> s0, _ = start_deal(seed=11, ruleset="standard")
    >>> a = s0.legal_actions.plays()[0]
    >>> rec = make_record(s0, [a])
    >>> rec.ruleset, rec.deal["seed"], rec.actions[0]["type"]
    ('standard', 11, 'play')
    >>> replay(ENGINE, rec)[-1].state == apply(s0, a)[0]
    True
    """
    t = state.table
    return GameRecord("besik", t.rules.name, t.seats, dict(t.deal),
                      tuple(a.to_json() for a in actions), dict(meta or {}))


def example_record() -> GameRecord:
    """The seed's worked deal (``examples/besik_example.json``)."""
    return GameRecord.from_json(json.loads(EXAMPLE_PATH.read_text(encoding="utf-8")))
