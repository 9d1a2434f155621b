"""The observation A/B's table: one row per run kept under DIR/<set>-<n>/journal.jsonl.gz (bench/observation-ab)."""
import gzip
import json
import sys
from pathlib import Path


def lines(journal):
    with gzip.open(journal, "rt") as f:
        for line in f:
            yield json.loads(line)


def row(run):
    phases, footprints, statuses, end_counts, outcome = [], [], [], None, "?"
    last_step = None
    for d in lines(run / "journal.jsonl.gz"):
        t = d["type"]
        if t == "phaseEnded":
            phases.append(f'{d["index"]}:{round(d["seconds"])}')
        elif t == "labFootprint":
            footprints.append(d)
        elif t == "upgradeStep":
            last_step = d["elapsed"]
        elif t == "sample" and d.get("observer") == "upgradeStatus":
            statuses.append((d["elapsed"], bool(d["nodes"]) and all(n.get("upgraded") for n in d["nodes"])))
        elif t == "sample" and d.get("observer") == "nodeCounts" and d["phase"] > 0:
            end_counts = (d.get("expected"), [n["instances"] if n["reachable"] else None for n in d["nodes"]])
        elif t == "runEnded":
            outcome = d["outcome"]
    rounds = [f["roundMeanSeconds"] for f in footprints if f.get("roundMeanSeconds") is not None]
    longest = max([f["roundMaxSeconds"] for f in footprints if f.get("roundMaxSeconds") is not None], default=None)
    lab = sum(n["labRequests"] for f in footprints for n in f["nodes"])
    served = sum(n.get("servedRequests") or 0 for f in footprints for n in f["nodes"])
    share = f"{100 * lab / served:.1f}%" if served else "n/a"
    mean_round = f"{sum(rounds) / len(rounds):.2f}" if rounds else "n/a"
    upgraded_at = next((e for e, up in statuses if last_step is not None and e >= last_step and up), None)
    upgraded = "no upgrade" if last_step is None else "never" if upgraded_at is None else f"{upgraded_at - last_step:.0f} s"
    counts = f"{end_counts[1]} of {end_counts[0]}" if end_counts else "n/a"
    return (f"| {run.name} | {outcome} | {' '.join(phases)} | {mean_round} | {longest if longest is not None else 'n/a'} "
            f"| {share} | {upgraded} | {counts} |")


def main(directory):
    print("| run | outcome | phase:seconds | round mean s | round max s | lab share of HTTP served | "
          "upgraded=true after last step | instances at end (nodes of registered) |")
    print("|---|---|---|---|---|---|---|---|")
    for run in sorted(p for p in Path(directory).iterdir() if (p / "journal.jsonl.gz").exists()):
        print(row(run))


if __name__ == "__main__":
    main(sys.argv[1])
