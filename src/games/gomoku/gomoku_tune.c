/* The Gomoku evaluation tuner's pieces (see gomoku_tune.h). */
#include "games/gomoku/gomoku_tune.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "games/gomoku/gomoku.h"
#include "games/gomoku/gomoku_search.h"
#include "search/tt.h"
#include "util/rng.h"
#include "util/strbuf.h"
#include "util/tune_io.h"
#include "util/xalloc.h"

#define OPENING_REACH 2 /* the first random stone within this of the centre */
#define SELFPLAY_TT_BITS 16

/* --- self-play ---------------------------------------------------------- */

/* A random legal point for the side to move: the first within
 * OPENING_REACH of the centre, later ones among the points next to the
 * stones (pos->cand); -1 when there is none. */
static int random_point(const struct gomoku_pos *pos, struct rng *r)
{
	const struct gomoku_board *b = &pos->b;
	int points[GOMOKU_MAX_CELLS], n = 0, k = 0;

	if (b->count[GOMOKU_BLACK] + b->count[GOMOKU_WHITE] == 0) {
		int mid = b->size / 2;

		for (int row = mid - OPENING_REACH; row <= mid + OPENING_REACH; row++)
			for (int col = mid - OPENING_REACH; col <= mid + OPENING_REACH; col++)
				if (row >= 0 && col >= 0 && row < b->size && col < b->size)
					points[n++] = gomoku_point(b, col, row);
	} else {
		n = gomoku_bits_list(&pos->cand, points);
	}
	for (int i = 0; i < n; i++)
		if (gomoku_is_legal(b, pos->rules, pos->turn, points[i]))
			points[k++] = points[i];
	return k ? points[rng_below(r, (uint32_t)k)] : -1;
}

/* One game into line (its moves); returns its result for black. */
static const char *play_game(const struct gomoku_selfplay *sp, struct rng *r,
			     struct search_tt *tt, struct gomoku_pos *pos, struct strbuf *line)
{
	struct gomoku_board empty;
	int random = 1 + (int)rng_below(r, (uint32_t)sp->random_plies);

	gomoku_board_init(&empty, sp->size);
	gomoku_pos_init(pos, &empty, sp->rules, GOMOKU_BLACK);
	for (int ply = 0;; ply++) {
		int color = pos->turn, p;

		if (ply < random) {
			p = random_point(pos, r);
		} else {
			struct search_limits lim = { .nodes = sp->nodes, .tt = tt };

			p = gomoku_search(&pos->b, sp->rules, color, &lim, NULL);
		}
		if (p < 0)
			return "0.5"; /* no legal point: a draw */
		sb_puts(line, ply ? " " : "");
		gomoku_print_vertex(&pos->b, p, line);
		bool won = gomoku_wins(&pos->b, sp->rules, color, p);
		gomoku_pos_put(pos, p);
		if (won)
			return color == GOMOKU_BLACK ? "1" : "0";
	}
}

long gomoku_tune_selfplay(const struct gomoku_selfplay *sp, FILE *out)
{
	struct gomoku_pos *pos = xmalloc(sizeof(*pos));
	struct rng r;
	long lines = 0;

	rng_seed(&r, sp->seed);
	for (int i = 0; i < sp->games; i++) {
		struct strbuf line = STRBUF_INIT;
		const char *result;

		struct search_tt *tt = search_tt_new(SELFPLAY_TT_BITS);

		result = play_game(sp, &r, tt, pos, &line);
		search_tt_unref(tt);
		fprintf(out, "%s %d ; %s ; %s\n", gomoku_rule_names[sp->rules], sp->size,
			sb_str(&line), result);
		sb_free(&line);
		lines++;
	}
	free(pos);
	return fflush(out) || ferror(out) ? -1 : lines;
}

/* --- reading data -------------------------------------------------------- */

static int fail(char *err, size_t errlen, const char *why)
{
	snprintf(err, errlen, "%s", why);
	return -1;
}

