/* Unit tests of GTP framing: preprocessing, request parsing, reply
 * framing, number and colour parsing, and whole lines through a session. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtp.h"
#include "session.h"
#include "util/xalloc.h"

static void test_preprocess(void **state)
{
	char line[] = "1\tplay\r b\x01 d4 # comment";

	(void)state;
	size_t n = gtp_preprocess(line, sizeof(line) - 1);
	assert_string_equal(line, "1 play b d4 ");
	assert_int_equal(n, strlen(line));
	char nul[] = { 'n', 'a', '\0', 'm', 'e' };
	char buf[8];
	memcpy(buf, nul, sizeof(nul));
	gtp_preprocess(buf, sizeof(nul));
	assert_string_equal(buf, "name");
	char blank[] = " \t\r  # only a comment";
	gtp_preprocess(blank, strlen(blank));
	assert_true(gtp_is_blank(blank));
}

static void test_parse(void **state)
{
	struct gtp_request req;
	char a[] = "  42   play  b   d4  ";
	char b[] = "name";
	char c[] = "12";
	char d[] = "-3 name";

	(void)state;
	assert_int_equal(gtp_parse(a, &req), 0);
	assert_true(req.has_id);
	assert_int_equal(req.id, 42);
	assert_string_equal(req.name, "play");
	assert_int_equal(req.argc, 2);
	assert_string_equal(req.argv[1], "d4");
	assert_int_equal(gtp_parse(b, &req), 0);
	assert_false(req.has_id);
	assert_int_equal(req.argc, 0);
	assert_int_equal(gtp_parse(c, &req), 0);
	assert_true(req.has_id);
	assert_string_equal(req.name, "");
	assert_int_equal(gtp_parse(d, &req), 0);
	assert_false(req.has_id);
	assert_string_equal(req.name, "-3");
}

static void test_format(void **state)
{
	struct strbuf wire = STRBUF_INIT;
	struct gtp_request req = { .has_id = true, .id = 7 };

	(void)state;
	gtp_format_reply(&wire, &req, GTP_OK, "");
	assert_string_equal(sb_str(&wire), "=7 \n\n");
	sb_reset(&wire);
	req.has_id = false;
	gtp_format_reply(&wire, &req, GTP_FAIL, "illegal move\n");
	assert_string_equal(sb_str(&wire), "? illegal move\n\n");
	sb_reset(&wire);
	gtp_format_reply(&wire, &req, GTP_OK, "a\n\nb");
	assert_string_equal(sb_str(&wire), "= a\n \nb\n\n");
	sb_reset(&wire);
	gtp_format_reply(&wire, &req, GTP_OK, "\n\na\nb\n\n\nc\n\n");
	assert_string_equal(sb_str(&wire), "= \n \na\nb\n \n \nc\n\n");
	sb_free(&wire);
}

/* A buffer that grew for one large reply gives its memory back; a small
 * one keeps its allocation for the next reply. */
static void test_trim(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	char big[5000];

	(void)state;
	sb_puts(&sb, "= 2\n\n");
	const char *small = sb.buf;
	sb_trim(&sb, 4096);
	assert_ptr_equal(sb.buf, small);
	assert_int_equal(sb.len, 0);
	assert_string_equal(sb_str(&sb), "");
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	sb_puts(&sb, big);
	assert_true(sb.cap > 4096);
	sb_trim(&sb, 4096);
	assert_null(sb.buf);
	assert_int_equal(sb.cap, 0);
	sb_puts(&sb, "again");
	assert_string_equal(sb_str(&sb), "again");
	sb_free(&sb);
}

static void test_too_long(void **state)
{
	struct strbuf wire = STRBUF_INIT;

	(void)state;
	gtp_reply_too_long(&wire, "12 boardsize 5        ", 22);
	assert_string_equal(sb_str(&wire), "?12 line too long\n\n");
	sb_reset(&wire);
	gtp_reply_too_long(&wire, "  7\tname", 9);
	assert_string_equal(sb_str(&wire), "?7 line too long\n\n");
	sb_reset(&wire);
	gtp_reply_too_long(&wire, "1234567890", 10); /* the id may go on */
	assert_string_equal(sb_str(&wire), "? line too long\n\n");
	sb_reset(&wire);
	gtp_reply_too_long(&wire, "12abc def", 9);
	assert_string_equal(sb_str(&wire), "? line too long\n\n");
	sb_reset(&wire);
	gtp_reply_too_long(&wire, "xxxxxxxx", 8);
	assert_string_equal(sb_str(&wire), "? line too long\n\n");
	sb_free(&wire);
}

