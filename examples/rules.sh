#!/bin/sh
# Starts examples/rules.awk for perfectplay check's --command line protocol:
#
#   perfectplay check --command "sh examples/rules.sh"
#
# mawk (Debian's awk) reads a pipe in large blocks, so it would wait for more
# questions before answering the first; -W interactive makes it read line by
# line. Other awks answer line by line already (and may not know the flag).
here=$(dirname "$0")
if awk -W version 2>/dev/null | grep -q mawk; then
    exec awk -W interactive -f "$here/rules.awk"
fi
exec awk -f "$here/rules.awk"
