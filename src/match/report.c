/* Match summary, progress line and the final report. */
#include "match/report.h"

#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

static const char *const end_names[END_COUNT] = {
	[END_SCORE] = "score",             [END_PASSES] = "passes",
	[END_FIVE] = "five",               [END_WIPEOUT] = "wipeout",
	[END_NO_MOVES] = "no-moves",       [END_MOVE_RULE] = "move-rule",
	[END_SOLVED] = "solved",           [END_UNSOLVED] = "unsolved",
	[END_RESIGN] = "resign",           [END_ILLEGAL] = "illegal",
	[END_MALFORMED] = "malformed",     [END_TIMEOUT] = "time",
	[END_CRASH] = "crash",             [END_REFUSED] = "refused",
	[END_CAP_SCORED] = "cap-scored",   [END_CAP_DRAW] = "cap-draw",
	[END_VOID] = "void",               [END_PROTOCOL] = "protocol",
	[END_ADJUDICATED] = "adjudicated",
};

/* The rule ends spell their reasons as game_reason_name does
 * (tests/unit/test_match_referee.c checks it). */
static const enum game_end reason_ends[GAME_REASON_COUNT] = {
	[GAME_REASON_SCORE] = END_SCORE,         [GAME_REASON_NO_MOVES] = END_NO_MOVES,
	[GAME_REASON_WIPEOUT] = END_WIPEOUT,     [GAME_REASON_MOVE_RULE] = END_MOVE_RULE,
	[GAME_REASON_SOLVED] = END_SOLVED,       [GAME_REASON_UNSOLVED] = END_UNSOLVED,
	[GAME_REASON_FIVE] = END_FIVE,
};

const char *match_end_name(enum game_end end)
{
	return end < END_COUNT ? end_names[end] : "?";
}

bool match_end_by_rules(enum game_end end)
{
	return end <= END_UNSOLVED;
}

enum game_end match_end_of_reason(enum game_reason reason)
{
	return (unsigned)reason < GAME_REASON_COUNT ? reason_ends[reason] : END_SCORE;
}

bool match_end_is_forfeit(enum game_end end)
{
	return end == END_ILLEGAL || end == END_MALFORMED || end == END_TIMEOUT ||
	       end == END_CRASH || end == END_REFUSED || end == END_PROTOCOL;
}

/* Add a game to a's record against b: won, drawn or lost. */
static void add_wdl(struct stats_wdl *r, int outcome)
{
	if (outcome > 0)
		r->wins++;
	else if (outcome < 0)
		r->losses++;
	else
		r->draws++;
}

/* Engine k's timing in game number: its slowest reply so far, and the
 * periods it lost added up. */
static void add_timing(struct match_summary *s, int k, int number, const struct match_timing *t)
{
	struct match_timing *best = &s->slowest[k];
	int lost = best->periods_lost + t->periods_lost;

	if (t->share > best->share) {
		*best = *t;
		s->slowest_game[k] = number;
	}
	best->periods_lost = lost;
}

void summary_add(struct match_summary *s, const struct match_result *res)
{
	int b = res->black, w = res->white;
	int outcome = res->winner == COLOR_BLACK ? 1 : res->winner == COLOR_WHITE ? -1 : 0;

	if (res->end == END_VOID) {
		s->voids++;
		return;
	}
	s->color_wins[res->winner]++;
	add_wdl(&s->engine[b], outcome);
	add_wdl(&s->engine[w], -outcome);
	add_wdl(&s->pair[b][w], outcome);
	add_wdl(&s->pair[w][b], -outcome);
	if (b == 0 || w == 0) { /* engine 1's own tally */
		int color1 = b == 0 ? COLOR_BLACK : COLOR_WHITE, mine = b == 0 ? outcome : -outcome;
		add_wdl(&s->all, mine);
		add_wdl(&s->as_color[color1], mine);
	}
	if (outcome != 0)
		s->lost_by[outcome > 0 ? w : b][res->end]++;
	if (res->timed) {
		s->timed_games++;
		add_timing(s, b, res->number, &res->timing[COLOR_BLACK]);
		add_timing(s, w, res->number, &res->timing[COLOR_WHITE]);
	}
	s->tally_sum[0] += (double)res->tally;
	s->tally_games[0]++;
	s->tally_sum[1 + b] += (double)res->tally;
	s->tally_games[1 + b]++;
}

