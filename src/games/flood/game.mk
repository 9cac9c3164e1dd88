# Flood, the two-player colour-capture game (issue 7).
# This folder's part of the build, included from Makefile.am's list of
# games: its sources, configuration section, openings, web page module,
# transcripts and unit tests.
GAMES += flood
libquintet_a_SOURCES += \
	src/games/flood/flood.c src/games/flood/flood.h \
	src/games/flood/flood_board.c \
	src/games/flood/flood_text.c \
	src/games/flood/flood_ai.c \
	src/games/flood/flood_eval.c src/games/flood/flood_eval.h \
	src/games/flood/flood_regions.c src/games/flood/flood_regions.h \
	src/games/flood/flood_gtp.c
check_PROGRAMS += \
	tests/unit/test_flood \
	tests/unit/test_flood_ai \
	tests/unit/test_flood_match
tests_unit_test_flood_SOURCES = tests/unit/test_flood.c
tests_unit_test_flood_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_flood_LDADD = $(UNIT_LDADD)
tests_unit_test_flood_ai_SOURCES = tests/unit/test_flood_ai.c
tests_unit_test_flood_ai_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_flood_ai_LDADD = $(UNIT_LDADD)
tests_unit_test_flood_match_SOURCES = tests/unit/test_flood_match.c
tests_unit_test_flood_match_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_flood_match_LDADD = $(MATCH_LIBS) $(CMOCKA_LIBS)
GAME_CONFIGS += src/games/flood/flood.yaml
GAME_OPENINGS += src/games/flood/openings.txt
dist_webgames_DATA += src/games/flood/flood.js
EXTRA_DIST += \
	src/games/flood/game.mk src/games/flood/openings.py \
	protocol/flood_analyze.tst \
	protocol/flood_board.tst \
	protocol/flood_end.tst \
	protocol/flood_genmove.tst \
	protocol/flood_mode.tst \
	protocol/flood_play.tst \
	protocol/gogui_rules_flood.tst
# Its libFuzzer target (tests/fuzz/README.md) and corpus.
FUZZ_TARGETS += tests/fuzz/fuzz_flood_board
tests_fuzz_fuzz_flood_board_SOURCES = tests/fuzz/fuzz_flood_board.c $(FUZZ_COMMON)
tests_fuzz_fuzz_flood_board_LDFLAGS = $(FUZZ_LINK_FLAGS)
tests_fuzz_fuzz_flood_board_LDADD = $(QUINTET_LIBS)
EXTRA_DIST += tests/fuzz/flood_board
