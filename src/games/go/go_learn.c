/* Learning Go's move patterns (see go_learn.h). */
#include "games/go/go_learn.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "games/go/go.h"
#include "games/go/go_priors.h"
#include "util/mm.h"
#include "util/xalloc.h"

/* ---- records ------------------------------------------------------------ */

int go_learn_add_line(const char *line, void *ctx, char *why, size_t whylen)
{
	struct go_learn_games *g = ctx;
	char *end;
	long size = strtol(line, &end, 10);
	const char *semi = strchr(line, ';');

	if (end == line || size < 5 || size > GO_MAX_SIZE || !semi) {
		snprintf(why, whylen, "not SIZE MOVES... ; RESULT");
		return -1;
	}
	if (g->n == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 64;
		g->lines = xrealloc(g->lines, g->cap * sizeof(*g->lines));
		g->sizes = xrealloc(g->sizes, g->cap * sizeof(*g->sizes));
	}
	size_t len = (size_t)(semi - end);
	char *moves = xmalloc(len + 1);
	memcpy(moves, end, len);
	moves[len] = '\0';
	g->lines[g->n] = moves;
	g->sizes[g->n++] = (int)size;
	return 0;
}

void go_learn_games_free(struct go_learn_games *g)
{
	for (size_t i = 0; i < g->n; i++)
		free(g->lines[i]);
	free(g->lines);
	free(g->sizes);
	memset(g, 0, sizeof(*g));
}

/* ---- a map of 64-bit keys to counts or indices --------------------------- */

struct keymap {
	uint64_t *key; /* 0: free */
	int *value;
	size_t cap, n;
};

static size_t keymap_find(const struct keymap *m, uint64_t key)
{
	size_t i = (size_t)(key * UINT64_C(0x9e3779b97f4a7c15) >> 20) & (m->cap - 1);

	while (m->key[i] && m->key[i] != key)
		i = (i + 1) & (m->cap - 1);
	return i;
}

static void keymap_grow(struct keymap *m)
{
	struct keymap old = *m;

	m->cap = old.cap ? 2 * old.cap : 1024;
	m->key = xcalloc(m->cap, sizeof(*m->key));
	m->value = xcalloc(m->cap, sizeof(*m->value));
	for (size_t i = 0; i < old.cap; i++)
		if (old.key[i]) {
			size_t j = keymap_find(m, old.key[i]);

			m->key[j] = old.key[i];
			m->value[j] = old.value[i];
		}
	free(old.key);
	free(old.value);
}

/* The value slot of key (key != 0), created at 0 when new. */
static int *keymap_at(struct keymap *m, uint64_t key, bool *created)
{
	if (2 * (m->n + 1) > m->cap)
		keymap_grow(m);
	size_t i = keymap_find(m, key);
	*created = !m->key[i];
	if (*created) {
		m->key[i] = key;
		m->n++;
	}
	return &m->value[i];
}

static const int *keymap_get(const struct keymap *m, uint64_t key)
{
	if (!m->cap)
		return NULL;
	size_t i = keymap_find(m, key);
	return m->key[i] ? &m->value[i] : NULL;
}

static void keymap_free(struct keymap *m)
{
	free(m->key);
	free(m->value);
	memset(m, 0, sizeof(*m));
}

/* ---- replaying the records ---------------------------------------------- */

/* One position of a record: the board, the side to move, the move played,
 * the last two moves; and the legal candidates (the pass last). */
struct position {
	struct go_board *b;
	enum go_color c;
	int played, last, last2;
	int cand[GO_MAX_POINTS];
	int ncand;
	int played_index;
	struct go_feature_cache fc; /* the board's, with the fit's ladder reader */
};

typedef void (*position_fn)(struct position *pos, void *ctx);

static void list_candidates(struct position *pos)
{
	const struct go_board *b = pos->b;

	pos->ncand = 0;
	pos->played_index = -1;
	for (int i = 0; i < b->nempty; i++) {
		int p = b->empty[i];

		if (go_board_is_legal(b, pos->c, p, false))
			pos->cand[pos->ncand++] = p;
	}
	/* the empty list's order changes with play: a fixed order keeps the fit exact */
	for (int i = 1; i < pos->ncand; i++)
		for (int j = i; j > 0 && pos->cand[j - 1] > pos->cand[j]; j--) {
			int t = pos->cand[j];

			pos->cand[j] = pos->cand[j - 1];
			pos->cand[j - 1] = t;
		}
	pos->cand[pos->ncand++] = GO_PASS;
	for (int i = 0; i < pos->ncand; i++)
		if (pos->cand[i] == pos->played)
			pos->played_index = i;
}

