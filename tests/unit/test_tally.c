/* Unit tests of tally.c, the statistics' counting rules, on real Go games
 * (a 5x5 board, ended by two passes) with each move marked as the
 * client's or the engine's: one side each (counted at the engine's first
 * level), a level change (mixed), both sides by the client (human, the
 * first mover), both by the engine (not counted), one side shared
 * (mixed), undo, a game counted once, moves of unknown origin; and how a
 * game left unfinished would count (tally_left). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "game.h"
#include "tally.h"

struct fixture {
	struct game *g;
	struct tally t;
};

static int setup(void **state)
{
	static struct fixture f;
	char err[128];

	f.g = game_find("go")->create(1);
	assert_int_equal(f.g->ops->set_size(f.g, "5", err, sizeof(err)), 0);
	f.t = (struct tally){ .origin = STRBUF_INIT };
	tally_reset(&f.t, f.g);
	*state = &f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	f->g->ops->destroy(f->g);
	tally_free(&f->t);
	return 0;
}

/* Play move for color as the client or the engine at level; true when the
 * game ended then, with *o. */
static bool move(struct fixture *f, int color, const char *text, bool engine, int level,
		 struct tally_outcome *o)
{
	char err[128];
	int m;
	long before = tally_moves(f->g);

	assert_int_equal(f->g->ops->parse_move(f->g, text, &m, err, sizeof(err)), 0);
	assert_int_equal(f->g->ops->play(f->g, color, m, err, sizeof(err)), 0);
	return tally_update(&f->t, f->g, before, engine, level, o);
}

enum { B = COLOR_BLACK, W = COLOR_WHITE };

static void test_one_side_each(void **state)
{
	struct fixture *f = *state;
	struct tally_outcome o;

	assert_false(move(f, B, "C3", false, 1, &o));
	assert_false(move(f, W, "D4", true, 1, &o));
	assert_false(move(f, B, "pass", false, 0, &o)); /* the client's level changes: no matter */
	assert_true(move(f, W, "pass", true, 1, &o));
	assert_true(o.counted);
	assert_int_equal(o.player, B);
	assert_null(o.kind);
	assert_int_equal(o.level, 1);
}

static void test_level_changed(void **state)
{
	struct fixture *f = *state;
	struct tally_outcome o;

	assert_false(move(f, W, "C3", true, 0, &o));
	assert_false(move(f, B, "D4", false, 0, &o));
	assert_false(move(f, W, "pass", true, 2, &o));
	assert_true(move(f, B, "pass", false, 2, &o));
	assert_true(o.counted);
	assert_int_equal(o.player, B);
	assert_string_equal(o.kind, "mixed");
}

static void test_human(void **state)
{
	struct fixture *f = *state;
	struct tally_outcome o;

	assert_false(move(f, W, "C3", false, 0, &o));
	assert_false(move(f, B, "D4", false, 0, &o));
	assert_false(move(f, W, "pass", false, 0, &o));
	assert_true(move(f, B, "pass", false, 0, &o));
	assert_true(o.counted);
	assert_int_equal(o.player, W); /* the first mover */
	assert_string_equal(o.kind, "human");
}

static void test_engine_only(void **state)
{
	struct fixture *f = *state;
	struct tally_outcome o;

	assert_false(move(f, B, "C3", true, 0, &o));
	assert_false(move(f, W, "pass", true, 0, &o));
	assert_true(move(f, B, "pass", true, 0, &o));
	assert_false(o.counted);
}

static void test_shared_side(void **state)
{
	struct fixture *f = *state;
	struct tally_outcome o;

	assert_false(move(f, B, "C3", false, 0, &o));
	assert_false(move(f, W, "D4", true, 0, &o));
	assert_false(move(f, B, "B2", true, 0, &o)); /* the engine moves for black once */
	assert_false(move(f, W, "pass", true, 0, &o));
	assert_false(move(f, B, "B3", false, 0, &o));
	assert_false(move(f, W, "pass", true, 0, &o));
	assert_true(move(f, B, "pass", false, 0, &o));
	assert_true(o.counted);
	assert_int_equal(o.player, B);
	assert_string_equal(o.kind, "mixed");
}

