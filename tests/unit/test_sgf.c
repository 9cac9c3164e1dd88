/* Unit tests for the SGF reader and writer (src/sgf.c), for
 * Go records and, at the end, for Gomoku's (GM[4]). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "config.h"
#include "game.h"
#include "sgf.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TEST_ERRLEN 128 /* room for any message sgf_parse writes */

/* A copy of s in a buffer of exactly len bytes, with no NUL after it, so
 * ASan catches any read past len. */
static char *exact_copy(const char *s, size_t len)
{
	char *buf = xmalloc(len);

	memcpy(buf, s, len);
	return buf;
}

/* Parse s (without its NUL) and return sgf_parse's result. */
static int parse_str(const char *s, struct sgf_record *rec, char *err)
{
	size_t len = strlen(s);
	char *buf = exact_copy(s, len);
	int rc;

	err[0] = '\0';
	rc = sgf_parse(buf, len, SGF_GAME_GO, rec, err, TEST_ERRLEN);
	free(buf);
	return rc;
}

/* Parse s and require success. */
static void parse_ok(const char *s, struct sgf_record *rec)
{
	char err[TEST_ERRLEN];
	int rc = parse_str(s, rec, err);

	if (rc != 0)
		fail_msg("parse of \"%s\" failed: %s", s, err);
}

/* Parse s and require failure with exactly msg. */
static void parse_fails(const char *s, const char *msg)
{
	struct sgf_record rec;
	char err[TEST_ERRLEN];

	assert_int_equal(parse_str(s, &rec, err), -1);
	assert_string_equal(err, msg);
	assert_null(rec.items);
	assert_null(rec.result);
	assert_int_equal(rec.nitems, 0);
	sgf_record_free(&rec);
}

static void assert_item(const struct sgf_record *rec, size_t i,
			enum sgf_item_kind kind, int color, int col, int row)
{
	assert_true(i < rec->nitems);
	assert_int_equal(rec->items[i].kind, kind);
	assert_int_equal(rec->items[i].color, color);
	assert_int_equal(rec->items[i].col, col);
	assert_int_equal(rec->items[i].row, row);
}

static void assert_same_record(const struct sgf_record *a,
			       const struct sgf_record *b)
{
	assert_int_equal(a->size, b->size);
	assert_true(a->komi == b->komi);
	assert_int_equal(a->has_komi, b->has_komi);
	assert_int_equal(a->handicap, b->handicap);
	if (a->result || b->result) {
		assert_non_null(a->result);
		assert_non_null(b->result);
		assert_string_equal(a->result, b->result);
	}
	assert_int_equal(a->nitems, b->nitems);
	for (size_t i = 0; i < a->nitems; i++)
		assert_item(b, i, a->items[i].kind, a->items[i].color,
			    a->items[i].col, a->items[i].row);
}

static const char sample_game[] =
	"(;FF[4]GM[1]SZ[9]KM[6.5]HA[2]RE[W+1.5]PB[Black \\] Player]\n"
	"AB[cc][gg]AW[ee]\n"
	";W[ge];B[cg]C[a comment (with parens) and \\\\ and \\]]\n"
	"(;W[];B[tt];W[aa]\n"
	"  (;B[ii])\n"
	"  (;B[hh]))\n"
	"(;W[ab];B[ba]))\n";

static void test_parse_simple_game(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;FF[4]GM[1]SZ[9]KM[6.5];B[ee];W[cc])", &rec);
	assert_int_equal(rec.size, 9);
	assert_true(rec.has_komi);
	assert_true(rec.komi == 6.5);
	assert_int_equal(rec.handicap, 0);
	assert_null(rec.result);
	assert_int_equal(rec.nitems, 2);
	assert_item(&rec, 0, SGF_PLAY, 1, 4, 4);
	assert_item(&rec, 1, SGF_PLAY, 2, 2, 6);
	sgf_record_free(&rec);
}

static void test_defaults(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;)", &rec);
	assert_int_equal(rec.size, 19);
	assert_false(rec.has_komi);
	assert_true(rec.komi == 0);
	assert_int_equal(rec.handicap, 0);
	assert_null(rec.result);
	assert_int_equal(rec.nitems, 0);
	sgf_record_free(&rec);
}

