#!/usr/bin/env bash
# gomoku_levels.sh's match under renju: hard beats easy in 10 games of 10
# from five openings, both colours. Usage: gomoku_levels_renju.sh
# BUILDDIR/quintet. Prints TAP.
exec "$(dirname "$0")/gomoku_levels.sh" "$1" renju
