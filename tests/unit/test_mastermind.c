/* Unit tests of the Mastermind rules: the feedback function against
 * hand-checked tables (positional and counts, with and without repeats),
 * code and answer text, the enumeration of consistent codes against brute
 * force, variants and options, and the game: roles, setcode, feedback
 * (inconsistent answers change nothing), undo, game over, final_score;
 * setup + history for each role, replayed through a session; results and
 * variant keys. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "games/mastermind/mastermind.h"
#include "replay_helpers.h"

#define ERRLEN 256

static const struct mm_variant DIGITS = { 4, 9, false, 10, MM_POSITIONAL };
static const struct mm_variant CLASSIC = { 4, 6, true, 10, MM_COUNTS };
static const struct mm_variant BULLS = { 4, 10, false, 10, MM_COUNTS };
static const struct mm_variant POS_REPEATS = { 4, 6, true, 10, MM_POSITIONAL };

static struct mm_code code(const struct mm_variant *v, const char *text)
{
	struct mm_code c;
	char err[ERRLEN] = "";

	if (mm_code_parse(v, text, &c, err, sizeof(err)) < 0)
		fail_msg("bad code %s: %s", text, err);
	return c;
}

/* The answer to guess for secret, as text. */
static char *answer(const struct mm_variant *v, const char *secret, const char *guess)
{
	static char text[32];
	struct mm_code s = code(v, secret), g = code(v, guess);
	struct strbuf out = STRBUF_INIT;

	mm_fb_print(v, mm_feedback(v, &s, &g), &out);
	snprintf(text, sizeof(text), "%s", sb_str(&out));
	sb_free(&out);
	return text;
}

struct case_ {
	const char *secret, *guess, *want;
};

static void check_table(const struct mm_variant *v, const struct case_ *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *got = answer(v, t[i].secret, t[i].guess);
		if (strcmp(got, t[i].want) != 0)
			fail_msg("secret %s guess %s: want '%s', got '%s'", t[i].secret,
				 t[i].guess, t[i].want, got);
	}
}

static void test_feedback_positional(void **state)
{
	static const struct case_ digits[] = {
		{ "1234", "1356", "XO--" }, /* the seed's example */
		{ "1234", "1234", "XXXX" }, { "1234", "4321", "OOOO" },
		{ "1234", "5678", "----" }, { "1234", "1243", "XXOO" },
		{ "1234", "2143", "OOOO" }, { "5678", "1256", "--OO" },
		{ "9876", "6789", "OOOO" }, { "1234", "9231", "-XXO" },
		{ "1234", "5634", "--XX" }, { "3456", "1234", "--OO" },
	};
	/* With repeats, X first; then, left to right, O while the colour is
	 * left among the secret's unmatched pegs. */
	static const struct case_ repeats[] = {
		{ "1122", "2211", "OOOO" }, { "1123", "1111", "XX--" },
		{ "1233", "3313", "O-OX" }, { "1111", "1222", "X---" },
		{ "2221", "1222", "OXXO" }, { "1122", "1212", "XOOX" },
		{ "1234", "1111", "X---" }, { "1111", "1111", "XXXX" },
		{ "6543", "3333", "---X" }, { "1213", "1111", "X-X-" },
		{ "2111", "1122", "OXO-" },
	};

	(void)state;
	check_table(&DIGITS, digits, sizeof(digits) / sizeof(digits[0]));
	check_table(&POS_REPEATS, repeats, sizeof(repeats) / sizeof(repeats[0]));
}

static void test_feedback_counts(void **state)
{
	static const struct case_ classic[] = {
		{ "1122", "2211", "0 4" }, /* the subtle case */
		{ "1122", "1122", "4 0" }, { "1122", "1111", "2 0" },
		{ "1122", "1212", "2 2" }, { "1234", "1111", "1 0" },
		{ "1111", "1234", "1 0" }, { "1123", "3211", "0 4" },
		{ "6543", "3456", "0 4" }, { "1126", "1611", "1 2" },
		{ "1555", "5111", "0 2" }, { "1234", "5656", "0 0" },
		{ "1223", "2332", "0 3" }, { "3632", "2333", "1 2" },
	};
	static const struct case_ bulls[] = {
		{ "0123", "1032", "0 4" }, { "0123", "0123", "4 0" },
		{ "7890", "0789", "0 4" }, { "1234", "1567", "1 0" },
		{ "1234", "5612", "0 2" }, { "9876", "9870", "3 0" },
		{ "1234", "5678", "0 0" }, { "0246", "0135", "1 0" },
	};

	(void)state;
	check_table(&CLASSIC, classic, sizeof(classic) / sizeof(classic[0]));
	check_table(&BULLS, bulls, sizeof(bulls) / sizeof(bulls[0]));
}

/* Counts equal positional's X and O totals, whatever the variant. */
static void test_feedback_styles_agree(void **state)
{
	struct mm_variant pos = POS_REPEATS, cnt = POS_REPEATS;
	struct rng r;

	(void)state;
	cnt.style = MM_COUNTS;
	rng_seed(&r, 5);
	for (int i = 0; i < 20000; i++) {
		struct mm_code s = { { 0 } }, g = { { 0 } };
		for (int k = 0; k < 4; k++) {
			s.d[k] = (uint8_t)rng_below(&r, 6);
			g.d[k] = (uint8_t)rng_below(&r, 6);
		}
		int p = mm_feedback(&pos, &s, &g), c = mm_feedback(&cnt, &s, &g), x = 0, o = 0;
		for (int k = 0; k < 4; k++, p /= 3) {
			x += p % 3 == 2;
			o += p % 3 == 1;
		}
		assert_int_equal(c, x * 5 + o);
		/* The answer is symmetric in counts. */
		assert_int_equal(mm_feedback(&cnt, &g, &s), c);
	}
}

