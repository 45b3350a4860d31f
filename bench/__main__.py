"""Run every benchmark (python -m bench), or those named: python -m bench chess_rules. Options after
the names go to the benchmarks that take them: python -m bench honesty --seconds 60."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    here = Path(__file__).parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    split = next((i for i, a in enumerate(argv) if a.startswith("-")), len(argv))
    argv, options = argv[:split], argv[split:]
    wanted = [n if n.startswith("bench_") else f"bench_{n}" for n in argv] or names
    unknown = set(wanted) - set(names)
    if unknown:
        print(f"no such benchmark: {', '.join(sorted(unknown))}; have {', '.join(names)}", file=sys.stderr)
        return 2
    for name in wanted:
        print(f"== {name}", flush=True)
        run = importlib.import_module(f"bench.{name}").main
        if inspect.signature(run).parameters:
            run(options)
        elif options:
            print(f"{name} takes no options", file=sys.stderr)
            return 2
        else:
            run()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
