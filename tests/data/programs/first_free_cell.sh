#!/bin/sh
# Stands for a reader's own program in the docs' examples (tests/docs/test_doc_examples.py): it speaks the line
# protocol of `perfectplay check --command` (docs/check.md), answering each position with its first empty cell.
while read -r board side; do
    cells=$board
    while :; do
        case $cells in
            */*) cells=${cells%%/*}${cells#*/} ;;
            *) break ;;
        esac
    done
    before=${cells%%.*}
    echo "${#before}"
done
