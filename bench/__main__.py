"""Run every benchmark module and print ``name value unit`` lines.

``python -m bench`` runs all; ``python -m bench piquet besik`` runs only those modules.
"""

from __future__ import annotations

import importlib
import sys

MODULES = ("floor", "piquet", "besik", "solver", "players", "http", "games")


def main(argv: list[str]) -> int:
    wanted = argv or list(MODULES)
    failed = 0
    for name in wanted:
        try:
            module = importlib.import_module(f"bench.bench_{name}")
        except ModuleNotFoundError as err:
            print(f"# bench_{name}: not available ({err})", file=sys.stderr)
            failed += 1
            continue
        for metric, value, unit in module.run():
            print(f"{metric} {value:.4g} {unit}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