static void expect_code_error(const struct mm_variant *v, const char *text, const char *msg)
{
	struct mm_code c;
	char err[ERRLEN] = "";

	assert_int_equal(mm_code_parse(v, text, &c, err, sizeof(err)), -1);
	assert_string_equal(err, msg);
}

static void test_code_text(void **state)
{
	struct strbuf out = STRBUF_INIT;
	struct mm_code c = code(&BULLS, "0987");

	(void)state;
	expect_code_error(&DIGITS, "123", "invalid code: 4 digits expected");
	expect_code_error(&DIGITS, "12345", "invalid code: 4 digits expected");
	expect_code_error(&DIGITS, "", "invalid code: 4 digits expected");
	expect_code_error(&DIGITS, "1230", "invalid code: colors are 1-9");
	expect_code_error(&DIGITS, "12a4", "invalid code: colors are 1-9");
	expect_code_error(&DIGITS, "1231", "invalid code: repeated color 1");
	expect_code_error(&CLASSIC, "1237", "invalid code: colors are 1-6");
	expect_code_error(&BULLS, "01-2", "invalid code: colors are 0-9");
	expect_code_error(&BULLS, "0990", "invalid code: repeated color 9");
	code(&CLASSIC, "6666");
	assert_int_equal(c.d[0], 0);
	assert_int_equal(c.d[1], 9);
	mm_code_print(&BULLS, &c, &out);
	assert_string_equal(sb_str(&out), "0987");
	assert_int_equal(mm_code_number(&BULLS, &c), 987);
	struct mm_code d;
	mm_code_from_number(&BULLS, 987, &d);
	assert_memory_equal(&c, &d, sizeof(c));
	c = code(&DIGITS, "9876");
	assert_int_equal(mm_code_number(&DIGITS, &c), ((8 * 9 + 7) * 9 + 6) * 9 + 5);
	assert_int_equal(mm_number_limit(&DIGITS), 6561);
	assert_true(mm_code_valid(&DIGITS, &c));
	c.d[1] = 8; /* 9976 */
	assert_false(mm_code_valid(&DIGITS, &c));
	assert_true(mm_code_valid(&CLASSIC, &(struct mm_code){ { 5, 5, 5, 5 } }));
	assert_false(mm_code_valid(&CLASSIC, &(struct mm_code){ { 6, 0, 0, 0 } }));
	sb_free(&out);
}

static int parse_fb(const struct mm_variant *v, const char *a, const char *b, char *err)
{
	char *argv[2] = { (char *)a, (char *)b };
	int fb = -99;

	if (mm_fb_parse(v, b ? 2 : 1, argv, &fb, err, ERRLEN) < 0)
		return -1;
	return fb;
}

static void test_feedback_text(void **state)
{
	char err[ERRLEN];
	struct strbuf out = STRBUF_INIT;

	(void)state;
	assert_int_equal(parse_fb(&DIGITS, "XXXX", NULL, err), mm_fb_win(&DIGITS));
	assert_int_equal(parse_fb(&DIGITS, "xo--", NULL, err), parse_fb(&DIGITS, "XO--", NULL, err));
	mm_fb_print(&DIGITS, parse_fb(&DIGITS, "-x-o", NULL, err), &out);
	assert_string_equal(sb_str(&out), "-X-O");
	assert_int_equal(parse_fb(&DIGITS, "XO-", NULL, err), -1);
	assert_string_equal(err, "invalid feedback: 4 symbols X, O or - expected");
	assert_int_equal(parse_fb(&DIGITS, "XO-?", NULL, err), -1);
	assert_int_equal(parse_fb(&DIGITS, "1", "2", err), -1);
	assert_int_equal(parse_fb(&CLASSIC, "4", "0", err), mm_fb_win(&CLASSIC));
	assert_int_equal(parse_fb(&CLASSIC, "2", "1", err), 2 * 5 + 1);
	assert_int_equal(parse_fb(&CLASSIC, "21", NULL, err), -1);
	assert_string_equal(err, "invalid feedback: two counts 0-4 expected");
	assert_int_equal(parse_fb(&CLASSIC, "5", "0", err), -1);
	assert_int_equal(parse_fb(&CLASSIC, "-1", "0", err), -1);
	assert_int_equal(parse_fb(&CLASSIC, "X", "0", err), -1);
	sb_reset(&out);
	mm_fb_print(&CLASSIC, 2 * 5 + 1, &out);
	assert_string_equal(sb_str(&out), "2 1");
	sb_free(&out);
}

