#!/usr/bin/env bash
# Retrain the three baby4 runs adopted without their models, as preregistration/recovery-baby4.json registers: each
# with the code that trained it and, for the two begun on a CPU, from the checkpoint committed in the git history.
#
#   tools/recovery_runs.sh prepare          here, in a sysgen checkout with its git history: writes .recovery/
#   tools/recovery_runs.sh device SECONDS   on a lent GPU (the device tool; carry .recovery and .whl): both code trees'
#                                           runs side by side for SECONDS, with this checkout's tools/device_runs.sh
#
# .recovery/CODE/ is `git archive CODE` of the commit that trained the runs (74b712c: baby4-c8-s0, fresh, scenes
# rendered on the GPU as that commit did by default; 86987df: baby4-c8-s2 and baby4-c216-s2, resumed from steps 3 500
# and 8 500, scenes rendered on the CPU), with its run list and, for 86987df, the two starting run directories in
# device_runs/. `device` writes to $OUT one tar per run (its directory, log and checkpoint: a finished run's model is
# what the recovery is for) and one with both calls' records; unpack each into results/recovery/NAME, then apply the
# rule: python -c "from sysgen.executors import recover_model; print(recover_model('results/runs/NAME', 'results/recovery/NAME'))"
# A recovery stopped by a call's budget and committed in results/recovery/NAME (its checkpoint with it) is what
# `prepare` starts that run from, with --resume: the GPU-rendered baby4-c8-s0 goes on in a later GPU call this way.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
a=74b712cf70c93569d34a9bf06914d1a74f02fc34; b=86987df1f1229e204c804f87773037ba9332aa00
start=f7c17791c53943d0e4c1a80c3777003479771ebf   # the commit holding the seeds 2's CPU checkpoints
case "${1:-}" in
prepare)
  cd "$here"
  busy=$(for d in /proc/[0-9]*; do                     # a recovery finishing on this CPU runs its code from there
    case "$(readlink $d/cwd 2>/dev/null) $(tr '\0' ' ' < $d/cmdline 2>/dev/null)" in *"$here/.recovery/"*) echo ${d#/proc/};; esac
  done)
  if [ -n "$busy" ]; then
    echo "recovery_runs.sh prepare: process $(echo $busy) runs from $here/.recovery/; nothing changed" >&2; exit 1
  fi
  rm -rf .recovery; mkdir -p .recovery/$a .recovery/$b/device_runs
  git archive $a sysgen | tar -x -C .recovery/$a
  git archive $b sysgen | tar -x -C .recovery/$b
  echo "baby4-c8-s0 --config baby3 --palette 2 --seed 0 --threads 4 --set steps=24000 bf16=false" > .recovery/$a/runs.txt
  { echo "baby4-c8-s2 --config baby3 --palette 2 --seed 2 --threads 6 --set steps=24000 bf16=false --resume"
    echo "baby4-c216-s2 --config baby3 --palette 6 --seed 2 --threads 6 --set steps=24000 bf16=false --resume"; } > .recovery/$b/runs.txt
  for s in c8 c216; do
    mkdir -p .recovery/$b/device_runs/baby4-$s-s2
    for f in ckpt.pt config.json log.jsonl; do
      git show $start:results/baby/r20-$s-24k-s2/$f > .recovery/$b/device_runs/baby4-$s-s2/$f
    done
  done
  for c in $a $b; do     # a finished recovery (results/recovery/NAME/result.json) is not trained again
    while read -r n args; do
      if [ -f results/recovery/$n/result.json ]; then
        rm -rf .recovery/$c/device_runs/$n; echo "$n: finished in results/recovery/$n" >&2
      else echo "$n $args"; fi
    done < .recovery/$c/runs.txt > .recovery/$c/runs.left
    mv .recovery/$c/runs.left .recovery/$c/runs.txt
    [ -s .recovery/$c/runs.txt ] || rm -rf .recovery/$c       # a code tree with no run left does not travel
  done
  trees=$(cd .recovery && ls -d $a $b 2>/dev/null || true)
  for c in $trees; do    # a recovery a call's budget stopped (committed in results/recovery/NAME) goes on from there
    while read -r n args; do
      r=results/recovery/$n
      [ -f $r/ckpt.pt ] && [ ! -f $r/result.json ] || continue
      rm -rf .recovery/$c/device_runs/$n; mkdir -p .recovery/$c/device_runs; cp -r $r .recovery/$c/device_runs/$n
      rm -f .recovery/$c/device_runs/$n/.lock
      case " $args " in *" --resume "*) ;; *) sed -i "s|^$n .*|& --resume|" .recovery/$c/runs.txt;; esac
      echo "$n resumes from $r (step $(grep -o '"step": [0-9]*' $r/log.jsonl | tail -1 | cut -d' ' -f2) logged)"
    done < .recovery/$c/runs.txt
  done
  du -sh .recovery;;
device)
  secs=${2:?SECONDS}; out=${OUT:-$PWD/device_out}; mkdir -p "$out"
  trees=$(cd "$here/.recovery" && ls -d $a $b 2>/dev/null || true)   # prepare leaves out a tree whose runs are finished
  [ -n "$trees" ] || { echo "recovery_runs.sh device: no recovery left in $here/.recovery (prepare found them finished)" >&2; exit 1; }
  if ls "$here"/.whl/*.whl >/dev/null 2>&1; then
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site "$here"/.whl/*.whl
    export PYTHONPATH=/tmp/site
  fi
  for c in $trees; do
    (cd "$here/.recovery/$c" && OUT=/tmp/rec-$c bash "$here/tools/device_runs.sh" "$secs" $c runs.txt > /tmp/rec-$c.log 2>&1) &
  done
  wait
  cd /tmp
  for c in $trees; do
    cat rec-$c.log; cp rec-$c.log rec-$c/; cp -r "$here/.recovery/$c/device_runs/_logs" rec-$c/ 2>/dev/null || true
    for d in "$here/.recovery/$c"/device_runs/[!_]*/; do      # the run directory, its checkpoint (the model) included
      [ -d "$d" ] || continue; n=$(basename "$d"); tar czf "$out/$n.tar.gz" -C "$here/.recovery/$c/device_runs" "$n"
    done
  done
  tar czf "$out/records.tar.gz" --exclude='*.pt' --exclude=runs.tar.gz $(for c in $trees; do echo rec-$c; done)   # env, render check, logs
  ls -la "$out";;
*) sed -n '2,/^set -eu/p' "$0" | grep '^#'; exit 2;;
esac
