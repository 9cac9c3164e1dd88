/* Unit tests for the referee's engine driver (src/match/engine*.c): command
 * line splitting, tcp: addresses, and real child processes and a real
 * socket answering well, badly, late or not at all. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "games/ataxx/ataxx.h"
#include "games/go/go.h"
#include "games/gomoku/gomoku.h"
#include "match/engine.h"

#define ERRLEN 256

/* A protocol speaker in sh: answers by command name. */
#define FAKE "sh -c 'while read -r i l; do case \"$l\" in " \
	"name) printf \"=$i fake\\n\\n\";; " \
	"version) printf \"=$i 1.0\\r\\n\\r\\n\";; " \
	"multi) printf \"\\n=$i a\\nb\\n\\n\";; " \
	"hang) sleep 30;; " \
	"garbage) printf \"hello\\n\\n\";; " \
	"twice) printf \"=$i a\\n\\n=$i a\\n\\n\";; " \
	"wrongid) printf \"=$((i + 5)) a\\n\\n\";; " \
	"noid) printf \"= a\\n\\n\";; " \
	"unasked) printf \"=$i\\n\\n= pass\\n\\n\";; " \
	"die) exit 3;; " \
	"quit) printf \"=$i\\n\\n\"; exit 0;; " \
	"*) printf \"?$i unknown command\\n\\n\";; esac; done'"

static void assert_split(const char *line, const char *const *want)
{
	char err[ERRLEN];
	char **argv = engine_split_argv(line, err, sizeof(err));
	size_t i;

	assert_non_null(argv);
	for (i = 0; want[i]; i++) {
		assert_non_null(argv[i]);
		assert_string_equal(argv[i], want[i]);
	}
	assert_null(argv[i]);
	engine_free_argv(argv);
}

static void test_split_words_and_quotes(void **state)
{
	(void)state;
	assert_split("gnugo --mode gtp", (const char *const[]){ "gnugo", "--mode", "gtp", NULL });
	assert_split("  a\t 'b c'  d", (const char *const[]){ "a", "b c", "d", NULL });
	assert_split("x\"y \\\" z\"w", (const char *const[]){ "xy \" zw", NULL });
	assert_split("a\\ b '' c", (const char *const[]){ "a b", "", "c", NULL });
	assert_split("'it''s'", (const char *const[]){ "its", NULL });
}

static void test_split_errors(void **state)
{
	char err[ERRLEN];

	(void)state;
	assert_null(engine_split_argv("gnugo 'oops", err, sizeof(err)));
	assert_string_equal(err, "unterminated quote");
	assert_null(engine_split_argv("a \"b", err, sizeof(err)));
	assert_string_equal(err, "unterminated quote");
	assert_null(engine_split_argv("   ", err, sizeof(err)));
	assert_string_equal(err, "empty command");
}

/* An engine that does not say its name is named by its command's
 * basename, or its tcp address. */
static void test_default_names(void **state)
{
	const char *specs[][2] = {
		{ "/usr/games/gnugo --mode gtp", "gnugo" },
		{ "uai:'/opt/my engines/ataxx 2' --uai", "ataxx 2" },
		{ "gomocup:./brain", "brain" },
		{ "quintet", "quintet" },
		{ "tcp:127.0.0.1:7077", "tcp:127.0.0.1:7077" },
		{ "uai:tcp:[::1]:5", "tcp:[::1]:5" },
		{ "engines/", "engines/" },
	};
	struct engine e;

	(void)state;
	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		engine_init(&e, specs[i][0], 1, false);
		assert_string_equal(e.name, specs[i][1]);
		assert_null(e.shown);
		engine_destroy(&e);
	}
}

static int parse(const char *spec, char *host, char *port, char *err)
{
	return engine_parse_tcp(spec, host, 256, port, 16, err, ERRLEN);
}

