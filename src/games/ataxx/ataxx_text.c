/* Ataxx text: colours, moves, layouts and FEN, for the protocol and UAI. */
#include "games/ataxx/ataxx.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define FEN_MAX_CLOCK 1000000000L

int ataxx_parse_color(const char *text)
{
	int c = gtp_parse_color(text);

	if (c)
		return c;
	if (!strcasecmp(text, "x"))
		return COLOR_BLACK;
	if (!strcasecmp(text, "o"))
		return COLOR_WHITE;
	return COLOR_NONE;
}

/* A square "a1".."p16" on an N x N board at text; its length or 0. */
static int parse_square(int size, const char *text, int *sq)
{
	int col = tolower((unsigned char)text[0]) - 'a';
	int len = 1, row = 0;

	if (col < 0 || col >= size || !isdigit((unsigned char)text[1]) || text[1] == '0')
		return 0;
	while (isdigit((unsigned char)text[len]) && len < 3)
		row = row * 10 + text[len++] - '0';
	if (row < 1 || row > size)
		return 0;
	*sq = (row - 1) * AXW_STRIDE + col;
	return len;
}

int ataxx_parse_move(int size, const char *text, int *move, char *err, size_t errlen)
{
	int from, to, n;

	if (!strcasecmp(text, "pass") || !strcmp(text, "0000")) {
		*move = AX_PASS;
		return 0;
	}
	if ((n = parse_square(size, text, &from)) > 0) {
		if (text[n] == '\0') {
			*move = from << 8 | from;
			return 0;
		}
		int m = parse_square(size, text + n, &to);
		if (m > 0 && text[n + m] == '\0' && to != from) {
			*move = from << 8 | to;
			return 0;
		}
	}
	snprintf(err, errlen, "invalid coordinate");
	return -1;
}

static void print_square(int sq, struct strbuf *out)
{
	sb_printf(out, "%c%d", 'a' + axw_col(sq), axw_row(sq) + 1);
}

void ataxx_print_move(int move, bool uai, struct strbuf *out)
{
	if (move == AX_PASS) {
		sb_puts(out, uai ? "0000" : "pass");
		return;
	}
	int from = move >> 8, to = move & 0xff;
	if (from != to)
		print_square(from, out);
	print_square(to, out);
}

int ataxx_parse_layout(int argc, char **argv, int size, struct ataxx_layout *out,
		       char *err, size_t errlen)
{
	long k = 1;
	int max = size ? ataxx_max_rows(size) : 7;
	bool rows = argc >= 1 && !strcmp(argv[0], "rows");

	if (argc < 1 || argc > 2 || (!rows && strcmp(argv[0], "corners")) || (rows && argc != 2))
		goto bad;
	if (argc == 2 && gtp_parse_int(argv[1], 1, rows ? max : 2, &k) < 0)
		goto bad;
	out->kind = rows ? ATAXX_ROWS : ATAXX_CORNERS;
	out->k = (int)k;
	return 0;
bad:
	snprintf(err, errlen, "invalid layout");
	return -1;
}

void ataxx_print_layout(const struct ataxx_layout *layout, int size, struct strbuf *out)
{
	if (layout->kind == ATAXX_CORNERS) {
		sb_puts(out, layout->k == 2 ? "corners 2" : "corners");
		return;
	}
	int max = ataxx_max_rows(size);
	sb_printf(out, "rows %d", layout->k < max ? layout->k : max);
}

/* ---------------------------------------------------------------- FEN */

