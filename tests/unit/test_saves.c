/* Unit tests of save files (store/saves.c, store/save_yaml.c) through
 * sessions, as a client's commands reach them, in a fresh mkdtemp data
 * directory per test:
 *   - every registered game has the save members, its setup and history
 *     use replayable rows only, and a game of it played a few random moves
 *     saves and loads back the same;
 *   - for each game: save, load in a new session, and compare every state
 *     field (showboard, side to move, legal moves, clocks, level, options,
 *     Mastermind's secret, Flood's colours, the random generator), then
 *     undo on both, step by step;
 *   - finished games, set-up positions, the configured sizes; an Ataxx
 *     save from before turns were enforced (black twice in a row);
 *   - the corrupt-file table, one test per row: the exact error, and the
 *     session unchanged;
 *   - names, guests, list_saves, delete_save, resume, save failures (a
 *     file where a directory should be, the file-size limit) that leave the
 *     old save and the session as they were.
 * Deterministic: fixed seeds, random players at the weakest levels. */
#define _GNU_SOURCE /* memmem */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cfg.h"
#include "game.h"
#include "games/go/go.h"
#include "games/mastermind/mastermind.h"
#include "replay_helpers.h"
#include "session.h"
#include "store/saves.h"
#include "util/xalloc.h"

#define TEST_ALARM 60 /* seconds any one test may take */
#define OWNER "tester"

struct fixture {
	char dir[256]; /* the data directory */
};

