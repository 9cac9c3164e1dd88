# Gomoku (seed 002): the board and rules (freestyle, standard, renju).
# This folder's part of the build, included from Makefile.am's list of
# games: its sources, configuration section, openings, web page module,
# transcripts and unit tests.
GAMES += gomoku
libquintet_a_SOURCES += \
	src/games/gomoku/gomoku.c src/games/gomoku/gomoku.h \
	src/games/gomoku/gomoku_board.c src/games/gomoku/gomoku_board.h \
	src/games/gomoku/gomoku_rules.c \
	src/games/gomoku/gomoku_ai.c \
	src/games/gomoku/gomoku_pos.h \
	src/games/gomoku/gomoku_eval.c \
	src/games/gomoku/gomoku_weights.h src/games/gomoku/gomoku_order.h \
	src/games/gomoku/gomoku_tune.c src/games/gomoku/gomoku_tune.h \
	src/games/gomoku/gomoku_order_fit.c \
	src/games/gomoku/gomoku_search.h \
	src/games/gomoku/gomoku_search.c \
	src/games/gomoku/gomoku_vcf.c \
	src/games/gomoku/gomoku_gtp.c
check_PROGRAMS += \
	tests/unit/test_gomoku \
	tests/unit/test_gomoku_tune \
	tests/unit/test_gomoku_order \
	tests/unit/test_gomoku_ai
tests_unit_test_gomoku_SOURCES = tests/unit/test_gomoku.c
tests_unit_test_gomoku_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_gomoku_LDADD = $(UNIT_LDADD)
tests_unit_test_gomoku_tune_SOURCES = tests/unit/test_gomoku_tune.c
tests_unit_test_gomoku_tune_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_gomoku_tune_LDADD = $(UNIT_LDADD)
tests_unit_test_gomoku_order_SOURCES = tests/unit/test_gomoku_order.c
tests_unit_test_gomoku_order_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_gomoku_order_LDADD = $(UNIT_LDADD)
tests_unit_test_gomoku_ai_SOURCES = tests/unit/test_gomoku_ai.c tests/unit/gomoku_vcf_set.h
tests_unit_test_gomoku_ai_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_gomoku_ai_LDADD = $(UNIT_LDADD)
GAME_CONFIGS += src/games/gomoku/gomoku.yaml
GAME_OPENINGS += src/games/gomoku/openings.txt
dist_webgames_DATA += src/games/gomoku/gomoku.js
EXTRA_DIST += \
	src/games/gomoku/game.mk src/games/gomoku/openings.py \
	protocol/gomoku_analyze.tst \
	protocol/gomoku_genmove.tst \
	protocol/gomoku_play.tst \
	protocol/gomoku_rules.tst \
	protocol/gomoku_sgf.tst \
	protocol/gogui_rules_gomoku.tst