/* Engine 1's half points in a game: 2 for a win, 1 a draw, 0 a loss. */
static int half_points(const struct match_result *res)
{
	int color1 = res->black == 0 ? COLOR_BLACK : COLOR_WHITE;

	if (res->winner == COLOR_NONE)
		return 1;
	return res->winner == color1 ? 2 : 0;
}

void summary_add_pair(struct match_summary *s, const struct match_result *a,
		      const struct match_result *b)
{
	if (a->end == END_VOID || b->end == END_VOID)
		return;
	s->penta.pairs[half_points(a) + half_points(b)]++;
}

double summary_sprt_llr(const struct match_summary *s, const struct sprt *t)
{
	return s->paired ? stats_penta_llr(&s->penta, t) : stats_sprt_llr(&s->all, t);
}

static void elo_value(double v, struct strbuf *out)
{
	if (isnan(v))
		sb_puts(out, "n/a");
	else if (isinf(v))
		sb_puts(out, v > 0 ? "+inf" : "-inf");
	else
		sb_printf(out, "%+.1f", fabs(v) < 0.05 ? 0.0 : v);
}

/* "+12.3 [-45.6, +71.0]", or "n/a". */
static void elo_text(double elo, double low, double high, struct strbuf *out)
{
	elo_value(elo, out);
	if (isnan(elo))
		return;
	sb_puts(out, " [");
	elo_value(low, out);
	sb_puts(out, ", ");
	elo_value(high, out);
	sb_puts(out, "]");
}

void report_elo_text(const struct match_summary *s, struct strbuf *out)
{
	double elo, low, high;

	stats_elo_interval(&s->all, &elo, &low, &high);
	elo_text(elo, low, high, out);
}

void report_progress(const struct match_summary *s, const char *name, long done, long total,
		     struct strbuf *out)
{
	sb_printf(out, "game %ld/%ld: %s +%ld =%ld -%ld (", done, total, name, s->all.wins,
		  s->all.draws, s->all.losses);
	if (stats_games(&s->all))
		sb_printf(out, "%.1f%%", 100 * stats_score(&s->all));
	else
		sb_puts(out, "-");
	sb_puts(out, "), Elo ");
	report_elo_text(s, out);
}

/* The width of a table's first column: its rows are "  as black" and
 * the first n engines' names. */
static int label_width(const struct report_info *info, int n)
{
	int width = (int)strlen("  as black");

	for (int i = 0; i < n; i++)
		if ((int)strlen(info->names[i]) > width)
			width = (int)strlen(info->names[i]);
	return width;
}

/* The head of a table whose first column is width wide. */
static void table_head(FILE *out, int width, const char *extra)
{
	fprintf(out, "%-*s %6s %6s %6s %7s %7s%s%s\n", width, "", "games", "wins", "draws",
		"losses", "score", extra ? "  " : "", extra ? extra : "");
}

/* A row of the table; a row without games has no score ("-"). */
static void table_row(FILE *out, int width, const char *label, const struct stats_wdl *r)
{
	fprintf(out, "%-*s %6ld %6ld %6ld %7ld ", width, label, stats_games(r), r->wins, r->draws,
		r->losses);
	if (stats_games(r))
		fprintf(out, "%6.1f%%\n", 100 * stats_score(r));
	else
		fprintf(out, "%7s\n", "-");
}

void report_game(FILE *out, const struct match_result *g)
{
	bool rules = match_end_by_rules(g->end);

	fprintf(out, "%5d %6d %6d  %-10s %6ld  %s%s%s\n", g->number, g->black + 1,
		g->white + 1, g->result, g->moves, match_end_name(g->end), rules ? "" : ": ",
		rules ? "" : g->detail);
}

/* A paired match: the pairs by engine 1's points in them, and its score
 * and Elo with the pentanomial variance. */
