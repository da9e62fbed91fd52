"""Rubicon Piquet: the rules engine (pure Python, no Django).

The rules are those of ``RULES.md`` sections 1 and 2 (the 1911 Britannica article, which condenses
Cavendish's *Laws of Piquet*, plus the rulings recorded there). Every rule has a stable anchor in
:data:`RULE_ANCHORS`; events and refusals point at ``"piquet#<anchor>"``.

Overview
========

- :func:`new_deal` / :func:`new_partie` build the first :class:`State` (from a seed, or from
  explicit hands and stock) and return the events reckoned before any action (carte blanche).
- :func:`apply` ``(state, action) -> (new_state, events)`` is pure; an illegal action raises
  :class:`~cardtutor.engine.errors.IllegalActionError` whose message reads in English and German.
  The events are built only when read (:class:`~cardtutor.engine.contract.LazyEvents`).
- :class:`State` implements :class:`cardtutor.engine.contract.GameState`: ``seat_to_act``,
  ``phase`` (:class:`Phase`), ``is_over``, ``outcome()`` (deal, completed deals and partie
  totals), ``view(seat)`` (:class:`PiquetView`: what that seat may see; ``None``: everything,
  for replays), ``score_breakdown()`` (the deal's points per seat and category).
- :attr:`State.legal_actions` is a lazy :class:`LegalActions` view: ``action in
  state.legal_actions`` is one check (elder's 1,585 discards are never listed for it); it also
  iterates, counts (``count()``), samples (``sample(rng)``) and explains a refusal
  (``why_illegal(action)``).
- Actions are frozen dataclasses that carry their seat, with JSON forms: :class:`Exchange`,
  :class:`Declare`, :class:`Play`, :class:`NextDeal` (:func:`action_from_json`,
  ``action.to_json()``).
- :func:`best_declaration` is the "best honest" declaration (declaring less is *sinking*, legal).
- :data:`ENGINE` implements :class:`cardtutor.engine.contract.Engine` for
  :func:`cardtutor.engine.record.replay` and the site.
- Every rule value is a named constant (:mod:`.constants`); the points of the play are
  exported for the double-dummy solver: :data:`POINTS_LEAD`, :data:`POINTS_TRICK`,
  :data:`POINTS_LAST_TRICK`, :data:`POINTS_CARDS`, :data:`POINTS_CAPOT`.

Modules
=======

:mod:`.constants` (rule values), :mod:`.categories` (rule anchors, scoring categories),
:mod:`.phase` (:class:`Phase` and the finer stages), :mod:`.masks` (bit tables),
:mod:`.actions` (actions and their JSON), :mod:`.state` (:class:`State`, :class:`Partie`),
:mod:`.dealing` (:func:`new_deal`, :func:`new_partie`, seeds), :mod:`.exchange`,
:mod:`.declarations` (claims, the honest claim, the reckoning order, repique), :mod:`.play`
(tricks, pique, the cards, the end of a deal), :mod:`.scoring` (breakdown, outcome, the rubicon
settlement), :mod:`.legal` (:class:`LegalActions`, refusals), :mod:`.view` (:class:`PiquetView`),
:mod:`.tally` (scores and events of one action), :mod:`.messages` and :mod:`.numbers` (the
bilingual catalogue and number words), :mod:`.engine` (:func:`apply`, :data:`ENGINE`).

Seats, roles and phases
=======================

Seats are names (default ``"A"``, ``"B"``). The dealer is the *younger* hand, the other the
*elder* hand. :attr:`State.phase` is one of ``Phase.EXCHANGE`` (elder, then younger),
``Phase.DECLARE`` (:attr:`State.category` is ``"point"``, ``"sequence"`` or ``"set"``; elder
declares, younger answers, in that order for each category), ``Phase.PLAY`` (12 tricks),
``Phase.DEAL_OVER`` (a partie awaits the next deal: the new dealer acts with :class:`NextDeal`)
and ``Phase.OVER``. :attr:`State.seat_to_act` is the seat to act (``None`` when over).

Modelling choices (each documented on the rule pages):

- **Exchange.** Elder's discard of *n* takes the top *n* of the stock; he always sees the cards
  of the top five he leaves (looking costs him nothing and younger never sees them).
  Younger's :class:`Exchange` carries ``look``: if he looks at the cards left over, elder sees
  them too once he has led his first card (:meth:`State.view`).
- **Carte blanche** is found on the 12 dealt cards, announced and scored (10) when the deal
  starts, and shown after the opponent's exchange: younger's after elder's, elder's after
  younger's. "Elder with carte blanche first says how many cards he will take" is modelled by
  elder's exchange being fixed before younger discards, younger learning only its size.
- **Declarations.** A :class:`Declare` names the cards a player claims in the current category
  (``cards=0`` or ``""``: nothing). Elder's claim is spoken first; younger's claim is his answer
  ("good" / "not good" / "equal" follow from the two claims and are produced as ``"say"``
  events). Elder scores what is good at once; younger's good claims are shown and scored when he
  plays to the first trick (after elder's lead). A claim may be less than the player holds
  (*sinking*): any cards of one suit for the point; runs of 3+ in suit order for sequences;
  three or four of a rank (A K Q J 10) for sets.
- **Pique and repique** are judged in the reckoning order (I carte blanche, II point,
  III sequences, IV sets, V play, VI the cards), not the speaking order; when a player has 30
  but the order denies him, an ``"info"`` event explains why.

Score events (:meth:`cardtutor.engine.events.Event.score`) carry the seat, one of
:data:`CATEGORIES` (plus ``"partie"`` for the settlement of a partie, whose ``totals`` are the
partie totals), the points, the cards concerned, the deal's running totals and the rule.

Rendering (all-seeing helpers on :class:`State`; :meth:`State.view` for one seat)
==================================================================================

``state.hand(seat)``, ``state.discard(seat)``, ``state.stock_cards`` (top first; ``len`` is the
count), ``state.current_trick`` (``((seat, card),)`` or ``()``), ``state.tricks`` (leader, lead,
second card, winner as indices; :meth:`State.view` gives :class:`TrickView` with names and
cards), ``state.tricks_won(seat)``, ``state.category``, ``state.total(seat)``,
``state.deal_number``. Raw fields are card masks (``Card.bit``) and card indices
(``Card.index``), seat *indices* into ``state.seats``; the double-dummy solver reads ``seats``,
``dealer``, ``turn``, ``hands``, ``lead``, ``leader``, ``tricks``, ``won`` and ``totals``.

Event kinds: ``"say"`` (the declaration dialogue, e.g. A "Five cards." B "Equal." A
"Forty-nine." B "Good."), ``"play"`` (a card led or played), ``"score"``, ``"info"``
(exchanges without their cards, carte blanche shown, trick won, equalities, reckoning-order
explanations, deal and partie ends). Event cards never reveal a hidden card before it is shown.

Action and deal JSON
====================

The actions' JSON is described in :mod:`.actions`, the record's deal JSON (one deal or a whole
partie, seeded or explicit) in :mod:`.engine`, the seeds in :mod:`.dealing`.

Example
=======

>>> from cardtutor.engine.cards import cards_from_mask
>>> state, events = new_deal(seed=2024)
>>> state.seat_to_act, state.phase, state.legal_actions.count()
('A', <Phase.EXCHANGE: 'exchange'>, 1585)
>>> discard = Exchange.of("A", cards_from_mask(state.hands[0])[:5])
>>> discard in state.legal_actions
True
>>> Exchange.of("A", cards_from_mask(state.hands[1])[:1]) in state.legal_actions
False
>>> state, events = apply(state, discard)
>>> state.seat_to_act, len(state.stock)
('B', 3)
"""