static void test_numbers_and_colors(void **state)
{
	long v;
	double d;

	(void)state;
	assert_int_equal(gtp_parse_int("19", 2, 25, &v), 0);
	assert_int_equal(v, 19);
	assert_int_equal(gtp_parse_int("26", 2, 25, &v), -1);
	assert_int_equal(gtp_parse_int("9x", 2, 25, &v), -1);
	assert_int_equal(gtp_parse_int("", 2, 25, &v), -1);
	assert_int_equal(gtp_parse_int("99999999999999999999999", 0, 5, &v), -1);
	assert_int_equal(gtp_parse_double("6.5", &d), 0);
	assert_true(d == 6.5);
	assert_int_equal(gtp_parse_double("nan", &d), -1);
	assert_int_equal(gtp_parse_double("inf", &d), -1);
	assert_int_equal(gtp_parse_double("1e999", &d), -1);
	assert_int_equal(gtp_parse_color("B"), 1);
	assert_int_equal(gtp_parse_color("White"), 2);
	assert_int_equal(gtp_parse_color("x"), 0);
	assert_int_equal(gtp_parse_color("blacks"), 0);
}

/* gtp_parse_size tells "not an integer" from "an integer, not a size". */
static void test_parse_size(void **state)
{
	long v = 7;

	(void)state;
	assert_int_equal(gtp_parse_size("19", 2, 25, &v), 0);
	assert_int_equal(v, 19);
	assert_int_equal(gtp_parse_size("+2", 2, 25, &v), 0);
	assert_int_equal(v, 2);
	assert_int_equal(gtp_parse_size("-3", -5, 25, &v), 0);
	assert_int_equal(v, -3);
	v = 7;
	assert_int_equal(gtp_parse_size("26", 2, 25, &v), GTP_SIZE_RANGE);
	assert_int_equal(gtp_parse_size("1", 2, 25, &v), GTP_SIZE_RANGE);
	assert_int_equal(gtp_parse_size("-1", 2, 25, &v), GTP_SIZE_RANGE);
	assert_int_equal(gtp_parse_size("99999999999999999999999", LONG_MIN, LONG_MAX, &v),
			 GTP_SIZE_RANGE);
	assert_int_equal(gtp_parse_size("-99999999999999999999999", LONG_MIN, LONG_MAX, &v),
			 GTP_SIZE_RANGE);
	assert_int_equal(v, 7); /* untouched unless 0 */
	const char *syntax[] = { "", "+", "-", "9x", "x9", " 9", "9 ", "0x10", "1.0", "1e3",
				 "--1", "+-1" };
	for (size_t i = 0; i < sizeof(syntax) / sizeof(syntax[0]); i++)
		assert_int_equal(gtp_parse_size(syntax[i], LONG_MIN, LONG_MAX, &v),
				 GTP_SIZE_SYNTAX);
	assert_int_equal(v, 7);
	char max[32], min[32];
	snprintf(max, sizeof(max), "%ld", LONG_MAX);
	snprintf(min, sizeof(min), "%ld", LONG_MIN);
	assert_int_equal(gtp_parse_size(max, LONG_MIN, LONG_MAX, &v), 0);
	assert_true(v == LONG_MAX);
	assert_int_equal(gtp_parse_size(min, LONG_MIN, LONG_MAX, &v), 0);
	assert_true(v == LONG_MIN);
}

/* One line through a session; returns the framed reply. */
static const char *exchange(struct session *s, const char *line, struct strbuf *wire)
{
	char buf[256];

	struct session_job *job = NULL;

	sb_reset(wire);
	strcpy(buf, line);
	if (session_handle_line(s, buf, strlen(buf), 0, wire, &job) == SESSION_JOB) {
		assert_int_equal(wire->len, 0);
		session_job_run(job);
		session_job_finish(s, job, true, wire);
	}
	return sb_str(wire);
}

/* A session makes its game when a command needs one: the commands that
 * describe the engine (GTP_STATELESS) leave an idle session without a
 * board, answering as they would with one; the first other command makes
 * the game the session would have begun with, seeded alike. A large
 * reply's scratch text is given back once framed. */
