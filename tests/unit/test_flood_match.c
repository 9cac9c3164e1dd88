/* Unit tests of what the referee asks of Flood (flood_ops): the setup
 * commands give an engine session exactly the referee's random board and
 * player to move; the move cap and the description. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "games/flood/flood.h"
#include "session.h"
#include "util/xalloc.h"
#include "replay_helpers.h"

/* One line through a session: the first line of its reply text, or NULL
 * for an error. */
static char *exchange(struct session *s, const char *line)
{
	char *text = replay_say(s, line, true);

	if (text)
		text[strcspn(text, "\n")] = '\0';
	return text;
}

/* Send every setup line of g to a fresh engine session; return the
 * session's board text, and whether the session accepts a move by the
 * referee's player to move. */
static char *replay_setup(const struct flood_game *fg, bool *turn_ok)
{
	struct strbuf setup = STRBUF_INIT;
	struct session *s = session_new(99);
	char err[64];

	assert_int_equal(flood_ops.write_setup(&fg->base, COLOR_BLACK, &setup, err, sizeof(err)), 0);
	free(exchange(s, "game flood"));
	free(exchange(s, "set_random_seed 12345"));
	char *lines = xstrdup(sb_str(&setup)), *save = NULL;
	for (char *l = strtok_r(lines, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char *reply = exchange(s, l);
		assert_non_null(reply);
		free(reply);
	}
	free(lines);
	char *board = exchange(s, "board");
	char *played = exchange(s, fg->pos.to_move == COLOR_BLACK ? "play b 1" : "play w 1");
	*turn_ok = played != NULL;
	free(played);
	sb_free(&setup);
	session_free(s);
	return board;
}

static char *text_of(const struct flood_game *fg)
{
	struct strbuf sb = STRBUF_INIT;

	flood_print_text(fg, &sb);
	return sb.buf;
}

static void check_same_board(struct flood_game *fg)
{
	char *want = text_of(fg);
	bool turn_ok;
	char *board = replay_setup(fg, &turn_ok);

	assert_non_null(board);
	assert_string_equal(board, want);
	assert_true(turn_ok);
	free(board);
	free(want);
}

static void test_setup_gives_the_board(void **state)
{
	struct flood_game *fg = flood_of(flood_ops.create(7));
	char err[64];

	(void)state;
	check_same_board(fg);
	assert_int_equal(flood_set_colors(fg, 9, err, sizeof(err)), 0);
	assert_int_equal(flood_set_dims(fg, 33, 4, err, sizeof(err)), 0);
	check_same_board(fg);
	assert_int_equal(flood_set_dims(fg, 100, 100, err, sizeof(err)), 0);
	check_same_board(fg);
	/* Mid-game, white to move: the start and the moves. */
	assert_int_equal(flood_play(fg, COLOR_BLACK, 3, err, sizeof(err)), 0);
	assert_replays(&fg->base);
	flood_ops.destroy(&fg->base);
}

/* The setup names the player to move, so the engine's own starting-player
 * state cannot disagree with the referee's. */
static void test_setup_names_the_player(void **state)
{
	struct flood_game *fg = flood_of(flood_ops.create(8));
	struct strbuf setup = STRBUF_INIT;
	char err[64];

	(void)state;
	assert_int_equal(flood_ops.write_setup(&fg->base, COLOR_WHITE, &setup, err, sizeof(err)), 0);
	assert_true(strncmp(sb_str(&setup), "colors 6\nmode two-player\nloadboard ", 35) == 0);
	assert_non_null(strstr(sb_str(&setup), " black\n"));
	assert_int_equal(flood_load_text(fg, "1W/B2", COLOR_WHITE, err, sizeof(err)), 0);
	sb_reset(&setup);
	assert_int_equal(flood_ops.write_setup(&fg->base, COLOR_BLACK, &setup, err, sizeof(err)), 0);
	assert_string_equal(sb_str(&setup), "colors 6\nmode two-player\nloadboard 1W/B2 white\n");
	sb_free(&setup);
	flood_ops.destroy(&fg->base);
}

static void test_cap_and_description(void **state)
{
	struct flood_game *fg = flood_of(flood_ops.create(9));
	struct strbuf out = STRBUF_INIT;
	char err[64];

	(void)state;
	assert_int_equal(game_max_moves(&fg->base), 2 * 400 + 10);
	flood_ops.describe(&fg->base, &out);
	assert_string_equal(sb_str(&out), "20x20, 6 colors");
	assert_int_equal(flood_set_dims(fg, 7, 3, err, sizeof(err)), 0);
	assert_int_equal(game_max_moves(&fg->base), 2 * 21 + 10);
	sb_free(&out);
	flood_ops.destroy(&fg->base);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setup_gives_the_board),
		cmocka_unit_test(test_setup_names_the_player),
		cmocka_unit_test(test_cap_and_description),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