static void test_tcp_addresses(void **state)
{
	char host[256], port[16], err[ERRLEN];

	(void)state;
	assert_int_equal(parse("tcp:127.0.0.1:7077", host, port, err), 1);
	assert_string_equal(host, "127.0.0.1");
	assert_string_equal(port, "7077");
	assert_int_equal(parse("tcp:[::1]:65535", host, port, err), 1);
	assert_string_equal(host, "::1");
	assert_string_equal(port, "65535");
	assert_int_equal(parse("tcp:example.org:1", host, port, err), 1);
	assert_string_equal(host, "example.org");
	assert_int_equal(parse("gnugo --mode gtp", host, port, err), 0);
	const char *bad[] = { "tcp:localhost", "tcp::7077", "tcp:h:0", "tcp:h:65536",
			      "tcp:h:12x", "tcp:h:", "tcp:[::1]7077", "tcp:::1:7077", NULL };
	for (int i = 0; bad[i]; i++) {
		err[0] = '\0';
		assert_int_equal(parse(bad[i], host, port, err), -1);
		assert_non_null(strstr(err, "tcp:HOST:PORT"));
	}
}

static void open_fake(struct engine *e)
{
	char err[ERRLEN];

	engine_init(e, FAKE, 1, false);
	if (engine_open(e, err, sizeof(err)) < 0 || engine_handshake(e, 30, err, sizeof(err)) < 0)
		fail_msg("fake engine: %s", err);
}

static void test_replies(void **state)
{
	struct engine e;
	struct strbuf reply = STRBUF_INIT;

	(void)state;
	open_fake(&e);
	assert_string_equal(e.name, "fake 1.0"); /* id and CRLF of version handled */
	assert_false(e.knows_game);
	assert_false(e.knows_seed);
	assert_int_equal(engine_command(&e, "multi", 30, &reply), ENGINE_OK);
	assert_string_equal(sb_str(&reply), "a\nb");
	assert_int_equal(engine_command(&e, "frobnicate", 30, &reply), ENGINE_FAILED);
	assert_string_equal(sb_str(&reply), "unknown command");
	assert_false(e.broken);
	assert_int_equal(engine_command(&e, "garbage", 30, &reply), ENGINE_MALFORMED);
	assert_string_equal(sb_str(&reply), "malformed reply 'hello'");
	assert_true(e.broken);
	engine_destroy(&e);
	sb_free(&reply);
}

/* Replies out of turn are protocol faults, named as such: a second reply
 * to a command, a reply nobody asked for, a reply with another id or none.
 * The engine is then broken (its stream is out of step). */
static void test_replies_out_of_turn(void **state)
{
	struct engine e;
	struct strbuf reply = STRBUF_INIT;
	char err[ERRLEN];

	(void)state;
	open_fake(&e);
	assert_int_equal(engine_command(&e, "twice", 30, &reply), ENGINE_OK);
	assert_string_equal(sb_str(&reply), "a");
	usleep(100000); /* the second reply is on its way */
	assert_int_equal(engine_command(&e, "name", 30, &reply), ENGINE_PROTOCOL);
	assert_string_equal(sb_str(&reply), "answered 'twice' twice ('=4 a')");
	assert_true(e.broken);
	assert_int_equal(engine_restart(&e, 30, err, sizeof(err)), 0);
	assert_int_equal(engine_command(&e, "unasked", 30, &reply), ENGINE_OK);
	usleep(100000);
	assert_true(engine_stray_output(&e, &reply));
	assert_string_equal(sb_str(&reply),
			    "sent an unrequested reply '= pass' (after answering 'unasked')");
	assert_int_equal(engine_restart(&e, 30, err, sizeof(err)), 0);
	assert_false(engine_stray_output(&e, &reply));
	assert_int_equal(engine_command(&e, "wrongid", 30, &reply), ENGINE_PROTOCOL);
	assert_string_equal(sb_str(&reply), "answered 'wrongid' with id 9, not 4 ('=9 a')");
	assert_int_equal(engine_restart(&e, 30, err, sizeof(err)), 0);
	assert_int_equal(engine_command(&e, "noid", 30, &reply), ENGINE_PROTOCOL);
	assert_string_equal(sb_str(&reply), "answered 'noid' without its id 4 ('= a')");
	engine_destroy(&e);
	sb_free(&reply);
}

