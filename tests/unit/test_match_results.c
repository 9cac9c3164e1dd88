/* Unit tests for results files (src/match/results.c): create, append,
 * load back, a line cut by a crash, bad files. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match/results.h"

#define ERRLEN 256

struct tmp {
	char dir[64];  /* the directory */
	char path[96]; /* a results file in it (not created) */
};

static void tmp_make(struct tmp *t)
{
	snprintf(t->dir, sizeof(t->dir), "/tmp/test_match_results.XXXXXX");
	assert_non_null(mkdtemp(t->dir));
	snprintf(t->path, sizeof(t->path), "%s/results", t->dir);
}

static void tmp_remove(struct tmp *t)
{
	unlink(t->path);
	rmdir(t->dir);
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static const struct match_result game3 = {
	.number = 3, .black = 1, .white = 0, .opening = 1, .winner = COLOR_WHITE,
	.end = END_TIMEOUT, .result = "W+T", .detail = "black overran\tthe time\non 'genmove b' \\",
	.moves = 41, .tally = 41, .digest = 0x0123456789abcdefULL, .done = true,
	.timed = true,
	.timing = { [COLOR_BLACK] = { .share = 1.0125, .move = 40, .reply = 2.025, .left = 2,
				      .periods_lost = 2 },
		    [COLOR_WHITE] = { .share = 0.25, .move = 3, .reply = 1, .left = 4 } },
};

static void test_round_trip(void **state)
{
	char *argv[] = { "--black", "quintet --level 'hard'", "--white", "a\tb\nc\\d", NULL };
	struct match_result draw = { .number = 1, .black = 0, .white = 1, .opening = -1,
				     .winner = COLOR_NONE, .end = END_CAP_DRAW, .result = "0",
				     .detail = "move cap reached", .moves = 7, .tally = 7, .done = true };
	struct results_file rf;
	struct tmp t;
	char err[ERRLEN];

	(void)state;
	tmp_make(&t);
	struct results_head head = { .argv = argv, .argc = 4, .seed = 99 };
	int fd = results_create(t.path, &head, err, sizeof(err));
	assert_true(fd >= 0);
	assert_int_equal(results_append(fd, &draw, err, sizeof(err)), 0);
	assert_int_equal(results_append(fd, &game3, err, sizeof(err)), 0);
	close(fd);
	assert_int_equal(results_create(t.path, &head, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "exists; --resume"));
	assert_int_equal(results_load(t.path, &rf, err, sizeof(err)), 0);
	assert_int_equal(rf.argc, 4);
	for (int i = 0; i < 4; i++)
		assert_string_equal(rf.argv[i], argv[i]);
	assert_null(rf.argv[4]);
	assert_true(rf.seed == 99);
	assert_int_equal(rf.shards, 0); /* the whole match */
	assert_null(rf.names[0]);
	assert_int_equal(rf.cut_bytes, 0);
	assert_int_equal(rf.ngames, 2);
	assert_int_equal(rf.games[0].winner, COLOR_NONE);
	assert_int_equal(rf.games[0].end, END_CAP_DRAW);
	assert_int_equal(rf.games[0].opening, -1);
	const struct match_result *g = &rf.games[1];
	assert_int_equal(g->number, 3);
	assert_int_equal(g->black, 1);
	assert_int_equal(g->white, 0);
	assert_int_equal(g->opening, 1);
	assert_int_equal(g->winner, COLOR_WHITE);
	assert_int_equal(g->end, END_TIMEOUT);
	assert_string_equal(g->result, "W+T");
	assert_string_equal(g->detail, game3.detail);
	assert_int_equal(g->moves, 41);
	assert_true(g->digest == game3.digest);
	assert_true(g->done);
	assert_true(g->timed);
	assert_true(g->timing[COLOR_BLACK].share == 1.0125);
	assert_int_equal(g->timing[COLOR_BLACK].move, 40);
	assert_true(g->timing[COLOR_BLACK].reply == 2.025);
	assert_true(g->timing[COLOR_BLACK].left == 2);
	assert_int_equal(g->timing[COLOR_BLACK].periods_lost, 2);
	assert_true(g->timing[COLOR_WHITE].share == 0.25);
	assert_false(rf.games[0].timed); /* written without a time control: "-" */
	assert_true(rf.games[0].timing[COLOR_BLACK].share == 0);
	results_free(&rf);
	tmp_remove(&t);
}

/* The timing fields, as results_game_line writes them after the detail. */
static void test_timing_fields(void **state)
{
	struct strbuf line = STRBUF_INIT;

	(void)state;
	results_game_line(&game3, &line);
	assert_non_null(strstr(sb_str(&line),
				"\tshare=1.0125 move=40 reply=2.0250 left=2.0000 periods_lost=2"
				"\tshare=0.2500 move=3 reply=1.0000 left=4.0000 periods_lost=0\n"));
	sb_free(&line);
}

/* A file written before the timing fields (eleven fields a game) is read
 * as it is, and a resumed match appends games with them. */
static void test_old_lines(void **state)
{
	struct results_file rf;
	struct tmp t;
	char err[ERRLEN];

	(void)state;
	tmp_make(&t);
	write_text(t.path, "quintet-match results 1\nseed 5\n"
			   "game 1\t1\t2\t-1\tb\tscore\t2\t2\t0000000000000001\tB+1\tx\n");
	int fd = results_reopen(t.path, err, sizeof(err));
	assert_true(fd >= 0);
	struct match_result g = game3;
	g.number = 2;
	assert_int_equal(results_append(fd, &g, err, sizeof(err)), 0);
	close(fd);
	assert_int_equal(results_load(t.path, &rf, err, sizeof(err)), 0);
	assert_int_equal(rf.ngames, 2);
	assert_false(rf.games[0].timed);
	assert_string_equal(rf.games[0].detail, "x");
	assert_true(rf.games[1].timed);
	assert_int_equal(rf.games[1].timing[COLOR_BLACK].periods_lost, 2);
	results_free(&rf);
	tmp_remove(&t);
}

/* The ends by the rules have words of their own (passes, five, solved,
 * ...), written and read back; a file written before says `score` for
 * every one, read as the reason its detail names, else as `score`. */
static void test_rules_ends(void **state)
{
	struct match_result five = { .number = 1, .black = 0, .white = 1, .opening = -1,
				     .winner = COLOR_BLACK, .end = END_FIVE, .result = "B+",
				     .detail = "ended by the rules (five); scored B+", .moves = 9,
				     .tally = 9, .done = true };
	struct strbuf line = STRBUF_INIT;
	struct results_file rf;
	struct tmp t;
	char err[ERRLEN];

	(void)state;
	results_game_line(&five, &line);
	assert_non_null(strstr(sb_str(&line), "\tb\tfive\t9\t9\t"));
	sb_free(&line);
	tmp_make(&t);
	write_text(t.path,
		   "quintet-match results 1\nseed 5\n"
		   "game 1\t1\t2\t-1\tb\tscore\t9\t9\t0000000000000001\tB+\t"
		   "ended by the rules (five); scored B+\n"
		   "game 2\t2\t1\t-1\tw\tscore\t40\t40\t0000000000000002\tW+49\t"
		   "ended by the rules (wipeout); scored W+49\t-\t-\n"
		   "game 3\t1\t2\t-1\tb\tscore\t99\t99\t0000000000000003\tB+17.5\t"
		   "ended by the rules; scored B+17.5\n"
		   "game 4\t1\t2\t-1\tw\tscore\t6\t3\t0000000000000004\tW+2\t"
		   "secret 7583: black 4 guesses, white 2 guesses\n"
		   "game 5\t1\t2\t-1\tb\tscore\t9\t9\t0000000000000005\tB+\t"
		   "ended by the rules (nonsense); scored B+\n"
		   "game 6\t2\t1\t-1\tb\tfive\t9\t9\t0000000000000006\tB+\t"
		   "ended by the rules (five); scored B+\t-\t-\n"
		   "game 7\t1\t2\t-1\tw\tpasses\t99\t99\t0000000000000007\tW+6.5\t"
		   "ended by two passes; scored W+6.5\t-\t-\n"
		   "game 8\t2\t1\t-1\tw\tsolved\t6\t3\t0000000000000008\tW+2\t"
		   "secret 1234: black 4 guesses, white 2 guesses\t-\t-\n");
	assert_int_equal(results_load(t.path, &rf, err, sizeof(err)), 0);
	assert_int_equal(rf.ngames, 8);
	assert_int_equal(rf.games[0].end, END_FIVE);
	assert_int_equal(rf.games[1].end, END_WIPEOUT);
	assert_int_equal(rf.games[2].end, END_SCORE);
	assert_int_equal(rf.games[3].end, END_SCORE);
	assert_int_equal(rf.games[4].end, END_SCORE);
	assert_int_equal(rf.games[5].end, END_FIVE);
	assert_int_equal(rf.games[6].end, END_PASSES);
	assert_int_equal(rf.games[7].end, END_SOLVED);
	results_free(&rf);
	tmp_remove(&t);
}

/* A line cut by a crash is not a game; reopening cuts it off, so the next
 * game has a line of its own. */
static void test_cut_line(void **state)
{
	struct results_file rf;
	struct tmp t;
	char err[ERRLEN];

	(void)state;
	tmp_make(&t);
	write_text(t.path, "quintet-match results 1\narg --games\narg 4\nseed 5\n"
			   "game 1\t1\t2\t-1\tb\tscore\t2\t2\t0000000000000001\tB+1\tx\ngame 2\t2");
	assert_int_equal(results_load(t.path, &rf, err, sizeof(err)), 0);
	assert_int_equal(rf.ngames, 1);
	results_free(&rf);
	int fd = results_reopen(t.path, err, sizeof(err));
	assert_true(fd >= 0);
	struct match_result g = game3;
	g.number = 2;
	assert_int_equal(results_append(fd, &g, err, sizeof(err)), 0);
	close(fd);
	assert_int_equal(results_load(t.path, &rf, err, sizeof(err)), 0);
	assert_int_equal(rf.ngames, 2);
	assert_int_equal(rf.games[1].number, 2);
	assert_string_equal(rf.games[1].detail, game3.detail);
	results_free(&rf);
	tmp_remove(&t);
}

/* A shard's file: the shard line and the engines' names, read back; the
 * cut last line is named. */
static void test_shard_and_names(void **state)
{
	char *argv[] = { "--games", "8", "--shard", "1/4", NULL };
	const char *names[] = { "quintet 0.1.0", "odd\tname" };
	struct results_head head = { .argv = argv, .argc = 4, .seed = 7, .shard = 1, .shards = 4,
				     .names = names, .nnames = 2 };
	struct results_file rf;
	struct tmp t;
	char err[ERRLEN];

	(void)state;
	tmp_make(&t);
	int fd = results_create(t.path, &head, err, sizeof(err));
	assert_true(fd >= 0);
	struct match_result g = game3;
	assert_int_equal(results_append(fd, &g, err, sizeof(err)), 0);
	assert_int_equal(write(fd, "game 4\t2\t1", 10), 10);
	close(fd);
	assert_int_equal(results_load(t.path, &rf, err, sizeof(err)), 0);
	assert_int_equal(rf.shard, 1);
	assert_int_equal(rf.shards, 4);
	assert_string_equal(rf.names[0], "quintet 0.1.0");
	assert_string_equal(rf.names[1], "odd\tname");
	assert_null(rf.names[2]);
	assert_int_equal(rf.ngames, 1);
	assert_int_equal(rf.cut_bytes, 10);
	assert_string_equal(rf.cut, "game 4 2 1"); /* tabs shown as spaces */
	results_free(&rf);
	tmp_remove(&t);
}

static void load_fails(const char *text, const char *want)
{
	struct results_file rf;
	struct tmp t;
	char err[ERRLEN];

	tmp_make(&t);
	write_text(t.path, text);
	assert_int_equal(results_load(t.path, &rf, err, sizeof(err)), -1);
	assert_non_null(strstr(err, want));
	assert_null(rf.argv);
	assert_null(rf.games);
	tmp_remove(&t);
}

static void test_bad_files(void **state)
{
	struct results_file rf;
	char err[ERRLEN];

	(void)state;
	assert_int_equal(results_load("/nonexistent/r", &rf, err, sizeof(err)), -1);
	assert_string_equal(err, "cannot read /nonexistent/r: No such file or directory");
	load_fails("E5 D4\n", "not a quintet-match results file");
	load_fails("quintet-match results 1\narg x\n", "no seed line");
	load_fails("quintet-match results 1\nseed 1\nseed 2\n", ":3: not a results line");
	load_fails("quintet-match results 1\nseed 1\nmove E5\n", ":3: not a results line");
	/* Shard lines: K below N, once; engine lines: 1 to 16, once, named. */
	load_fails("quintet-match results 1\nseed 1\nshard 4 4\n", ":3: not a results line");
	load_fails("quintet-match results 1\nseed 1\nshard 1\n", ":3: not a results line");
	load_fails("quintet-match results 1\nseed 1\nshard 0 2\nshard 1 2\n", ":4:");
	load_fails("quintet-match results 1\nseed 1\nengine 0 a\n", ":3: not a results line");
	load_fails("quintet-match results 1\nseed 1\nengine 17 a\n", ":3:");
	load_fails("quintet-match results 1\nseed 1\nengine 1 \n", ":3:");
	load_fails("quintet-match results 1\nseed 1\nengine 1 a\nengine 1 b\n", ":4:");
	/* Every field is checked: too few, a bad end name, a bad winner,
	 * engine 0, a short digest, a bad escape. */
	load_fails("quintet-match results 1\nseed 1\ngame 1\t1\t2\n", ":3:");
	load_fails("quintet-match results 1\nseed 1\n"
		   "game 1\t1\t2\t-1\tb\twon\t2\t2\t0000000000000001\tB+1\tx\n", ":3:");
	load_fails("quintet-match results 1\nseed 1\n"
		   "game 1\t1\t2\t-1\tB\tscore\t2\t2\t0000000000000001\tB+1\tx\n", ":3:");
	load_fails("quintet-match results 1\nseed 1\n"
		   "game 1\t0\t2\t-1\tb\tscore\t2\t2\t0000000000000001\tB+1\tx\n", ":3:");
	load_fails("quintet-match results 1\nseed 1\n"
		   "game 1\t1\t2\t-1\tb\tscore\t2\t2\t01\tB+1\tx\n", ":3:");
	load_fails("quintet-match results 1\nseed 1\n"
		   "game 1\t1\t2\t-1\tb\tscore\t2\t2\t0000000000000001\tB+1\tx\\q\n", ":3:");
	/* Twelve fields, a timing that is not one, a share out of range. */
	load_fails("quintet-match results 1\nseed 1\n"
		   "game 1\t1\t2\t-1\tb\tscore\t2\t2\t0000000000000001\tB+1\tx\t-\n", ":3:");
	load_fails("quintet-match results 1\nseed 1\n"
		   "game 1\t1\t2\t-1\tb\tscore\t2\t2\t0000000000000001\tB+1\tx\t-\tslow\n",
		   ":3:");
	load_fails("quintet-match results 1\nseed 1\n"
		   "game 1\t1\t2\t-1\tb\tscore\t2\t2\t0000000000000001\tB+1\tx\t-\t"
		   "share=-1 move=1 reply=1 left=1 periods_lost=0\n", ":3:");
	load_fails("quintet-match results 1\nseed 1\n"
		   "game 1\t1\t2\t-1\tb\tscore\t2\t2\t0000000000000001\tB+1\tx\t-\t"
		   "share=0.5 move=1 reply=1 left=2 periods_lost=0 more\n", ":3:");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_timing_fields),
		cmocka_unit_test(test_old_lines),
		cmocka_unit_test(test_rules_ends),
		cmocka_unit_test(test_cut_line),
		cmocka_unit_test(test_shard_and_names),
		cmocka_unit_test(test_bad_files),
	};

	return cmocka_run_group_tests_name("match_results", tests, NULL, NULL);
}
