/* Unit tests of Gomoku: winning lines in every direction at every edge and
 * corner, overlines under each rule, renju's forbidden points against a
 * hand-checked table (double threes, double fours on two lines and on one,
 * overlines, fives that win anyway, false threes blocked by the edge, by a
 * white stone, by an overline end and by a forbidden completion, two plies
 * deep), the end of the game (a win, a full 5x5 board drawn), play and
 * genmove after it, undo, rule switches, setup + history replayed through a
 * session, and seed 002's computer: its immediate wins and blocks, games
 * against a random player, determinism and its budget. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/gomoku/gomoku.h"
#include "replay_helpers.h"
#include "util/xalloc.h"

/* ---- helpers ------------------------------------------------------------ */

static int vertex(const struct gomoku_board *b, const char *text)
{
	int p;

	if (gomoku_parse_vertex(b, text, &p) < 0)
		fail_msg("bad vertex %s", text);
	return p;
}

/* Put stones of color on the vertices of a space-separated list. */
static void put(struct gomoku_board *b, int color, const char *list)
{
	char *copy = xstrdup(list), *save = NULL;

	for (char *v = strtok_r(copy, " ", &save); v; v = strtok_r(NULL, " ", &save))
		gomoku_board_put(b, vertex(b, v), color);
	free(copy);
}

static struct gomoku_game *new_game(int size, enum gomoku_rules rules)
{
	struct gomoku_game *gg = gomoku_of(gomoku_ops.create(7));

	gomoku_set_rules(gg, rules);
	gomoku_reset(gg, size);
	return gg;
}

static void destroy(struct gomoku_game *gg)
{
	gomoku_ops.destroy(&gg->base);
}

/* Play a space-separated list of vertices alternately from the side to
 * move; every move must be accepted. */
static void play_all(struct gomoku_game *gg, const char *list)
{
	char *copy = xstrdup(list), *save = NULL, err[64];

	for (char *v = strtok_r(copy, " ", &save); v; v = strtok_r(NULL, " ", &save))
		if (gomoku_play(gg, gomoku_to_move(gg), vertex(&gg->board, v), err, sizeof(err)) < 0)
			fail_msg("play %s: %s", v, err);
	free(copy);
}

/* The error of playing v for color, or "" when accepted. */
static const char *try_play(struct gomoku_game *gg, int color, const char *v)
{
	static char err[64];

	err[0] = '\0';
	gomoku_play(gg, color, vertex(&gg->board, v), err, sizeof(err));
	return err;
}

static char *final_score(const struct gomoku_game *gg)
{
	struct strbuf sb = STRBUF_INIT;
	char err[64];

	if (gomoku_ops.final_score(&gg->base, &sb, err, sizeof(err)) < 0)
		sb_printf(&sb, "? %s", err);
	return sb.buf;
}

static const char *gomoku_get_rules_name(const struct session *s)
{
	return gomoku_ops.get_rules(s->game);
}

static void assert_final(const struct gomoku_game *gg, const char *want)
{
	char *got = final_score(gg);

	assert_string_equal(got, want);
	free(got);
}

/* ---- winning lines ------------------------------------------------------ */

/* Every five that fits on a size x size board, in every direction, for
 * both colours and every rule: a win from each of its stones, and none
 * with one stone fewer. Every edge and corner point is part of some. */
static void check_all_fives(int size)
{
	static const int dcol[GOMOKU_DIRS] = { 1, 0, 1, -1 }, drow[GOMOKU_DIRS] = { 0, 1, 1, 1 };
	int edge_fives = 0, corner_fives = 0;

	for (int d = 0; d < GOMOKU_DIRS; d++)
		for (int row = 0; row < size; row++)
			for (int col = 0; col < size; col++) {
				int ecol = col + 4 * dcol[d], erow = row + 4 * drow[d];

				if (ecol < 0 || ecol >= size || erow >= size)
					continue;
				for (int color = GOMOKU_BLACK; color <= GOMOKU_WHITE; color++)
					for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++) {
						struct gomoku_board b;
						int pts[5];

						gomoku_board_init(&b, size);
						for (int k = 0; k < 5; k++)
							pts[k] = gomoku_point(&b, col + k * dcol[d],
									      row + k * drow[d]);
						for (int k = 0; k < 4; k++)
							gomoku_board_put(&b, pts[k], color);
						assert_false(gomoku_wins(&b, rules, color, pts[0]));
						assert_true(gomoku_wins(&b, rules, color, pts[4]));
						assert_false(gomoku_wins(&b, rules, gomoku_other(color),
									 pts[4]));
						gomoku_board_put(&b, pts[4], color);
						for (int k = 0; k < 5; k++)
							assert_true(gomoku_wins(&b, rules, color, pts[k]));
					}
				bool edge = col == 0 || row == 0 || ecol == 0 || col == size - 1 ||
					    ecol == size - 1 || erow == size - 1;
				bool corner = (col == 0 || col == size - 1) && (row == 0);
				edge_fives += edge;
				corner_fives += corner;
			}
	assert_true(edge_fives > 0);
	assert_true(corner_fives > 0);
}

static void test_fives_everywhere(void **state)
{
	(void)state;
	check_all_fives(5);
	check_all_fives(6);
	check_all_fives(15);
	check_all_fives(25);
}

/* The same through the game, in the four corners and along the four
 * edges: the game ends with the five, by whoever made it. */
