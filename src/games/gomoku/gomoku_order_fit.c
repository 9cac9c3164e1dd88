/* Learning the move ordering's keys from self-play moves (see
 * gomoku_tune.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "games/gomoku/gomoku.h"
#include "games/gomoku/gomoku_tune.h"
#include "util/tune_io.h"
#include "util/xalloc.h"

#define ROLE_FEATURES (GOMOKU_CODES + 1) /* a role's features: its codes and none */
#define ORDER_TOLERANCE 1e-7

/* The competition before move i (at point played) of a game, when quiet,
 * past the random opening and the every-th such. */
static void add_competition(const struct gomoku_pos *pos, long i, int played, const char *v,
			    void *ctx)
{
	struct gomoku_order_set *set = ctx;
	int us = pos->turn, them = gomoku_other(us), points[GOMOKU_MAX_CELLS], n, k = 0;
	bool seen = false;

	(void)v;
	if (i < GOMOKU_ORDER_FROM || !gomoku_tune_quiet(pos) ||
	    set->seen++ % (set->every > 1 ? set->every : 1))
		return;
	n = gomoku_bits_list(&pos->cand, points);
	for (int j = 0; j < n; j++) {
		int p = points[j];
		struct mm_team *t = &set->teams[k];

		if (gomoku_pos_forbidden(pos, us, p))
			continue;
		t->f[0] = pos->cell[p].code[us - 1];
		t->f[1] = ROLE_FEATURES + pos->cell[p].code[them - 1];
		t->n = 2;
		t->won = p == played;
		seen |= t->won;
		k++;
	}
	if (seen && k > 1)
		mm_builder_add(&set->comps[pos->rules], set->teams, k);
}

int gomoku_tune_order_line(const char *line, void *ctx, char *why, size_t whylen)
{
	struct gomoku_order_set *set = ctx;
	char buf[GOMOKU_TUNE_LINE + 1], *moves, *result;
	struct mm_builder_mark marks[GOMOKU_RULES_COUNT];
	long seen = set->seen;
	struct gomoku_pos *pos;
	int rc = -1;

	if (strlen(line) > GOMOKU_TUNE_LINE) {
		snprintf(why, whylen, "line too long");
		return -1;
	}
	strcpy(buf, line);
	if (!tune_split3(buf, &moves, &result)) {
		snprintf(why, whylen, "expected RULES SIZE ; MOVES ; RESULT");
		return -1;
	}
	/* a bad line adds nothing: the competitions' counts are restored */
	for (int r = 0; r < GOMOKU_RULES_COUNT; r++)
		marks[r] = mm_builder_mark(&set->comps[r]);
	pos = xmalloc(sizeof(*pos));
	if (gomoku_tune_start(buf, pos, why, whylen) == 0 &&
	    gomoku_tune_play(moves, pos, add_competition, set, why, whylen) == 0) {
		set->games++;
		rc = 0;
	} else {
		set->seen = seen;
		for (int r = 0; r < GOMOKU_RULES_COUNT; r++)
			mm_builder_rewind(&set->comps[r], marks[r]);
	}
	free(pos);
	return rc;
}

void gomoku_tune_order_free(struct gomoku_order_set *set)
{
	for (int r = 0; r < GOMOKU_RULES_COUNT; r++)
		mm_builder_free(&set->comps[r]);
	set->games = 0;
}

void gomoku_tune_order_fit(const struct gomoku_order_set *set, enum gomoku_rules rules,
			   int rounds, int keys[2][GOMOKU_CODES + 1],
			   struct gomoku_order_report *report)
{
	int group[2 * ROLE_FEATURES];
	double *gamma = xmalloc(2 * ROLE_FEATURES * sizeof(*gamma));
	struct mm_data d;

	for (int f = 0; f < 2 * ROLE_FEATURES; f++) {
		group[f] = f >= ROLE_FEATURES;
		gamma[f] = 1;
	}
	d = mm_builder_data(&set->comps[rules], 2 * ROLE_FEATURES, group, 2);
	memset(report, 0, sizeof(*report));
	report->positions = d.ncompetitions;
	if (d.ncompetitions) {
		report->rounds = mm_fit(&d, rounds, ORDER_TOLERANCE, gamma);
		report->log_likelihood = mm_log_likelihood(&d, gamma);
		report->top1 = mm_top1(&d, gamma);
	}
	for (int role = 0; role < 2; role++) {
		for (int k = 0; k < GOMOKU_CODES; k++)
			keys[role][k] = (int)lround(GOMOKU_ORDER_SCALE *
						    log(gamma[role * ROLE_FEATURES + k]));
		keys[role][GOMOKU_CODES] = 0;
	}
	free(gamma);
}
