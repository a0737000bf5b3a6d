"""Settings from the environment and ``.env``, read once in ``__main__`` and passed down."""

from pathlib import Path

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Everything the bot reads from its environment; see ``.env.example``."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    discord_token: SecretStr | None = None
    database_path: Path = Path("data/peapod.db")
    dev_guild_id: int | None = None
    log_level: str = "INFO"
