/* Unit tests for game records (src/match/record.c), Go's SGF record and
 * the game facts the referee reads from game_ops (src/game.c): required
 * members, planned games, move caps, result text, komi. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "games/ataxx/ataxx.h"
#include "games/go/go.h"
#include "sgf.h"
#include "games/gomoku/gomoku.h"
#include "games/mastermind/mastermind.h"
#include "match/record.h"

#define ERRLEN 256

static struct game *go9(void)
{
	char err[ERRLEN];
	struct game *g = go_ops.create(1);

	assert_int_equal(go_ops.set_size(g, "9", err, sizeof(err)), 0);
	return g;
}

static void play(struct game *g, const char *const *moves)
{
	char err[ERRLEN];
	int move;

	for (int i = 0; moves[i]; i++) {
		assert_int_equal(g->ops->parse_move(g, moves[i], &move, err, sizeof(err)), 0);
		assert_int_equal(g->ops->play(g, g->ops->to_move(g), move, err, sizeof(err)), 0);
	}
}

static void test_gtp_record_replays(void **state)
{
	struct game_record_info info = {
		.title = "quintet-match game 7", .black = "eng\none", .white = "two",
		.result = "W+R", .comment = "black resigned",
	};
	struct game *g = go9();
	static const char *const moves[] = { "E5", "pass", NULL };

	(void)state;
	play(g, moves);
	char *text = record_write_gtp(&info, g);
	assert_string_equal(text,
			    "# quintet-match game 7\n"
			    "# game: go\n"
			    "# black: eng one\n"
			    "# white: two\n"
			    "# result: W+R\n"
			    "# end: black resigned\n"
			    "game go\n"
			    "boardsize 9\n"
			    "clear_board\n"
			    "komi 7.5\n"
			    "rules chinese\n"
			    "play b E5\n"
			    "play w pass\n"
			    "# result: W+R\n");
	free(text);
	/* A result the rules gave is asked again at the end of the replay. */
	info.result = "W+7.5";
	info.scored = true;
	play(g, (const char *const[]){ "pass", NULL });
	text = record_write_gtp(&info, g);
	assert_non_null(strstr(text, "play w pass\nplay b pass\nfinal_score\n# result: W+7.5\n"));
	free(text);
	info.result = "W+R";
	info.scored = false;
	go_reset(go_of(g), 9);
	/* A start the protocol cannot give is said so; the moves still follow. */
	go_reset(go_of(g), 9);
	assert_int_equal(go_setup_stone(go_of(g), GO_WHITE, go_point(&go_of(g)->board, 2, 2)), 0);
	play(g, moves);
	text = record_write_gtp(&info, g);
	assert_non_null(strstr(text, "game go\n# setup not written: setup stones not "
				     "expressible\nplay b E5\n"));
	free(text);
	go_ops.destroy(g);
}

static void test_path(void **state)
{
	char *p = record_path("dir", 12, "sgf");
	char *q = record_path("dir/", 12345, "gtp");

	(void)state;
	assert_string_equal(p, "dir/game-0012.sgf");
	assert_string_equal(q, "dir/game-12345.gtp");
	free(p);
	free(q);
}

/* Every registered game answers what saves, the referee and statistics
 * ask: the required members are there. */
static void test_every_game_has_the_ops(void **state)
{
	(void)state;
	for (int i = 0; game_table[i]; i++) {
		const struct game_ops *ops = game_table[i];

		assert_non_null(ops->write_setup);
		assert_non_null(ops->history);
		assert_non_null(ops->result);
		assert_non_null(ops->variant_key);
		assert_non_null(ops->describe);
		assert_non_null(ops->get_options);
		assert_non_null(ops->position);
		assert_true(ops->contest != GAME_CONTEST_SOLVE || ops->answer);
		assert_true(!ops->write_record || ops->record_ext);
		assert_ptr_equal(game_find(ops->name), ops);
	}
}

