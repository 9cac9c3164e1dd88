/* The UAI front end (see uai.h and protocol/PROTOCOL.md, "UAI").
 *
 *   reader (uai_run) ── position, setoption, isready, perft ... answered at once
 *        │ go
 *        └─> search thread ── info lines ... bestmove
 *   stop, quit: set the stop flag, join the thread; any other command but
 *   isready first waits for the search to end (an infinite one is stopped).
 *
 * Both threads write whole lines to out under one lock. The search thread
 * owns a copy of the position; the reader never touches it while it runs. */
#include "games/ataxx/ataxx_uai.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "config.h"
#include "games/ataxx/ataxx.h"
#include "games/ataxx/ataxx_search.h"
#include "util/xalloc.h"

#define UAI_MAX_WORDS 4096
#define UAI_DEFAULT_HASH_MB 4
#define UAI_MOVETIME_MARGIN 0.004 /* seconds kept back from movetime */
#define UAI_CLOCK_MARGIN 0.020    /* seconds kept back from the clock */

enum uai_level { UAI_EASY, UAI_GREEDY, UAI_HARD };

static const char *const level_names[] = { "easy", "greedy", "hard" };

struct uai {
	FILE *out;                 /* where replies go */
	pthread_mutex_t lock;      /* one writer at a time on out */
	bool write_failed;         /* out could not be written */
	struct ataxx_game *game;   /* the position (size, rules, history) */
	enum uai_level level;      /* Level option */
	int hash_mb;               /* Hash option */
	pthread_t thread;          /* the search, while searching */
	bool searching;            /* a thread to join */
	atomic_bool stop;          /* ask the search to answer now */
	atomic_bool infinite;      /* hold bestmove until stop */
	pthread_mutex_t idle_lock; /* with idle: an infinite search waits for stop */
	pthread_cond_t idle;       /* signalled by stop */
};

/* What one go asks for. */
struct uai_go {
	struct uai *u;             /* the front end */
	struct axw_pos pos;        /* the position searched (the thread's copy) */
	int size;                  /* its board size */
	struct ataxx_limits lim;   /* depth, nodes, time */
	struct ataxx_game *game;   /* for the easy and greedy levels' rng */
};