static void test_game_fives_at_edges(void **state)
{
	static const struct {
		const char *moves; /* alternately, black first */
		int winner;
	} cases[] = {
		/* bottom edge, east, from the corner */
		{ "A1 A3 B1 B3 C1 C3 D1 D3 E1", COLOR_BLACK },
		/* left edge, north, to the top corner */
		{ "A15 C15 A14 C14 A13 C13 A12 C12 A11", COLOR_BLACK },
		/* right edge, north, white wins */
		{ "H8 P1 H9 P2 H10 P3 A1 P4 A3 P5", COLOR_WHITE },
		/* top edge, east, to the top-right corner */
		{ "L15 L13 M15 M13 N15 N13 O15 O13 P15", COLOR_BLACK },
		/* diagonal north-east from A1 */
		{ "A1 B3 B2 C4 C3 D5 D4 E6 E5", COLOR_BLACK },
		/* diagonal north-west from P1 to L5 */
		{ "P1 A1 O2 A2 N3 A3 M4 A4 L5", COLOR_BLACK },
		/* diagonal north-east into the top-right corner */
		{ "L11 A1 M12 A2 N13 A3 O14 A4 P15", COLOR_BLACK },
		/* diagonal north-west into the top-left corner, white */
		{ "H8 A15 H9 B14 H10 C13 P1 D12 P3 E11", COLOR_WHITE },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++) {
			struct gomoku_game *gg = new_game(15, rules);

			play_all(gg, cases[i].moves);
			assert_true(gg->over);
			assert_int_equal(gg->winner, cases[i].winner);
			assert_final(gg, cases[i].winner == COLOR_BLACK ? "B+" : "W+");
			destroy(gg);
		}
	}
}

/* Six in a row: a win under freestyle; nothing under standard, for both;
 * under renju forbidden for black and a win for white. */
static void test_overline_by_rule(void **state)
{
	/* black E8 F8 G8 J8 K8 wait for H8; white far away. */
	const char *moves = "E8 A1 F8 A3 G8 A5 J8 A7 K8 A9";
	struct gomoku_game *gg;

	(void)state;
	gg = new_game(15, GOMOKU_FREESTYLE);
	play_all(gg, moves);
	play_all(gg, "H8");
	assert_true(gg->over);
	assert_final(gg, "B+");
	destroy(gg);

	gg = new_game(15, GOMOKU_STANDARD);
	play_all(gg, moves);
	play_all(gg, "H8");
	assert_false(gg->over);
	assert_final(gg, "? game not over");
	destroy(gg);

	gg = new_game(15, GOMOKU_RENJU);
	play_all(gg, moves);
	assert_int_equal(gomoku_renju_foul(&gg->board, vertex(&gg->board, "H8")),
			 GOMOKU_FOUL_OVERLINE);
	assert_string_equal(try_play(gg, COLOR_BLACK, "H8"), "illegal move");
	assert_false(gomoku_is_legal(&gg->board, gg->rules, COLOR_BLACK, vertex(&gg->board, "H8")));
	assert_true(gomoku_is_legal(&gg->board, gg->rules, COLOR_WHITE, vertex(&gg->board, "H8")));
	destroy(gg);

	/* White's overlines: standard refuses the win, renju and freestyle
	 * grant it. */
	const char *wmoves = "A1 E8 A3 F8 A5 G8 A7 J8 A9 K8 A11";
	for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++) {
		gg = new_game(15, rules);
		play_all(gg, wmoves);
		play_all(gg, "H8");
		assert_int_equal(gg->over, rules != GOMOKU_STANDARD);
		if (gg->over)
			assert_int_equal(gg->winner, COLOR_WHITE);
		destroy(gg);
	}

	/* Standard: an overline of black's in one line and exactly five in
	 * another is a win. */
	gg = new_game(15, GOMOKU_STANDARD);
	play_all(gg, "E8 A1 F8 A3 G8 A5 J8 A7 K8 A9 H4 A11 H5 A13 H6 B1 H7 B3");
	play_all(gg, "H8");
	assert_true(gg->over);
	assert_int_equal(gg->winner, COLOR_BLACK);
	destroy(gg);
}

/* ---- renju's forbidden points ------------------------------------------- */

struct foul_case {
	const char *name;  /* what the position shows */
	const char *black; /* black stones */
	const char *white; /* white stones, or "" */
	const char *point; /* black's point under test */
	enum gomoku_foul want;
};

/* Hand-checked positions; each shape's counterpart without the detail
 * that makes it what it is comes right after it. */
