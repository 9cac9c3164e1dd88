/* Go's rules as KataGo and KGS name them: kata-get-rules, kata-set-rules
 * and kgs-rules (KataGo's docs/GTP_Extensions.md).
 *
 * KataGo describes rules by seven fields; quintet's variants (go.h) and
 * handicap bonus are these points of them:
 *
 *   variant       ko          suicide  friendlyPassOk
 *   chinese       SIMPLE      false    true   (dead stones taken off
 *   superko       POSITIONAL  false    true    after two passes)
 *   tromp-taylor  POSITIONAL  true     false  (the board counts as it stands)
 *   japanese      SIMPLE      false    true   (scoring TERRITORY, tax SEKI)
 *
 * and in the first three scoring AREA, tax NONE; hasButton false in all; whiteHandicapBonus
 * (0, N, N-1) is the game's bonus, whatever the variant. A rule set that
 * is none of these is refused whole, naming the first field quintet cannot
 * honour (scoring, hasButton, tax, ko, then the combinations): nothing is
 * approximated.
 *
 * The JSON form is read by one forward scan of a flat object (string and
 * boolean values; a nested object or array is refused, not descended
 * into), so its cost is bounded by the line that carries it; keys and
 * values are compared from fixed buffers, a longer one matching nothing. */
#include "games/go/go_rules.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ctx.h"
#include "util/errmsg.h"

/* KataGo's values of its fields, in the order of its enums. */
enum { KO_SIMPLE, KO_POSITIONAL, KO_SITUATIONAL, KO_SPIGHT };
enum { SCORING_AREA, SCORING_TERRITORY };
enum { TAX_NONE, TAX_SEKI, TAX_ALL };

static const char *const ko_names[] = { "SIMPLE", "POSITIONAL", "SITUATIONAL", "SPIGHT", NULL };
static const char *const scoring_names[] = { "AREA", "TERRITORY", NULL };
static const char *const tax_names[] = { "NONE", "SEKI", "ALL", NULL };
static const char *const bonus_names[] = { "0", "N", "N-1", NULL }; /* enum go_bonus */

/* A rule set as KataGo's fields. */
struct kata_rules {
	int ko;            /* KO_* */
	int scoring;       /* SCORING_* */
	int tax;           /* TAX_* */
	bool suicide;      /* multi-stone suicide legal */
	bool button;       /* button Go */
	int bonus;         /* whiteHandicapBonus: enum go_bonus */
	int friendly;      /* friendlyPassOk: 0, 1, or -1 when a JSON form
			    * leaves it out (then the variant's) */
};

/* KataGo's shorthand names (rules.cpp's parseRulesHelper), in any case:
 * a row per name, the first of its spellings the one an error lists. */
struct shorthand {
	const char *names[9];    /* NULL-ended */
	struct kata_rules rules; /* what they stand for */
};

