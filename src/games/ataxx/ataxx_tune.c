/* The Ataxx evaluation tuner's pieces (see ataxx_tune.h). */
#include "games/ataxx/ataxx_tune.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "games/ataxx/ataxx.h"
#include "util/rng.h"
#include "util/strbuf.h"
#include "util/tune_io.h"
#include "util/xalloc.h"

#define MAX_FEN_WORDS 8

/* --- self-play ---------------------------------------------------------- */

static const char *result_for_x(const struct axw_pos *pos)
{
	int v = axw_outcome(pos);

	return v > 0 ? "1" : v < 0 ? "0" : "0.5";
}

/* One game: random opening moves, then the search at the node budget,
 * every move written to line after its "game SIZE RULES RANDOM ; " head,
 * marked "*" when the position it was played from was quiet (the search's
 * score within sp->margin of the static evaluation, and not a won or
 * lost game). Returns false when the game ran too long. */
static bool play_game(const struct ataxx_selfplay *sp, struct rng *r, struct search_tt *tt,
		      struct strbuf *line, struct axw_pos *pos)
{
	static const struct ataxx_layout start = { ATAXX_CORNERS, 2 };
	int *list = xmalloc(axw_MAX_MOVES * sizeof(*list));
	int random = (int)rng_below(r, (uint32_t)sp->random_plies + 1);
	bool ended = false;

	ataxx_layout_position(sp->size, &start, sp->standard, pos);
	sb_printf(line, "game %d %s %d ;", sp->size, sp->standard ? "standard" : "yinyang",
		  random);
	for (int ply = 0; ply < ATAXX_TUNE_MAX_PLIES; ply++) {
		int n = axw_legal_moves(pos, list), move;

		if (n == 0 || axw_is_over(pos)) {
			ended = true;
			break;
		}
		bool quiet = false;
		if (ply < random) {
			move = list[rng_below(r, (uint32_t)n)];
		} else {
			struct search_limits lim = { .nodes = sp->nodes, .tt = tt };
			struct search_info info;
			move = ataxx_search(pos, sp->size, &lim, &info);
			quiet = info.score < ATAXX_WIN_BOUND && info.score > -ATAXX_WIN_BOUND &&
				abs(info.score - ataxx_evaluate(pos)) <= sp->margin;
		}
		sb_puts(line, " ");
		ataxx_print_move(move, false, line);
		if (quiet)
			sb_puts(line, "*");
		axw_make(pos, move);
	}
	free(list);
	return ended;
}

long ataxx_tune_selfplay(const struct ataxx_selfplay *sp, FILE *out)
{
	struct rng r;
	long lines = 0;

	rng_seed(&r, sp->seed);
	for (int i = 0; i < sp->games; i++) {
		struct strbuf line = STRBUF_INIT;
		struct search_tt *tt = search_tt_new(16);
		struct axw_pos pos;

		if (play_game(sp, &r, tt, &line, &pos)) {
			fprintf(out, "%s ; %s\n", sb_str(&line), result_for_x(&pos));
			lines++;
		}
		search_tt_unref(tt);
		sb_free(&line);
	}
	return fflush(out) || ferror(out) ? -1 : lines;
}

/* --- reading data -------------------------------------------------------- */

static int fail(char *err, size_t errlen, const char *why)
{
	snprintf(err, errlen, "%s", why);
	return -1;
}

/* Split the FEN part into at most MAX_FEN_WORDS words (in place). */
static int split_words(char *s, char **words)
{
	char *save = NULL;
	int n = 0;

	for (char *tok = strtok_r(s, " \t\n", &save); tok; tok = strtok_r(NULL, " \t\n", &save)) {
		if (n == MAX_FEN_WORDS)
			return -1;
		words[n++] = tok;
	}
	return n;
}

int ataxx_tune_parse(const char *line, double *x, double *y, bool *standard,
		     struct axw_pos *out, char *err, size_t errlen)
{
	char buf[ATAXX_TUNE_LINE + 1], *words[MAX_FEN_WORDS], fen_err[128];
	struct axw_pos pos;
	int size, f[ATAXX_NFEATURES];

	if (strlen(line) > ATAXX_TUNE_LINE)
		return fail(err, errlen, "line too long");
	strcpy(buf, line);
	char *rules, *result;
	if (!tune_split3(buf, &rules, &result))
		return fail(err, errlen, "expected FEN ; RULES ; RESULT");
	int nwords = split_words(buf, words);
	if (nwords < 0)
		return fail(err, errlen, "too many FEN words");
	if (ataxx_parse_fen(nwords, words, &size, &pos, fen_err, sizeof(fen_err)) < 0)
		return fail(err, errlen, fen_err);
	int nrules = split_words(rules, words);
	if (nrules != 1 || (strcmp(words[0], "standard") && strcmp(words[0], "yinyang")))
		return fail(err, errlen, "rules must be standard or yinyang");
	pos.standard = !strcmp(words[0], "standard");
	*standard = pos.standard;
	if (tune_parse_share(result, y) < 0)
		return fail(err, errlen, "result must be a number from 0 to 1");
	if (axw_is_over(&pos))
		return fail(err, errlen, "the game is over in that position");
	ataxx_features(&pos, f);
	for (int i = 0; i < ATAXX_NFEATURES; i++)
		x[i] = f[i];
	if (pos.turn)
		*y = 1 - *y;
	if (out)
		*out = pos;
	return 0;
}

