/* SGF FF[4] reader and writer for Go and Gomoku records: see sgf.h.
 *
 * The reader is a single forward scan with no recursion, so a hostile file
 * nested a million levels deep costs a counter, not the stack. It keeps the
 * main line only: at a branch it enters the first variation; once that
 * variation closes, everything up to the end of the game tree is skipped
 * (still honouring escapes inside values so a ')' in a comment is harmless).
 *
 * Points are stored as raw SGF letters while reading and converted once the
 * tree is done, because SZ need not come before AB in the root node and the
 * meaning of "tt" (pass or a point) depends on the size.
 *
 * Numbers go through strtod/%f, which assume the "C" numeric locale
 * (quintet never calls setlocale). */
#include "config.h"

#include "sgf.h"
#include "game.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SGF_MAX_ITEMS 100000 /* a hostile file cannot make us allocate more */
#define SGF_MAX_SIZE 25      /* largest board SZ may ask for */
#define SGF_TT 19            /* 't' - 'a': "tt" is a pass on boards <= 19 */

struct sgf_parser {
	int game;                /* the game read: enum sgf_game */
	const char *text;        /* input, not NUL-terminated */
	size_t len;              /* bytes in text */
	size_t pos;              /* next byte to read */
	struct sgf_record *rec;  /* record being filled */
	size_t cap;              /* slots allocated in rec->items */
	struct strbuf val;       /* unescaped value of the current property */
	char *err;               /* caller's message buffer, may be NULL */
	size_t errlen;           /* size of err */
};

struct sgf_prop {
	const char *id;  /* FF[4] identifier, upper case */
	bool list;       /* accepts more than one value */
	int arg;         /* passed to fn: the colour for moves and setup */
	int (*fn)(struct sgf_parser *p, int arg);
};

static int sgf_fail(struct sgf_parser *p, const char *msg)
{
	if (p->err && p->errlen > 0)
		snprintf(p->err, p->errlen, "%s", msg);
	return -1;
}

static bool sgf_is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	       c == '\f';
}

static bool sgf_is_letter(int c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* Skip white space; return the next byte without consuming it, -1 at end. */
static int sgf_peek(struct sgf_parser *p)
{
	while (p->pos < p->len && sgf_is_space((unsigned char)p->text[p->pos]))
		p->pos++;
	if (p->pos >= p->len)
		return -1;
	return (unsigned char)p->text[p->pos];
}

/* After "\<CR>" or "\<LF>", also swallow the other half of a CRLF/LFCR. */
static void sgf_skip_soft_break(struct sgf_parser *p, char first)
{
	char other = first == '\n' ? '\r' : '\n';

	if (p->pos < p->len && p->text[p->pos] == other)
		p->pos++;
}

/* Read a value whose '[' is already consumed, up to and including the
 * closing ']'. The unescaped text goes to out, or nowhere when out is NULL. */
static int sgf_read_value(struct sgf_parser *p, struct strbuf *out)
{
	if (out)
		sb_reset(out);
	while (p->pos < p->len) {
		char c = p->text[p->pos++];

		if (c == ']')
			return 0;
		if (c == '\\') {
			if (p->pos >= p->len)
				break;
			c = p->text[p->pos++];
			if (c == '\n' || c == '\r') {
				sgf_skip_soft_break(p, c);
				continue;
			}
		}
		if (out)
			sb_append(out, &c, 1);
	}
	return sgf_fail(p, "syntax error");
}

static int sgf_add_item(struct sgf_parser *p, enum sgf_item_kind kind,
			int color, int col, int row)
{
	struct sgf_record *rec = p->rec;

	if (rec->nitems >= SGF_MAX_ITEMS)
		return sgf_fail(p, "too many moves");
	if (rec->nitems == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 64;
		rec->items = xrealloc(rec->items, p->cap * sizeof(*rec->items));
	}
	rec->items[rec->nitems++] = (struct sgf_item){
		.kind = kind, .color = color, .col = col, .row = row,
	};
	return 0;
}

/* Two letters a..z to raw SGF column and row (row counted from the top). */
static bool sgf_read_point(const char *v, int *col, int *row)
{
	if (v[0] < 'a' || v[0] > 'z' || v[1] < 'a' || v[1] > 'z')
		return false;
	*col = v[0] - 'a';
	*row = v[1] - 'a';
	return true;
}

/* Parse a whole value as a decimal integer, white space around allowed. */
static bool sgf_read_long(const char *s, long *out)
{
	char *end;

	if (!*s)
		return false;
	*out = strtol(s, &end, 10);
	while (sgf_is_space((unsigned char)*end))
		end++;
	return end != s && *end == '\0';
}

/* SGF Real: [+-] digits [. digits]; no exponent, no inf or nan. */
static bool sgf_is_real(const char *s)
{
	bool digits = false;

	if (*s == '+' || *s == '-')
		s++;
	for (; *s >= '0' && *s <= '9'; s++)
		digits = true;
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++)
			digits = true;
	return digits && *s == '\0';
}

