/* The Mastermind-only protocol commands: guess, setcode, feedback,
 * variant, list_variants, candidates. The common commands (clear_board, play, genmove,
 * undo, showboard, final_score) work through mastermind_ops. */
#include "games/mastermind/mastermind.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctx.h"

#define ERRLEN 256
#define LIST_AT_MOST 20 /* candidates lists the codes up to this many */

static struct mm_game *game_of(struct cmd_ctx *ctx)
{
	return mm_of(ctx->game);
}

/* A search's limits in a command: its stop flag, its deadline and the
 * server's node cap. */
static struct mm_limits limits_of(const struct cmd_ctx *ctx)
{
	return (struct mm_limits){ .stop = ctx->stop, .deadline = ctx->deadline,
				   .max_nodes = ctx->max_nodes > 0 ? (uint64_t)ctx->max_nodes : 0 };
}

/* Function:  try a code against the engine's secret (or setcode's)
 * Arguments: a code
 * Fails:     invalid code: ..., no secret to guess (the engine is the
 *            codebreaker), game over
 * Returns:   the answer: XO-- (positional) or 2 1 (counts) */
static enum gtp_status cmd_guess(struct cmd_ctx *ctx, int argc, char **argv,
				 struct strbuf *out)
{
	struct mm_game *mg = game_of(ctx);
	struct mm_code code;
	char err[ERRLEN];

