"""What the series scripts (pair-noise, missed-runs, series-prediction) read of a saved
`asyncops-bench --modes` series: the JSON lines of its runs, and the shape-floor target rows of its
`--modes-report`. Each reader exits with a message naming the script, the file and the line when
the input is not what it should be.
"""
import glob
import json
import os
import re
import sys

# The floor of a loop the optimiser folds away, in ns per element (ShapeFloors.foldedLoopNsPerElement).
LEAST_FLOOR = 1.0
# The probe comparisons: an operator's body paired with a probe, reported apart from the targets
# (asyncops-bench's BenchCase+ProbeComparisons.swift).
PROBES = ("share-1-broadcast", "timeout-clocked")


def runs(directory, tool):
    """Yields (path, {(case, mode): row}) for each run-N.json of `directory`, in the order of N."""
    numbered = {}
    for path in glob.glob(os.path.join(directory, "run-*.json")):
        number = re.fullmatch(r"run-(\d+)\.json", os.path.basename(path))
        if not number:
            sys.exit(f"{tool}: {path}: not a run-N.json name, so its place in the series is unknown")
        numbered[int(number.group(1))] = path
    if not numbered:
        sys.exit(f"{tool}: no run-*.json in {directory}")
    for _, path in sorted(numbered.items()):
        rows = {}
        with open(path) as lines:
            for number, line in enumerate(lines, 1):
                line = line.strip()
                if not line.startswith("{"):
                    continue
                try:
                    row = json.loads(line)
                except json.JSONDecodeError as error:
                    sys.exit(f"{tool}: {path}:{number}: not a JSON object ({error})")
                rows[(row["case"], row.get("mode", ""))] = row
        yield path, rows


def target_rows(report, tool):
    """Yields (line number, case, limit, the cells after the limit) for each shape-floor target row
    (`CASE / floor-CASE`, not a control or a probe comparison) of a `--modes-report`."""
    try:
        lines = open(report).read().splitlines()
    except OSError as error:
        sys.exit(f"{tool}: {report}: {error.strerror}")
    found = 0
    for number, line in enumerate(lines, 1):
        if not line.startswith("| ") or "/ floor-" not in line:
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        case = cells[0].split(" /")[0]
        if case.startswith("control-") or case in PROBES:
            continue
        limit = re.search(r"([\d.]+)$", cells[1]) if len(cells) > 1 else None
        if not limit:
            sys.exit(f"{tool}: {report}:{number}: no limit in the row of {case}")
        found += 1
        yield number, case, float(limit.group(1)), cells[2:]
    if not found:
        sys.exit(f"{tool}: {report}: no shape-floor target rows (not a --modes-report?)")