static int sgf_prop_move(struct sgf_parser *p, int color)
{
	const char *v = sb_str(&p->val);
	int col, row;

	if (p->val.len == 0)
		return sgf_add_item(p, SGF_PLAY, color, -1, -1);
	if (p->val.len != 2 || !sgf_read_point(v, &col, &row))
		return sgf_fail(p, "bad coordinate");
	return sgf_add_item(p, SGF_PLAY, color, col, row);
}

static int sgf_min(int a, int b)
{
	return a < b ? a : b;
}

static int sgf_max(int a, int b)
{
	return a > b ? a : b;
}

/* A compressed list "aa:cc": every point of the rectangle, top row first.
 * Corners given the wrong way round are accepted. */
static int sgf_add_rect(struct sgf_parser *p, int color, const char *v)
{
	int c0, r0, c1, r1;

	if (v[2] != ':' || !sgf_read_point(v, &c0, &r0) ||
	    !sgf_read_point(v + 3, &c1, &r1))
		return sgf_fail(p, "bad coordinate");
	for (int r = sgf_min(r0, r1); r <= sgf_max(r0, r1); r++)
		for (int c = sgf_min(c0, c1); c <= sgf_max(c0, c1); c++)
			if (sgf_add_item(p, SGF_SETUP, color, c, r))
				return -1;
	return 0;
}

/* AB / AW / AE value. An empty value places nothing and is ignored. */
static int sgf_prop_setup(struct sgf_parser *p, int color)
{
	const char *v = sb_str(&p->val);
	int col, row;

	if (p->val.len == 0)
		return 0;
	if (p->val.len == 5)
		return sgf_add_rect(p, color, v);
	if (p->val.len != 2 || !sgf_read_point(v, &col, &row))
		return sgf_fail(p, "bad coordinate");
	return sgf_add_item(p, SGF_SETUP, color, col, row);
}

/* SZ[n] or SZ[w:h]; only square boards of 1..SGF_MAX_SIZE. */
static int sgf_prop_size(struct sgf_parser *p, int unused)
{
	char *v = p->val.buf;
	char *colon = v ? strchr(v, ':') : NULL;
	long w, h;

	(void)unused;
	if (colon)
		*colon = '\0';
	if (!v || !sgf_read_long(v, &w))
		return sgf_fail(p, "unsupported board size");
	h = w;
	if (colon && !sgf_read_long(colon + 1, &h))
		return sgf_fail(p, "unsupported board size");
	if (w != h || w < 1 || w > SGF_MAX_SIZE)
		return sgf_fail(p, "unsupported board size");
	p->rec->size = (int)w;
	return 0;
}

/* KM[real]; an empty value means no komi given. */
static int sgf_prop_komi(struct sgf_parser *p, int unused)
{
	const char *v = sb_str(&p->val);

	(void)unused;
	if (p->val.len == 0)
		return 0;
	if (!sgf_is_real(v))
		return sgf_fail(p, "bad komi");
	p->rec->komi = strtod(v, NULL);
	if (!isfinite(p->rec->komi))
		return sgf_fail(p, "bad komi");
	p->rec->has_komi = true;
	return 0;
}

/* HA[n]; an empty value means none. */
static int sgf_prop_handicap(struct sgf_parser *p, int unused)
{
	long n;

	(void)unused;
	if (p->val.len == 0)
		return 0;
	if (!sgf_read_long(sb_str(&p->val), &n) ||
	    n < 0 || n > SGF_MAX_SIZE * SGF_MAX_SIZE)
		return sgf_fail(p, "bad handicap");
	p->rec->handicap = (int)n;
	return 0;
}

/* SimpleText: every white space character becomes a space. */
static char *sgf_simple_text(const char *v)
{
	char *s = xstrdup(v);

	for (char *q = s; *q; q++)
		if (sgf_is_space((unsigned char)*q))
			*q = ' ';
	return s;
}

static int sgf_prop_result(struct sgf_parser *p, int unused)
{
	(void)unused;
	free(p->rec->result);
	p->rec->result = sgf_simple_text(sb_str(&p->val));
	return 0;
}

static int sgf_prop_rules(struct sgf_parser *p, int unused)
{
	(void)unused;
	free(p->rec->rules);
	p->rec->rules = sgf_simple_text(sb_str(&p->val));
	return 0;
}