static void test_variants(void **state)
{
	struct mm_variant v = DIGITS;
	struct strbuf out = STRBUF_INIT;
	char err[ERRLEN];

	(void)state;
	assert_string_equal(mm_variant_name(&DIGITS), "digits");
	assert_string_equal(mm_variant_name(&CLASSIC), "classic");
	assert_string_equal(mm_variant_name(&BULLS), "bulls");
	assert_string_equal(mm_variant_name(&POS_REPEATS), "custom");
	mm_variant_print(&BULLS, &out);
	assert_string_equal(sb_str(&out),
			    "bulls pegs 4 colors 10 repeats no tries 10 feedback counts");
	assert_true(mm_space_size(&DIGITS) == 3024);
	assert_true(mm_space_size(&CLASSIC) == 1296);
	assert_true(mm_space_size(&BULLS) == 5040);
	assert_int_equal(mm_variant_set(&v, "pegs", "9", err, sizeof(err)), -1);
	assert_string_equal(err, "invalid variant: bad pegs 9");
	assert_int_equal(mm_variant_set(&v, "size", "4", err, sizeof(err)), -1);
	assert_string_equal(err, "invalid variant: unknown key size");
	assert_int_equal(mm_variant_set(&v, "pegs", "8", err, sizeof(err)), 0);
	assert_int_equal(mm_variant_check(&v, err, sizeof(err)), 0);
	assert_int_equal(mm_variant_set(&v, "colors", "7", err, sizeof(err)), 0);
	assert_int_equal(mm_variant_check(&v, err, sizeof(err)), -1);
	assert_string_equal(err, "invalid variant: 8 pegs need 8 colors without repeats");
	assert_int_equal(mm_variant_set(&v, "repeats", "yes", err, sizeof(err)), 0);
	assert_int_equal(mm_variant_check(&v, err, sizeof(err)), 0);
	assert_true(mm_space_size(&v) == 5764801); /* 7^8 */
	assert_int_equal(mm_variant_set(&v, "feedback", "counts", err, sizeof(err)), 0);
	assert_int_equal(mm_variant_set(&v, "feedback", "pegs", err, sizeof(err)), -1);
	assert_int_equal(mm_variant_set(&v, "tries", "0", err, sizeof(err)), -1);
	assert_int_equal(mm_variant_set(&v, "repeats", "perhaps", err, sizeof(err)), -1);
	assert_int_equal(v.style, MM_COUNTS);
	sb_free(&out);
}

/* ---- enumeration ---- */

static bool consistent(const struct mm_variant *v, const struct mm_code *c,
		       const struct mm_try *t, int n)
{
	for (int i = 0; i < n; i++)
		if (mm_feedback(v, c, &t[i].guess) != t[i].fb)
			return false;
	return true;
}

/* Every code of v, ascending, by counting in base colors. */
static struct mm_code *mm_all_codes_for_test(const struct mm_variant *v, int *n)
{
	struct mm_code *all = malloc((size_t)mm_number_limit(v) * sizeof(*all));

	*n = 0;
	for (int i = 0; i < mm_number_limit(v); i++) {
		mm_code_from_number(v, i, &all[*n]);
		if (mm_code_valid(v, &all[*n]))
			(*n)++;
	}
	return all;
}

/* Random games: the pruned search lists exactly the codes a brute-force
 * filter over every code keeps. */
static void check_enumeration(const struct mm_variant *v, uint64_t seed)
{
	struct rng r;
	int nall;
	struct mm_code *all;

	rng_seed(&r, seed);
	all = mm_all_codes_for_test(v, &nall);
	assert_true((uint64_t)nall == mm_space_size(v));
	for (int game = 0; game < 12; game++) {
		struct mm_try t[6];
		struct mm_code secret = all[rng_below(&r, (uint32_t)nall)];
		for (int n = 0; n < 6; n++) {
			struct mm_code *list = NULL;
			uint64_t count = mm_consistent_list(v, t, n, 1u << 20, &list, NULL, NULL, NULL);
			int k = 0;
			for (int i = 0; i < nall; i++)
				if (consistent(v, &all[i], t, n)) {
					assert_true((uint64_t)k < count);
					assert_memory_equal(&list[k], &all[i], sizeof(all[i]));
					k++;
				}
			assert_true(count == (uint64_t)k);
			assert_true(k >= 1);
			free(list);
			t[n].guess = all[rng_below(&r, (uint32_t)nall)];
			t[n].fb = mm_feedback(v, &secret, &t[n].guess);
		}
	}
	free(all);
}

static void test_enumeration(void **state)
{
	static const struct mm_variant more[] = {
		{ 3, 2, true, 10, MM_COUNTS }, { 3, 3, false, 10, MM_POSITIONAL },
		{ 5, 4, true, 10, MM_POSITIONAL }, { 5, 8, false, 10, MM_COUNTS },
		{ 3, 10, true, 10, MM_COUNTS }, { 6, 3, true, 10, MM_POSITIONAL },
	};

	(void)state;
	check_enumeration(&DIGITS, 1);
	check_enumeration(&CLASSIC, 2);
	check_enumeration(&BULLS, 3);
	check_enumeration(&POS_REPEATS, 4);
	for (size_t i = 0; i < sizeof(more) / sizeof(more[0]); i++)
		check_enumeration(&more[i], 10 + i);
}