static void test_coordinate_orientation(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;B[aa];W[as];B[sa];W[ss];B[pd])", &rec);
	assert_int_equal(rec.nitems, 5);
	assert_item(&rec, 0, SGF_PLAY, 1, 0, 18);
	assert_item(&rec, 1, SGF_PLAY, 2, 0, 0);
	assert_item(&rec, 2, SGF_PLAY, 1, 18, 18);
	assert_item(&rec, 3, SGF_PLAY, 2, 18, 0);
	assert_item(&rec, 4, SGF_PLAY, 1, 15, 15);
	sgf_record_free(&rec);
}

static void test_pass_forms(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;SZ[19];B[];W[tt])", &rec);
	assert_int_equal(rec.nitems, 2);
	assert_item(&rec, 0, SGF_PLAY, 1, -1, -1);
	assert_item(&rec, 1, SGF_PLAY, 2, -1, -1);
	sgf_record_free(&rec);

	parse_ok("(;SZ[9];B[tt])", &rec);
	assert_item(&rec, 0, SGF_PLAY, 1, -1, -1);
	sgf_record_free(&rec);
}

static void test_tt_is_a_point_above_19(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;SZ[21];B[tt];W[])", &rec);
	assert_int_equal(rec.nitems, 2);
	assert_item(&rec, 0, SGF_PLAY, 1, 19, 1);
	assert_item(&rec, 1, SGF_PLAY, 2, -1, -1);
	sgf_record_free(&rec);
}

static void test_size_after_setup_in_root(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;AB[aa]SZ[5];B[ee])", &rec);
	assert_int_equal(rec.size, 5);
	assert_item(&rec, 0, SGF_SETUP, 1, 0, 4);
	assert_item(&rec, 1, SGF_PLAY, 1, 4, 0);
	sgf_record_free(&rec);
}

static void test_setup_lists(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;SZ[9]AB[aa][bb]AW[cc]AE[dd];B[ee];AE[ee]AB[ff])", &rec);
	assert_int_equal(rec.nitems, 7);
	assert_item(&rec, 0, SGF_SETUP, 1, 0, 8);
	assert_item(&rec, 1, SGF_SETUP, 1, 1, 7);
	assert_item(&rec, 2, SGF_SETUP, 2, 2, 6);
	assert_item(&rec, 3, SGF_SETUP, 0, 3, 5);
	assert_item(&rec, 4, SGF_PLAY, 1, 4, 4);
	assert_item(&rec, 5, SGF_SETUP, 0, 4, 4);
	assert_item(&rec, 6, SGF_SETUP, 1, 5, 3);
	sgf_record_free(&rec);
}

static void test_setup_empty_value_ignored(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;AB[]AW[aa])", &rec);
	assert_int_equal(rec.nitems, 1);
	assert_item(&rec, 0, SGF_SETUP, 2, 0, 18);
	sgf_record_free(&rec);
}

static void test_setup_rectangle(void **state)
{
	struct sgf_record rec;
	size_t n = 0;

	(void)state;
	parse_ok("(;SZ[9]AB[aa:cb]AW[ii])", &rec);
	assert_int_equal(rec.nitems, 7);
	for (int r = 8; r >= 7; r--)
		for (int c = 0; c <= 2; c++)
			assert_item(&rec, n++, SGF_SETUP, 1, c, r);
	assert_item(&rec, 6, SGF_SETUP, 2, 8, 0);
	sgf_record_free(&rec);
}

static void test_setup_rectangle_reversed(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;SZ[9]AE[bb:aa])", &rec);
	assert_int_equal(rec.nitems, 4);
	assert_item(&rec, 0, SGF_SETUP, 0, 0, 8);
	assert_item(&rec, 3, SGF_SETUP, 0, 1, 7);
	sgf_record_free(&rec);
}

static void test_escapes_in_result(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;RE[W+\\]x\\\\y\\z])", &rec);
	assert_string_equal(rec.result, "W+]x\\yz");
	sgf_record_free(&rec);
}

