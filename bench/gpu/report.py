"""The short table printed at the end of a run: one line per scenario launched or skipped."""

from __future__ import annotations

from statistics import median
from typing import Any, Optional

HEADERS = ["scenario", "status", "alloc GB", "reserved GB", "device GB", "step s", "wall s"]


def _gb(value: Optional[int]) -> str:
    return f"{value / 1e9:.2f}" if isinstance(value, (int, float)) else "-"


def summary_line(scenario_id: str, result: dict[str, Any], wall_seconds: Optional[float]) -> list[str]:
    """OOM rows show the high-water mark reached before the failure, prefixed with '>'."""
    status = result.get("status", "?")
    prefix = ">" if status == "oom" else ""
    steps = result.get("step_seconds") or []
    # Step 1 includes optimizer-state creation and kernel warm-up; report the steady steps.
    step = f"{median(steps[1:] or steps):.2f}" if steps else "-"
    cells = [_gb(result.get(k)) for k in ("allocated_run", "reserved_run", "device_run")]
    if prefix:
        cells = [prefix + c if c != "-" else c for c in cells]
    wall = f"{wall_seconds:.1f}" if wall_seconds is not None else "-"
    return [scenario_id, status, *cells, step, wall]


def render_table(lines: list[list[str]]) -> str:
    widths = [max(len(h), *(len(line[i]) for line in lines)) if lines else len(h) for i, h in enumerate(HEADERS)]
    def fmt(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i == 0 or i == 1 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))
    return "\n".join([fmt(HEADERS), fmt(["-" * w for w in widths]), *(fmt(line) for line in lines)])
