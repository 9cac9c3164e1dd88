/* Unit tests of Flood's rules: captures (chains through captured squares,
 * both players, corners), the end rule and the award of the remaining
 * squares, the starting-player rule in both modes, undo, the board text
 * (round trip and errors), rectangular boards, 3 to 9 colours, gains, and
 * the incremental frontiers against a recomputation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/flood/flood.h"
#include "flood_helpers.h"
#include "replay_helpers.h"
#include "util/xalloc.h"

/* The board text of the current position (caller frees). */
static char *text_of(const struct flood_game *fg)
{
	struct strbuf sb = STRBUF_INIT;

	flood_print_text(fg, &sb);
	return sb.buf;
}

static void assert_text(const struct flood_game *fg, const char *want)
{
	char *got = text_of(fg);

	assert_string_equal(got, want);
	free(got);
}

static void play(struct flood_game *fg, int color, int paint)
{
	char err[64];

	assert_int_equal(flood_play(fg, color, paint, err, sizeof(err)), 0);
}

static void assert_score(const struct flood_game *fg, int black, int white)
{
	assert_int_equal(fg->pos.count[COLOR_BLACK], black);
	assert_int_equal(fg->pos.count[COLOR_WHITE], white);
}

static char *final_score(const struct flood_game *fg)
{
	struct strbuf sb = STRBUF_INIT;
	char err[64];

	if (flood_ops.final_score(&fg->base, &sb, err, sizeof(err)) < 0)
		sb_printf(&sb, "? %s", err);
	return sb.buf;
}

static void assert_final(const struct flood_game *fg, const char *want)
{
	char *got = final_score(fg);

	assert_string_equal(got, want);
	free(got);
}

/* A chain: the squares of the colour next to the territory, then those
 * next to them, through squares just captured. */
static void test_capture_chain(void **state)
{
	struct flood_game *fg = new_game(1);

	(void)state;
	load(fg, "1133/2131/1122", COLOR_BLACK);
	assert_score(fg, 1, 1);
	play(fg, COLOR_BLACK, 1);
	/* (1,0), then (1,1) above it, then (1,2) and (0,2): four squares. */
	assert_text(fg, "BB3W/2B31/BB22");
	assert_score(fg, 5, 1);
	assert_int_equal(fg->pos.moves, 1);
	assert_int_equal(fg->pos.to_move, COLOR_WHITE);
	/* White's 3 takes (2,2) and (2,1) below it, not the 3 far away. */
	play(fg, COLOR_WHITE, 3);
	assert_text(fg, "BBWW/2BW1/BB22");
	assert_score(fg, 5, 3);
	/* A colour next to nothing of the mover's takes nothing: legal. */
	play(fg, COLOR_BLACK, 3);
	assert_text(fg, "BBWW/2BW1/BB22");
	assert_int_equal(fg->pos.moves, 3);
	/* White's 1 takes the free 1 next to it; the 1s black owns are no
	 * one's colour any more. */
	play(fg, COLOR_WHITE, 1);
	assert_text(fg, "BBWW/2BWW/BB22");
	free_game(fg);
}

/* Corners: black bottom-left, white top-right, whatever digit they hold. */
static void test_corners(void **state)
{
	struct flood_game *fg = new_game(2);

	(void)state;
	load(fg, "123/456/123", COLOR_BLACK);
	assert_text(fg, "12W/456/B23");
	/* clear_board: a new random board of the loaded size. */
	flood_ops.clear(&fg->base);
	char *t = text_of(fg);
	assert_int_equal(strlen(t), 11);
	assert_int_equal(t[2], 'W');
	assert_int_equal(t[8], 'B');
	assert_int_equal(fg->pos.count[COLOR_BLACK], 1);
	assert_int_equal(fg->pos.count[COLOR_WHITE], 1);
	assert_int_equal(fg->pos.nfree, 7);
	free(t);
	free_game(fg);
}

/* The mover touches nothing unowned after its move: the rest goes to the
 * other player, and the game is over. */