static void test_soft_line_breaks(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;RE[B+\\\nR\\\r\nes\\\n\rign])", &rec);
	assert_string_equal(rec.result, "B+Resign");
	sgf_record_free(&rec);
}

static void test_result_whitespace_becomes_space(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;RE[W+\tTime\nout])", &rec);
	assert_string_equal(rec.result, "W+ Time out");
	sgf_record_free(&rec);
}

static void test_escapes_in_skipped_values(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;C[a \\] b ;B[aa\\] ( ) \\\\];B[bb]"
		 "(;C[\\]]W[cc])(;W[dd]C[)]))", &rec);
	assert_int_equal(rec.nitems, 2);
	assert_item(&rec, 0, SGF_PLAY, 1, 1, 17);
	assert_item(&rec, 1, SGF_PLAY, 2, 2, 16);
	sgf_record_free(&rec);
}

static void test_whitespace_between_tokens(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("\xef\xbb\xbf  ( \n ;\tSZ [9] KM\r\n[7]\n\n ; B\n[aa] \n"
		 "AB [bb]\n [cc] ) \n", &rec);
	assert_int_equal(rec.size, 9);
	assert_true(rec.komi == 7);
	assert_int_equal(rec.nitems, 3);
	assert_item(&rec, 0, SGF_PLAY, 1, 0, 8);
	assert_item(&rec, 2, SGF_SETUP, 1, 2, 6);
	sgf_record_free(&rec);
}

static void test_variations_main_line(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;SZ[9](;B[aa](;W[bb];B[cc])(;W[dd]))(;B[ee];W[ff]))", &rec);
	assert_int_equal(rec.nitems, 3);
	assert_item(&rec, 0, SGF_PLAY, 1, 0, 8);
	assert_item(&rec, 1, SGF_PLAY, 2, 1, 7);
	assert_item(&rec, 2, SGF_PLAY, 1, 2, 6);
	sgf_record_free(&rec);
}

static void test_sample_game(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok(sample_game, &rec);
	assert_int_equal(rec.size, 9);
	assert_true(rec.komi == 6.5);
	assert_int_equal(rec.handicap, 2);
	assert_string_equal(rec.result, "W+1.5");
	assert_int_equal(rec.nitems, 9);
	assert_item(&rec, 0, SGF_SETUP, 1, 2, 6);
	assert_item(&rec, 1, SGF_SETUP, 1, 6, 2);
	assert_item(&rec, 2, SGF_SETUP, 2, 4, 4);
	assert_item(&rec, 3, SGF_PLAY, 2, 6, 4);
	assert_item(&rec, 4, SGF_PLAY, 1, 2, 2);
	assert_item(&rec, 5, SGF_PLAY, 2, -1, -1);
	assert_item(&rec, 6, SGF_PLAY, 1, -1, -1);
	assert_item(&rec, 7, SGF_PLAY, 2, 0, 8);
	assert_item(&rec, 8, SGF_PLAY, 1, 8, 0);
	sgf_record_free(&rec);
}

static void test_only_first_game_tree(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;B[aa])\n(;GM[3]B[bb])garbage", &rec);
	assert_int_equal(rec.nitems, 1);
	assert_item(&rec, 0, SGF_PLAY, 1, 0, 18);
	sgf_record_free(&rec);
}

static void test_unknown_and_lowercase_properties(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;FF[3]GaMe[7]SiZe[3]AddBlack[aa]XY[1][2][3]AP[x:1]"
		 "CA[UTF-8]PB[b]PW[w];B[bb]C[hi]LB[bb:x];W[cc]TR[aa][bb])",
		 &rec);
	assert_int_equal(rec.size, 19);
	assert_int_equal(rec.nitems, 2);
	assert_item(&rec, 0, SGF_PLAY, 1, 1, 17);
	assert_item(&rec, 1, SGF_PLAY, 2, 2, 16);
	sgf_record_free(&rec);
}

