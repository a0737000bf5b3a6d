"""The layers of ARCHITECTURE.md, checked on every import statement with ``ast``; no import circle; and no
English sentence in the engines (their words are the bot's)."""

import ast
import re
import sys
from pathlib import Path

from games import GAMES

ROOT = Path(__file__).resolve().parent.parent
STDLIB = set(sys.stdlib_module_names)

# layer -> (allowed first-party packages, allowed third-party packages, banned stdlib modules)
RULES = {
    "games": ({"games"}, set(), {"asyncio", "sqlite3"}),
    "render": ({"games", "render"}, {"PIL"}, {"asyncio", "sqlite3"}),
    "bot/core": ({"games", "bot"}, {"openskill", "networkx"}, set()),
    "bot/store": ({"bot"}, {"aiosqlite", "asyncpg"}, set()),
    "bot/words": ({"games", "bot"}, set(), {"asyncio", "sqlite3"}),
    "bot/i18n": ({"games", "bot"}, {"babel"}, {"asyncio", "sqlite3"}),
    "bot/live": ({"games", "bot"}, {"aiohttp"}, set()),
}
FIRST_PARTY = {"games", "render", "bot", "bench", "tests"}
DISCORD_FREE = ("bot/core", "bot/store", "bot/words", "bot/i18n", "bot/live")
DISCORD_FREE_MODULES = ("bot.core", "bot.store", "bot.words", "bot.i18n")
"""What the Discord-free layers may import of bot/ (bot/live: those and itself, another front end of the core)."""
PROJECT = ("games", "render", "bot", "bench")
"""The packages the import-circle check covers."""