/* Replay record i, calling fn at each position; -1 on a bad move. */
static int replay(const struct go_learn_games *g, size_t i, struct go_board *b,
		  struct go_ladder *ladder, position_fn fn, void *ctx)
{
	struct position *pos = xcalloc(1, sizeof(*pos));
	char *save = NULL, *copy = xstrdup(g->lines[i]);
	int rc = 0, k = 0;

	*pos = (struct position){ .b = b, .c = GO_BLACK, .last = GO_PASS, .last2 = GO_PASS };
	go_board_init(b, g->sizes[i]);
	for (char *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save), k++) {
		int p;

		if (go_parse_vertex(b, w, &p) < 0 || !go_board_is_legal(b, pos->c, p, false)) {
			fprintf(stderr, "go_learn: record %zu: move %d (%s) is not legal\n", i + 1,
				k + 1, w);
			rc = -1;
			break;
		}
		pos->played = p;
		list_candidates(pos);
		go_feature_cache_init(&pos->fc, b, ladder);
		fn(pos, ctx);
		go_board_play(b, pos->c, p, false);
		pos->last2 = pos->last;
		pos->last = p;
		pos->c = go_other(pos->c);
	}
	free(copy);
	free(pos);
	return rc;
}

static bool is_training(size_t game, int held_out)
{
	return held_out <= 0 || game % (size_t)held_out != 0;
}

/* ---- pass 1: the played moves' shapes ----------------------------------- */

struct shape_count {
	struct keymap counts;
	size_t positions;
};

static void count_shapes(struct position *pos, void *ctx)
{
	struct shape_count *sc = ctx;
	struct go_move_features f;
	bool created;

	sc->positions++;
	if (pos->played == GO_PASS)
		return;
	go_features(&pos->fc, pos->c, pos->played, pos->last, pos->last2, &f);
	for (int s = 0; s < GO_SHAPE_SIZES; s++)
		(*keymap_at(&sc->counts, go_feature_key(GO_FG_SHAPE, f.shape[s]), &created))++;
}

struct dictionary {
	const struct keymap *counts;
	int min_count;
};

static bool in_dictionary(void *ctx, uint64_t key)
{
	const struct dictionary *d = ctx;
	const int *c = keymap_get(d->counts, key);

	return c && *c >= d->min_count;
}

/* ---- pass 2: the competitions ------------------------------------------- */

_Static_assert(GO_FG_COUNT <= MM_TEAM_MAX, "a move's features fit a team");

struct builder {
	struct dictionary dict;
	struct keymap ids;           /* feature key -> id + 1 */
	uint64_t *keys;              /* by id */
	int *groups;                 /* by id */
	int nfeatures, cap_features;
	struct mm_builder comps;     /* the competitions */
	struct mm_team teams[GO_MAX_POINTS];
};

static int feature_id(struct builder *bd, enum go_feature_group g, uint64_t value)
{
	uint64_t key = go_feature_key(g, value);
	bool created;
	int *slot = keymap_at(&bd->ids, key, &created);

	if (created) {
		if (bd->nfeatures == bd->cap_features) {
			bd->cap_features = bd->cap_features ? 2 * bd->cap_features : 256;
			bd->keys = xrealloc(bd->keys, (size_t)bd->cap_features * sizeof(*bd->keys));
			bd->groups = xrealloc(bd->groups,
					      (size_t)bd->cap_features * sizeof(*bd->groups));
		}
		bd->keys[bd->nfeatures] = key;
		bd->groups[bd->nfeatures] = g;
		*slot = ++bd->nfeatures;
	}
	return *slot - 1;
}

static void make_team(struct builder *bd, struct position *pos, int i, struct mm_team *t)
{
	struct go_move_features f;

	go_features(&pos->fc, pos->c, pos->cand[i], pos->last, pos->last2, &f);
	go_features_choose_shape(&f, in_dictionary, &bd->dict);
	t->n = 0;
	t->won = i == pos->played_index;
	for (int g = 0; g < GO_FG_COUNT; g++)
		if (f.value[g])
			t->f[t->n++] = feature_id(bd, (enum go_feature_group)g, f.value[g]);
}

