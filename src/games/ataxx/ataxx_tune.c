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

/* A game's quiet positions, kept until its result is known. */
struct game_lines {
	struct strbuf text; /* "FEN ; RULES ; " per line, newline-separated */
	long n;             /* lines */
};

static void note_position(struct game_lines *g, const struct axw_pos *pos, int size)
{
	ataxx_print_fen(pos, size, &g->text);
	sb_printf(&g->text, " ; %s ; \n", pos->standard ? "standard" : "yinyang");
	g->n++;
}

/* Write the game's lines, each ending with the result for x. */
static void flush_game(const struct game_lines *g, const char *result, FILE *out)
{
	const char *s = sb_str(&g->text);

	while (*s) {
		const char *end = strchr(s, '\n');

		fprintf(out, "%.*s%s\n", (int)(end - s), s, result);
		s = end + 1;
	}
}

static const char *result_for_x(const struct axw_pos *pos)
{
	int v = axw_outcome(pos);

	return v > 0 ? "1" : v < 0 ? "0" : "0.5";
}

/* One game: random opening moves, then the search at the node budget;
 * the quiet positions go to g. Returns false when the game ran too long. */
static bool play_game(const struct ataxx_selfplay *sp, struct rng *r, struct search_tt *tt,
		      struct game_lines *g, struct axw_pos *pos)
{
	static const struct ataxx_layout start = { ATAXX_CORNERS, 2 };
	int *list = xmalloc(axw_MAX_MOVES * sizeof(*list));
	int random = (int)rng_below(r, (uint32_t)sp->random_plies + 1);
	bool ended = false;

	ataxx_layout_position(sp->size, &start, sp->standard, pos);
	for (int ply = 0; ply < ATAXX_TUNE_MAX_PLIES && !ended; ply++) {
		int n = axw_legal_moves(pos, list), move;

		if (n == 0 || axw_is_over(pos)) {
			ended = true;
			break;
		}
		if (ply < random) {
			move = list[rng_below(r, (uint32_t)n)];
		} else {
			struct search_limits lim = { .nodes = sp->nodes, .tt = tt };
			struct search_info info;
			move = ataxx_search(pos, sp->size, &lim, &info);
			if (info.score < ATAXX_WIN_BOUND && info.score > -ATAXX_WIN_BOUND &&
			    abs(info.score - ataxx_evaluate(pos)) <= sp->margin)
				note_position(g, pos, sp->size);
		}
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
		struct game_lines g = { STRBUF_INIT, 0 };
		struct search_tt *tt = search_tt_new(16);
		struct axw_pos pos;

		if (play_game(sp, &r, tt, &g, &pos)) {
			flush_game(&g, result_for_x(&pos), out);
			lines += g.n;
		}
		search_tt_unref(tt);
		sb_free(&g.text);
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

int ataxx_tune_parse(const char *line, double *x, double *y, bool *standard, char *err,
		     size_t errlen)
{
	char buf[ATAXX_TUNE_LINE + 1], *words[MAX_FEN_WORDS], fen_err[128];
	struct axw_pos pos;
	int size, f[ATAXX_NFEATURES];

	if (strlen(line) > ATAXX_TUNE_LINE)
		return fail(err, errlen, "line too long");
	strcpy(buf, line);
	char *rules = strchr(buf, ';');
	char *result = rules ? strchr(rules + 1, ';') : NULL;
	if (!result)
		return fail(err, errlen, "expected FEN ; RULES ; RESULT");
	*rules++ = '\0';
	*result++ = '\0';
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
	if (tune_parse_result(result, y) < 0)
		return fail(err, errlen, "result must be 1, 0.5 or 0");
	if (axw_is_over(&pos))
		return fail(err, errlen, "the game is over in that position");
	ataxx_features(&pos, f);
	for (int i = 0; i < ATAXX_NFEATURES; i++)
		x[i] = f[i];
	if (pos.turn)
		*y = 1 - *y;
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
}

int ataxx_tune_add_line(const char *line, void *ctx, char *why, size_t whylen)
{
	struct ataxx_tune_set *set = ctx;

	set_grow(set);
	if (ataxx_tune_parse(line, set->x + set->n * ATAXX_NFEATURES, set->y + set->n,
			     set->standard + set->n, why, whylen) < 0)
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
	memset(set, 0, sizeof(*set));
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

int ataxx_tune_write_weights(FILE *out, const int weights[2][ATAXX_NFEATURES], const char *note)
{
	fprintf(out,
		"/* The Ataxx evaluation's weights: one per feature of ataxx_search.h, in\n"
		" * units where a piece on a half-filled board is ATAXX_PIECE (100), a\n"
		" * table for each rules. Written by ataxx_tune fit (doc/ataxx-tuning.md):\n"
		" * %s\n"
		" * A weight of 0 means the search never computes that feature. */\n"
		"#ifndef QUINTET_ATAXX_WEIGHTS_H\n#define QUINTET_ATAXX_WEIGHTS_H\n\n",
		note);
	write_table(out, "ATAXX_WEIGHTS_YINYANG", weights[0]);
	fputc('\n', out);
	write_table(out, "ATAXX_WEIGHTS_STANDARD", weights[1]);
	fprintf(out, "\n#endif\n");
	return fflush(out) || ferror(out) ? -1 : 0;
}