static void test_enumeration_limits(void **state)
{
	struct mm_variant big = { 8, 10, true, 10, MM_COUNTS };
	struct mm_code *list = NULL;
	atomic_bool stop;
	bool stopped = false;

	(void)state;
	assert_true(mm_consistent_list(&big, NULL, 0, 100, &list, NULL, &stopped, NULL) == 101);
	assert_false(stopped);
	free(list);
	atomic_init(&stop, true);
	list = NULL;
	struct mm_limits lim = { .stop = &stop };
	uint64_t n = mm_consistent_list(&big, NULL, 0, 1u << 30, &list, &lim, &stopped, NULL);
	assert_true(stopped);
	assert_true(n < 100000);
	free(list);
	/* A node cap: no more nodes than it, the codes found so far listed. */
	uint64_t nodes = 0;
	lim = (struct mm_limits){ .max_nodes = 1000 };
	list = NULL;
	n = mm_consistent_list(&big, NULL, 0, 1u << 30, &list, &lim, &stopped, &nodes);
	assert_true(stopped);
	assert_true(n > 0 && n < 1000);
	assert_int_equal(nodes, 1001); /* the one past the cap ends it */
	assert_true(mm_code_valid(&big, &list[n - 1]));
	free(list);
	/* A deadline already past: ended at the first clock check. */
	lim = (struct mm_limits){ .deadline = 1e-9 };
	list = NULL;
	n = mm_consistent_list(&big, NULL, 0, 1u << 30, &list, &lim, &stopped, &nodes);
	assert_true(stopped);
	assert_int_equal(nodes, 65536);
	free(list);
	/* 01234567 answered "0 0" leaves the codes of 8s and 9s: the first is
	 * 9 nodes deep (the root, a node per peg), found only when the node cap
	 * allows them. */
	struct mm_try none = { code(&big, "01234567"), 0 };
	lim = (struct mm_limits){ .max_nodes = 8 };
	assert_false(mm_any_consistent_until(&big, &none, 1, &lim, &stopped));
	assert_true(stopped);
	lim.max_nodes = 9;
	assert_true(mm_any_consistent_until(&big, &none, 1, &lim, &stopped));
	assert_false(stopped);
	/* An impossible answer (3 right, 1 misplaced) has no code. */
	struct mm_try t = { code(&CLASSIC, "1234"), 3 * 5 + 1 };
	assert_false(mm_any_consistent(&CLASSIC, &t, 1));
	t.fb = 3 * 5;
	assert_true(mm_any_consistent(&CLASSIC, &t, 1));
}

/* ---- the game ---- */

static struct mm_game *new_game(uint64_t seed)
{
	return mm_of(mastermind_ops.create(seed));
}

static void destroy(struct mm_game *mg)
{
	mastermind_ops.destroy(&mg->base);
}

static int try_text(struct mm_game *mg, const char *text, char *err)
{
	struct mm_code c;

	if (mm_code_parse(&mg->v, text, &c, err, ERRLEN) < 0)
		return -1;
	return mm_try_code(mg, &c, err, ERRLEN);
}

static char *text_of(struct mm_game *mg, void (*f)(const struct game *, struct strbuf *))
{
	static char buf[2048];
	struct strbuf out = STRBUF_INIT;

	f(&mg->base, &out);
	snprintf(buf, sizeof(buf), "%s", sb_str(&out));
	sb_free(&out);
	return buf;
}

static char *score_of(struct mm_game *mg)
{
	static char buf[512];
	struct strbuf out = STRBUF_INIT;
	char err[ERRLEN];

	if (mastermind_ops.final_score(&mg->base, &out, err, sizeof(err)) < 0)
		snprintf(buf, sizeof(buf), "? %s", err);
	else
		snprintf(buf, sizeof(buf), "%s", sb_str(&out));
	sb_free(&out);
	return buf;
}

static void test_codemaker(void **state)
{
	struct mm_game *a = new_game(7), *b = new_game(7);
	char err[ERRLEN];

	(void)state;
	assert_memory_equal(&a->secret, &b->secret, sizeof(a->secret)); /* seeded */
	assert_true(mm_code_valid(&a->v, &a->secret));
	assert_true(mm_variant_equal(&a->v, &DIGITS));
	assert_int_equal(mastermind_ops.to_move(&a->base), COLOR_BLACK);
	assert_false(mastermind_ops.is_over(&a->base));
	assert_string_equal(score_of(a), "? game not over");
	/* Malformed codes do not use a try. */
	assert_int_equal(try_text(a, "1231", err), -1);
	assert_int_equal(a->ntries, 0);
	mm_set_secret(a, &(struct mm_code){ { 0, 1, 2, 3 } }, err, sizeof(err)); /* 1234 */
	assert_int_equal(try_text(a, "1356", err), 0);
	assert_int_equal(a->tries[0].fb, parse_fb(&DIGITS, "XO--", NULL, err));
	assert_int_equal(mm_set_secret(a, &a->secret, err, sizeof(err)), -1);
	assert_string_equal(err, "game already started");
	assert_string_equal(text_of(a, mastermind_ops.render),
			    "\nvariant: digits pegs 4 colors 9 repeats no tries 10 feedback "
			    "positional\nsecret: hidden (set by setcode)\n  1. 1356  XO--\n"
			    "tries left: 9");
	assert_int_equal(try_text(a, "1234", err), 0);
	assert_true(mm_is_over(a) && mm_solved(a));
	assert_string_equal(score_of(a), "B+ solved in 2 tries, secret 1234");
	assert_int_equal(try_text(a, "5678", err), -1);
	assert_string_equal(err, "game over");
	/* undo reopens the game */
	assert_int_equal(mastermind_ops.undo(&a->base, err, sizeof(err)), 0);
	assert_false(mm_is_over(a));
	assert_int_equal(mastermind_ops.undo(&a->base, err, sizeof(err)), 0);
	assert_int_equal(mastermind_ops.undo(&a->base, err, sizeof(err)), -1);
	assert_string_equal(err, "cannot undo");
	destroy(a);
	destroy(b);
}

static void test_tries_run_out(void **state)
{
	struct mm_game *mg = new_game(3);
	char err[ERRLEN];

	(void)state;
	assert_int_equal(mastermind_ops.set_option(&mg->base, "variant", "classic", err,
						   sizeof(err)), 0);
	mm_set_secret(mg, &(struct mm_code){ { 0, 0, 1, 1 } }, err, sizeof(err)); /* 1122 */
	for (int i = 0; i < 9; i++)
		assert_int_equal(try_text(mg, "3456", err), 0);
	assert_false(mm_is_over(mg));
	assert_non_null(strstr(text_of(mg, mastermind_ops.render), "\ntries left: 1"));
	assert_int_equal(try_text(mg, "2211", err), 0);
	assert_int_equal(mg->tries[9].fb, 4);
	assert_true(mm_is_over(mg));
	assert_false(mm_solved(mg));
	assert_string_equal(score_of(mg), "W+ not solved in 10 tries, secret 1122");
	assert_int_equal(try_text(mg, "1122", err), -1);
	assert_string_equal(err, "game over");
	destroy(mg);
}

