/* The Flood evaluation tuner's pieces (see flood_tune.h). */
#include "games/flood/flood_tune.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/rng.h"
#include "util/strbuf.h"
#include "util/tune_io.h"
#include "util/xalloc.h"

/* --- self-play ---------------------------------------------------------- */

/* A game in play: its board, position and moves so far. */
struct tune_game {
	struct flood_board board;
	struct flood_pos pos;
	struct strbuf moves; /* the colours played, as digits */
	long *quiet;         /* lengths of moves at the quiet positions */
	long nquiet, cap;
};

static void note_quiet(struct tune_game *g)
{
	if (g->nquiet == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 64;
		g->quiet = xrealloc(g->quiet, (size_t)g->cap * sizeof(*g->quiet));
	}
	g->quiet[g->nquiet++] = (long)g->moves.len;
}

/* The search's move, noting the position first when it is quiet. */
static int search_move(const struct flood_selfplay *sp, struct tune_game *g)
{
	struct search_limits lim = { .nodes = sp->nodes };
	struct flood_search_info info;
	int move = flood_search(&g->pos, &g->board, &lim, false, &info);

	if (!info.exact && abs(info.score - flood_evaluate(&g->pos, &g->board)) <= sp->margin)
		note_quiet(g);
	return move;
}

static void play_game(const struct flood_selfplay *sp, struct rng *r, uint64_t board_seed,
		      struct tune_game *g)
{
	struct rng board_rng;
	int random = (int)rng_below(r, (uint32_t)sp->random_plies + 1);

	rng_seed(&board_rng, board_seed);
	flood_board_init(&g->board, sp->width, sp->height, sp->ncolors);
	flood_board_randomize(&g->board, &board_rng);
	flood_pos_init(&g->pos, &g->board, COLOR_BLACK);
	for (int ply = 0; !g->pos.over; ply++) {
		int move = ply < random ? flood_random(&g->pos, &g->board, r) : search_move(sp, g);

		sb_printf(&g->moves, "%d", move);
		flood_pos_play(&g->pos, &g->board, move);
	}
}

/* Write the game's quiet positions, each with the result for black. */
static void flush_game(const struct flood_selfplay *sp, uint64_t board_seed,
		       const struct tune_game *g, FILE *out)
{
	int m = flood_margin(&g->pos);
	const char *result = m > 0 ? "1" : m < 0 ? "0" : "0.5";

	for (long i = 0; i < g->nquiet; i++)
		fprintf(out, "%dx%d/%d %llu %.*s ; %s\n", sp->width, sp->height, sp->ncolors,
			(unsigned long long)board_seed, g->quiet[i] ? (int)g->quiet[i] : 1,
			g->quiet[i] ? sb_str(&g->moves) : "-", result);
}

long flood_tune_selfplay(const struct flood_selfplay *sp, FILE *out)
{
	struct tune_game *g = xmalloc(sizeof(*g));
	struct rng r;
	long lines = 0;

	rng_seed(&r, sp->seed);
	for (int i = 0; i < sp->games; i++) {
		uint64_t board_seed = rng_next(&r);

		g->moves = (struct strbuf)STRBUF_INIT;
		g->quiet = NULL;
		g->nquiet = g->cap = 0;
		play_game(sp, &r, board_seed, g);
		flush_game(sp, board_seed, g, out);
		lines += g->nquiet;
		sb_free(&g->moves);
		free(g->quiet);
	}
	free(g);
	return fflush(out) || ferror(out) ? -1 : lines;
}

/* --- reading data -------------------------------------------------------- */

static int fail(char *err, size_t errlen, const char *why)
{
	snprintf(err, errlen, "%s", why);
	return -1;
}

/* "WxH/C SEED MOVES": the board, and the position after MOVES. */
static int parse_position(const char *text, struct flood_board *b, struct flood_pos *p,
			  char *err, size_t errlen)
{
	int w, h, c, used = 0;
	unsigned long long seed;
	char moves[FLOOD_TUNE_LINE + 1];
	struct rng r;

	if (sscanf(text, " %dx%d/%d %llu %s %n", &w, &h, &c, &seed, moves, &used) != 5 ||
	    text[used])
		return fail(err, errlen, "expected WxH/C SEED MOVES ; RESULT");
	if (w < FLOOD_MIN_SIDE || w > FLOOD_MAX_SIDE || h < FLOOD_MIN_SIDE ||
	    h > FLOOD_MAX_SIDE || c < FLOOD_MIN_COLORS || c > FLOOD_MAX_COLORS)
		return fail(err, errlen, "unacceptable shape");
	rng_seed(&r, seed);
	flood_board_init(b, w, h, c);
	flood_board_randomize(b, &r);
	flood_pos_init(p, b, COLOR_BLACK);
	for (const char *m = strcmp(moves, "-") ? moves : ""; *m; m++) {
		if (*m < '1' || *m > '0' + c)
			return fail(err, errlen, "moves must be colours 1..C, or -");
		if (p->over)
			return fail(err, errlen, "the game is over before the last move");
		flood_pos_play(p, b, *m - '0');
	}
	if (p->over)
		return fail(err, errlen, "the game is over in that position");
	return 0;
}