static int sgf_prop_game(struct sgf_parser *p, int unused)
{
	long gm;

	(void)unused;
	if (!sgf_read_long(sb_str(&p->val), &gm) || gm != p->game)
		return sgf_fail(p, p->game == SGF_GAME_GOMOKU ? "not a Gomoku game"
							      : "not a Go game");
	return 0;
}

/* Properties we act on; anything else (including FF[3] mixed-case names
 * such as AddBlack) is read and dropped. */
static const struct sgf_prop sgf_props[] = {
	{ "B", false, 1, sgf_prop_move },
	{ "W", false, 2, sgf_prop_move },
	{ "AB", true, 1, sgf_prop_setup },
	{ "AW", true, 2, sgf_prop_setup },
	{ "AE", true, 0, sgf_prop_setup },
	{ "SZ", false, 0, sgf_prop_size },
	{ "KM", false, 0, sgf_prop_komi },
	{ "HA", false, 0, sgf_prop_handicap },
	{ "RE", false, 0, sgf_prop_result },
	{ "RU", false, 0, sgf_prop_rules },
	{ "GM", false, 0, sgf_prop_game },
};

static const struct sgf_prop *sgf_find_prop(const char *id, size_t len)
{
	for (size_t i = 0; i < sizeof(sgf_props) / sizeof(sgf_props[0]); i++)
		if (strlen(sgf_props[i].id) == len &&
		    memcmp(sgf_props[i].id, id, len) == 0)
			return &sgf_props[i];
	return NULL;
}

/* One property: identifier (at p->pos) and one or more values. */
static int sgf_parse_property(struct sgf_parser *p)
{
	size_t start = p->pos;
	const struct sgf_prop *prop;
	size_t n;

	while (p->pos < p->len && sgf_is_letter((unsigned char)p->text[p->pos]))
		p->pos++;
	prop = sgf_find_prop(p->text + start, p->pos - start);
	for (n = 0; sgf_peek(p) == '['; n++) {
		p->pos++;
		if (sgf_read_value(p, prop ? &p->val : NULL))
			return -1;
		if (!prop)
			continue;
		if (n > 0 && !prop->list)
			return sgf_fail(p, "syntax error");
		if (prop->fn(p, prop->arg))
			return -1;
	}
	if (n == 0)
		return sgf_fail(p, "syntax error");
	return 0;
}

/* Properties of a node whose ';' is consumed; stops before ';', '(' or ')'. */
static int sgf_parse_node(struct sgf_parser *p)
{
	for (;;) {
		int c = sgf_peek(p);

		if (c < 0)
			return sgf_fail(p, "syntax error");
		if (!sgf_is_letter(c))
			return 0;
		if (sgf_parse_property(p))
			return -1;
	}
}

/* Skip to the end of the game tree, depth levels of '(' still open. */
static int sgf_skip_tree(struct sgf_parser *p, size_t depth)
{
	while (depth > 0) {
		char c;

		if (p->pos >= p->len)
			return sgf_fail(p, "syntax error");
		c = p->text[p->pos++];
		if (c == '[' && sgf_read_value(p, NULL))
			return -1;
		if (c == '(')
			depth++;
		else if (c == ')')
			depth--;
	}
	return 0;
}

/* The main line of a game tree whose "(" is consumed. */
static int sgf_parse_tree(struct sgf_parser *p)
{
	size_t depth = 1;

	for (;;) {
		int c = sgf_peek(p);

		if (c == ';') {
			p->pos++;
			if (sgf_parse_node(p))
				return -1;
		} else if (c == '(') {
			/* the first variation: later ones are skipped below */
			p->pos++;
			depth++;
			if (sgf_peek(p) != ';')
				return sgf_fail(p, "syntax error");
		} else if (c == ')') {
			p->pos++;
			return sgf_skip_tree(p, depth - 1);
		} else {
			return sgf_fail(p, "syntax error");
		}
	}
}

/* Find "(" followed by ";" (white space between allowed); leave pos after
 * the "(". Anything before it, such as a byte order mark, is ignored. */
static bool sgf_find_start(struct sgf_parser *p)
{
	while (p->pos < p->len) {
		if (p->text[p->pos++] != '(')
			continue;
		size_t after = p->pos;

		if (sgf_peek(p) == ';')
			return true;
		p->pos = after;
	}
	return false;
}