static void test_end_mover_enclosed(void **state)
{
	struct flood_game *fg = new_game(3);
	char err[64];

	(void)state;
	load(fg, "1WWW/B1W3", COLOR_BLACK);
	assert_false(fg->pos.over);
	assert_final(fg, "? game not over");
	play(fg, COLOR_BLACK, 1);
	assert_true(fg->pos.over);
	assert_text(fg, "BWWW/BBWW");
	assert_score(fg, 3, 5);
	assert_final(fg, "W+2");
	assert_int_equal(flood_play(fg, COLOR_WHITE, 3, err, sizeof(err)), -1);
	assert_string_equal(err, "game over");
	free_game(fg);
}

/* The mover still touches free squares, the player to move does not: the
 * rest goes to the mover. */
static void test_end_next_enclosed(void **state)
{
	struct flood_game *fg = new_game(4);

	(void)state;
	load(fg, "211W/B111", COLOR_BLACK);
	play(fg, COLOR_BLACK, 1);
	assert_true(fg->pos.over);
	assert_text(fg, "BBBW/BBBB");
	assert_score(fg, 7, 1);
	assert_final(fg, "B+6");
	free_game(fg);
}

/* Every square owned: over, and equal counts are a draw. */
static void test_end_full_and_draw(void **state)
{
	struct flood_game *fg = new_game(5);

	(void)state;
	load(fg, "12W/B21", COLOR_WHITE);
	play(fg, COLOR_WHITE, 1);
	assert_text(fg, "12W/B2W");
	assert_false(fg->pos.over);
	/* Black's 2 takes both 2s and shuts white in: the last square is
	 * black's. */
	play(fg, COLOR_BLACK, 2);
	assert_true(fg->pos.over);
	assert_text(fg, "BBW/BBW");
	assert_score(fg, 4, 2);
	assert_final(fg, "B+2");
	load(fg, "1W/B2", COLOR_BLACK);
	play(fg, COLOR_BLACK, 1);
	play(fg, COLOR_WHITE, 2);
	assert_true(fg->pos.over);
	assert_score(fg, 2, 2);
	assert_final(fg, "0");
	free_game(fg);
}

/* A loaded position can already be over: the one not to move is judged
 * first, as if it had just moved. */
static void test_end_on_load(void **state)
{
	struct flood_game *fg = new_game(6);

	(void)state;
	load(fg, "BWW/BW3", COLOR_BLACK);
	assert_true(fg->pos.over); /* black touches nothing: the 3 is white's */
	assert_score(fg, 2, 4);
	load(fg, "BBW/BWW", COLOR_WHITE);
	assert_true(fg->pos.over);
	assert_final(fg, "0");
	free_game(fg);
}

/* Turns alternate strictly. */
static void test_turns(void **state)
{
	struct flood_game *fg = new_game(7);
	char err[64];

	(void)state;
	assert_int_equal(fg->pos.to_move, COLOR_BLACK);
	assert_int_equal(flood_play(fg, COLOR_WHITE, 1, err, sizeof(err)), -1);
	assert_string_equal(err, "out of turn");
	play(fg, COLOR_BLACK, 1);
	assert_int_equal(flood_play(fg, COLOR_BLACK, 1, err, sizeof(err)), -1);
	assert_int_equal(fg->nmoves, 1);
	free_game(fg);
}

/* Two-player mode: the next game is started by the player who did not
 * make the last move of the previous one; a game without moves changes
 * nothing. */
static void test_starter_two_player(void **state)
{
	struct flood_game *fg = new_game(8);

	(void)state;
	assert_int_equal(fg->mode, FLOOD_TWO_PLAYER);
	play(fg, COLOR_BLACK, 1); /* black moved last */
	flood_ops.clear(&fg->base);
	assert_int_equal(fg->pos.to_move, COLOR_WHITE);
	flood_ops.clear(&fg->base); /* no move: white again */
	assert_int_equal(fg->pos.to_move, COLOR_WHITE);
	play(fg, COLOR_WHITE, 2);
	play(fg, COLOR_BLACK, 3);
	play(fg, COLOR_WHITE, 4); /* white moved last */
	flood_ops.clear(&fg->base);
	assert_int_equal(fg->pos.to_move, COLOR_BLACK);
	/* A finished game counts the same way. */
	load(fg, "1WWW/B1W3", 0);
	assert_int_equal(fg->pos.to_move, COLOR_BLACK);
	play(fg, COLOR_BLACK, 1);
	assert_true(fg->pos.over);
	char err[64];
	assert_int_equal(flood_set_dims(fg, 5, 4, err, sizeof(err)), 0);
	assert_int_equal(fg->pos.to_move, COLOR_WHITE);
	free_game(fg);
}