static const struct foul_case foul_cases[] = {
	{ "plain double three (row and column)", "F8 G8 H6 H7", "", "H8",
	  GOMOKU_FOUL_DOUBLE_THREE },
	{ "one three only", "F8 G8 H6", "", "H8", GOMOKU_FOUL_NONE },
	{ "double three, split (XX.X) and diagonal", "F8 J8 F7 E6", "", "G8",
	  GOMOKU_FOUL_DOUBLE_THREE },
	{ "four-three is allowed", "E8 F8 G8 H6 H7", "D8", "H8", GOMOKU_FOUL_NONE },
	{ "four-three-three is a double three", "E8 F8 G8 H6 H7 G7 F6", "D8", "H8",
	  GOMOKU_FOUL_DOUBLE_THREE },
	{ "double four on two lines", "E8 F8 G8 H9 H10 H11", "D8 H12", "H8",
	  GOMOKU_FOUL_DOUBLE_FOUR },
	{ "double four on two lines, both straight", "E8 F8 G8 H9 H10 H11", "", "H8",
	  GOMOKU_FOUL_DOUBLE_FOUR },
	{ "double four on one line, X.XXX.X", "D8 F8 G8 K8", "", "H8",
	  GOMOKU_FOUL_DOUBLE_FOUR },
	{ "double four on one line, XX.XX.XX", "C8 D8 F8 J8 K8", "", "G8",
	  GOMOKU_FOUL_DOUBLE_FOUR },
	{ "double four on one line, XXX.X.XXX", "C8 D8 E8 J8 K8 L8", "", "G8",
	  GOMOKU_FOUL_DOUBLE_FOUR },
	{ "a straight four is one four", "E8 F8 G8", "", "H8", GOMOKU_FOUL_NONE },
	{ "X.XXX is one four", "D8 F8 G8", "", "H8", GOMOKU_FOUL_NONE },
	{ "overline", "E8 F8 G8 J8 K8", "", "H8", GOMOKU_FOUL_OVERLINE },
	{ "overline of seven", "D8 E8 F8 G8 J8 K8", "", "H8", GOMOKU_FOUL_OVERLINE },
	{ "five with a double three wins", "D8 E8 F8 G8 H9 H10 G7 F6", "", "H8",
	  GOMOKU_FOUL_NONE },
	{ "five with a double four wins", "D8 E8 F8 G8 H9 H10 H11 J9 K10 L11", "H12 M12",
	  "H8", GOMOKU_FOUL_NONE },
	{ "five with an overline wins", "D8 E8 F8 G8 H5 H6 H7 H9 H10", "", "H8",
	  GOMOKU_FOUL_NONE },
	{ "false three: the edge", "A8 B8 C9 C10", "", "C8", GOMOKU_FOUL_NONE },
	{ "...one column further in, a real three", "B8 C8 D9 D10", "", "D8",
	  GOMOKU_FOUL_DOUBLE_THREE },
	{ "false three: white stones", "F8 G8 H9 H10", "D8 K8", "H8", GOMOKU_FOUL_NONE },
	{ "...with one white stone, a real three", "F8 G8 H9 H10", "D8", "H8",
	  GOMOKU_FOUL_DOUBLE_THREE },
	{ "false three: each straight four would end in an overline", "B8 E8 G8 K8 F9 F10",
	  "", "F8", GOMOKU_FOUL_NONE },
	{ "...with one end free, a real three", "B8 E8 G8 F9 F10", "", "F8",
	  GOMOKU_FOUL_DOUBLE_THREE },
	{ "false three: the completion is an overline point", "F8 G8 H10 H11 E9 F9 G9 J9 K9",
	  "", "H8", GOMOKU_FOUL_NONE },
	{ "...the completion makes five instead, a real three", "F8 G8 H10 H11 E9 F9 G9 J9",
	  "", "H8", GOMOKU_FOUL_DOUBLE_THREE },
	{ "false three: the completion is a double three (two plies deep)",
	  "F6 G7 H10 H11 F9 G9 F11 G10", "", "H8", GOMOKU_FOUL_NONE },
	{ "...the completion a four-three, a real three", "F6 G7 H10 H11 F9 G9 F11", "", "H8",
	  GOMOKU_FOUL_DOUBLE_THREE },
	{ "the completion point itself", "F6 G7 H8 H10 H11 F9 G9 F11 G10", "", "H9",
	  GOMOKU_FOUL_DOUBLE_THREE },
	{ "far from everything", "F8 G8 H6 H7", "", "A15", GOMOKU_FOUL_NONE },
};

static void test_renju_fouls(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(foul_cases) / sizeof(foul_cases[0]); i++) {
		const struct foul_case *c = &foul_cases[i];
		struct gomoku_board b, before;

		gomoku_board_init(&b, 15);
		put(&b, GOMOKU_BLACK, c->black);
		if (c->white[0])
			put(&b, GOMOKU_WHITE, c->white);
		before = b;
		enum gomoku_foul got = gomoku_renju_foul(&b, vertex(&b, c->point));
		if (got != c->want)
			fail_msg("%s: foul %d, want %d", c->name, got, c->want);
		assert_memory_equal(&b, &before, sizeof(b));
		/* Only black's, only under renju. */
		bool legal = c->want == GOMOKU_FOUL_NONE;
		int p = vertex(&b, c->point);
		assert_int_equal(gomoku_is_legal(&b, GOMOKU_RENJU, GOMOKU_BLACK, p), legal);
		assert_true(gomoku_is_legal(&b, GOMOKU_RENJU, GOMOKU_WHITE, p));
		assert_true(gomoku_is_legal(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, p));
		assert_true(gomoku_is_legal(&b, GOMOKU_STANDARD, GOMOKU_BLACK, p));
	}
}

/* The forbidden points of a position, listed, and none under the other
 * rules. */
static void test_forbidden_points(void **state)
{
	struct gomoku_board b;
	int pts[GOMOKU_MAX_SIZE * GOMOKU_MAX_SIZE];
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	gomoku_board_init(&b, 15);
	/* E8 F8 G8 . J8 K8 L8: H8 makes seven, an overline; the column
	 * three it would make with H6 H7 does not matter then. */
	put(&b, GOMOKU_BLACK, "F8 G8 H6 H7 E8 J8 K8 L8");
	int n = gomoku_forbidden_points(&b, GOMOKU_RENJU, pts);
	gomoku_print_points(&b, pts, n, &sb);
	assert_string_equal(sb_str(&sb), "H8");
	assert_int_equal(gomoku_forbidden_points(&b, GOMOKU_FREESTYLE, pts), 0);
	assert_int_equal(gomoku_forbidden_points(&b, GOMOKU_STANDARD, pts), 0);
	sb_free(&sb);

	/* Two double threes at once, listed top row first. */
	gomoku_board_init(&b, 15);
	put(&b, GOMOKU_BLACK, "C3 D3 E4 E5 K12 L12 M10 M11");
	n = gomoku_forbidden_points(&b, GOMOKU_RENJU, pts);
	sb_reset(&sb);
	gomoku_print_points(&b, pts, n, &sb);
	assert_string_equal(sb_str(&sb), "M12 E3");
	sb_free(&sb);
}

/* A hostile position (every other point black, renju) costs a bounded
 * amount of work per point, and leaves the board as it was. */
static void test_renju_bounded(void **state)
{
	struct gomoku_board b, before;
	int pts[GOMOKU_MAX_SIZE * GOMOKU_MAX_SIZE];

	(void)state;
	gomoku_board_init(&b, 25);
	for (int row = 0; row < 25; row++)
		for (int col = 0; col < 25; col++)
			if ((row * 3 + col) % 5 == 0 || (row + col * 2) % 7 == 0)
				gomoku_board_put(&b, gomoku_point(&b, col, row), GOMOKU_BLACK);
	before = b;
	int n = gomoku_forbidden_points(&b, GOMOKU_RENJU, pts);
	assert_true(n >= 0 && n <= b.count[GOMOKU_EMPTY]);
	assert_memory_equal(&b, &before, sizeof(b));
}

