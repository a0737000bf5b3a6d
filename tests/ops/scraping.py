"""Reading what the operations server answers: a GET on a local port, and a scrape's samples."""

import aiohttp
from prometheus_client.parser import text_string_to_metric_families


async def scrape(port: int, path: str = "/metrics") -> tuple[int, str]:
    """The status and body of ``path`` on the server listening at ``port`` on this machine."""
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a scrape, by name and labels."""
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }
