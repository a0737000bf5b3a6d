"""``python -m bot.ops.probe healthz|readyz``: ask this container's bot whether it is live or ready (exit 0 or 1).

For health checks that run a command (Docker's ``HEALTHCHECK``, compose's ``healthcheck``); the bot
serves the answers on ``METRICS_PORT`` (Kubernetes asks the same paths over HTTP itself).
"""

import os
import sys
import urllib.error
import urllib.request

CHECKS = ("healthz", "readyz")
TIMEOUT_SECONDS = 3.0


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    if len(arguments) != 1 or arguments[0] not in CHECKS:
        print(f"usage: python -m bot.ops.probe {'|'.join(CHECKS)}", file=sys.stderr)
        return 2
    port = os.environ.get("METRICS_PORT", "").strip()
    if not port:
        print("METRICS_PORT is not set, so the bot serves no health checks.", file=sys.stderr)
        return 1
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{int(port)}/{arguments[0]}", timeout=TIMEOUT_SECONDS) as answer:
            print(answer.read().decode().strip())
            return 0
    except urllib.error.HTTPError as refused:
        print(refused.read().decode().strip(), file=sys.stderr)
    except (OSError, ValueError) as error:
        print(f"the bot does not answer on port {port}: {error}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