/* Playing into renju's rules through the game. */
static void test_renju_game(void **state)
{
	struct gomoku_game *gg = new_game(15, GOMOKU_RENJU);

	(void)state;
	/* Black F8 G8 H6 H7, white far away; H8 is a double three. */
	play_all(gg, "F8 A1 G8 A3 H6 A5 H7 A7");
	assert_string_equal(try_play(gg, COLOR_BLACK, "H8"), "illegal move");
	assert_int_equal(gg->nmoves, 8);
	/* The same point is fine after a switch to freestyle. */
	gomoku_set_rules(gg, GOMOKU_FREESTYLE);
	assert_string_equal(try_play(gg, COLOR_BLACK, "H8"), "");
	destroy(gg);

	/* A five that also makes a double three wins. */
	gg = new_game(15, GOMOKU_RENJU);
	play_all(gg, "D8 A1 E8 A3 F8 A5 G8 A7 H9 A9 H10 A11 G7 A13 F6 B1");
	assert_string_equal(try_play(gg, COLOR_BLACK, "H8"), "");
	assert_true(gg->over);
	assert_int_equal(gg->winner, COLOR_BLACK);
	destroy(gg);
}

/* Black with only forbidden points left has no move (the game is then
 * drawn): on 7x7 under renju, the one empty point an overline point. */
static void test_renju_no_legal_point(void **state)
{
	struct gomoku_game *gg = new_game(15, GOMOKU_RENJU);
	struct gomoku_board *b = &gg->board;

	(void)state;
	/* Build the position on the board directly (a game would have
	 * ended or been refused earlier), then judge it as the game does. */
	gomoku_reset(gg, 7);
	put(b, GOMOKU_BLACK, "A1 B1 C1 E1 F1 G1");
	assert_true(gomoku_can_move(b, GOMOKU_RENJU, COLOR_BLACK));
	for (int row = 1; row < 7; row++)
		for (int col = 0; col < 7; col++)
			gomoku_board_put(b, gomoku_point(b, col, row), GOMOKU_WHITE);
	assert_false(gomoku_can_move(b, GOMOKU_RENJU, COLOR_BLACK));
	assert_true(gomoku_can_move(b, GOMOKU_FREESTYLE, COLOR_BLACK));
	assert_true(gomoku_can_move(b, GOMOKU_RENJU, COLOR_WHITE));
	destroy(gg);
}

/* ---- the end of the game ------------------------------------------------ */

/* A full 5x5 board with no five for either side is a draw:
 *     5 X X O O X
 *     4 O O X X O
 *     3 X X O O X
 *     2 O O X X O
 *     1 X X O O X
 */
static const char full_5x5[] = "A1 C1 B1 D1 E1 A2 C2 B2 D2 E2 A3 C3 B3 D3 E3 A4 C4 B4 D4 E4 "
			       "A5 C5 B5 D5 E5";

static void test_full_board_draw(void **state)
{
	(void)state;
	for (int rules = GOMOKU_FREESTYLE; rules <= GOMOKU_STANDARD; rules++) {
		struct gomoku_game *gg = new_game(5, rules);
		struct game_result r;
		char err[64];
		int move;

		play_all(gg, full_5x5);
		assert_int_equal(gg->board.count[GOMOKU_EMPTY], 0);
		assert_true(gg->over);
		assert_int_equal(gg->winner, COLOR_NONE);
		assert_final(gg, "0");
		assert_int_equal(gomoku_ops.result(&gg->base, &r, err, sizeof(err)), 0);
		assert_int_equal(r.reason, GAME_REASON_NO_MOVES);
		assert_false(r.has_margin);
		assert_int_equal(gomoku_ops.genmove(&gg->base, COLOR_WHITE, NULL, &move, err,
						    sizeof(err)),
				 -1);
		assert_string_equal(err, "game over");
		/* undo reopens it */
		assert_int_equal(gomoku_ops.undo(&gg->base, err, sizeof(err)), 0);
		assert_false(gg->over);
		assert_final(gg, "? game not over");
		assert_string_equal(try_play(gg, COLOR_BLACK, "E5"), "");
		assert_true(gg->over);
		destroy(gg);
	}
}

static void test_game_over_and_undo(void **state)
{
	struct gomoku_game *gg = new_game(15, GOMOKU_FREESTYLE);
	struct game_result r;
	char err[64];
	int move;

	(void)state;
	assert_string_equal(try_play(gg, COLOR_WHITE, "H8"), "out of turn");
	play_all(gg, "H8 A1 J8 A2 K8 A3 L8 A4");
	assert_final(gg, "? game not over");
	assert_int_equal(gomoku_ops.result(&gg->base, &r, err, sizeof(err)), -1);
	assert_string_equal(err, "game not over");
	play_all(gg, "M8");
	assert_true(gg->over);
	assert_final(gg, "B+");
	assert_int_equal(gomoku_ops.result(&gg->base, &r, err, sizeof(err)), 0);
	assert_int_equal(r.winner, COLOR_BLACK);
	assert_int_equal(r.reason, GAME_REASON_FIVE);
	assert_string_equal(r.detail, "");
	assert_string_equal(try_play(gg, COLOR_WHITE, "A5"), "game over");
	assert_string_equal(try_play(gg, COLOR_BLACK, "A6"), "game over");
	assert_int_equal(gomoku_ops.genmove(&gg->base, COLOR_WHITE, NULL, &move, err, sizeof(err)),
			 -1);
	assert_string_equal(err, "game over");
	/* undo after the win: the game goes on, black to move again */
	assert_int_equal(gomoku_ops.undo(&gg->base, err, sizeof(err)), 0);
	assert_false(gg->over);
	assert_int_equal(gomoku_to_move(gg), COLOR_BLACK);
	assert_string_equal(try_play(gg, COLOR_WHITE, "M8"), "out of turn");
	play_all(gg, "A10 M8");
	assert_false(gg->over);
	/* undo all the way to the empty board, then no more */
	while (gg->nmoves)
		assert_int_equal(gomoku_ops.undo(&gg->base, err, sizeof(err)), 0);
	assert_int_equal(gg->board.count[GOMOKU_EMPTY], 225);
	assert_int_equal(gomoku_ops.undo(&gg->base, err, sizeof(err)), -1);
	assert_string_equal(err, "cannot undo");
	/* occupied points */
	play_all(gg, "H8");
	assert_string_equal(try_play(gg, COLOR_WHITE, "H8"), "illegal move");
	destroy(gg);
}