static void test_game_facts(void **state)
{
	struct game_ops bare = go_ops;
	struct game *g = go9();

	(void)state;
	assert_non_null(game_find("gomoku"));
	assert_string_equal(gomoku_ops.record_ext, "sgf");
	assert_null(game_find("chess"));
	assert_string_equal(go_ops.record_ext, "sgf");
	assert_int_equal(go_ops.contest, GAME_CONTEST_ALTERNATE);
	assert_int_equal(mastermind_ops.contest, GAME_CONTEST_SOLVE);
	assert_string_equal(mastermind_ops.moves_word, "guesses");
	assert_int_equal(game_max_moves(g), 3 * 81 + 10);
	bare.max_moves = NULL;
	g->ops = &bare;
	assert_int_equal(game_max_moves(g), GAME_DEFAULT_MAX_MOVES);
	g->ops = &go_ops;
	go_ops.destroy(g);
	assert_string_equal(game_reason_name(GAME_REASON_NO_MOVES), "no-moves");
	assert_string_equal(game_reason_name(GAME_REASON_MOVE_RULE), "move-rule");
	assert_string_equal(game_reason_name(GAME_REASON_FIVE), "five");
}

static void test_result_text(void **state)
{
	static const struct {
		struct game_result r;
		const char *text;
	} cases[] = {
		{ { COLOR_BLACK, true, 3.5, GAME_REASON_SCORE, "", NULL }, "B+3.5" },
		{ { COLOR_WHITE, true, 12, GAME_REASON_NO_MOVES, "", NULL }, "W+12" },
		{ { COLOR_BLACK, false, 0, GAME_REASON_SOLVED, "secret 1234", NULL }, "B+" },
		{ { COLOR_NONE, true, 0, GAME_REASON_MOVE_RULE, "", NULL }, "0" },
	};
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sb_reset(&sb);
		game_result_print(&cases[i].r, &sb);
		assert_string_equal(sb_str(&sb), cases[i].text);
	}
	sb_free(&sb);
}

/* Go's facts for the referee: komi as its setting, the setup engines get,
 * the description. */
static void test_go_for_the_referee(void **state)
{
	struct game *g = go9();
	struct strbuf sb = STRBUF_INIT;
	char err[ERRLEN];

	(void)state;
	assert_int_equal(go_ops.set_option(g, "komi", "0.5", err, sizeof(err)), 0);
	assert_int_equal(go_ops.set_option(g, "komi", "lots", err, sizeof(err)), -1);
	assert_string_equal(err, "komi not a float");
	assert_int_equal(go_ops.set_option(g, "komi", "1001", err, sizeof(err)), -1);
	assert_int_equal(go_ops.write_setup(g, COLOR_WHITE, &sb, err, sizeof(err)), 0);
	assert_string_equal(sb_str(&sb), "boardsize 9\nclear_board\nkomi 0.5\nrules chinese\n");
	sb_reset(&sb);
	go_ops.describe(g, &sb);
	assert_string_equal(sb_str(&sb), "9x9, komi 0.5");
	sb_free(&sb);
	go_ops.destroy(g);
}

static void test_go_sgf_round_trip(void **state)
{
	struct game *g = go9();
	struct game_record_info info = {
		.title = "quintet-match game 3", .black = "GNU Go 3.8", .white = "q]x",
		.result = "B+T", .comment = "white overran the time",
	};
	static const char *const moves[] = { "E5", "D4", "pass", NULL };
	struct sgf_record back;
	char err[ERRLEN];

	(void)state;
	play(g, moves);
	char *text = go_ops.write_record(g, &info);
	assert_non_null(strstr(text, "PB[GNU Go 3.8]"));
	assert_non_null(strstr(text, "PW[q\\]x]"));
	assert_non_null(strstr(text, "GN[quintet-match game 3]"));
	assert_non_null(strstr(text, "C[white overran the time]"));
	assert_int_equal(sgf_parse(text, strlen(text), SGF_GAME_GO, &back, err, sizeof(err)), 0);
	assert_int_equal(back.size, 9);
	assert_string_equal(back.result, "B+T");
	assert_int_equal(back.nitems, 3);
	assert_int_equal(back.items[0].color, 1);
	assert_int_equal(back.items[0].col, 4);
	assert_int_equal(back.items[0].row, 4);
	assert_int_equal(back.items[2].col, -1);
	sgf_record_free(&back);
	free(text);
	go_ops.destroy(g);
}

/* Go's SGF says the rules, the date, the event and round, and the time
 * (a time per move as TM[0] with OT; a clock as TM with its increment;
 * byo-yomi as TM with OT[PxS byo-yomi]). */