static void test_komi_forms(void **state)
{
	static const struct {
		const char *text;
		double komi;
	} cases[] = {
		{ "(;KM[0.5])", 0.5 },   { "(;KM[7])", 7 },
		{ "(;KM[-3.5])", -3.5 }, { "(;KM[+6.5])", 6.5 },
		{ "(;KM[375])", 375 },   { "(;KM[0])", 0 },
	};
	struct sgf_record rec;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		parse_ok(cases[i].text, &rec);
		assert_true(rec.has_komi);
		assert_true(rec.komi == cases[i].komi);
		sgf_record_free(&rec);
	}
	parse_ok("(;KM[])", &rec);
	assert_false(rec.has_komi);
	sgf_record_free(&rec);
}

static void test_handicap_and_result(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;HA[4]RE[B+R])", &rec);
	assert_int_equal(rec.handicap, 4);
	assert_string_equal(rec.result, "B+R");
	sgf_record_free(&rec);

	parse_ok("(;HA[]RE[])", &rec);
	assert_int_equal(rec.handicap, 0);
	assert_string_equal(rec.result, "");
	sgf_record_free(&rec);
}

static void test_size_forms(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;SZ[19:19])", &rec);
	assert_int_equal(rec.size, 19);
	sgf_record_free(&rec);
	parse_ok("(;SZ[1])", &rec);
	assert_int_equal(rec.size, 1);
	sgf_record_free(&rec);
	parse_ok("(;SZ[25];B[yy])", &rec);
	assert_item(&rec, 0, SGF_PLAY, 1, 24, 0);
	sgf_record_free(&rec);
}

static void test_error_not_sgf(void **state)
{
	struct sgf_record rec;
	char err[TEST_ERRLEN];

	(void)state;
	parse_fails("", "not an SGF file");
	parse_fails("hello world", "not an SGF file");
	parse_fails("(B[aa])", "not an SGF file");
	parse_fails("(", "not an SGF file");
	parse_fails(";B[aa]", "not an SGF file");
	assert_int_equal(sgf_parse(NULL, 0, SGF_GAME_GO, &rec, err, sizeof(err)), -1);
	assert_string_equal(err, "not an SGF file");
}

static void test_error_not_go(void **state)
{
	(void)state;
	parse_fails("(;GM[2]SZ[8])", "not a Go game");
	parse_fails("(;FF[4]GM[])", "not a Go game");
	parse_fails("(;GM[x])", "not a Go game");
}

static void test_error_board_size(void **state)
{
	(void)state;
	parse_fails("(;SZ[19:9])", "unsupported board size");
	parse_fails("(;SZ[26])", "unsupported board size");
	parse_fails("(;SZ[0])", "unsupported board size");
	parse_fails("(;SZ[-9])", "unsupported board size");
	parse_fails("(;SZ[nine])", "unsupported board size");
	parse_fails("(;SZ[])", "unsupported board size");
	parse_fails("(;SZ[99999999999999999999999])", "unsupported board size");
}

static void test_error_bad_coordinate(void **state)
{
	(void)state;
	parse_fails("(;SZ[9];B[jj])", "bad coordinate");
	parse_fails("(;SZ[9];B[aj])", "bad coordinate");
	parse_fails("(;B[abc])", "bad coordinate");
	parse_fails("(;B[a])", "bad coordinate");
	parse_fails("(;B[AA])", "bad coordinate");
	parse_fails("(;B[a1])", "bad coordinate");
	parse_fails("(;AB[tt])", "bad coordinate");
	parse_fails("(;SZ[9]AB[aa:jj])", "bad coordinate");
	parse_fails("(;AB[aa-cc])", "bad coordinate");
	parse_fails("(;B[aa:bb])", "bad coordinate");
	parse_fails("(;B[zz])", "bad coordinate");
}

static void test_error_bad_numbers(void **state)
{
	(void)state;
	parse_fails("(;KM[6,5])", "bad komi");
	parse_fails("(;KM[inf])", "bad komi");
	parse_fails("(;KM[nan])", "bad komi");
	parse_fails("(;KM[1e3])", "bad komi");
	parse_fails("(;KM[.])", "bad komi");
	parse_fails("(;HA[-1])", "bad handicap");
	parse_fails("(;HA[two])", "bad handicap");
}