/* A rule switch judges the last move again. */
static void test_rule_switch(void **state)
{
	struct gomoku_game *gg = new_game(15, GOMOKU_FREESTYLE);

	(void)state;
	play_all(gg, "E8 A1 F8 A3 G8 A5 J8 A7 K8 A9 H8");
	assert_true(gg->over);
	gomoku_set_rules(gg, GOMOKU_STANDARD);
	assert_false(gg->over);
	gomoku_set_rules(gg, GOMOKU_FREESTYLE);
	assert_true(gg->over);
	destroy(gg);
}

static void test_vertices(void **state)
{
	struct gomoku_board b;
	int p;
	static const char *const bad[] = { "", "I5",  "A0",  "A01", "A+1", "AA1", "A1x",
					   "Q1", "A16", "pass", "PASS", "H",  "8",   "Z25" };

	(void)state;
	gomoku_board_init(&b, 15);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(gomoku_parse_vertex(&b, bad[i], &p), -1);
	assert_int_equal(gomoku_parse_vertex(&b, "h8", &p), 0);
	assert_int_equal(gomoku_col(&b, p), 7);
	assert_int_equal(gomoku_row(&b, p), 7);
	assert_int_equal(gomoku_parse_vertex(&b, "O15", &p), 0);
	assert_int_equal(gomoku_parse_vertex(&b, "J1", &p), 0);
	assert_int_equal(gomoku_col(&b, p), 8);
	gomoku_board_init(&b, 25);
	assert_int_equal(gomoku_parse_vertex(&b, "Z25", &p), 0);
	struct strbuf sb = STRBUF_INIT;
	gomoku_print_vertex(&b, p, &sb);
	assert_string_equal(sb_str(&sb), "Z25");
	sb_free(&sb);
	/* sizes */
	struct gomoku_game *gg = new_game(15, GOMOKU_FREESTYLE);
	char err[64];
	assert_int_equal(gomoku_ops.set_size(&gg->base, "4", err, sizeof(err)), -1);
	assert_string_equal(err, "unacceptable size");
	assert_int_equal(gomoku_ops.set_size(&gg->base, "26", err, sizeof(err)), -1);
	assert_int_equal(gomoku_ops.set_size(&gg->base, "x", err, sizeof(err)), -1);
	assert_string_equal(err, "boardsize not an integer");
	assert_int_equal(gomoku_ops.set_size(&gg->base, "5", err, sizeof(err)), 0);
	assert_int_equal(gomoku_ops.set_size(&gg->base, "25", err, sizeof(err)), 0);
	assert_int_equal(gomoku_ops.set_rules(&gg->base, "RENJU", err, sizeof(err)), -1);
	assert_string_equal(err, "unknown rules");
	destroy(gg);
}

/* ---- setup, history, records -------------------------------------------- */

static void test_setup_and_history_replay(void **state)
{
	struct gomoku_game *gg;
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	gg = new_game(15, GOMOKU_FREESTYLE);
	assert_replays(&gg->base);
	play_all(gg, "H8 H9 J8");
	assert_replays(&gg->base);
	gomoku_ops.variant_key(&gg->base, &sb);
	assert_string_equal(sb_str(&sb), "gomoku/15/freestyle");
	sb_reset(&sb);
	gomoku_ops.describe(&gg->base, &sb);
	assert_string_equal(sb_str(&sb), "15x15");
	assert_int_equal(game_max_moves(&gg->base), 225);
	destroy(gg);

	/* 9x9 renju, won by white */
	gg = new_game(9, GOMOKU_RENJU);
	play_all(gg, "E5 A1 F6 A2 J9 A3 B8 A4 C9 A5");
	assert_true(gg->over);
	assert_replays(&gg->base);
	struct game_result r = replay_result(&gg->base);
	assert_int_equal(r.winner, COLOR_WHITE);
	sb_reset(&sb);
	gomoku_ops.write_setup(&gg->base, COLOR_BLACK, &sb, NULL, 0);
	assert_string_equal(sb_str(&sb), "boardsize 9\nclear_board\nrules renju\n");
	sb_reset(&sb);
	gomoku_ops.history(&gg->base, &sb);
	assert_string_equal(sb_str(&sb), "play b E5\nplay w A1\nplay b F6\nplay w A2\nplay b J9\n"
					 "play w A3\nplay b B8\nplay w A4\nplay b C9\nplay w A5\n");
	destroy(gg);

	/* a drawn 5x5 under standard rules */
	gg = new_game(5, GOMOKU_STANDARD);
	play_all(gg, full_5x5);
	assert_replays(&gg->base);
	sb_reset(&sb);
	gomoku_ops.variant_key(&gg->base, &sb);
	assert_string_equal(sb_str(&sb), "gomoku/5/standard");
	destroy(gg);
	sb_free(&sb);
}

static void test_record(void **state)
{
	struct gomoku_game *gg = new_game(15, GOMOKU_RENJU);
	struct game_record_info info = { .title = "quintet-match game 2", .black = "alpha",
					 .white = "beta", .result = "B+",
					 .comment = "ended by the rules", .event = "quintet-match",
					 .round = 2, .date = "2025-03-04", .main_time = 60,
					 .increment = 0.5 };

	(void)state;
	play_all(gg, "H8 A1 J8 A2 K8 A3 L8 A4 M8");
	char *text = gomoku_ops.write_record(&gg->base, &info);
	assert_non_null(strstr(text, "(;PB[alpha]PW[beta]GN[quintet-match game 2]"
				     "EV[quintet-match]RO[2]DT[2025-03-04]TM[60]"
				     "OT[0.5 s increment per move (Fischer)]"
				     "C[ended by the rules]FF[4]GM[4]"));
	assert_non_null(strstr(text, "SZ[15]RE[B+]RU[renju]\n;B[hh];W[ao];B[ih]"));
	assert_null(strstr(text, "KM["));
	assert_string_equal(gomoku_ops.record_ext, "sgf");
	free(text);
	destroy(gg);
}

