"""What every benchmark prints the same way: a goal's verdict, and the machine's load beside a timed
figure (the machine is shared; docs/operations.md, "Measuring on a shared machine")."""

from __future__ import annotations

import os
import resource


def verdict(met: bool) -> str:
    """'met' or 'NOT met', as every benchmark prints a goal."""
    return "met" if met else "NOT met"


def load() -> str:
    """The load average now, to print beside a timed figure."""
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (5 min {five:.1f}) on {os.cpu_count()} cores"


def cpu_seconds() -> float:
    """CPU seconds (user and system) this process and its waited-for children have used."""
    return sum(cpu_times())


def cpu_times() -> tuple[float, float]:
    """CPU seconds this process and its waited-for children have used: (user, system). The system
    part is the kernel's work for them (creating files, say), which a shared machine's other work
    moves far more than the user part (docs/operations.md, "Measuring on a shared machine")."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + children.ru_utime, own.ru_stime + children.ru_stime