bool gomoku_tune_quiet(const struct gomoku_pos *pos)
{
	int us = pos->turn, them = gomoku_other(us);

	return !pos->count[us][GOMOKU_T_FIVE] && !pos->count[them][GOMOKU_T_FIVE] &&
	       gomoku_pos_flex4(pos, us) < 0;
}

/* Room for one more row and for ncodes more code entries. */
static void set_reserve(struct gomoku_tune_set *set, size_t ncodes)
{
	if (set->n == set->cap) {
		set->cap = set->cap ? 2 * set->cap : 4096;
		set->x = xrealloc(set->x, set->cap * GOMOKU_NFEATURES * sizeof(*set->x));
		set->y = xrealloc(set->y, set->cap * sizeof(*set->y));
		set->rules = xrealloc(set->rules, set->cap * sizeof(*set->rules));
		set->cstart = xrealloc(set->cstart, (set->cap + 1) * sizeof(*set->cstart));
	}
	while (set->ncodes + ncodes > set->code_cap) {
		set->code_cap = set->code_cap ? 2 * set->code_cap : 65536;
		set->code = xrealloc(set->code, set->code_cap * sizeof(*set->code));
		set->ccount = xrealloc(set->ccount, set->code_cap * sizeof(*set->ccount));
	}
}

/* A row: features x, result y, and its code entries (ascending). */
static void set_add_row(struct gomoku_tune_set *set, const double *x, double y,
			enum gomoku_rules rules, const uint16_t *code, const uint16_t *count,
			size_t ncodes)
{
	set_reserve(set, ncodes);
	memcpy(set->x + set->n * GOMOKU_NFEATURES, x, GOMOKU_NFEATURES * sizeof(*x));
	set->cstart[set->n] = set->ncodes;
	if (ncodes) {
		memcpy(set->code + set->ncodes, code, ncodes * sizeof(*code));
		memcpy(set->ccount + set->ncodes, count, ncodes * sizeof(*count));
	}
	set->ncodes += ncodes;
	set->cstart[set->n + 1] = set->ncodes;
	set->rules[set->n] = (uint8_t)rules;
	set->y[set->n++] = y;
}

void gomoku_tune_subset(const struct gomoku_tune_set *set, enum gomoku_rules rules,
			struct gomoku_tune_set *sub)
{
	memset(sub, 0, sizeof(*sub));
	for (size_t r = 0; r < set->n; r++)
		if (set->rules[r] == rules)
			set_add_row(sub, set->x + r * GOMOKU_NFEATURES, set->y[r], rules,
				    set->code + set->cstart[r], set->ccount + set->cstart[r],
				    set->cstart[r + 1] - set->cstart[r]);
}

void gomoku_tune_append(struct gomoku_tune_set *set, const struct gomoku_tune_set *more)
{
	for (size_t r = 0; r < more->n; r++)
		set_add_row(set, more->x + r * GOMOKU_NFEATURES, more->y[r],
			    (enum gomoku_rules)more->rules[r], more->code + more->cstart[r],
			    more->ccount + more->cstart[r], more->cstart[r + 1] - more->cstart[r]);
}

/* pos's features and codes as a row, with y 1 when black is to move, else 0. */
static void set_add_position(struct gomoku_tune_set *set, const struct gomoku_pos *pos)
{
	int f[GOMOKU_NFEATURES], (*counts)[GOMOKU_CODES] = xmalloc(2 * sizeof(*counts));
	double x[GOMOKU_NFEATURES];
	uint16_t code[2 * GOMOKU_CODES], count[2 * GOMOKU_CODES];
	size_t n = 0;

	gomoku_features(pos, f);
	for (int i = 0; i < GOMOKU_NFEATURES; i++)
		x[i] = f[i];
	gomoku_code_counts(pos, counts);
	for (int role = 0; role < 2; role++)
		for (int k = 0; k < GOMOKU_CODES; k++)
			if (counts[role][k]) {
				code[n] = (uint16_t)(role * GOMOKU_CODES + k);
				count[n++] = (uint16_t)counts[role][k];
			}
	free(counts);
	set_add_row(set, x, pos->turn == GOMOKU_BLACK, pos->rules, code, count, n);
}

