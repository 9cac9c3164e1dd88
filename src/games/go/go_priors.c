/* Priors and the ladder reader (see go_priors.h). The weights are virtual
 * playouts; EVEN gives every move the same small start at a win rate of
 * one half, the rest push it up or down. */
#include "games/go/go_priors.h"

#include <stdlib.h>

#include "games/go/go_features.h"
#include "games/go/go_patterns.h"

#define LADDER_NODES 400 /* positions one reading may visit */
/* Positions all the readings of one go_priors call may visit: an
 * expansion reads a ladder per atari and per escape, and a board of many
 * short-of-liberty strings would otherwise cost up to four readings a
 * point, each up to LADDER_NODES, before the search can look at its clock.
 * Past it the remaining moves get the plain atari and escape weights, as
 * on a board without ladders. */
#define PRIORS_LADDER_NODES (20 * LADDER_NODES)

enum {
	EVEN = 10,      /* every move: EVEN visits, half won */
	CAPTURE = 30,   /* takes a string in atari */
	ESCAPE = 30,    /* saves a string in atari for good */
	DOOMED = 20,    /* extends a string a ladder catches */
	LADDER = 30,    /* an atari that catches the string in a ladder */
	ATARI = 6,      /* any other atari */
	SELF_ATARI = 30, /* puts its own string of several stones in atari */
	THROW_IN = 8,   /* puts one stone in atari */
	SHAPE = 12,     /* a good 3x3 shape */
	NEAR = 10,      /* touches the last move's 3x3 neighbourhood */
	FIRST_LINE = 15, /* the first line with nothing around */
	THIRD_LINE = 10, /* the third or fourth line with nothing around */
	CORNER = 5,     /* and the third or fourth line both ways, 13x13 up */
};

static void add(struct go_prior *p, int visits, int wins)
{
	p->visits += visits;
	p->wins += wins;
}

static bool ladder_read(struct go_board *b, int s, int depth, struct go_ladder *l);

/* After the defender's extension on e (its string, with the stone s, has
 * two liberties): whether an atari on either liberty keeps the ladder going
 * to a capture. e is this reading's to change: the last atari tried is
 * played on it, an earlier one on a copy (l->boards[depth]), so a ladder
 * without a choice copies nothing. */
static bool attacker_wins(struct go_board *e, int s, int depth, struct go_ladder *l)
{
	enum go_color att = go_other((enum go_color)e->color[s]);
	int libs[2];
	bool ok[2];

	go_board_libs_upto(e, s, 2, libs);
	for (int i = 0; i < 2; i++)
		ok[i] = go_board_is_legal(e, att, libs[i], false) &&
			!go_board_is_self_atari(e, att, libs[i], NULL);
	for (int i = 0; i < 2; i++) {
		struct go_board *a = e;

		if (!ok[i])
			continue;
		if (i == 0 && ok[1]) {
			a = &l->boards[depth];
			go_board_copy(a, e);
		}
		go_board_play(a, att, libs[i], false);
		if (go_board_in_atari(a, s) && ladder_read(a, s, depth + 2, l))
			return true;
	}
	return false;
}

/* The string with the stone s is in atari and its owner to move; b is
 * this reading's to change (the extension is played on it). */
static bool ladder_read(struct go_board *b, int s, int depth, struct go_ladder *l)
{
	enum go_color def = (enum go_color)b->color[s];
	int lib = go_board_atari_lib(b, s), libs[3];

	l->total++;
	if (depth >= GO_LADDER_DEPTH || ++l->nodes > LADDER_NODES)
		return false;
	if (go_board_can_capture_around(b, s))
		return false;
	if (!go_board_is_legal(b, def, lib, false))
		return true;
	go_board_play(b, def, lib, false);
	int n = go_board_libs_upto(b, lib, 3, libs);
	if (n != 2)
		return n < 2;
	return attacker_wins(b, b->head[lib], depth, l);
}

bool go_ladder_captured(const struct go_board *b, int s, struct go_ladder *scratch)
{
	struct go_board *own = &scratch->boards[GO_LADDER_DEPTH + 1];

	scratch->nodes = 0;
	go_board_copy(own, b);
	return ladder_read(own, s, 0, scratch);
}

bool go_ladder_extension_fails(const struct go_board *b, enum go_color c, int lib,
			       struct go_ladder *l)
{
	struct go_board *e = &l->boards[GO_LADDER_DEPTH + 1];
	int libs[3];

	l->nodes = 0;
	go_board_copy(e, b);
	go_board_play(e, c, lib, false);
	return go_board_libs_upto(e, lib, 3, libs) == 2 && attacker_wins(e, e->head[lib], 0, l);
}

bool go_ladder_atari_catches(const struct go_board *b, enum go_color c, int p, int s,
			     struct go_ladder *l)
{
	struct go_board *a = &l->boards[GO_LADDER_DEPTH + 1];

