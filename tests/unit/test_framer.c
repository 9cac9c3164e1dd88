/* Unit tests of the line framer on a plain evbuffer: the length limit, an
 * over-long line reported once and discarded up to its LF across reads, CR,
 * EOF and empty lines. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <event2/buffer.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "framer.h"

#define MAX_LINE 64 /* the smallest max_line the configuration allows */

struct fixture {
	struct line_framer f; /* the framer under test */
	struct strbuf line;   /* its output */
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	if (!fx)
		return -1;
	fx->f.in = evbuffer_new();
	fx->f.max_line = MAX_LINE;
	*state = fx;
	return fx->f.in ? 0 : -1;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	evbuffer_free(fx->f.in);
	sb_free(&fx->line);
	free(fx);
	return 0;
}

/* Append text (len bytes) as if it had just been read. */
static void arrive(struct fixture *fx, const char *text, size_t len)
{
	assert_int_equal(evbuffer_add(fx->f.in, text, len), 0);
}

static void arrive_str(struct fixture *fx, const char *text)
{
	arrive(fx, text, strlen(text));
}

/* n bytes of one repeated character, then an optional suffix. */
static void arrive_run(struct fixture *fx, char ch, size_t n, const char *suffix)
{
	char *buf = malloc(n);

	assert_non_null(buf);
	memset(buf, ch, n);
	arrive(fx, buf, n);
	free(buf);
	arrive_str(fx, suffix);
}

static void expect_line(struct fixture *fx, const char *text, size_t len, bool eof)
{
	assert_int_equal(framer_next(&fx->f, &fx->line, eof), FRAMER_LINE);
	assert_int_equal(fx->line.len, len);
	assert_memory_equal(sb_str(&fx->line), text, len);
	assert_int_equal(sb_str(&fx->line)[len], '\0');
}

static void expect_none(struct fixture *fx, bool eof)
{
	assert_int_equal(framer_next(&fx->f, &fx->line, eof), FRAMER_NONE);
}

static void test_exactly_max_line(void **state)
{
	struct fixture *fx = *state;
	char want[MAX_LINE];

	memset(want, 'a', sizeof(want));
	arrive_run(fx, 'a', MAX_LINE, "");
	expect_none(fx, false); /* no LF yet, and not over the limit */
	arrive_str(fx, "\n");
	expect_line(fx, want, MAX_LINE, false);
	expect_none(fx, false);
	assert_int_equal(evbuffer_get_length(fx->f.in), 0);
}

static void test_one_over_max_line(void **state)
{
	struct fixture *fx = *state;
	char want[FRAMER_PREFIX];

	memcpy(want, "12 play ", 8);
	memset(want + 8, 'x', sizeof(want) - 8);
	arrive_str(fx, "12 play ");
	arrive_run(fx, 'x', MAX_LINE + 1 - 8, "\nname\n");
	assert_int_equal(framer_next(&fx->f, &fx->line, false), FRAMER_TOO_LONG);
	assert_int_equal(fx->line.len, FRAMER_PREFIX);
	assert_memory_equal(sb_str(&fx->line), want, FRAMER_PREFIX);
	assert_false(fx->f.discarding); /* its LF had arrived: nothing left */
	expect_line(fx, "name", 4, false);
	expect_none(fx, false);
}

/* Without an LF, one byte over the limit is enough to report the line. */
static void test_over_long_without_lf(void **state)
{
	struct fixture *fx = *state;

	arrive_run(fx, 'x', MAX_LINE + 1, "");
	assert_int_equal(framer_next(&fx->f, &fx->line, false), FRAMER_TOO_LONG);
	assert_int_equal(fx->line.len, FRAMER_PREFIX);
	assert_true(fx->f.discarding);
	assert_int_equal(evbuffer_get_length(fx->f.in), 0);
}