/* ---- seed 002's computer ------------------------------------------------ */

static int seed_move(const struct gomoku_game *gg, int depth)
{
	return gomoku_seed_move(&gg->board, gg->rules, gomoku_to_move(gg), depth, 0, 0, NULL,
				NULL);
}

static void assert_seed_plays(const struct gomoku_game *gg, int depth, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	gomoku_print_vertex(&gg->board, seed_move(gg, depth), &sb);
	assert_string_equal(sb_str(&sb), want);
	sb_free(&sb);
}

/* Its own five first, then the opponent's; at every depth and rule, in
 * either colour, whatever else is on the board. */
static void test_seed_wins_and_blocks(void **state)
{
	static const struct {
		const char *moves;
		const char *want;
	} cases[] = {
		/* black to move, own four (H8..L8, M8 open) and white's four: win */
		{ "H8 H9 J8 J9 K8 K9 L8 L9", "G8" },
		/* white to move, black's closed four: block */
		{ "H8 G8 J8 A1 K8 A2 L8", "M8" },
		/* white to move, own four on the edge, black's open three: win */
		{ "H8 A1 J8 A2 K8 A3 O15 A4", "A5" },
		/* black to move, white's split four (A4 gap): block */
		{ "H8 A1 O15 A2 O13 A3 O11 A5", "A4" },
		/* diagonal five for white in a corner */
		{ "H8 A1 H9 B2 H10 C3 J11 D4 G7", "E5" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++)
			for (int depth = 1; depth <= 3; depth++) {
				struct gomoku_game *gg = new_game(15, rules);

				play_all(gg, cases[i].moves);
				assert_false(gg->over);
				assert_seed_plays(gg, depth, cases[i].want);
				destroy(gg);
			}
}

/* The first stone goes to the centre; on even boards just above right. */
static void test_seed_opening(void **state)
{
	struct gomoku_game *gg = new_game(15, GOMOKU_FREESTYLE);

	(void)state;
	assert_seed_plays(gg, 1, "H8");
	gomoku_reset(gg, 6);
	assert_seed_plays(gg, 1, "D4");
	destroy(gg);
}

/* Weights: a few hand-counted points. */
static void test_seed_weights(void **state)
{
	struct gomoku_board b;

	(void)state;
	gomoku_board_init(&b, 15);
	put(&b, GOMOKU_BLACK, "H8 J8 K8 L8");
	/* black to play G8 or M8: five */
	assert_int_equal(gomoku_seed_weight(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK,
					    vertex(&b, "M8")),
			 150000);
	/* white there: blocks black's five */
	assert_int_equal(gomoku_seed_weight(&b, GOMOKU_FREESTYLE, GOMOKU_WHITE,
					    vertex(&b, "M8")),
			 140000);
	/* under standard, a stone making six is no five */
	put(&b, GOMOKU_BLACK, "N8");
	assert_true(gomoku_seed_weight(&b, GOMOKU_STANDARD, GOMOKU_BLACK, vertex(&b, "M8")) <
		    150000);
	assert_int_equal(gomoku_seed_weight(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK,
					    vertex(&b, "M8")),
			 150000);
	/* an isolated corner on an empty board: every line connected 1, no
	 * line live in two directions: 2 * 10 (own connect 1) + ... */
	gomoku_board_init(&b, 15);
	long corner = gomoku_seed_weight(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, vertex(&b, "A1"));
	long centre = gomoku_seed_weight(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, vertex(&b, "H8"));
	assert_true(centre > corner);
}

/* A game of the seed's computer against a uniformly random player, who
 * plays colour random_color; returns the winner. */
static int play_random_game(int size, enum gomoku_rules rules, int random_color, uint64_t seed,
			    int depth)
{
	struct gomoku_game *gg = new_game(size, rules);
	struct rng r;
	char err[64];
	int winner;

	rng_seed(&r, seed);
	while (!gg->over) {
		int color = gomoku_to_move(gg);
		int p = color == random_color ? gomoku_random_move(&gg->board, rules, color, &r)
					      : seed_move(gg, depth);

		assert_true(p >= 0);
		/* the computer never misses its own five, nor a block */
		if (color != random_color) {
			for (int q = 0; q < gg->board.stride * gg->board.stride; q++)
				if (gomoku_is_legal(&gg->board, rules, color, q) &&
				    gomoku_wins(&gg->board, rules, color, q))
					assert_true(gomoku_wins(&gg->board, rules, color, p));
		}
		assert_int_equal(gomoku_play(gg, color, p, err, sizeof(err)), 0);
	}
	winner = gg->winner;
	destroy(gg);
	return winner;
}

static void test_seed_beats_random(void **state)
{
	int won = 0, games = 0;

	(void)state;
	for (uint64_t seed = 1; seed <= 6; seed++)
		for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++) {
			int random_color = seed % 2 ? COLOR_WHITE : COLOR_BLACK;

			won += play_random_game(15, rules, random_color, seed, 1) ==
			       gomoku_other(random_color);
			games++;
		}
	assert_int_equal(won, games);
	/* deeper, on a small board */
	assert_int_equal(play_random_game(9, GOMOKU_RENJU, COLOR_BLACK, 99, 3), COLOR_WHITE);
}

/* Blocks every immediate five of the opponent's when it has none itself:
 * after its move the opponent has no winning point left (when one block
 * suffices). */
