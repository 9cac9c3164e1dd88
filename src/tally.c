/* Move origins and how a finished game counts: see tally.h. */
#include "tally.h"

#include <stdio.h>
#include <string.h>

#include "gtp.h"

static bool is_move(const char *line)
{
	return strncmp(line, "play ", 5) == 0;
}

/* The history's moves; colors (n entries, may be NULL) gets the colours
 * of the last n, oldest first. */
static long scan(const struct game *g, int *colors, long n)
{
	struct strbuf text = STRBUF_INIT;
	long moves = 0, total;
	const char *p;

	g->ops->history(g, &text);
	for (p = sb_str(&text); *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : p + strlen(p))
		moves += is_move(p);
	total = moves;
	if (colors && n > 0) {
		long i = 0, skip = total - n;

		for (p = sb_str(&text); *p && i < n;
		     p = strchr(p, '\n') ? strchr(p, '\n') + 1 : p + strlen(p)) {
			char word[16] = "";

			if (!is_move(p))
				continue;
			if (skip-- > 0)
				continue;
			sscanf(p + 5, "%15s", word);
			int c = game_parse_color(g, word);
			colors[i++] = c ? c : COLOR_BLACK;
		}
	}
	sb_free(&text);
	return total;
}

long tally_moves(const struct game *g)
{
	return scan(g, NULL, 0);
}

void tally_reset(struct tally *t, const struct game *g)
{
	sb_reset(&t->origin);
	t->base = tally_moves(g);
	t->first_level = TALLY_NO_LEVEL;
	t->engine_level = TALLY_NO_LEVEL;
	t->mixed = false;
	t->done = g->ops->is_over(g);
}

void tally_copy(struct tally *dst, const struct tally *src)
{
	*dst = *src;
	dst->origin = (struct strbuf)STRBUF_INIT;
	sb_append(&dst->origin, src->origin.buf ? src->origin.buf : "", src->origin.len);
}

void tally_free(struct tally *t)
{
	sb_free(&t->origin);
}

/* Take back n moves (undo): tracked ones first, then unknown ones. */
static void take_back(struct tally *t, long n)
{
	long tracked = (long)t->origin.len;

	if (n <= tracked) {
		t->origin.len -= (size_t)n;
		t->origin.buf[t->origin.len] = '\0';
	} else {
		sb_reset(&t->origin);
		t->base -= n - tracked;
		if (t->base < 0)
			t->base = 0;
	}
	if (t->origin.len == 0) {
		t->first_level = TALLY_NO_LEVEL;
		t->engine_level = TALLY_NO_LEVEL;
		t->mixed = false;
	}
}

/* Record n new moves of the colours given. */
static void add_moves(struct tally *t, const int *colors, long n, bool engine, int level)
{
	for (long i = 0; i < n; i++) {
		char c = colors[i] == COLOR_WHITE ? 'w' : 'b';

		sb_append(&t->origin, engine ? (c == 'w' ? "W" : "B") : &c, 1);
	}
	if (n <= 0)
		return;
	if (t->first_level == TALLY_NO_LEVEL)
		t->first_level = level;
	if (engine) {
		if (t->engine_level == TALLY_NO_LEVEL)
			t->engine_level = level;
		else if (t->engine_level != level)
			t->mixed = true;
	}
}

/* The rule of tally.h over the tracked moves. */
static void classify(const struct tally *t, struct tally_outcome *out)
{
	long client[3] = { 0 }, engine[3] = { 0 }; /* by COLOR_BLACK (1), COLOR_WHITE (2) */
	int first = COLOR_BLACK;

	for (size_t i = 0; i < t->origin.len; i++) {
		char c = t->origin.buf[i];
		int color = (c == 'w' || c == 'W') ? COLOR_WHITE : COLOR_BLACK;

		if (i == 0)
			first = color;
		if (c == 'b' || c == 'w')
			client[color]++;
		else
			engine[color]++;
	}
	*out = (struct tally_outcome){ .counted = true, .player = first, .level = -1 };
	int b = COLOR_BLACK, w = COLOR_WHITE;
	if (client[b] + client[w] == 0) {
		out->counted = false;
	} else if (client[b] > 0 && engine[b] == 0 && client[w] == 0) {
		out->player = b;
	} else if (client[w] > 0 && engine[w] == 0 && client[b] == 0) {
		out->player = w;
	} else if (engine[b] + engine[w] == 0) {
		out->kind = "human";
	} else {
		out->kind = "mixed";
		if (client[b] != client[w])
			out->player = client[b] > client[w] ? b : w;
	}
	if (out->counted && !out->kind) {
		out->level = t->engine_level != TALLY_NO_LEVEL ? t->engine_level : t->first_level;
		if (t->mixed)
			out->kind = "mixed";
	}
}

bool tally_left(const struct tally *t, const struct game *g, long min_moves,
		struct tally_outcome *out)
{
	long own = 0;

	if (t->done || g->ops->is_over(g))
		return false;
	classify(t, out);
	if (!out->counted || out->kind)
		return false;
	for (size_t i = 0; i < t->origin.len; i++)
		own += t->origin.buf[i] == (out->player == COLOR_WHITE ? 'w' : 'b');
	return own >= min_moves;
}

bool tally_update(struct tally *t, const struct game *g, long before, bool engine, int level,
		  struct tally_outcome *out)
{
	int colors[64];
	long now = tally_moves(g);

	if (now == 0 && before > 0) {
		tally_reset(t, g); /* boardsize, clear_board: a new game */
		return false;
	}
	if (now < before) {
		take_back(t, before - now);
	} else if (now > before) {
		long n = now - before;

		/* A command adds a move or two (a guess and its answer); a
		 * larger jump is a position loaded by a game's own command. */
		if (n > (long)(sizeof(colors) / sizeof(colors[0]))) {
			tally_reset(t, g);
			return false;
		}
		scan(g, colors, n);
		add_moves(t, colors, n, engine, level);
	}
	/* A game is counted once: an undo past its end and another ending
	 * is the same game. */
	if (t->done || !g->ops->is_over(g))
		return false;
	t->done = true;
	classify(t, out);
	return true;
}