static struct fixture *fx; /* the running test's */

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	const char *tmp = getenv("TMPDIR");

	snprintf(f->dir, sizeof(f->dir), "%s/quintet-saves-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(f->dir))
		return -1;
	*state = fx = f;
	alarm(TEST_ALARM);
	return 0;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	nftw(f->dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	free(f);
	fx = NULL;
	alarm(0);
	return 0;
}

/* A session of OWNER in the fixture's data directory (owner NULL: a guest),
 * at Go's random level (its default, the tree search, takes seconds a move). */
static struct session *new_session(uint64_t seed, const char *owner)
{
	struct session *s = session_new(seed);

	s->owner = owner;
	s->data_dir = fx->dir;
	s->level = cfg_level_index(cfg_game(s->cfg, "go"), "easy");
	return s;
}

/* The reply's text (malloc'd), or NULL for "?" (then *error, if given,
 * gets the message, malloc'd). */
static char *ask(struct session *s, const char *line, char **error)
{
	struct strbuf wire = STRBUF_INIT;
	struct session_job *job = NULL;
	char *buf = xstrdup(line);

	if (session_handle_line(s, buf, strlen(buf), 0, &wire, &job) == SESSION_JOB) {
		session_job_run(job);
		session_job_finish(s, job, true, &wire);
	}
	free(buf);
	const char *w = sb_str(&wire);
	size_t n = strlen(w);
	char *text = xstrdup(n >= 2 ? w + 2 : "");
	if (strlen(text) >= 2)
		text[strlen(text) - 2] = '\0';
	bool ok = w[0] == '=';
	sb_free(&wire);
	if (ok)
		return text;
	if (error)
		*error = text;
	else
		free(text);
	return NULL;
}

/* A command that must succeed. */
static void say(struct session *s, const char *line)
{
	char *error = NULL;
	char *text = ask(s, line, &error);

	if (!text)
		fail_msg("'%s' failed: %s", line, error);
	free(text);
}

/* A command that must fail with exactly msg. */
static void refuse(struct session *s, const char *line, const char *msg)
{
	char *error = NULL;
	char *text = ask(s, line, &error);

	if (text)
		fail_msg("'%s' succeeded: %s", line, text);
	assert_string_equal(error, msg);
	free(error);
}

static char *reply(struct session *s, const char *line)
{
	char *error = NULL;
	char *text = ask(s, line, &error);

	if (!text)
		fail_msg("'%s' failed: %s", line, error);
	return text;
}

static char *position_of(const struct game *g)
{
	struct strbuf out = STRBUF_INIT;

	g->ops->position(g, &out);
	return out.buf ? out.buf : xstrdup("");
}

/* The game's legal moves, by its own listing command, or for Go by trying
 * every vertex for both colours on copies. */
static char *legal_moves(struct session *s)
{
	const struct game *g = s->game;
	const char *name = g->ops->name;

	if (!strcmp(name, "ataxx"))
		return reply(s, "list_moves");
	if (!strcmp(name, "flood"))
		return reply(s, g->ops->to_move(g) == COLOR_WHITE ? "gains w" : "gains b");
	if (!strcmp(name, "mastermind"))
		return reply(s, "candidates");
	struct strbuf out = STRBUF_INIT;
	if (!strcmp(name, "go")) {
		int size = go_cof(g)->board.size;

		for (int c = COLOR_BLACK; c <= COLOR_WHITE; c++)
			for (int p = 0; p <= size * size; p++) {
				struct strbuf v = STRBUF_INIT;
				struct game *t = g->ops->copy(g);
				char err[128];
				int move;

				if (p == size * size)
					sb_puts(&v, "pass");
				else
					sb_printf(&v, "%c%d", "ABCDEFGHJKLMNOPQRSTUVWXYZ"[p % size],
						  p / size + 1);
				bool ok = t->ops->parse_move(t, sb_str(&v), &move, err, sizeof(err)) == 0 &&
					  t->ops->play(t, c, move, err, sizeof(err)) == 0;
				sb_printf(&out, "%d", ok);
				t->ops->destroy(t);
				sb_free(&v);
			}
	}
	return out.buf ? out.buf : xstrdup("");
}

static void assert_same_options(const struct game *a, const struct game *b)
{
	struct game_option_value x[GAME_MAX_OPTIONS], y[GAME_MAX_OPTIONS];
	int n = a->ops->get_options(a, x, GAME_MAX_OPTIONS);

	assert_int_equal(b->ops->get_options(b, y, GAME_MAX_OPTIONS), n);
	for (int i = 0; i < n; i++) {
		assert_string_equal(x[i].key, y[i].key);
		assert_string_equal(x[i].value, y[i].value);
	}
}

/* Everything a client could see or that decides what comes next. */
static void assert_same_state(struct session *a, struct session *b)
{
	assert_same_game(a->game, b->game);
	assert_same_text(position_of(a->game), position_of(b->game));
	assert_same_text(reply(a, "showboard"), reply(b, "showboard"));
	assert_same_text(reply(a, "level"), reply(b, "level"));
	assert_same_text(legal_moves(a), legal_moves(b));
	assert_same_options(a->game, b->game);
	assert_memory_equal(&a->game->rng, &b->game->rng, sizeof(a->game->rng));
	assert_int_equal(a->level, b->level);
	assert_int_equal(a->clock.limited, b->clock.limited);
	assert_true(a->clock.main_time == b->clock.main_time);
	assert_true(a->clock.byo_time == b->clock.byo_time);
	assert_int_equal(a->clock.byo_stones, b->clock.byo_stones);
	assert_int_equal(a->clock.byo_periods, b->clock.byo_periods);
	for (int c = COLOR_BLACK; c <= COLOR_WHITE; c++) {
		assert_true(a->clock.left[c] == b->clock.left[c]);
		assert_int_equal(a->clock.stones_left[c], b->clock.stones_left[c]);
	}
	assert_int_equal(a->created, b->created);
	if (!strcmp(a->game->ops->name, "mastermind")) {
		const struct mm_game *x = mm_cof(a->game), *y = mm_cof(b->game);

		assert_int_equal(x->secret_set, y->secret_set);
		assert_int_equal(x->breaker, y->breaker);
		if (!x->breaker) /* the engine breaking a code holds none */
			assert_memory_equal(&x->secret, &y->secret, sizeof(x->secret));
	}
}

/* Save a's game as name, load it into a new session, compare, then undo
 * on both while the game allows and compare after each step; a then loads
 * the save again, to go on from where it was. */
static void round_trip(struct session *a, const char *name)
{
	char line[96];
	struct session *b = new_session(999, OWNER);

	snprintf(line, sizeof(line), "save %s", name);
	say(a, line);
	snprintf(line, sizeof(line), "load %s", name);
	say(b, line);
	assert_same_state(a, b);
	for (int i = 0; i < 200; i++) {
		char *ea = NULL, *eb = NULL, *ra = ask(a, "undo", &ea), *rb = ask(b, "undo", &eb);

		assert_int_equal(ra != NULL, rb != NULL);
		free(ra), free(rb), free(ea), free(eb);
		if (!ra)
			break;
		assert_same_state(a, b);
	}
	session_free(b);
	snprintf(line, sizeof(line), "load %s", name);
	say(a, line);
}

static char *read_save(const char *name)
{
	char path[512];
	FILE *f;
	struct strbuf out = STRBUF_INIT;
	char buf[4096];
	size_t n;

	snprintf(path, sizeof(path), "%s/saves/%s/%s.yaml", fx->dir, OWNER, name);
	assert_non_null(f = fopen(path, "rb"));
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sb_append(&out, buf, n);
	fclose(f);
	return out.buf ? out.buf : xstrdup("");
}

static void write_save(const char *name, const char *data, size_t len)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/saves", fx->dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/saves/%s", fx->dir, OWNER);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/saves/%s/%s.yaml", fx->dir, OWNER, name);
	assert_non_null(f = fopen(path, "wb"));
	assert_int_equal(fwrite(data, 1, len, f), len);
	fclose(f);
}

/* ------------------------------------------------------------ every game */

