# Ataxx, "Yin vs Yang" (issue 6).
# This folder's part of the build, included from Makefile.am's list of
# games: its sources, configuration section, openings, web page module,
# transcripts and unit tests.
GAMES += ataxx
libquintet_a_SOURCES += \
	src/games/ataxx/ataxx.c src/games/ataxx/ataxx.h \
	src/games/ataxx/ataxx_bits.h \
	src/games/ataxx/ataxx_tables.c \
	src/games/ataxx/ataxx_pos.h \
	src/games/ataxx/ataxx_pos_tmpl.h \
	src/games/ataxx/ataxx_text.c \
	src/games/ataxx/ataxx_ai.c \
	src/games/ataxx/ataxx_search.c src/games/ataxx/ataxx_search.h \
	src/games/ataxx/ataxx_search_tmpl.h \
	src/games/ataxx/ataxx_weights.h \
	src/games/ataxx/ataxx_tuple.c src/games/ataxx/ataxx_tuple.h \
	src/games/ataxx/ataxx_tune.c src/games/ataxx/ataxx_tune.h \
	src/games/ataxx/ataxx_gtp.c
check_PROGRAMS += \
	tests/unit/test_ataxx \
	tests/unit/test_ataxx_ai \
	tests/unit/test_ataxx_tt \
	tests/unit/test_ataxx_tuple \
	tests/unit/test_ataxx_tune
tests_unit_test_ataxx_SOURCES = tests/unit/test_ataxx.c
tests_unit_test_ataxx_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_ataxx_LDADD = $(UNIT_LDADD)
tests_unit_test_ataxx_ai_SOURCES = tests/unit/test_ataxx_ai.c
tests_unit_test_ataxx_ai_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_ataxx_ai_LDADD = $(UNIT_LDADD)
tests_unit_test_ataxx_tt_SOURCES = tests/unit/test_ataxx_tt.c
tests_unit_test_ataxx_tt_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_ataxx_tt_LDADD = $(UNIT_LDADD)
tests_unit_test_ataxx_tuple_SOURCES = tests/unit/test_ataxx_tuple.c
tests_unit_test_ataxx_tuple_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_ataxx_tuple_LDADD = $(UNIT_LDADD)
tests_unit_test_ataxx_tune_SOURCES = tests/unit/test_ataxx_tune.c
tests_unit_test_ataxx_tune_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_ataxx_tune_LDADD = $(UNIT_LDADD)
GAME_CONFIGS += src/games/ataxx/ataxx.yaml
GAME_OPENINGS += src/games/ataxx/openings.txt
dist_webgames_DATA += src/games/ataxx/ataxx.js
EXTRA_DIST += \
	src/games/ataxx/game.mk src/games/ataxx/openings.py \
	tools/data/ataxx-standard.txt.xz tools/data/ataxx-standard-d8.txt.xz \
	protocol/ataxx_analyze.tst \
	protocol/ataxx_fen.tst \
	protocol/ataxx_genmove.tst \
	protocol/ataxx_layout.tst \
	protocol/ataxx_perft.tst \
	protocol/ataxx_play.tst \
	protocol/ataxx_rules.tst \
	protocol/gogui_rules_ataxx.tst
# Its libFuzzer target (tests/fuzz/README.md) and corpus.
FUZZ_TARGETS += tests/fuzz/fuzz_ataxx_fen
tests_fuzz_fuzz_ataxx_fen_SOURCES = tests/fuzz/fuzz_ataxx_fen.c $(FUZZ_COMMON)
tests_fuzz_fuzz_ataxx_fen_LDFLAGS = $(FUZZ_LINK_FLAGS)
tests_fuzz_fuzz_ataxx_fen_LDADD = $(QUINTET_LIBS)
EXTRA_DIST += tests/fuzz/ataxx_fen
