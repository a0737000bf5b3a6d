"""``python -m bot.store backup TARGET``: a consistent copy of a SQLite database the bot is writing to."""

import sqlite3

import pytest

from bot.store import SqliteStore, StoreError
from bot.store.__main__ import main
from bot.store.backup import backup

from .test_store import new_game


async def test_a_running_database_is_copied_with_every_commit_and_no_unfinished_write(tmp_path, capsys):
    """The bot's store stays open (its last writes still in the WAL file) and another writer is halfway
    through a transaction: the backup holds every committed game and none of the unfinished write."""
    path = tmp_path / "peapod.db"
    store = await SqliteStore.open(path)
    try:
        games = [await store.create_game(new_game()) for _ in range(3)]
        await store.save_action(games[0].id, version=0, seat=0, code="+1", state={"total": 1}, finished=False, at=2.0)
        assert (tmp_path / "peapod.db-wal").stat().st_size > 0
        writer = sqlite3.connect(path, isolation_level=None)
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("DELETE FROM actions")
        try:
            assert main(["backup", str(tmp_path / "backups" / "copy.db"), "--database", str(path)]) == 0
        finally:
            writer.execute("ROLLBACK")
            writer.close()
        await store.create_game(new_game())
    finally:
        await store.close()
    assert "games                   3 in the backup" in capsys.readouterr().out
    copy = await SqliteStore.open(tmp_path / "backups" / "copy.db")
    try:
        assert [(await copy.load_game(game.id)).kind for game in games] == ["count"] * 3
        assert await copy.load_game(games[-1].id + 1) is None
        assert [action.code for action in await copy.load_actions(games[0].id)] == ["+1"]
    finally:
        await copy.close()
    assert not list((tmp_path / "backups").glob(".*partial"))


def test_the_backup_refuses_to_overwrite_and_to_copy_what_is_not_there(tmp_path):
    (tmp_path / "taken.db").write_bytes(b"mine")
    with pytest.raises(StoreError, match="already exists"):
        backup(tmp_path / "taken.db", tmp_path / "taken.db")
    with pytest.raises(StoreError, match="no database"):
        backup(tmp_path / "missing.db", tmp_path / "new.db")
    assert (tmp_path / "taken.db").read_bytes() == b"mine" and not (tmp_path / "new.db").exists()


def test_postgresql_is_sent_to_pg_dump(capsys):
    assert main(["backup", "copy.db", "--database", "postgresql://peapod@db/peapod"]) == 2
    assert "pg_dump" in capsys.readouterr().err


def test_the_database_defaults_to_the_bots_setting(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "absent.db"))
    assert main(["backup", str(tmp_path / "copy.db")]) == 1
    assert f"no database at {tmp_path / 'absent.db'}" in capsys.readouterr().err
