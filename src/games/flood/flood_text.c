/* Flood's board text: rows from the top separated by '/', one character a
 * square: a digit 1..C for an unowned square of that colour, B or W for a
 * square black or white owns. Read by loadboard, written by board. */
#include "games/flood/flood.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

struct parsed {
	struct flood_board board;         /* the grid, owned squares colour 0 */
	uint64_t own[3][FLOOD_MAX_WORDS]; /* [COLOR_BLACK], [COLOR_WHITE] */
};

static int bad(char *err, size_t errlen, const char *fmt, int a, int b)
{
	char why[96];

	snprintf(why, sizeof(why), fmt, a, b);
	snprintf(err, errlen, "bad board: %s", why);
	return -1;
}

/* Width and height of the text; 0, or -1 with the error. */
static int measure(const char *text, int *width, int *height, char *err, size_t errlen)
{
	int rows = 0;
	size_t first = strcspn(text, "/");

	for (const char *row = text;; row++) {
		size_t len = strcspn(row, "/");

		if (len == 0)
			return bad(err, errlen, "empty row %d", rows + 1, 0);
		if (len != first)
			return bad(err, errlen, "row %d is not as long as row %d", rows + 1, 1);
		if (++rows > FLOOD_MAX_SIDE || len > FLOOD_MAX_SIDE)
			break;
		row += len;
		if (!*row)
			break;
	}
	if (rows < FLOOD_MIN_SIDE || rows > FLOOD_MAX_SIDE || first < FLOOD_MIN_SIDE ||
	    first > FLOOD_MAX_SIDE)
		return bad(err, errlen, "sides must be %d..%d squares", FLOOD_MIN_SIDE,
			   FLOOD_MAX_SIDE);
	*width = (int)first;
	*height = rows;
	return 0;
}

static void set_bit(uint64_t *set, int i)
{
	set[i >> 6] |= 1ULL << (i & 63);
}

/* Read one square's character into pb; 0, or -1 with the error. */
static int read_square(struct parsed *pb, int i, char ch, char *err, size_t errlen)
{
	int ncolors = pb->board.ncolors;

	if (ch == 'B' || ch == 'W') {
		set_bit(pb->own[ch == 'B' ? COLOR_BLACK : COLOR_WHITE], i);
		pb->board.color[i] = 0;
		return 0;
	}
	if (isdigit((unsigned char)ch)) {
		if (ch == '0' || ch - '0' > ncolors)
			return bad(err, errlen, "color %d not in 1..%d", ch - '0', ncolors);
		pb->board.color[i] = (uint8_t)(ch - '0');
		return 0;
	}
	if (isprint((unsigned char)ch))
		return bad(err, errlen, "unexpected character '%c'", ch, 0);
	return bad(err, errlen, "unexpected byte 0x%02x", (unsigned char)ch, 0);
}

/* The starting corners take their owners; the other player may not hold
 * them. */
static int claim_corners(struct parsed *pb, char *err, size_t errlen)
{
	const struct flood_board *b = &pb->board;
	int bl = flood_square(b, 0, 0), tr = flood_square(b, b->width - 1, b->height - 1);

	if (flood_bit(pb->own[COLOR_WHITE], bl))
		return bad(err, errlen, "white on black's corner (bottom-left)", 0, 0);
	if (flood_bit(pb->own[COLOR_BLACK], tr))
		return bad(err, errlen, "black on white's corner (top-right)", 0, 0);
	set_bit(pb->own[COLOR_BLACK], bl);
	set_bit(pb->own[COLOR_WHITE], tr);
	return 0;
}

/* Whether every square of own is connected to square corner through own. */
static bool connected(const struct flood_board *b, const uint64_t *own, int corner)
{
	uint64_t reach[FLOOD_MAX_WORDS] = { 0 }, ring[FLOOD_MAX_WORDS];
	int n = 0, before;

	set_bit(reach, corner);
	do {
		before = n;
		flood_dilate(b, reach, ring);
		for (int i = 0; i < b->nw; i++)
			reach[i] |= ring[i] & own[i];
		n = flood_popcount(reach, b->nw);
	} while (n != before);
	return n == flood_popcount(own, b->nw);
}

static int parse(const char *text, struct parsed *pb, int ncolors, char *err, size_t errlen)
{
	int width = 0, height = 0; /* gcc -fsanitize=thread cannot see measure() sets them */

	if (measure(text, &width, &height, err, errlen) < 0)
		return -1;
	flood_board_init(&pb->board, width, height, ncolors);
	for (int y = height - 1; y >= 0; y--, text++)
		for (int x = 0; x < width; x++)
			if (read_square(pb, flood_square(&pb->board, x, y), *text++, err,
					errlen) < 0)
				return -1;
	if (claim_corners(pb, err, errlen) < 0)
		return -1;
	const struct flood_board *b = &pb->board;
	if (!connected(b, pb->own[COLOR_BLACK], flood_square(b, 0, 0)))
		return bad(err, errlen, "black's squares not connected to its corner", 0, 0);
	if (!connected(b, pb->own[COLOR_WHITE], flood_square(b, width - 1, height - 1)))
		return bad(err, errlen, "white's squares not connected to its corner", 0, 0);
	flood_board_update(&pb->board);
	return 0;
}

int flood_load_text(struct flood_game *fg, const char *text, int to_move, char *err,
		    size_t errlen)
{
	struct parsed *pb = xcalloc(1, sizeof(*pb));
	int rc = parse(text, pb, fg->ncolors, err, errlen);

	if (rc == 0) {
		fg->board = pb->board;
		fg->width = pb->board.width;
		fg->height = pb->board.height;
		flood_begin(fg, pb->own[COLOR_BLACK], pb->own[COLOR_WHITE], to_move);
	}
	free(pb);
	return rc;
}

void flood_print_text(const struct flood_game *fg, struct strbuf *out)
{
	flood_print_position(fg, &fg->pos, out);
}

void flood_print_position(const struct flood_game *fg, const struct flood_pos *p,
			  struct strbuf *out)
{
	const struct flood_board *b = &fg->board;
	const uint64_t *black = flood_cown(p, COLOR_BLACK);
	const uint64_t *white = flood_cown(p, COLOR_WHITE);
	char row[FLOOD_MAX_SIDE + 2];

	for (int y = b->height - 1; y >= 0; y--) {
		int n = 0;

		for (int x = 0; x < b->width; x++) {
			int i = flood_square(b, x, y);

			row[n++] = flood_bit(black, i)   ? 'B'
				   : flood_bit(white, i) ? 'W'
							 : (char)('0' + b->color[i]);
		}
		if (y)
			row[n++] = '/';
		row[n] = '\0';
		sb_puts(out, row);
	}
}
