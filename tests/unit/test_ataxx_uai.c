/* UAI transcripts: the UAI front end reads a script and its whole output
 * must match a regular expression (POSIX extended, one line per line).
 * Searches are bounded by depth or nodes, never by the clock, except where
 * only the form of the answer is checked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fcntl.h>
#include <unistd.h>

#include "cfg.h"
#include "config_helpers.h"
#include "frontend_uai.h"
#include "net.h"
#include "server.h"
#include "util/monotime.h"

/* The output of the UAI front end, served by the real event loop on stdio
 * descriptors, for input (malloc'd); *rc server_run's return value. */
static char *run(const char *input, int *rc)
{
	FILE *in = tmpfile(), *out = tmpfile();
	struct net_options opt = { .max_line = 65536, .seed = 1, .workers = 1,
				   .short_workers = 1, .files_dir = AT_FDCWD,
				   .frontend = &frontend_uai };

	assert_non_null(in);
	assert_non_null(out);
	fputs(input, in);
	fflush(in);
	rewind(in);
	opt.in_fd = fileno(in);
	opt.out_fd = fileno(out);
	*rc = server_run(&opt);
	long len = ftell(out) >= 0 ? lseek(fileno(out), 0, SEEK_END) : 0;
	char *text = calloc(1, (size_t)len + 1);
	assert_non_null(text);
	assert_int_equal(pread(fileno(out), text, (size_t)len, 0), len);
	fclose(in);
	fclose(out);
	return text;
}

/* Run input; its output must match pattern (anchored at both ends). */
static void expect(const char *input, const char *pattern)
{
	char anchored[8192];
	regex_t re;
	int rc;

	snprintf(anchored, sizeof(anchored), "^%s$", pattern);
	assert_int_equal(regcomp(&re, anchored, REG_EXTENDED), 0);
	char *out = run(input, &rc);
	assert_int_equal(rc, 0);
	if (regexec(&re, out, 0, NULL, 0) != 0)
		fail_msg("input:\n%s\noutput:\n%s\ndoes not match:\n%s", input, out, pattern);
	regfree(&re);
	free(out);
}

#define MOVE "([a-g][1-7]|[a-g][1-7][a-g][1-7])"
#define INFO(d) "info depth " #d " seldepth [0-9]+ score (cp -?[0-9]+|mate -?[0-9]+) nodes [0-9]+ time [0-9]+ nps [0-9]+ pv( " MOVE ")+\n"

static void test_handshake(void **state)
{
	(void)state;
	expect("uai\nisready\nquit\n",
	       "id name quintet [0-9.]+\n"
	       "id author .*\n"
	       "option name Hash type spin default 4 min 1 max 4096\n"
	       "option name Level type combo default hard var easy var greedy var medium var hard\n"
	       "option name Rules type combo default standard var standard var yinyang\n"
	       "uaiok\nreadyok\n");
	/* Nothing after quit is read; blank lines and unknown commands. */
	expect("\n   \nhello world\nquit\nisready\n", "info string unknown command hello\n");
	/* End of input ends the session like quit. */
	expect("isready", "readyok\n");
}