/* Every line of write_setup and history names a GTP_REPLAY row. */
static void assert_replayable(struct session *s)
{
	char *script = replay_script(s->game, COLOR_NONE), *save = NULL;

	for (char *l = strtok_r(script, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char name[64];
		const struct gtp_command *c;

		sscanf(l, "%63s", name);
		c = gtp_find(session_commands, name);
		if (!c || !game_has_op(s->game->ops, c->needs))
			c = gtp_find(s->game->ops->commands, name);
		if (!c || !(c->flags & GTP_REPLAY))
			fail_msg("%s: '%s' is not a GTP_REPLAY row", s->game->ops->name, l);
	}
	free(script);
}

/* What a game needs before genmove can play on by itself: Mastermind's
 * engine breaks a code it is told the answers for only with one set. */
static const char *genmove_setup(const char *game)
{
	return strcmp(game, "mastermind") ? NULL : "setcode 1234";
}

/* A new game must add get_options and position; its setup and history
 * must replay (GTP_REPLAY rows); and a dozen moves of its own (or a whole
 * game) must round-trip. */
static void test_every_game(void **state)
{
	(void)state;
	for (int i = 0; game_table[i]; i++) {
		const struct game_ops *ops = game_table[i];
		struct session *s = new_session(7 + (uint64_t)i, OWNER);
		char line[64];

		assert_non_null(ops->get_options);
		assert_non_null(ops->position);
		assert_non_null(ops->write_setup);
		assert_non_null(ops->history);
		snprintf(line, sizeof(line), "game %s", ops->name);
		say(s, line);
		say(s, "level easy"); /* every game has it: the quick players */
		assert_replayable(s);
		round_trip(s, "fresh");
		if (genmove_setup(ops->name))
			say(s, genmove_setup(ops->name));
		assert_non_null(ops->genmove);
		int made = 0;
		while (made < 12 && !ops->is_over(s->game)) {
			snprintf(line, sizeof(line), "genmove %s",
				 ops->to_move(s->game) == COLOR_WHITE ? "w" : "b");
			say(s, line);
			made++;
		}
		/* no game is over before its first move */
		assert_true(made > 0 && (made == 12 || ops->is_over(s->game)));
		assert_replayable(s);
		round_trip(s, ops->name);
		session_free(s);
	}
}

/* ------------------------------------------------------------ per game */

static void test_go(void **state)
{
	struct session *s = new_session(11, OWNER);

	(void)state;
	say(s, "boardsize 9");
	say(s, "komi 6.5");
	say(s, "rules superko");
	for (int m = 0; m < 30; m++)
		say(s, m % 2 ? "genmove w" : "genmove b");
	say(s, "play b pass");
	say(s, "level medium");
	say(s, "time_settings 600 30 5");
	say(s, "time_left b 300 0");
	say(s, "time_left w 20 3");
	round_trip(s, "go9");
	char *text = read_save("go9");
	assert_null(strstr(text, "\nsetup:")); /* a standard start */
	assert_non_null(strstr(text, "\nlevel: medium\n"));
	assert_non_null(strstr(text, "  komi: 6.5\n"));
	assert_non_null(strstr(text, "  white_stones_left: 3\n"));
	free(text);
	session_free(s);
}

/* Japanese byo-yomi survives a save: its periods, the periods left. */
static void test_go_byoyomi(void **state)
{
	struct session *s = new_session(13, OWNER);

	(void)state;
	say(s, "boardsize 9");
	say(s, "play b E5");
	say(s, "kgs-time_settings byoyomi 600 30 5");
	say(s, "time_left b 25 4");
	round_trip(s, "go9byo");
	char *text = read_save("go9byo");
	assert_non_null(strstr(text, "  byo_yomi_periods: 5\n"));
	assert_non_null(strstr(text, "  black_stones_left: 4\n"));
	free(text);
	/* Without periods, no such line (older saves load as they did). */
	say(s, "time_settings 600 30 5");
	round_trip(s, "go9can");
	text = read_save("go9can");
	assert_null(strstr(text, "byo_yomi_periods"));
	free(text);
	session_free(s);
}

static void test_go_handicap(void **state)
{
	struct session *s = new_session(12, OWNER);

	(void)state;
	say(s, "boardsize 13");
	say(s, "fixed_handicap 4");
	say(s, "play w C3");
	say(s, "play b pass");
	round_trip(s, "handicap");
	char *text = read_save("handicap");
	assert_non_null(strstr(text, "\nsetup:\n"));
	assert_non_null(strstr(text, "\n- set_free_handicap "));
	free(text);
	session_free(s);
}

static void test_ataxx(void **state)
{
	struct session *s = new_session(13, OWNER);

	(void)state;
	say(s, "game ataxx");
	say(s, "rules standard");
	say(s, "layout corners 2");
	for (int m = 0; m < 25 && !s->game->ops->is_over(s->game); m++)
		say(s, s->game->ops->to_move(s->game) == COLOR_WHITE ? "genmove o" : "genmove x");
	round_trip(s, "ataxx");
	free(ask(s, "clear_board", NULL));
	say(s, "loadfen x5o/7/2-1-2/7/2-1-2/7/o5x o 3 10");
	say(s, "genmove o");
	round_trip(s, "fen");
	char *text = read_save("fen");
	assert_non_null(strstr(text, "\n- loadfen x5o/7/2-1-2/7/2-1-2/7/o5x o 3 10\n"));
	free(text);
	session_free(s);
}

static void test_flood(void **state)
{
	struct session *s = new_session(14, OWNER);

	(void)state;
	say(s, "game flood");
	say(s, "rectangular_boardsize 9 6");
	say(s, "colors 5");
	say(s, "mode computer white");
	for (int m = 0; m < 6; m++)
		say(s, s->game->ops->to_move(s->game) == COLOR_WHITE ? "genmove w" : "genmove b");
	round_trip(s, "flood");
	char *text = read_save("flood");
	assert_non_null(strstr(text, "\n- loadboard ")); /* the random board itself */
	assert_non_null(strstr(text, "  width: 9\n  height: 6\n  colors: 5\n  mode: computer\n"));
	free(text);
	say(s, "loadboard 12W/B12/B31 w");
	say(s, "play w 1");
	round_trip(s, "loadboard");
	session_free(s);
}

static void test_mastermind_maker(void **state)
{
	struct session *s = new_session(15, OWNER);

	(void)state;
	say(s, "game mastermind");
	say(s, "variant classic tries 12");
	round_trip(s, "fresh"); /* the engine's random secret, before any try */
	say(s, "guess 1234");
	say(s, "guess 5566");
	round_trip(s, "maker");
	char *text = read_save("maker");
	assert_non_null(strstr(text, " engine\n")); /* setcode CODE engine */
	assert_non_null(strstr(text, "  variant: custom\n"));
	free(text);
	say(s, "clear_board");
	say(s, "setcode 1122");
	say(s, "guess 1212");
	round_trip(s, "setcode");
	session_free(s);
}

/* The person's answer to the engine's last guess for secret. */
static void answer(struct session *s, const char *secret)
{
	const struct mm_game *mg = mm_cof(s->game);
	struct mm_code code;
	struct strbuf line = STRBUF_INIT;
	char err[128];

	assert_int_equal(mm_code_parse(&mg->v, secret, &code, err, sizeof(err)), 0);
	sb_puts(&line, "feedback ");
	mm_fb_print(&mg->v, mm_feedback(&mg->v, &code, &mg->tries[mg->ntries - 1].guess), &line);
	say(s, sb_str(&line));
	sb_free(&line);
}

static void test_mastermind_breaker(void **state)
{
	struct session *s = new_session(16, OWNER);

	(void)state;
	say(s, "game mastermind");
	say(s, "level easy");
	say(s, "genmove b");
	round_trip(s, "pending"); /* a guess waiting for its answer */
	answer(s, "1234");
	say(s, "genmove b");
	answer(s, "1234");
	round_trip(s, "breaker");
	char *text = read_save("breaker");
	assert_non_null(strstr(text, "\nsetup:\n- variant digits"));
	assert_non_null(strstr(text, "\n- genmove b\n- undo\n"));
	assert_non_null(strstr(text, "\n- feedback "));
	free(text);
	session_free(s);
}

/* Finished games: two passes in Go, a solved code, a board that is full. */
static void test_finished(void **state)
{
	struct session *s = new_session(17, OWNER);

	(void)state;
	say(s, "boardsize 5");
	say(s, "play b C3");
	say(s, "play w pass");
	say(s, "play b pass");
	assert_true(s->game->ops->is_over(s->game));
	round_trip(s, "go_over");
	say(s, "game mastermind");
	say(s, "setcode 1234");
	say(s, "guess 1234");
	assert_true(s->game->ops->is_over(s->game));
	round_trip(s, "mm_over");
	say(s, "game flood");
	say(s, "rectangular_boardsize 4 3");
	for (int m = 0; m < 60 && !s->game->ops->is_over(s->game); m++)
		say(s, s->game->ops->to_move(s->game) == COLOR_WHITE ? "genmove w" : "genmove b");
	assert_true(s->game->ops->is_over(s->game));
	round_trip(s, "flood_over");
	session_free(s);
}

/* Loading takes the saved game's kind, level, clock and time of creation. */
static void test_load_switches_game(void **state)
{
	struct session *a = new_session(18, OWNER), *b = new_session(19, OWNER);

	(void)state;
	say(a, "game ataxx");
	say(a, "level hard");
	a->created = 1000000000;
	say(a, "play x a3");
	say(a, "save kind");
	say(b, "boardsize 9");
	say(b, "load kind");
	assert_string_equal(b->game->ops->name, "ataxx");
	assert_int_equal(b->created, 1000000000);
	assert_same_state(a, b);
	session_free(a);
	session_free(b);
}

/* ------------------------------------------------------------ corrupt files */

/* The session's observable state, to compare before and after. */
static char *snapshot(struct session *s)
{
	struct strbuf out = STRBUF_INIT;
	char *board = reply(s, "showboard"), *level = reply(s, "level"), *pos = position_of(s->game);

	sb_printf(&out, "%s|%s|%s|%s|%d|%g", s->game->ops->name, board, level, pos, s->level,
		  s->clock.main_time);
	free(board), free(level), free(pos);
	return out.buf;
}

/* The text of a valid save of a short Go game. */
static char *valid_text(void)
{
	struct session *s = new_session(20, OWNER);

	say(s, "boardsize 9");
	say(s, "play b D4");
	say(s, "play w E5");
	say(s, "save base");
	session_free(s);
	return read_save("base");
}

struct row {
	const char *name;  /* the test's name */
	const char *find;  /* text of the valid save to replace ("" = the end) */
	const char *with;  /* what replaces it */
	const char *error; /* the exact reply */
};

static const struct row rows[] = {
	{ "truncated before to_move", "to_move:", NULL, "corrupt save: missing field to_move" },
	{ "truncated in the digest", "\n", NULL,
	  "corrupt save: digest: expected 16 lowercase hex digits, got \"*" },
	{ "a move illegal on replay", "- play w E5", "- play w D4",
	  "corrupt save: history: move 2 (play w D4): illegal move" },
	{ "a move that is not one", "- play w E5", "- play w Z9",
	  "corrupt save: history: move 2 (play w Z9): invalid coordinate" },
	{ "another move: the digest differs", "- play w E5", "- play w E6",
	  "corrupt save: digest: the replayed position differs" },
	{ "a move removed", "- play w E5\n", "",
	  "corrupt save: moves: 2, but the history holds 1" },
	{ "the side to move edited", "to_move: black", "to_move: white",
	  "corrupt save: to_move: white, but black is to move after the history" },
	{ "another version", "quintet_save: 1", "quintet_save: 2",
	  "corrupt save: quintet_save: version 2 (this quintet reads version 1)" },
	{ "no version", "quintet_save: 1\n", "",
	  "corrupt save: not a quintet save (no quintet_save field)" },
	{ "deeply nested", "  komi: 7.5", "  komi: [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]",
	  "corrupt save: nesting deeper than 8 levels at line 10, column 15" },
	{ "not UTF-8", "- play b D4", "- play b D4\xff",
	  "corrupt save: not UTF-8 text: invalid leading UTF-8 octet at byte %zu" },
	{ "not YAML", "game: go", "game: [go",
	  "corrupt save: not YAML: did not find expected ',' or ']' at line 3, column 6" },
	{ "a duplicate field", "game: go\n", "game: go\ngame: go\n",
	  "corrupt save: duplicate field \"game\"" },
	{ "an unknown field", "game: go\n", "game: go\ncolour: blue\n",
	  "corrupt save: unknown field \"colour\"" },
	{ "the digest missing", "digest:", "#",
	  "corrupt save: missing field digest" },
	{ "an unknown game", "game: go", "game: chess", "corrupt save: game: unknown game chess" },
	{ "an unknown option", "  komi: 7.5", "  komi: 7.5\n  colour: 2",
	  "corrupt save: options.colour: not an option of go" },
	{ "a bad option value", "  komi: 7.5", "  komi: lots",
	  "corrupt save: options.komi: expected a number from -1000 to 1000, got \"lots\"" },
	{ "an option missing", "  komi: 7.5\n", "", "corrupt save: options: komi missing" },
	{ "a size the game refuses", "  size: 9", "  size: 99",
	  "corrupt save: options.size: unacceptable size" },
	{ "an unknown level", "level: easy", "level: grandmaster",
	  "corrupt save: level: go has no level grandmaster" },
	{ "a setup command that is not one", "history:", "setup:\n- loadsgf /etc/passwd\nhistory:",
	  "corrupt save: setup: line 1 (loadsgf /etc/passwd): loadsgf is not a setup or history "
	  "command" },
	{ "a setup that changes an option", "history:", "setup:\n- boardsize 13\nhistory:",
	  "corrupt save: setup: changes options.size to 13" },
	{ "a history command that is not one", "- play w E5", "- play w E5\n- quit",
	  "corrupt save: history: move 3 (quit): quit is not a setup or history command" },
	{ "a history item not text", "- play w E5", "- {play: w}",
	  "corrupt save: history: item 2 is not text" },
	{ "a bad time", "created: ", "created: yesterday\nx: ",
	  "corrupt save: created: expected a UTC time such as 2025-01-02T03:04:05Z, got "
	  "\"yesterday\"" },
	{ "the random state zero", "random: ", "random: " "0000000000000000000000000000000000000000"
	  "000000000000000000000000\nx: ", "corrupt save: random: all zero (no generator state)" },
	{ "a negative clock", "  main_time: 0", "  main_time: -5",
	  "corrupt save: clock.main_time: expected a number from 0 to 100000000, got \"-5\"" },
	{ "a clock field missing", "  byo_yomi_stones: 0\n", "",
	  "corrupt save: clock: missing field byo_yomi_stones" },
	{ "a list where text goes", "game: go", "game: [go]",
	  "corrupt save: game: expected text, found a list" },
	{ "not a mapping", NULL, "- just\n- a list\n", "corrupt save: not a mapping of fields" },
	{ "empty", NULL, "", "corrupt save: empty file" },
	{ "only a comment", NULL, "# nothing\n", "corrupt save: empty file" },
	{ "two documents", "", "---\nquintet_save: 1\n",
	  "corrupt save: more than one YAML document" },
};

/* The file of row r: the valid text with its change. */
static char *corrupt_text(const struct row *r, size_t *len)
{
	char *base = valid_text();
	struct strbuf out = STRBUF_INIT;

	if (!r->find) {
		sb_puts(&out, r->with);
	} else if (!*r->find) {
		sb_puts(&out, base);
		sb_puts(&out, r->with);
	} else if (!r->with) {
		/* Truncated: cut at find (the last newline for "\n", keeping
		 * 4 digest digits). */
		const char *at = strcmp(r->find, "\n") ? strstr(base, r->find) : NULL;
		size_t cut = at ? (size_t)(at - base) : strlen(base) - 13;

		sb_append(&out, base, cut);
	} else {
		const char *at = strstr(base, r->find);

		assert_non_null(at);
		sb_append(&out, base, (size_t)(at - base));
		sb_puts(&out, r->with);
		sb_puts(&out, at + strlen(r->find));
	}
	free(base);
	*len = out.len;
	return out.buf ? out.buf : xstrdup("");
}

/* One row: the load fails with the row's error, and the session is as it
 * was (another game, with its own level and clock). */
static void check_row(const struct row *r)
{
	struct session *s = new_session(21, OWNER);
	size_t len;
	char *text = corrupt_text(r, &len);

	char want[256];
	const char *ff = memchr(text, '\xff', len);
	snprintf(want, sizeof(want), r->error, ff ? (size_t)(ff - text) : (size_t)0);
	write_save("bad", text, len);
	free(text);
	say(s, "game flood");
	say(s, "genmove b");
	say(s, "level hard");
	say(s, "time_settings 60 0 0");
	char *before = snapshot(s);
	if (want[strlen(want) - 1] == '*') { /* a prefix: the rest varies */
		char *error = NULL, *reply_text = ask(s, "load bad", &error);

		assert_null(reply_text);
		assert_int_equal(strncmp(error, want, strlen(want) - 1), 0);
		free(error);
	} else {
		refuse(s, "load bad", want);
	}
	char *after = snapshot(s);
	assert_string_equal(before, after);
	free(before), free(after);
	session_free(s);
}

static const struct row *current_row; /* the running row test's */

/* The row comes as the prestate; the fixture replaces it. */
static int row_setup(void **state)
{
	current_row = *state;
	return setup(state);
}

static void test_row(void **state)
{
	(void)state;
	check_row(current_row);
}

/* ------------------------------------------------------------ files */

static void test_too_large(void **state)
{
	struct session *s = new_session(22, OWNER);
	char *base = valid_text();
	struct strbuf big = STRBUF_INIT;

	(void)state;
	sb_puts(&big, base);
	while (big.len <= SAVES_MAX_BYTES)
		sb_puts(&big, "# padding padding padding padding padding padding padding\n");
	write_save("big", big.buf, big.len);
	refuse(s, "load big", "corrupt save: larger than 1048576 bytes");
	/* Exactly at the cap is read (and this one is a good save). */
	sb_reset(&big);
	sb_puts(&big, base);
	while (big.len + 60 < SAVES_MAX_BYTES)
		sb_puts(&big, "# padding padding padding padding padding padding padding\n");
	while (big.len < SAVES_MAX_BYTES)
		sb_puts(&big, "\n");
	assert_int_equal(big.len, SAVES_MAX_BYTES);
	write_save("edge", big.buf, big.len);
	say(s, "load edge");
	sb_free(&big);
	free(base);
	session_free(s);
}

static void test_names_and_guests(void **state)
{
	struct session *s = new_session(23, OWNER), *g = new_session(24, NULL);
	static const char *const bad[] = {
		"a.b", "../x", "a/b", ".hidden", "x*y", "\xc3\xa9t\xc3\xa9",
		"12345678901234567890123456789012345678901234567890123456789012345",
	};
	char line[128];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(line, sizeof(line), "save %s", bad[i]);
		refuse(s, line, "invalid save name");
		snprintf(line, sizeof(line), "load %s", bad[i]);
		refuse(s, line, "invalid save name");
		snprintf(line, sizeof(line), "delete_save %s", bad[i]);
		refuse(s, line, "invalid save name");
	}
	say(s, "save 1234567890123456789012345678901234567890123456789012345678901234");
	say(s, "save A-Z_a-z-0-9");
	refuse(s, "load missing", "no such save");
	refuse(s, "delete_save missing", "no such save");
	refuse(g, "save x", "guests cannot save");
	refuse(g, "load x", "guests cannot save");
	refuse(g, "list_saves", "guests cannot save");
	refuse(g, "delete_save x", "guests cannot save");
	refuse(g, "resume", "guests cannot save");
	refuse(s, "save", "wrong number of arguments");
	refuse(s, "load a b", "wrong number of arguments");
	refuse(s, "resume now", "wrong number of arguments");
	session_free(s);
	session_free(g);
}

