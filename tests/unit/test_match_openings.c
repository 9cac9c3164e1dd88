/* Unit tests for openings files (src/match/openings.c), checked with Go. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/go/go.h"
#include "match/openings.h"

#define ERRLEN 256

static struct game *go9(void)
{
	char err[ERRLEN];
	struct game *g = go_ops.create(1);

	assert_int_equal(go_ops.set_size(g, "9", err, sizeof(err)), 0);
	return g;
}

static void test_parse_lines_comments_separators(void **state)
{
	struct openings o;

	(void)state;
	char err[ERRLEN];

	assert_int_equal(openings_parse("# header\n\nD5 E4, C3\r\n  e5\t# one move\n,,\nA1", &o,
					err, sizeof(err)), 0);
	assert_int_equal(o.n, 3);
	assert_int_equal(o.v[0].line, 3);
	assert_int_equal(o.v[0].n, 3);
	assert_string_equal(o.v[0].moves[0], "D5");
	assert_string_equal(o.v[0].moves[1], "E4");
	assert_string_equal(o.v[0].moves[2], "C3");
	assert_int_equal(o.v[1].line, 4);
	assert_int_equal(o.v[1].n, 1);
	assert_string_equal(o.v[1].moves[0], "e5");
	assert_int_equal(o.v[2].line, 6);
	openings_free(&o);
	assert_int_equal(o.n, 0);
}

static void test_check_accepts_legal_openings(void **state)
{
	struct openings o;
	struct game *g = go9();
	char err[ERRLEN];

	(void)state;
	assert_int_equal(openings_parse("E5 D4 pass\nC3 G7\n", &o, err, sizeof(err)), 0);
	assert_int_equal(openings_check(&o, g, NULL, NULL, "f", err, sizeof(err)), 0);
	/* The start position is untouched. */
	assert_int_equal(go_cof(g)->nmoves, 0);
	openings_free(&o);
	go_ops.destroy(g);
}

static void check_fails(const char *text, const char *want)
{
	struct openings o;
	struct game *g = go9();
	char err[ERRLEN];

	assert_int_equal(openings_parse(text, &o, err, sizeof(err)), 0);
	assert_int_equal(openings_check(&o, g, NULL, NULL, "book.txt", err, sizeof(err)), -1);
	assert_string_equal(err, want);
	openings_free(&o);
	go_ops.destroy(g);
}

static void test_check_rejects_bad_moves(void **state)
{
	(void)state;
	check_fails("E5\nD4 D4\n", "book.txt:2: illegal move 'D4'");
	check_fails("K10\n", "book.txt:1: invalid coordinate 'K10'");
	check_fails("pass pass E5\n", "book.txt:1: the game is over before 'E5'");
}

static void test_load_errors(void **state)
{
	struct openings o;
	struct game *g = go9();
	char err[ERRLEN], path[] = "/tmp/test_match_openingsXXXXXX";
	int fd = mkstemp(path);

	(void)state;
	assert_int_equal(openings_load("/nonexistent/book", g, NULL, NULL, &o, err, sizeof(err)), -1);
	assert_string_equal(err, "cannot read /nonexistent/book: No such file or directory");
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "# nothing\n\n", 11), 11);
	close(fd);
	assert_int_equal(openings_load(path, g, NULL, NULL, &o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ": no openings"));
	FILE *f = fopen(path, "w");
	fputs("E5 D4\nC3 C3\n", f);
	fclose(f);
	assert_int_equal(openings_load(path, g, NULL, NULL, &o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ":2: illegal move 'C3'"));
	f = fopen(path, "w");
	fputs("E5 D4\nC3 C4\n", f);
	fclose(f);
	assert_int_equal(openings_load(path, g, NULL, NULL, &o, err, sizeof(err)), 0);
	assert_int_equal(o.n, 2);
	openings_free(&o);
	unlink(path);
	go_ops.destroy(g);
}

/* Sections pick the openings of a variant; `seed N` gives a start seed. */
static void test_sections_and_seeds(void **state)
{
	struct openings o;
	char err[ERRLEN];

	(void)state;
	assert_int_equal(openings_parse("D4\n[go/9]\nE5 D4\n[go/19]  # big\nQ16\n[*]\n"
					"seed 42\nseed 7 C3\n", &o, err, sizeof(err)), 0);
	assert_int_equal(o.n, 5);
	assert_null(o.v[0].section);
	assert_string_equal(o.v[1].section, "go/9");
	assert_string_equal(o.v[2].section, "go/19");
	assert_null(o.v[3].section);
	assert_true(o.v[3].has_seed && o.v[3].seed == 42 && o.v[3].n == 0);
	assert_true(o.v[4].has_seed && o.v[4].seed == 7 && o.v[4].n == 1);
	assert_string_equal(o.v[4].moves[0], "C3");
	assert_false(o.v[0].has_seed);
	openings_select(&o, "go/9/chinese/7.5");
	assert_int_equal(o.n, 4);
	assert_string_equal(o.v[1].moves[0], "E5");
	assert_int_equal(o.v[2].line, 7);
	openings_free(&o);
	assert_true(openings_section_fits("go/9", "go/9"));
	assert_true(openings_section_fits("flood", "flood/20x20/6"));
	assert_false(openings_section_fits("flood/20", "flood/20x20/6"));
	assert_false(openings_section_fits("go/9", "go/19/chinese/7.5"));
	assert_true(openings_section_fits(NULL, "ataxx/7/standard/corners2"));
	assert_int_equal(openings_parse("seed x E5\n", &o, err, sizeof(err)), -1);
	assert_string_equal(err, "1: bad seed 'x'");
	assert_int_equal(openings_parse("E5\n[go/9\n", &o, err, sizeof(err)), -1);
	assert_string_equal(err, "2: bad section (want [VARIANT])");
	assert_int_equal(openings_parse("[]\n", &o, err, sizeof(err)), -1);
}

static int made_seed = -1;

static struct game *make_go9(void *arg, uint64_t seed, char *err, size_t errlen)
{
	(void)arg, (void)err, (void)errlen;
	made_seed = (int)seed;
	return go9();
}

/* Loading keeps the configured variant's openings; a seed line is checked
 * on the start made with its seed; nothing for the variant is an error. */
static void test_load_selects_the_variant(void **state)
{
	struct openings o;
	struct game *g = go9();
	char err[ERRLEN], path[] = "/tmp/test_match_openingsXXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");

	(void)state;
	fputs("[go/19]\nQ16 D4\n[go/9]\nseed 3 E5\n", f);
	fclose(f);
	assert_int_equal(openings_load(path, g, make_go9, NULL, &o, err, sizeof(err)), 0);
	assert_int_equal(o.n, 1);
	assert_int_equal(made_seed, 3);
	openings_free(&o);
	assert_int_equal(openings_load(path, g, NULL, NULL, &o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ":4: a seed line cannot be checked here"));
	f = fopen(path, "w");
	fputs("[go/19]\nQ16 D4\n", f);
	fclose(f);
	assert_int_equal(openings_load(path, g, NULL, NULL, &o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ": no openings for go/9/chinese/7.5"));
	unlink(path);
	go_ops.destroy(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_lines_comments_separators),
		cmocka_unit_test(test_check_accepts_legal_openings),
		cmocka_unit_test(test_check_rejects_bad_moves),
		cmocka_unit_test(test_load_errors),
		cmocka_unit_test(test_sections_and_seeds),
		cmocka_unit_test(test_load_selects_the_variant),
	};

	return cmocka_run_group_tests_name("match_openings", tests, NULL, NULL);
}
