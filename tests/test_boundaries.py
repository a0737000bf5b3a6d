"""The layers of ARCHITECTURE.md, checked on every import statement with ``ast``."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STDLIB = set(sys.stdlib_module_names)

# layer -> (allowed first-party packages, allowed third-party packages, banned stdlib modules)
RULES = {
    "games": ({"games"}, set(), {"asyncio", "sqlite3"}),
    "render": ({"games", "render"}, {"PIL"}, {"asyncio", "sqlite3"}),
    "bot/core": ({"games", "bot"}, {"openskill"}, set()),
    "bot/store": ({"bot"}, {"aiosqlite", "asyncpg"}, set()),
}
FIRST_PARTY = {"games", "render", "bot", "bench", "tests"}
DISCORD_FREE = ("bot/core", "bot/store")


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
                    ok = module.startswith(("bot.core", "bot.store"))
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