static int genmove(struct mm_game *mg, int color, char *err)
{
	int move;

	return mastermind_ops.genmove(&mg->base, color, NULL, &move, err, ERRLEN) < 0 ? -1 : move;
}

static int feedback(struct mm_game *mg, const char *a, const char *b, char *err)
{
	int fb = parse_fb(&mg->v, a, b, err);

	return fb < 0 ? -1 : mm_give_feedback(mg, fb, err, ERRLEN);
}

/* Whether some code of the variant fits the answered tries plus (g, fb). */
static bool fits(const struct mm_game *mg, const struct mm_code *all, int nall,
		 const struct mm_code *g, int fb)
{
	int n = mm_answered(mg);

	for (int i = 0; i < nall; i++)
		if (consistent(&mg->v, &all[i], mg->tries, n) &&
		    mm_feedback(&mg->v, &all[i], g) == fb)
			return true;
	return false;
}

static void test_codebreaker(void **state)
{
	struct mm_game *mg = new_game(11);
	char err[ERRLEN];
	int nall, refused = 0;
	struct mm_code *all = mm_all_codes_for_test(&DIGITS, &nall);

	(void)state;
	assert_int_equal(feedback(mg, "XO--", NULL, err), -1);
	assert_string_equal(err, "no guess awaits feedback");
	assert_int_equal(genmove(mg, COLOR_WHITE, err), -1);
	assert_string_equal(err, "codebreaker is black");
	assert_int_equal(mg->ntries, 0);
	assert_true(genmove(mg, COLOR_BLACK, err) >= 0);
	assert_true(mg->breaker && mm_pending(mg));
	assert_int_equal(genmove(mg, COLOR_BLACK, err), -1);
	assert_string_equal(err, "awaiting feedback");
	/* The user holds the secret 9876. Every answer no code fits (brute
	 * force) is refused and changes nothing. */
	struct mm_code secret = code(&mg->v, "9876");
	for (int guard = 0; !mm_is_over(mg); guard++) {
		assert_true(guard < 10);
		const struct mm_code *g = &mg->tries[mg->ntries - 1].guess;
		for (int bad = 0; bad < mm_fb_range(&mg->v); bad++) {
			if (fits(mg, all, nall, g, bad))
				continue;
			assert_int_equal(mm_give_feedback(mg, bad, err, sizeof(err)), -1);
			assert_string_equal(err, "inconsistent feedback");
			assert_true(mm_pending(mg));
			refused++;
		}
		assert_int_equal(mm_give_feedback(mg, mm_feedback(&mg->v, &secret, g), err,
						  sizeof(err)), 0);
		if (!mm_is_over(mg))
			assert_true(genmove(mg, COLOR_BLACK, err) >= 0);
	}
	assert_true(refused > 50);
	assert_true(mm_solved(mg));
	assert_string_equal(score_of(mg) + strlen(score_of(mg)) - 11, "secret 9876");
	free(all);
	destroy(mg);
}

static void test_inconsistent_feedback(void **state)
{
	struct mm_game *mg = new_game(1);
	char err[ERRLEN];

	(void)state;
	mg->breaker = true;
	assert_int_equal(mm_try_code(mg, &(struct mm_code){ { 0, 1, 2, 3 } }, err, ERRLEN), 0);
	/* XXXO is impossible with 4 distinct digits */
	assert_int_equal(feedback(mg, "XXXO", NULL, err), -1);
	assert_string_equal(err, "inconsistent feedback");
	assert_true(mm_pending(mg));
	assert_int_equal(feedback(mg, "----", NULL, err), 0);
	assert_int_equal(mm_try_code(mg, &(struct mm_code){ { 4, 5, 6, 7 } }, err, ERRLEN), 0);
	/* 5678 after 1234 ----: only 9 is left for the 4th peg: ---- contradicts */
	assert_int_equal(feedback(mg, "----", NULL, err), -1);
	assert_string_equal(err, "inconsistent feedback");
	assert_int_equal(feedback(mg, "X---", NULL, err), -1); /* 2 digits at most */
	assert_int_equal(feedback(mg, "XXX-", NULL, err), 0);
	assert_int_equal(mm_answered(mg), 2);
	/* classic: 3 right and 1 misplaced cannot happen */
	mastermind_ops.set_option(&mg->base, "variant", "classic", err, sizeof(err));
	mg->breaker = true;
	mm_try_code(mg, &(struct mm_code){ { 0, 0, 1, 1 } }, err, ERRLEN);
	assert_int_equal(feedback(mg, "3", "1", err), -1);
	assert_string_equal(err, "inconsistent feedback");
	assert_int_equal(feedback(mg, "2", "3", err), -1); /* more than 4 pegs */
	assert_int_equal(feedback(mg, "0", "4", err), 0);
	destroy(mg);
}