static int int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static void collect(struct position *pos, void *ctx)
{
	struct builder *bd = ctx;

	for (int i = 0; i < pos->ncand; i++) {
		make_team(bd, pos, i, &bd->teams[i]);
		qsort(bd->teams[i].f, (size_t)bd->teams[i].n, sizeof(int), int_cmp);
	}
	mm_builder_add(&bd->comps, bd->teams, pos->ncand);
}

static void builder_free(struct builder *bd)
{
	keymap_free(&bd->ids);
	free(bd->keys);
	free(bd->groups);
	mm_builder_free(&bd->comps);
}

/* ---- the table ---------------------------------------------------------- */

static int gamma_cmp(const void *a, const void *b)
{
	uint64_t x = ((const struct go_gamma *)a)->key, y = ((const struct go_gamma *)b)->key;

	return (x > y) - (x < y);
}

/* ---- held-out prediction ------------------------------------------------ */

struct prediction {
	const struct go_gamma_index *index, *small; /* small: below GO_GAMMAS_SMALL_BELOW */
	double top1, top5;           /* the learned table's hits */
	double hand_top1, hand_top5; /* the hand-set priors' (go_priors) */
	size_t positions;
	double strength[GO_MAX_POINTS];
	struct go_prior prior[GO_MAX_POINTS];
};

/* The chance that the played move is among the first k when the
 * candidates are ranked by strength, ties in a random order. */
static double hit(int greater, int ties, int k)
{
	if (greater >= k)
		return 0;
	double room = k - greater;
	return room >= ties + 1 ? 1 : room / (ties + 1);
}

/* Score the played move's rank by key among the candidates. */
static void rank(const struct position *pos, const double *key, double *top1, double *top5)
{
	double played = key[pos->played_index];
	int greater = 0, ties = 0;

	for (int i = 0; i < pos->ncand; i++)
		if (i != pos->played_index) {
			greater += key[i] > played;
			ties += key[i] == played;
		}
	*top1 += hit(greater, ties, 1);
	*top5 += hit(greater, ties, 5);
}

static void predict(struct position *pos, void *ctx)
{
	struct prediction *pr = ctx;
	const struct go_gamma_index *index =
		pos->b->size < GO_GAMMAS_SMALL_BELOW ? pr->small : pr->index;

	for (int i = 0; i < pos->ncand; i++) {
		struct go_move_features f;

		go_features(&pos->fc, pos->c, pos->cand[i], pos->last, pos->last2, &f);
		pr->strength[i] = go_features_strength(index, &f);
	}
	rank(pos, pr->strength, &pr->top1, &pr->top5);
	/* the hand-set priors ranked as the search's widening ranked them */
	go_priors(pos->b, pos->c, pos->last, pos->cand, pos->ncand, pr->prior, pos->fc.ladder);
	for (int i = 0; i < pos->ncand; i++)
		pr->strength[i] = (pr->prior[i].wins + 1.0) / (pr->prior[i].visits + 2.0);
	rank(pos, pr->strength, &pr->hand_top1, &pr->hand_top5);
	pr->positions++;
}

/* ---- the fit ------------------------------------------------------------ */

static int each_game(const struct go_learn_games *g, int held_out, bool training,
		     struct go_board *b, struct go_ladder *ladder, position_fn fn, void *ctx)
{
	for (size_t i = 0; i < g->n; i++)
		if (is_training(i, held_out) == training && replay(g, i, b, ladder, fn, ctx) < 0)
			return -1;
	return 0;
}

/* The prediction rates of small (boards below GO_GAMMAS_SMALL_BELOW) or
 * index and of the hand-set priors on the games each_game(held_out,
 * training) visits, into report. */
static int rate(const struct go_learn_games *g, int held_out, bool training,
		const struct go_gamma_index *small, const struct go_gamma_index *index,
		struct go_board *b, struct go_ladder *ladder, struct go_learn_report *report)
{
	struct prediction *pr = xcalloc(1, sizeof(*pr));
	int rc;

