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
	assert_int_equal(openings_parse("# header\n\nD5 E4, C3\r\n  e5\t# one move\n,,\nA1", &o), 0);
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
	openings_parse("E5 D4 pass\nC3 G7\n", &o);
	assert_int_equal(openings_check(&o, g, "f", err, sizeof(err)), 0);
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

	openings_parse(text, &o);
	assert_int_equal(openings_check(&o, g, "book.txt", err, sizeof(err)), -1);
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
	assert_int_equal(openings_load("/nonexistent/book", g, &o, err, sizeof(err)), -1);
	assert_string_equal(err, "cannot read /nonexistent/book: No such file or directory");
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "# nothing\n\n", 11), 11);
	close(fd);
	assert_int_equal(openings_load(path, g, &o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ": no openings"));
	FILE *f = fopen(path, "w");
	fputs("E5 D4\nC3 C3\n", f);
	fclose(f);
	assert_int_equal(openings_load(path, g, &o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, ":2: illegal move 'C3'"));
	f = fopen(path, "w");
	fputs("E5 D4\nC3 C4\n", f);
	fclose(f);
	assert_int_equal(openings_load(path, g, &o, err, sizeof(err)), 0);
	assert_int_equal(o.n, 2);
	openings_free(&o);
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
	};

	return cmocka_run_group_tests_name("match_openings", tests, NULL, NULL);
}
