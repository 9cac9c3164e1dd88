/* The Gomoku board: the padded cell array, stones, runs along lines and
 * vertex text. See gomoku_board.h for the representation. */
#include "games/gomoku/gomoku_board.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define GOMOKU_COLUMNS "ABCDEFGHJKLMNOPQRSTUVWXYZ"

_Static_assert(sizeof(GOMOKU_COLUMNS) - 1 == GOMOKU_MAX_SIZE, "a letter for every column");

void gomoku_board_init(struct gomoku_board *b, int size)
{
	b->size = size;
	b->stride = size + 2;
	memset(b->cell, GOMOKU_EDGE, sizeof(b->cell));
	for (int row = 0; row < size; row++)
		memset(&b->cell[gomoku_point(b, 0, row)], GOMOKU_EMPTY, (size_t)size);
	b->count[GOMOKU_EMPTY] = size * size;
	b->count[GOMOKU_BLACK] = b->count[GOMOKU_WHITE] = 0;
}

void gomoku_board_put(struct gomoku_board *b, int p, int color)
{
	b->cell[p] = (uint8_t)color;
	b->count[GOMOKU_EMPTY]--;
	b->count[color]++;
}

void gomoku_board_remove(struct gomoku_board *b, int p)
{
	b->count[b->cell[p]]--;
	b->count[GOMOKU_EMPTY]++;
	b->cell[p] = GOMOKU_EMPTY;
}

int gomoku_run(const struct gomoku_board *b, int p, int d, int color)
{
	int step = gomoku_step(b, d), n = 1;

	for (int q = p + step; b->cell[q] == color; q += step)
		n++;
	for (int q = p - step; b->cell[q] == color; q -= step)
		n++;
	return n;
}

int gomoku_parse_vertex(const struct gomoku_board *b, const char *text, int *p)
{
	const char *col = text[0] ? strchr(GOMOKU_COLUMNS, toupper((unsigned char)text[0])) : NULL;
	char *end;

	if (!col || !isdigit((unsigned char)text[1]) || text[1] == '0')
		return -1;
	long row = strtol(text + 1, &end, 10);
	long c = col - GOMOKU_COLUMNS;
	if (*end || row < 1 || row > b->size || c >= b->size)
		return -1;
	*p = gomoku_point(b, (int)c, (int)row - 1);
	return 0;
}

char gomoku_column_letter(int col)
{
	return GOMOKU_COLUMNS[col];
}

void gomoku_print_vertex(const struct gomoku_board *b, int p, struct strbuf *out)
{
	sb_printf(out, "%c%d", GOMOKU_COLUMNS[gomoku_col(b, p)], gomoku_row(b, p) + 1);
}

/* Top row first, left to right within a row. */
static int listing_key(const struct gomoku_board *b, int p)
{
	return (b->size - gomoku_row(b, p)) * b->stride + gomoku_col(b, p);
}

void gomoku_sort_points(const struct gomoku_board *b, int *points, int n)
{
	/* Insertion sort: lists are at most a board long. */
	for (int i = 1; i < n; i++) {
		int v = points[i], key = listing_key(b, v), j = i;

		while (j > 0 && listing_key(b, points[j - 1]) > key) {
			points[j] = points[j - 1];
			j--;
		}
		points[j] = v;
	}
}

void gomoku_print_points(const struct gomoku_board *b, int *points, int n, struct strbuf *out)
{
	gomoku_sort_points(b, points, n);
	for (int i = 0; i < n; i++) {
		if (i)
			sb_puts(out, " ");
		gomoku_print_vertex(b, points[i], out);
	}
}