static void test_session_lazy_game(void **state)
{
	static const char *const stateless[] = {
		"protocol_version", "name", "version", "known_command play", "known_command fly",
		"list_commands", "help", "help play", "list_games", "2 cputime",
	};
	struct session *lazy = session_new(3), *eager = session_new(3);
	struct strbuf wire = STRBUF_INIT;

	(void)state;
	session_game(eager);
	for (size_t i = 0; i < sizeof stateless / sizeof *stateless; i++) {
		char *a = xstrdup(exchange(lazy, stateless[i], &wire));

		if (strcmp(stateless[i], "2 cputime"))
			assert_string_equal(a, exchange(eager, stateless[i], &wire));
		else
			assert_memory_equal(a, "=2 ", 3);
		free(a);
		assert_null(lazy->game);
	}
	assert_string_equal(exchange(lazy, "nonsense", &wire),
			    "? unknown command (help lists the commands)\n\n");
	assert_null(lazy->game);
	assert_string_equal(exchange(lazy, "game", &wire), "= go\n\n");
	assert_non_null(lazy->game);
	assert_int_equal(lazy->level, eager->level);
	char *board = xstrdup(exchange(lazy, "showboard", &wire));
	assert_string_equal(board, exchange(eager, "showboard", &wire));
	free(board);
	exchange(lazy, "help", &wire);
	assert_true(wire.len > 4096); /* a reply large enough to be given back */
	assert_true(lazy->text.cap <= 4096);
	sb_free(&wire);
	session_free(lazy);
	session_free(eager);
}

/* A session that never needed a game ends without one: quit, and no
 * autosave of a game that never was. */
static void test_session_gameless_quit(void **state)
{
	struct session *s = session_new(4);
	struct strbuf wire = STRBUF_INIT;

	(void)state;
	s->owner = "someone";
	s->owner_autosaves = true;
	assert_string_equal(exchange(s, "quit", &wire), "= \n\n");
	assert_true(s->quit);
	assert_null(s->game);
	assert_null(session_autosave_job(s));
	sb_free(&wire);
	session_free(s);
}

static void test_session_lines(void **state)
{
	struct session *s = session_new(1);
	struct strbuf wire = STRBUF_INIT;

	(void)state;
	assert_string_equal(exchange(s, "1 protocol_version", &wire), "=1 2\n\n");
	assert_string_equal(exchange(s, "   ", &wire), "");
	assert_string_equal(exchange(s, "# hello", &wire), "");
	assert_string_equal(exchange(s, "2 Name", &wire),
			    "?2 unknown command (help lists the commands)\n\n");
	assert_string_equal(exchange(s, "boardsize", &wire), "? wrong number of arguments\n\n");
	assert_string_equal(exchange(s, "known_command play", &wire), "= true\n\n");
	assert_string_equal(exchange(s, "known_command fly", &wire), "= false\n\n");
	assert_string_equal(exchange(s, "3 game", &wire), "=3 go\n\n");
	assert_string_equal(exchange(s, "game chess", &wire),
			    "? unknown game (go, flood, ataxx, mastermind, gomoku)\n\n");
	/* genmove is slow: it goes through a job and changes the game (the
	 * random level: the default tree search may resign on 2x2). */
	assert_string_equal(exchange(s, "level easy", &wire), "= \n\n");
	assert_string_equal(exchange(s, "boardsize 2", &wire), "= \n\n");
	const char *move = exchange(s, "4 genmove b", &wire);
	assert_true(strncmp(move, "=4 ", 3) == 0);
	assert_string_not_equal(exchange(s, "list_stones b", &wire), "= \n\n");
	assert_false(s->quit);
	assert_string_equal(exchange(s, "9 quit", &wire), "=9 \n\n");
	assert_true(s->quit);
	sb_free(&wire);
	session_free(s);
}

/* list_commands in every game: the commands GTP v2 requires of every
 * engine, each name once, and each one known_command calls known. The
 * expectation is GTP's, not computed from the command tables. */