/* Files with given save times, written as a save would write them. */
static void save_at(struct session *s, const char *name, time_t when)
{
	struct cmd_ctx ctx = {
		.game = s->game, .cfg = s->cfg, .level = s->level, .clock = s->clock,
		.owner = OWNER, .data_dir = fx->dir, .created = s->created,
	};
	struct strbuf text = STRBUF_INIT;
	char err[SAVES_ERRLEN];

	assert_int_equal(saves_format(&ctx, when, &text, err, sizeof(err)), 0);
	write_save(name, text.buf, text.len);
	sb_free(&text);
}

static void test_list_and_delete(void **state)
{
	struct session *s = new_session(25, OWNER);
	char path[512];

	(void)state;
	char *none = reply(s, "list_saves");
	assert_string_equal(none, ""); /* nothing saved: no directory yet */
	free(none);
	say(s, "play b D4");
	save_at(s, "old", 1500000000);
	say(s, "game mastermind");
	say(s, "guess 1234");
	save_at(s, "newest", 1700000000);
	save_at(s, "alpha", 1600000000);
	save_at(s, "beta", 1600000000);
	write_save("junk", "not a save\n", 11);
	snprintf(path, sizeof(path), "%s/saves/%s/junk.yaml", fx->dir, OWNER);
	struct timespec times[2] = { { 1400000000, 0 }, { 1400000000, 0 } };
	assert_int_equal(utimensat(AT_FDCWD, path, times, 0), 0);
	write_save("bad.name", "x", 1);      /* not a save name: not listed */
	snprintf(path, sizeof(path), "%s/saves/%s/.quintet-tmp-0123456789abcdef", fx->dir, OWNER);
	FILE *f = fopen(path, "w");
	fclose(f);
	assert_int_equal(utimensat(AT_FDCWD, path, times, 0), 0); /* a crash's, long ago */
	char fresh[512];
	snprintf(fresh, sizeof(fresh), "%s/saves/%s/.quintet-tmp-fedcba9876543210", fx->dir, OWNER);
	f = fopen(fresh, "w");
	fclose(f);
	char *list = reply(s, "list_saves");
	assert_string_equal(list, "newest mastermind 1 2023-11-14T22:13:20Z\n"
				  "alpha mastermind 1 2020-09-13T12:26:40Z\n"
				  "beta mastermind 1 2020-09-13T12:26:40Z\n"
				  "old go 1 2017-07-14T02:40:00Z\n"
				  "junk ? ? 2014-05-13T16:53:20Z");
	free(list);
	assert_int_equal(access(path, F_OK), -1);  /* the stale temporary is gone */
	assert_int_equal(access(fresh, F_OK), 0);  /* a fresh one may be a save at work */
	say(s, "delete_save alpha");
	refuse(s, "delete_save alpha", "no such save");
	refuse(s, "load alpha", "no such save");
	refuse(s, "load junk", "corrupt save: not a mapping of fields");
	say(s, "load old");
	assert_string_equal(s->game->ops->name, "go");
	session_free(s);
}

