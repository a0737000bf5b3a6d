"""bot/i18n: one language's words, the fallbacks to English, the pseudo-locale, which language a reader gets, and
the commands' translator."""

import datetime
import gettext
import io

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from bot.cogs.translator import Where, translated
from bot.i18n import ENGLISH, LOCALES, PSEUDO, Words, words_for
from bot.i18n import words as words_module
from bot.i18n.choose import private_locale, public_locale
from bot.i18n.pseudo import pseudo
from games.cards import Card
from games.phrases import Phrase


def _german(monkeypatch, translated: dict[object, object]) -> Words:
    """German words from a catalog holding ``translated`` only."""
    catalog = Catalog(locale="de")
    for message, string in translated.items():
        catalog.add(message, string)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    monkeypatch.setattr(words_module, "translations", lambda locale: gettext.GNUTranslations(compiled))
    return Words("de")


@pytest.mark.parametrize(
    ("given", "shipped"),
    [
        ("en-US", "en"),
        ("en-GB", "en"),
        ("de", "de"),
        ("es-419", "es-ES"),
        ("pt-PT", "pt-BR"),
        ("ja", "en"),
        (None, "en"),
    ],
)
def test_a_discord_locale_reads_in_the_nearest_shipped_language(given, shipped):
    assert words_for(given).locale == shipped
    assert words_for(given) is words_for(shipped)


def test_every_shipped_language_loads():
    for locale in LOCALES:
        assert words_for(locale)("This game is over.")


def test_a_translation_fills_its_placeholders(monkeypatch):
    words = _german(monkeypatch, {"{name} joined.": "{name} ist dabei."})
    assert words("{name} joined.", name="Ana") == "Ana ist dabei."


def test_a_missing_translation_reads_as_english_never_as_a_key(monkeypatch):
    words = _german(monkeypatch, {})
    assert words("{name} joined.", name="Ana") == "Ana joined."
    assert words.plural("{n} card", "{n} cards", 3) == "3 cards"


def test_a_translation_with_wrong_placeholders_reads_as_english(monkeypatch):
    words = _german(monkeypatch, {"{name} joined.": "{nom} ist dabei."})
    assert words("{name} joined.", name="Ana") == "Ana joined."


def test_plural_forms_follow_the_language(monkeypatch):
    words = _german(monkeypatch, {("{n} card", "{n} cards"): ("{n} Karte", "{n} Karten")})
    assert [words.plural("{n} card", "{n} cards", n) for n in (1, 2)] == ["1 Karte", "2 Karten"]


def test_numbers_dates_and_durations_follow_the_language():
    german = words_for("de")
    assert (ENGLISH.number(1234.5), german.number(1234.5)) == ("1,234.5", "1.234,5")
    day = datetime.date(2026, 11, 27)
    assert (ENGLISH.date(day), german.date(day)) == ("Nov 27, 2026", "27.11.2026")
    assert (ENGLISH.duration(180), german.duration(180)) == ("3 minutes", "3 Minuten")


def test_a_rating_always_has_one_decimal_in_the_languages_own_digits():
    german, russian = words_for("de"), words_for("ru")
    assert [ENGLISH.rating(value) for value in (5, 5.0, 28.94, -3.25, -0.04)] == ["5.0", "5.0", "28.9", "-3.2", "0.0"]
    assert (german.rating(1234.56), german.rating(5)) == ("1.234,6", "5,0")
    assert russian.rating(28.94) == "28,9"


def test_cards_use_the_letters_each_language_prints():
    queen, ten = Card.parse("QH"), Card.parse("TS")
    assert [words_for(locale).card(queen) for locale in LOCALES] == ["Q♥", "D♥", "D♥", "Q♥", "Q♥", "D♥", "Д♥"]
    assert {words_for(locale).card(ten) for locale in LOCALES} == {"10♠"}


def test_an_engines_phrase_is_worded_through_the_catalog(monkeypatch):
    words = _german(monkeypatch, {"{card} does not go on {top}.": "{card} passt nicht auf {top}."})
    phrase = Phrase.of("peanuts.does_not_go_on", card=Card.parse("QH"), top=Card.parse("KS"))
    assert words.phrase(phrase) == "D♥ passt nicht auf K♠."
    assert ENGLISH.phrase(phrase) == "Q♥ does not go on K♠."


def test_the_pseudo_locale_changes_every_word_and_keeps_the_placeholders():
    words = words_for(PSEUDO)
    assert words("Pick {card} to move.", card="Q♥") == "[Ƥïïçķ Q♥ ţöö ɱööṽêê.]"
    assert pseudo("{count:,} of {{braces}}") == "[{count:,} ööƒ {{ƀŕąąçêêš}}]"
    assert words.phrase(Phrase.of("count.cards", count=2)).startswith("[2 ")


def test_a_user_reads_their_choice_else_their_client():
    assert private_locale("fr", "de") == "fr"
    assert private_locale(None, "de") == "de"
    assert private_locale(None, None) == "en"


def test_a_server_reads_its_choice_else_a_community_servers_language_else_english():
    assert public_locale("pl", "de", community=False) == "pl"
    assert public_locale(None, "de", community=True) == "de"
    assert public_locale(None, "de", community=False) == "en"


def test_the_command_translator_sends_only_what_discord_accepts(monkeypatch):
    """Names are lowercased and sent only when they keep Discord's rules; descriptions only up to 100 characters;
    what reads as the English is not sent at all."""
    catalog = Catalog(locale="de")
    catalog.add("scores", "Punkte", context="command name")
    catalog.add("game", "ein spiel", context="option name")
    catalog.add("Show this channel's scoreboards", "Zeigt die Punkte dieses Kanals")
    catalog.add("How to play, and the commands", "x" * 101)
    catalog.add("Challenge to Peanuts", "Zu Peanuts herausfordern", context="menu name")
    catalog.add("Play Pebbles and Nuts with", "Eine Partie Pebbles and Nuts spielen mit", context="menu name")
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    monkeypatch.setattr(words_module, "translations", lambda locale: gettext.GNUTranslations(compiled))
    words = Words("de")
    assert translated(words, "scores", Where.command_name) == "punkte"
    assert translated(words, "game", Where.parameter_name) is None
    assert translated(words, "Show this channel's scoreboards", Where.command_description) == (
        "Zeigt die Punkte dieses Kanals"
    )
    assert translated(words, "How to play, and the commands", Where.command_description) is None
    assert translated(words, "help", Where.command_name) is None
    # a context menu's name keeps its capitals and spaces, within 32 characters
    assert translated(words, "Challenge to Peanuts", Where.command_name, menu=True) == "Zu Peanuts herausfordern"
    assert translated(words, "Play Pebbles and Nuts with", Where.command_name, menu=True) is None


def test_a_command_in_text_reads_as_the_tree_sends_it_to_that_language(monkeypatch):
    """A message that names a slash command names it as Discord lists it for the reader's language: each name
    translated where the translator sends one, else the English (a name that breaks Discord's rules)."""
    assert ENGLISH.command("daily", "peek") == "/daily peek"
    assert words_for("de").command("daily", "peek") == "/tagesspiel peek"
    assert words_for("ru").command("daily", "triplepeaks") == "/ежедневно три_пика"
    catalog = Catalog(locale="de")
    catalog.add("daily", "Tages Spiel", context="command name")
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    monkeypatch.setattr(words_module, "translations", lambda locale: gettext.GNUTranslations(compiled))
    words = Words("de")
    assert words.command("daily", "board") == "/daily board"
    assert translated(words, "daily", Where.command_name) is None