/* Against the computer the human always starts. */
static void test_starter_computer(void **state)
{
	struct flood_game *fg = new_game(9);
	char err[64];

	(void)state;
	assert_int_equal(flood_ops.set_option(&fg->base, "mode", "computer", err, sizeof(err)), 0);
	play(fg, COLOR_BLACK, 1);
	flood_ops.clear(&fg->base);
	assert_int_equal(fg->pos.to_move, COLOR_BLACK);
	play(fg, COLOR_BLACK, 1);
	play(fg, COLOR_WHITE, 1);
	flood_ops.clear(&fg->base);
	assert_int_equal(fg->pos.to_move, COLOR_BLACK);
	assert_int_equal(flood_ops.set_option(&fg->base, "human", "white", err, sizeof(err)), 0);
	flood_ops.clear(&fg->base);
	assert_int_equal(fg->pos.to_move, COLOR_WHITE);
	/* Back to two players: white did not move last game, so... the
	 * last game had no move: its starter (white) starts again. */
	assert_int_equal(flood_ops.set_option(&fg->base, "mode", "two-player", err, sizeof(err)),
			 0);
	flood_ops.clear(&fg->base);
	assert_int_equal(fg->pos.to_move, COLOR_WHITE);
	assert_int_equal(flood_ops.set_option(&fg->base, "mode", "solo", err, sizeof(err)), -1);
	free_game(fg);
}

/* The starting player survives a copy (a genmove runs on one). */
static void test_copy(void **state)
{
	struct flood_game *fg = new_game(10);

	(void)state;
	play(fg, COLOR_BLACK, 2);
	struct flood_game *cp = flood_of(flood_ops.copy(&fg->base));
	char *a = text_of(fg), *b = text_of(cp);
	assert_string_equal(a, b);
	play(cp, COLOR_WHITE, 3);
	assert_int_equal(fg->nmoves, 1);
	assert_int_equal(cp->nmoves, 2);
	flood_ops.clear(&cp->base);
	assert_int_equal(cp->pos.to_move, COLOR_BLACK);
	free(a);
	free(b);
	free_game(cp);
	free_game(fg);
}

static void test_undo(void **state)
{
	struct flood_game *fg = new_game(11);
	char err[64];
	char *texts[201];
	int n = 0;

	(void)state;
	assert_int_equal(flood_ops.undo(&fg->base, err, sizeof(err)), -1);
	assert_string_equal(err, "cannot undo");
	texts[n++] = text_of(fg);
	while (!fg->pos.over && n < 200) {
		play(fg, fg->pos.to_move, flood_greedy(&fg->pos, &fg->board));
		texts[n++] = text_of(fg);
	}
	assert_true(fg->pos.over); /* greedy games on 20x20 end in ~50 moves */
	while (n > 1) {
		assert_int_equal(flood_ops.undo(&fg->base, err, sizeof(err)), 0);
		free(texts[--n]);
		assert_text(fg, texts[n - 1]);
		assert_false(fg->pos.over);
		assert_int_equal(fg->pos.moves, n - 1);
		assert_int_equal(fg->pos.to_move, n % 2 ? COLOR_BLACK : COLOR_WHITE);
	}
	assert_int_equal(flood_ops.undo(&fg->base, err, sizeof(err)), -1);
	free(texts[0]);
	free_game(fg);
}

/* The history holds GAME_MAX_HISTORY moves. A move that captures nothing
 * is legal, so a game can go on for ever: at the cap play and genmove
 * answer "game too long" and change nothing, until an undo or a new game. */