	pr->index = index;
	pr->small = small;
	rc = each_game(g, held_out, training, b, ladder, predict, pr);
	report->test_positions = pr->positions;
	if (pr->positions) {
		double n = (double)pr->positions;

		report->top1 = pr->top1 / n;
		report->top5 = pr->top5 / n;
		report->hand_top1 = pr->hand_top1 / n;
		report->hand_top5 = pr->hand_top5 / n;
	}
	free(pr);
	return rc;
}

int go_learn_rate(const struct go_learn_games *g, const struct go_gamma_index *small,
		  const struct go_gamma_index *large, struct go_learn_report *report)
{
	struct go_board *b = xmalloc(sizeof(*b));
	struct go_ladder *ladder = xmalloc(sizeof(*ladder));
	int rc;

	memset(report, 0, sizeof(*report));
	rc = rate(g, 0, true, small, large, b, ladder, report);
	free(ladder);
	free(b);
	return rc;
}

int go_learn_fit(const struct go_learn_games *g, int min_count, int held_out, int rounds,
		 struct go_gamma **table, size_t *n, struct go_learn_report *report)
{
	struct go_board *b = xmalloc(sizeof(*b));
	struct go_ladder *ladder = xmalloc(sizeof(*ladder));
	struct shape_count sc = { 0 };
	struct builder *bd = xcalloc(1, sizeof(*bd));
	int rc = -1;

	memset(report, 0, sizeof(*report));
	*table = NULL;
	*n = 0;
	if (each_game(g, held_out, true, b, ladder, count_shapes, &sc) < 0)
		goto out;
	bd->dict = (struct dictionary){ &sc.counts, min_count };
	if (each_game(g, held_out, true, b, ladder, collect, bd) < 0)
		goto out;

	struct mm_data d = mm_builder_data(&bd->comps, bd->nfeatures, bd->groups, GO_FG_COUNT);
	double *gamma = xcalloc((size_t)bd->nfeatures + 1, sizeof(*gamma));
	report->rounds = mm_fit(&d, rounds, 1e-6, gamma);
	report->log_likelihood = mm_log_likelihood(&d, gamma);
	*table = xmalloc(((size_t)bd->nfeatures + 1) * sizeof(**table));
	for (int f = 0; f < bd->nfeatures; f++) {
		(*table)[f].key = bd->keys[f];
		(*table)[f].gamma = gamma[f];
		report->shapes += bd->groups[f] == GO_FG_SHAPE;
	}
	*n = (size_t)bd->nfeatures;
	qsort(*table, *n, sizeof(**table), gamma_cmp);
	free(gamma);
	report->train_positions = sc.positions;
	report->candidates = bd->comps.ncand;
	report->features = *n;

	struct go_gamma_index index;
	go_gamma_index_build(&index, *table, *n);
	int prc = held_out > 0 ? rate(g, held_out, false, &index, &index, b, ladder, report) : 0;
	go_gamma_index_free(&index);
	if (prc < 0)
		goto out;
	rc = 0;
out:
	if (rc < 0) {
		free(*table);
		*table = NULL;
		*n = 0;
	}
	builder_free(bd);
	free(bd);
	keymap_free(&sc.counts);
	free(ladder);
	free(b);
	return rc;
}

/* ---- the header --------------------------------------------------------- */

int go_learn_write(FILE *out, const struct go_gamma *table, size_t n, const char *note,
		   bool small)
{
	const char *name = small ? "GO_GAMMAS_SMALL" : "GO_GAMMAS";

	fprintf(out,
		"/* Go's learned move patterns: a gamma per feature key (go_features.h,\n"
		" * go_feature_key), sorted by key. Written by go_patterns fit\n"
		" * (doc/go-patterns.md)%s:\n"
		" * %s\n"
		" */\n"
		"#ifndef QUINTET_%s_H\n"
		"#define QUINTET_%s_H\n\n"
		"#define %s_COUNT %zu\n\n"
		"#define %s { \\\n",
		small ? ", the table of boards below 13x13" : "", note, name, name, name, n, name);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "\t{ UINT64_C(0x%016" PRIx64 "), %.6g }, \\\n", table[i].key,
			table[i].gamma);
	fprintf(out, "}\n\n#endif\n");
	return ferror(out) ? -1 : 0;
}