/* Raw SGF points to board points, now that the size is known. */
static int sgf_convert_points(struct sgf_parser *p)
{
	struct sgf_record *rec = p->rec;

	for (size_t i = 0; i < rec->nitems; i++) {
		struct sgf_item *it = &rec->items[i];

		if (it->col < 0)
			continue;
		if (it->kind == SGF_PLAY && p->game == SGF_GAME_GO && rec->size <= 19 &&
		    it->col == SGF_TT && it->row == SGF_TT) {
			it->col = it->row = -1;
			continue;
		}
		if (it->col >= rec->size || it->row >= rec->size)
			return sgf_fail(p, "bad coordinate");
		it->row = rec->size - 1 - it->row;
	}
	return 0;
}

/* SZ when a record of game has none. */
static int sgf_default_size(int game)
{
	return game == SGF_GAME_GOMOKU ? 15 : 19;
}

/* See sgf.h. On failure rec is left empty (items and result NULL), so
 * sgf_record_free on it is harmless. */
int sgf_parse(const char *text, size_t len, int game, struct sgf_record *rec,
	      char *err, size_t errlen)
{
	struct sgf_parser p = {
		.game = game, .text = text, .len = text ? len : 0, .rec = rec,
		.val = STRBUF_INIT, .err = err, .errlen = errlen,
	};
	int rc = -1;

	memset(rec, 0, sizeof(*rec));
	rec->game = game;
	rec->size = sgf_default_size(game);
	if (!sgf_find_start(&p)) {
		sgf_fail(&p, "not an SGF file");
		goto out_free_record;
	}
	if (sgf_parse_tree(&p) || sgf_convert_points(&p))
		goto out_free_record;
	rc = 0;
	goto out_free_value;

out_free_record:
	sgf_record_free(rec);
out_free_value:
	sb_free(&p.val);
	return rc;
}

/* See sgf.h. Leaves rec empty, of the same game, with its default
 * size. */
void sgf_record_free(struct sgf_record *rec)
{
	if (!rec)
		return;
	int game = rec->game;

	free(rec->items);
	free(rec->result);
	free(rec->rules);
	memset(rec, 0, sizeof(*rec));
	rec->game = game;
	rec->size = sgf_default_size(game);
}

static void sgf_write_komi(struct strbuf *sb, double komi)
{
	sb_puts(sb, "KM[");
	sb_put_real(sb, komi);
	sb_puts(sb, "]");
}

/* See sgf.h. */
void sgf_write_text(struct strbuf *sb, const char *id, const char *s)
{
	sb_printf(sb, "%s[", id);
	for (; *s; s++) {
		if (*s == ']' || *s == '\\')
			sb_append(sb, "\\", 1);
		sb_append(sb, s, 1);
	}
	sb_append(sb, "]", 1);
}

/* An on-board point of rec, the only kind a setup item can hold. */
static bool sgf_on_board(const struct sgf_record *rec,
			 const struct sgf_item *it)
{
	return rec->size >= 1 && rec->size <= 26 &&
	       it->col >= 0 && it->col < rec->size &&
	       it->row >= 0 && it->row < rec->size;
}

static void sgf_write_point(struct strbuf *sb, const struct sgf_record *rec,
			    const struct sgf_item *it)
{
	sb_printf(sb, "[%c%c]", 'a' + it->col, 'a' + (rec->size - 1 - it->row));
}

static const char *sgf_setup_id(int color)
{
	static const char *const ids[] = { "AE", "AB", "AW" };

	return color >= 0 && color <= 2 ? ids[color] : NULL;
}

/* Items [0, end) of colour color as one property, if there are any. */
static void sgf_write_setup_group(struct strbuf *sb,
				  const struct sgf_record *rec,
				  size_t end, int color)
{
	bool any = false;

	for (size_t i = 0; i < end; i++) {
		const struct sgf_item *it = &rec->items[i];

		if (it->color != color || !sgf_on_board(rec, it))
			continue;
		if (!any)
			sb_puts(sb, sgf_setup_id(color));
		any = true;
		sgf_write_point(sb, rec, it);
	}
}

static void sgf_write_root(struct strbuf *sb, const struct sgf_record *rec,
			   size_t nsetup)
{
	bool go = rec->game == 0 || rec->game == SGF_GAME_GO;

	sb_printf(sb, "FF[4]GM[%d]CA[UTF-8]AP[quintet:%s]SZ[%d]",
		  go ? SGF_GAME_GO : rec->game, PACKAGE_VERSION, rec->size);
	if (go)
		sgf_write_komi(sb, rec->komi);
	if (rec->handicap > 0)
		sb_printf(sb, "HA[%d]", rec->handicap);
	if (rec->result)
		sgf_write_text(sb, "RE", rec->result);
	if (rec->rules)
		sgf_write_text(sb, "RU", rec->rules);
	sgf_write_setup_group(sb, rec, nsetup, 1);
	sgf_write_setup_group(sb, rec, nsetup, 2);
	sgf_write_setup_group(sb, rec, nsetup, 0);
}

