/* The hand-made 3x3 shape set (see go_patterns.h) and its tables. */
#include "games/go/go_patterns.h"

#include <pthread.h>
#include <string.h>

/* Pictures of the neighbourhood, top row first; the centre '*' is the move.
 * X: a stone of the side to play, O: the opponent's, '.': empty, '#': off
 * the board, '?': anything, 'x': X or empty, 'o': O or empty. Each shape
 * was written for this engine from common Go proverbs (hane at the head,
 * cut when you can, block the crawl on the edge); no other program's
 * table was used. */
static const char *const shapes[][3] = {
	/* Hane: bend around an opponent stone our stone touches. */
	{ "XO?", ".*.", "???" },
	{ "XOo", ".*.", "?.?" },
	/* Cut: separate two opponent stones that touch only through the move. */
	{ "XO?", "O*?", "???" },
	{ "?O?", "X*X", "?O?" },
	/* Connect: mend our own cutting point before the opponent cuts. */
	{ "OX?", "X*?", "???" },
	{ "?X?", "O*O", "?X?" },
	/* Stretch under our stone before the opponent hanes there. */
	{ "OX?", ".*.", "???" },
	/* Block: stop an opponent stone from extending beside ours. */
	{ "?O?", "X*.", "?.?" },
	/* Edge: block the crawl along the first line, and the hane there. */
	{ "?X?", "O*.", "###" },
	{ "XO?", ".*.", "###" },
	{ "?X?", "O*O", "###" },
	/* Edge: descend to the first line beside an opponent stone. */
	{ "?Xo", "O*.", "###" },
};

#define NSHAPES (sizeof(shapes) / sizeof(shapes[0]))

/* Cell (dx, dy), dx, dy in -1..1, dy up, to its bit position in the code. */
static int cell_shift(int dx, int dy)
{
	static const int order[3][3] = { { 5, 6, 7 }, { 3, -1, 4 }, { 0, 1, 2 } };

	return 2 * order[dy + 1][dx + 1]; /* row dy=+1 is the top: NW N NE */
}

/* The colours a picture character allows, as a bit set over 0..3. */
static unsigned allowed(char ch, enum go_color me)
{
	unsigned x = 1u << me, o = 1u << go_other(me), e = 1u << GO_EMPTY;

	switch (ch) {
	case 'X': return x;
	case 'O': return o;
	case '.': return e;
	case '#': return 1u << GO_EDGE;
	case 'x': return x | e;
	case 'o': return o | e;
	default: return 0xf;
	}
}

/* Mark every code the cells allow (cells[i]: the allowed set at shift 2i). */
static void mark(uint8_t *table, const unsigned *cells, int i, unsigned code)
{
	if (i == 8) {
		table[code] = 1;
		return;
	}
	for (unsigned c = 0; c < 4; c++)
		if (cells[i] & (1u << c))
			mark(table, cells, i + 1, code | c << (2 * i));
}

/* Shape s under symmetry k (rotations and a mirror) into table. */
static void add_shape(uint8_t *table, const char *const *pic, int k, enum go_color me)
{
	unsigned cells[8];

	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++) {
			if (!dx && !dy)
				continue;
			int x = dx, y = dy;
			if (k & 1)
				x = -x;
			if (k & 2)
				y = -y;
			if (k & 4) {
				int t = x;
				x = y;
				y = t;
			}
			cells[cell_shift(x, y) / 2] = allowed(pic[1 - dy][dx + 1], me);
		}
	mark(table, cells, 0, 0);
}

static uint8_t tables[3][1 << 16];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void build_tables(void)
{
	for (int me = GO_BLACK; me <= GO_WHITE; me++)
		for (size_t s = 0; s < NSHAPES; s++)
			for (int k = 0; k < 8; k++)
				add_shape(tables[me], shapes[s], k, (enum go_color)me);
}

const uint8_t *go_pattern_table(enum go_color c)
{
	pthread_once(&tables_once, build_tables);
	return tables[c];
}