static void test_history_cap(void **state)
{
	struct flood_game *fg = new_game(14);
	struct game_budget budget = { .level = NULL };
	char err[64];
	int move;

	(void)state;
	load(fg, "12W/B21", COLOR_BLACK);
	for (long i = 0; i < GAME_MAX_HISTORY; i++)
		if (flood_play(fg, fg->pos.to_move, 3, err, sizeof(err)) < 0)
			fail_msg("move %ld: %s", i + 1, err);
	assert_int_equal(fg->nmoves, GAME_MAX_HISTORY);
	assert_false(fg->pos.over);
	int to_move = fg->pos.to_move;
	assert_int_equal(flood_ops.play(&fg->base, to_move, 1, err, sizeof(err)), -1);
	assert_string_equal(err, "game too long");
	assert_int_equal(flood_ops.play(&fg->base, flood_other(to_move), 1, err, sizeof(err)), -1);
	assert_string_equal(err, "out of turn");
	assert_int_equal(flood_ops.genmove(&fg->base, to_move, &budget, &move, err, sizeof(err)),
			 -1);
	assert_string_equal(err, "game too long");
	assert_int_equal(fg->nmoves, GAME_MAX_HISTORY);
	assert_int_equal(fg->pos.to_move, to_move);
	assert_int_equal(flood_ops.undo(&fg->base, err, sizeof(err)), 0);
	assert_int_equal(flood_ops.genmove(&fg->base, fg->pos.to_move, &budget, &move, err,
					   sizeof(err)), 0);
	assert_int_equal(fg->nmoves, GAME_MAX_HISTORY);
	flood_ops.clear(&fg->base);
	assert_int_equal(fg->nmoves, 0);
	free_game(fg);
}

/* board text out, loadboard in: the same text, mid-game too. */
static void test_text_round_trip(void **state)
{
	struct flood_game *fg = new_game(12), *other = new_game(13);

	(void)state;
	for (int i = 0; i < 7; i++)
		play(fg, fg->pos.to_move, flood_greedy(&fg->pos, &fg->board));
	char *t = text_of(fg);
	load(other, t, fg->pos.to_move);
	assert_text(other, t);
	assert_int_equal(other->pos.count[COLOR_BLACK], fg->pos.count[COLOR_BLACK]);
	assert_int_equal(other->pos.count[COLOR_WHITE], fg->pos.count[COLOR_WHITE]);
	assert_int_equal(other->pos.nfree, fg->pos.nfree);
	assert_int_equal(other->pos.to_move, fg->pos.to_move);
	/* The same moves from here give the same positions. */
	for (int i = 0; i < 5 && !fg->pos.over; i++) {
		int c = flood_greedy(&fg->pos, &fg->board);
		play(fg, fg->pos.to_move, c);
		play(other, other->pos.to_move, c);
		char *a = text_of(fg), *b = text_of(other);
		assert_string_equal(a, b);
		free(a);
		free(b);
	}
	free(t);
	free_game(fg);
	free_game(other);
}

/* Malformed text: a precise error, and the game is left as it was. */
static void test_text_errors(void **state)
{
	static const struct {
		const char *text, *err;
	} cases[] = {
		{ "", "bad board: empty row 1" },
		{ "12/", "bad board: empty row 2" },
		{ "12//12", "bad board: empty row 2" },
		{ "/12", "bad board: empty row 1" },
		{ "123/12", "bad board: row 2 is not as long as row 1" },
		{ "1", "bad board: sides must be 2..100 squares" },
		{ "12", "bad board: sides must be 2..100 squares" },
		{ "1/2", "bad board: sides must be 2..100 squares" },
		{ "17/11", "bad board: color 7 not in 1..6" },
		{ "10/11", "bad board: color 0 not in 1..6" },
		{ "1x/11", "bad board: unexpected character 'x'" },
		{ "1b/11", "bad board: unexpected character 'b'" },
		{ "1\xc3/11", "bad board: unexpected byte 0xc3" },
		{ "12/W1", "bad board: white on black's corner (bottom-left)" },
		{ "1B/11", "bad board: black on white's corner (top-right)" },
		{ "1B1/111/111", "bad board: black's squares not connected to its corner" },
		{ "111/W11/111", "bad board: white's squares not connected to its corner" },
	};
	struct flood_game *fg = new_game(14);
	char err[128];

	(void)state;
	char *before = text_of(fg);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		err[0] = '\0';
		assert_int_equal(flood_load_text(fg, cases[i].text, 0, err, sizeof(err)), -1);
		assert_string_equal(err, cases[i].err);
	}
	/* Too many rows or squares in a row. */
	struct strbuf big = STRBUF_INIT;
	for (int r = 0; r < 101; r++)
		sb_printf(&big, "%s12", r ? "/" : "");
	assert_int_equal(flood_load_text(fg, sb_str(&big), 0, err, sizeof(err)), -1);
	assert_string_equal(err, "bad board: sides must be 2..100 squares");
	sb_reset(&big);
	for (int r = 0; r < 2; r++)
		for (int x = 0; x <= 101; x++)
			sb_puts(&big, x < 101 ? "1" : r ? "" : "/");
	assert_int_equal(flood_load_text(fg, sb_str(&big), 0, err, sizeof(err)), -1);
	assert_string_equal(err, "bad board: sides must be 2..100 squares");
	sb_free(&big);
	assert_text(fg, before);
	assert_int_equal(fg->board.width, 20);
	free(before);
	free_game(fg);
}

