/* Unit tests for game records (src/match/record.c) and Go's row of the
 * referee table (src/games/go/go_match.c, match_games.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "games/go/go.h"
#include "games/go/go_sgf.h"
#include "match/match_game.h"
#include "match/record.h"

#define ERRLEN 256

static void test_gtp_record_replays(void **state)
{
	struct record_move moves[] = { { COLOR_BLACK, "E5" }, { COLOR_WHITE, "pass" } };
	struct game_record rec = {
		.number = 7, .game = "go", .black = "eng\none", .white = "two",
		.result = "W+R", .comment = "black resigned",
		.setup = "boardsize 9\nclear_board", .moves = moves, .nmoves = 2,
	};
	char *text = record_write_gtp(&rec);

	(void)state;
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
			    "play b E5\n"
			    "play w pass\n");
	free(text);
}

static void test_helpers(void **state)
{
	char *s = record_sgf_escape("a]b\\c");
	char *p = record_path("dir", 12, "sgf");
	char *q = record_path("dir/", 12345, "gtp");

	(void)state;
	assert_string_equal(s, "a\\]b\\\\c");
	assert_string_equal(p, "dir/game-0012.sgf");
	assert_string_equal(q, "dir/game-12345.gtp");
	free(s);
	free(p);
	free(q);
}

static void test_rows(void **state)
{
	const struct match_game *go = match_game_for("go");
	const struct match_game *mm = match_game_for("mastermind");
	const struct match_game *other = match_game_for("chess");

	(void)state;
	assert_string_equal(go->name, "go");
	assert_string_equal(go->record_ext, "sgf");
	assert_non_null(go->set_komi);
	assert_string_equal(mm->tally_name, "guesses");
	assert_null(other->name);
	assert_true(match_game_planned("gomoku"));
	assert_true(match_game_planned("ataxx"));
	assert_true(match_game_planned("flood"));
	assert_false(match_game_planned("chess"));
	assert_int_equal(match_game_max_moves(other, NULL), 1000);
}

static struct game *go9(void)
{
	char err[ERRLEN];
	struct game *g = go_ops.create(1);

	assert_int_equal(go_ops.set_size(g, "9", err, sizeof(err)), 0);
	return g;
}

static void test_go_row(void **state)
{
	const struct match_game *mg = match_game_for("go");
	struct game *g = go9();
	struct strbuf sb = STRBUF_INIT;
	char err[ERRLEN];

	(void)state;
	assert_int_equal(match_game_max_moves(mg, g), 3 * 81 + 10);
	assert_int_equal(mg->set_komi(g, "0.5", err, sizeof(err)), 0);
	assert_int_equal(mg->set_komi(g, "lots", err, sizeof(err)), -1);
	assert_string_equal(err, "komi not a float");
	match_game_setup(mg, g, "9", &sb);
	assert_string_equal(sb_str(&sb), "boardsize 9\nclear_board\nkomi 0.5");
	sb_reset(&sb);
	mg->describe(g, &sb);
	assert_string_equal(sb_str(&sb), "9x9, komi 0.5");
	sb_free(&sb);
	go_ops.destroy(g);
}

static void test_generic_setup(void **state)
{
	static const struct match_game bare = { .name = "x" };
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	match_game_setup(&bare, NULL, "7", &sb);
	assert_string_equal(sb_str(&sb), "boardsize 7\nclear_board");
	sb_reset(&sb);
	match_game_setup(&bare, NULL, NULL, &sb);
	assert_string_equal(sb_str(&sb), "clear_board");
	sb_free(&sb);
}

static void test_go_sgf_round_trip(void **state)
{
	const struct match_game *mg = match_game_for("go");
	struct game *g = go9();
	struct game_record rec = {
		.number = 3, .game = "go", .black = "GNU Go 3.8", .white = "q]x",
		.result = "B+T", .comment = "white overran the time",
	};
	struct sgf_record back;
	char err[ERRLEN];
	int move;

	(void)state;
	const char *moves[] = { "E5", "D4", "pass", NULL };
	for (int i = 0; moves[i]; i++) {
		assert_int_equal(go_ops.parse_move(g, moves[i], &move, err, sizeof(err)), 0);
		assert_int_equal(go_ops.play(g, go_ops.to_move(g), move, err, sizeof(err)), 0);
	}
	char *text = mg->write_record(g, &rec);
	assert_non_null(strstr(text, "PB[GNU Go 3.8]"));
	assert_non_null(strstr(text, "PW[q\\]x]"));
	assert_non_null(strstr(text, "C[white overran the time]"));
	assert_int_equal(sgf_parse(text, strlen(text), &back, err, sizeof(err)), 0);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gtp_record_replays),
		cmocka_unit_test(test_helpers),
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_go_row),
		cmocka_unit_test(test_generic_setup),
		cmocka_unit_test(test_go_sgf_round_trip),
	};

	return cmocka_run_group_tests_name("match_record", tests, NULL, NULL);
}