static void test_error_syntax(void **state)
{
	(void)state;
	parse_fails("(;B[aa]", "syntax error");
	parse_fails("(;B[aa", "syntax error");
	parse_fails("(;C[x\\", "syntax error");
	parse_fails("(;B[aa];W[bb](;B[cc])", "syntax error");
	parse_fails("(;B[aa](;W[bb])(;W[cc]", "syntax error");
	parse_fails("(;B[aa](W[bb]))", "syntax error");
	parse_fails("(;B[aa]W)", "syntax error");
	parse_fails("(;B[aa][bb])", "syntax error");
	parse_fails("(;SZ[9][9])", "syntax error");
	parse_fails("(;B[aa]%)", "syntax error");
}

static void test_deep_nesting_does_not_recurse(void **state)
{
	size_t depth = 90000; /* items stay under the limit */
	struct strbuf sb = STRBUF_INIT;
	struct sgf_record rec;
	char err[TEST_ERRLEN];

	(void)state;
	sb_puts(&sb, "(;B[aa]");
	for (size_t i = 0; i < depth; i++)
		sb_puts(&sb, "(;W[bb]");
	assert_int_equal(sgf_parse(sb.buf, sb.len, SGF_GAME_GO, &rec, err, sizeof(err)), -1);
	assert_string_equal(err, "syntax error");
	for (size_t i = 0; i <= depth; i++)
		sb_puts(&sb, ")");
	assert_int_equal(sgf_parse(sb.buf, sb.len, SGF_GAME_GO, &rec, err, sizeof(err)), 0);
	assert_int_equal(rec.nitems, depth + 1);
	sgf_record_free(&rec);
	sb_free(&sb);
}

/* A record of n passes: "(;B[];W[];...)". */
static char *many_passes(size_t n, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;

	sb_puts(&sb, "(;SZ[9]");
	for (size_t i = 0; i < n; i++)
		sb_puts(&sb, i % 2 ? ";W[]" : ";B[]");
	sb_puts(&sb, ")");
	*len = sb.len;
	return sb.buf;
}

static void test_item_limit(void **state)
{
	struct sgf_record rec;
	char err[TEST_ERRLEN];
	size_t len;
	char *text;

	(void)state;
	text = many_passes(100000, &len);
	assert_int_equal(sgf_parse(text, len, SGF_GAME_GO, &rec, err, sizeof(err)), 0);
	assert_int_equal(rec.nitems, 100000);
	sgf_record_free(&rec);
	free(text);

	text = many_passes(100001, &len);
	assert_int_equal(sgf_parse(text, len, SGF_GAME_GO, &rec, err, sizeof(err)), -1);
	assert_string_equal(err, "too many moves");
	assert_null(rec.items);
	free(text);
}

static void test_item_limit_rectangles(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	struct sgf_record rec;
	char err[TEST_ERRLEN];

	(void)state;
	sb_puts(&sb, "(;SZ[25]");
	for (int i = 0; i < 200; i++)
		sb_puts(&sb, ";AB[aa:yy]");
	sb_puts(&sb, ")");
	assert_int_equal(sgf_parse(sb.buf, sb.len, SGF_GAME_GO, &rec, err, sizeof(err)), -1);
	assert_string_equal(err, "too many moves");
	sb_free(&sb);
}

static void test_every_prefix(void **state)
{
	size_t len = strlen(sample_game);

	(void)state;
	for (size_t n = 0; n <= len; n++) {
		char *buf = exact_copy(sample_game, n);
		struct sgf_record rec;
		char err[TEST_ERRLEN] = "";
		int rc = sgf_parse(buf, n, SGF_GAME_GO, &rec, err, sizeof(err));

		free(buf);
		if (rc == 0) {
			/* only the whole tree (plus trailing white space) */
			assert_true(n >= len - 1);
			assert_int_equal(rec.nitems, 9);
		} else {
			assert_int_equal(rc, -1);
			assert_true(err[0] != '\0');
			assert_null(rec.items);
			assert_null(rec.result);
		}
		sgf_record_free(&rec);
	}
}

