"""The strategic advice of the two source texts, and how the solver tests each piece.

Every piece of advice about how to play, in the articles' rules and in the remarks of their
worked examples, is one :class:`Advice`: the sentence it comes from (quoted exactly from the
replay's source text, debris included, so that it can be found there), what it advises in our
words, the replay steps that illustrate it, and either the solver's test (:class:`Check`) or
the reason why a double-dummy solver cannot judge it (:data:`UNTESTABLE`). The verdicts are
computed from the replay by :mod:`cardtutor.replays.verdicts`, never written down here.

A check names a step whose action is a card play and what must hold there for the advice to
be confirmed:

- ``"played-best"``: the card the example plays at that step is one of the best cards;
- ``"best"``: each of the named cards is one of the best cards;
- ``"loses"``: each of the named cards loses points against the best card.

Cards are named by their code (``"AS"``); with Besik's two packs a code stands for either copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

__all__ = [
    "ADVICE",
    "KARTENBEWERTUNG",
    "UNTESTABLE",
    "Advice",
    "Check",
    "advice_for",
]

Expect = Literal["played-best", "best", "loses"]


@dataclass(frozen=True)
class Check:
    """One position the solver judges for a piece of advice (see the module's doc)."""

    step: int
    expect: Expect
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Advice:
    key: str
    replay: str
    """The slug of the example replay whose steps illustrate it."""
    quote: str
    """The sentence, exactly as it stands in the replay's source text."""
    says: Promise
    """What it advises, in our words (the learner's language)."""
    steps: tuple[int, ...]
    """The steps that illustrate it."""
    checks: tuple[Check, ...] = ()
    """The solver's test; empty when the solver cannot judge it (``untestable`` says why)."""
    untestable: str = ""
    """A key of :data:`UNTESTABLE` when there is no test."""
    anchor: str = ""
    """The id of the source text's paragraph to link to (Besik's "Kartenbewertung")."""


KARTENBEWERTUNG = "source-kartenbewertung"
"""The id the source text panel gives the Besik article's strategy paragraph."""

UNTESTABLE: dict[str, Promise] = {
    "exchange": _(
        "Analysis with all cards known cannot judge this: the exchange is decided without "
        "seeing the stock or the other hand, and much of what it earns comes from the "
        "declarations, which an analysis of the play does not count."
    ),
    "talon": _(
        "Analysis with all cards known cannot judge this: while cards are still drawn from the "
        "talon it does not apply. What the card is worth depends on the cards still to come and "
        "on the melds it keeps or spoils, and the analysis counts neither."
    ),
    "meld": _(
        "Analysis with all cards known cannot judge this: declaring a meld is not a card play, "
        "and the analysis counts only card points and the last trick, not melds."
    ),
}
"""Why a piece of advice has no test, by kind."""

PIQUET = "piquet-example"
BESIK = "besik-example"

ADVICE: tuple[Advice, ...] = (
    # -- Piquet: the article's rules and the remarks of Cavendish's Example ----------------
    Advice(
        "piquet-discard-to-improve",
        PIQUET,
        "heraus gesetzt (ohne sie zu zeigen) solchen Karten, die sie ratsam meinen, um ihre "
        "Hände zu verbessern, und nehmen in einer gleichwertigen Zahl vom Vorrat.",
        _(
            "Put out the cards you judge best to throw, to improve your hand, and take as many "
            "from the stock."
        ),
        (1, 2),
        untestable="exchange",
    ),
    Advice(
        "piquet-a-discard",
        PIQUET,
        "wirft König der Spaten weg; acht, sieben von Vereinen; und neun, acht von Diamanten.",
        _(
            "A throws the king of spades, two small clubs and two small diamonds: he keeps his "
            "hearts and his three jacks."
        ),
        (1,),
        untestable="exchange",
    ),
    Advice(
        "piquet-b-discard",
        PIQUET,
        "Er wirft sieben von Spaten weg; und neun, sieben von Herzen.",
        _(
            "B throws the seven of spades and two small hearts: he keeps his tens, his queens "
            "and his diamonds."
        ),
        (2,),
        untestable="exchange",
    ),
    Advice(
        "piquet-lead-ace-of-hearts",
        PIQUET,
        'A (Leitungas der Herzen und sagt), "10."',
        _("A opens the play with the ace of his long hearts."),
        (9,),
        checks=(Check(9, "played-best"),),
    ),
    Advice(
        "piquet-run-the-hearts",
        PIQUET,
        "A (Leitungen die restlichen Herzen und sagt)",
        _("A goes on leading his hearts from the top while they win."),
        (11, 13, 15, 17),
        checks=(
            Check(11, "played-best"),
            Check(13, "played-best"),
            Check(15, "played-best"),
            Check(17, "played-best"),
        ),
    ),
    Advice(
        "piquet-b-throws-diamonds",
        PIQUET,
        "B (Spiele sieben, 10, Knave, Königin der Diamanten und des Wiederholens seiner "
        "Kerbe sagt)",
        _(
            "Out of hearts, B throws his small diamonds and keeps the ace of diamonds, his clubs "
            "and his spades."
        ),
        (12, 14, 16, 18),
        checks=(
            Check(12, "played-best"),
            Check(14, "played-best"),
            Check(16, "played-best"),
            Check(18, "played-best"),
        ),
    ),
    Advice(
        "piquet-no-high-spade",
        PIQUET,
        "A hat jetzt fünf Tricks, und zwecks die Karten zu gewinnen sollte jede mögliche Karte "
        "aber einen hohen Spaten führen.",
        _(
            "With five tricks won, A must not lead a high spade (the ace or the jack) if he "
            "wants to win the cards."
        ),
        (19,),
        checks=(Check(19, "loses", ("AS", "JS")),),
    ),
    Advice(
        "piquet-any-other-card",
        PIQUET,
        "A hat jetzt fünf Tricks, und zwecks die Karten zu gewinnen sollte jede mögliche Karte "
        "aber einen hohen Spaten führen.",
        # The same sentence as the advice above, read more widely: the first reading holds,
        # this one the solver refutes (a small spade loses the cards too). Said so, or the
        # learner sees one sentence both confirmed and refuted.
        _(
            "Read more widely, the same sentence: any card but a high spade wins A the cards, "
            "a club, the king of diamonds or a small spade."
        ),
        (19,),
        checks=(Check(19, "best", ("9C", "JC", "KD", "9S", "8S")),),
    ),
    Advice(
        "piquet-b-runs-clubs",
        PIQUET,
        "(und führt dann die gewinnenden Vereine, sagen)",
        _("Back in the lead, B cashes his winning clubs."),
        (21, 23, 25, 27),
        checks=(
            Check(21, "played-best"),
            Check(23, "played-best"),
            Check(25, "played-best"),
            Check(27, "played-best"),
        ),
    ),
    Advice(
        "piquet-keep-the-spade-guard",
        PIQUET,
        "A (Unterhaltas, Knave der Vereine und des Wiederholens seiner Kerbe sagt)",
        _(
            "While B runs his clubs, A keeps the ace and the jack of spades and throws his small "
            "spades."
        ),
        (22, 24, 26, 28),
        checks=(
            Check(26, "played-best"),
            Check(26, "loses", ("AS", "JS")),
            Check(28, "played-best"),
            Check(28, "loses", ("AS", "JS")),
        ),
    ),
    # -- Besik: the strategy paragraph "Kartenbewertung" -----------------------------------
    Advice(
        "besik-keep-the-diamond-run",
        BESIK,
        "In der Hoffnung, die Dame noch aus dem Talon zu erhalten, tastet er beim Aufspielen "
        "und beim Bedienen die Karo-Reihe nicht an.",
        _(
            "A leaves his diamonds (ace, ten, king, jack) alone, in leading and in following, "
            "hoping to draw the queen for a Quint-Major worth 250."
        ),
        (1, 6),
        untestable="talon",
        anchor=KARTENBEWERTUNG,
    ),
    Advice(
        "besik-three-cards-to-play",
        BESIK,
        "A wird also nur eine der folgenden 3 Karten benutzen: Kreuz-Neun, Kreuz-Dame oder "
        "Pik-Bauer.",
        _("So A plays only the nine of clubs, the queen of clubs or the jack of spades."),
        (1, 6, 12),
        untestable="talon",
        anchor=KARTENBEWERTUNG,
    ),
    Advice(
        "besik-keep-the-queen-of-spades",
        BESIK,
        "Die Pik-Dame wird er nicht aufspielen, da sie in Verbindung mit dem Karo-Bauer eine "
        "Besik-Meldung ermöglicht.",
        _("A does not lead the queen of spades: with the jack of diamonds it makes a Besik."),
        (1, 11),
        untestable="talon",
        anchor=KARTENBEWERTUNG,
    ),
    Advice(
        "besik-keep-the-club-quint",
        BESIK,
        "B hat in Kreuz bereits eine Quint-Major, die er unter keinen Umständen durch "
        "Aufspielen einer dieser Karten zerstören möchte.",
        _("B will not break up his Quint-Major in clubs by playing one of its cards."),
        (2, 3, 5),
        untestable="talon",
        anchor=KARTENBEWERTUNG,
    ),
    Advice(
        "besik-trump-to-declare",
        BESIK,
        "Zum Bedienen bleibt ihm daher nur noch die Karo-Dame übrig, die beiden Herz-Bauern "
        "kann er zum Trumpfen benutzen, um auf diese Weise die Meldung des Quint-Major zu "
        "ermöglichen.",
        _(
            "B has only the queen of diamonds to play (his clubs would break his Quint-Major), "
            "and his two jacks of hearts to trump with, to win a trick and so be allowed to "
            "declare the Quint-Major."
        ),
        (2, 3, 5),
        untestable="talon",
        anchor=KARTENBEWERTUNG,
    ),
    # -- Besik: the remarks of the example game ---------------------------------------------
    Advice(
        "besik-spare-run-and-seven",
        BESIK,
        "A, der weder seine Karo-Reihe noch seine Trumpf-Sieben opfern will, legt Kreuz-Dame ab.",
        _("A throws the queen of clubs rather than give up his diamond run or his trump seven."),
        (6,),
        untestable="talon",
    ),
    Advice(
        "besik-declare-the-besik",
        BESIK,
        "A entschließt sich nun doch, den Besik (Karo-Bauer und Pik-Dame) zu melden und "
        "vorzuzeigen.",
        _("A decides after all to declare the Besik (jack of diamonds and queen of spades)."),
        (11,),
        untestable="meld",
    ),
    Advice(
        "besik-trump-not-queen",
        BESIK,
        "B, der 2 Damen in Händen hält (Pik- und Kreuz-Dame), übersticht nicht mit Pik-Dame, "
        "er trumpft vielmehr mit Herz-König.",
        _("B does not win with his queen of spades but trumps with the king of hearts."),
        (13,),
        untestable="talon",
    ),
    Advice(
        "besik-trump-for-melds",
        BESIK,
        "A trumpft mit Herz-Dame, um Meldungen vorzubringen.",
        _("A trumps with the queen of hearts to win the trick, so that he may declare."),
        (17,),
        untestable="talon",
    ),
    Advice(
        "besik-keep-the-quint-declare-it",
        BESIK,
        "A, der die Quint-Major in Karo nicht zerstören darf, diese aber unbedingt melden "
        "möchte, trumpft mit Herz-Dame.",
        _(
            "A must not break his Quint-Major in diamonds but wants to declare it: he trumps "
            "with the queen of hearts."
        ),
        (26,),
        untestable="talon",
    ),
    Advice(
        "besik-not-worth-a-trump",
        BESIK,
        "A könnte nun mit Herz-As oder Herz-König trumpfen, aber der Wert der Augen (Pik-Dame "
        "= 3) ist dafür zu gering.",
        _(
            "A could trump with the ace or the king of hearts, but the queen of spades (3 card "
            "points) is not worth a trump."
        ),
        (41,),
        untestable="talon",
    ),
    Advice(
        "besik-keep-four-aces",
        BESIK,
        "A könnte den Stich mit Pik-As gewinnen, da er aber vier Asse in der Hand hat und diese "
        "melden will, trumpft er den Pik-König mit Herz-König.",
        _(
            "A could win with the ace of spades, but he keeps it for four aces and trumps with "
            "the king of hearts."
        ),
        (44,),
        untestable="talon",
    ),
    Advice(
        "besik-lure-a-trump",
        BESIK,
        "B spielt Pik-As auf, um A zum Trumpfen zu verleiten.",
        _("B leads the ace of spades to tempt A into trumping."),
        (74,),
        untestable="talon",
    ),
    Advice(
        "besik-save-the-trumps",
        BESIK,
        "A verfügt aber nur über zwei Trumpfkarten (Herz-As und Herz-Sieben) und bedient "
        "deshalb mit Pik-Sieben.",
        _("With only two trumps, A follows with the seven of spades instead of trumping."),
        (75,),
        untestable="talon",
    ),
)
"""Every piece of strategic advice in the two source texts."""


def advice_for(slug: str, source_text: str) -> Sequence[Advice]:
    """The advice that belongs to a replay: its slug, and its sentence still in its text."""
    return [a for a in ADVICE if a.replay == slug and a.quote in source_text]