static void test_undo_pending(void **state)
{
	struct mm_game *mg = new_game(2);
	char err[ERRLEN];

	(void)state;
	assert_true(genmove(mg, COLOR_BLACK, err) >= 0);
	assert_int_equal(mastermind_ops.undo(&mg->base, err, ERRLEN), 0);
	assert_int_equal(mg->ntries, 0);
	assert_true(mg->breaker); /* still breaking the user's code */
	assert_true(genmove(mg, COLOR_BLACK, err) >= 0);
	assert_int_equal(feedback(mg, "X---", NULL, err), 0);
	assert_true(genmove(mg, COLOR_BLACK, err) >= 0);
	assert_int_equal(mastermind_ops.undo(&mg->base, err, ERRLEN), 0);
	assert_false(mm_pending(mg));
	assert_int_equal(mastermind_ops.undo(&mg->base, err, ERRLEN), 0);
	assert_int_equal(mm_answered(mg), 0);
	mastermind_ops.clear(&mg->base);
	assert_false(mg->breaker);
	destroy(mg);
}

static void test_play(void **state)
{
	struct mm_game *mg = new_game(4);
	char err[ERRLEN];
	int move;

	(void)state;
	assert_int_equal(mastermind_ops.parse_move(&mg->base, "1234", &move, err, ERRLEN), 0);
	assert_int_equal(mastermind_ops.play(&mg->base, COLOR_WHITE, move, err, ERRLEN), -1);
	assert_string_equal(err, "codebreaker is black");
	assert_int_equal(mastermind_ops.play(&mg->base, COLOR_BLACK, -1, err, ERRLEN), -1);
	assert_int_equal(mastermind_ops.play(&mg->base, COLOR_BLACK, 6561, err, ERRLEN), -1);
	assert_int_equal(mastermind_ops.play(&mg->base, COLOR_BLACK, 0, err, ERRLEN), -1); /* 1111 */
	assert_int_equal(mg->ntries, 0);
	assert_int_equal(mastermind_ops.play(&mg->base, COLOR_BLACK, move, err, ERRLEN), 0);
	assert_true(mg->tries[0].fb >= 0); /* scored against the engine's secret */
	struct strbuf out = STRBUF_INIT;
	mastermind_ops.print_move(&mg->base, move, &out);
	assert_string_equal(sb_str(&out), "1234");
	sb_free(&out);
	/* A copy is independent. */
	struct game *copy = mastermind_ops.copy(&mg->base);
	mm_try_code(mm_of(copy), &(struct mm_code){ { 4, 5, 6, 7 } }, err, ERRLEN);
	assert_int_equal(mm_of(copy)->ntries, 2);
	assert_int_equal(mg->ntries, 1);
	mastermind_ops.destroy(copy);
	/* After setcode, genmove breaks the known code and is scored at once. */
	mastermind_ops.clear(&mg->base);
	mm_set_secret(mg, &(struct mm_code){ { 8, 7, 6, 5 } }, err, ERRLEN);
	assert_true(genmove(mg, COLOR_BLACK, err) >= 0);
	assert_false(mm_pending(mg));
	assert_false(mg->breaker);
	destroy(mg);
}

static void test_options(void **state)
{
	struct mm_game *mg = new_game(5);
	char err[ERRLEN];
	int (*set)(struct game *, const char *, const char *, char *, size_t) =
		mastermind_ops.set_option;

	(void)state;
	assert_null(mastermind_ops.set_size);
	assert_null(mastermind_ops.rules);
	assert_string_equal(mastermind_ops.get_rules(&mg->base), "digits");
	assert_int_equal(set(&mg->base, "variant", "bulls", err, ERRLEN), 0);
	assert_true(mm_variant_equal(&mg->v, &BULLS));
	assert_int_equal(set(&mg->base, "pegs", "5", err, ERRLEN), 0); /* custom only */
	assert_true(mm_variant_equal(&mg->v, &BULLS));
	assert_int_equal(set(&mg->base, "feedback", "counts", err, ERRLEN), 0);
	assert_int_equal(set(&mg->base, "variant", "custom", err, ERRLEN), 0);
	assert_int_equal(mg->v.pegs, 5);
	assert_int_equal(mg->v.colors, 10);
	assert_true(mg->v.repeats);
	assert_int_equal(mg->v.style, MM_COUNTS);
	assert_int_equal(set(&mg->base, "tries", "12", err, ERRLEN), 0); /* applies now */
	assert_int_equal(mg->v.tries, 12);
	assert_int_equal(set(&mg->base, "repeats", "false", err, ERRLEN), 0);
	assert_int_equal(set(&mg->base, "colors", "4", err, ERRLEN), -1);
	assert_string_equal(err, "invalid variant: 5 pegs need 5 colors without repeats");
	assert_int_equal(mg->v.colors, 10);
	assert_int_equal(set(&mg->base, "variant", "mine", err, ERRLEN), -1);
	assert_string_equal(err, "unknown variant");
	assert_int_equal(set(&mg->base, "colour", "4", err, ERRLEN), -1);
	assert_string_equal(mastermind_ops.get_rules(&mg->base), "custom");
	assert_int_equal(mastermind_ops.set_rules(&mg->base, "classic", err, ERRLEN), 0);
	assert_string_equal(mastermind_ops.get_rules(&mg->base), "classic");
	assert_int_equal(mastermind_ops.set_rules(&mg->base, "custom", err, ERRLEN), -1);
	/* every option key is accepted by set_option */
	for (const struct game_option *o = mastermind_ops.options; o->key; o++)
		assert_int_equal(set(&mg->base, o->key,
				     o->type == GAME_OPT_ENUM ? o->choices[0]
				     : o->type == GAME_OPT_BOOL ? "true" : "4", err, ERRLEN), 0);
	destroy(mg);
}

/* A new game as a session makes it: the configured settings in order. */
static struct mm_game *configured_game(const char *yaml, char *err)
{
	struct config *cfg = cfg_load_text(yaml, strlen(yaml), "t.yaml", err, ERRLEN);
	struct mm_game *mg = NULL;