static void test_over_long_in_chunks(void **state)
{
	struct fixture *fx = *state;

	arrive_str(fx, "7 ");
	arrive_run(fx, 'y', 40, "");
	expect_none(fx, false);
	arrive_run(fx, 'y', 40, ""); /* now over the limit, no LF yet */
	assert_int_equal(framer_next(&fx->f, &fx->line, false), FRAMER_TOO_LONG);
	assert_int_equal(fx->line.len, FRAMER_PREFIX);
	assert_memory_equal(sb_str(&fx->line), "7 yyyy", 6);
	/* More of the same line, over several reads: dropped as it arrives,
	 * and never reported again. */
	for (int i = 0; i < 5; i++) {
		arrive_run(fx, 'y', 1000, "");
		expect_none(fx, false);
		assert_int_equal(evbuffer_get_length(fx->f.in), 0);
	}
	arrive_str(fx, "end of it\n3 name\n4 vers");
	expect_line(fx, "3 name", 6, false);
	expect_none(fx, false);
	arrive_str(fx, "ion\n");
	expect_line(fx, "4 version", 9, false);
	expect_none(fx, false);
}

/* An over-long line whose LF comes in the read that also brings the next
 * line: the discarding stops at the LF, not at the end of the read. */
static void test_discard_stops_at_lf(void **state)
{
	struct fixture *fx = *state;

	arrive_run(fx, 'z', MAX_LINE + 10, "");
	assert_int_equal(framer_next(&fx->f, &fx->line, false), FRAMER_TOO_LONG);
	arrive_run(fx, 'z', 10, "\nname\n\nversion\n");
	expect_line(fx, "name", 4, false);
	expect_line(fx, "", 0, false);
	expect_line(fx, "version", 7, false);
	expect_none(fx, false);
}

/* Only LF ends a line: a CR stays (GTP preprocessing drops it) and counts
 * towards the limit. */
static void test_crlf(void **state)
{
	struct fixture *fx = *state;
	char want[MAX_LINE];

	arrive_str(fx, "name\r\nversion\r\n");
	expect_line(fx, "name\r", 5, false);
	expect_line(fx, "version\r", 8, false);
	expect_none(fx, false);
	memset(want, 'c', MAX_LINE - 1);
	want[MAX_LINE - 1] = '\r';
	arrive_run(fx, 'c', MAX_LINE - 1, "\r\n");
	expect_line(fx, want, MAX_LINE, false);
	arrive_run(fx, 'c', MAX_LINE, "\r\nname\n");
	assert_int_equal(framer_next(&fx->f, &fx->line, false), FRAMER_TOO_LONG);
	expect_line(fx, "name", 4, false);
	arrive_str(fx, "a\rb\n"); /* a lone CR does not end a line */
	expect_line(fx, "a\rb", 3, false);
	expect_none(fx, false);
}

static void test_eof_without_newline(void **state)
{
	struct fixture *fx = *state;

	arrive_str(fx, "name\nlast");
	expect_line(fx, "name", 4, false);
	expect_none(fx, false); /* "last" may still be coming */
	expect_line(fx, "last", 4, true);
	expect_none(fx, true);
	assert_int_equal(evbuffer_get_length(fx->f.in), 0);
}

/* At EOF an over-long final line is reported, and nothing is left to discard. */
static void test_eof_over_long(void **state)
{
	struct fixture *fx = *state;

	arrive_run(fx, 'e', MAX_LINE + 1, "");
	assert_int_equal(framer_next(&fx->f, &fx->line, true), FRAMER_TOO_LONG);
	assert_false(fx->f.discarding);
	expect_none(fx, true);
}

static void test_empty_line(void **state)
{
	struct fixture *fx = *state;

	arrive_str(fx, "\n\nname\n");
	expect_line(fx, "", 0, false);
	assert_non_null(fx->line.buf); /* allocated and terminated */
	expect_line(fx, "", 0, false);
	expect_line(fx, "name", 4, false);
	expect_none(fx, false);
	expect_none(fx, true); /* nothing buffered: EOF is not an empty line */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_exactly_max_line, setup, teardown),
		cmocka_unit_test_setup_teardown(test_one_over_max_line, setup, teardown),
		cmocka_unit_test_setup_teardown(test_over_long_without_lf, setup, teardown),
		cmocka_unit_test_setup_teardown(test_over_long_in_chunks, setup, teardown),
		cmocka_unit_test_setup_teardown(test_discard_stops_at_lf, setup, teardown),
		cmocka_unit_test_setup_teardown(test_crlf, setup, teardown),
		cmocka_unit_test_setup_teardown(test_eof_without_newline, setup, teardown),
		cmocka_unit_test_setup_teardown(test_eof_over_long, setup, teardown),
		cmocka_unit_test_setup_teardown(test_empty_line, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
