/* The match: options applied to a game, the schedule, worker threads, the
 * shared results and the progress line. The threads are drawn in match.h. */
#define _GNU_SOURCE /* pipe2 */
#include "match/match.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match/engine.h"
#include "match/referee.h"
#include "match/refclock.h"
#include "match/report.h"
#include "match/results.h"
#include "util/monotime.h"
#include "util/xalloc.h"

struct match {
	const struct match_config *cfg; /* the configuration */
	pthread_mutex_t lock;           /* guards everything below */
	long next;                      /* next game index to hand out */
	long done;                      /* games finished (resumed ones too) */
	long printed;                   /* every game before this index is printed */
	long total;                     /* games this process plays (match_shard_games) */
	struct match_result *results;   /* by game index */
	struct match_summary summary;   /* totals so far */
	enum sprt_state sprt;           /* SPRT_CONTINUE until decided */
	FILE *out;                      /* where the report streams */
	char names[MATCH_MAX_ENGINES][MATCH_NAME_MAX]; /* each engine's, unique: name_engines */
	int results_fd;                 /* the results file, or -1 */
	bool results_failed;            /* writing it failed (said once) */
};

/* SIGINT and SIGTERM: the handler writes to a pipe every engine wait
 * polls (engine_set_interrupt), so running games end at once. */
static int signal_pipe[2] = { -1, -1 };
static volatile sig_atomic_t caught_signal;

static void on_signal(int sig)
{
	int saved = errno;

	caught_signal = sig;
	if (write(signal_pipe[1], "!", 1) < 0) {
		/* the pipe is full: it is readable already */
	}
	errno = saved;
}

struct worker {
	struct match *m;       /* the match */
	struct engine eng[MATCH_MAX_ENGINES]; /* its engines, one per engine of the match */
	pthread_t thread;      /* the thread running it */
	bool threaded;         /* thread was created */
};

/* Whether the game has a configurable setting key. */
static bool has_option(const struct game_ops *ops, const char *key)
{
	for (const struct game_option *o = ops->options; o && o->key; o++)
		if (!strcmp(o->key, key))
			return true;
	return false;
}

/* One --option KEY=VALUE on the referee's game: KEY must be one of the
 * game's configurable settings; the game judges VALUE. */
static int apply_option(struct game *g, const char *text, char *err, size_t errlen)
{
	const char *eq = strchr(text, '=');
	char key[64], why[128];

	if (!eq || eq == text || (size_t)(eq - text) >= sizeof(key)) {
		snprintf(err, errlen, "--option %s: expected KEY=VALUE", text);
		return -1;
	}
	snprintf(key, sizeof(key), "%.*s", (int)(eq - text), text);
	if (!has_option(g->ops, key)) {
		char keys[256] = "";
		size_t used = 0;

		for (const struct game_option *o = g->ops->options;
		     o && o->key && used < sizeof(keys); o++)
			used += (size_t)snprintf(keys + used, sizeof(keys) - used, "%s%s",
						 used ? ", " : "", o->key);
		snprintf(err, errlen, "--option %s: %s has no option '%s' (%s%s)", text,
			 g->ops->name, key, keys[0] ? "its options: " : "it has none", keys);
		return -1;
	}
	if (g->ops->set_option(g, key, eq + 1, why, sizeof(why)) == 0)
		return 0;
	snprintf(err, errlen, "--option %s: %s", text, why);
	return -1;
}