/* A UAI speaker in sh: a Rules option, a bestmove per go, and after the
 * first game's move an extra line nobody asked for. */
#define FAKE_UAI "uai:sh -c 'n=0; while read -r w rest; do case \"$w\" in " \
	"uai) printf \"id name fake uai\\noption name Rules type combo\\nuaiok\\n\";; " \
	"isready) printf \"readyok\\n\";; " \
	"go) n=$((n + 1)); printf \"info depth 1\\nbestmove g2\\n\"; " \
	"[ $n = 1 ] && printf \"info string fine\\nbestmove f1\\n\";; " \
	"quit) exit 0;; esac; done'"

/* The UAI driver: the handshake names the engine; the game's moves,
 * its own included, go into each position; a bestmove nobody asked for
 * is a protocol fault (info lines are not). */
static void test_uai_driver(void **state)
{
	struct engine e;
	struct strbuf reply = STRBUF_INIT, cmd = STRBUF_INIT;
	struct engine_clock clk = { .move_time = 0.25 };
	char err[ERRLEN];
	struct game *g = ataxx_ops.create(1);

	(void)state;
	engine_init(&e, FAKE_UAI, 1, false);
	assert_ptr_equal(e.drv, &engine_uai);
	assert_int_equal(engine_open(&e, err, sizeof(err)), 0);
	assert_int_equal(engine_handshake(&e, 30, err, sizeof(err)), 0);
	assert_string_equal(e.name, "fake uai");
	assert_int_equal(e.drv->select(&e, g, 30, err, sizeof(err)), 0);
	struct engine_game eg = { .start = g, .setup = "", .side = COLOR_BLACK };
	assert_int_equal(e.drv->new_game(&e, &eg, 30, &cmd, &reply), ENGINE_OK);
	assert_int_equal(e.drv->genmove(&e, COLOR_BLACK, &clk, 30, &cmd, &reply), ENGINE_OK);
	assert_string_equal(sb_str(&reply), "g2");
	assert_string_equal(sb_str(&cmd), "go movetime 250");
	usleep(100000);
	assert_true(engine_stray_output(&e, &reply));
	assert_string_equal(sb_str(&reply), "sent 'bestmove f1' unasked");
	engine_destroy(&e);
	sb_free(&reply);
	sb_free(&cmd);
	ataxx_ops.destroy(g);
}

/* A Gomocup brain in sh: its name from ABOUT, OK to START, chatter
 * before its moves; BEGIN: 7,7; TURN: 8,8; DONE (after BOARD): 1,1 and
 * then 2,2, which nobody asked for. */
#define FAKE_GOMOCUP "gomocup:sh -c 'while read -r w rest; do case \"$w\" in " \
	"ABOUT) echo \"name=\\\"sh brain\\\", version=\\\"0.1\\\"\";; " \
	"START) echo OK;; " \
	"BEGIN) printf \"MESSAGE hi\\n7,7\\n\";; " \
	"TURN) printf \"DEBUG x\\n8,8\\n\";; " \
	"DONE) printf \"1,1\\n2,2\\n\";; " \
	"END) exit 0;; esac; done'"

/* The Gomocup driver: the name from ABOUT; BEGIN on the empty board,
 * TURN x,y with the opponent's last move, BOARD for a position the brain
 * has not followed; x,y and vertices translated both ways (7,7 is H8 on
 * 15x15); MESSAGE and DEBUG skipped; an answer nobody asked for is a
 * protocol fault; only Gomoku can be played. */
