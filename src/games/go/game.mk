# Go (seed 000 grown up).
# This folder's part of the build, included from Makefile.am's list of
# games: its sources, configuration section, openings, web page module,
# transcripts and unit tests.
GAMES += go
libquintet_a_SOURCES += \
	src/games/go/go.c src/games/go/go.h \
	src/games/go/go_board.c src/games/go/go_board.h \
	src/games/go/go_gtp.c \
	src/games/go/go_analyze.c src/games/go/go_analyze.h \
	src/games/go/go_rules.c src/games/go/go_rules.h \
	src/games/go/go_status.c src/games/go/go_status.h \
	src/games/go/go_ai.c src/games/go/go_ai.h \
	src/games/go/go_mcts.c src/games/go/go_mcts.h \
	src/games/go/go_playout.c src/games/go/go_playout.h \
	src/games/go/go_patterns.c src/games/go/go_patterns.h \
	src/games/go/go_priors.c src/games/go/go_priors.h \
	src/games/go/go_features.c src/games/go/go_features.h \
	src/games/go/go_learn.c src/games/go/go_learn.h \
	src/games/go/go_gammas.c src/games/go/go_gammas.h src/games/go/go_gammas_small.h
check_PROGRAMS += \
	tests/unit/test_go_board \
	tests/unit/test_go_mcts \
	tests/unit/test_go_features
tests_unit_test_go_features_SOURCES = tests/unit/test_go_features.c
tests_unit_test_go_features_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_go_features_LDADD = $(UNIT_LDADD)
tests_unit_test_go_board_SOURCES = tests/unit/test_go_board.c
tests_unit_test_go_board_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_go_board_LDADD = $(UNIT_LDADD)
tests_unit_test_go_mcts_SOURCES = tests/unit/test_go_mcts.c
tests_unit_test_go_mcts_CFLAGS = $(UNIT_CFLAGS)
tests_unit_test_go_mcts_LDADD = $(UNIT_LDADD)
GAME_CONFIGS += src/games/go/go.yaml
GAME_OPENINGS += src/games/go/openings.txt
dist_webgames_DATA += src/games/go/go.js
EXTRA_DIST += \
	src/games/go/game.mk src/games/go/openings.py \
	tools/go_status_tst.py tools/go_records.py tools/go_gnugo_games.sh \
	tools/data/go-gnugo19.txt.xz tools/data/go-gnugo9.txt.xz tools/data/go-gnugo9-test.txt.xz \
	protocol/go_analyze.tst \
	protocol/go_board.tst \
	protocol/go_capture.tst \
	protocol/go_genmove.tst \
	protocol/go_handicap.tst \
	protocol/go_kata_rules.tst \
	protocol/go_ko.tst \
	protocol/go_mcts.tst \
	protocol/go_play.tst \
	protocol/go_playout.tst \
	protocol/go_rules.tst \
	protocol/go_score.tst \
	protocol/go_sgf.tst \
	protocol/go_status.tst \
	protocol/go_status2.tst \
	protocol/go_status3.tst \
	protocol/go_status4.tst \
	protocol/go_strings.tst \
	protocol/go_suicide.tst \
	protocol/go_superko.tst \
	protocol/go_undo.tst \
	protocol/gogui_rules_go.tst