struct game *match_new_game(const struct match_config *cfg, uint64_t seed,
			    char *err, size_t errlen)
{
	const struct game_ops *ops = cfg->ops;
	struct game *g = ops->create(seed);
	char why[128];

	for (int i = 0; i < cfg->noptions; i++)
		if (apply_option(g, cfg->options[i], err, errlen) < 0)
			goto fail;
	if (cfg->size && !ops->set_size) {
		snprintf(err, errlen, "--size: %s has no board size", ops->name);
		goto fail;
	}
	if (cfg->size && ops->set_size(g, cfg->size, why, sizeof(why)) < 0) {
		snprintf(err, errlen, "--size %s: %s", cfg->size, why);
		goto fail;
	}
	if (cfg->rules && !ops->set_rules) {
		snprintf(err, errlen, "--rules: %s has no rule variants", ops->name);
		goto fail;
	}
	if (cfg->rules && ops->set_rules(g, cfg->rules, why, sizeof(why)) < 0) {
		struct strbuf names = STRBUF_INIT;
		for (int i = 0; ops->rules && ops->rules[i]; i++)
			sb_printf(&names, "%s%s", i ? ", " : "", ops->rules[i]);
		snprintf(err, errlen, "--rules %s: %s (%s has: %s)", cfg->rules, why, ops->name,
			 sb_str(&names));
		sb_free(&names);
		goto fail;
	}
	/* --komi is the game's komi setting, for the games that have one. */
	if (cfg->komi && !has_option(ops, "komi")) {
		snprintf(err, errlen, "--komi: %s has no komi", ops->name);
		goto fail;
	}
	if (cfg->komi && ops->set_option(g, "komi", cfg->komi, why, sizeof(why)) < 0) {
		snprintf(err, errlen, "--komi %s: %s", cfg->komi, why);
		goto fail;
	}
	return g;
fail:
	ops->destroy(g);
	return NULL;
}

int match_pairs(const struct match_config *cfg)
{
	int n = cfg->nengines;

	if (cfg->tournament == TOURNAMENT_GAUNTLET)
		return n - 1;
	if (cfg->tournament == TOURNAMENT_ROUNDROBIN)
		return n * (n - 1) / 2;
	return 1;
}

void match_pair(const struct match_config *cfg, int p, int *a, int *b)
{
	if (cfg->tournament != TOURNAMENT_ROUNDROBIN) {
		*a = 0;
		*b = p + 1;
		return;
	}
	for (*a = 0; p >= cfg->nengines - 1 - *a; (*a)++)
		p -= cfg->nengines - 1 - *a;
	*b = *a + 1 + p;
}

/* Game index as pair p and game i within it. */
static void split_index(const struct match_config *cfg, long index, int *p, long *i)
{
	long per = cfg->games_per_pair;

	if (cfg->tournament == TOURNAMENT_NONE || per <= 0) {
		*p = 0;
		*i = index;
		return;
	}
	*p = (int)(index / per);
	*i = index % per;
}

/* Whether the openings file has openings for the match. */
static bool has_book(const struct match_config *cfg)
{
	return cfg->openings && cfg->openings->n > 0;
}

/* Whether the engines swap colours within each pair of games. */
static bool swaps_colours(const struct match_config *cfg)
{
	return cfg->alternate || has_book(cfg) || cfg->random_plies > 0 ||
	       cfg->tournament != TOURNAMENT_NONE;
}

bool match_paired(const struct match_config *cfg)
{
	return cfg->nengines == 2 && cfg->tournament == TOURNAMENT_NONE && swaps_colours(cfg);
}

void match_schedule(const struct match_config *cfg, long index, int *black, int *white,
		    int *opening)
{
	bool book = has_book(cfg);
	bool swap = swaps_colours(cfg);
	int p, a, b;
	long i;

	split_index(cfg, index, &p, &i);
	match_pair(cfg, p, &a, &b);
	*opening = book ? (int)((i / 2) % (long)cfg->openings->n) : -1;
	*black = swap && i % 2 ? b : a;
	*white = *black == a ? b : a;
}

long match_game_pair(const struct match_config *cfg, long index)
{
	int p;
	long i;

	split_index(cfg, index, &p, &i);
	return (long)p * ((cfg->games_per_pair + 1) / 2) + i / 2;
}

long match_partner(const struct match_config *cfg, long index)
{
	long per = cfg->tournament == TOURNAMENT_NONE ? cfg->games : cfg->games_per_pair;
	int p;
	long i;

	split_index(cfg, index, &p, &i);
	return (i ^ 1) < per ? index - i + (i ^ 1) : -1;
}