	if (!cfg)
		return NULL;
	const struct cfg_game *gc = cfg_game(cfg, "mastermind");
	mg = new_game(1);
	for (int i = 0; i < gc->nsettings; i++)
		assert_int_equal(mastermind_ops.set_option(&mg->base, gc->settings[i].key,
							   gc->settings[i].value, err, ERRLEN), 0);
	cfg_unref(cfg);
	return mg;
}

static void test_config(void **state)
{
	char err[ERRLEN];
	struct mm_game *mg;

	(void)state;
	/* the shipped defaults: digits, and the custom variant's keys */
	mg = configured_game("games:\n  mastermind: {}\n", err);
	assert_non_null(mg);
	assert_true(mm_variant_equal(&mg->v, &DIGITS));
	assert_true(mm_variant_equal(&mg->custom, &(struct mm_variant){ 4, 10, true, 10,
									MM_POSITIONAL }));
	destroy(mg);
	/* a custom variant, keys in either order */
	mg = configured_game("games:\n  mastermind:\n    variant: custom\n    pegs: 5\n"
			     "    colors: 8\n    repeats: false\n    feedback: counts\n"
			     "    tries: 12\n", err);
	assert_non_null(mg);
	assert_true(mm_variant_equal(&mg->v, &(struct mm_variant){ 5, 8, false, 12, MM_COUNTS }));
	assert_string_equal(mm_variant_name(&mg->v), "custom");
	destroy(mg);
	mg = configured_game("games:\n  mastermind:\n    tries: 8\n    variant: classic\n", err);
	assert_non_null(mg);
	assert_string_equal(mm_variant_name(&mg->v), "classic"); /* tries is the custom's */
	destroy(mg);
	/* errors name the place */
	assert_null(configured_game("games:\n  mastermind:\n    pegs: 9\n", err));
	assert_string_equal(err, "t.yaml:3:11: games.mastermind.pegs: expected an integer "
				 "from 3 to 8, got \"9\"");
	assert_null(configured_game("games:\n  mastermind:\n    variant: chess\n", err));
	assert_non_null(strstr(err, "games.mastermind.variant: expected one of digits, classic, "
				    "bulls, custom"));
	assert_null(configured_game("games:\n  mastermind:\n    variant: custom\n"
				    "    repeats: false\n    colors: 3\n", err));
	/* settings apply in the shipped file's order: pegs, colors, repeats */
	assert_string_equal(err, "t.yaml:4:14: games.mastermind.repeats: invalid variant: 4 "
				 "pegs need 4 colors without repeats");
	assert_null(configured_game("games:\n  mastermind:\n    default_rules: digits\n", err));
	assert_non_null(strstr(err, "mastermind has no rule variants"));
	assert_null(configured_game("games:\n  mastermind:\n    levels:\n"
				    "      x: {algorithm: alphabeta}\n", err));
	assert_non_null(strstr(err, "alphabeta"));
}

static const char *setup_text(struct mm_game *mg, int side)
{
	static char buf[512];
	struct strbuf out = STRBUF_INIT;
	char err[ERRLEN] = "";

	if (mastermind_ops.write_setup(&mg->base, side, &out, err, sizeof(err)) < 0)
		snprintf(buf, sizeof(buf), "? %s", err);
	else
		snprintf(buf, sizeof(buf), "%s", sb_str(&out));
	sb_free(&out);
	return buf;
}

/* A person's secret (setcode) in classic: each role's setup; the game
 * rebuilt mid-way and solved; result, final_score and key. */
static void test_replay_setcode(void **state)
{
	struct mm_game *mg = new_game(11);
	char err[ERRLEN];

	(void)state;
	assert_int_equal(mastermind_ops.set_rules(&mg->base, "classic", err, sizeof(err)), 0);
	struct mm_code secret = code(&mg->v, "1234");
	assert_int_equal(mm_set_secret(mg, &secret, err, sizeof(err)), 0);
	const char *variant = "variant classic pegs 4 colors 6 repeats yes tries 10 "
			      "feedback counts\n";
	assert_string_equal(setup_text(mg, COLOR_BLACK), variant);
	char want[256];
	snprintf(want, sizeof(want), "%ssetcode 1234\n", variant);
	assert_string_equal(setup_text(mg, COLOR_WHITE), want);
	assert_string_equal(setup_text(mg, COLOR_NONE), want);
	assert_replays(&mg->base);
	replay_play(&mg->base, COLOR_BLACK, "1122");
	replay_play(&mg->base, COLOR_BLACK, "3456");
	assert_string_equal(text_of(mg, mastermind_ops.history), "play b 1122\nplay b 3456\n");
	assert_replays(&mg->base);
	struct strbuf out = STRBUF_INIT;
	mastermind_ops.answer(&mg->base, &out);
	assert_string_equal(sb_str(&out), "feedback 0 2");
	sb_free(&out);
	replay_play(&mg->base, COLOR_BLACK, "1234");
	assert_replays(&mg->base);
	struct game_result r = replay_result(&mg->base);
	assert_int_equal(r.winner, COLOR_BLACK);
	assert_false(r.has_margin);
	assert_int_equal(r.reason, GAME_REASON_SOLVED);
	assert_string_equal(r.detail, "secret 1234");
	assert_string_equal(score_of(mg), "B+ solved in 3 tries, secret 1234");
	assert_string_equal(text_of(mg, mastermind_ops.variant_key),
			    "mastermind/classic/4x6/repeats/10/counts");
	assert_int_equal(mastermind_ops.max_moves(&mg->base), 10);
	destroy(mg);
}

