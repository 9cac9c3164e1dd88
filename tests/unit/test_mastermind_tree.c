/* Unit tests of the decision-tree files' reader and writer
 * (mastermind_tree.c): a small tree read into the book's tables and
 * written back byte for byte, and files the reader refuses, each with the
 * line at fault. (The independent checker, tools/mastermind_check, has
 * its own tests: tests/integration/mastermind_trees.sh.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/mastermind/mastermind_tree.h"

#define HEADER                                                                           \
	"# quintet Mastermind decision tree: src/games/mastermind/mastermind_tree.h\n"   \
	"variant custom pegs 3 colors 2 repeats yes tries 10 feedback counts\n"            \
	"goal average\n"                                                                   \
	"secrets 8 total 20 worst 4\n"                                                     \
	"method by hand\n"

/* Read text; the reader's result, with its error in err. */
static int read_text(const char *text, struct mm_tree_file *t, char *err, size_t errlen)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");

	assert_non_null(f);
	int rc = mm_tree_read(f, t, err, errlen);
	fclose(f);
	return rc;
}

static void test_round_trip(void **state)
{
	static const char text[] = HEADER "nodes 4\n. 112\n00 222\n10 121\n10/02 211\n";
	struct mm_tree_file t;
	char err[256], *out = NULL;
	size_t len = 0;

	(void)state;
	assert_int_equal(read_text(text, &t, err, sizeof(err)), 0);
	assert_string_equal(t.name, "custom");
	assert_int_equal(t.v.pegs, 3);
	assert_int_equal(t.v.colors, 2);
	assert_int_equal(t.goal, MM_GOAL_AVERAGE);
	assert_int_equal(t.total, 20);
	assert_int_equal(t.worst, 4);
	assert_int_equal(t.nnodes, 4);
	assert_int_equal(t.nedges, 3);
	assert_int_equal(t.guess[0], 1); /* 112: colours 0 0 1 in base 2 */
	assert_int_equal(t.count[0], 2);
	assert_int_equal(t.edge_fb[t.first[0]], 0);             /* 00 */
	assert_int_equal(t.edge_child[t.first[0]], 1);
	assert_int_equal(t.edge_fb[t.first[0] + 1], 4);         /* 10: 1 * (3 + 1) */
	assert_int_equal(t.edge_child[t.first[0] + 1], 2);
	assert_int_equal(t.count[2], 1);
	assert_int_equal(t.edge_fb[t.first[2]], 2);             /* 02 */
	assert_int_equal(t.edge_child[t.first[2]], 3);
	FILE *f = open_memstream(&out, &len);
	assert_int_equal(mm_tree_write(f, &t), 0);
	fclose(f);
	assert_string_equal(out, text);
	free(out);
	mm_tree_file_free(&t);
}

static void test_refused(void **state)
{
	static const struct {
		const char *text, *err;
	} bad[] = {
		{ HEADER "nodes 4\n. 112\n10/02 211\n10 121\n00 222\n", "8: a node before its parent" },
		{ HEADER "nodes 3\n. 112\n00 222\n00 221\n", "9: a second node with the same path" },
		{ HEADER "nodes 2\n. 112\n00 222\n10 121\n", "9: more node lines" },
		{ HEADER "nodes 2\n. 112\n00 223\n", "8: invalid code" },
		{ HEADER "nodes 2\n. 112\n05 222\n", "8: an invalid answer" },
		{ HEADER "nodes 2\n. 112\n30 222\n", "8: an invalid answer" }, /* the win */
		{ HEADER "nodes 2\n00 222\n. 112\n", "7: the first node must be the root" },
		{ HEADER "nodes 3\n. 112\n00 222\n", "the file ends early" },
		{ "variant custom pegs 9\n", "1: invalid variant" },
		{ HEADER "nodes 0\n", "6: nodes N expected" },
	};
	char err[256];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct mm_tree_file t;
		err[0] = '\0';
		assert_int_equal(read_text(bad[i].text, &t, err, sizeof(err)), -1);
		if (!strstr(err, bad[i].err))
			fail_msg("case %zu: \"%s\" does not hold \"%s\"", i, err, bad[i].err);
		mm_tree_file_free(&t);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
