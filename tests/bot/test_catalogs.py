"""The shipped message catalogs: each holds every message id peapod words and no other, keeps each id's
placeholders, respects Discord's limits for the commands, and (once its translators are done) translates all."""

import ast
import asyncio
import string

import pytest
from babel.messages.catalog import Message

from bot.cogs.translator import DESCRIPTION_LIMIT, MENU_CONTEXT, MENU_NAME_LIMIT, NAME_CONTEXTS
from bot.i18n import LOCALES
from bot.i18n.extract import KEYWORDS, ROOT, shipped_catalog
from bot.i18n.words import COMMAND_NAME
from bot.translations import all_messages

COMPLETE: tuple[str, ...] = ("de", "fr", "es-ES", "pt-BR", "pl", "ru")
"""The languages whose translators have finished (every message translated); add a language here when its
catalog is complete (the strict xfail below then tells you so)."""
OTHERS = [locale for locale in LOCALES if locale != "en"]


@pytest.fixture(scope="module")
def expected() -> set[tuple[object, str | None]]:
    return {(message.id, message.context) for message in asyncio.run(all_messages())}


def _messages(locale: str) -> list[Message]:
    return [message for message in shipped_catalog(locale) if message.id]


def _key(message: Message) -> tuple[object, str | None]:
    return (tuple(message.id) if isinstance(message.id, list | tuple) else message.id, message.context)


def _fields(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


@pytest.mark.parametrize("locale", LOCALES)
def test_a_catalog_holds_every_message_id_and_no_other(locale, expected):
    """``make translations`` was run after the last change of words: nothing missing, nothing unused."""
    shipped = {_key(message) for message in _messages(locale)}
    assert not expected - shipped, f"missing from {locale}: {sorted(map(str, expected - shipped))[:10]}"
    assert not shipped - expected, f"unused in {locale}: {sorted(map(str, shipped - expected))[:10]}"


def test_every_message_id_is_a_format_string_with_named_placeholders(expected):
    """Words fills every message with ``str.format``: a literal brace is written ``{{``, a placeholder has a name."""
    wrong = []
    for message, _ in expected:
        for form in message if isinstance(message, tuple) else (message,):
            try:
                fields = _fields(form)
            except ValueError:
                wrong.append(form)
                continue
            if not all(field.isidentifier() for field in fields):
                wrong.append(form)
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("locale", OTHERS)
def test_a_translation_keeps_the_placeholders_of_its_id(locale):
    """A translation fills exactly the id's placeholders (a plural's form may leave out the count)."""
    wrong = []
    for message in _messages(locale):
        if isinstance(message.id, tuple | list):
            allowed = _fields(message.id[0]) | _fields(message.id[1]) | {"n"}
            wrong += [form for form in message.string if form and not _fields(form) <= allowed]
        elif message.string and _fields(message.string) != _fields(message.id):
            wrong.append(message.string)
    assert not wrong, f"{locale}: {wrong[:5]}"


@pytest.mark.parametrize("locale", OTHERS)
def test_commands_stay_within_discords_limits_in_every_language(locale):
    """Names: one lowercase word of at most 32 letters; a context menu's name: at most 32 characters; descriptions
    and choices: at most 100 characters."""
    names = set(NAME_CONTEXTS.values())
    wrong = []
    for message in _messages(locale):
        if not message.string or isinstance(message.id, tuple | list):
            continue
        if message.context == MENU_CONTEXT:
            if not 0 < len(message.string) <= MENU_NAME_LIMIT or message.string != message.string.strip():
                wrong.append(message.string)
        elif message.context in names:
            if not COMMAND_NAME.fullmatch(message.string) or message.string != message.string.lower():
                wrong.append(message.string)
        elif message.locations and message.locations[0][0] == "bot/cogs" and len(message.string) > DESCRIPTION_LIMIT:
            wrong.append(message.string)
    assert not wrong, f"{locale}: {wrong[:5]}"


@pytest.mark.parametrize(
    "locale",
    [
        pytest.param(locale, marks=() if locale in COMPLETE else pytest.mark.xfail(strict=True, reason="not done yet"))
        for locale in OTHERS
    ],
)
def test_a_finished_language_translates_every_message(locale):
    """Every message of a finished language has a translation (each plural form too), none left fuzzy."""
    untranslated = [
        message.id
        for message in _messages(locale)
        if message.fuzzy or not message.string or (isinstance(message.string, tuple) and not all(message.string))
    ]
    assert not untranslated, f"{len(untranslated)} untranslated in {locale}: {untranslated[:5]}"


def test_every_message_id_in_the_code_is_a_literal_the_extraction_can_read():
    """A call that words a message (``words(...)``, ``.plural``, ``.context``, ``N_``) never builds its id with an
    f-string: such an id would differ with every value and never be found in a catalog."""
    wrong = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if name in KEYWORDS and any(isinstance(arg, ast.JoinedStr) for arg in node.args):
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not wrong, wrong


def test_every_plural_in_the_code_is_extracted_as_a_plural(expected):
    """``words.plural("one", "other", n, ...)`` reaches the catalog as a singular and plural pair: Babel's
    extractor drops the plural of a call that has another call among its arguments, and then every language
    would show the English."""
    plurals = {message[0] for message, _ in expected if isinstance(message, tuple)}
    wrong = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "plural"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and node.args[0].value not in plurals
            ):
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not wrong, wrong
