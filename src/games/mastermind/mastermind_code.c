/* Mastermind variants, codes, answers and the enumeration of the codes
 * consistent with the answers so far. */
#include "games/mastermind/mastermind.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/monotime.h"
#include "util/xalloc.h"

const struct mm_preset mm_presets[] = {
	{ "digits", { 4, 9, false, 10, MM_POSITIONAL } },
	{ "classic", { 4, 6, true, 10, MM_COUNTS } },
	{ "bulls", { 4, 10, false, 10, MM_COUNTS } },
};
const int mm_npresets = (int)(sizeof(mm_presets) / sizeof(mm_presets[0]));

static const char *const style_names[] = { "positional", "counts" };

const struct mm_preset *mm_preset_find(const char *name)
{
	for (int i = 0; i < mm_npresets; i++)
		if (strcmp(mm_presets[i].name, name) == 0)
			return &mm_presets[i];
	return NULL;
}

bool mm_variant_equal(const struct mm_variant *a, const struct mm_variant *b)
{
	return a->pegs == b->pegs && a->colors == b->colors && a->repeats == b->repeats &&
	       a->tries == b->tries && a->style == b->style;
}

const char *mm_variant_name(const struct mm_variant *v)
{
	for (int i = 0; i < mm_npresets; i++)
		if (mm_variant_equal(&mm_presets[i].v, v))
			return mm_presets[i].name;
	return "custom";
}

int mm_variant_check(const struct mm_variant *v, char *err, size_t errlen)
{
	if (v->pegs < MM_MIN_PEGS || v->pegs > MM_MAX_PEGS)
		snprintf(err, errlen, "invalid variant: pegs must be %d-%d", MM_MIN_PEGS,
			 MM_MAX_PEGS);
	else if (v->colors < MM_MIN_COLORS || v->colors > MM_MAX_COLORS)
		snprintf(err, errlen, "invalid variant: colors must be %d-%d", MM_MIN_COLORS,
			 MM_MAX_COLORS);
	else if (v->tries < 1 || v->tries > MM_MAX_TRIES)
		snprintf(err, errlen, "invalid variant: tries must be 1-%d", MM_MAX_TRIES);
	else if (!v->repeats && v->colors < v->pegs)
		snprintf(err, errlen, "invalid variant: %d pegs need %d colors without repeats",
			 v->pegs, v->pegs);
	else
		return 0;
	return -1;
}

void mm_variant_print(const struct mm_variant *v, struct strbuf *out)
{
	sb_printf(out, "%s pegs %d colors %d repeats %s tries %d feedback %s",
		  mm_variant_name(v), v->pegs, v->colors, v->repeats ? "yes" : "no", v->tries,
		  style_names[v->style]);
}

static int parse_bool(const char *text, bool *out)
{
	static const char *const yes[] = { "yes", "true", "on", "1" };
	static const char *const no[] = { "no", "false", "off", "0" };

	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		if (!strcasecmp(text, yes[i])) {
			*out = true;
			return 0;
		}
		if (!strcasecmp(text, no[i])) {
			*out = false;
			return 0;
		}
	}
	return -1;
}

/* The integer parameters, by option key. */
static const struct {
	const char *key;
	int min, max;
	size_t offset;
} int_keys[] = {
	{ "pegs", MM_MIN_PEGS, MM_MAX_PEGS, offsetof(struct mm_variant, pegs) },
	{ "colors", MM_MIN_COLORS, MM_MAX_COLORS, offsetof(struct mm_variant, colors) },
	{ "tries", 1, MM_MAX_TRIES, offsetof(struct mm_variant, tries) },
};