static void test_seed_blocks_fours(void **state)
{
	static const char *const positions[] = {
		"H8 G8 J8 A1 K8 A2 L8",   /* row, closed on the left: M8 */
		"H8 H7 H9 A2 H10 A3 H11", /* column: H12 */
		"H8 G7 J9 A2 K10 A3 L11", /* diagonal: M12 */
		"H8 J7 G9 A2 F10 A3 E11", /* anti-diagonal: D12 */
		"H8 A1 J8 A2 L8 A3 M8",   /* split four: K8 */
	};

	(void)state;
	for (size_t i = 0; i < sizeof(positions) / sizeof(positions[0]); i++)
		for (int depth = 1; depth <= 2; depth++) {
			struct gomoku_game *gg = new_game(15, GOMOKU_FREESTYLE);
			char err[64];

			play_all(gg, positions[i]);
			int p = seed_move(gg, depth);
			assert_int_equal(gomoku_play(gg, COLOR_WHITE, p, err, sizeof(err)), 0);
			int wins = 0;
			for (int q = 0; q < gg->board.stride * gg->board.stride; q++)
				wins += gomoku_is_legal(&gg->board, gg->rules, COLOR_BLACK, q) &&
					gomoku_wins(&gg->board, gg->rules, COLOR_BLACK, q);
			if (wins)
				fail_msg("position %zu depth %d: black still has %d fives", i, depth,
					 wins);
			destroy(gg);
		}
}

/* The stack searched deeper: here depth 5 finds a forced five for black
 * (H12, then H13 and H9 whatever white's five best replies) that depths 1
 * and 3 do not see: they block white's E8 E10 at E9. */
static void test_seed_deeper_search(void **state)
{
	struct gomoku_game *gg = new_game(15, GOMOKU_FREESTYLE);
	struct gomoku_search_info info;

	(void)state;
	play_all(gg, "J9 J7 F9 G9 F10 F8 H10 G7 G10 E10 G11 F12 H11 E8");
	assert_seed_plays(gg, 1, "E9");
	assert_seed_plays(gg, 3, "E9");
	assert_seed_plays(gg, 5, "H12");
	gomoku_seed_move(&gg->board, gg->rules, COLOR_BLACK, 5, 0, 0, NULL, &info);
	assert_int_equal(info.depth, 5);
	/* depth d tries at most 5 + 25 + ... + 5^d stones; depths 1..5 in turn */
	assert_true(info.nodes > 5 && info.nodes <= 5 + 30 + 155 + 780 + 3905);
	destroy(gg);
}

/* The same position and limits give the same move; a node budget ends the
 * deepening early but still answers with a whole depth's move; a stop flag
 * set beforehand leaves only the first depth. */
static void test_seed_budget(void **state)
{
	struct gomoku_game *gg = new_game(15, GOMOKU_FREESTYLE);
	struct gomoku_search_info info;
	atomic_bool stop = true;

	(void)state;
	play_all(gg, "H8 H9 J9 G7 J8 J7 K8");
	int a = gomoku_seed_move(&gg->board, gg->rules, COLOR_WHITE, 4, 0, 0, NULL, &info);
	assert_int_equal(info.depth, 4);
	long full = info.nodes;
	int b = gomoku_seed_move(&gg->board, gg->rules, COLOR_WHITE, 4, 0, 0, NULL, &info);
	assert_int_equal(a, b);
	assert_int_equal(info.nodes, full);
	gomoku_seed_move(&gg->board, gg->rules, COLOR_WHITE, 4, 40, 0, NULL, &info);
	assert_true(info.depth >= 1 && info.depth < 4);
	assert_true(info.nodes <= 40 + 5);
	int c = gomoku_seed_move(&gg->board, gg->rules, COLOR_WHITE, 4, 0, 0, &stop, &info);
	assert_int_equal(info.depth, 1);
	assert_int_equal(c, gomoku_seed_move(&gg->board, gg->rules, COLOR_WHITE, 1, 0, 0, NULL,
					     NULL));
	destroy(gg);
}

/* genmove through the game: the level's algorithm, randomness with the
 * game's seed. */
static void test_genmove_levels(void **state)
{
	struct game_level weights = { .name = "w", .algorithm = "weights", .depth = 2 };
	struct game_level random = { .name = "r", .algorithm = "random" };
	struct game_level noisy = { .name = "n", .algorithm = "weights", .randomness = 1 };
	struct game_budget budget = { .level = &weights };
	char err[64];
	int m1, m2;

	(void)state;
	for (int k = 0; k < 2; k++) {
		struct game *a = gomoku_ops.create(5), *b = gomoku_ops.create(5);

		budget.level = k ? &noisy : &random;
		for (int i = 0; i < 10; i++) {
			assert_int_equal(gomoku_ops.genmove(a, gomoku_ops.to_move(a), &budget, &m1,
							    err, sizeof(err)),
					 0);
			assert_int_equal(gomoku_ops.genmove(b, gomoku_ops.to_move(b), &budget, &m2,
							    err, sizeof(err)),
					 0);
			assert_int_equal(m1, m2);
		}
		gomoku_ops.destroy(a);
		gomoku_ops.destroy(b);
	}
	struct game *g = gomoku_ops.create(5);
	budget.level = &weights;
	assert_int_equal(gomoku_ops.genmove(g, COLOR_WHITE, &budget, &m1, err, sizeof(err)), -1);
	assert_string_equal(err, "out of turn");
	assert_int_equal(gomoku_ops.genmove(g, COLOR_BLACK, &budget, &m1, err, sizeof(err)), 0);
	assert_int_equal(m1, vertex(&gomoku_of(g)->board, "H8"));
	gomoku_ops.destroy(g);
}

/* loadsgf through a session: files the engine did not write. */
static char *say_file(struct session *s, const char *sgf, const char *extra, bool may_fail)
{
	char path[] = "/tmp/quintet-test-gomoku-XXXXXX", line[128];
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, sgf, strlen(sgf)), (ssize_t)strlen(sgf));
	close(fd);
	snprintf(line, sizeof(line), "loadsgf %s%s", path, extra);
	char *reply = replay_say(s, line, may_fail);
	unlink(path);
	return reply;
}

