/* The match: options applied to a game, the schedule, worker threads, the
 * shared results and the progress line. The threads are drawn in match.h. */
#include "match/match.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "match/engine.h"
#include "match/referee.h"
#include "match/report.h"
#include "util/xalloc.h"

struct match {
	const struct match_config *cfg; /* the configuration */
	pthread_mutex_t lock;           /* guards everything below */
	long next;                      /* next game index to hand out */
	long done;                      /* games finished */
	struct match_result *results;   /* by game index */
	struct match_summary summary;   /* totals so far */
	enum sprt_state sprt;           /* SPRT_CONTINUE until decided */
};

struct worker {
	struct match *m;       /* the match */
	struct engine eng[2];  /* its engines: --black's and --white's */
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
		snprintf(err, errlen, "--option %s: %s has no option '%s'", text, g->ops->name, key);
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

void match_schedule(const struct match_config *cfg, long index, int *black, int *opening)
{
	if (cfg->openings && cfg->openings->n > 0) {
		*opening = (int)((index / 2) % (long)cfg->openings->n);
		*black = (int)(index % 2);
		return;
	}
	*opening = -1;
	*black = cfg->alternate ? (int)(index % 2) : 0;
}

long match_max_moves(const struct match_config *cfg, const struct game *g)
{
	return cfg->max_moves > 0 ? cfg->max_moves : game_max_moves(g);
}

long match_time_seconds(const struct match_config *cfg)
{
	return (long)cfg->time;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Called with the lock held after a game: totals, SPRT, progress line. */
static void record_result(struct match *m, const struct match_result *res)
{
	const struct match_config *cfg = m->cfg;
	struct strbuf line = STRBUF_INIT;

	m->results[res->number - 1] = *res;
	m->done++;
	summary_add(&m->summary, res);
	if (cfg->use_sprt && m->sprt == SPRT_CONTINUE)
		m->sprt = stats_sprt_decide(&m->summary.all, &cfg->sprt);
	if (cfg->progress == PROGRESS_NONE)
		return;
	report_progress(&m->summary, m->done, cfg->games, &line);
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
	if (m->next < m->cfg->games && m->sprt == SPRT_CONTINUE)
		index = m->next++;
	pthread_mutex_unlock(&m->lock);
	return index;
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct engine *engines[2] = { &w->eng[0], &w->eng[1] };
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

/* Whether an engine can play the configured game; prints why not. */
static bool engine_fits(const struct match_config *cfg, const struct engine *e)
{
	if (e->knows_game || strcmp(cfg->ops->name, game_table[0]->name) == 0)
		return true;
	fprintf(stderr, "quintet-match: engine %d (%s) has no 'game' command, so it cannot "
		"play %s\n", e->label, e->spec, cfg->ops->name);
	return false;
}

/* Switch e to the match's game and ask what it knows there; 0, or -1 with
 * a message in err (empty when engine_fits printed why). */
static int select_game(const struct match_config *cfg, struct engine *e, char *err,
		       size_t errlen)
{
	struct strbuf reply = STRBUF_INIT;
	char cmd[96];
	int rc = 0;

	err[0] = '\0';
	if (e->knows_game) {
		snprintf(cmd, sizeof(cmd), "game %s", cfg->ops->name);
		if (engine_command(e, cmd, MATCH_START_TIMEOUT, &reply) != ENGINE_OK) {
			snprintf(err, errlen, "'%s' failed '%s': %s", e->spec, cmd, sb_str(&reply));
			rc = -1;
		}
	}
	if (rc == 0)
		rc = engine_probe(e, MATCH_START_TIMEOUT, err, errlen);
	sb_free(&reply);
	return rc;
}

/* Start both engines of every worker; 0, or -1 after printing why. */
static int start_engines(const struct match_config *cfg, struct worker *w, int n)
{
	char err[512];

	for (int i = 0; i < n; i++)
		for (int k = 0; k < 2; k++)
			engine_init(&w[i].eng[k], cfg->engines[k], k + 1, cfg->verbose);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < 2; k++) {
			struct engine *e = &w[i].eng[k];
			if (engine_open(e, err, sizeof(err)) < 0 ||
			    engine_handshake(e, MATCH_START_TIMEOUT, err, sizeof(err)) < 0) {
				fprintf(stderr, "quintet-match: engine %d: %s\n", k + 1, err);
				return -1;
			}
			err[0] = '\0';
			if (!engine_fits(cfg, e) || select_game(cfg, e, err, sizeof(err)) < 0) {
				if (err[0])
					fprintf(stderr, "quintet-match: engine %d: %s\n", k + 1, err);
				return -1;
			}
		}
	for (int k = 0; k < 2; k++)
		if (cfg->rules && !w[0].eng[k].knows_rules)
			fprintf(stderr, "quintet-match: engine %d (%s) has no 'rules' command; "
				"only the referee applies --rules %s\n", k + 1, w[0].eng[k].name,
				cfg->rules);
	return 0;
}

static void stop_engines(struct worker *w, int n)
{
	for (int i = 0; i < n; i++)
		for (int k = 0; k < 2; k++)
			engine_destroy(&w[i].eng[k]);
}

static void print_report(struct match *m, struct worker *w, FILE *out)
{
	const struct match_config *cfg = m->cfg;
	struct strbuf options = STRBUF_INIT;
	char err[256];
	struct game *g = match_new_game(cfg, cfg->seed, err, sizeof(err));

	if (g && cfg->ops->describe)
		cfg->ops->describe(g, &options);
	if (g && cfg->ops->get_rules)
		sb_printf(&options, "%srules %s", options.len ? ", " : "", cfg->ops->get_rules(g));
	struct report_info info = {
		.cfg = cfg,
		.names = { w[0].eng[0].name, w[0].eng[1].name },
		.options = sb_str(&options),
		.sprt = m->sprt,
	};
	report_print(out, &info, m->results, cfg->games, &m->summary);
	fflush(out);
	if (g)
		g->ops->destroy(g);
	sb_free(&options);
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

int match_run(const struct match_config *cfg, FILE *out)
{
	struct match m = { .cfg = cfg, .sprt = SPRT_CONTINUE };
	int n = cfg->concurrency < cfg->games ? cfg->concurrency : (int)cfg->games;
	struct worker *w = xcalloc((size_t)n, sizeof(*w));
	double started = now();
	int rc = 2;

	pthread_mutex_init(&m.lock, NULL);
	m.results = xcalloc((size_t)cfg->games, sizeof(*m.results));
	for (int i = 0; i < n; i++)
		w[i].m = &m;
	if (start_engines(cfg, w, n) < 0)
		goto out;
	run_workers(w, n);
	if (cfg->progress == PROGRESS_REDRAW)
		fprintf(stderr, "\n");
	print_report(&m, w, out);
	if (cfg->progress != PROGRESS_NONE)
		fprintf(stderr, "quintet-match: %ld games in %.1f s\n", m.done, now() - started);
	rc = 0;
out:
	stop_engines(w, n);
	free(w);
	free(m.results);
	pthread_mutex_destroy(&m.lock);
	return rc;
}
