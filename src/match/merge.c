/* quintet-match --merge: one match's shards checked, their games put
 * together, and the whole match's report with its SPRT replayed (the
 * rules are in merge.h). */
#include "match/merge.h"

#include <stdlib.h>
#include <string.h>

#include "match/engine.h"
#include "match/report.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* N of the file's shard: 1 for a file of the whole match. */
static long shards_of(const struct results_file *rf)
{
	return rf->shards > 0 ? rf->shards : 1;
}

/* "shard K/N", or "the whole match" for a file without a shard line. */
static void shard_words(const struct results_file *rf, char *buf, size_t len)
{
	if (rf->shards > 0)
		snprintf(buf, len, "shard %ld/%ld", rf->shard, rf->shards);
	else
		snprintf(buf, len, "the whole match");
}

/* The first line (one option and its arguments) where the canonical
 * argument lists a and b differ, each into its buffer ("nothing" past
 * the end of one). */
static void first_difference(const char *a, const char *b, char *da, char *db, size_t len)
{
	while (*a || *b) {
		size_t na = strcspn(a, "\n"), nb = strcspn(b, "\n");
		if (na != nb || strncmp(a, b, na)) {
			snprintf(da, len, "%.*s", (int)na, a);
			snprintf(db, len, "%.*s", (int)nb, b);
			if (!na)
				snprintf(da, len, "nothing");
			if (!nb)
				snprintf(db, len, "nothing");
			return;
		}
		a += na + (a[na] == '\n');
		b += nb + (b[nb] == '\n');
	}
	snprintf(da, len, "?");
	snprintf(db, len, "?");
}

void merge_note_cut(const struct merge_file *f)
{
	const struct results_file *rf = &f->rf;

	if (!rf->cut_bytes)
		return;
	fprintf(stderr, "quintet-match: --merge: %s: its last line is cut (%ld bytes, '%s%s'): not "
		"counted; --resume %s plays that game again\n", f->path, rf->cut_bytes, rf->cut,
		rf->cut_bytes >= (long)sizeof(rf->cut) ? "..." : "", f->path);
}

int merge_check(const struct merge_file *f, int n, char *err, size_t errlen)
{
	const struct results_file *first = &f[0].rf;
	char wa[64], wb[64], da[160], db[160];

	for (int i = 1; i < n; i++) {
		const struct results_file *rf = &f[i].rf;

		if (rf->seed != first->seed) {
			snprintf(err, errlen, "%s is not of the match %s records: its seed is %llu, "
				 "not %llu", f[i].path, f[0].path, (unsigned long long)rf->seed,
				 (unsigned long long)first->seed);
			return -1;
		}
		if (strcmp(f[i].args, f[0].args)) {
			first_difference(f[i].args, f[0].args, da, db, sizeof(da));
			snprintf(err, errlen, "%s is not of the match %s records: its arguments "
				 "differ (%s, not %s)", f[i].path, f[0].path, da, db);
			return -1;
		}
		if (shards_of(rf) != shards_of(first)) {
			shard_words(rf, wa, sizeof(wa));
			shard_words(first, wb, sizeof(wb));
			snprintf(err, errlen, "%s is %s, %s %s: not the shards of one match",
				 f[i].path, wa, f[0].path, wb);
			return -1;
		}
		for (int j = 0; j < i; j++)
			if (f[j].rf.shard == rf->shard) {
				shard_words(rf, wa, sizeof(wa));
				snprintf(err, errlen, "%s and %s are both %s", f[j].path, f[i].path,
					 wa);
				return -1;
			}
	}
	return 0;
}

/* Whether game index is one of shard k of n. */
static bool of_shard(const struct match_config *cfg, long index, long k, long n)
{
	return match_game_pair(cfg, index) % n == k;
}

/* One file's games into results: -1 on a game that is not of its shard. */
static int collect_file(const struct match_config *cfg, const struct merge_file *mf,
			struct match_result *results, long *have, char *err, size_t errlen)
{
	const struct results_file *rf = &mf->rf;
	long n = shards_of(rf), k = rf->shards > 0 ? rf->shard : 0;
	char words[64];

	shard_words(rf, words, sizeof(words));
	for (long i = 0; i < rf->ngames; i++) {
		const struct match_result *g = &rf->games[i];
		int black, white, opening;

		if (g->number > cfg->games) {
			snprintf(err, errlen, "%s: game %d is beyond the match's %ld games",
				 mf->path, g->number, cfg->games);
			return -1;
		}
		match_schedule(cfg, g->number - 1, &black, &white, &opening);
		if (g->black != black || g->white != white || g->opening != opening) {
			snprintf(err, errlen, "%s: game %d does not fit the match's schedule",
				 mf->path, g->number);
			return -1;
		}
		if (!of_shard(cfg, g->number - 1, k, n)) {
			snprintf(err, errlen, "%s: game %d is not one of %s's", mf->path, g->number,
				 words);
			return -1;
		}
		if (results[g->number - 1].done) {
			fprintf(stderr, "quintet-match: --merge: %s lists game %d twice: the first "
				"counts\n", mf->path, g->number);
			continue;
		}
		results[g->number - 1] = *g;
		(*have)++;
	}
	return 0;
}