static void print_pairs(FILE *out, const struct report_info *info, const struct match_summary *s)
{
	const long *c = s->penta.pairs;
	long pairs = stats_penta_pairs(&s->penta), outside = stats_games(&s->all) - 2 * pairs;

	fprintf(out, "pairs (colours swapped): %ld", pairs);
	if (outside)
		fprintf(out, " (%ld game%s outside a whole pair)", outside, outside == 1 ? "" : "s");
	fprintf(out, "; LL %ld, LD %ld, DD/WL %ld, WD %ld, WW %ld\n", c[0], c[1], c[2], c[3], c[4]);
	if (!pairs) {
		fprintf(out, "pentanomial score of %s: - (no whole pair)\n", info->names[0]);
		return;
	}
	struct stats_interval ci = stats_penta_interval(&s->penta);
	struct strbuf elo = STRBUF_INIT;
	double e, low, high;

	stats_penta_elo_interval(&s->penta, &e, &low, &high);
	elo_text(e, low, high, &elo);
	fprintf(out, "pentanomial score of %s: %.1f%% (95%% interval %.1f%% to %.1f%%), Elo %s\n",
		info->names[0], 100 * stats_penta_score(&s->penta), 100 * ci.low, 100 * ci.high,
		sb_str(&elo));
	sb_free(&elo);
}

/* Two engines: engine 1's row, its rows per colour, its score. */
static void print_table(FILE *out, const struct report_info *info, const struct match_summary *s)
{
	struct stats_interval ci = stats_wilson(&s->all);
	struct strbuf elo = STRBUF_INIT;
	int width = label_width(info, 1);

	table_head(out, width, NULL);
	table_row(out, width, info->names[0], &s->all);
	table_row(out, width, "  as black", &s->as_color[COLOR_BLACK]);
	table_row(out, width, "  as white", &s->as_color[COLOR_WHITE]);
	fprintf(out, "colours: black won %ld, white won %ld, draws %ld\n",
		s->color_wins[COLOR_BLACK], s->color_wins[COLOR_WHITE], s->color_wins[COLOR_NONE]);
	if (stats_games(&s->all))
		fprintf(out, "score of %s: %.1f%% (95%% interval %.1f%% to %.1f%%)\n",
			info->names[0], 100 * stats_score(&s->all), 100 * ci.low, 100 * ci.high);
	else
		fprintf(out, "score of %s: - (no game counted)\n", info->names[0]);
	report_elo_text(s, &elo);
	fprintf(out, "Elo difference (%s - %s): %s (95%% interval, from the score's)\n",
		info->names[0], info->names[1], sb_str(&elo));
	sb_free(&elo);
	if (s->paired)
		print_pairs(out, info, s);
}

static void print_tally(FILE *out, const char *tally, const struct report_info *info,
			const struct match_summary *s)
{
	const char *sep = " (";

	fprintf(out, "average %s per game: %.1f", tally,
		s->tally_games[0] ? s->tally_sum[0] / (double)s->tally_games[0] : 0.0);
	for (int k = 1; k <= info->cfg->nengines; k++)
		if (s->tally_games[k]) {
			fprintf(out, "%s%s black: %.1f", sep, info->names[k - 1],
				s->tally_sum[k] / (double)s->tally_games[k]);
			sep = ", ";
		}
	fprintf(out, "%s\n", sep[0] == ',' ? ")" : "");
}

static void print_forfeits(FILE *out, const struct report_info *info, const struct match_summary *s)
{
	fprintf(out, "losses by reason:");
	for (int i = 0; i < info->cfg->nengines; i++) {
		fprintf(out, "%s %s:", i ? ";" : "", info->names[i]);
		bool any = false;
		for (int e = 0; e < END_COUNT; e++)
			if (s->lost_by[i][e]) {
				fprintf(out, "%s %ld %s", any ? "," : "", s->lost_by[i][e],
					match_end_name((enum game_end)e));
				any = true;
			}
		if (!any)
			fprintf(out, " none");
	}
	fprintf(out, "\n");
}

/* With a time control: each engine's slowest reply for its time left
 * (a share above 100% lost on time) and, under byo-yomi, the periods it
 * lost. */