/* Set one parameter; 1 done, 0 bad value, -1 unknown key. */
static int set_parameter(struct mm_variant *v, const char *key, const char *value)
{
	long n;

	for (size_t i = 0; i < sizeof(int_keys) / sizeof(int_keys[0]); i++)
		if (!strcmp(key, int_keys[i].key)) {
			if (gtp_parse_int(value, int_keys[i].min, int_keys[i].max, &n) < 0)
				return 0;
			*(int *)((char *)v + int_keys[i].offset) = (int)n;
			return 1;
		}
	if (!strcmp(key, "repeats"))
		return parse_bool(value, &v->repeats) == 0;
	if (strcmp(key, "feedback") != 0)
		return -1;
	for (int i = 0; i < 2; i++)
		if (!strcmp(value, style_names[i])) {
			v->style = (enum mm_style)i;
			return 1;
		}
	return 0;
}

int mm_variant_set(struct mm_variant *v, const char *key, const char *value,
		   char *err, size_t errlen)
{
	int rc = set_parameter(v, key, value);

	if (rc < 0)
		snprintf(err, errlen, "invalid variant: unknown key %.40s", key);
	else if (rc == 0)
		snprintf(err, errlen, "invalid variant: bad %s %.40s", key, value);
	return rc > 0 ? 0 : -1;
}

uint64_t mm_space_size(const struct mm_variant *v)
{
	uint64_t n = 1;

	for (int i = 0; i < v->pegs; i++)
		n *= (uint64_t)(v->repeats ? v->colors : v->colors - i);
	return n;
}

char mm_digit(const struct mm_variant *v, int c)
{
	return (char)((v->colors == 10 ? '0' : '1') + c);
}

/* The colour of a digit, or -1. */
static int color_of(const struct mm_variant *v, char ch)
{
	int c = ch - (v->colors == 10 ? '0' : '1');

	return ch >= '0' && ch <= '9' && c >= 0 && c < v->colors ? c : -1;
}

int mm_code_parse(const struct mm_variant *v, const char *text, struct mm_code *c,
		  char *err, size_t errlen)
{
	struct mm_code code = { { 0 } };
	unsigned seen = 0;

	if (strlen(text) != (size_t)v->pegs) {
		snprintf(err, errlen, "invalid code: %d digits expected", v->pegs);
		return -1;
	}
	for (int i = 0; i < v->pegs; i++) {
		int col = color_of(v, text[i]);

		if (col < 0) {
			snprintf(err, errlen, "invalid code: colors are %c-%c", mm_digit(v, 0),
				 mm_digit(v, v->colors - 1));
			return -1;
		}
		if (!v->repeats && (seen & (1u << col))) {
			snprintf(err, errlen, "invalid code: repeated color %c", text[i]);
			return -1;
		}
		seen |= 1u << col;
		code.d[i] = (uint8_t)col;
	}
	*c = code;
	return 0;
}

void mm_code_print(const struct mm_variant *v, const struct mm_code *c, struct strbuf *out)
{
	char text[MM_MAX_PEGS + 1];

	for (int i = 0; i < v->pegs; i++)
		text[i] = mm_digit(v, c->d[i]);
	text[v->pegs] = '\0';
	sb_puts(out, text);
}

int mm_number_limit(const struct mm_variant *v)
{
	int n = 1;

	for (int i = 0; i < v->pegs; i++)
		n *= v->colors;
	return n;
}

int mm_code_number(const struct mm_variant *v, const struct mm_code *c)
{
	int n = 0;

	for (int i = 0; i < v->pegs; i++)
		n = n * v->colors + c->d[i];
	return n;
}

void mm_code_from_number(const struct mm_variant *v, int n, struct mm_code *c)
{
	memset(c, 0, sizeof(*c));
	for (int i = v->pegs - 1; i >= 0; i--) {
		c->d[i] = (uint8_t)(n % v->colors);
		n /= v->colors;
	}
}

bool mm_code_valid(const struct mm_variant *v, const struct mm_code *c)
{
	unsigned seen = 0;

	for (int i = 0; i < v->pegs; i++) {
		if (c->d[i] >= v->colors || (!v->repeats && (seen & (1u << c->d[i]))))
			return false;
		seen |= 1u << c->d[i];
	}
	for (int i = v->pegs; i < MM_MAX_PEGS; i++)
		if (c->d[i])
			return false;
	return true;
}

