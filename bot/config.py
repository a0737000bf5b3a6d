"""Settings from the environment and ``.env``, read once in ``__main__`` and passed down."""

from pathlib import Path
from typing import Annotated, Literal, Self

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.store import DEFAULT_CLAIMANT


class Settings(BaseSettings):
    """Everything the bot reads from its environment; see ``.env.example``."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", env_ignore_empty=True)

    discord_token: SecretStr | None = None
    database_path: Path = Path("data/peapod.db")
    database_url: str | None = None
    """``postgresql://user:pass@host/db`` to share one PostgreSQL among bot processes (wins over the path)."""
    database_pool_size: int = Field(default=10, ge=1, le=200)
    database_statement_timeout: float = Field(default=10.0, gt=0)
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    """The shards this process runs (``SHARD_IDS=0,1``); all of ``SHARD_COUNT`` when unset."""
    dev_guild_id: int | None = None
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    log_format: Literal["text", "json"] = "text"
    """``json``: one JSON object a line, for log collectors; ``text``: lines for people."""
    metrics_port: int | None = Field(default=None, ge=0, le=65535)
    """Serve Prometheus metrics and the health checks (``/metrics``, ``/healthz``, ``/readyz``) on this port."""
    discord_client_id: int | None = None
    """The application's id (Developer Portal, General Information): the Activity authorizes with it."""
    discord_client_secret: SecretStr | None = None
    """The application's OAuth2 client secret: the Activity's code exchange (``POST /api/token``) needs it."""
    public_url: str | None = None
    """Where people reach the Activity's web app (the Developer Portal's URL mapping for ``/`` points here). The bot
    only names it in its start-up log: the page asks relative paths, which Discord's proxy forwards."""
    web_port: int | None = Field(default=None, ge=0, le=65535)
    """Serve the Activity's web app (Peanuts live: the page, ``/api/token``, the race's WebSocket) on this port."""
    discord_api_url: str = "https://discord.com/api/v10"
    """Discord's HTTP API, as the Activity's server asks it (tests and ``make play`` point it at a fake)."""

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            return tuple(int(part) for part in value.replace(" ", "").split(",") if part)
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Self:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT")
            if not self.shard_ids or any(not 0 <= shard < self.shard_count for shard in self.shard_ids):
                raise ValueError(f"SHARD_IDS must be shards from 0 to {self.shard_count - 1}")
        return self

    @model_validator(mode="after")
    def _live_fits(self) -> Self:
        if self.web_port is not None and (self.discord_client_id is None or self.discord_client_secret is None):
            raise ValueError("WEB_PORT serves the Activity, which needs DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET")
        return self

    @property
    def live(self) -> bool:
        """Whether the Activity (Peanuts live) is served, so the Play live buttons show."""
        return self.web_port is not None and self.discord_client_id is not None

    @property
    def database(self) -> str:
        """Where the games are: the PostgreSQL URL when set, else the SQLite file."""
        return self.database_url or str(self.database_path)

    @property
    def claimant(self) -> str:
        """Whom this process's deadline claims name: the shards it runs, so its successor takes them back."""
        if self.shard_ids is None:
            return DEFAULT_CLAIMANT
        return f"shards {','.join(map(str, self.shard_ids))} of {self.shard_count}"

    @property
    def shares_database(self) -> bool:
        """Whether other processes run the other shards (so they must meet in PostgreSQL)."""
        return self.shard_ids is not None and self.shard_count is not None and len(self.shard_ids) < self.shard_count


def settings_problem(error: ValidationError) -> str:
    """One sentence naming the first bad setting, for people starting the bot."""
    first = error.errors()[0]
    if not first["loc"]:
        return f"The settings do not fit together ({first['msg']}); see .env.example for what they take."
    return (
        f"The setting {str(first['loc'][0]).upper()} is not valid ({first['msg']}); see .env.example for what it takes."
    )