static void test_resume(void **state)
{
	struct session *s = new_session(26, OWNER), *t = new_session(27, OWNER);

	(void)state;
	refuse(t, "resume", "no such save");
	say(s, "game ataxx");
	say(s, "play x a1a3");
	say(s, "save autosave");
	say(t, "resume");
	assert_same_state(s, t);
	session_free(s);
	session_free(t);
}

/* A file where the owner's directory should be: the save fails with the
 * system's reason, and the session goes on. */
static void test_save_failed_not_a_directory(void **state)
{
	struct session *s = new_session(28, OWNER);
	char path[512];

	(void)state;
	snprintf(path, sizeof(path), "%s/saves", fx->dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/saves/%s", fx->dir, OWNER);
	FILE *f = fopen(path, "w");
	fclose(f);
	say(s, "play b D4");
	char *before = snapshot(s);
	refuse(s, "save x", "save failed: Not a directory");
	char *after = snapshot(s);
	assert_string_equal(before, after);
	free(before), free(after);
	say(s, "play w Q16");
	session_free(s);
}

/* Out of space (the file-size limit stands in for a full disk or a
 * quota): the save fails with strerror's text, the old save is whole and
 * no temporary is left. */
static void test_save_failed_no_space(void **state)
{
	struct session *s = new_session(29, OWNER), *t = new_session(30, OWNER);
	struct rlimit old, tiny = { 200, 0 };
	char dir[512];

	(void)state;
	say(s, "boardsize 9");
	say(s, "play b D4");
	say(s, "save slot");
	char *saved = read_save("slot");
	for (int m = 0; m < 20; m++)
		say(s, m % 2 ? "genmove b" : "genmove w");
	char *before = snapshot(s);
	signal(SIGXFSZ, SIG_IGN);
	getrlimit(RLIMIT_FSIZE, &old);
	tiny.rlim_max = old.rlim_max;
	setrlimit(RLIMIT_FSIZE, &tiny);
	char *error = NULL, *text = ask(s, "save slot", &error);
	setrlimit(RLIMIT_FSIZE, &old);
	assert_null(text);
	assert_string_equal(error, "save failed: File too large");
	free(error);
	char *after = snapshot(s);
	assert_string_equal(before, after);
	char *still = read_save("slot");
	assert_string_equal(still, saved);
	say(t, "load slot");
	snprintf(dir, sizeof(dir), "%s/saves/%s", fx->dir, OWNER);
	DIR *d = opendir(dir);
	int files = 0;
	for (struct dirent *de; (de = readdir(d));)
		files += de->d_name[0] != '.' || strncmp(de->d_name, ".quintet-tmp-", 13) == 0;
	closedir(d);
	assert_int_equal(files, 1); /* slot.yaml alone */
	free(before), free(after), free(saved), free(still);
	session_free(s);
	session_free(t);
}

/* A game the protocol cannot set up again (white setup stones from an
 * SGF file) is refused at save, not found out at load. */
static void test_save_refuses_unreplayable(void **state)
{
	struct session *s = new_session(31, OWNER);

	(void)state;
	say(s, "boardsize 9");
	assert_int_equal(go_setup_stone(go_of(s->game), GO_WHITE, go_point(&go_of(s->game)->board, 2, 2)),
			 0);
	refuse(s, "save x", "save failed: setup stones not expressible");
	session_free(s);
}

/* A save quintet wrote before Ataxx enforced whose turn it is (issue 50),
 * when play took either colour as GTP's Go does: black moved twice in a
 * row. It still loads, the same position (its digest checked), and the
 * game goes on under the rule; saved again it round-trips, and undo takes
 * the moves back as they were played. */
static void test_ataxx_either_colour_save(void **state)
{
	static const char text[] =
		"quintet_save: 1\n"
		"game: ataxx\n"
		"moves: 3\n"
		"saved: 2026-12-07T10:15:57Z\n"
		"created: 2026-12-07T10:15:57Z\n"
		"level: easy\n"
		"options:\n"
		"  size: 7\n"
		"  layout: rows 2\n"
		"  rules: yinyang\n"
		"clock:\n"
		"  main_time: 0\n"
		"  byo_yomi_time: 0\n"
		"  byo_yomi_stones: 0\n"
		"  black_time_left: 0\n"
		"  black_stones_left: 0\n"
		"  white_time_left: 0\n"
		"  white_stones_left: 0\n"
		"random: 63033b0ca389c35ac097314d939736f83b92d3f0106bc147196e4ec2da05b945\n"
		"history:\n"
		"- play b a3\n"
		"- play b b3\n"
		"- play w a5\n"
		"to_move: black\n"
		"digest: 4e75c8a6019d985e\n";
	struct session *s = new_session(34, OWNER);
	char *fen;

	(void)state;
	write_save("old", text, strlen(text));
	say(s, "load old");
	fen = reply(s, "fen");
	assert_string_equal(fen, "ooooooo/ooooooo/o6/7/xx5/xxxxxxx/xxxxxxx x 0 2");
	free(fen);
	refuse(s, "play w a4", "out of turn");
	round_trip(s, "again");
	say(s, "undo");
	say(s, "undo");
	fen = reply(s, "fen");
	assert_string_equal(fen, "ooooooo/ooooooo/7/7/x6/xxxxxxx/xxxxxxx o 0 1");
	free(fen);
	refuse(s, "play b b3", "out of turn");
	session_free(s);
}

/* The configured sizes hold for a save too. */
static void test_configured_sizes(void **state)
{
	static const char text[] = "games:\n  go:\n    sizes: [9, 19]\n";
	char err[CFG_ERRLEN];
	struct config *cfg = cfg_load_text(text, strlen(text), "test.yaml", err, sizeof(err));
	struct session *s = new_session(32, OWNER), *t;
	char *base;

	(void)state;
	assert_non_null(cfg);
	say(s, "boardsize 13");
	say(s, "play b D4");
	say(s, "save s13");
	base = read_save("s13");
	cfg_set_current(cfg);
	cfg_unref(cfg);
	t = new_session(33, OWNER);
	refuse(t, "load s13", "corrupt save: options.size: 13 is not an allowed size");
	refuse(t, "boardsize 13", "unacceptable size");
	say(t, "boardsize 9");
	say(t, "save s9");
	say(t, "load s9");
	cfg_set_current(NULL);
	free(base);
	session_free(s);
	session_free(t);
}

/* ------------------------------------------------------------ main */

#define ROWS (sizeof(rows) / sizeof(rows[0]))

int main(void)
{
	struct CMUnitTest tests[64 + ROWS];
	size_t n = 0;
	const struct CMUnitTest fixed[] = {
		cmocka_unit_test_setup_teardown(test_every_game, setup, teardown),
		cmocka_unit_test_setup_teardown(test_go, setup, teardown),
		cmocka_unit_test_setup_teardown(test_go_byoyomi, setup, teardown),
		cmocka_unit_test_setup_teardown(test_go_handicap, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ataxx, setup, teardown),
		cmocka_unit_test_setup_teardown(test_flood, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mastermind_maker, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mastermind_breaker, setup, teardown),
		cmocka_unit_test_setup_teardown(test_finished, setup, teardown),
		cmocka_unit_test_setup_teardown(test_load_switches_game, setup, teardown),
		cmocka_unit_test_setup_teardown(test_too_large, setup, teardown),
		cmocka_unit_test_setup_teardown(test_names_and_guests, setup, teardown),
		cmocka_unit_test_setup_teardown(test_list_and_delete, setup, teardown),
		cmocka_unit_test_setup_teardown(test_resume, setup, teardown),
		cmocka_unit_test_setup_teardown(test_save_failed_not_a_directory, setup, teardown),
		cmocka_unit_test_setup_teardown(test_save_failed_no_space, setup, teardown),
		cmocka_unit_test_setup_teardown(test_save_refuses_unreplayable, setup, teardown),
		cmocka_unit_test_setup_teardown(test_configured_sizes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ataxx_either_colour_save, setup, teardown),
	};

	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		tests[n++] = fixed[i];
	for (size_t i = 0; i < ROWS; i++) {
		struct CMUnitTest t = cmocka_unit_test_prestate_setup_teardown(
			test_row, row_setup, teardown, (void *)&rows[i]);

		t.name = rows[i].name;
		tests[n++] = t;
	}
	int failed = _cmocka_run_group_tests("saves", tests, n, NULL, NULL);

	cfg_set_current(NULL);
	return failed;
}