/* Positional answer: X for each exact match; then, left to right, O for a
 * guess peg whose colour is left among the secret's unmatched pegs (using
 * one up), else -. */
static int positional(const struct mm_variant *v, const struct mm_code *s,
		      const struct mm_code *g)
{
	int left[MM_MAX_COLORS] = { 0 }, sym[MM_MAX_PEGS], fb = 0;

	for (int i = 0; i < v->pegs; i++) {
		sym[i] = s->d[i] == g->d[i] ? 2 : 0;
		if (!sym[i])
			left[s->d[i]]++;
	}
	for (int i = 0; i < v->pegs; i++)
		if (!sym[i] && left[g->d[i]] > 0) {
			left[g->d[i]]--;
			sym[i] = 1;
		}
	for (int i = v->pegs - 1; i >= 0; i--)
		fb = fb * 3 + sym[i];
	return fb;
}

static int counts(const struct mm_variant *v, const struct mm_code *s, const struct mm_code *g)
{
	int cs[MM_MAX_COLORS] = { 0 }, cg[MM_MAX_COLORS] = { 0 }, black = 0, total = 0;

	for (int i = 0; i < v->pegs; i++) {
		black += s->d[i] == g->d[i];
		cs[s->d[i]]++;
		cg[g->d[i]]++;
	}
	for (int c = 0; c < v->colors; c++)
		total += cs[c] < cg[c] ? cs[c] : cg[c];
	return black * (v->pegs + 1) + (total - black);
}

int mm_feedback(const struct mm_variant *v, const struct mm_code *secret,
		const struct mm_code *guess)
{
	return v->style == MM_POSITIONAL ? positional(v, secret, guess)
					 : counts(v, secret, guess);
}

int mm_fb_win(const struct mm_variant *v)
{
	if (v->style == MM_COUNTS)
		return v->pegs * (v->pegs + 1);
	int fb = 0;
	for (int i = 0; i < v->pegs; i++)
		fb = fb * 3 + 2;
	return fb;
}

int mm_fb_range(const struct mm_variant *v)
{
	if (v->style == MM_COUNTS)
		return (v->pegs + 1) * (v->pegs + 1);
	return mm_fb_win(v) + 1;
}

static int parse_positional(const struct mm_variant *v, const char *text, int *fb)
{
	int value = 0;

	if (strlen(text) != (size_t)v->pegs)
		return -1;
	for (int i = v->pegs - 1; i >= 0; i--) {
		const char *sym = strchr("-OX", text[i] == 'x' ? 'X' : text[i] == 'o' ? 'O' : text[i]);
		if (!text[i] || !sym)
			return -1;
		value = value * 3 + (int)(sym - "-OX");
	}
	*fb = value;
	return 0;
}

int mm_fb_parse(const struct mm_variant *v, int argc, char **argv, int *fb,
		char *err, size_t errlen)
{
	long black, white;

	if (v->style == MM_POSITIONAL) {
		if (argc == 1 && parse_positional(v, argv[0], fb) == 0)
			return 0;
		snprintf(err, errlen, "invalid feedback: %d symbols X, O or - expected", v->pegs);
		return -1;
	}
	if (argc != 2 || gtp_parse_int(argv[0], 0, v->pegs, &black) < 0 ||
	    gtp_parse_int(argv[1], 0, v->pegs, &white) < 0) {
		snprintf(err, errlen, "invalid feedback: two counts 0-%d expected", v->pegs);
		return -1;
	}
	*fb = (int)(black * (v->pegs + 1) + white);
	return 0;
}

void mm_fb_print(const struct mm_variant *v, int fb, struct strbuf *out)
{
	if (v->style == MM_COUNTS) {
		sb_printf(out, "%d %d", fb / (v->pegs + 1), fb % (v->pegs + 1));
		return;
	}
	char text[MM_MAX_PEGS + 1];
	for (int i = 0; i < v->pegs; i++, fb /= 3)
		text[i] = "-OX"[fb % 3];
	text[v->pegs] = '\0';
	sb_puts(out, text);
}