int gomoku_tune_start(char *head, struct gomoku_pos *pos, char *err, size_t errlen)
{
	char *save = NULL, *rules_word = strtok_r(head, " \t", &save);
	char *size_word = strtok_r(NULL, " \t", &save);
	enum gomoku_rules rules;
	struct gomoku_board empty;
	long size;

	if (!rules_word || gomoku_parse_rules(rules_word, &rules) < 0)
		return fail(err, errlen, "rules must be freestyle, standard or renju");
	if (!size_word || strtok_r(NULL, " \t", &save) ||
	    !tune_parse_long(size_word, GOMOKU_MIN_SIZE, GOMOKU_MAX_SIZE, &size))
		return fail(err, errlen, "size must be a whole number 5..25");
	gomoku_board_init(&empty, (int)size);
	gomoku_pos_init(pos, &empty, rules, GOMOKU_BLACK);
	return 0;
}

int gomoku_tune_play(char *moves, struct gomoku_pos *pos, gomoku_move_visit visit, void *ctx,
		     char *err, size_t errlen)
{
	char *save = NULL;
	bool over = false;
	long i = 0;

	for (char *v = strtok_r(moves, " \t", &save); v; v = strtok_r(NULL, " \t", &save), i++) {
		int p, color = pos->turn;

		if (over)
			return fail(err, errlen, "a move after the game's end");
		if (gomoku_parse_vertex(&pos->b, v, &p) < 0 ||
		    !gomoku_is_legal(&pos->b, pos->rules, color, p))
			return snprintf(err, errlen, "illegal move %.16s", v), -1;
		if (visit)
			visit(pos, i, p, v, ctx);
		over = gomoku_wins(&pos->b, pos->rules, color, p);
		gomoku_pos_put(pos, p);
	}
	return 0;
}

/* Whether the fit takes the position before move i of the game read after
 * games others: quiet, at one ply in GOMOKU_TUNE_STRIDE from the game's
 * offset. */
static bool taken(const struct gomoku_pos *pos, long games, long i)
{
	return (games + i) % GOMOKU_TUNE_STRIDE == 0 && gomoku_tune_quiet(pos);
}

/* A game's taken positions into rows (struct gomoku_tune_set *; the result
 * is filled in later: y is 1 where black is to move, else 0). */
static void add_taken(const struct gomoku_pos *pos, long i, int p, const char *v, void *ctx)
{
	struct gomoku_tune_set *rows = ctx;

	(void)p, (void)v;
	if (taken(pos, rows->games, i))
		set_add_position(rows, pos);
}

int gomoku_tune_add_line(const char *line, void *ctx, char *why, size_t whylen)
{
	struct gomoku_tune_set *set = ctx;
	char buf[GOMOKU_TUNE_LINE + 1];
	struct gomoku_pos *pos;
	size_t first = set->n;
	double black;
	int rc = -1;

	if (strlen(line) > GOMOKU_TUNE_LINE)
		return fail(why, whylen, "line too long");
	strcpy(buf, line);
	char *moves, *result;
	if (!tune_split3(buf, &moves, &result))
		return fail(why, whylen, "expected RULES SIZE ; MOVES ; RESULT");
	if (tune_parse_result(result, &black) < 0)
		return fail(why, whylen, "result must be 1, 0.5 or 0");
	pos = xmalloc(sizeof(*pos));
	if (gomoku_tune_start(buf, pos, why, whylen) == 0 &&
	    gomoku_tune_play(moves, pos, add_taken, set, why, whylen) == 0) {
		/* the rows' y said whether black was to move */
		for (size_t i = first; i < set->n; i++)
			set->y[i] = set->y[i] == 1 ? black : 1 - black;
		set->games++;
		rc = 0;
	} else if (set->n > first) {
		set->ncodes = set->cstart[first];
		set->n = first;
	}
	free(pos);
	return rc;
}