static void set_grow(struct ataxx_tune_set *set)
{
	if (set->n < set->cap)
		return;
	set->cap = set->cap ? 2 * set->cap : 1024;
	set->x = xrealloc(set->x, set->cap * ATAXX_NFEATURES * sizeof(*set->x));
	set->y = xrealloc(set->y, set->cap * sizeof(*set->y));
	set->standard = xrealloc(set->standard, set->cap * sizeof(*set->standard));
	set->pos = xrealloc(set->pos, set->cap * sizeof(*set->pos));
}

/* A row of pos, the result for x being x_result. */
static void add_row(struct ataxx_tune_set *set, const struct axw_pos *pos, double x_result)
{
	int f[ATAXX_NFEATURES];

	set_grow(set);
	ataxx_features(pos, f);
	for (int i = 0; i < ATAXX_NFEATURES; i++)
		set->x[set->n * ATAXX_NFEATURES + i] = f[i];
	set->y[set->n] = pos->turn ? 1 - x_result : x_result;
	set->standard[set->n] = pos->standard;
	set->pos[set->n++] = *pos;
}

/* A game line (see ataxx_tune.h) into set. 0, or -1 with why. */
static int add_game(struct ataxx_tune_set *set, const char *line, char *why, size_t whylen)
{
	static const struct ataxx_layout start = { ATAXX_CORNERS, 2 };
	char buf[ATAXX_TUNE_LINE + 1], *words[MAX_FEN_WORDS], *save = NULL;
	struct axw_pos pos;
	double result;
	long size, random;
	int every = set->every > 0 ? set->every : 1, ply = 0;

	if (strlen(line) > ATAXX_TUNE_LINE)
		return fail(why, whylen, "line too long");
	strcpy(buf, line);
	char *moves, *res;
	if (!tune_split3(buf, &moves, &res))
		return fail(why, whylen, "expected game SIZE RULES RANDOM ; MOVES ; RESULT");
	if (split_words(buf, words) != 4 || !tune_parse_long(words[1], ATAXX_MIN_SIZE,
							     ATAXX_MAX_SIZE, &size) ||
	    (strcmp(words[2], "standard") && strcmp(words[2], "yinyang")) ||
	    !tune_parse_long(words[3], 0, ATAXX_TUNE_MAX_PLIES, &random))
		return fail(why, whylen, "expected game SIZE RULES RANDOM");
	if (tune_parse_result(res, &result) < 0)
		return fail(why, whylen, "result must be 1, 0.5 or 0");
	ataxx_layout_position((int)size, &start, !strcmp(words[2], "standard"), &pos);
	for (char *m = strtok_r(moves, " \t\n", &save); m; m = strtok_r(NULL, " \t\n", &save)) {
		size_t len = strlen(m);
		bool quiet = len > 1 && m[len - 1] == '*';
		int move;

		if (ply == ATAXX_TUNE_MAX_PLIES)
			return fail(why, whylen, "too many moves");
		if (quiet)
			m[len - 1] = '\0';
		if (ataxx_parse_move((int)size, m, &move, why, whylen) < 0 ||
		    !axw_is_legal(&pos, move)) {
			snprintf(why, whylen, "move %d (%s) is not legal", ply + 1, m);
			return -1;
		}
		if (quiet && ply >= random && ply >= set->from_ply && (ply + set->games) % every == 0)
			add_row(set, &pos, result);
		axw_make(&pos, move);
		ply++;
	}
	set->games++;
	return 0;
}

int ataxx_tune_add_line(const char *line, void *ctx, char *why, size_t whylen)
{
	struct ataxx_tune_set *set = ctx;

	if (!strncmp(line, "game ", 5))
		return add_game(set, line, why, whylen);
	set_grow(set);
	if (ataxx_tune_parse(line, set->x + set->n * ATAXX_NFEATURES, set->y + set->n,
			     set->standard + set->n, set->pos + set->n, why, whylen) < 0)
		return -1;
	set->n++;
	return 0;
}

int ataxx_tune_read(FILE *in, struct ataxx_tune_set *set, char *err, size_t errlen)
{
	return tune_read(in, ATAXX_TUNE_LINE, ataxx_tune_add_line, set, err, errlen);
}

void ataxx_tune_set_free(struct ataxx_tune_set *set)
{
	free(set->x);
	free(set->y);
	free(set->standard);
	free(set->pos);
	memset(set, 0, sizeof(*set));
}

/* --- search scores as labels ------------------------------------------------ */