static const struct shorthand shorthands[] = {
	{ { "tromp-taylor", "tromp_taylor", "tromp taylor", "tromptaylor", NULL },
	  { KO_POSITIONAL, SCORING_AREA, TAX_NONE, true, false, GO_BONUS_NONE, 0 } },
	{ { "chinese", NULL },
	  { KO_SIMPLE, SCORING_AREA, TAX_NONE, false, false, GO_BONUS_N, 1 } },
	{ { "chinese-ogs", "chineseogs", "chinese_ogs", NULL },
	  { KO_POSITIONAL, SCORING_AREA, TAX_NONE, false, false, GO_BONUS_N, 1 } },
	{ { "chinese-kgs", "chinesekgs", "chinese_kgs", NULL },
	  { KO_POSITIONAL, SCORING_AREA, TAX_NONE, false, false, GO_BONUS_N, 1 } },
	{ { "japanese", NULL },
	  { KO_SIMPLE, SCORING_TERRITORY, TAX_SEKI, false, false, GO_BONUS_NONE, 0 } },
	{ { "korean", NULL },
	  { KO_SIMPLE, SCORING_TERRITORY, TAX_SEKI, false, false, GO_BONUS_NONE, 0 } },
	{ { "stone-scoring", "stonescoring", "stone_scoring", "stone scoring", "ancient-area",
	    "ancientarea", "ancient_area", "ancient area", NULL },
	  { KO_SIMPLE, SCORING_AREA, TAX_ALL, false, false, GO_BONUS_NONE, 1 } },
	{ { "ancient-territory", "ancientterritory", "ancient_territory", "ancient territory",
	    NULL },
	  { KO_SIMPLE, SCORING_TERRITORY, TAX_ALL, false, false, GO_BONUS_NONE, 0 } },
	{ { "aga-button", "agabutton", "aga_button", "aga button", NULL },
	  { KO_SITUATIONAL, SCORING_AREA, TAX_NONE, false, true, GO_BONUS_N_MINUS_ONE, 1 } },
	{ { "aga", NULL },
	  { KO_SITUATIONAL, SCORING_AREA, TAX_NONE, false, false, GO_BONUS_N_MINUS_ONE, 1 } },
	{ { "bga", NULL },
	  { KO_SITUATIONAL, SCORING_AREA, TAX_NONE, false, false, GO_BONUS_N_MINUS_ONE, 1 } },
	{ { "french", NULL },
	  { KO_SITUATIONAL, SCORING_AREA, TAX_NONE, false, false, GO_BONUS_N_MINUS_ONE, 1 } },
	{ { "new-zealand", "nz", "newzealand", "new zealand", "new_zealand", NULL },
	  { KO_SITUATIONAL, SCORING_AREA, TAX_NONE, true, false, GO_BONUS_NONE, 1 } },
	{ { "goe", NULL },
	  { KO_POSITIONAL, SCORING_AREA, TAX_NONE, true, false, GO_BONUS_NONE, 1 } },
	{ { "ing", NULL },
	  { KO_POSITIONAL, SCORING_AREA, TAX_NONE, true, false, GO_BONUS_NONE, 1 } },
};

#define NSHORTHANDS ((int)(sizeof(shorthands) / sizeof(shorthands[0])))

/* The game's rules as KataGo's fields. */
static struct kata_rules current(const struct go_game *gg)
{
	bool tt = gg->rules == GO_RULES_TROMP_TAYLOR, jp = gg->rules == GO_RULES_JAPANESE;

	return (struct kata_rules){ .ko = gg->rules == GO_RULES_CHINESE || jp ? KO_SIMPLE
									    : KO_POSITIONAL,
				    .scoring = jp ? SCORING_TERRITORY : SCORING_AREA,
				    .tax = jp ? TAX_SEKI : TAX_NONE,
				    .suicide = tt,
				    .button = false,
				    .bonus = (int)gg->bonus,
				    .friendly = !tt };
}

static const char *yes_no(bool b)
{
	return b ? "true" : "false";
}

/* The variant r is, or -1 with the error ("unsupported rules: ..."). */
static int variant_of(const struct kata_rules *r, char *err, size_t errlen)
{
	int v;

	if (r->button)
		return errmsg(err, errlen, "unsupported rules: hasButton true");
	if (r->scoring == SCORING_TERRITORY) { /* japanese: its tax, ko and suicide alone */
		if (r->tax != TAX_SEKI)
			return errmsg(err, errlen, "unsupported rules: tax %s with scoring TERRITORY",
				      tax_names[r->tax]);
		if (r->ko != KO_SIMPLE)
			return errmsg(err, errlen, "unsupported rules: ko %s with scoring TERRITORY",
				      ko_names[r->ko]);
		if (r->suicide)
			return errmsg(err, errlen, "unsupported rules: suicide true with scoring TERRITORY");
		return GO_RULES_JAPANESE;
	}
	if (r->tax != TAX_NONE)
		return errmsg(err, errlen, "unsupported rules: tax %s", tax_names[r->tax]);
	if (r->ko != KO_SIMPLE && r->ko != KO_POSITIONAL)
		return errmsg(err, errlen, "unsupported rules: ko %s", ko_names[r->ko]);
	if (r->ko == KO_SIMPLE && r->suicide)
		return errmsg(err, errlen, "unsupported rules: suicide true with ko SIMPLE");
	v = r->suicide ? GO_RULES_TROMP_TAYLOR
	    : r->ko == KO_SIMPLE ? GO_RULES_CHINESE : GO_RULES_SUPERKO;
	if (r->friendly >= 0 && (bool)r->friendly == r->suicide)
		return errmsg(err, errlen, "unsupported rules: friendlyPassOk %s with suicide %s",
			      yes_no(r->friendly), yes_no(r->suicide));
	return v;
}