static void print_timing(FILE *out, const struct report_info *info, const struct match_summary *s)
{
	const struct match_config *cfg = info->cfg;

	if (!s->timed_games)
		return;
	fprintf(out, "slowest reply for the time left:");
	for (int i = 0; i < cfg->nengines; i++) {
		const struct match_timing *t = &s->slowest[i];

		fprintf(out, "%s %s ", i ? ";" : "", info->names[i]);
		if (!s->slowest_game[i])
			fprintf(out, "-");
		else
			fprintf(out, "%.1f%% (game %d, move %ld: %.3f s of %.3f s)", 100 * t->share,
				s->slowest_game[i], t->move, t->reply, t->left);
		if (cfg->byo_periods > 0)
			fprintf(out, ", %d byo-yomi period%s lost", t->periods_lost,
				t->periods_lost == 1 ? "" : "s");
	}
	fprintf(out, "\n");
}

static void print_sprt(FILE *out, const struct report_info *info, const struct match_summary *s)
{
	const struct sprt *t = &info->cfg->sprt;
	double lower, upper, llr = info->sprt_missing ? info->sprt_llr : summary_sprt_llr(s, t);

	stats_sprt_bounds(t, &lower, &upper);
	fprintf(out, "SPRT (elo0 %g, elo1 %g, alpha %g, beta %g), %s: LLR %.2f (bounds %.2f, %.2f)",
		t->elo0, t->elo1, t->alpha, t->beta, s->paired ? "pentanomial" : "trinomial", llr,
		lower, upper);
	if (info->cfg->shards > 0)
		fprintf(out, " over this shard's games: quintet-match --merge of the shards "
			"decides\n");
	else if (info->sprt == SPRT_CONTINUE && info->sprt_missing > 1)
		fprintf(out, " over games 1-%ld: continue, game %ld not played yet\n",
			info->sprt_missing - 1, info->sprt_missing);
	else if (info->sprt == SPRT_CONTINUE && info->sprt_missing)
		fprintf(out, " over no game: continue, game 1 not played yet\n");
	else if (info->sprt == SPRT_CONTINUE)
		fprintf(out, ": no decision\n");
	else
		fprintf(out, ": %s accepted, stopped after %ld games\n",
			info->sprt == SPRT_H1 ? "H1" : "H0", stats_games(&s->all) + s->voids);
}

/* A tournament's standings: each engine's results against the others,
 * its score, and the Elo of that score with its interval. */
static void print_standings(FILE *out, const struct report_info *info,
			    const struct match_summary *s)
{
	const struct match_config *cfg = info->cfg;
	struct strbuf elo = STRBUF_INIT;
	int width = label_width(info, cfg->nengines);

	table_head(out, width, "Elo against its opponents");
	for (int i = 0; i < cfg->nengines; i++) {
		struct match_summary one = { .all = s->engine[i] };

		sb_reset(&elo);
		report_elo_text(&one, &elo);
		fprintf(out, "%-*s %6ld %6ld %6ld %7ld ", width, info->names[i],
			stats_games(&s->engine[i]), s->engine[i].wins, s->engine[i].draws,
			s->engine[i].losses);
		if (stats_games(&s->engine[i]))
			fprintf(out, "%6.1f%%  %s\n", 100 * stats_score(&s->engine[i]), sb_str(&elo));
		else
			fprintf(out, "%7s\n", "-");
	}
	fprintf(out, "pairs (the first engine's results):\n");
	for (int i = 0; i < cfg->nengines; i++)
		for (int j = i + 1; j < cfg->nengines; j++) {
			const struct stats_wdl *r = &s->pair[i][j];
			struct match_summary one = { .all = *r };

			if (!stats_games(r))
				continue;
			sb_reset(&elo);
			report_elo_text(&one, &elo);
			fprintf(out, "  %s - %s: +%ld =%ld -%ld (%.1f%%), Elo %s\n", info->names[i],
				info->names[j], r->wins, r->draws, r->losses, 100 * stats_score(r),
				sb_str(&elo));
		}
	fprintf(out, "colours: black won %ld, white won %ld, draws %ld\n",
		s->color_wins[COLOR_BLACK], s->color_wins[COLOR_WHITE], s->color_wins[COLOR_NONE]);
	sb_free(&elo);
}