def _imports(path: Path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module


def test_layers_import_only_what_they_may():
    """games/ is pure, render/ knows only games and Pillow, the core never imports discord."""
    wrong = []
    for layer, (own, third, banned) in RULES.items():
        for path in sorted((ROOT / layer).rglob("*.py")):
            for line, module in _imports(path):
                top = module.split(".")[0]
                if module.startswith("bot.") and layer in DISCORD_FREE:
                    own_package = ("bot.live",) if layer == "bot/live" else ()
                    ok = module.startswith(DISCORD_FREE_MODULES + own_package)
                elif top in FIRST_PARTY:
                    ok = top in own
                elif top in STDLIB:
                    ok = top not in banned
                else:
                    ok = top in third
                if not ok:
                    wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not wrong, "\n".join(wrong)


def test_nothing_below_imports_bot():
    """Arrows only go down: games/ and render/ never import bot."""
    for layer in ("games", "render"):
        for path in (ROOT / layer).rglob("*.py"):
            assert all(not m.startswith("bot") for _, m in _imports(path)), path


def test_discord_layer_calls_down_only():
    """bot/ui never imports a cog, and no code looks a handler up by cog name (``get_cog``)."""
    wrong = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        source = path.read_text()
        if path.is_relative_to(ROOT / "bot/ui"):
            wrong += [f"{path.relative_to(ROOT)}:{line} imports {m}" for line, m in _imports(path) if "cogs" in m]
        if "get_cog(" in source:
            wrong.append(f"{path.relative_to(ROOT)} looks a cog up by name")
    assert not wrong, "\n".join(wrong)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _loaded(importer: str, is_package: bool, node: ast.Import | ast.ImportFrom, modules: set[str]) -> set[str]:
    """The project modules an import statement of ``importer`` runs: the module it names (``from a import b``
    names ``a.b`` when that is a module, else ``a``), and the packages above it that ``importer`` is not
    inside (importing ``bot.ui.present`` from ``bot.errors`` first runs ``bot/ui/__init__.py``)."""
    if isinstance(node, ast.Import):
        named = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = importer.split(".") if is_package else importer.split(".")[:-1]
            base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
        named = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
    loaded = set()
    for name in named:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        while name and not (importer == name or importer.startswith(name + ".")):
            loaded.add(name)
            name = name.rpartition(".")[0]
    return loaded


def _import_graph() -> dict[str, set[str]]:
    paths = {_module_name(path): path for top in PROJECT for path in (ROOT / top).rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in paths}
    for name, path in paths.items():
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                graph[name] |= _loaded(name, path.name == "__init__.py", node, set(paths))
    return graph


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` (its first module repeated at the end), or None."""
    done: set[str] = set()
    for start in sorted(graph):
        path, trail = [start], [iter(sorted(graph[start]))]
        while trail:
            following = next(trail[-1], None)
            if following is None:
                done.add(path.pop())
                trail.pop()
            elif following in path:
                return [*path[path.index(following) :], following]
            elif following not in done:
                path.append(following)
                trail.append(iter(sorted(graph[following])))
    return None


def test_no_module_imports_itself_back():
    """No import circle in games, render, bot or bench, however long.

    Every import statement counts: at the top of a module, inside a function (an import made late only hides
    a circle) and under ``TYPE_CHECKING``. A package is its ``__init__``; importing a module also runs the
    packages above it that the importer is not inside, so a package and a module that import each other
    (``bot.ui`` and ``bot.errors``, say) are a circle too.
    """
    circle = _circle(_import_graph())
    assert circle is None, "import circle: " + " -> ".join(circle)


def test_the_circle_check_finds_circles():
    """A circle of any length, through a package or a late import, is found and named; a tree is not a circle."""
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None
    late = ast.parse("def f():\n    from games.peek import GAME\n").body[0].body[0]
    assert _loaded("games.ai.peek_ai", False, late, {"games", "games.peek", "games.ai", "games.ai.peek_ai"}) == {
        "games.peek"
    }
    through_package = ast.parse("from bot.ui.present import Presenter").body[0]
    modules = {"bot", "bot.ui", "bot.ui.present", "bot.errors"}
    assert _loaded("bot.errors", False, through_package, modules) == {"bot.ui.present", "bot.ui"}
    relative = ast.parse("from .layout import step").body[0]
    assert _loaded("games.peanuts.blocked", False, relative, {"games.peanuts", "games.peanuts.layout"}) == {
        "games.peanuts.layout"
    }


ENGLISH = re.compile(r"[A-Za-z]+ [a-z]+")
"""Two words, the second in lower case: how a sentence or a label for people gives itself away."""
DIAGNOSTICS = ("games/snapshot.py",)
"""Modules whose every text describes a damaged snapshot, for developers (no player ever reads one)."""


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            found |= {id(item.value) for item in body if isinstance(item, ast.Expr)}
    return found


def _diagnostics(tree: ast.AST) -> set[int]:
    """The texts of errors for developers: inside a call of an ``...Error`` class or of an ``error`` method
    (an error a player causes takes a Phrase, which mypy checks), and a game's ``title`` (a name)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name.endswith("Error") or name == "error":
                found |= {id(inner) for inner in ast.walk(node)}
        elif isinstance(node, ast.Assign) and [getattr(target, "id", "") for target in node.targets] == ["title"]:
            found.add(id(node.value))
    return found


def english_in(source: str) -> list[tuple[int, str]]:
    """The string constants of ``source`` that read like English words, outside docstrings and diagnostics."""
    tree = ast.parse(source)
    skipped = _docstrings(tree) | _diagnostics(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skipped
        and ENGLISH.search(node.value)
    ]


def test_engines_return_phrases_not_english():
    """games/ says what happened as codes and phrases (ARCHITECTURE.md, "Events and words"): no string in it
    reads as English, but for docstrings, errors for developers and the games' titles."""
    wrong = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in sorted((ROOT / "games").rglob("*.py"))
        if str(path.relative_to(ROOT)) not in DIAGNOSTICS
        for line, text in english_in(path.read_text())
    ]
    assert not wrong, "\n".join(wrong)


def test_the_english_check_finds_sentences():
    """A sentence, an f-string's words and a label are found; a docstring, a diagnostic, a title and codes are not."""
    source = (
        'def f(card):\n'
        '    """Says a sentence."""\n'
        '    hidden = f"{card} went home"\n'
        '    raise ValueError("a diagnostic for developers")\n'
        'class G:\n'
        '    title = "Pebbles and Nuts"\n'
        '    label = "Turn the stock"\n'
        '    code = "c3>f"\n'
        '    key = "peek.went_home"\n'
        'EVENT = "You turned the waste over."\n'
    )
    assert sorted(line for line, _ in english_in(source)) == [3, 7, 10]


def game_names_in(source: str, names: set[str]) -> list[tuple[int, str]]:
    """The string constants of ``source`` (docstrings aside) holding one of ``names`` as a word, in any case."""
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    pattern = re.compile(r"\b(?:" + "|".join(re.escape(name) for name in sorted(names)) + r")\b", re.IGNORECASE)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and pattern.search(node.value)
    ]


def test_the_core_names_no_game():
    """bot/core is the same for every game (ARCHITECTURE.md): no string in it names a game by its key or title;
    what the core must know of a game, the game declares (seats, simultaneous, hidden information, rated)."""
    names = {name for key, game in GAMES.items() for name in (key, game.title)}
    wrong = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in sorted((ROOT / "bot" / "core").rglob("*.py"))
        for line, text in game_names_in(path.read_text(), names)
    ]
    assert not wrong, "\n".join(wrong)
    assert game_names_in('KINDS = ("peanuts", "pebbles")\n"""A Peanuts docstring."""\n', names) == [
        (1, "peanuts"),
        (1, "pebbles"),
    ]