void gomoku_tune_set_free(struct gomoku_tune_set *set)
{
	free(set->x);
	free(set->y);
	free(set->rules);
	free(set->cstart);
	free(set->code);
	free(set->ccount);
	memset(set, 0, sizeof(*set));
}

/* --- the weights table -------------------------------------------------- */

void gomoku_tune_scale(const double *w, const bool *use, const int *keep, int *out)
{
	for (int i = 0; i < GOMOKU_NFEATURES; i++)
		out[i] = use[i] ? (int)lround(w[i] * GOMOKU_EVAL_SPREAD) : keep[i];
}

/* The macro name of a rules' table: prefix and the rules' name in capitals. */
static void write_table_name(FILE *out, const char *prefix, int rules)
{
	fprintf(out, "\n#define %s", prefix);
	for (const char *c = gomoku_rule_names[rules]; *c; c++)
		fputc(*c - 'a' + 'A', out);
	fprintf(out, " { \\\n");
}

/* A rules' code list: an entry per code whose own or their is not 0,
 * then the end. */
static void write_code_list(FILE *out, const char *prefix, int rules, const int *own,
			    const int *their)
{
	write_table_name(out, prefix, rules);
	for (int k = 0; k < GOMOKU_CODES; k++) {
		char name[64];

		if (!own[k] && !their[k])
			continue;
		gomoku_code_name(k, name, sizeof(name));
		fprintf(out, "\t{ %d, %d, %d }, /* %s */ \\\n", k, own[k], their[k], name);
	}
	fprintf(out, "\t{ -1, 0, 0 } \\\n}\n");
}

int gomoku_tune_write_weights(FILE *out, const int weights[GOMOKU_RULES_COUNT][GOMOKU_NFEATURES],
			      const int codes[GOMOKU_RULES_COUNT][2][GOMOKU_CODES],
			      const char *note)
{
	fprintf(out,
		"/* The Gomoku evaluation's weights, one per feature of gomoku_pos.h (enum\n"
		" * gomoku_feature), and per code for the side to move and the side waiting\n"
		" * (a code's entry, 0 for codes without one), in evaluation units (%d is\n"
		" * a 73%% win rate for the side to move), a table per rules. Written by\n"
		" * gomoku_tune fit (doc/gomoku-tuning.md):\n"
		" * %s\n"
		" */\n"
		"#ifndef QUINTET_GOMOKU_WEIGHTS_H\n#define QUINTET_GOMOKU_WEIGHTS_H\n",
		GOMOKU_EVAL_SPREAD, note);
	for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++) {
		write_table_name(out, "GOMOKU_WEIGHTS_", rules);
		for (int i = 0; i < GOMOKU_NFEATURES; i++)
			fprintf(out, "\t%d, /* %s */ \\\n", weights[rules][i],
				gomoku_feature_names[i]);
		fprintf(out, "}\n");
	}
	for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++)
		write_code_list(out, "GOMOKU_CODE_WEIGHTS_", rules, codes[rules][0], codes[rules][1]);
	fprintf(out, "\n#endif\n");
	return fflush(out) || ferror(out) ? -1 : 0;
}

int gomoku_tune_write_order(FILE *out, const int keys[GOMOKU_RULES_COUNT][2][GOMOKU_CODES + 1],
			    const char *note)
{
	fprintf(out,
		"/* The Gomoku search's move ordering keys per code (gomoku_pos.h), for the\n"
		" * side to move and the side waiting (a code's entry, 0 for codes without\n"
		" * one), %d per natural log of a code's Bradley-Terry strength, a table\n"
		" * per rules. Written by gomoku_tune order (doc/gomoku-tuning.md):\n"
		" * %s\n"
		" */\n"
		"#ifndef QUINTET_GOMOKU_ORDER_H\n#define QUINTET_GOMOKU_ORDER_H\n",
		GOMOKU_ORDER_SCALE, note);
	for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++)
		write_code_list(out, "GOMOKU_ORDER_", rules, keys[rules][0], keys[rules][1]);
	fprintf(out, "\n#endif\n");
	return fflush(out) || ferror(out) ? -1 : 0;
}