static void test_go_sgf_properties(void **state)
{
	struct game *g = go9();
	struct game_record_info info = {
		.title = "t", .black = "b", .white = "w", .result = "B+2", .event = "quintet-match",
		.round = 12, .date = "2025-03-04", .move_time = 2.5,
	};
	char err[ERRLEN];

	(void)state;
	char *text = go_ops.write_record(g, &info);
	assert_non_null(strstr(text, "EV[quintet-match]RO[12]DT[2025-03-04]TM[0]OT[2.5 s per move]"));
	assert_non_null(strstr(text, "RU[Chinese]"));
	free(text);
	assert_int_equal(go_ops.set_rules(g, "tromp-taylor", err, sizeof(err)), 0);
	info.move_time = 0;
	info.main_time = 60;
	info.increment = 0.5;
	text = go_ops.write_record(g, &info);
	assert_non_null(strstr(text, "TM[60]OT[0.5 s increment per move (Fischer)]"));
	assert_non_null(strstr(text, "RU[Tromp-Taylor]"));
	free(text);
	info.main_time = 5; /* Japanese byo-yomi, in the words GUIs and KGS use */
	info.increment = 0;
	info.byo_periods = 3;
	info.byo_time = 1;
	text = go_ops.write_record(g, &info);
	assert_non_null(strstr(text, "TM[5]OT[3x1 byo-yomi]"));
	free(text);
	info.main_time = 0;
	text = go_ops.write_record(g, &info);
	assert_non_null(strstr(text, "TM[0]OT[3x1 byo-yomi]"));
	free(text);
	go_ops.destroy(g);
}

/* Ataxx's PGN: cuteataxx's tags, the start and end FEN, the moves
 * numbered (a pass is 0000) and the result. */
static void test_ataxx_pgn(void **state)
{
	char err[ERRLEN];
	struct game *g = ataxx_ops.create(1);
	struct game_record_info info = {
		.black = "one \"x\"", .white = "two", .result = "W+T", .event = "quintet-match",
		.round = 3, .date = "2025-03-04", .time_of_day = "05:06:07", .main_time = 60,
		.increment = 0.5, .adjudication = "Out of time",
	};

	(void)state;
	assert_int_equal(ataxx_ops.set_rules(g, "standard", err, sizeof(err)), 0);
	assert_int_equal(ataxx_ops.set_option(g, "layout", "corners 2", err, sizeof(err)), 0);
	play(g, (const char *const[]){ "g2", "a1c3", "f1", NULL });
	char *text = ataxx_ops.write_record(g, &info);
	assert_string_equal(text,
			    "[Event \"quintet-match\"]\n"
			    "[Site \"quintet-match\"]\n"
			    "[Date \"2025-03-04 05:06:07\"]\n"
			    "[Round \"3\"]\n"
			    "[Black \"one \\\"x\\\"\"]\n"
			    "[White \"two\"]\n"
			    "[Result \"0-1\"]\n"
			    "[FEN \"x5o/7/7/7/7/7/o5x x 0 1\"]\n"
			    "[FinalFEN \"x5o/7/7/7/2o4/6x/5xx o 0 2\"]\n"
			    "[Adjudicated \"Out of time\"]\n"
			    "[Winner \"two\"]\n"
			    "[Loser \"one \\\"x\\\"\"]\n"
			    "[PlyCount \"3\"]\n"
			    "[Material \"+2\"]\n"
			    "[TimeControl \"60+0.5\"]\n"
			    "\n"
			    "1. g2 a1c3 2. f1 0-1\n");
	free(text);
	info.increment = 0; /* byo-yomi, which PGN cannot say */
	info.main_time = 5;
	info.byo_periods = 3;
	info.byo_time = 1;
	text = ataxx_ops.write_record(g, &info);
	assert_non_null(strstr(text, "[TimeControl \"?\"]\n[ByoYomi \"5+3x1\"]\n"));
	free(text);
	assert_string_equal(ataxx_ops.record_ext, "pgn");
	ataxx_ops.destroy(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gtp_record_replays),
		cmocka_unit_test(test_path),
		cmocka_unit_test(test_every_game_has_the_ops),
		cmocka_unit_test(test_game_facts),
		cmocka_unit_test(test_result_text),
		cmocka_unit_test(test_go_for_the_referee),
		cmocka_unit_test(test_go_sgf_round_trip),
		cmocka_unit_test(test_go_sgf_properties),
		cmocka_unit_test(test_ataxx_pgn),
	};

	return cmocka_run_group_tests_name("match_record", tests, NULL, NULL);
}