static void test_gomocup_driver(void **state)
{
	struct engine e;
	struct strbuf reply = STRBUF_INIT, cmd = STRBUF_INIT;
	struct engine_clock clk = { .move_time = 1 };
	char err[ERRLEN];
	struct game *g = gomoku_ops.create(1), *go = go_ops.create(1);

	(void)state;
	engine_init(&e, FAKE_GOMOCUP, 1, false);
	assert_ptr_equal(e.drv, &engine_gomocup);
	assert_int_equal(engine_open(&e, err, sizeof(err)), 0);
	assert_int_equal(engine_handshake(&e, 30, err, sizeof(err)), 0);
	assert_string_equal(e.name, "sh brain 0.1");
	char why[1024]; /* the message quotes the long spec */
	assert_int_equal(e.drv->select(&e, go, 30, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "': Gomocup engines play Gomoku, not go"));
	assert_int_equal(e.drv->select(&e, g, 30, err, sizeof(err)), 0);
	struct engine_game eg = { .start = g, .setup = "", .side = COLOR_BLACK, .move_time = 1 };
	assert_int_equal(e.drv->new_game(&e, &eg, 30, &cmd, &reply), ENGINE_OK);
	assert_string_equal(sb_str(&cmd), "START 15");
	assert_int_equal(e.drv->genmove(&e, COLOR_BLACK, &clk, 30, &cmd, &reply), ENGINE_OK);
	assert_string_equal(sb_str(&cmd), "BEGIN");
	assert_string_equal(sb_str(&reply), "H8");
	assert_int_equal(e.drv->play(&e, COLOR_WHITE, "J9", 30, &cmd, &reply), ENGINE_OK);
	assert_int_equal(e.drv->genmove(&e, COLOR_BLACK, &clk, 30, &cmd, &reply), ENGINE_OK);
	assert_string_equal(sb_str(&cmd), "TURN 8,6");
	assert_string_equal(sb_str(&reply), "J7");
	/* A new game from a two-move opening: the brain is told the position. */
	assert_int_equal(e.drv->new_game(&e, &eg, 30, &cmd, &reply), ENGINE_OK);
	assert_int_equal(e.drv->play(&e, COLOR_BLACK, "H8", 30, &cmd, &reply), ENGINE_OK);
	assert_int_equal(e.drv->play(&e, COLOR_WHITE, "A1", 30, &cmd, &reply), ENGINE_OK);
	assert_int_equal(e.drv->genmove(&e, COLOR_BLACK, &clk, 30, &cmd, &reply), ENGINE_OK);
	assert_string_equal(sb_str(&cmd), "BOARD (2 stones) DONE");
	assert_string_equal(sb_str(&reply), "B14");
	usleep(100000);
	assert_true(engine_stray_output(&e, &reply));
	assert_string_equal(sb_str(&reply), "sent '2,2' unasked");
	engine_destroy(&e);
	sb_free(&reply);
	sb_free(&cmd);
	gomoku_ops.destroy(g);
	go_ops.destroy(go);
}

static void test_timeout_then_restart(void **state)
{
	struct engine e;
	struct strbuf reply = STRBUF_INIT;
	char err[ERRLEN];

	(void)state;
	open_fake(&e);
	/* The engine sleeps 30 s; the limit is a fraction of that. */
	assert_int_equal(engine_command(&e, "hang", 0.3, &reply), ENGINE_TIMEOUT);
	assert_true(e.broken);
	assert_int_equal(engine_restart(&e, 30, err, sizeof(err)), 0);
	assert_false(e.broken);
	assert_int_equal(engine_command(&e, "name", 30, &reply), ENGINE_OK);
	assert_string_equal(sb_str(&reply), "fake");
	engine_close(&e);
	assert_int_equal(e.pid, 0);
	assert_int_equal(e.wfd, -1);
	engine_destroy(&e);
	sb_free(&reply);
}

static void test_death_is_described(void **state)
{
	struct engine e;
	struct strbuf reply = STRBUF_INIT;

	(void)state;
	open_fake(&e);
	assert_int_equal(engine_command(&e, "die", 30, &reply), ENGINE_DEAD);
	assert_string_equal(sb_str(&reply), "exited with status 3");
	assert_true(e.broken);
	/* Writing to the dead engine reports it again, never SIGPIPE. */
	assert_int_equal(engine_command(&e, "name", 30, &reply), ENGINE_DEAD);
	engine_destroy(&e);
	sb_free(&reply);
}

