#!/bin/bash
# A long fuzzing campaign for one target (`make fuzz-campaign`, which builds it first):
#   Fuzz/campaign.sh TARGET RUNS
# Runs RUNS inputs on two workers (-jobs=2, half each, sharing one corpus folder; fork mode's
# restarts cost more than half the speed here), seeded from the kept corpus Fuzz/corpus/TARGET/ and
# the generated seeds, then merges (-merge=1) everything it kept back into Fuzz/corpus/TARGET/,
# minimized. Prints executions, edges (cov), features (ft), the corpus size and the crashes.
set -u
target=$1 runs=$2
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/Fuzz/.build-fuzz
work=$build/campaign/$target
kept=$root/Fuzz/corpus/$target
case $target in
  GameFileFuzzer) dict=game-file.dict ;;
  BGGPlaysFuzzer) dict=bgg-plays.dict ;;
  BGStatsFuzzer) dict=bgstats.dict ;;
  TemplateFuzzer) dict=templates.dict ;;
  ConfigurationFuzzer) dict=configuration.dict ;;
  *) echo "unknown target $target" >&2; exit 2 ;;
esac
rm -rf "$work" && mkdir -p "$work/corpus" "$work/seeds" "$work/artifacts" "$kept"
case $target in
  GameFileFuzzer) python3 "$root/Fuzz/seed-corpus.py" "$work/seeds" >/dev/null ;;
  BGGPlaysFuzzer) cp "$root"/Tests/PlayImportingTests/Fixtures/*.xml "$work/seeds/" ;;
  BGStatsFuzzer) cp "$root"/Tests/PlayImportingTests/Fixtures/*.json "$work/seeds/" ;;
  TemplateFuzzer) python3 "$root/Fuzz/seed-corpus.py" "$work/seeds" templates >/dev/null ;;
  ConfigurationFuzzer) python3 "$root/Fuzz/seed-corpus.py" "$work/seeds" configuration >/dev/null ;;
esac
# Swift's backtracer would wait on every crash; libFuzzer reports crashes itself.
export SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$root/Fuzz/lsan.supp
binary=$build/release/$target
limits=(-dict="$root/Fuzz/$dict" -max_len=65536 -timeout=5 -rss_limit_mb=2048)
# BGGPlaysFuzzer: FoundationXML leaks the message of every XML error (suppressed in lsan.supp),
# so libFuzzer's per-input leak check, a scan of the whole heap, ran after most inputs and took
# six sevenths of the time. It runs without it; LeakSanitizer still checks each chunk's process
# when it exits, and every input of the merged corpus is rerun with the per-input check below.
leaks=()
[ "$target" = BGGPlaysFuzzer ] && leaks=(-detect_leaks=0)
# In chunks of at most a million inputs (two processes, half each), restarted from the corpus:
# that leak grows every process by ~430 bytes an input, 2 GB in 5 million.
chunk=1000000
started=$(date +%s)
echo "== $target: $runs inputs on 2 workers in chunks of $chunk; logs in $work/"
status=0 executions=0 done=0 round=0
while [ "$done" -lt "$runs" ] && [ "$status" = 0 ]; do
  size=$(( runs - done < chunk ? runs - done : chunk ))
  round=$(( round + 1 ))
  mkdir -p "$work/chunk-$round"
  (cd "$work/chunk-$round" && "$binary" "$work/corpus" "$kept" "$work/seeds" "${limits[@]}" "${leaks[@]}" -runs=$(( (size + 1) / 2 )) \
    -jobs=2 -workers=2 -artifact_prefix="$work/artifacts/" -print_final_stats=1 > run.log 2>&1) || status=$?
  executions=$(( executions + $(cat "$work/chunk-$round"/fuzz-*.log | grep -E '^stat::number_of_executed_units' | awk '{ total += $2 } END { print total + 0 }') ))
  done=$(( done + size ))
  echo "   chunk $round: $executions inputs so far, $(( $(date +%s) - started )) s"
done
seconds=$(( $(date +%s) - started ))
last=$(for log in "$work/chunk-$round"/fuzz-*.log; do grep -E '^#[0-9]+\s+DONE' "$log" | tail -n 1; done)
# Minimize the kept corpus together with what this run added.
mkdir -p "$work/merged"
"$binary" -merge=1 "$work/merged" "$kept" "$work/corpus" "${limits[@]}" > "$work/merge.log" 2>&1 || status=$?
if [ -n "$(ls -A "$work/merged")" ]; then rm -rf "$kept" && mv "$work/merged" "$kept"; fi
# Every kept input once more, with the per-input leak check.
"$binary" "$kept" "${limits[@]}" -runs=0 -artifact_prefix="$work/artifacts/" > "$work/recheck.log" 2>&1 || status=$?
crashes=$(find "$work/artifacts" -type f | wc -l)
echo "$target: executions $executions in ${seconds} s (exit status $status); each worker's last line in the last chunk:"
echo "$last"
echo "$target: corpus Fuzz/corpus/$target: $(find "$kept" -type f | wc -l) files, $(du -sb "$kept" | cut -f1) bytes; $(grep -E 'MERGE-OUTER: [0-9]+ new files' "$work/merge.log" | sed 's/MERGE-OUTER: //')"
echo "$target: crashes, timeouts and out-of-memory inputs: $crashes$( [ "$crashes" -gt 0 ] && echo " in $work/artifacts/")"
exit $status
