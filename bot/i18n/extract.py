"""The message ids: extracted from the code, the engines' phrase templates and the slash commands, written to
``peapod.pot`` and merged into every shipped catalog (``make translations``).

The code's ids are found by the names of the calls that word them (:data:`KEYWORDS`): ``words("...")``,
``words.plural("...", "...", n)``, ``words.context("context", "...")`` and ``N_("...")`` for a constant. The
phrase templates of :mod:`bot.words` are ids as they stand. The slash commands' names, descriptions, options
and choices come from the command tree the Discord layer builds (``python -m bot.translations``).
"""

import datetime
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.i18n.catalog import DOMAIN, TEMPLATE, po_path
from bot.i18n.locales import LOCALES, babel_locale
from bot.words import TEMPLATES
from bot.words.templates import Article, Join, Plural

KEYWORDS = {"N_": None, "words": None, "plural": (1, 2), "context": ((1, "c"), 2)}
"""The calls whose string arguments are message ids (Babel's keyword specs)."""
ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("bot",)
"""The folders whose Python code words things (render/ draws the words bot/ gives it)."""
LIST_SEPARATOR = "list separator"
"""The context of a :class:`bot.words.templates.Join`'s separator."""


FIXED_DATE = datetime.datetime(2026, 11, 27, tzinfo=datetime.UTC)
"""The creation date the catalogs' headers carry, so that ``make translations`` changes a file only when its
messages change."""


ARTICLE_NOTE = (
    'English uses this form for a rank read with "{article}" ("a 7", "an 8"); a language without that choice '
    "translates both forms alike."
)
SEPARATOR_NOTE = "Put between the items of a list (cards, players)."


class Message(NamedTuple):
    """One message id: a sentence, or a (singular, plural) pair; its context; where it comes from."""

    id: str | tuple[str, str]
    context: str | None
    location: str
    comment: str = ""
    """A note for translators."""


def code_messages() -> list[Message]:
    """The ids the code words, by the calls of :data:`KEYWORDS`."""
    found = []
    for source in SOURCES:
        for filename, line, message, _comments, context in extract_from_dir(
            ROOT / source, keywords=KEYWORDS, comment_tags=()
        ):
            if isinstance(message, tuple):
                if any(not part for part in message):
                    continue
                message = (message[0], message[1])
            found.append(Message(message, context, f"{source}/{filename}:{line}"))
    return found


def template_messages() -> list[Message]:
    """The ids of the engines' phrases: each template of :mod:`bot.words` (both forms of a plural or an
    article, a list's separator in its context)."""
    found = []
    for key, template in TEMPLATES.items():
        where = f"bot/words:{key}"
        if isinstance(template, Plural):
            found.append(Message((template.one, template.other), None, where))
        elif isinstance(template, Article):
            found += [
                Message(template.a, None, where, ARTICLE_NOTE.format(article="a")),
                Message(template.an, None, where, ARTICLE_NOTE.format(article="an")),
            ]
        elif isinstance(template, Join):
            found.append(Message(template.separator, LIST_SEPARATOR, where, SEPARATOR_NOTE))
        else:
            found.append(Message(template, None, where))
    return found


def template_catalog(messages: Iterable[Message]) -> Catalog:
    """The catalog template (``.pot``) holding ``messages``, each id once with all its locations."""
    catalog = Catalog(domain=DOMAIN, project="peapod", fuzzy=False, creation_date=FIXED_DATE, revision_date=FIXED_DATE)
    for message in messages:
        path, _, line = message.location.rpartition(":")
        location = (path, int(line)) if line.isdigit() else (message.location, 0)
        existing = catalog.get(message.id, message.context)
        comments = [message.comment] if message.comment else []
        if existing is not None:
            existing.locations.append(location)
            existing.auto_comments.extend(comment for comment in comments if comment not in existing.auto_comments)
        else:
            catalog.add(message.id, locations=[location], context=message.context, auto_comments=comments)
    return catalog


def shipped_catalog(locale: str) -> Catalog:
    """The ``.po`` catalog of a shipped locale, as it is on disk."""
    with po_path(locale).open("rb") as po:
        return read_po(po, locale=babel_locale(locale), domain=DOMAIN)


def write(template: Catalog) -> None:
    """Write ``peapod.pot`` and bring every shipped ``.po`` up to it (new ids untranslated, unused ids gone)."""
    with TEMPLATE.open("wb") as pot:
        write_po(pot, template, width=120, include_lineno=False)
    for locale in LOCALES:
        path = po_path(locale)
        if path.exists():
            catalog = shipped_catalog(locale)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(
                locale=babel_locale(locale),
                domain=DOMAIN,
                project="peapod",
                fuzzy=False,
                creation_date=FIXED_DATE,
                revision_date=FIXED_DATE,
            )
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()
        with path.open("wb") as po:
            write_po(po, catalog, width=120, ignore_obsolete=True, include_lineno=False)