/* Say which shards are missing: up to ten of their numbers. */
static void note_missing_shards(const bool *seen, long n, long missing_games)
{
	struct strbuf list = STRBUF_INIT;
	long missing = 0;

	for (long k = 0; k < n; k++)
		if (!seen[k] && missing++ < 10)
			sb_printf(&list, "%s%ld", list.len ? ", " : "", k);
	if (!missing)
		return;
	fprintf(stderr, "quintet-match: --merge: %ld of %ld shards missing (%s%s): their %ld "
		"games are not in the report\n", missing, n, sb_str(&list),
		missing > 10 ? ", ..." : "", missing_games);
	sb_free(&list);
}

int merge_collect(const struct match_config *cfg, const struct merge_file *f, int n,
		  struct match_result *results, char *err, size_t errlen)
{
	long shards = shards_of(&f[0].rf), missing_games = 0;
	long *per_shard = xcalloc((size_t)shards, sizeof(*per_shard));
	bool *seen = xcalloc((size_t)shards, sizeof(*seen));
	int rc = 0;

	for (long i = 0; i < cfg->games; i++)
		per_shard[match_game_pair(cfg, i) % shards]++;
	for (int i = 0; rc == 0 && i < n; i++) {
		const struct results_file *rf = &f[i].rf;
		long k = rf->shards > 0 ? rf->shard : 0, have = 0;
		char words[64];

		seen[k] = true;
		rc = collect_file(cfg, &f[i], results, &have, err, errlen);
		shard_words(rf, words, sizeof(words));
		if (rc == 0 && have < per_shard[k])
			fprintf(stderr, "quintet-match: --merge: %s (%s) has %ld of its %ld games; "
				"--resume %s plays the rest\n", f[i].path, words, have, per_shard[k],
				f[i].path);
	}
	for (long k = 0; k < shards; k++)
		if (!seen[k])
			missing_games += per_shard[k];
	if (rc == 0)
		note_missing_shards(seen, shards, missing_games);
	free(per_shard);
	free(seen);
	return rc;
}

void merge_names(const struct match_config *cfg, const struct merge_file *f, int n,
		 char (*names)[MATCH_NAME_MAX])
{
	const char *base[MATCH_MAX_ENGINES];
	struct engine e[MATCH_MAX_ENGINES];

	for (int i = 0; i < n; i++) {
		int k = 0;
		while (k < cfg->nengines && f[i].rf.names[k])
			k++;
		if (k < cfg->nengines)
			continue;
		for (k = 0; k < cfg->nengines; k++)
			snprintf(names[k], MATCH_NAME_MAX, "%s", f[i].rf.names[k]);
		return;
	}
	/* Files written before the engine lines: named as an engine that
	 * says no name is (without starting it). */
	for (int k = 0; k < cfg->nengines; k++) {
		engine_init(&e[k], cfg->engines[k].spec, k + 1, false);
		base[k] = match_engine_name(cfg, k, &e[k]);
	}
	match_unique_names(base, cfg->nengines, names);
	for (int k = 0; k < cfg->nengines; k++)
		engine_destroy(&e[k]);
}

/* Add game index (done) to s, and its pair when the other game is an
 * earlier one, done: each whole pair once, when its second game comes,
 * as the whole match adds it. */
static void add_in_order(const struct match_config *cfg, struct match_summary *s,
			 const struct match_result *results, long index)
{
	long partner = match_partner(cfg, index);

	summary_add(s, &results[index]);
	if (s->paired && partner >= 0 && partner < index && results[partner].done)
		summary_add_pair(s, &results[partner], &results[index]);
}

enum sprt_state merge_report(const struct match_config *cfg, const char *const *names,
			     const struct match_result *results, FILE *out)
{
	struct match_summary prefix = { .paired = match_paired(cfg) }, all = prefix;
	enum sprt_state state = SPRT_CONTINUE;
	struct strbuf options = STRBUF_INIT;
	struct report_info info;
	long run = 0, upto, played = 0, later = 0;

	/* The SPRT as the whole match meets it, one game at a time. */
	for (long i = 0; i < cfg->games && results[i].done; i++) {
		add_in_order(cfg, &prefix, results, i);
		run = i + 1;
		if (!cfg->use_sprt)
			continue;
		state = stats_sprt_state(summary_sprt_llr(&prefix, &cfg->sprt), &cfg->sprt);
		if (state != SPRT_CONTINUE)
			break;
	}
	upto = state == SPRT_CONTINUE ? cfg->games : run;
	for (long i = 0; i < cfg->games; i++)
		if (results[i].done && i < upto) {
			add_in_order(cfg, &all, results, i);
			played++;
		} else if (results[i].done) {
			later++;
		}
	if (later)
		fprintf(stderr, "quintet-match: --merge: the SPRT accepts %s at game %ld, where the "
			"whole match stops: the %ld later game%s of the shards %s not counted\n",
			state == SPRT_H1 ? "H1" : "H0", run, later, later == 1 ? "" : "s",
			later == 1 ? "is" : "are");
	match_describe(cfg, &options);
	info = (struct report_info){
		.cfg = cfg,
		.options = sb_str(&options),
		.sprt = state,
		.played = played,
	};
	for (int k = 0; k < cfg->nengines; k++)
		info.names[k] = names[k];
	if (cfg->use_sprt && state == SPRT_CONTINUE && run < cfg->games) {
		info.sprt_missing = run + 1;
		info.sprt_llr = summary_sprt_llr(&prefix, &cfg->sprt);
	}
	report_duplicates(results, upto, &info);
	report_print(out, &info, results, upto, &all);
	fflush(out);
	sb_free(&options);
	return state;
}