from __future__ import annotations

from cardtutor.engine.piquet import messages as _messages  # noqa: F401 (registers the catalogue)
from cardtutor.engine.piquet.actions import (
    Action,
    Declare,
    Exchange,
    NextDeal,
    Play,
    action_from_json,
)
from cardtutor.engine.piquet.categories import CATEGORIES, DECLARATION_CATEGORIES, RULE_ANCHORS
from cardtutor.engine.piquet.constants import (
    POINTS_CAPOT,
    POINTS_CARDS,
    POINTS_LAST_TRICK,
    POINTS_LEAD,
    POINTS_TRICK,
)
from cardtutor.engine.piquet.dealing import deal_from_seed, new_deal, new_partie
from cardtutor.engine.piquet.declarations import (
    best_declaration,
    honest_claim,
    is_carte_blanche,
    point_value,
)
from cardtutor.engine.piquet.engine import ENGINE, apply
from cardtutor.engine.piquet.legal import LegalActions
from cardtutor.engine.piquet.phase import Phase
from cardtutor.engine.piquet.scoring import rubicon_settlement
from cardtutor.engine.piquet.state import Partie, State
from cardtutor.engine.piquet.view import PiquetView, TrickView

__all__ = [
    "RULE_ANCHORS",
    "CATEGORIES",
    "DECLARATION_CATEGORIES",
    "Phase",
    "State",
    "Partie",
    "Exchange",
    "Declare",
    "Play",
    "NextDeal",
    "Action",
    "LegalActions",
    "PiquetView",
    "TrickView",
    "new_deal",
    "new_partie",
    "deal_from_seed",
    "apply",
    "rubicon_settlement",
    "best_declaration",
    "honest_claim",
    "is_carte_blanche",
    "point_value",
    "action_from_json",
    "ENGINE",
    "POINTS_LEAD",
    "POINTS_TRICK",
    "POINTS_LAST_TRICK",
    "POINTS_CARDS",
    "POINTS_CAPOT",
]