bool match_in_shard(const struct match_config *cfg, long index)
{
	return cfg->shards <= 0 || match_game_pair(cfg, index) % cfg->shards == cfg->shard;
}

long match_shard_games(const struct match_config *cfg)
{
	long n = 0;

	if (cfg->shards <= 0)
		return cfg->games;
	for (long i = 0; i < cfg->games; i++)
		n += match_in_shard(cfg, i);
	return n;
}

uint64_t match_pair_seed(const struct match_config *cfg, long index)
{
	return cfg->seed + (uint64_t)match_game_pair(cfg, index);
}

void match_summary_add(const struct match_config *cfg, struct match_summary *s,
		       const struct match_result *results, const struct match_result *res)
{
	long partner = match_partner(cfg, res->number - 1);

	summary_add(s, res);
	if (s->paired && partner >= 0 && results[partner].done)
		summary_add_pair(s, &results[partner], res);
}

uint64_t match_start_seed(const struct match_config *cfg, long index)
{
	int black, white, opening;

	match_schedule(cfg, index, &black, &white, &opening);
	if (opening >= 0 && cfg->openings->v[opening].has_seed)
		return cfg->openings->v[opening].seed;
	return match_pair_seed(cfg, index);
}

long match_max_moves(const struct match_config *cfg, const struct game *g)
{
	return cfg->max_moves > 0 ? cfg->max_moves : game_max_moves(g);
}

const char *const *match_engine_init(const struct match_config *cfg, int index)
{
	return cfg->engines[index].init;
}

const char *match_engine_name(const struct match_config *cfg, int index, const struct engine *e)
{
	if (e->shown)
		return e->shown;
	return cfg->engines[index].name ? cfg->engines[index].name : e->name;
}

/* Whether one of the first n names is name. */
static bool name_taken(char (*names)[MATCH_NAME_MAX], int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			return true;
	return false;
}

void match_unique_names(const char *const *base, int n, char (*out)[MATCH_NAME_MAX])
{
	for (int k = 0; k < n; k++) {
		snprintf(out[k], MATCH_NAME_MAX, "%.96s", base[k]);
		/* Each "#N" makes a name no earlier one is, but for the k
		 * earlier names themselves: k tries at most, and 96 bytes plus
		 * MATCH_MAX_ENGINES suffixes of "#16" fit MATCH_NAME_MAX. */
		for (int tries = 0; tries < k && name_taken(out, k, out[k]); tries++) {
			size_t len = strlen(out[k]);
			snprintf(out[k] + len, MATCH_NAME_MAX - len, "#%d", k + 1);
		}
	}
}

long match_time_seconds(const struct match_config *cfg)
{
	return (long)cfg->time;
}

/* Print the lines of the games finished in order since the last call
 * (with --shard, the order of the shard's games: the others are skipped). */
static void print_ready(struct match *m)
{
	const struct match_config *cfg = m->cfg;

	for (; m->printed < cfg->games; m->printed++) {
		if (!match_in_shard(cfg, m->printed))
			continue;
		if (!m->results[m->printed].done)
			break;
		report_game(m->out, &m->results[m->printed]);
	}
	fflush(m->out);
}

/* Append a finished game to the results file; a failure is said once and
 * the match goes on (the report still has every game). */
static void save_result(struct match *m, const struct match_result *res)
{
	char err[256];

	if (m->results_fd < 0 || m->results_failed)
		return;
	if (results_append(m->results_fd, res, err, sizeof(err)) < 0) {
		m->results_failed = true;
		fprintf(stderr, "quintet-match: %s: %s (no more games are saved there)\n",
			m->cfg->results, err);
	}
}

/* Called with the lock held after a game: totals, SPRT, the game's line,
 * the results file, the progress line. A game the interrupt cut short is
 * dropped. */
