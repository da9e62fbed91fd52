"""Besik (Bezique): a pure-Python rules engine for two, three and four players.

It plays Besik as RULES.md section 3 rules it (the German seed, ruleset ``"seed"``) or
standard English Bezique (section 4, ruleset ``"standard"``), never a mixture. Cards
and notation are shared with Piquet (:mod:`cardtutor.engine.cards`); because two or
more packs are used, every card in a hand, a meld or a trick is a
:class:`~cardtutor.engine.cards.PhysicalCard` (``QS#2`` = queen of spades of pack 2).

Quick tour
----------

>>> state, events = start_deal(seed=7)            # two players, A = Vorhand, B deals
>>> state.seat_to_act, state.phase, state.talon_count, state.trumps.letter
('A', <Phase.PLAY: 'play'>, 48, 'D')
>>> action = state.legal_actions.plays()[0]
>>> action, action in state.legal_actions
(Play(seat='A', card=PhysicalCard.parse('7C#1')), True)
>>> state, events = ENGINE.apply(state, action)
>>> events[0].msg.render("de")
'A spielt Kreuz-Sieben auf.'
>>> print(state.legal_actions.why_illegal(Draw("B")))
there is nothing to draw now

The worked deal of the seed replays through the generic replayer:

>>> from cardtutor.engine.record import replay
>>> steps = replay(ENGINE, example_record())
>>> final = steps[-1].state
>>> final.outcome().game, final.outcome().winner
({'A': 531, 'B': 469}, 'A')
>>> final.score_breakdown()["B"]
{'quint-major': 250, 'marriage': 40, 'last_trick': 10, 'augen': 169}

Public API (the contract of :mod:`cardtutor.engine.contract`)
------------------------------------------------------------

- :func:`start_deal` (keyword arguments ``ruleset``, ``seats``, ``dealer``,
  ``partnerships``, ``seed`` *or* ``hands``/``up_card``/``talon``, ``play_to``,
  ``scores``) -> ``(State, events)``.
- :func:`apply` ``(state, action) -> (new_state, events)`` (also ``ENGINE.apply``):
  pure; raises :class:`~cardtutor.engine.errors.IllegalActionError` whose ``msg``
  renders the reason in English or German.
- ``state.legal_actions``: a lazy :class:`LegalActions` view: ``a in legal`` checks
  one action; iteration lists all; ``count()``, ``sample(rng)``, ``why_illegal(a)``
  (the reason, or ``None``); ``.plays()``, ``.melds()``, ``.declarations()``.
- ``state.seat_to_act``, ``state.phase`` (:class:`Phase`), ``state.is_over``,
  ``state.parties``, ``state.party_of(seat)``, ``state.outcome()``,
  ``state.score_breakdown()`` (``{party: {category_or_meld_kind: points}}``),
  ``state.view(seat)`` (:class:`BesikView`; ``None``: all-seeing, with the talon order
  and the cards won). :func:`visible_events` hides other players' draws.
- Actions (frozen dataclasses, the acting ``seat`` first; ``to_json()``;
  :func:`parse_action` / :func:`action_to_json`; short text
  :func:`parse_action_text` / :func:`format_action`, e.g. ``"A: play QS#2"``):

  ======================  ===============================================================
  :class:`Play`           ``{"type": "play", "seat": "A", "card": "QS#2"}``
  :class:`Meld`           ``{"type": "meld", "seat": "A", "kind": "besik",
                          "cards": ["QS#1", "JD#2"]}``
  :class:`DeclareSeven`   ``{"type": "seven", "seat": "A", "cards": ["7H#1"]}`` (one or both)
  :class:`Exchange`       ``{"type": "exchange", "seat": "A", "card": "7H#1"}``
  :class:`Draw`           ``{"type": "draw", "seat": "A"}`` (the trick winner draws,
                          then the others)
  :class:`NewDeal`        ``{"type": "deal", "seat": "A", "seed": 5}`` or with ``hands``/
                          ``up_card``/``talon`` (whole-game records only)
  ======================  ===============================================================

  Actions compare equal only to the same action (``Play("A", c) != Exchange("A", c)``),
  hash, and have evaluable reprs. Meld kinds: ``marriage``, ``trump-marriage``,
  ``double-marriage``, ``four-jacks``, ``four-queens``, ``four-kings``, ``four-aces``,
  ``besik``, ``double-besik``, ``triple-besik``, ``quint-major`` (:data:`MELD_KINDS`,
  :data:`MELD_POINTS`).
- :data:`ENGINE` implements :class:`cardtutor.engine.contract.Engine` (``game =
  "besik"``); :func:`make_record` builds a :class:`~cardtutor.engine.record.GameRecord`.
- :class:`SeedRuleset`, :class:`StandardRuleset` (class-level flags), :data:`RULESETS`,
  :data:`RULE_ANCHORS` (anchor -> (English title, German title)).
- For the solver: the uid tables :data:`PC`, :data:`SUIT_OF`, :data:`STRENGTH`,
  :data:`AUGEN`, :data:`BRISQUE` (a physical card's uid is ``copy * 32 + card.index``)
  and :data:`POINTS_LAST_TRICK`.

State (:class:`State`, immutable NamedTuple; masks of uids inside, read it through):
``seat_to_act``, ``phase`` (``PLAY``: lead or follow; ``DRAW``: the trick winner may
declare, then must draw; ``DEAL``: whole game, the next dealer deals; ``OVER``),
``hand(seat)``, ``declared_row(seat)``, ``concealed(seat)``, ``talon_count``,
``talon_order``, ``up`` (face-up card or None), ``trumps``, ``current_trick``,
``last_trick``, ``tricks_won``, ``melds`` (:class:`DeclaredMeld` rows on the table),
``totals``, ``end_play``, ``game_winner``, ``dealer``, ``seats``, ``parties``.
Internal fields the solver reads: ``hands`` (uid masks by seat index), ``trick``
((seat index, uid) in play order), ``turn``, ``won``, ``scores``, ``table.trump``,
``table.rules``, ``table.seats``, ``table.party_of``.

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
  The Besik family (RULES.md 3.3, both rulesets): a **Doppel-Besik** counts as two
  Besiks declared at once, so none of its four cards can afterwards serve in a single
  Besik; it needs all four cards at once, or one declared Besik (contained whole) plus
  the other pair fresh from the hand (40 + 500): two Besiks declared separately never
  merge into one. A **Tripelbesik** builds on at most one earlier declaration (a Besik
  or a Doppel-Besik, a Besik extended to a Doppel-Besik being one), contained whole,
  the rest fresh; after it its cards make no Besik or Doppel-Besik. Standard: no
  marriage out of a declared sequence.
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

# The catalogue first; then the state, whose contract methods import legal, scoring and
# view at the end of state.py: importing it before anything that needs it keeps that
# cycle harmless whichever submodule a caller imports.
from cardtutor.engine.besik import messages, state  # noqa: F401
from cardtutor.engine.besik.actions import (
    Action,
    DeclareSeven,
    Draw,
    Exchange,
    Meld,
    NewDeal,
    Play,
)
from cardtutor.engine.besik.constants import MELD_KINDS, MELD_POINTS, POINTS_LAST_TRICK
from cardtutor.engine.besik.dealing import start_deal
from cardtutor.engine.besik.engine import (
    ENGINE,
    EXAMPLE_PATH,
    BesikEngine,
    apply,
    example_record,
    make_record,
)
from cardtutor.engine.besik.legal import LegalActions, why_illegal
from cardtutor.engine.besik.messages import RULE_ANCHORS
from cardtutor.engine.besik.notation import (
    action_to_json,
    format_action,
    parse_action,
    parse_action_text,
)
from cardtutor.engine.besik.rulesets import (
    RULESETS,
    Ruleset,
    SeedRuleset,
    StandardRuleset,
    ruleset_by_name,
)
from cardtutor.engine.besik.state import DeclaredMeld, Phase, State, Table
from cardtutor.engine.besik.uids import AUGEN, BRISQUE, PC, STRENGTH, SUIT_OF
from cardtutor.engine.besik.view import BesikView, visible_events

__all__ = [
    "ENGINE",
    "BesikEngine",
    "Action",
    "BesikView",
    "DeclaredMeld",
    "DeclareSeven",
    "Draw",
    "Exchange",
    "LegalActions",
    "Meld",
    "NewDeal",
    "Phase",
    "Play",
    "State",
    "Table",
    "action_to_json",
    "apply",
    "format_action",
    "parse_action",
    "parse_action_text",
    "start_deal",
    "visible_events",
    "why_illegal",
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
    "PC",
    "SUIT_OF",
    "STRENGTH",
    "AUGEN",
    "BRISQUE",
    "POINTS_LAST_TRICK",
]