	go_board_copy(a, b);
	go_board_play(a, c, p, false);
	l->nodes = 0;
	return go_board_in_atari(a, s) && ladder_read(a, a->head[s], 0, l);
}

/* Captures, escapes and ataris at p for c; l NULL: no ladder reading
 * (escapes and ataris as if no ladder decided them). The positions read
 * are added to *spent. */
static void tactics(const struct go_board *b, enum go_color c, int p, struct go_prior *out,
		    struct go_ladder *l, int *spent)
{
	bool capture = false;

	GO_FOR_NEIGHBOURS(b, p, n) {
		int nc = b->color[n];

		if (nc == (int)go_other(c) && go_board_in_atari(b, n)) {
			add(out, CAPTURE, CAPTURE);
			capture = true;
		}
	}
	int stones;
	if (!capture && go_board_is_self_atari(b, c, p, &stones)) {
		if (stones > 1)
			add(out, SELF_ATARI, 0);
		else
			add(out, THROW_IN, 0);
		return;
	}
	GO_FOR_NEIGHBOURS(b, p, n) {
		int nc = b->color[n];

		if (nc == (int)c && go_board_in_atari(b, n)) {
			bool fails = l && go_ladder_extension_fails(b, c, p, l);

			*spent += l ? l->nodes : 0;
			if (fails)
				add(out, DOOMED, 0);
			else
				add(out, ESCAPE, ESCAPE);
		} else if (nc == (int)go_other(c)) {
			int libs[3];

			if (go_board_libs_upto(b, n, 3, libs) != 2)
				continue;
			bool catches = l && go_ladder_atari_catches(b, c, p, n, l);
			*spent += l ? l->nodes : 0;
			if (catches)
				add(out, LADDER, LADDER);
			else
				add(out, ATARI, ATARI / 2 + 1);
		}
	}
}

/* Whether the 5x5 square around p holds no stone. */
static bool open_area(const struct go_board *b, int p)
{
	for (int dy = -2; dy <= 2; dy++)
		for (int dx = -2; dx <= 2; dx++) {
			int q = p + dy * b->stride + dx;

			if (q > 0 && q < GO_MAX_POINTS && (b->color[q] == GO_BLACK ||
							   b->color[q] == GO_WHITE))
				return false;
		}
	return true;
}

/* Shape, nearness and the lines. */
static void position(const struct go_board *b, enum go_color c, int p, int last,
		     const uint8_t *table, struct go_prior *out)
{
	if (go_pattern_match(table, b, p))
		add(out, SHAPE, SHAPE);
	if (last != GO_PASS) {
		int dx = abs(go_point_col(b, p) - go_point_col(b, last));
		int dy = abs(go_point_row(b, p) - go_point_row(b, last));

		if (dx <= 1 && dy <= 1)
			add(out, NEAR, NEAR);
	}
	if (b->size < 9 || !open_area(b, p))
		return;
	int x, y, line = go_point_lines(b, p, &x, &y), far = b->size >= 13 ? 4 : 3;
	if (line <= 2)
		add(out, FIRST_LINE / line, 0);
	else if (line <= far)
		add(out, THIRD_LINE, THIRD_LINE);
	if (b->size >= 13 && line >= 3 && x <= far && y <= far)
		add(out, CORNER, CORNER);
	(void)c;
}

void go_priors_learned(const struct go_board *b, enum go_color c, int last, int last2,
			const int *moves, int n, double *strength, struct go_ladder *scratch)
{
	const struct go_gamma_index *gammas = go_learned_gammas(b->size);
	struct go_feature_cache fc;

	go_feature_cache_init(&fc, b, scratch);
	if (scratch)
		scratch->total = 0;
	for (int i = 0; i < n; i++) {
		struct go_move_features f;

		/* a move's features may read several ladders: all of them count */
		if (fc.ladder && fc.ladder->total >= (unsigned)PRIORS_LADDER_NODES)
			fc.ladder = NULL;
		go_features(&fc, c, moves[i], last, last2, &f);
		strength[i] = go_features_strength(gammas, &f);
	}
}

void go_priors(const struct go_board *b, enum go_color c, int last, const int *moves, int n,
	       struct go_prior *out, struct go_ladder *scratch)
{
	const uint8_t *table = go_pattern_table(c);
	int spent = 0;

	for (int i = 0; i < n; i++) {
		int p = moves[i];

		out[i] = (struct go_prior){ EVEN, EVEN / 2 };
		if (p == GO_PASS) {
			out[i].wins = EVEN / 5; /* passing is rarely good before the end */
			continue;
		}
		tactics(b, c, p, &out[i], spent < PRIORS_LADDER_NODES ? scratch : NULL, &spent);
		position(b, c, p, last, table, &out[i]);
	}
}