static void record_result(struct match *m, const struct match_result *res)
{
	const struct match_config *cfg = m->cfg;
	struct strbuf line = STRBUF_INIT;

	if (!res->done)
		return;
	m->results[res->number - 1] = *res;
	m->done++;
	match_summary_add(cfg, &m->summary, m->results, res);
	if (cfg->use_sprt && !cfg->shards && m->sprt == SPRT_CONTINUE)
		m->sprt = stats_sprt_state(summary_sprt_llr(&m->summary, &cfg->sprt), &cfg->sprt);
	save_result(m, res);
	print_ready(m);
	if (cfg->progress == PROGRESS_NONE)
		return;
	report_progress(&m->summary, m->names[0], m->done, m->total, &line);
	if (cfg->progress == PROGRESS_REDRAW)
		fprintf(stderr, "\r%s\033[K", sb_str(&line));
	else
		fprintf(stderr, "%s\n", sb_str(&line));
	fflush(stderr);
	sb_free(&line);
}

/* The next game index to play, or -1 when the match is complete. */
static long claim_game(struct match *m)
{
	long index = -1;

	pthread_mutex_lock(&m->lock);
	/* Games played before --resume, and another shard's, are not ours. */
	while (m->next < m->cfg->games &&
	       (m->results[m->next].done || !match_in_shard(m->cfg, m->next)))
		m->next++;
	if (m->next < m->cfg->games && m->sprt == SPRT_CONTINUE && !caught_signal)
		index = m->next++;
	pthread_mutex_unlock(&m->lock);
	return index;
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct engine *engines[MATCH_MAX_ENGINES];

	for (int k = 0; k < w->m->cfg->nengines; k++)
		engines[k] = &w->eng[k];
	long index;

	while ((index = claim_game(w->m)) >= 0) {
		struct match_result res;

		referee_play(w->m->cfg, engines, index, &res);
		pthread_mutex_lock(&w->m->lock);
		record_result(w->m, &res);
		pthread_mutex_unlock(&w->m->lock);
	}
	return NULL;
}

/* Send engine k's init lines once at the start, so a line it refuses is
 * a usage error rather than a forfeit of every game. */
static int try_init(const struct match_config *cfg, int k, struct engine *e, char *err,
		    size_t errlen)
{
	struct strbuf reply = STRBUF_INIT;
	int rc = 0;

	for (int i = 0; rc == 0 && i < cfg->engines[k].ninit; i++) {
		const char *line = cfg->engines[k].init[i];
		if (e->drv->send(e, line, MATCH_START_TIMEOUT, &reply) != ENGINE_OK) {
			snprintf(err, errlen, "'%s' failed '%s': %s", e->spec, line, sb_str(&reply));
			rc = -1;
		}
	}
	sb_free(&reply);
	return rc;
}

/* Start every engine of every worker: each says who it is and whether it
 * can play the match's game; 0, or -1 after printing why not. */
static int start_engines(const struct match_config *cfg, struct worker *w, int n)
{
	char err[512];
	struct game *start = match_new_game(cfg, cfg->seed, err, sizeof(err));
	int rc = -1;

	for (int i = 0; i < n; i++)
		for (int k = 0; k < cfg->nengines; k++)
			engine_init(&w[i].eng[k], cfg->engines[k].spec, k + 1, cfg->verbose);
	if (!start) {
		fprintf(stderr, "quintet-match: %s\n", err);
		return -1;
	}
	for (int i = 0; i < n; i++)
		for (int k = 0; k < cfg->nengines; k++) {
			struct engine *e = &w[i].eng[k];
			if (engine_open(e, err, sizeof(err)) < 0 ||
			    engine_handshake(e, MATCH_START_TIMEOUT, err, sizeof(err)) < 0 ||
			    e->drv->select(e, start, MATCH_START_TIMEOUT, err, sizeof(err)) < 0 ||
			    try_init(cfg, k, e, err, sizeof(err)) < 0) {
				fprintf(stderr, "quintet-match: engine %d: %s\n", k + 1, err);
				goto out;
			}
		}
	for (int k = 0; k < cfg->nengines; k++)
		if (cfg->rules && w[0].eng[k].drv == &engine_gtp && !w[0].eng[k].knows_rules)
			fprintf(stderr, "quintet-match: engine %d (%s) has no 'rules' command; "
				"only the referee applies --rules %s\n", k + 1,
				match_engine_name(cfg, k, &w[0].eng[k]), cfg->rules);
	rc = 0;
out:
	start->ops->destroy(start);
	return rc;
}