/* Rectangular boards, narrow and wide, across word boundaries. */
static void test_rectangular(void **state)
{
	static const int dims[][2] = { { 2, 7 }, { 30, 5 }, { 63, 2 }, { 64, 3 }, { 100, 100 } };
	struct flood_game *fg = new_game(15);
	char err[64];

	(void)state;
	for (size_t i = 0; i < sizeof(dims) / sizeof(dims[0]); i++) {
		int w = dims[i][0], h = dims[i][1];

		assert_int_equal(flood_set_dims(fg, w, h, err, sizeof(err)), 0);
		assert_int_equal(fg->board.width, w);
		assert_int_equal(fg->board.height, h);
		assert_int_equal(fg->pos.nfree, w * h - 2);
		char *t = text_of(fg);
		assert_int_equal((int)strlen(t), h * (w + 1) - 1);
		assert_int_equal(t[w - 1], 'W');
		assert_int_equal(t[(h - 1) * (w + 1)], 'B');
		free(t);
	}
	assert_int_equal(flood_set_dims(fg, 1, 5, err, sizeof(err)), -1);
	assert_string_equal(err, "unacceptable size");
	assert_int_equal(flood_set_dims(fg, 5, 101, err, sizeof(err)), -1);
	assert_int_equal(fg->board.width, 100); /* unchanged */
	free_game(fg);
}

/* C from 3 to 9: the board uses exactly colours 1..C (all of them on
 * 20x20), and colour names stop at C. */
static void test_colors(void **state)
{
	struct flood_game *fg = new_game(16);
	char err[64];
	int paint;

	(void)state;
	for (int c = FLOOD_MIN_COLORS; c <= FLOOD_MAX_COLORS; c++) {
		int seen[10] = { 0 };

		assert_int_equal(flood_set_colors(fg, c, err, sizeof(err)), 0);
		char *t = text_of(fg);
		for (char *s = t; *s; s++)
			if (*s >= '0' && *s <= '9')
				seen[*s - '0']++;
		free(t);
		assert_int_equal(seen[0], 0);
		for (int k = 1; k <= 9; k++)
			assert_true(k <= c ? seen[k] > 0 : seen[k] == 0);
		assert_int_equal(flood_parse_paint(fg, flood_color_names[c], &paint), 0);
		assert_int_equal(paint, c);
		if (c < FLOOD_MAX_COLORS)
			assert_int_equal(flood_parse_paint(fg, flood_color_names[c + 1], &paint),
					 -1);
	}
	assert_int_equal(flood_parse_paint(fg, "RED", &paint), 0);
	assert_int_equal(paint, 1);
	assert_int_equal(flood_parse_paint(fg, "09", &paint), 0);
	assert_int_equal(paint, 9);
	assert_int_equal(flood_parse_paint(fg, "0", &paint), -1);
	assert_int_equal(flood_parse_paint(fg, "10", &paint), -1);
	assert_int_equal(flood_parse_paint(fg, "", &paint), -1);
	assert_int_equal(flood_set_colors(fg, 2, err, sizeof(err)), -1);
	assert_string_equal(err, "unacceptable colors");
	assert_int_equal(flood_set_colors(fg, 10, err, sizeof(err)), -1);
	assert_int_equal(fg->board.ncolors, 9);
	free_game(fg);
}