static void test_small_error_buffer(void **state)
{
	struct sgf_record rec;
	char err[5] = "xxxx";

	(void)state;
	assert_int_equal(sgf_parse("junk", 4, SGF_GAME_GO, &rec, err, 4), -1);
	assert_string_equal(err, "not");
	assert_int_equal(sgf_parse("junk", 4, SGF_GAME_GO, &rec, NULL, 0), -1);
	assert_int_equal(sgf_parse("junk", 4, SGF_GAME_GO, &rec, err, 0), -1);
	assert_string_equal(err, "not");
}

static void test_free_is_idempotent(void **state)
{
	struct sgf_record rec;

	(void)state;
	parse_ok("(;RE[0];B[aa])", &rec);
	sgf_record_free(&rec);
	assert_null(rec.items);
	assert_null(rec.result);
	sgf_record_free(&rec);
	sgf_record_free(NULL);
}

static void test_write_format(void **state)
{
	struct sgf_item items[] = {
		{ SGF_SETUP, 1, 2, 6 }, { SGF_SETUP, 2, 4, 4 },
		{ SGF_SETUP, 1, 6, 2 }, { SGF_PLAY, 2, 0, 0 },
		{ SGF_PLAY, 1, -1, -1 }, { SGF_SETUP, 0, 0, 0 },
		{ SGF_SETUP, 2, 8, 8 },
	};
	struct sgf_record rec = {
		.size = 9, .komi = 0.5, .handicap = 2,
		.result = "W+]\\", .nitems = 7, .items = items,
	};
	char *text = sgf_write(&rec);

	(void)state;
	assert_string_equal(text,
			    "(;FF[4]GM[1]CA[UTF-8]AP[quintet:" PACKAGE_VERSION
			    "]SZ[9]KM[0.5]HA[2]RE[W+\\]\\\\]AB[cc][gg]AW[ee]\n"
			    ";W[ai];B[];AE[ai];AW[ia])\n");
	free(text);
}