/* Give every engine its name in the match, unique (match_unique_names),
 * in each worker's instance, for the report and the records. */
static void name_engines(struct match *m, struct worker *w, int n)
{
	const struct match_config *cfg = m->cfg;
	const char *base[MATCH_MAX_ENGINES];

	for (int k = 0; k < cfg->nengines; k++)
		base[k] = match_engine_name(cfg, k, &w[0].eng[k]);
	match_unique_names(base, cfg->nengines, m->names);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < cfg->nengines; k++)
			w[i].eng[k].shown = m->names[k];
}

static void stop_engines(struct worker *w, int n)
{
	for (int i = 0; i < n; i++)
		for (int k = 0; k < MATCH_MAX_ENGINES; k++)
			engine_destroy(&w[i].eng[k]); /* never started: nothing to do */
}

void match_describe(const struct match_config *cfg, struct strbuf *options)
{
	char err[256];
	struct game *g = match_new_game(cfg, cfg->seed, err, sizeof(err));

	if (g && cfg->ops->describe)
		cfg->ops->describe(g, options);
	if (g && cfg->ops->get_rules)
		sb_printf(options, "%srules %s", options->len ? ", " : "", cfg->ops->get_rules(g));
	struct strbuf time = STRBUF_INIT;
	refclock_describe(cfg, &time);
	if (time.len)
		sb_printf(options, "%s%s", options->len ? ", " : "", sb_str(&time));
	sb_free(&time);
	if (g)
		g->ops->destroy(g);
}

static void report_info_fill(struct match *m, const struct strbuf *options,
			     struct report_info *info)
{
	*info = (struct report_info){
		.cfg = m->cfg,
		.options = sb_str(options),
		.sprt = m->sprt,
		.interrupted = caught_signal,
		.played = m->done,
	};
	for (int k = 0; k < m->cfg->nengines; k++)
		info->names[k] = m->names[k];
}

/* The end of the report: lines of finished games not printed yet (after a
 * game the interrupt cut short), then the footer. */
static void finish_report(struct match *m, const struct report_info *info)
{
	for (long i = m->printed; i < m->cfg->games; i++)
		if (m->results[i].done)
			report_game(m->out, &m->results[i]);
	report_footer(m->out, info, &m->summary);
	fflush(m->out);
}

static void run_workers(struct worker *w, int n)
{
	for (int i = 0; i < n; i++)
		w[i].threaded = pthread_create(&w[i].thread, NULL, worker_main, &w[i]) == 0;
	for (int i = 0; i < n; i++)
		if (!w[i].threaded)
			worker_main(&w[i]); /* no thread to spare: play its share here */
	for (int i = 0; i < n; i++)
		if (w[i].threaded)
			pthread_join(w[i].thread, NULL);
}

/* Catch SIGINT and SIGTERM for the match (old keeps what was there). */
static int catch_signals(struct sigaction old[2])
{
	struct sigaction sa = { .sa_handler = on_signal };

	if (pipe2(signal_pipe, O_CLOEXEC | O_NONBLOCK) < 0) {
		fprintf(stderr, "quintet-match: pipe: %s\n", strerror(errno));
		return -1;
	}
	caught_signal = 0;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old[0]);
	sigaction(SIGTERM, &sa, &old[1]);
	engine_set_interrupt(signal_pipe[0]);
	return 0;
}

static void release_signals(const struct sigaction old[2])
{
	sigaction(SIGINT, &old[0], NULL);
	sigaction(SIGTERM, &old[1], NULL);
	engine_set_interrupt(-1);
	close(signal_pipe[0]);
	close(signal_pipe[1]);
	signal_pipe[0] = signal_pipe[1] = -1;
}