/* The same seed gives the same board; another seed another one. */
static void test_reproducible(void **state)
{
	struct flood_game *a = new_game(42), *b = new_game(42), *c = new_game(43);

	(void)state;
	char *ta = text_of(a), *tb = text_of(b), *tc = text_of(c);
	assert_string_equal(ta, tb);
	assert_string_not_equal(ta, tc);
	rng_seed(&c->base.rng, 42);
	flood_ops.clear(&c->base);
	free(tc);
	tc = text_of(c);
	assert_string_equal(ta, tc);
	free(ta);
	free(tb);
	free(tc);
	free_game(a);
	free_game(b);
	free_game(c);
}

/* Recompute what the position keeps incrementally. */
static void check_invariants(const struct flood_game *fg)
{
	const struct flood_board *b = &fg->board;
	const struct flood_pos *p = &fg->pos;
	uint64_t ring[FLOOD_MAX_WORDS];
	int nw = b->nw;

	for (int color = COLOR_BLACK; color <= COLOR_WHITE; color++) {
		flood_dilate(b, flood_cown(p, color), ring);
		for (int i = 0; i < nw; i++)
			assert_true(p->over ? flood_cfront(p, color)[i] == 0
					    : flood_cfront(p, color)[i] == (ring[i] & flood_cfree(p)[i]));
		assert_int_equal(flood_popcount(flood_cown(p, color), nw), p->count[color]);
	}
	for (int i = 0; i < nw; i++) {
		uint64_t all = flood_cown(p, 1)[i] | flood_cown(p, 2)[i] | flood_cfree(p)[i];
		assert_true(all == b->valid[i]);
		assert_int_equal(flood_cown(p, 1)[i] & flood_cown(p, 2)[i], 0);
		assert_int_equal(flood_cown(p, 1)[i] & flood_cfree(p)[i], 0);
	}
	assert_int_equal(p->count[1] + p->count[2] + p->nfree, b->nsquares);
}

/* Gains equal what a move then captures; frontiers stay right through
 * random games on many sizes. */
static void test_gains_and_frontiers(void **state)
{
	static const int dims[][2] = { { 20, 20 }, { 2, 2 }, { 7, 3 }, { 63, 4 }, { 64, 5 },
				       { 65, 9 }, { 100, 100 } };
	struct flood_game *fg = new_game(17);
	struct rng r;
	char err[64];

	(void)state;
	rng_seed(&r, 5);
	for (size_t i = 0; i < sizeof(dims) / sizeof(dims[0]); i++) {
		assert_int_equal(flood_set_dims(fg, dims[i][0], dims[i][1], err, sizeof(err)), 0);
		check_invariants(fg);
		while (!fg->pos.over) {
			int gains[FLOOD_MAX_COLORS + 1], c = 1 + (int)rng_below(&r, 6);
			int me = fg->pos.to_move, before = fg->pos.count[me];

			flood_pos_gains(&fg->pos, &fg->board, me, gains);
			play(fg, me, c);
			if (!fg->pos.over)
				assert_int_equal(fg->pos.count[me] - before, gains[c]);
			check_invariants(fg);
		}
	}
	free_game(fg);
}

/* Options as the configuration gives them. */
static void test_options(void **state)
{
	struct flood_game *fg = new_game(18);
	char err[64];

	(void)state;
	assert_int_equal(flood_ops.set_option(&fg->base, "colors", "4", err, sizeof(err)), 0);
	assert_int_equal(fg->board.ncolors, 4);
	assert_int_equal(flood_ops.set_option(&fg->base, "width", "7", err, sizeof(err)), 0);
	assert_int_equal(flood_ops.set_option(&fg->base, "height", "3", err, sizeof(err)), 0);
	assert_int_equal(fg->board.width, 7);
	assert_int_equal(fg->board.height, 3);
	assert_int_equal(fg->board.ncolors, 4);
	assert_int_equal(flood_ops.set_option(&fg->base, "komi", "3", err, sizeof(err)), -1);
	assert_int_equal(flood_ops.set_size(&fg->base, "9", err, sizeof(err)), 0);
	assert_int_equal(fg->board.width, 9);
	assert_int_equal(fg->board.height, 9);
	assert_int_equal(flood_ops.set_size(&fg->base, "nine", err, sizeof(err)), -1);
	assert_string_equal(err, "boardsize not an integer");
	assert_int_equal(flood_ops.set_size(&fg->base, "99999999999999999999", err, sizeof(err)),
			 -1);
	assert_string_equal(err, "unacceptable size");
	free_game(fg);
}