static void test_write_komi_forms(void **state)
{
	static const struct {
		double komi;
		const char *km;
	} cases[] = {
		{ 6.5, "KM[6.5]" }, { 7, "KM[7]" }, { 0.5, "KM[0.5]" },
		{ 0, "KM[0]" },     { -2.75, "KM[-2.75]" }, { 0.1, "KM[0.1]" },
		{ 1e20, "KM[100000000000000000000]" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sgf_record rec = { .size = 19, .komi = cases[i].komi };
		char *text = sgf_write(&rec);

		if (!strstr(text, cases[i].km))
			fail_msg("%s not in %s", cases[i].km, text);
		free(text);
	}
}

static void test_write_minimal(void **state)
{
	struct sgf_record rec = { .size = 19 };
	char *text = sgf_write(&rec);

	(void)state;
	assert_string_equal(text, "(;FF[4]GM[1]CA[UTF-8]AP[quintet:"
			    PACKAGE_VERSION "]SZ[19]KM[0])\n");
	free(text);
}

static void test_write_skips_unwritable_items(void **state)
{
	struct sgf_item items[] = {
		{ SGF_SETUP, 1, -1, -1 }, { SGF_SETUP, 3, 0, 0 },
		{ SGF_PLAY, 1, 9, 0 },    { SGF_PLAY, 3, 0, 0 },
		{ SGF_PLAY, 2, -1, 0 },   { SGF_SETUP, 1, 0, 9 },
		{ SGF_PLAY, 2, 8, 0 },
	};
	struct sgf_record rec = { .size = 9, .nitems = 7, .items = items };
	char *text = sgf_write(&rec);

	(void)state;
	assert_non_null(strstr(text, "KM[0]\n;W[ii])\n"));
	free(text);
}

static void test_write_line_wrapping(void **state)
{
	struct sgf_item items[25];
	struct sgf_record rec = { .size = 19, .nitems = 25, .items = items };
	size_t lines = 0;
	char *text;

	(void)state;
	for (int i = 0; i < 25; i++)
		items[i] = (struct sgf_item){ SGF_PLAY, 1 + i % 2, i % 19, i / 19 };
	text = sgf_write(&rec);
	for (char *p = text; *p; p++)
		lines += *p == '\n';
	assert_int_equal(lines, 4);
	free(text);
}

/* parse -> write -> parse must give the same record. */
static void round_trip(const char *sgf)
{
	struct sgf_record a, b;
	char err[TEST_ERRLEN];
	char *text;

	parse_ok(sgf, &a);
	text = sgf_write(&a);
	if (sgf_parse(text, strlen(text), SGF_GAME_GO, &b, err, sizeof(err)))
		fail_msg("reparse failed (%s): %s", err, text);
	assert_same_record(&a, &b);
	free(text);
	sgf_record_free(&a);
	sgf_record_free(&b);
}

static void test_round_trip(void **state)
{
	(void)state;
	round_trip(sample_game);
	round_trip("(;KM[0];B[];W[tt];B[aa];W[ss])");
	round_trip("(;SZ[25]KM[0.25];B[tt];W[yy];B[ay])");
	round_trip("(;KM[0.00000000160000000016];B[aa])");
	round_trip("(;SZ[1]KM[-7.5]RE[Void \\\\ \\] ok]AB[aa])");
	round_trip("(;SZ[13]KM[7]AB[aa:cc]AW[mm];B[dd];AE[aa]AW[bb];W[]"
		   ";AB[ee])");
}

static void test_round_trip_built_record(void **state)
{
	struct sgf_item items[] = {
		{ SGF_SETUP, 1, 3, 3 }, { SGF_SETUP, 1, 15, 15 },
		{ SGF_SETUP, 2, 9, 9 }, { SGF_PLAY, 2, 16, 3 },
		{ SGF_PLAY, 1, -1, -1 }, { SGF_SETUP, 0, 3, 3 },
		{ SGF_PLAY, 2, 0, 18 }, { SGF_PLAY, 1, 18, 0 },
	};
	struct sgf_record rec = {
		.size = 19, .komi = 6.5, .has_komi = true, .handicap = 2,
		.result = "B+12.5", .nitems = 8, .items = items,
	};
	struct sgf_record back;
	char err[TEST_ERRLEN];
	char *text = sgf_write(&rec);

	(void)state;
	assert_int_equal(sgf_parse(text, strlen(text), SGF_GAME_GO, &back, err,
				   sizeof(err)), 0);
	assert_same_record(&rec, &back);
	sgf_record_free(&back);
	free(text);
}

/* ---- Gomoku records (GM[4]) ---- */

static int parse_gomoku(const char *s, struct sgf_record *rec, char *err)
{
	size_t len = strlen(s);
	char *buf = exact_copy(s, len);
	int rc;

	err[0] = '\0';
	rc = sgf_parse(buf, len, SGF_GAME_GOMOKU, rec, err, TEST_ERRLEN);
	free(buf);
	return rc;
}

static void test_gomoku_parse(void **state)
{
	struct sgf_record rec;
	char err[TEST_ERRLEN];

	(void)state;
	/* defaults: 15x15, no rules */
	assert_int_equal(parse_gomoku("(;GM[4];B[hh])", &rec, err), 0);
	assert_int_equal(rec.game, SGF_GAME_GOMOKU);
	assert_int_equal(rec.size, 15);
	assert_null(rec.rules);
	assert_item(&rec, 0, SGF_PLAY, 1, 7, 7);
	sgf_record_free(&rec);
	assert_int_equal(rec.game, SGF_GAME_GOMOKU);
	assert_int_equal(rec.size, 15);
	/* RU kept as text; "tt" is a point (no pass in Gomoku), off a 19x19 board */
	assert_int_equal(parse_gomoku("(;GM[4]SZ[20]RU[renju\n];B[tt];W[])", &rec, err), 0);
	assert_string_equal(rec.rules, "renju ");
	assert_item(&rec, 0, SGF_PLAY, 1, 19, 0);
	assert_item(&rec, 1, SGF_PLAY, 2, -1, -1);
	sgf_record_free(&rec);
	assert_int_equal(parse_gomoku("(;GM[4]SZ[19];B[tt])", &rec, err), -1);
	assert_string_equal(err, "bad coordinate");
	/* the wrong game, either way */
	assert_int_equal(parse_gomoku("(;GM[1];B[aa])", &rec, err), -1);
	assert_string_equal(err, "not a Gomoku game");
	assert_int_equal(parse_str("(;GM[4];B[aa])", &rec, err), -1);
	assert_string_equal(err, "not a Go game");
	/* no GM at all is accepted by both */
	assert_int_equal(parse_gomoku("(;SZ[9];B[aa])", &rec, err), 0);
	assert_int_equal(rec.size, 9);
	sgf_record_free(&rec);
}

static void test_gomoku_write(void **state)
{
	struct sgf_item items[] = { { SGF_PLAY, 1, 7, 7 }, { SGF_PLAY, 2, 0, 0 } };
	struct sgf_record rec = { .game = SGF_GAME_GOMOKU, .size = 15, .nitems = 2, .items = items,
				  .rules = "renju", .result = "W+" };
	struct sgf_record back;
	char err[TEST_ERRLEN];
	char *text = sgf_write(&rec);

	(void)state;
	assert_string_equal(text, "(;FF[4]GM[4]CA[UTF-8]AP[quintet:" PACKAGE_VERSION
				  "]SZ[15]RE[W+]RU[renju]\n;B[hh];W[ao])\n");
	assert_int_equal(sgf_parse(text, strlen(text), SGF_GAME_GOMOKU, &back, err, sizeof(err)), 0);
	assert_string_equal(back.rules, "renju");
	assert_int_equal(back.nitems, 2);
	assert_item(&back, 1, SGF_PLAY, 2, 0, 0);
	sgf_record_free(&back);
	free(text);
	text = sgf_write_info(&rec, &(struct game_record_info){ .black = "a]b", .title = "game 1", .comment = "" });
	assert_string_equal(text, "(;PB[a\\]b]PW[]GN[game 1]FF[4]GM[4]CA[UTF-8]AP[quintet:"
				  PACKAGE_VERSION "]SZ[15]RE[W+]RU[renju]\n;B[hh];W[ao])\n");
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_simple_game),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_coordinate_orientation),
		cmocka_unit_test(test_pass_forms),
		cmocka_unit_test(test_tt_is_a_point_above_19),
		cmocka_unit_test(test_size_after_setup_in_root),
		cmocka_unit_test(test_setup_lists),
		cmocka_unit_test(test_setup_empty_value_ignored),
		cmocka_unit_test(test_setup_rectangle),
		cmocka_unit_test(test_setup_rectangle_reversed),
		cmocka_unit_test(test_escapes_in_result),
		cmocka_unit_test(test_soft_line_breaks),
		cmocka_unit_test(test_result_whitespace_becomes_space),
		cmocka_unit_test(test_escapes_in_skipped_values),
		cmocka_unit_test(test_whitespace_between_tokens),
		cmocka_unit_test(test_variations_main_line),
		cmocka_unit_test(test_sample_game),
		cmocka_unit_test(test_only_first_game_tree),
		cmocka_unit_test(test_unknown_and_lowercase_properties),
		cmocka_unit_test(test_komi_forms),
		cmocka_unit_test(test_handicap_and_result),
		cmocka_unit_test(test_size_forms),
		cmocka_unit_test(test_error_not_sgf),
		cmocka_unit_test(test_error_not_go),
		cmocka_unit_test(test_error_board_size),
		cmocka_unit_test(test_error_bad_coordinate),
		cmocka_unit_test(test_error_bad_numbers),
		cmocka_unit_test(test_error_syntax),
		cmocka_unit_test(test_deep_nesting_does_not_recurse),
		cmocka_unit_test(test_item_limit),
		cmocka_unit_test(test_item_limit_rectangles),
		cmocka_unit_test(test_every_prefix),
		cmocka_unit_test(test_small_error_buffer),
		cmocka_unit_test(test_free_is_idempotent),
		cmocka_unit_test(test_write_format),
		cmocka_unit_test(test_write_komi_forms),
		cmocka_unit_test(test_write_minimal),
		cmocka_unit_test(test_write_skips_unwritable_items),
		cmocka_unit_test(test_write_line_wrapping),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_round_trip_built_record),
		cmocka_unit_test(test_gomoku_parse),
		cmocka_unit_test(test_gomoku_write),
	};

	alarm(60); /* a hang fails instead of stalling the run */
	return cmocka_run_group_tests(tests, NULL, NULL);
}
