# Sourced by the bench scripts that keep runs as evidence under docs/runs/ (not run on its own).
# Needs: lab (the upgrade-lab script) and evidence (docs/runs).

keep() {   # keep RUN_DIR NAME: the evidence of one run
  local run="$1" into="$evidence/$2"
  mkdir -p "$into"
  gzip -9 -c "$run/journal.jsonl" >"$into/journal.jsonl.gz"
  if [[ -f "$run/fleet/registry.jsonl" ]]; then   # the fleet's registry log, for upgrade-lab check
    mkdir -p "$into/fleet" && gzip -9 -c "$run/fleet/registry.jsonl" >"$into/fleet/registry.jsonl.gz"
  fi
  for f in summary.md summary.json report.html gate.txt gate-junit.xml experiment.yaml; do
    [[ -f "$run/$f" ]] && cp "$run/$f" "$into/$f"
  done
  return 0
}

judge() {   # judge RUN_DIR CONSOLE POLICY: the gate's verdict, apart from the run's own exit status (and in gate.txt)
  local out="$1/gate.txt"
  echo "\$ ./upgrade-lab gate $1 --policy ${3#"$home"/}   # judged when the run was made, $(date -u +%Y-%m-%d)" >"$out"
  "$lab" gate "$1" --policy "$3" 2>&1 | tee -a "$2" "$out"
  echo "gate exit ${PIPESTATUS[0]}" | tee -a "$2" "$out"
}