	(void)argc;
	if (mm_code_parse(&mg->v, argv[0], &code, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	if (!mm_holds_secret(mg))
		return gtp_fail(out, "no secret to guess");
	if (mm_try_code(mg, &code, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	mm_fb_print(&mg->v, mg->tries[mg->ntries - 1].fb, out);
	return GTP_OK;
}

/* Function:  set the secret (the codemaker is a person), or with engine
 *            give the game back the engine's own secret (a save's setup)
 * Arguments: a code, optionally the word engine
 * Fails:     syntax error (a second word that is not engine), invalid
 *            code: ..., game already started
 * Returns:   nothing */
static enum gtp_status cmd_setcode(struct cmd_ctx *ctx, int argc, char **argv,
				   struct strbuf *out)
{
	struct mm_game *mg = game_of(ctx);
	bool engine = argc == 2;
	struct mm_code code;
	char err[ERRLEN];

	if (engine && strcmp(argv[1], "engine") != 0)
		return gtp_fail(out, "syntax error");
	if (mm_code_parse(&mg->v, argv[0], &code, err, sizeof(err)) < 0 ||
	    (engine ? mm_restore_secret : mm_set_secret)(mg, &code, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	return GTP_OK;
}

/* Function:  answer the engine's last guess
 * Arguments: positional: one word of X, O, -; counts: two integers
 * Fails:     no guess awaits feedback, invalid feedback: ...,
 *            inconsistent feedback, interrupted (the consistency check of a
 *            large variant reached the command's time or node cap; nothing
 *            recorded)
 * Returns:   nothing */
static enum gtp_status cmd_feedback(struct cmd_ctx *ctx, int argc, char **argv,
				    struct strbuf *out)
{
	struct mm_game *mg = game_of(ctx);
	struct mm_limits lim = limits_of(ctx);
	char err[ERRLEN];
	int fb;

	if (!mg->breaker || !mm_pending(mg))
		return gtp_fail(out, "no guess awaits feedback");
	if (mm_fb_parse(&mg->v, argc, argv, &fb, err, sizeof(err)) < 0 ||
	    mm_give_feedback_until(mg, fb, &lim, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	return GTP_OK;
}

/* The variant NAME [KEY VALUE]... describes; 0, or -1 with err. */
static int parse_variant(const struct mm_game *mg, int argc, char **argv,
			 struct mm_variant *v, char *err, size_t errlen)
{
	const struct mm_preset *p = mm_preset_find(argv[0]);

	if (!p && strcmp(argv[0], "custom") != 0) {
		snprintf(err, errlen, "unknown variant");
		return -1;
	}
	*v = p ? p->v : mg->custom;
	if (argc % 2 == 0) {
		snprintf(err, errlen, "invalid variant: KEY VALUE pairs expected");
		return -1;
	}
	for (int i = 1; i + 1 < argc; i += 2)
		if (mm_variant_set(v, argv[i], argv[i + 1], err, errlen) < 0)
			return -1;
	return mm_variant_check(v, err, errlen);
}

/* Function:  show the variant, or switch to another and start a new game
 * Arguments: none; or digits, classic, bulls or custom, then optionally
 *            KEY VALUE pairs (pegs, colors, repeats, tries, feedback)
 * Fails:     unknown variant, invalid variant: ...
 * Returns:   with no argument: "NAME pegs P colors C repeats yes|no
 *            tries T feedback positional|counts"; else nothing */
static enum gtp_status cmd_variant(struct cmd_ctx *ctx, int argc, char **argv,
				   struct strbuf *out)
{
	struct mm_game *mg = game_of(ctx);
	struct mm_variant v;
	char err[ERRLEN];

	if (argc == 0) {
		mm_variant_print(&mg->v, out);
		return GTP_OK;
	}
	if (parse_variant(mg, argc, argv, &v, err, sizeof(err)) < 0)
		return gtp_fail(out, err);
	mm_set_variant(mg, &v);
	mg->custom_active = argc == 1 && !strcmp(argv[0], "custom");
	return GTP_OK;
}

/* Function:  list the variants variant takes
 * Arguments: none
 * Fails:     never
 * Returns:   the presets, then custom, one per line; the current game's
 *            variant (as `variant` names it) followed by " *" */
static enum gtp_status cmd_list_variants(struct cmd_ctx *ctx, int argc, char **argv,
					 struct strbuf *out)
{
	const char *current = mm_variant_name(&game_of(ctx)->v);

	(void)argc, (void)argv;
	for (int i = 0; i < mm_npresets; i++)
		sb_printf(out, "%s%s\n", mm_presets[i].name,
			  strcmp(mm_presets[i].name, current) ? "" : " *");
	sb_printf(out, "custom%s", strcmp("custom", current) ? "" : " *");
	return GTP_OK;
}

struct listing {
	const struct mm_variant *v; /* for printing */
	struct strbuf codes;        /* the first LIST_AT_MOST codes */
	int n;                      /* codes listed */
};

static bool list_code(const struct mm_code *c, void *ctx)
{
	struct listing *l = ctx;

	if (l->n++ < LIST_AT_MOST) {
		if (l->n > 1)
			sb_puts(&l->codes, " ");
		mm_code_print(l->v, c, &l->codes);
	}
	return false;
}

/* Function:  count the codes consistent with every answer so far
 * Arguments: none
 * Fails:     interrupted (the session is closing, or the command's time
 *            or node cap was reached)
 * Returns:   the count; when it is 1 to 20, a second line lists them */
static enum gtp_status cmd_candidates(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out)
{
	struct mm_game *mg = game_of(ctx);
	struct listing l = { .v = &mg->v, .codes = STRBUF_INIT };
	struct mm_enum e = {
		.v = &mg->v, .tries = mg->tries, .ntries = mg->ntries, .lim = limits_of(ctx),
		.visit = list_code, .ctx = &l,
	};

	(void)argc, (void)argv;
	if (mm_answered(mg) == 0 && mm_space_size(&mg->v) > LIST_AT_MOST) {
		sb_printf(out, "%llu", (unsigned long long)mm_space_size(&mg->v));
		return GTP_OK; /* nothing answered yet: every code */
	}
	uint64_t n = mm_enumerate(&e);
	if (e.stopped) {
		sb_free(&l.codes);
		return gtp_fail(out, "interrupted");
	}
	sb_printf(out, "%llu", (unsigned long long)n);
	if (n >= 1 && n <= LIST_AT_MOST)
		sb_printf(out, "\n%s", sb_str(&l.codes));
	sb_free(&l.codes);
	return GTP_OK;
}

const struct gtp_command mastermind_commands[] = {
	{ "candidates", cmd_candidates, 0, 0, GTP_SLOW | GTP_HINT, 0,
	  "", "how many codes fit every answer so far" },
	{ "feedback", cmd_feedback, 1, 2, GTP_SLOW | GTP_REPLAY, 0,
	  "ANSWER", "answer the engine's last guess (XO-- or 2 1)" },
	{ "guess", cmd_guess, 1, 1, 0, 0, "CODE", "try a code against the secret; the answer" },
	{ "list_variants", cmd_list_variants, 0, 0, 0, 0,
	  "", "the variants (the current one marked *)" },
	{ "setcode", cmd_setcode, 1, 2, GTP_REPLAY, 0, "CODE", "set the secret (two people play)" },
	{ "variant", cmd_variant, 0, GTP_ANY, GTP_REPLAY, 0,
	  "[NAME [KEY VALUE]...]", "the variant, or pick one (a new game)" },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL },
};