long ataxx_tune_label(struct ataxx_tune_set *set, int depth, double scale, FILE *out)
{
	for (size_t r = 0; r < set->n; r++) {
		struct search_limits lim = { .depth = depth, .tt_bits = 14 };
		struct search_info info;
		struct strbuf line = STRBUF_INIT;
		const struct axw_pos *p = &set->pos[r];

		ataxx_search(p, p->size, &lim, &info);
		set->y[r] = 1 / (1 + exp(-(double)info.score / scale));
		ataxx_print_fen(p, p->size, &line);
		fprintf(out, "%s ; %s ; %.4f\n", sb_str(&line), p->standard ? "standard" : "yinyang",
			p->turn ? 1 - set->y[r] : set->y[r]);
		sb_free(&line);
	}
	return fflush(out) || ferror(out) ? -1 : (long)set->n;
}

/* --- the weights table -------------------------------------------------------- */

int ataxx_tune_scale(const double w[ATAXX_NFEATURES], int out[ATAXX_NFEATURES])
{
	/* a piece on a half-filled board (material_late is 16 x the share) */
	double unit = w[ATAXX_F_MATERIAL] + 8 * w[ATAXX_F_MATERIAL_LATE];

	if (!(unit > 0))
		return -1;
	for (int i = 0; i < ATAXX_NFEATURES; i++)
		out[i] = (int)lround(w[i] * ATAXX_PIECE / unit);
	return 0;
}

void ataxx_tune_scale_tuples(const double *w, double unit, int16_t out[ATAXX_TUPLE_INDICES])
{
	int *cls = xmalloc(ATAXX_TUPLE_INDICES * sizeof(*cls));

	ataxx_tuple_classes(cls);
	for (int i = 0; i < ATAXX_TUPLE_INDICES; i++) {
		long v = lround(w[cls[i]] * ATAXX_PIECE / unit);

		out[i] = (int16_t)(v > 30000 ? 30000 : v < -30000 ? -30000 : v);
	}
	free(cls);
}

/* One tuple table as a macro: whether it is on, then its weights, 16 a
 * line (an all-0 table as a lone 0). */
static void write_tuples(FILE *out, const char *macro, const int16_t *t)
{
	bool on = false;

	for (int i = 0; i < ATAXX_TUPLE_INDICES; i++)
		on |= t[i] != 0;
	fprintf(out, "#define %s_ON %d\n#define %s", macro, on, macro);
	if (!on) {
		fprintf(out, " 0\n");
		return;
	}
	for (int i = 0; i < ATAXX_TUPLE_INDICES; i++)
		fprintf(out, "%s%d,", i % 16 ? " " : " \\\n\t", t[i]);
	fputc('\n', out);
}

/* One table as the body of a macro: "\t[ATAXX_F_NAME] = W, \\" lines. */
static void write_table(FILE *out, const char *macro, const int weights[ATAXX_NFEATURES])
{
	fprintf(out, "#define %s \\\n", macro);
	for (int i = 0; i < ATAXX_NFEATURES; i++) {
		char name[64];
		size_t j = 0;

		for (const char *s = ataxx_feature_names[i]; *s && j < sizeof(name) - 1; s++)
			name[j++] = (char)(*s >= 'a' && *s <= 'z' ? *s - 'a' + 'A' : *s);
		name[j] = '\0';
		fprintf(out, "\t[ATAXX_F_%s] = %d,%s\n", name, weights[i],
			i + 1 < ATAXX_NFEATURES ? " \\" : "");
	}
}

int ataxx_tune_write_weights(FILE *out, const int weights[2][ATAXX_NFEATURES],
			     const int16_t tuples[2][ATAXX_TUPLE_INDICES], const char *note)
{
	fprintf(out,
		"/* The Ataxx evaluation's weights: one per feature of ataxx_search.h, in\n"
		" * units where a piece on a half-filled board is ATAXX_PIECE (100), a\n"
		" * table for each rules, and each rules' tuple table (ataxx_tuple.h),\n"
		" * by pattern index. Written by ataxx_tune fit (doc/ataxx-tuning.md):\n"
		" * %s\n"
		" * A weight of 0 means the search never computes that feature; a tuple\n"
		" * table of zeros is off (_ON 0: the search keeps no tuple sums). */\n"
		"#ifndef QUINTET_ATAXX_WEIGHTS_H\n#define QUINTET_ATAXX_WEIGHTS_H\n\n",
		note);
	write_table(out, "ATAXX_WEIGHTS_YINYANG", weights[0]);
	fputc('\n', out);
	write_table(out, "ATAXX_WEIGHTS_STANDARD", weights[1]);
	fputc('\n', out);
	write_tuples(out, "ATAXX_TUPLES_YINYANG", tuples[0]);
	fputc('\n', out);
	write_tuples(out, "ATAXX_TUPLES_STANDARD", tuples[1]);
	fprintf(out, "\n#endif\n");
	return fflush(out) || ferror(out) ? -1 : 0;
}
