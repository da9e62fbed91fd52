"""The page shell: ``{% site_start %}``, ``{% site_head %}``, ``{% site_body %}``, ``{% site_end %}``.

Every page is drawn inside the same shell, and the shell is drawn for every request, so its
cost is paid by every page (``make bench`` holds the pages to a share of a trivial view's rate).
Almost all of it depends only on the language, the page's section and the deck: those parts
(``templates/core/_site.html``, its URLs included) are rendered **without the request**, so no
visitor's token, name or address can get into them, once per language, section and deck, and
kept as one entry of the ``template_fragments`` cache (local memory per process; none while
``DEBUG`` is on). A request then costs one cache lookup, and these tags put its own values
around the parts: the CSRF token of the header's forms, the address they return to, and "Log
in" or the learner's name with "Log out". The markup that carries those values is written
here, escaped as the template engine would escape it; everything else stays in the template.

``base.html`` is these four tags around its blocks. The busiest pages (a practice item, a replay
step) use the same tags in a template of their own instead of extending ``base.html``:
template inheritance cost them as much as the rest of the shell::

    {% load site %}{% site_start %}
      <title>... · cardtutor</title>
      {% site_head %}
    {% site_body %}
      ... the page ...
    {% site_end %}
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from django import template
from django.core.cache import InvalidCacheBackendError, caches
from django.core.cache.backends.base import BaseCache
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from cardtutor.core.context_processors import nav_section
from cardtutor.core.csrf import get_token
from cardtutor.core.preferences import four_colour_deck
from cardtutor.core.templatetags.cards import sprite_bytes
from cardtutor.engine.cards import lang_key

register = template.Library()

PARTS = (
    "start",
    "head",
    "top",
    "skip",
    "nav",
    "languages",
    "login",
    "logout_button",
    "progress_words",
    "deck",
    "footer",
)
URLS = {
    "set_language": "set_language",
    "set_deck": "set_deck",
    "logout": "logout",
    "progress": "practice:progress",
}
TIMEOUT = 86400
_RENDER_KEY = "cardtutor.site_parts"


def _store() -> BaseCache:
    try:
        return caches["template_fragments"]
    except InvalidCacheBackendError:
        return caches["default"]


def site_parts(lang: str, section: str, four_colour: bool) -> dict[str, str]:
    """The shell's parts for this language, section and deck (rendered on a cache miss).

    ``section`` comes from :func:`cardtutor.core.context_processors.nav_section` (a handful
    of values) and ``lang`` from the locale middleware (one of ``LANGUAGES``), so the keys
    are few.
    """
    key = f"site-parts:{lang}:{section}:{int(four_colour)}"
    store = _store()
    parts: dict[str, str] | None = store.get(key)
    if parts is None:
        context = {"LANGUAGE_CODE": lang, "nav_section": section, "four_colour": four_colour}
        parts = {
            name: render_to_string(f"core/_site.html#{name}", context).strip() for name in PARTS
        }
        parts.update((name, reverse(view)) for name, view in URLS.items())
        store.set(key, parts, TIMEOUT)
    return parts


def _parts(context: Any) -> dict[str, str]:
    """The parts for this page, looked up once per rendering (the three tags share them)."""
    found: dict[str, str] | None = context.render_context.get(_RENDER_KEY)
    if found is None:
        found = site_parts(
            get_language() or "en",
            str(context.get("nav_section") or ""),
            bool(context.get("four_colour")),
        )
        context.render_context[_RENDER_KEY] = found
    return found


@register.simple_tag(takes_context=True)
def site_start(context: Any) -> SafeString:
    """The page's start: doctype, ``<html lang>``, ``<head>`` and its meta tags (the page
    writes its ``<title>`` next, then ``{% site_head %}``)."""
    return mark_safe(_parts(context)["start"])  # noqa: S308 (rendered by our own template)


@register.simple_tag(takes_context=True)
def site_head(context: Any) -> SafeString:
    """The shell's ``<head>`` links: icon, stylesheet, htmx and the site's script."""
    return mark_safe(_parts(context)["head"])  # noqa: S308 (rendered by our own template)


@register.simple_tag(takes_context=True)
def site_end(context: Any) -> SafeString:
    """The end of ``<main>``, the footer, the end of the page."""
    return mark_safe(  # noqa: S308 (rendered by our own template)
        f"\n  </main>\n  {_parts(context)['footer']}\n</body>\n</html>\n"
    )


# Where the card sprite goes when the view joins it to the page as bytes (see
# :func:`page_bytes`). Markup of our own: a visitor's value is escaped ("<" as "&lt;").
SPRITE_SLOT = "<!--cardtutor:sprite-->"
SPRITE_AS_BYTES = "cardtutor_sprite_as_bytes"
"""Context flag: write :data:`SPRITE_SLOT` instead of the sprite (the view calls
:func:`page_bytes` on the rendered page)."""


def page_bytes(html: str) -> bytes:
    """A page rendered with :data:`SPRITE_AS_BYTES`, as UTF-8 bytes with the card sprite
    (28 kB, plain ASCII, the same on every page) joined in as bytes: most pages are not plain
    ASCII, and encoding the sprite with them cost as much as drawing the header."""
    before, slot, after = html.partition(SPRITE_SLOT)
    if not slot:
        return html.encode()
    return b"".join((before.encode(), sprite_bytes(_lang_key()), after.encode()))


def _lang_key() -> str:
    return lang_key(get_language() or "en")


@register.simple_tag(takes_context=True)
def site_body(context: Any) -> SafeString:
    """The end of ``<head>``, ``<body>`` (the deck's class, the CSRF token htmx sends), the
    card sprite, the skip link and the site's header: name, navigation, the language and deck
    forms (returning to ``current_url`` when the page names one, else to this address) and
    the account links; then the start of ``<main>``."""
    request = context.get("request")
    return mark_safe(  # noqa: S308 (our parts; every request value escaped in _body)
        _body(
            _parts(context),
            context.get("csrf_token"),
            bool(context.get("four_colour")),
            context.get("current_url") or (request.get_full_path() if request is not None else ""),
            context.get("user"),
            bool(context.get(SPRITE_AS_BYTES)),
        )
    )


def _body(
    parts: dict[str, str],
    token: object,
    four_colour: bool,
    back_url: str,
    user: Any,
    sprite_as_bytes: bool,
) -> str:
    token = "" if not token or token == "NOTPROVIDED" else conditional_escape(str(token))
    csrf = f'<input type="hidden" name="csrfmiddlewaretoken" value="{token}">' if token else ""
    deck = "deck-four-colour" if four_colour else ""
    if len(back_url) > BACK_URL_MAX:  # a hand-made query of thousands of fields: not twice
        back_url = back_url.partition("?")[0][:BACK_URL_MAX]
    back = conditional_escape(back_url)
    if user is not None and user.is_authenticated:
        account = (
            f'<form class="logout-form" action="{parts["logout"]}" method="post">{csrf}'
            # the name leads to the learner's progress (it was plain text, and the progress
            # page was linked only from the practice pages)
            f'<a class="account-name" href="{parts["progress"]}">'
            f"{conditional_escape(user.get_username())}{parts['progress_words']}</a> "
            f"{parts['logout_button']}</form>"
        )
    else:
        account = _login_link(parts["login"], back_url)
    return f"""</head>
<body class="{deck}" hx-headers='{{"x-csrftoken": "{token}"}}'>
  {SPRITE_SLOT + parts["skip"] if sprite_as_bytes else parts["top"]}
  <header class="site-header">
    {parts["nav"]}
    <div class="site-prefs">
      <form class="language-switch" action="{parts["set_language"]}" method="post">{csrf}
        <input type="hidden" name="next" value="{back}" id="language-next">
        {parts["languages"]}
      </form>
      <div class="account-links">{account}</div>
      <form class="deck-switch" action="{parts["set_deck"]}" method="post">{csrf}
        <input type="hidden" name="next" value="{back}" id="deck-next">
        {parts["deck"]}
      </form>
    </div>
  </header>
  <main id="main" tabindex="-1">
"""


def _login_link(link: str, back_url: str) -> str:
    """The header's "Log in", coming back to the page it was chosen on (a learner logging in
    from a question or a game landed on the home page); not from the account pages, whose
    own links carry their ``next``.

    >>> _login_link('<a href="/accounts/login/">Log in</a>', "/practice/piquet/partie/1/7/?a=1")
    '<a href="/accounts/login/?next=/practice/piquet/partie/1/7/%3Fa%3D1">Log in</a>'
    >>> _login_link('<a href="/accounts/login/">Log in</a>', "/accounts/signup/")
    '<a href="/accounts/login/">Log in</a>'
    """
    path = back_url.partition("?")[0]
    if not back_url.startswith("/") or back_url.startswith("//") or path == "/":
        return link
    if path.startswith(_ACCOUNTS):  # (log-out is a POST: its address would be a 405)
        return link
    target = conditional_escape(quote(back_url, safe="/"))
    return link.replace(f'href="{_LOGIN}"', f'href="{_LOGIN}?next={target}"', 1)


_LOGIN = "/accounts/login/"
_ACCOUNTS = "/accounts/"
"""The header's log-in link returns to no account page (the home page is where it lands
anyway)."""


BACK_URL_MAX = 2000
"""The longest address the header's switches return to with its query; a longer one (no
page of ours makes one) returns to its path, so a page answering it is not twice its size."""


def switches_return_to(url: str) -> str:
    """htmx out-of-band inputs: after a swap, the header's language and deck forms return to
    ``url`` (escaped here), not to the address the page was loaded at."""
    value = conditional_escape(url)
    return "".join(
        f'<input type="hidden" name="next" value="{value}" id="{name}" hx-swap-oob="true">'
        for name in ("language-next", "deck-next")
    )


def page_in_shell(
    request: HttpRequest,
    title: str,
    main: str,
    head: str = "",
    csrf_token: str = "",
    back_url: str = "",
) -> bytes:
    """A whole page drawn from Python: what a template writes with the four tags around
    ``main`` (our markup; values in it escaped by the caller), titled ``title · cardtutor``
    (escaped here), ``head`` (our markup: stylesheets, scripts) after the shell's links;
    ``csrf_token``: the token ``main``'s forms carry, if the caller has one (one is enough);
    ``back_url``: where the language and deck switches return (default: this address).

    For the busiest pages, whose every request is new (a practice item: its own seed), so
    nothing of them can be cached: Django's template engine cost them more than the rest of
    the request. Same parts, same escaping as the tags; the sprite joined in as bytes.
    """
    four_colour = four_colour_deck(request)
    parts = site_parts(get_language() or "en", nav_section(request), four_colour)
    html = "".join(
        (
            parts["start"],
            f"\n  <title>{conditional_escape(title)} · cardtutor</title>\n  ",
            parts["head"],
            head,
            "\n",
            _body(
                parts,
                csrf_token or get_token(request),
                four_colour,
                back_url or request.get_full_path(),
                getattr(request, "user", None),
                True,
            ),
            main,
            f"\n  </main>\n  {parts['footer']}\n</body>\n</html>\n",
        )
    )
    return page_bytes(html)