/* The engine's own secret is passed on, a new game's too, as setcode CODE
 * engine: the reader gets the very secret, still the engine's (a save
 * gives back the same game). The tries replay the same; a finished game
 * shows the same board. */
static void test_replay_engine_secret(void **state)
{
	struct mm_game *mg = new_game(12);
	struct strbuf code_text = STRBUF_INIT;
	char err[ERRLEN];

	(void)state;
	assert_int_equal(mastermind_ops.set_option(&mg->base, "pegs", "5", err, sizeof(err)), 0);
	assert_int_equal(mastermind_ops.set_option(&mg->base, "colors", "8", err, sizeof(err)), 0);
	assert_int_equal(mastermind_ops.set_option(&mg->base, "variant", "custom", err,
						   sizeof(err)), 0);
	assert_string_equal(text_of(mg, mastermind_ops.variant_key),
			    "mastermind/custom/5x8/repeats/10/positional");
	mm_code_print(&mg->v, &mg->secret, &code_text);
	char want[128];
	snprintf(want, sizeof(want),
		 "variant custom pegs 5 colors 8 repeats yes tries 10 feedback positional\n"
		 "setcode %s engine\n", sb_str(&code_text));
	assert_string_equal(setup_text(mg, COLOR_NONE), want);
	assert_replays(&mg->base);
	struct session *fresh = replay_session(&mg->base, 5);
	assert_false(mm_cof(fresh->game)->secret_set); /* still the engine's */
	assert_memory_equal(&mm_cof(fresh->game)->secret, &mg->secret, sizeof(mg->secret));
	session_free(fresh);
	replay_play(&mg->base, COLOR_BLACK, "11111");
	assert_non_null(strstr(setup_text(mg, COLOR_NONE), "\nsetcode "));
	struct session *s = replay_session(&mg->base, 5);
	const struct mm_game *back = mm_cof(s->game);
	assert_true(mm_variant_equal(&back->v, &mg->v));
	assert_memory_equal(&back->secret, &mg->secret, sizeof(mg->secret));
	assert_int_equal(back->ntries, 1);
	assert_int_equal(back->tries[0].fb, mg->tries[0].fb);
	session_free(s);
	replay_play(&mg->base, COLOR_BLACK, sb_str(&code_text));
	assert_replays(&mg->base);
	assert_int_equal(replay_result(&mg->base).reason, GAME_REASON_SOLVED);
	sb_free(&code_text);
	destroy(mg);
}

/* The engine breaks a person's code: the setup takes the codebreaker
 * role (genmove, undo), the history gives each answer as feedback. */
static void test_replay_breaker(void **state)
{
	struct mm_game *mg = new_game(13);
	char err[ERRLEN];
	int move;

	(void)state;
	assert_true(genmove(mg, COLOR_BLACK, err) >= 0);
	assert_true(mg->breaker && mm_pending(mg));
	assert_string_equal(setup_text(mg, COLOR_WHITE), "? secret unknown");
	assert_string_equal(setup_text(mg, COLOR_NONE),
			    "variant digits pegs 4 colors 9 repeats no tries 10 feedback "
			    "positional\ngenmove b\nundo\n");
	assert_replays(&mg->base); /* a guess awaiting its answer */
	struct mm_code secret = code(&mg->v, "9876");
	assert_int_equal(mm_give_feedback(mg, mm_feedback(&mg->v, &secret, &mg->tries[0].guess),
					  err, sizeof(err)), 0);
	assert_replays(&mg->base);
	assert_non_null(strstr(text_of(mg, mastermind_ops.history), "\nfeedback "));
	/* Tries run out: the secret stays unknown. */
	for (int i = 1; i < 10; i++) {
		assert_int_equal(mastermind_ops.parse_move(&mg->base, "1234", &move, err,
							   sizeof(err)), 0);
		struct mm_game *probe = mm_of(mastermind_ops.copy(&mg->base));
		assert_int_equal(mastermind_ops.play(&probe->base, COLOR_BLACK, move, err,
						     sizeof(err)), 0);
		int fb = mm_feedback(&mg->v, &secret, &probe->tries[probe->ntries - 1].guess);
		destroy(probe);
		if (mastermind_ops.play(&mg->base, COLOR_BLACK, move, err, sizeof(err)) < 0 ||
		    mm_give_feedback(mg, fb, err, sizeof(err)) < 0)
			fail_msg("try %d: %s", i, err);
	}
	assert_true(mm_is_over(mg));
	assert_replays(&mg->base);
	struct game_result r = replay_result(&mg->base);
	assert_int_equal(r.winner, COLOR_WHITE);
	assert_int_equal(r.reason, GAME_REASON_UNSOLVED);
	assert_string_equal(r.detail, "secret unknown");
	assert_string_equal(score_of(mg), "W+ not solved in 10 tries, secret unknown");
	destroy(mg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_feedback_positional),
		cmocka_unit_test(test_feedback_counts),
		cmocka_unit_test(test_feedback_styles_agree),
		cmocka_unit_test(test_code_text),
		cmocka_unit_test(test_feedback_text),
		cmocka_unit_test(test_variants),
		cmocka_unit_test(test_enumeration),
		cmocka_unit_test(test_enumeration_limits),
		cmocka_unit_test(test_codemaker),
		cmocka_unit_test(test_tries_run_out),
		cmocka_unit_test(test_codebreaker),
		cmocka_unit_test(test_inconsistent_feedback),
		cmocka_unit_test(test_undo_pending),
		cmocka_unit_test(test_play),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_config),
		cmocka_unit_test(test_replay_setcode),
		cmocka_unit_test(test_replay_engine_secret),
		cmocka_unit_test(test_replay_breaker),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