/* --- positions labelled by a search -------------------------------------- */

/* Black's win rate from a search's score for the side to move. */
static double black_rate(int score, int turn)
{
	double p = score > GOMOKU_WIN_BOUND    ? 1
		   : score < -GOMOKU_WIN_BOUND ? 0
					       : 1 / (1 + exp(-(double)score / GOMOKU_EVAL_SPREAD));

	return turn == GOMOKU_BLACK ? p : 1 - p;
}

/* Search pos and write it as a position line: the moves so far, black's rate. */
static void label_position(struct gomoku_label *lb, const struct gomoku_pos *pos,
			   const char *head, const struct strbuf *moves)
{
	struct search_tt *tt = search_tt_new(SELFPLAY_TT_BITS);
	struct search_limits lim = { .nodes = lb->nodes, .tt = tt };
	struct search_info info = { 0 };

	if (gomoku_search(&pos->b, pos->rules, pos->turn, &lim, &info) >= 0) {
		fprintf(lb->out, "%s ; %s ; %.4f\n", head, sb_str(moves),
			black_rate(info.score, pos->turn));
		lb->written++;
	}
	search_tt_unref(tt);
}

/* A labelling in progress: the line's head and the moves played so far. */
struct labelling {
	struct gomoku_label *lb;
	char head[64];
	struct strbuf done;
};

/* Label every every-th taken position; each move joins the moves before. */
static void label_taken(const struct gomoku_pos *pos, long i, int p, const char *v, void *ctx)
{
	struct labelling *l = ctx;

	(void)p;
	if (taken(pos, l->lb->games, i) && l->lb->seen++ % l->lb->every == 0)
		label_position(l->lb, pos, l->head, &l->done);
	sb_printf(&l->done, "%s%s", l->done.len ? " " : "", v);
}

int gomoku_tune_label_line(const char *line, void *ctx, char *why, size_t whylen)
{
	struct labelling l = { .lb = ctx, .done = STRBUF_INIT };
	char buf[GOMOKU_TUNE_LINE + 1], *moves, *result;
	struct gomoku_pos *pos;
	int rc = -1;

	if (strlen(line) > GOMOKU_TUNE_LINE)
		return fail(why, whylen, "line too long");
	strcpy(buf, line);
	if (!tune_split3(buf, &moves, &result))
		return fail(why, whylen, "expected RULES SIZE ; MOVES ; RESULT");
	pos = xmalloc(sizeof(*pos));
	if (gomoku_tune_start(buf, pos, why, whylen) == 0) {
		snprintf(l.head, sizeof(l.head), "%s %d", gomoku_rule_names[pos->rules],
			 pos->b.size);
		rc = gomoku_tune_play(moves, pos, label_taken, &l, why, whylen);
		l.lb->games++;
	}
	sb_free(&l.done);
	free(pos);
	return rc;
}

int gomoku_tune_add_position_line(const char *line, void *ctx, char *why, size_t whylen)
{
	struct gomoku_tune_set *set = ctx;
	char buf[GOMOKU_TUNE_LINE + 1], *moves, *result;
	struct gomoku_pos *pos;
	double black;
	int rc = -1;

	if (strlen(line) > GOMOKU_TUNE_LINE)
		return fail(why, whylen, "line too long");
	strcpy(buf, line);
	if (!tune_split3(buf, &moves, &result))
		return fail(why, whylen, "expected RULES SIZE ; MOVES ; RATE");
	if (tune_parse_share(result, &black) < 0)
		return fail(why, whylen, "rate must be a number from 0 to 1");
	pos = xmalloc(sizeof(*pos));
	if (gomoku_tune_start(buf, pos, why, whylen) == 0 &&
	    gomoku_tune_play(moves, pos, NULL, NULL, why, whylen) == 0) {
		set_add_position(set, pos);
		set->y[set->n - 1] = pos->turn == GOMOKU_BLACK ? black : 1 - black;
		set->games++;
		rc = 0;
	}
	free(pos);
	return rc;
}