int flood_tune_parse(const char *line, double *x, double *y, char *err, size_t errlen)
{
	char buf[FLOOD_TUNE_LINE + 1];
	int f[FLOOD_NFEATURES], rc = -1;

	if (strlen(line) > FLOOD_TUNE_LINE)
		return fail(err, errlen, "line too long");
	strcpy(buf, line);
	char *result = strchr(buf, ';');
	if (!result)
		return fail(err, errlen, "expected WxH/C SEED MOVES ; RESULT");
	*result++ = '\0';
	if (tune_parse_result(result, y) < 0)
		return fail(err, errlen, "result must be 1, 0.5 or 0");
	struct flood_board *b = xmalloc(sizeof(*b));
	struct flood_pos *p = xmalloc(sizeof(*p));
	if (parse_position(buf, b, p, err, errlen) == 0) {
		flood_features(p, b, NULL, f);
		for (int i = 0; i < FLOOD_NFEATURES; i++)
			x[i] = f[i];
		if (p->to_move == COLOR_WHITE)
			*y = 1 - *y;
		rc = 0;
	}
	free(b);
	free(p);
	return rc;
}

static void set_grow(struct flood_tune_set *set)
{
	if (set->n < set->cap)
		return;
	set->cap = set->cap ? 2 * set->cap : 1024;
	set->x = xrealloc(set->x, set->cap * FLOOD_NFEATURES * sizeof(*set->x));
	set->y = xrealloc(set->y, set->cap * sizeof(*set->y));
}

int flood_tune_add_line(const char *line, void *ctx, char *why, size_t whylen)
{
	struct flood_tune_set *set = ctx;

	set_grow(set);
	if (flood_tune_parse(line, set->x + set->n * FLOOD_NFEATURES, set->y + set->n, why,
			     whylen) < 0)
		return -1;
	set->n++;
	return 0;
}

int flood_tune_read(FILE *in, struct flood_tune_set *set, char *err, size_t errlen)
{
	return tune_read(in, FLOOD_TUNE_LINE, flood_tune_add_line, set, err, errlen);
}

void flood_tune_set_free(struct flood_tune_set *set)
{
	free(set->x);
	free(set->y);
	memset(set, 0, sizeof(*set));
}

/* --- the weights table -------------------------------------------------------- */

int flood_tune_scale(const double w[FLOOD_NFEATURES], int out[FLOOD_NFEATURES])
{
	double unit = w[FLOOD_F_REACH];

	if (!(unit > 0))
		return -1;
	for (int i = 0; i < FLOOD_NFEATURES; i++)
		out[i] = (int)lround(w[i] * FLOOD_REACH_UNIT / unit);
	return 0;
}

int flood_tune_write_weights(FILE *out, const int weights[FLOOD_NFEATURES], const char *note)
{
	fprintf(out,
		"/* The Flood evaluation's weights: one per feature of flood_eval.h, in\n"
		" * units where a square reached first is FLOOD_REACH_UNIT (256). Written by\n"
		" * flood_tune fit (doc/flood-tuning.md):\n"
		" * %s\n"
		" * A weight of 0 means the search never computes that feature. */\n"
		"#ifndef QUINTET_FLOOD_WEIGHTS_H\n#define QUINTET_FLOOD_WEIGHTS_H\n\n"
		"#define FLOOD_WEIGHTS \\\n",
		note);
	for (int i = 0; i < FLOOD_NFEATURES; i++) {
		char name[32];
		size_t j = 0;

		for (const char *s = flood_feature_names[i]; *s && j < sizeof(name) - 1; s++)
			name[j++] = (char)(*s >= 'a' && *s <= 'z' ? *s - 'a' + 'A' : *s);
		name[j] = '\0';
		fprintf(out, "\t[FLOOD_F_%s] = %d%s\n", name, weights[i],
			i + 1 < FLOOD_NFEATURES ? ", \\" : "");
	}
	fprintf(out, "\n#endif\n");
	return fflush(out) || ferror(out) ? -1 : 0;
}