static void test_position_and_board(void **state)
{
	(void)state;
	expect("position startpos\nd\n",
	       "   a b c d e f g\n 7 x \\. \\. \\. \\. \\. o 7\n.*"
	       "fen x5o/7/7/7/7/7/o5x x 0 1\n");
	expect("position startpos moves g2 a1c3 0000\nd\n", "info string illegal move 0000\n.*"
	       "fen x5o/7/7/7/7/7/o5x x 0 1\n");
	expect("position startpos moves g2 a1c3\nd\n", ".*fen x5o/7/7/7/2o4/6x/6x x 1 2\n");
	expect("position fen x5o/7/2-1-2/7/2-1-2/7/o5x o 3 7 moves b2\nd\n",
	       ".*fen x5o/7/2-1-2/7/2-1-2/1o5/o5x x 0 8\n");
	expect("position fen 7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1 moves 0000 a4\nd\n",
	       ".*fen 7/7/7/o6/ooooooo/ooooooo/xxxxxxx x 0 2\n");
	/* Errors keep the previous position. */
	expect("position startpos moves g2\nposition fen x5o/7/7 x\nd\n",
	       "info string invalid fen: 3 rows; boards are 4x4 to 16x16\n.*"
	       "fen x5o/7/7/7/7/6x/o5x o 0 1\n");
	expect("position startpos moves g2\nposition\nposition moves\nd\n",
	       "info string position needs startpos or fen\n"
	       "info string position needs startpos or fen\n.*fen x5o/7/7/7/7/6x/o5x o 0 1\n");
	expect("position startpos moves g1f2\nd\n",
	       "info string illegal move g1f2\n.*fen x5o/7/7/7/7/7/o5x x 0 1\n");
	/* Other sizes through FEN; uainewgame returns to the start. */
	expect("position fen x8/9/9/9/9/9/9/9/8o x 0 1 moves b8\nd\nuainewgame\nd\n",
	       "   a b c d e f g h i\n 9 x .*fen x8/1x7/9/9/9/9/9/9/8o o 0 1\n"
	       ".*fen x5o/7/7/7/7/7/o5x x 0 1\n");
}

static void test_perft(void **state)
{
	(void)state;
	expect("perft 4\n",
	       "info depth 1 nodes 16 time [0-9]+ nps [0-9]+\n"
	       "info depth 2 nodes 256 time [0-9]+ nps [0-9]+\n"
	       "info depth 3 nodes 6460 time [0-9]+ nps [0-9]+\n"
	       "info depth 4 nodes 155888 time [0-9]+ nps [0-9]+\n"
	       "nodes 155888\n");
	expect("position fen 7/7/7/7/-------/-------/x5o x 0 1\nperft 6\n", "(info .*\n){6}nodes 174\n");
	expect("setoption name Rules value yinyang\nposition fen 7/7/7/7/-------/-------/x5o x 0 1\n"
	       "perft 6\n",
	       "(info .*\n){6}nodes 156\n");
	expect("perft 0\nperft x\n", "info string perft needs a depth from 1 to 20\n"
	       "info string perft needs a depth from 1 to 20\n");
}

static void test_go_depth_nodes(void **state)
{
	(void)state;
	expect("go depth 3\n", INFO(1) INFO(2) INFO(3) "bestmove " MOVE "\n");
	/* The same search twice gives the same answer. */
	int rc;
	char *a = run("position startpos moves f2\ngo nodes 5000\n", &rc);
	char *b = run("position startpos moves f2\ngo nodes 5000\n", &rc);
	const char *ba = strstr(a, "bestmove"), *bb = strstr(b, "bestmove");
	assert_non_null(ba);
	assert_non_null(bb);
	assert_string_equal(ba, bb);
	free(a);
	free(b);
	/* A capture of everything: a mate score, then the move. */
	expect("position fen 7/7/7/7/2o4/7/x6 x 0 1\ngo depth 5\n",
	       "info depth 1 seldepth [0-9]+ score mate 1 nodes [0-9]+ time [0-9]+ nps [0-9]+ pv b2\nbestmove b2\n");
	/* A forced pass is 0000; a finished game answers 0000 at once. */
	expect("position fen 7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1\ngo depth 2\n",
	       "(info .*\n)+bestmove 0000\n");
	expect("position fen x5o/7/7/7/7/7/o5x x 100 1\ngo depth 2\n", "bestmove 0000\n");
	/* isready is answered while a search runs; stop ends it. */
	expect("go infinite\nisready\nstop\n", "(info .*\n)*readyok\n(info .*\n)*bestmove " MOVE "\n");
	/* A go without limits is infinite: the next command stops it. */
	expect("go\nisready\nposition startpos\nquit\n",
	       "(info .*\n)*readyok\n(info .*\n)*bestmove " MOVE "\n");
	/* A new go stops the running one first: two bestmoves. */
	expect("go infinite\ngo depth 1\n", "(info .*\n)*bestmove " MOVE "\n" INFO(1) "bestmove "
	       MOVE "\n");
	/* Bigger boards. */
	expect("position fen x14o/16/16/16/16/16/16/16/16/16/16/16/16/16/16/o14x x 0 1\ngo depth 2\n",
	       "(info .*\n){2}bestmove ([a-p][0-9]+)+\n");
}