static const char *const tournament_names[] = {
	[TOURNAMENT_NONE] = "match", [TOURNAMENT_GAUNTLET] = "gauntlet",
	[TOURNAMENT_ROUNDROBIN] = "round robin",
};

static int by_digest(const void *a, const void *b)
{
	const struct match_result *x = *(const struct match_result *const *)a;
	const struct match_result *y = *(const struct match_result *const *)b;

	if (x->digest != y->digest)
		return x->digest < y->digest ? -1 : 1;
	if (x->black != y->black)
		return x->black - y->black;
	if (x->white != y->white)
		return x->white - y->white;
	return x->number - y->number;
}

void report_duplicates(const struct match_result *results, long n, struct report_info *info)
{
	const struct match_result **v = xcalloc((size_t)(n > 0 ? n : 1), sizeof(*v));
	long count = 0;

	for (long i = 0; i < n; i++)
		if (results[i].done && results[i].end != END_VOID)
			v[count++] = &results[i];
	qsort(v, (size_t)count, sizeof(*v), by_digest);
	info->duplicates = 0;
	for (long i = 1; i < count; i++) {
		const struct match_result *a = v[i - 1], *b = v[i];
		if (a->digest != b->digest || a->black != b->black || a->white != b->white)
			continue;
		if (info->duplicates++ == 0) {
			info->duplicate[0] = b->number;
			info->duplicate[1] = a->number;
		}
	}
	free(v);
}

void report_header(FILE *out, const struct report_info *info)
{
	const struct match_config *cfg = info->cfg;

	fprintf(out, "quintet-match: %s, %s; %ld games", cfg->ops->name, info->options, cfg->games);
	if (cfg->tournament != TOURNAMENT_NONE)
		fprintf(out, " (%s, %d pairs of %ld)", tournament_names[cfg->tournament],
			match_pairs(cfg), cfg->games_per_pair);
	fprintf(out, ", seed %llu", (unsigned long long)cfg->seed);
	if (cfg->shards > 0)
		fprintf(out, "; shard %ld/%ld: %ld of the games", cfg->shard, cfg->shards,
			match_shard_games(cfg));
	fprintf(out, "\n");
	for (int i = 0; i < cfg->nengines; i++)
		fprintf(out, "engine %d: %s (%s)\n", i + 1, info->names[i], cfg->engines[i].spec);
	fprintf(out, "\n");
	fprintf(out, "%5s %6s %6s  %-10s %6s  %s\n", "game", "black", "white", "result",
		"moves", "end");
}

void report_footer(FILE *out, const struct report_info *info, const struct match_summary *s)
{
	const struct match_config *cfg = info->cfg;
	const char *tally = cfg->ops->moves_word ? cfg->ops->moves_word : "moves";

	fprintf(out, "\n");
	if (info->interrupted)
		fprintf(out, "interrupted by %s after %ld of %ld games%s%s\n",
			info->interrupted == SIGINT ? "SIGINT" : info->interrupted == SIGTERM ? "SIGTERM"
											 : "a signal",
			info->played, match_shard_games(cfg),
			cfg->results ? "; to continue: quintet-match --resume " : "",
			cfg->results ? cfg->results : "");
	if (cfg->nengines > 2)
		print_standings(out, info, s);
	else
		print_table(out, info, s);
	print_tally(out, tally, info, s);
	print_forfeits(out, info, s);
	print_timing(out, info, s);
	if (cfg->use_sprt)
		print_sprt(out, info, s);
	if (s->voids)
		fprintf(out, "void games (not counted): %ld\n", s->voids);
	if (info->duplicates)
		fprintf(out, "warning: %ld of %ld games repeat an earlier game move for move "
			"(game %d = game %d): the engines may be deterministic; vary the games "
			"with --openings or --random-opening\n",
			info->duplicates, info->played, info->duplicate[0], info->duplicate[1]);
}

void report_print(FILE *out, const struct report_info *info,
		  const struct match_result *results, long n, const struct match_summary *s)
{
	report_header(out, info);
	for (long i = 0; i < n; i++)
		if (results[i].done)
			report_game(out, &results[i]);
	report_footer(out, info, s);
}