/* Games a results file says were played: counted, and printed first. */
static void take_resumed(struct match *m)
{
	const struct match_config *cfg = m->cfg;

	for (long i = 0; i < cfg->nresumed; i++) {
		const struct match_result *res = &cfg->resumed[i];

		if (res->number < 1 || res->number > cfg->games || m->results[res->number - 1].done)
			continue; /* match_main checked them; a repeat counts once */
		m->results[res->number - 1] = *res;
		m->done++;
		match_summary_add(cfg, &m->summary, m->results, &m->results[res->number - 1]);
	}
	if (cfg->use_sprt && !cfg->shards && m->done)
		m->sprt = stats_sprt_state(summary_sprt_llr(&m->summary, &cfg->sprt), &cfg->sprt);
}

/* Open the results file: a new one, or the resumed one to append to. */
static int open_results(struct match *m)
{
	const struct match_config *cfg = m->cfg;
	char err[512];

	if (!cfg->results)
		return 0;
	const char *names[MATCH_MAX_ENGINES];
	for (int k = 0; k < cfg->nengines; k++)
		names[k] = m->names[k];
	struct results_head head = {
		.argv = cfg->argv, .argc = cfg->argc, .seed = cfg->seed, .shard = cfg->shard,
		.shards = cfg->shards, .names = names, .nnames = cfg->nengines,
	};
	m->results_fd = cfg->resume ? results_reopen(cfg->results, err, sizeof(err))
				: results_create(cfg->results, &head, err, sizeof(err));
	if (m->results_fd >= 0)
		return 0;
	fprintf(stderr, "quintet-match: --results: %s\n", err);
	return -1;
}

int match_run(const struct match_config *cfg, FILE *out)
{
	struct match m = { .cfg = cfg, .sprt = SPRT_CONTINUE, .out = out, .results_fd = -1,
			   .summary = { .paired = match_paired(cfg) } };
	long total = match_shard_games(cfg);
	int n = cfg->concurrency < total ? cfg->concurrency : (int)total;
	struct worker *w = xcalloc((size_t)n, sizeof(*w));
	struct strbuf options = STRBUF_INIT;
	struct report_info info;
	struct sigaction old[2];
	double started = monotime_now();
	int rc = 2;

	m.total = total;
	pthread_mutex_init(&m.lock, NULL);
	m.results = xcalloc((size_t)cfg->games, sizeof(*m.results));
	for (int i = 0; i < n; i++)
		w[i].m = &m;
	if (catch_signals(old) < 0)
		goto out_free;
	take_resumed(&m);
	if (start_engines(cfg, w, n) < 0) {
		if (caught_signal) {
			fprintf(stderr, "quintet-match: interrupted while starting the engines\n");
			rc = 128 + caught_signal;
		}
		goto out;
	}
	name_engines(&m, w, n);
	/* Only a match whose engines started leaves a results file. */
	if (open_results(&m) < 0)
		goto out;
	match_describe(cfg, &options);
	report_info_fill(&m, &options, &info);
	report_header(out, &info);
	print_ready(&m);
	run_workers(w, n);
	if (cfg->progress == PROGRESS_REDRAW && m.done)
		fprintf(stderr, "\n");
	report_info_fill(&m, &options, &info);
	report_duplicates(m.results, cfg->games, &info);
	finish_report(&m, &info);
	if (cfg->progress != PROGRESS_NONE)
		fprintf(stderr, "quintet-match: %ld games in %.1f s\n", m.done, monotime_now() - started);
	rc = caught_signal ? 128 + caught_signal : 0;
out:
	/* Interrupted engines are broken: their process groups are killed now. */
	stop_engines(w, n);
	release_signals(old);
out_free:
	if (m.results_fd >= 0)
		close(m.results_fd);
	free(w);
	free(m.results);
	sb_free(&options);
	pthread_mutex_destroy(&m.lock);
	return rc;
}