static const char *sb_text(struct strbuf *sb)
{
	static char buf[512];

	snprintf(buf, sizeof(buf), "%s", sb_str(sb));
	sb_reset(sb);
	return buf;
}

/* Random boards and loaded ones, mid-game and finished: setup + history,
 * through a session, rebuild the game. */
static void test_setup_and_history_replay(void **state)
{
	struct flood_game *fg = new_game(21);
	struct game *g = &fg->base;
	struct strbuf sb = STRBUF_INIT;
	char err[128];

	(void)state;
	assert_int_equal(flood_ops.set_option(g, "mode", "computer", err, sizeof(err)), 0);
	assert_int_equal(flood_ops.set_option(g, "human", "white", err, sizeof(err)), 0);
	assert_int_equal(flood_set_colors(fg, 4, err, sizeof(err)), 0);
	assert_int_equal(flood_set_dims(fg, 6, 4, err, sizeof(err)), 0);
	assert_int_equal(flood_ops.to_move(g), COLOR_WHITE);
	assert_replays(g);
	for (int n = 0; !flood_ops.is_over(g); n++) {
		assert_true(n < 40);
		assert_int_equal(flood_play(fg, fg->pos.to_move, flood_greedy(&fg->pos, &fg->board),
					    err, sizeof(err)), 0);
		if (n == 2)
			assert_replays(g);
	}
	assert_replays(g);
	struct game_result r = replay_result(g);
	assert_int_equal(r.reason, GAME_REASON_NO_MOVES);
	assert_true(r.margin == abs(flood_margin(&fg->pos)));
	flood_ops.variant_key(g, &sb);
	assert_string_equal(sb_text(&sb), "flood/6x4/4");
	flood_ops.describe(g, &sb);
	assert_string_equal(sb_text(&sb), "6x4, 4 colors");
	assert_int_equal(flood_ops.max_moves(g), 2 * 24 + 10);

	/* A loaded start with territory, white first, two-player mode that
	 * remembers a white human for later. */
	assert_int_equal(flood_ops.set_option(g, "mode", "two-player", err, sizeof(err)), 0);
	assert_int_equal(flood_set_colors(fg, 3, err, sizeof(err)), 0);
	load(fg, "1133/2131/BB22", COLOR_WHITE);
	assert_int_equal(flood_ops.write_setup(g, COLOR_BLACK, &sb, err, sizeof(err)), 0);
	assert_string_equal(sb_text(&sb), "colors 3\nmode computer white\nmode two-player\n"
					   "loadboard 113W/2131/BB22 white\n");
	assert_int_equal(flood_play(fg, COLOR_WHITE, 1, err, sizeof(err)), 0);
	assert_int_equal(flood_play(fg, COLOR_BLACK, 2, err, sizeof(err)), 0);
	flood_ops.history(g, &sb);
	assert_string_equal(sb_text(&sb), "play w 1\nplay b 2\n");
	assert_replays(g);
	assert_int_equal(flood_ops.result(g, &r, err, sizeof(err)), -1);
	assert_string_equal(err, "game not over");
	sb_free(&sb);
	free_game(fg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_capture_chain),
		cmocka_unit_test(test_corners),
		cmocka_unit_test(test_end_mover_enclosed),
		cmocka_unit_test(test_end_next_enclosed),
		cmocka_unit_test(test_end_full_and_draw),
		cmocka_unit_test(test_end_on_load),
		cmocka_unit_test(test_turns),
		cmocka_unit_test(test_starter_two_player),
		cmocka_unit_test(test_starter_computer),
		cmocka_unit_test(test_copy),
		cmocka_unit_test(test_undo),
		cmocka_unit_test(test_history_cap),
		cmocka_unit_test(test_text_round_trip),
		cmocka_unit_test(test_text_errors),
		cmocka_unit_test(test_rectangular),
		cmocka_unit_test(test_colors),
		cmocka_unit_test(test_reproducible),
		cmocka_unit_test(test_gains_and_frontiers),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_setup_and_history_replay),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