void go_rules_json(const struct go_game *gg, struct strbuf *out)
{
	struct kata_rules r = current(gg);

	/* KataGo's keys in its order (a sorted map's). */
	sb_printf(out,
		  "{\"friendlyPassOk\":%s,\"hasButton\":%s,\"ko\":\"%s\",\"scoring\":\"%s\","
		  "\"suicide\":%s,\"tax\":\"%s\",\"whiteHandicapBonus\":\"%s\"}",
		  yes_no(r.friendly), yes_no(r.button), ko_names[r.ko], scoring_names[r.scoring],
		  yes_no(r.suicide), tax_names[r.tax], bonus_names[r.bonus]);
}

/* ---- the JSON form ---- */

#define TOKEN_MAX 64 /* bytes of a key or value kept; longer ones match nothing */

struct scan {
	const char *p;     /* the next byte */
	char err[128];     /* the error, when a step fails */
};

static void skip_space(struct scan *s)
{
	while (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r')
		s->p++;
}

/* A JSON string at s->p (its opening quote) into buf (at most TOKEN_MAX - 1
 * bytes, the rest dropped and *whole cleared). -1 when malformed. */
static int scan_string(struct scan *s, char *buf, bool *whole)
{
	size_t n = 0;

	*whole = true;
	if (*s->p++ != '"')
		return -1;
	for (;;) {
		unsigned char c = (unsigned char)*s->p++;

		if (c == '"')
			break;
		if (c == '\0' || c < 0x20)
			return -1;
		if (c == '\\') {
			char e = *s->p++;
			const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t", *k;

			if (e == 'u') {
				unsigned v = 0;

				for (int i = 0; i < 4; i++, s->p++) {
					if (!isxdigit((unsigned char)*s->p))
						return -1;
					v = v * 16 + (unsigned)(isdigit((unsigned char)*s->p)
							? *s->p - '0'
							: tolower((unsigned char)*s->p) - 'a' + 10);
				}
				c = v < 0x80 ? (unsigned char)v : 0x80;
			} else if (e != '\0' && (k = strchr(from, e))) {
				c = (unsigned char)to[k - from];
			} else {
				return -1;
			}
		}
		if (c < 0x20 || c >= 0x7f)
			c = '?'; /* an escaped control or non-ASCII character: it
				  * matches no name, and an error shows no control */
		if (n + 1 < TOKEN_MAX)
			buf[n++] = (char)c;
		else
			*whole = false;
	}
	buf[n] = '\0';
	return 0;
}

/* A value at s->p: a string (*quoted set) or a bare word (true, false, a
 * number, null) into buf, as scan_string. An object or array is -1. */
static int scan_value(struct scan *s, char *buf, bool *quoted, bool *whole)
{
	size_t n = 0;

	*quoted = *s->p == '"';
	if (*quoted)
		return scan_string(s, buf, whole);
	*whole = true;
	while (*s->p && strchr(",} \t\r\n", *s->p) == NULL) {
		if (*s->p == '{' || *s->p == '[' || *s->p == '"')
			return -1;
		if (n + 1 < TOKEN_MAX)
			buf[n++] = *s->p;
		else
			*whole = false;
		s->p++;
	}
	buf[n] = '\0';
	return n > 0 ? 0 : -1;
}

/* The index of value in names, or -1. */
static int find_name(const char *const *names, const char *value)
{
	for (int i = 0; names[i]; i++)
		if (!strcmp(names[i], value))
			return i;
	return -1;
}

/* Set r's field key to value (as the JSON had it): 0, or -1 with the
 * error in s. */
static int set_field(struct scan *s, struct kata_rules *r, const char *key, bool key_whole,
		     const char *value, bool quoted, bool whole)
{
	const char *const *names = NULL;
	int *field = NULL, k;
	bool *flag = NULL;

	if (!key_whole)
		goto unknown;
	if (!strcmp(key, "ko"))
		names = ko_names, field = &r->ko;
	else if (!strcmp(key, "scoring") || !strcmp(key, "score"))
		names = scoring_names, field = &r->scoring;
	else if (!strcmp(key, "tax"))
		names = tax_names, field = &r->tax;
	else if (!strcmp(key, "whiteHandicapBonus"))
		names = bonus_names, field = &r->bonus;
	else if (!strcmp(key, "suicide"))
		flag = &r->suicide;
	else if (!strcmp(key, "hasButton"))
		flag = &r->button;
	else if (!strcmp(key, "friendlyPassOk"))
		field = &r->friendly;
	else
		goto unknown;
	if (names && quoted && whole && (k = find_name(names, value)) >= 0) {
		*field = k;
		return 0;
	}
	if (!names && !quoted && whole && (!strcmp(value, "true") || !strcmp(value, "false"))) {
		bool b = !strcmp(value, "true");

		if (flag)
			*flag = b;
		else
			*field = b;
		return 0;
	}
	return errmsg(s->err, sizeof(s->err), "invalid rules value: %s %s%.40s%s%s", key,
		      quoted ? "\"" : "", value, whole ? "" : "...", quoted ? "\"" : "");
unknown:
	return errmsg(s->err, sizeof(s->err), "unknown rules field: %.40s%s", key,
		      key_whole ? "" : "...");
}

/* The JSON object text onto r (KataGo's defaults first: Tromp-Taylor's
 * fields, tax SEKI under TERRITORY scoring unless given, friendlyPassOk
 * the variant's unless given). 0, or -1 with the error. */
static int parse_json(const char *text, struct kata_rules *r, char *err, size_t errlen)
{
	struct scan s = { .p = text };
	char key[TOKEN_MAX], value[TOKEN_MAX];
	bool key_whole, quoted, whole, tax_given = false;

	*r = (struct kata_rules){ KO_POSITIONAL, SCORING_AREA, TAX_NONE, true, false,
				  GO_BONUS_NONE, -1 };
	snprintf(s.err, sizeof(s.err), "invalid rules json");
	skip_space(&s);
	if (*s.p++ != '{')
		goto fail;
	skip_space(&s);
	if (*s.p == '}')
		s.p++;
	else
		for (;;) {
			skip_space(&s);
			if (scan_string(&s, key, &key_whole) < 0)
				goto fail;
			skip_space(&s);
			if (*s.p++ != ':')
				goto fail;
			skip_space(&s);
			if (scan_value(&s, value, &quoted, &whole) < 0)
				goto fail;
			if (set_field(&s, r, key, key_whole, value, quoted, whole) < 0)
				goto fail;
			tax_given |= !strcmp(key, "tax");
			skip_space(&s);
			if (*s.p == '}') {
				s.p++;
				break;
			}
			if (*s.p++ != ',')
				goto invalid;
		}
	skip_space(&s);
	if (*s.p != '\0')
		goto invalid;
	if (!tax_given)
		r->tax = r->scoring == SCORING_TERRITORY ? TAX_SEKI : TAX_NONE;
	return 0;
invalid:
	snprintf(s.err, sizeof(s.err), "invalid rules json");
fail:
	snprintf(err, errlen, "%s", s.err);
	return -1;
}

/* ---- the commands ---- */

/* Make r the game's rules: 0, or -1 with the error (nothing changed). */
static int apply(struct go_game *gg, const struct kata_rules *r, char *err, size_t errlen)
{
	int v = variant_of(r, err, errlen);

	if (v < 0)
		return -1;
	gg->rules = (enum go_rules)v;
	gg->bonus = (enum go_bonus)r->bonus;
	return 0;
}

/* The shorthand row named name (any case), or NULL. */
static const struct shorthand *find_shorthand(const char *name)
{
	for (int i = 0; i < NSHORTHANDS; i++)
		for (int j = 0; shorthands[i].names[j]; j++)
			if (!strcasecmp(shorthands[i].names[j], name))
				return &shorthands[i];
	return NULL;
}

/* Function:  the current rules as KataGo's JSON
 * Arguments: none
 * Fails:     never
 * Returns:   {"friendlyPassOk":...,"whiteHandicapBonus":"0"} (see the top) */
enum gtp_status go_cmd_kata_get_rules(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out)
{
	(void)argc, (void)argv;
	go_rules_json(go_of(ctx->game), out);
	return GTP_OK;
}

/* Function:  set the rules as KataGo names them; the position stays
 * Arguments: a shorthand name (tromp-taylor, chinese, ...; in any case,
 *            its words may be apart) or a JSON object of KataGo's fields
 *            (its words joined by spaces)
 * Fails:     unknown rules (NAMES), invalid rules json, unknown rules
 *            field: F, invalid rules value: F V, unsupported rules: F V
 *            [with F V]; the rules are then unchanged
 * Returns:   nothing */
enum gtp_status go_cmd_kata_set_rules(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out)
{
	struct strbuf text = STRBUF_INIT;
	struct kata_rules r;
	char err[160];
	int rc;

	for (int i = 0; i < argc; i++)
		sb_printf(&text, "%s%s", i ? " " : "", argv[i]);
	if (sb_str(&text)[0] == '{') {
		rc = parse_json(sb_str(&text), &r, err, sizeof(err));
	} else {
		const struct shorthand *sh = find_shorthand(sb_str(&text));
		const char *names[NSHORTHANDS];

		if (!sh) {
			sb_free(&text);
			for (int i = 0; i < NSHORTHANDS; i++)
				names[i] = shorthands[i].names[0];
			return gtp_fail_choices(out, "unknown rules", names, NSHORTHANDS);
		}
		r = sh->rules;
		rc = 0;
	}
	sb_free(&text);
	if (rc == 0)
		rc = apply(go_of(ctx->game), &r, err, sizeof(err));
	return rc == 0 ? GTP_OK : gtp_fail(out, err);
}

/* kgsGtp's names and KataGo's rules for them (chinese: as KGS plays it,
 * with positional superko). */
static const char *const kgs_names[] = { "aga", "chinese", "japanese", "new_zealand" };
static const char *const kgs_katago[] = { "aga", "chinese-kgs", "japanese", "new-zealand" };

/* Function:  set the rules as KGS names them (kgsGtp), as KataGo does
 * Arguments: aga, chinese, japanese or new_zealand (any case)
 * Fails:     unknown rules (NAMES), unsupported rules: F V (all but
 *            chinese); the rules are then unchanged
 * Returns:   nothing */
enum gtp_status go_cmd_kgs_rules(struct cmd_ctx *ctx, int argc, char **argv,
				 struct strbuf *out)
{
	int n = (int)(sizeof(kgs_names) / sizeof(kgs_names[0]));
	char err[160];

	(void)argc;
	for (int i = 0; i < n; i++)
		if (!strcasecmp(argv[0], kgs_names[i])) {
			const struct shorthand *sh = find_shorthand(kgs_katago[i]);

			if (apply(go_of(ctx->game), &sh->rules, err, sizeof(err)) < 0)
				return gtp_fail(out, err);
			return GTP_OK;
		}
	return gtp_fail_choices(out, "unknown rules", kgs_names, n);
}