static void test_missing_binary(void **state)
{
	struct engine e;
	char err[ERRLEN];

	(void)state;
	engine_init(&e, "/nonexistent/engine --flag", 2, false);
	assert_int_equal(engine_open(&e, err, sizeof(err)), -1);
	assert_string_equal(err, "cannot run '/nonexistent/engine': No such file or directory");
	engine_destroy(&e);
}

/* A one-connection protocol server: answers "name" on a real socket. */
static void *serve_one(void *arg)
{
	int lfd = *(int *)arg, fd = accept(lfd, NULL, NULL);
	char buf[256];
	ssize_t n;

	while (fd >= 0 && (n = read(fd, buf, sizeof(buf) - 1)) > 0) {
		char cmd[32] = "", r[64];
		long id = 0;

		buf[n] = '\0';
		sscanf(buf, "%ld %31s", &id, cmd);
		snprintf(r, sizeof(r), !strcmp(cmd, "name")   ? "=%ld tcp fake\n\n"
				       : !strcmp(cmd, "quit") ? "=%ld\n\n"
							      : "?%ld unknown command\n\n",
			 id);
		if (write(fd, r, strlen(r)) < 0 || !strcmp(cmd, "quit"))
			break;
	}
	if (fd >= 0)
		close(fd);
	return NULL;
}

static void test_tcp_engine(void **state)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t len = sizeof(sa);
	int lfd = socket(AF_INET, SOCK_STREAM, 0);
	struct engine e;
	struct strbuf reply = STRBUF_INIT;
	char spec[64], err[ERRLEN];
	pthread_t t;

	(void)state;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(bind(lfd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	assert_int_equal(listen(lfd, 1), 0);
	assert_int_equal(getsockname(lfd, (struct sockaddr *)&sa, &len), 0);
	assert_int_equal(pthread_create(&t, NULL, serve_one, &lfd), 0);
	snprintf(spec, sizeof(spec), "tcp:127.0.0.1:%d", ntohs(sa.sin_port));
	engine_init(&e, spec, 1, false);
	assert_int_equal(engine_open(&e, err, sizeof(err)), 0);
	assert_int_equal(e.pid, 0);
	assert_int_equal(engine_command(&e, "name", 30, &reply), ENGINE_OK);
	assert_string_equal(sb_str(&reply), "tcp fake");
	engine_destroy(&e);
	pthread_join(t, NULL);
	close(lfd);
	sb_free(&reply);
}

static void test_tcp_refused(void **state)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t len = sizeof(sa);
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct engine e;
	char spec[64], err[ERRLEN];

	(void)state;
	/* A port just bound and closed is very likely free: nothing listens. */
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	assert_int_equal(getsockname(fd, (struct sockaddr *)&sa, &len), 0);
	close(fd);
	snprintf(spec, sizeof(spec), "tcp:127.0.0.1:%d", ntohs(sa.sin_port));
	engine_init(&e, spec, 1, false);
	assert_int_equal(engine_open(&e, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "cannot connect to 127.0.0.1:"));
	engine_destroy(&e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_split_words_and_quotes),
		cmocka_unit_test(test_split_errors),
		cmocka_unit_test(test_tcp_addresses),
		cmocka_unit_test(test_default_names),
		cmocka_unit_test(test_replies),
		cmocka_unit_test(test_replies_out_of_turn),
		cmocka_unit_test(test_uai_driver),
		cmocka_unit_test(test_gomocup_driver),
		cmocka_unit_test(test_timeout_then_restart),
		cmocka_unit_test(test_death_is_described),
		cmocka_unit_test(test_missing_binary),
		cmocka_unit_test(test_tcp_engine),
		cmocka_unit_test(test_tcp_refused),
	};

	return cmocka_run_group_tests_name("match_engine", tests, NULL, NULL);
}