static void say(struct uai *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void say(struct uai *u, const char *fmt, ...)
{
	va_list ap;

	pthread_mutex_lock(&u->lock);
	va_start(ap, fmt);
	if (vfprintf(u->out, fmt, ap) < 0 || fputc('\n', u->out) == EOF || fflush(u->out) == EOF)
		u->write_failed = true;
	va_end(ap);
	pthread_mutex_unlock(&u->lock);
}

/* ------------------------------------------------------------- search */

static void move_text(int move, struct strbuf *sb)
{
	ataxx_print_move(move, true, sb);
}

static void report(void *ctx, const struct ataxx_info *info)
{
	struct uai *u = ctx;
	struct strbuf pv = STRBUF_INIT;
	long ms = (long)(info->seconds * 1000);
	char score[32];

	for (int i = 0; i < info->npv; i++) {
		sb_puts(&pv, " ");
		move_text(info->pv[i], &pv);
	}
	if (info->score > ATAXX_WIN_BOUND || info->score < -ATAXX_WIN_BOUND) {
		int plies = ATAXX_WIN - abs(info->score);
		snprintf(score, sizeof(score), "mate %d", (info->score > 0 ? 1 : -1) * (plies + 1) / 2);
	} else {
		snprintf(score, sizeof(score), "cp %d", info->score);
	}
	say(u, "info depth %d score %s nodes %ld time %ld nps %ld pv%s", info->depth, score,
	    info->nodes, ms, info->seconds > 0 ? (long)(info->nodes / info->seconds) : 0,
	    sb_str(&pv));
	sb_free(&pv);
}

static int level_move(struct uai_go *go)
{
	struct game_level level = { 0 };
	struct game_budget budget = { .level = &level };
	char err[64];
	int move = AX_PASS;

	snprintf(level.algorithm, sizeof(level.algorithm), "%s",
		 go->u->level == UAI_EASY ? "random" : "greedy");
	ataxx_choose(go->game, &go->pos, &budget, &move, err, sizeof(err));
	return move;
}

static void *search_main(void *arg)
{
	struct uai_go *go = arg;
	struct uai *u = go->u;
	struct strbuf best = STRBUF_INIT;
	int move = AX_PASS;

	if (!axw_is_over(&go->pos))
		move = u->level == UAI_HARD ? ataxx_search(&go->pos, go->size, &go->lim, NULL)
					    : level_move(go);
	pthread_mutex_lock(&u->idle_lock);
	while (atomic_load(&u->infinite) && !atomic_load(&u->stop))
		pthread_cond_wait(&u->idle, &u->idle_lock);
	pthread_mutex_unlock(&u->idle_lock);
	move_text(move, &best);
	say(u, "bestmove %s", sb_str(&best));
	sb_free(&best);
	free(go);
	return NULL;
}

/* Stop a running search and wait for its bestmove. */
static void finish_search(struct uai *u)
{
	if (!u->searching)
		return;
	pthread_mutex_lock(&u->idle_lock);
	atomic_store(&u->stop, true);
	pthread_cond_broadcast(&u->idle);
	pthread_mutex_unlock(&u->idle_lock);
	pthread_join(u->thread, NULL);
	u->searching = false;
}

/* Wait for a search to end by itself; an infinite one is stopped. UAI
 * GUIs send stop before anything else, so this only matters to scripts,
 * which get every search they ask for. */
static void wait_search(struct uai *u)
{
	if (atomic_load(&u->infinite))
		finish_search(u);
	if (u->searching) {
		pthread_join(u->thread, NULL);
		u->searching = false;
	}
}

/* --------------------------------------------------------------- go */

static int word_long(char **w, int n, int i, long *out)
{
	char *end;

	if (i + 1 >= n)
		return -1;
	*out = strtol(w[i + 1], &end, 10);
	return *end || end == w[i + 1] ? -1 : 0;
}

/* Seconds for this move from the clock: a share of what is left. */
static double clock_seconds(long left_ms, long inc_ms, long moves_to_go)
{
	double left = left_ms / 1000.0, inc = inc_ms / 1000.0;
	double share = left / (moves_to_go > 0 ? (double)moves_to_go + 1 : 30) + inc * 0.75;

	if (share > left / 2)
		share = left / 2;
	share -= UAI_CLOCK_MARGIN;
	return share > 0.001 ? share : 0.001;
}

/* go movetime MS: all of it, less a margin for the reply. */
static void set_movetime(struct ataxx_limits *lim, long ms)
{
	lim->seconds = ms / 1000.0 - UAI_MOVETIME_MARGIN;
	if (lim->seconds < 0.001)
		lim->seconds = 0.001;
	lim->spend_all = true;
}

static unsigned hash_bits(int mb)
{
	unsigned bits = 10;

	while (((size_t)2 << bits) * 16 <= (size_t)mb << 20 && bits < 30)
		bits++;
	return bits;
}

static void cmd_go(struct uai *u, char **w, int n)
{
	struct uai_go *go = xcalloc(1, sizeof(*go));
	long v, time_ms[2] = { -1, -1 }, inc_ms[2] = { 0, 0 }, moves_to_go = 0;
	bool infinite = false;

	for (int i = 1; i < n; i++) {
		if (!strcmp(w[i], "infinite"))
			infinite = true;
		else if (word_long(w, n, i, &v) < 0)
			continue;
		else if (!strcmp(w[i], "depth"))
			go->lim.depth = v > 0 ? (int)v : 1;
		else if (!strcmp(w[i], "nodes"))
			go->lim.nodes = v > 0 ? v : 1;
		else if (!strcmp(w[i], "movetime"))
			set_movetime(&go->lim, v);
		else if (!strcmp(w[i], "btime") || !strcmp(w[i], "wtime"))
			time_ms[w[i][0] == 'w'] = v > 0 ? v : 0;
		else if (!strcmp(w[i], "binc") || !strcmp(w[i], "winc"))
			inc_ms[w[i][0] == 'w'] = v > 0 ? v : 0;
		else if (!strcmp(w[i], "movestogo"))
			moves_to_go = v;
	}
	int side = u->game->pos.turn; /* btime and binc are x's, the first player */
	if (time_ms[side] >= 0 && go->lim.seconds <= 0 && !infinite)
		go->lim.seconds = clock_seconds(time_ms[side], inc_ms[side], moves_to_go);
	if (go->lim.seconds < 0)
		go->lim.seconds = 0.001;
	/* Without any limit the search would not end by itself: as infinite. */
	if (!go->lim.depth && !go->lim.nodes && go->lim.seconds <= 0 && u->level == UAI_HARD)
		infinite = true;
	go->u = u;
	go->pos = u->game->pos;
	go->size = u->game->size;
	go->game = u->game;
	go->lim.stop = &u->stop;
	go->lim.tt_bits = hash_bits(u->hash_mb);
	go->lim.report = report;
	go->lim.ctx = u;
	atomic_store(&u->stop, false);
	atomic_store(&u->infinite, infinite);
	if (pthread_create(&u->thread, NULL, search_main, go) != 0) {
		search_main(go); /* no thread: answer at once, stop cannot interrupt */
		return;
	}
	u->searching = true;
}

/* ---------------------------------------------------------- position */

/* Play UAI moves from words[0..n) on a copy; 0, or -1 naming the bad one. */
static int play_moves(struct ataxx_game *ag, char **w, int n)
{
	char err[64];

	for (int i = 0; i < n; i++) {
		int move, color = ag->pos.turn ? COLOR_WHITE : COLOR_BLACK;

		if (ataxx_parse_move(ag->size, w[i], &move, err, sizeof(err)) < 0 ||
		    ataxx_play(ag, color, move, err, sizeof(err)) < 0)
			return i;
	}
	return -1;
}

static void cmd_position(struct uai *u, char **w, int n)
{
	struct ataxx_game *ag = ataxx_of(ataxx_ops.copy(&u->game->base));
	char err[128];
	int i = 2, bad;

	if (n >= 2 && !strcmp(w[1], "startpos")) {
		struct ataxx_layout start = { ATAXX_CORNERS, 2 };

		ag->size = 7;
		ag->layout = start;
		ataxx_reset(ag);
	} else if (n >= 3 && !strcmp(w[1], "fen")) {
		int end = 2, size;
		struct axw_pos pos;

		while (end < n && strcmp(w[end], "moves"))
			end++;
		if (ataxx_parse_fen(end - 2, w + 2, &size, &pos, err, sizeof(err)) < 0) {
			say(u, "info string %s", err);
			goto fail;
		}
		ataxx_set_position(ag, size, &pos);
		i = end;
	} else {
		say(u, "info string position needs startpos or fen");
		goto fail;
	}
	if (i < n && !strcmp(w[i], "moves") && (bad = play_moves(ag, w + i + 1, n - i - 1)) >= 0) {
		say(u, "info string illegal move %s", w[i + 1 + bad]);
		goto fail;
	}
	ataxx_ops.destroy(&u->game->base);
	u->game = ag;
	return;
fail:
	ataxx_ops.destroy(&ag->base);
}

/* ------------------------------------------------------------ others */

static void cmd_uai(struct uai *u)
{
	say(u, "id name quintet %s", PACKAGE_VERSION);
	say(u, "id author the quintet authors");
	say(u, "option name Hash type spin default %d min 1 max 4096", UAI_DEFAULT_HASH_MB);
	say(u, "option name Level type combo default hard var easy var greedy var hard");
	say(u, "option name Rules type combo default standard var standard var yinyang");
	say(u, "uaiok");
}

/* setoption name NAME value VALUE (names are case-insensitive). */
static void cmd_setoption(struct uai *u, char **w, int n)
{
	char err[64];

	if (n != 5 || strcmp(w[1], "name") || strcmp(w[3], "value")) {
		say(u, "info string setoption name NAME value VALUE");
		return;
	}
	if (!strcasecmp(w[2], "Hash")) {
		long mb = strtol(w[4], NULL, 10);
		u->hash_mb = mb < 1 ? 1 : mb > 4096 ? 4096 : (int)mb;
	} else if (!strcasecmp(w[2], "Level")) {
		for (int i = 0; i < 3; i++)
			if (!strcasecmp(w[4], level_names[i]))
				u->level = (enum uai_level)i;
	} else if (!strcasecmp(w[2], "Rules")) {
		if (ataxx_ops.set_rules(&u->game->base, w[4], err, sizeof(err)) < 0)
			say(u, "info string %s", err);
	} else {
		say(u, "info string unknown option %s", w[2]);
	}
}

static uint64_t perft(const struct ataxx_game *ag, int depth)
{
	struct ax64_pos p64;

	if (ag->size > 8)
		return axw_perft(&ag->pos, depth, NULL);
	p64 = ax_pos64(&ag->pos);
	return ax64_perft(&p64, depth, NULL);
}

/* perft DEPTH: one info line per depth up to DEPTH, then "nodes N". */
static void cmd_perft(struct uai *u, char **w, int n)
{
	uint64_t nodes = 0;
	long depth;

	if (n != 2 || gtp_parse_int(w[1], 1, 20, &depth) < 0) {
		say(u, "info string perft needs a depth from 1 to 20");
		return;
	}
	for (int d = 1; d <= depth; d++) {
		struct timespec t0, t1;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		nodes = perft(u->game, d);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
		say(u, "info depth %d nodes %llu time %ld nps %.0f", d, (unsigned long long)nodes,
		    (long)(s * 1000), s > 0 ? (double)nodes / s : 0.0);
	}
	say(u, "nodes %llu", (unsigned long long)nodes);
}

static void cmd_board(struct uai *u)
{
	struct strbuf sb = STRBUF_INIT;

	ataxx_ops.render(&u->game->base, &sb);
	sb_puts(&sb, "\nfen ");
	ataxx_print_fen(&u->game->pos, u->game->size, &sb);
	say(u, "%s", sb_str(&sb) + 1);
	sb_free(&sb);
}

/* Split line into words in place; returns the count. */
static int split(char *line, char **w)
{
	int n = 0;

	for (char *save = NULL, *t = strtok_r(line, " \t\r\n", &save); t && n < UAI_MAX_WORDS;
	     t = strtok_r(NULL, " \t\r\n", &save))
		w[n++] = t;
	return n;
}

static void cmd_isready(struct uai *u, char **w, int n)
{
	(void)w, (void)n;
	say(u, "readyok");
}

static void cmd_newgame(struct uai *u, char **w, int n)
{
	(void)w, (void)n;
	cmd_position(u, (char *[]){ "position", "startpos" }, 2);
}

static void cmd_stop(struct uai *u, char **w, int n)
{
	(void)w, (void)n;
	finish_search(u);
}

static void cmd_ignore(struct uai *u, char **w, int n)
{
	(void)u, (void)w, (void)n;
}

static void cmd_uai_words(struct uai *u, char **w, int n)
{
	(void)w, (void)n;
	cmd_uai(u);
}

static void cmd_board_words(struct uai *u, char **w, int n)
{
	(void)w, (void)n;
	cmd_board(u);
}

struct uai_command {
	const char *name;                            /* exact, case-sensitive */
	void (*run)(struct uai *u, char **w, int n); /* w[0] is the name */
	bool idle;                                   /* let a running search end first */
};

static const struct uai_command uai_commands[] = {
	{ "uai", cmd_uai_words, false },
	{ "isready", cmd_isready, false },
	{ "uainewgame", cmd_newgame, true },
	{ "position", cmd_position, true },
	{ "go", cmd_go, true },
	{ "stop", cmd_stop, false },
	{ "setoption", cmd_setoption, true },
	{ "perft", cmd_perft, true },
	{ "d", cmd_board_words, true },
	{ "print", cmd_board_words, true },
	{ "ponderhit", cmd_ignore, false },
	{ "debug", cmd_ignore, false },
	{ NULL, NULL, false },
};

/* One command; false after quit. */
static bool dispatch(struct uai *u, char **w, int n)
{
	if (!strcmp(w[0], "quit"))
		return false;
	for (const struct uai_command *c = uai_commands; c->name; c++)
		if (!strcmp(c->name, w[0])) {
			if (c->idle)
				wait_search(u);
			c->run(u, w, n);
			return true;
		}
	say(u, "info string unknown command %s", w[0]);
	return true;
}

int uai_run(FILE *in, FILE *out, uint64_t seed)
{
	struct uai u = { .out = out, .hash_mb = UAI_DEFAULT_HASH_MB, .level = UAI_HARD };
	char *line = NULL, **w = xmalloc(UAI_MAX_WORDS * sizeof(*w));
	size_t cap = 0;
	bool go_on = true;

	pthread_mutex_init(&u.lock, NULL);
	pthread_mutex_init(&u.idle_lock, NULL);
	pthread_cond_init(&u.idle, NULL);
	atomic_init(&u.stop, false);
	atomic_init(&u.infinite, false);
	u.game = ataxx_of(ataxx_ops.create(seed));
	ataxx_ops.set_rules(&u.game->base, "standard", NULL, 0);
	cmd_position(&u, (char *[]){ "position", "startpos" }, 2);
	while (go_on && getline(&line, &cap, in) >= 0) {
		int n = split(line, w);

		if (n > 0)
			go_on = dispatch(&u, w, n);
	}
	if (go_on)
		wait_search(&u);
	else
		finish_search(&u);
	ataxx_ops.destroy(&u.game->base);
	free(line);
	free(w);
	pthread_cond_destroy(&u.idle);
	pthread_mutex_destroy(&u.idle_lock);
	pthread_mutex_destroy(&u.lock);
	return u.write_failed ? 1 : 0;
}