/* ---- enumeration ---- */

/* One answered try as the search sees it. */
struct constraint {
	struct mm_code g;            /* the guess */
	int fb;                      /* its answer */
	int black, total;            /* right place, right colour */
	uint8_t want[MM_MAX_COLORS]; /* the guess's count of each colour */
	uint8_t exact;               /* positional: bit i set when peg i is X */
};

struct search {
	struct mm_enum *e;
	struct constraint con[MM_MAX_TRIES];
	int ncon;
	int black[MM_MAX_TRIES];      /* right place so far, per constraint */
	int total[MM_MAX_TRIES];      /* right colour so far, per constraint */
	uint8_t have[MM_MAX_COLORS];  /* colours in the code so far */
	unsigned banned;              /* colours no consistent code contains */
	struct mm_code code;          /* the code being built */
	uint64_t found;               /* consistent codes visited */
};

static void constraint_init(const struct mm_variant *v, const struct mm_try *t,
			    struct constraint *c, unsigned *banned)
{
	int stride = v->pegs + 1;

	memset(c, 0, sizeof(*c));
	c->g = t->guess;
	c->fb = t->fb;
	for (int i = 0; i < v->pegs; i++)
		c->want[t->guess.d[i]]++;
	if (v->style == MM_COUNTS) {
		c->black = t->fb / stride;
		c->total = c->black + t->fb % stride;
		if (c->total == 0)
			for (int i = 0; i < v->pegs; i++)
				*banned |= 1u << t->guess.d[i];
		return;
	}
	for (int i = 0, fb = t->fb; i < v->pegs; i++, fb /= 3) {
		c->black += fb % 3 == 2;
		c->total += fb % 3 != 0;
		c->exact |= (uint8_t)((fb % 3 == 2) << i);
		/* A - for a colour the guess holds once: the colour is absent. */
		if (fb % 3 == 0 && c->want[t->guess.d[i]] == 1)
			*banned |= 1u << t->guess.d[i];
	}
}

/* Add colour col at position pos to every constraint; false when some
 * constraint can no longer be met (the counts are updated either way). */
static bool place(struct search *s, int pos, int col)
{
	const struct mm_variant *v = s->e->v;
	int left = v->pegs - pos - 1;
	bool ok = true;

	for (int k = 0; k < s->ncon; k++) {
		const struct constraint *c = &s->con[k];
		bool hit = c->g.d[pos] == col;

		s->black[k] += hit;
		s->total[k] += s->have[col] < c->want[col];
		if (v->style == MM_POSITIONAL && hit != ((c->exact >> pos) & 1))
			ok = false;
		if (s->black[k] > c->black || s->total[k] > c->total ||
		    s->black[k] + left < c->black || s->total[k] + left < c->total)
			ok = false;
	}
	s->have[col]++;
	return ok;
}

static void unplace(struct search *s, int pos, int col)
{
	s->have[col]--;
	for (int k = 0; k < s->ncon; k++) {
		s->black[k] -= s->con[k].g.d[pos] == col;
		s->total[k] -= s->have[col] < s->con[k].want[col];
	}
}

/* The full answer check at a leaf (positional patterns depend on order). */
static bool leaf_ok(const struct search *s)
{
	if (s->e->v->style == MM_COUNTS)
		return true;
	for (int k = 0; k < s->ncon; k++)
		if (mm_feedback(s->e->v, &s->code, &s->con[k].g) != s->con[k].fb)
			return false;
	return true;
}

static void colour_order(struct search *s, int *order)
{
	const struct mm_variant *v = s->e->v;

	for (int c = 0; c < v->colors; c++)
		order[c] = c;
	if (!s->e->shuffle)
		return;
	for (int c = v->colors - 1; c > 0; c--) {
		int j = (int)rng_below(s->e->shuffle, (uint32_t)c + 1), t = order[c];
		order[c] = order[j];
		order[j] = t;
	}
}