static void assert_list_commands_sound(struct session *s, struct strbuf *wire)
{
	static const char *const required[] = { "protocol_version", "name", "version",
						"known_command", "list_commands", "quit" };
	char *reply = strdup(exchange(s, "list_commands", wire)), *save = NULL, line[300];
	const char *names[400];
	int n = 0;

	assert_non_null(reply);
	assert_memory_equal(reply, "= ", 2);
	for (char *name = strtok_r(reply + 2, "\n", &save); name; name = strtok_r(NULL, "\n", &save)) {
		assert_true(n < 400);
		for (int i = 0; i < n; i++)
			assert_string_not_equal(names[i], name);
		names[n++] = name;
		snprintf(line, sizeof line, "known_command %s", name);
		assert_string_equal(exchange(s, line, wire), "= true\n\n");
	}
	for (size_t r = 0; r < sizeof required / sizeof *required; r++) {
		int i = 0;

		while (i < n && strcmp(names[i], required[r]))
			i++;
		assert_true(i < n);
	}
	free(reply);
}

static void test_list_commands_sound(void **state)
{
	static const char *const games[] = { "go", "gomoku", "ataxx", "flood", "mastermind" };
	struct session *s = session_new(1);
	struct strbuf wire = STRBUF_INIT;
	char line[64];

	(void)state;
	for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
		snprintf(line, sizeof line, "game %s", games[i]);
		assert_string_equal(exchange(s, line, &wire), "= \n\n");
		assert_list_commands_sound(s, &wire);
	}
	sb_free(&wire);
	session_free(s);
}

/* Every row of every table has its help: the arguments ("" for none) and
 * a description, one line, so that help can print it. */
static void assert_rows_described(const struct gtp_command *table)
{
	for (const struct gtp_command *c = table; c && c->name; c++) {
		assert_non_null(c->args);
		assert_non_null(c->help);
		assert_true(strlen(c->help) >= 5);
		assert_null(strchr(c->help, '\n'));
		assert_null(strchr(c->args, '\n'));
	}
}

static void test_every_row_has_help(void **state)
{
	(void)state;
	assert_rows_described(session_commands);
	for (int i = 0; game_table[i]; i++)
		assert_rows_described(game_table[i]->commands);
}

/* help's line for a command, and for one the game lacks, the hint. */
static void test_help(void **state)
{
	struct session *s = session_new(1);
	struct strbuf wire = STRBUF_INIT;

	(void)state;
	assert_string_equal(exchange(s, "1 help undo", &wire),
			    "=1 undo: take back the last move\n\n");
	assert_string_equal(exchange(s, "2 help guess", &wire),
			    "?2 unknown command (help lists the commands)\n\n");
	assert_string_equal(exchange(s, "3 Help", &wire),
			    "?3 unknown command (help lists the commands)\n\n");
	sb_free(&wire);
	session_free(s);
}

/* ---- Jobs: a game of the test's own with a streaming command ---- */

static struct game *fake_copy(const struct game *g)
{
	struct game *c = xmalloc(sizeof(*c));

	*c = *g;
	return c;
}

static void fake_destroy(struct game *g)
{
	free(g);
}

/* count_to N: streams "n 1" .. "n N", or stops early when asked. */
static enum gtp_status cmd_count_to(struct cmd_ctx *ctx, int argc, char **argv,
				    struct strbuf *out)
{
	long n;
	int i;

	(void)argc;
	if (gtp_parse_int(argv[0], 1, 1000, &n) < 0)
		return gtp_fail(out, "invalid count");
	for (i = 1; i <= n && !ctx_stopped(ctx); i++) {
		char line[32];

		snprintf(line, sizeof(line), "n %d", i);
		ctx_emit(ctx, line);
	}
	sb_printf(out, "counted %d", i - 1);
	return GTP_OK;
}

static const struct gtp_command fake_commands[] = {
	{ "count_to", cmd_count_to, 1, 1, GTP_SLOW | GTP_STREAM, 0,
	  "N", "count to N, a line each" },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL },
};

static const struct game_ops fake_ops = {
	.name = "go", /* so the session finds Go's configuration section */
	.commands = fake_commands,
	.copy = fake_copy,
	.destroy = fake_destroy,
};

static void collect(void *arg, const char *line, size_t len)
{
	sb_append(arg, line, len);
	sb_append(arg, "\n", 1);
}

/* A session playing the fake game. */
static struct session *fake_session(void)
{
	struct session *s = session_new(1);
	struct game *g = xcalloc(1, sizeof(*g));

	g->ops = &fake_ops; /* in place of the game session_game would make */
	s->game = g;
	return s;
}

static struct session_job *start(struct session *s, const char *line, struct strbuf *wire)
{
	struct session_job *job = NULL;
	char buf[64];

