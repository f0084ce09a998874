#!/bin/bash
# The checker's own cost under hostile submissions: its peak memory while a candidate floods
# stdout, stderr, descriptor 1 or the channel; how long a program that never flushes takes to be
# diagnosed; and a whole check with the sandbox off and on. Run from the repository's root after
# `python3 dev.py test` has made .venv:  bash benchmarks/check_sandbox.sh
set -u
cd "$(dirname "$0")/.."
PY=$PWD/.venv/bin/python
H=tests/check/hostile
M=$(mktemp -d)
trap 'rm -rf "$M"' EXIT
peak() {  # peak RSS (KB) of a whole `perfectplay check` process
  /usr/bin/time -f "%M KB peak, %e s wall, %U s user" $PY -m perfectplay check "$@" > /dev/null 2> $M/err.txt; tail -1 $M/err.txt
}
mk() {  # mk NAME KIND MB
  mkdir -p $M/$1; { cat $H/_first_free.py; echo; cat $H/flood.py; } | sed "s/__KIND__/$2/; s/__MEGABYTES__/$3/" > $M/$1/tictactoe.py
}
mkdir -p $M/quiet; cat $H/_first_free.py > $M/quiet/tictactoe.py
echo "quiet:  $(peak $M/quiet/tictactoe.py --json)"
for k in stdout stderr fd1; do mk f_$k $k 500; echo "flood $k 500 MB: $(peak $M/f_$k/tictactoe.py --json --time-per-move 30)"; done
mk f_line line 200; echo "flood one 200 MB line: $(peak $M/f_line/tictactoe.py --json --time-per-move 30)"
{ cat $H/_first_free.py; echo; cat $H/garbage.py; } | sed "s/__KIND__/huge/" > $M/quiet/garbage.py
echo "200 MB line on the channel: $(peak $M/quiet/garbage.py --json)"
printf 'import sys\nfor line in sys.stdin:\n    print(line.split()[0].replace("/", "").index("."))\n' > $M/buffered.py
for i in 1 2 3; do /usr/bin/time -f "no-flush diagnosis: %e s wall for the whole process" $PY -m perfectplay check --command "$PY $M/buffered.py" > /dev/null 2>> $M/flush.txt; done; grep no-flush $M/flush.txt
for i in 1 2 3; do
  for s in off auto; do /usr/bin/time -f "fatalist --sandbox $s: %e s wall, %U s user, %S s sys" $PY -m perfectplay check examples/fatalist.py --sandbox $s > /dev/null 2>> $M/sb.txt; done
done
grep fatalist $M/sb.txt