/* Whether the search has reached one of its limits at its nth node (the
 * flag and the clock only every 65536 nodes). */
static bool limit_reached(const struct mm_limits *lim, uint64_t n)
{
	if (lim->max_nodes > 0 && n > lim->max_nodes)
		return true;
	if ((n & 0xffff) != 0)
		return false;
	return (lim->stop && atomic_load(lim->stop)) ||
	       (lim->deadline > 0 && monotime_now() >= lim->deadline);
}

/* Depth-first over positions; returns true when the search must end. */
static bool descend(struct search *s, int pos)
{
	struct mm_enum *e = s->e;
	const struct mm_variant *v = e->v;
	int order[MM_MAX_COLORS];

	if (limit_reached(&e->lim, ++e->nodes))
		return e->stopped = true;
	if (pos == v->pegs) {
		if (!leaf_ok(s))
			return false;
		s->found++;
		if (e->visit && e->visit(&s->code, e->ctx))
			return e->stopped = true;
		return false;
	}
	colour_order(s, order);
	for (int i = 0; i < v->colors; i++) {
		int col = order[i];
		bool stop = false;

		if ((s->banned >> col) & 1 || (!v->repeats && s->have[col]))
			continue;
		s->code.d[pos] = (uint8_t)col;
		if (place(s, pos, col))
			stop = descend(s, pos + 1);
		unplace(s, pos, col);
		if (stop)
			return true;
	}
	s->code.d[pos] = 0;
	return false;
}

uint64_t mm_enumerate(struct mm_enum *e)
{
	struct search *s = xcalloc(1, sizeof(*s));

	e->nodes = 0;
	e->stopped = false;
	s->e = e;
	for (int i = 0; i < e->ntries; i++)
		if (e->tries[i].fb >= 0)
			constraint_init(e->v, &e->tries[i], &s->con[s->ncon++], &s->banned);
	descend(s, 0);
	uint64_t found = s->found;
	free(s);
	return found;
}

static bool stop_at_first(const struct mm_code *c, void *ctx)
{
	(void)c, (void)ctx;
	return true;
}

bool mm_any_consistent(const struct mm_variant *v, const struct mm_try *tries, int n)
{
	return mm_any_consistent_until(v, tries, n, NULL, NULL);
}

bool mm_any_consistent_until(const struct mm_variant *v, const struct mm_try *tries, int n,
			     const struct mm_limits *lim, bool *stopped)
{
	struct mm_enum e = { .v = v, .tries = tries, .ntries = n, .visit = stop_at_first };

	if (lim)
		e.lim = *lim;
	bool found = mm_enumerate(&e) > 0;

	if (stopped)
		*stopped = e.stopped && !found;
	return found;
}

struct collect {
	struct mm_code *list; /* codes kept */
	size_t n, cap, room;  /* kept, allowed, allocated */
	bool over;            /* a code beyond cap was found */
};

static bool collect_code(const struct mm_code *c, void *ctx)
{
	struct collect *k = ctx;

	if (k->n == k->cap) {
		k->over = true;
		return true;
	}
	if (k->n == k->room) {
		k->room = k->room ? k->room * 2 : 1024;
		k->list = xrealloc(k->list, k->room * sizeof(*k->list));
	}
	k->list[k->n++] = *c;
	return false;
}

uint64_t mm_consistent_list(const struct mm_variant *v, const struct mm_try *tries, int n,
			    size_t cap, struct mm_code **out, const struct mm_limits *lim,
			    bool *stopped, uint64_t *nodes)
{
	struct collect k = { .cap = cap };
	struct mm_enum e = { .v = v, .tries = tries, .ntries = n, .visit = collect_code, .ctx = &k };

	if (lim)
		e.lim = *lim;
	uint64_t total = mm_enumerate(&e);

	if (stopped)
		*stopped = e.stopped && !k.over;
	if (nodes)
		*nodes = e.nodes;
	*out = k.list;
	return total;
}