static void test_undo_and_once(void **state)
{
	struct fixture *f = *state;
	struct tally_outcome o;
	char err[128];

	assert_false(move(f, B, "C3", true, 0, &o)); /* the engine's, taken back: */
	long before = tally_moves(f->g);
	assert_int_equal(f->g->ops->undo(f->g, err, sizeof(err)), 0);
	assert_false(tally_update(&f->t, f->g, before, false, 0, &o));
	assert_int_equal(f->t.origin.len, 0);
	assert_false(move(f, B, "C3", false, 0, &o));
	assert_false(move(f, W, "pass", true, 0, &o));
	assert_true(move(f, B, "pass", false, 0, &o));
	assert_true(o.counted);
	assert_null(o.kind);
	/* Undo past the end and end again: the same game, not counted twice. */
	before = tally_moves(f->g);
	assert_int_equal(f->g->ops->undo(f->g, err, sizeof(err)), 0);
	assert_false(tally_update(&f->t, f->g, before, false, 0, &o));
	assert_false(move(f, B, "pass", false, 0, &o));
}

static void test_unknown_origin(void **state)
{
	struct fixture *f = *state;
	struct tally_outcome o;

	/* Moves before tracking began (a resumed game) are left out. */
	assert_false(move(f, B, "C3", true, 0, &o));
	assert_false(move(f, W, "C4", true, 0, &o));
	tally_reset(&f->t, f->g);
	assert_int_equal(f->t.base, 2);
	assert_false(move(f, B, "D3", false, 0, &o));
	assert_false(move(f, W, "pass", true, 1, &o));
	assert_true(move(f, B, "pass", false, 0, &o));
	assert_true(o.counted);
	assert_int_equal(o.player, B);
	assert_int_equal(o.level, 1);
	/* A finished game is never counted again after a reset. */
	tally_reset(&f->t, f->g);
	assert_true(f->t.done);
}

/* Left unfinished: counted against the player once the player has made
 * min_moves moves in a game against the engine; never for two sides by
 * the client, nor once the game is over. */
static void test_left(void **state)
{
	struct fixture *f = *state;
	struct tally_outcome o;

	assert_false(tally_left(&f->t, f->g, 2, &o)); /* no move yet */
	move(f, B, "A1", false, 0, &o);
	move(f, W, "E5", true, 1, &o);
	assert_false(tally_left(&f->t, f->g, 2, &o)); /* one of the player's */
	move(f, B, "A2", false, 0, &o);
	assert_true(tally_left(&f->t, f->g, 2, &o));
	assert_int_equal(o.player, B);
	assert_null(o.kind);
	assert_int_equal(o.level, 1);
	move(f, W, "E4", false, 0, &o); /* the client moves for white too: mixed */
	assert_false(tally_left(&f->t, f->g, 2, &o));
}

static void test_left_over(void **state)
{
	struct fixture *f = *state;
	struct tally_outcome o;

	move(f, B, "A1", false, 0, &o);
	move(f, W, "pass", true, 0, &o);
	move(f, B, "pass", false, 0, &o);
	assert_false(tally_left(&f->t, f->g, 1, &o)); /* over: counted by its end */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_one_side_each, setup, teardown),
		cmocka_unit_test_setup_teardown(test_left, setup, teardown),
		cmocka_unit_test_setup_teardown(test_left_over, setup, teardown),
		cmocka_unit_test_setup_teardown(test_level_changed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_human, setup, teardown),
		cmocka_unit_test_setup_teardown(test_engine_only, setup, teardown),
		cmocka_unit_test_setup_teardown(test_shared_side, setup, teardown),
		cmocka_unit_test_setup_teardown(test_undo_and_once, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unknown_origin, setup, teardown),
	};

	return cmocka_run_group_tests_name("tally", tests, NULL, NULL);
}
