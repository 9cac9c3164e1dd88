# Mastermind (issue 8).
# This folder's part of the build, included from Makefile.am's list of
# games: its sources, configuration section, openings, web page module,
# transcripts and unit tests.
GAMES += mastermind
libquintet_a_SOURCES += \
	src/games/mastermind/mastermind.c src/games/mastermind/mastermind.h \
	src/games/mastermind/mastermind_code.c \
	src/games/mastermind/mastermind_gtp.c \
	src/games/mastermind/mastermind_ai.c \
	src/games/mastermind/mastermind_solve.c src/games/mastermind/mastermind_solve.h \
	src/games/mastermind/mastermind_tree.c src/games/mastermind/mastermind_tree.h \
	src/games/mastermind/mastermind_book.c src/games/mastermind/mastermind_book.h
check_PROGRAMS += \
	tests/unit/test_mastermind \
	tests/unit/test_mastermind_ai \
	tests/unit/test_mastermind_solve \
	tests/unit/test_mastermind_tree \
	tests/unit/test_mastermind_match
tests_unit_test_mastermind_SOURCES = tests/unit/test_mastermind.c
tests_unit_test_mastermind_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_mastermind_LDADD = $(UNIT_LDADD)
tests_unit_test_mastermind_ai_SOURCES = tests/unit/test_mastermind_ai.c
tests_unit_test_mastermind_ai_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_mastermind_ai_LDADD = $(UNIT_LDADD)
tests_unit_test_mastermind_solve_SOURCES = tests/unit/test_mastermind_solve.c
tests_unit_test_mastermind_solve_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_mastermind_solve_LDADD = $(UNIT_LDADD)
tests_unit_test_mastermind_tree_SOURCES = tests/unit/test_mastermind_tree.c
tests_unit_test_mastermind_tree_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_mastermind_tree_LDADD = $(UNIT_LDADD)
tests_unit_test_mastermind_match_SOURCES = tests/unit/test_mastermind_match.c
tests_unit_test_mastermind_match_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_mastermind_match_LDADD = $(MATCH_LIBS) $(CMOCKA_LIBS)
GAME_CONFIGS += src/games/mastermind/mastermind.yaml
GAME_OPENINGS += src/games/mastermind/openings.txt
dist_webgames_DATA += src/games/mastermind/mastermind.js
EXTRA_DIST += \
	src/games/mastermind/game.mk src/games/mastermind/openings.py \
	protocol/mastermind_breaker.tst \
	protocol/mastermind_maker.tst \
	protocol/mastermind_variant.tst
# The presets' strategies are decision-tree files (mastermind_tree.h), two
# per preset, written by `mastermind_gen solve` (`make mastermind-trees`:
# the proofs; digits takes a second, classic seconds, bulls longer: see
# README) and compiled by `mastermind_gen book` into mastermind_book.c
# (`make mastermind-book`), both committed.
# tests/integration/mastermind_book.sh checks that the book is the trees'
# byte for byte and that the solver reproduces the digits trees;
# tests/integration/mastermind_trees.sh plays every tree through
# tools/mastermind_check, a checker that shares no code with them.
check_PROGRAMS += src/games/mastermind/mastermind_gen tools/mastermind_check
src_games_mastermind_mastermind_gen_SOURCES = src/games/mastermind/mastermind_gen.c
src_games_mastermind_mastermind_gen_LDADD = $(QUINTET_LIBS)
tools_mastermind_check_SOURCES = tools/mastermind_check.c
MASTERMIND_TREES = \
	src/games/mastermind/trees/digits-average.tree \
	src/games/mastermind/trees/digits-minimax.tree \
	src/games/mastermind/trees/classic-average.tree \
	src/games/mastermind/trees/classic-minimax.tree \
	src/games/mastermind/trees/bulls-average.tree \
	src/games/mastermind/trees/bulls-minimax.tree
EXTRA_DIST += $(MASTERMIND_TREES) tests/integration/mastermind_trees.sh
mastermind-book: src/games/mastermind/mastermind_gen$(EXEEXT)
	src/games/mastermind/mastermind_gen$(EXEEXT) book \
	  $$(for t in $(MASTERMIND_TREES); do echo $(srcdir)/$$t; done) > mastermind_book.tmp
	mv mastermind_book.tmp $(srcdir)/src/games/mastermind/mastermind_book.c
# bulls's proof takes over an hour of one CPU here (-O2);
# MASTERMIND_SEARCH='--width 8:20:3' gives near-optimal trees in a minute.
MASTERMIND_SEARCH =
mastermind-trees: src/games/mastermind/mastermind_gen$(EXEEXT)
	src/games/mastermind/mastermind_gen$(EXEEXT) solve --memo-bits 26 --small-first \
	  $(MASTERMIND_SEARCH) --out $(srcdir)/src/games/mastermind/trees digits classic bulls
.PHONY: mastermind-book mastermind-trees
# Its libFuzzer target (tests/fuzz/README.md) and corpus.
FUZZ_TARGETS += tests/fuzz/fuzz_mastermind
tests_fuzz_fuzz_mastermind_SOURCES = tests/fuzz/fuzz_mastermind.c $(FUZZ_COMMON)
tests_fuzz_fuzz_mastermind_LDFLAGS = $(FUZZ_LINK_FLAGS)
tests_fuzz_fuzz_mastermind_LDADD = $(QUINTET_LIBS)
EXTRA_DIST += tests/fuzz/mastermind