static void test_go_clock(void **state)
{
	(void)state;
	/* The form only: time-limited searches are not reproducible. */
	expect("go movetime 50\n", "(info .*\n)*bestmove " MOVE "\n");
	expect("go btime 1000 wtime 1 binc 0 winc 0\n", "(info .*\n)*bestmove " MOVE "\n");
	expect("position startpos moves g2\ngo btime 1000 wtime 100 movestogo 5\n",
	       "(info .*\n)*bestmove " MOVE "\n");
	expect("go movetime x depth 2\n", INFO(1) INFO(2) "bestmove " MOVE "\n");
}

static void test_options(void **state)
{
	(void)state;
	/* Levels: easy and greedy answer without info lines. */
	expect("setoption name Level value easy\ngo depth 3\n", "bestmove " MOVE "\n");
	expect("setoption name level value greedy\nposition fen 7/7/7/1ooo3/1o5/1x5/7 x 0 1\ngo\n",
	       "bestmove c3\n");
	expect("setoption name Hash value 1\ngo depth 2\n", INFO(1) INFO(2) "bestmove " MOVE "\n");
	expect("setoption name Rules value chess\nsetoption name Colour value red\nsetoption Hash\n",
	       "info string unknown rules\ninfo string unknown option Colour\n"
	       "info string setoption name NAME value VALUE\n");
	/* yinyang: the stuck side's game is over at once. */
	expect("setoption name Rules value yinyang\n"
	       "position fen 7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1\ngo depth 2\n",
	       "bestmove 0000\n");
}

/* server.max_command_nodes bounds go and perft like GTP's commands: a
 * deep search answers, a perft stops after the last depth within it. */
static void test_node_cap(void **state)
{
	(void)state;
	use_config("server:\n  max_command_nodes: 300\n");
	expect("go depth 30\n", "(info .*\n)*bestmove " MOVE "\n");
	expect("go movetime 1000000\n", "(info .*\n)*bestmove " MOVE "\n");
	expect("perft 6\n", "info depth 1 nodes 16 time [0-9]+ nps [0-9]+\n"
	       "info depth 2 nodes 256 time [0-9]+ nps [0-9]+\nnodes 256\n");
	expect("go infinite\nstop\n", "(info .*\n)*bestmove " MOVE "\n");
	cfg_set_current(NULL);
}

/* server.max_move_time bounds go as it bounds genmove (the session's
 * caps, whichever protocol asks): a 10-minute clock, whose plan would
 * spend tens of seconds on the first move, answers within the cap. The
 * bound is generous (a sanitizer build on a busy machine); what it catches
 * is a cap not applied. */
static void test_move_time_cap(void **state)
{
	(void)state;
	use_config("server:\n  max_move_time: 0.3\n");
	double start = monotime_now();
	expect("go wtime 600000 btime 600000\n", "(info .*\n)*bestmove " MOVE "\n");
	assert_true(monotime_now() - start < 5.0);
	cfg_set_current(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_handshake),
		cmocka_unit_test(test_position_and_board),
		cmocka_unit_test(test_perft),
		cmocka_unit_test(test_go_depth_nodes),
		cmocka_unit_test(test_go_clock),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_node_cap),
		cmocka_unit_test(test_move_time_cap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
