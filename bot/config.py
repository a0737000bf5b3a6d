"""Settings from the environment and ``.env``, read once in ``__main__`` and passed down."""

from pathlib import Path
from typing import Literal

from pydantic import SecretStr, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Everything the bot reads from its environment; see ``.env.example``."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", env_ignore_empty=True)

    discord_token: SecretStr | None = None
    database_path: Path = Path("data/peapod.db")
    dev_guild_id: int | None = None
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"


def settings_problem(error: ValidationError) -> str:
    """One sentence naming the first bad setting, for people starting the bot."""
    first = error.errors()[0]
    name = str(first["loc"][0]).upper() if first["loc"] else "a setting"
    return f"The setting {name} is not valid ({first['msg']}); see .env.example for what it takes."