static int fen_error(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fen_error(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(err, errlen, "invalid fen: ");

	va_start(ap, fmt);
	if (n > 0 && (size_t)n < errlen)
		vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

/* Put one FEN character at (row, col) of pos. */
static void fen_put(struct axw_pos *pos, int row, int col, char c)
{
	int sq = row * AXW_STRIDE + col;
	axw_bb bit = axw_bit(sq);

	pos->blocked = axw_andnot(pos->blocked, bit);
	if (c == 'x' || c == 'b')
		pos->piece[0] = axw_or(pos->piece[0], bit);
	else if (c == 'o' || c == 'w')
		pos->piece[1] = axw_or(pos->piece[1], bit);
	else if (c == '-')
		pos->blocked = axw_or(pos->blocked, bit);
}

/* Read one row (a run of x, o, b, w, -, or numbers of empty squares) into
 * pos; the text ends at '/' or NUL. Returns the squares it covers or -1
 * (with err) when malformed. */
static int fen_row(const char *text, int row, int size, struct axw_pos *pos, char *err,
		   size_t errlen)
{
	int col = 0;

	for (const char *p = text; *p && *p != '/';) {
		char c = (char)tolower((unsigned char)*p);

		if (isdigit((unsigned char)c)) {
			char *end;
			long run = strtol(p, &end, 10);

			if (c == '0')
				return fen_error(err, errlen, "unexpected character '0'");
			if (run > size - col)
				return fen_error(err, errlen, "row %d is longer than %d squares",
						 row + 1, size);
			col += (int)run;
			p = end;
			continue;
		}
		if (!strchr("xobw-", c))
			return fen_error(err, errlen, "unexpected character '%c'", *p);
		if (col >= size)
			return fen_error(err, errlen, "row %d is longer than %d squares", row + 1,
					 size);
		fen_put(pos, row, col++, c);
		p++;
	}
	if (col != size)
		return fen_error(err, errlen, "row %d has %d squares, not %d", row + 1, col, size);
	return col;
}

static int fen_board(const char *board, int *size, struct axw_pos *pos, char *err,
		     size_t errlen)
{
	int n = 1;

	for (const char *p = board; *p; p++)
		n += *p == '/';
	if (n < ATAXX_MIN_SIZE || n > ATAXX_MAX_SIZE)
		return fen_error(err, errlen, "%d rows; boards are %dx%d to %dx%d", n,
				 ATAXX_MIN_SIZE, ATAXX_MIN_SIZE, ATAXX_MAX_SIZE, ATAXX_MAX_SIZE);
	ataxx_empty_position(n, pos);
	const char *p = board;
	for (int row = n - 1; row >= 0; row--) {
		if (fen_row(p, row, n, pos, err, errlen) < 0)
			return -1;
		p = strchr(p, '/');
		p = p ? p + 1 : "";
	}
	*size = n;
	return 0;
}

static int fen_counter(const char *text, long min, int *out)
{
	long v;

	if (gtp_parse_int(text, min, FEN_MAX_CLOCK, &v) < 0)
		return -1;
	*out = (int)v;
	return 0;
}

int ataxx_parse_fen(int argc, char **argv, int *size, struct axw_pos *pos, char *err,
		    size_t errlen)
{
	struct axw_pos p;
	int n = 0;

	if (argc < 2)
		return fen_error(err, errlen, "need the board and the side to move");
	if (argc > 4)
		return fen_error(err, errlen, "more than 4 fields");
	if (fen_board(argv[0], &n, &p, err, errlen) < 0)
		return -1;
	int side = ataxx_parse_color(argv[1]);
	if (!side || !strcasecmp(argv[1], "black") || !strcasecmp(argv[1], "white"))
		return fen_error(err, errlen, "side to move must be x or o");
	p.turn = side == COLOR_WHITE;
	if (argc >= 3 && fen_counter(argv[2], 0, &p.halfmoves) < 0)
		return fen_error(err, errlen, "bad half-move clock '%s'", argv[2]);
	if (argc >= 4 && fen_counter(argv[3], 1, &p.fullmoves) < 0)
		return fen_error(err, errlen, "bad move number '%s'", argv[3]);
	*size = n;
	*pos = p;
	return 0;
}

void ataxx_print_fen(const struct axw_pos *pos, int size, struct strbuf *out)
{
	for (int row = size - 1; row >= 0; row--) {
		int run = 0;

		for (int col = 0; col < size; col++) {
			int sq = row * AXW_STRIDE + col;
			char c = axw_test(pos->piece[0], sq)   ? 'x'
				 : axw_test(pos->piece[1], sq) ? 'o'
				 : axw_test(pos->blocked, sq)  ? '-'
							       : 0;

			if (!c) {
				run++;
				continue;
			}
			if (run)
				sb_printf(out, "%d", run);
			run = 0;
			sb_printf(out, "%c", c);
		}
		if (run)
			sb_printf(out, "%d", run);
		if (row)
			sb_puts(out, "/");
	}
	sb_printf(out, " %c %d %d", pos->turn ? 'o' : 'x', pos->halfmoves, pos->fullmoves);
}