/* Whether SGF can express a later item: a move needs a colour and a point
 * or a pass, a setup item a known colour and a point. */
static bool sgf_writable(const struct sgf_record *rec,
			 const struct sgf_item *it)
{
	if (it->kind == SGF_PLAY)
		return (it->color == 1 || it->color == 2) &&
		       ((it->col == -1 && it->row == -1) || sgf_on_board(rec, it));
	return sgf_setup_id(it->color) && sgf_on_board(rec, it);
}

/* One node for a later item that sgf_writable accepted. */
static void sgf_write_node(struct strbuf *sb, const struct sgf_record *rec,
			   const struct sgf_item *it)
{
	if (it->kind == SGF_SETUP) {
		sb_printf(sb, ";%s", sgf_setup_id(it->color));
		sgf_write_point(sb, rec, it);
	} else if (it->col < 0) {
		sb_puts(sb, it->color == 1 ? ";B[]" : ";W[]");
	} else {
		sb_puts(sb, it->color == 1 ? ";B" : ";W");
		sgf_write_point(sb, rec, it);
	}
}

/* The record after "(;" and the root's information properties: see
 * sgf_write. Items that SGF cannot express (a point off the board, a setup
 * item without a point, an unknown colour) are left out, so the text is
 * always well-formed. Root setup is grouped AB, AW, AE; each later item
 * gets its own node, so their order is kept. Ten nodes per line. */
static void sgf_write_tree(struct strbuf *sb, const struct sgf_record *rec)
{
	size_t nsetup = 0;
	size_t written = 0;

	while (nsetup < rec->nitems && rec->items[nsetup].kind == SGF_SETUP)
		nsetup++;
	sgf_write_root(sb, rec, nsetup);
	for (size_t i = nsetup; i < rec->nitems; i++) {
		if (!sgf_writable(rec, &rec->items[i]))
			continue;
		if (written++ % 10 == 0)
			sb_append(sb, "\n", 1);
		sgf_write_node(sb, rec, &rec->items[i]);
	}
	sb_puts(sb, ")\n");
}

/* See sgf.h. */
char *sgf_write(const struct sgf_record *rec)
{
	struct strbuf sb = STRBUF_INIT;

	sb_puts(&sb, "(;");
	sgf_write_tree(&sb, rec);
	return sb.buf;
}

/* SGF TM (main time per side, seconds) and OT (the overtime, in words):
 * a game clock is TM with its increment, Japanese byo-yomi TM with OT
 * in the words GUIs and KGS use ("3x30 byo-yomi": 3 periods of 30 s), a
 * time per move TM[0] with OT. */
static void sgf_write_time(struct strbuf *sb, const struct game_record_info *info)
{
	struct strbuf ot = STRBUF_INIT;

	if (info->main_time > 0 || info->byo_periods > 0) {
		sb_puts(sb, "TM[");
		sb_put_real(sb, info->main_time);
		sb_puts(sb, "]");
		if (info->byo_periods > 0) {
			sb_printf(&ot, "%dx", info->byo_periods);
			sb_put_real(&ot, info->byo_time);
			sb_puts(&ot, " byo-yomi");
		} else if (info->increment > 0) {
			sb_put_real(&ot, info->increment);
			sb_puts(&ot, " s increment per move (Fischer)");
		}
	} else if (info->move_time > 0) {
		sb_puts(sb, "TM[0]");
		sb_put_real(&ot, info->move_time);
		sb_puts(&ot, " s per move");
	}
	if (ot.len)
		sgf_write_text(sb, "OT", sb_str(&ot));
	sb_free(&ot);
}

/* See sgf.h. */
char *sgf_write_info(const struct sgf_record *rec, const struct game_record_info *info)
{
	struct strbuf sb = STRBUF_INIT;

	sb_puts(&sb, "(;");
	sgf_write_text(&sb, "PB", info->black ? info->black : "");
	sgf_write_text(&sb, "PW", info->white ? info->white : "");
	if (info->title)
		sgf_write_text(&sb, "GN", info->title);
	if (info->event)
		sgf_write_text(&sb, "EV", info->event);
	if (info->round > 0)
		sb_printf(&sb, "RO[%d]", info->round);
	if (info->date)
		sgf_write_text(&sb, "DT", info->date);
	sgf_write_time(&sb, info);
	if (info->comment && *info->comment)
		sgf_write_text(&sb, "C", info->comment);
	sgf_write_tree(&sb, rec);
	return sb.buf;
}