static void assert_load_fails(struct session *s, const char *sgf, const char *want)
{
	struct strbuf wire = STRBUF_INIT;
	struct session_job *job = NULL;
	char path[] = "/tmp/quintet-test-gomoku-XXXXXX", line[128];
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, sgf, strlen(sgf)), (ssize_t)strlen(sgf));
	close(fd);
	snprintf(line, sizeof(line), "loadsgf %s", path);
	if (session_handle_line(s, line, strlen(line), 0, &wire, &job) == SESSION_JOB) {
		session_job_run(job);
		session_job_finish(s, job, true, &wire);
	}
	unlink(path);
	char want_wire[128];
	snprintf(want_wire, sizeof(want_wire), "? %s\n\n", want);
	assert_string_equal(sb_str(&wire), want_wire);
	sb_free(&wire);
}

static void test_loadsgf_files(void **state)
{
	struct session *s = session_new(1);
	char *reply;

	(void)state;
	free(replay_say(s, "game gomoku", false));
	free(replay_say(s, "play b H8", false));
	/* RU names the rules; an unknown RU keeps the current ones */
	reply = say_file(s, "(;GM[4]SZ[9]RU[standard];B[ee];W[dd])", "", false);
	assert_string_equal(reply, "black");
	free(reply);
	assert_string_equal(gomoku_get_rules_name(s), "standard");
	reply = say_file(s, "(;GM[4]RU[Taraguchi-10];B[hh])", "", false);
	assert_string_equal(reply, "white");
	free(reply);
	assert_string_equal(gomoku_get_rules_name(s), "standard");
	assert_int_equal(gomoku_of(s->game)->board.size, 15);
	/* failures, the game unchanged */
	assert_load_fails(s, "(;GM[4]SZ[9]AB[aa];B[ee])", "unsupported setup at move 1");
	assert_load_fails(s, "(;GM[4]SZ[9];B[ee];AW[aa])", "unsupported setup at move 2");
	assert_load_fails(s, "(;GM[4]SZ[9];B[ee];W[ee])", "illegal move 2 in sgf");
	assert_load_fails(s, "(;GM[4]SZ[9];B[ee];B[dd])", "illegal move 2 in sgf");
	assert_load_fails(s, "(;GM[4]SZ[9];W[ee])", "illegal move 1 in sgf");
	assert_load_fails(s, "(;GM[4]SZ[9];B[ee];W[])", "illegal move 2 in sgf");
	assert_load_fails(s, "(;GM[4]SZ[4];B[aa])", "unsupported board size");
	assert_load_fails(s, "(;GM[4]SZ[26];B[aa])", "unsupported board size");
	assert_load_fails(s, "(;GM[1]SZ[9];B[aa])", "not a Gomoku game");
	assert_load_fails(s, "(;GM[4]SZ[9]B[zz])", "bad coordinate");
	assert_load_fails(s, "not sgf", "not an SGF file");
	/* a renju foul in a renju file, and moves after the end */
	assert_load_fails(s, "(;GM[4]RU[renju];B[fh];W[aa];B[gh];W[ac];B[hj];W[ae];B[hi];W[ag];B[hh])",
			  "illegal move 9 in sgf");
	assert_load_fails(s, "(;GM[4]SZ[9];B[aa];W[ba];B[ab];W[bb];B[ac];W[bc];B[ad];W[bd];B[ae]"
			     ";W[be])",
			  "illegal move 10 in sgf");
	assert_int_equal(gomoku_of(s->game)->nmoves, 1);
	assert_int_equal(gomoku_of(s->game)->board.size, 15);
	session_free(s);
}

/* The random player under renju never picks a forbidden point: of black's
 * four empty points (D8, H8, L8, M8; white everywhere else) H8 makes an
 * overline. */
static void test_random_never_forbidden(void **state)
{
	struct gomoku_game *gg = new_game(15, GOMOKU_RENJU);
	struct rng r;

	(void)state;
	for (int row = 0; row < 15; row++)
		for (int col = 0; col < 15; col++)
			if (row != 7 || col < 3 || col > 11)
				gomoku_board_put(&gg->board, gomoku_point(&gg->board, col, row),
						 GOMOKU_WHITE);
	put(&gg->board, GOMOKU_BLACK, "E8 F8 G8 J8 K8");
	rng_seed(&r, 3);
	for (int i = 0; i < 50; i++) {
		int p = gomoku_random_move(&gg->board, GOMOKU_RENJU, COLOR_BLACK, &r);

		assert_true(p >= 0);
		assert_int_not_equal(p, vertex(&gg->board, "H8"));
	}
	destroy(gg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fives_everywhere),
		cmocka_unit_test(test_game_fives_at_edges),
		cmocka_unit_test(test_overline_by_rule),
		cmocka_unit_test(test_renju_fouls),
		cmocka_unit_test(test_forbidden_points),
		cmocka_unit_test(test_renju_bounded),
		cmocka_unit_test(test_renju_game),
		cmocka_unit_test(test_renju_no_legal_point),
		cmocka_unit_test(test_full_board_draw),
		cmocka_unit_test(test_game_over_and_undo),
		cmocka_unit_test(test_rule_switch),
		cmocka_unit_test(test_vertices),
		cmocka_unit_test(test_setup_and_history_replay),
		cmocka_unit_test(test_record),
		cmocka_unit_test(test_loadsgf_files),
		cmocka_unit_test(test_seed_wins_and_blocks),
		cmocka_unit_test(test_seed_opening),
		cmocka_unit_test(test_seed_weights),
		cmocka_unit_test(test_seed_beats_random),
		cmocka_unit_test(test_seed_blocks_fours),
		cmocka_unit_test(test_seed_deeper_search),
		cmocka_unit_test(test_seed_budget),
		cmocka_unit_test(test_genmove_levels),
		cmocka_unit_test(test_random_never_forbidden),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