	snprintf(buf, sizeof(buf), "%s", line);
	assert_int_equal(session_handle_line(s, buf, strlen(buf), 0, wire, &job), SESSION_JOB);
	assert_int_equal(wire->len, 0);
	return job;
}

static void test_streaming_job(void **state)
{
	struct session *s = fake_session();
	struct strbuf wire = STRBUF_INIT, sink = STRBUF_INIT;
	struct session_job *job = start(s, "7 count_to 3", &wire);

	(void)state;
	assert_true(session_job_streams(job));
	assert_int_equal(session_job_queue(job), SESSION_QUEUE_SEARCH);
	session_job_set_emit(job, collect, &sink);
	session_job_run(job);
	session_job_finish(s, job, true, &wire);
	/* "=ID" first, the streamed lines, then the text and the empty line. */
	assert_string_equal(sb_str(&sink), "=7\nn 1\nn 2\nn 3\n");
	assert_string_equal(sb_str(&wire), "counted 3\n\n");

	/* Stopped before it runs its loop: nothing streamed, a plain reply. */
	sb_reset(&wire);
	sb_reset(&sink);
	job = start(s, "8 count_to 3", &wire);
	session_job_set_emit(job, collect, &sink);
	session_job_stop(job);
	session_job_run(job);
	session_job_finish(s, job, true, &wire);
	assert_string_equal(sb_str(&sink), "");
	assert_string_equal(sb_str(&wire), "=8 counted 0\n\n");
	sb_free(&wire);
	sb_free(&sink);
	session_free(s);
}

static void test_job_snapshot_and_drop(void **state)
{
	struct session *s = session_new(1);
	struct strbuf wire = STRBUF_INIT;
	struct game *before = session_game(s);

	(void)state;
	/* Dropped unrun: "? interrupted", the session's game untouched. */
	struct session_job *job = start(s, "3 genmove b", &wire);
	assert_false(session_job_streams(job));
	assert_int_equal(session_job_queue(job), SESSION_QUEUE_SEARCH);
	assert_true(session_job_deadline(job) > 0);
	session_job_finish(s, job, false, &wire);
	assert_string_equal(sb_str(&wire), "?3 interrupted\n\n");
	assert_ptr_equal(s->game, before);

	/* Run: the job played on its own copy, which the session adopts. */
	sb_reset(&wire);
	job = start(s, "4 genmove b", &wire);
	session_job_run(job);
	assert_ptr_equal(s->game, before); /* nothing shared while it ran */
	session_job_finish(s, job, true, &wire);
	assert_true(wire.buf[0] == '=');
	assert_ptr_not_equal(s->game, before);

	/* File commands go to the short-work queue. */
	sb_reset(&wire);
	job = start(s, "5 printsgf", &wire);
	assert_int_equal(session_job_queue(job), SESSION_QUEUE_SHORT);
	session_job_run(job);
	session_job_finish(s, job, true, &wire);
	assert_non_null(strstr(sb_str(&wire), "=5 (;FF[4]"));
	sb_free(&wire);
	session_free(s);
}

/* A command row names the game_ops member it needs; games that list rules
 * have both rules operations (the rules row only checks the list). */
static void test_rows_need_ops(void **state)
{
	(void)state;
	for (int i = 0; game_table[i]; i++) {
		const struct game_ops *ops = game_table[i];

		if (ops->rules)
			assert_true(ops->get_rules && ops->set_rules);
		assert_true(game_has_op(ops, 0));
		assert_true(game_has_op(ops, GTP_NEEDS(play)));
		assert_int_equal(game_has_op(ops, GTP_NEEDS(undo)), ops->undo != NULL);
	}
	assert_false(game_has_op(&fake_ops, GTP_NEEDS(genmove)));
	assert_false(game_has_op(&fake_ops, GTP_NEEDS(rules)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_preprocess),
		cmocka_unit_test(test_every_row_has_help),
		cmocka_unit_test(test_help),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_too_long),
		cmocka_unit_test(test_numbers_and_colors),
		cmocka_unit_test(test_parse_size),
		cmocka_unit_test(test_trim),
		cmocka_unit_test(test_session_lazy_game),
		cmocka_unit_test(test_session_gameless_quit),
		cmocka_unit_test(test_session_lines),
		cmocka_unit_test(test_list_commands_sound),
		cmocka_unit_test(test_streaming_job),
		cmocka_unit_test(test_job_snapshot_and_drop),
		cmocka_unit_test(test_rows_need_ops),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
