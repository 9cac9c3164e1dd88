/* Mastermind as a game (game_ops): a move is a try (a guess); the
 * codebreaker is black and the only side that moves.
 *
 * Roles: a new game holds a random secret, and no role is fixed yet.
 *   - `guess`/`play` score a try against the secret at once: the engine is
 *     the codemaker (or `setcode` made someone else the codemaker).
 *   - `genmove` on a new game makes the engine the codebreaker of a code
 *     it does not know: the random secret is dropped, and each of its tries
 *     waits for `feedback`. Later `genmove`s go on breaking; in a game that
 *     holds a secret they are scored against it at once. */
#include "games/mastermind/mastermind.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* Level keys by algorithm (game.h, struct game_algorithm): every one
 * lists the consistent codes within nodes and time (mastermind_ai.c);
 * randomness is the chance of random's guess instead, so random itself
 * does not take it. */
static const char *const random_keys[] = { "nodes", "time", "follow_clock", NULL };
static const char *const search_keys[] = { "nodes", "time", "randomness", "follow_clock",
					   NULL };
static const struct game_algorithm mm_algorithms[] = {
	{ "random", random_keys },
	{ "minimax", search_keys },
	{ "optimal", search_keys },
	{ NULL, NULL },
};
static const char *const variant_choices[] = { "digits", "classic", "bulls", "custom", NULL };
static const char *const style_choices[] = { "positional", "counts", NULL };

static const struct game_option mm_options[] = {
	{ "variant", GAME_OPT_ENUM, 0, 0, variant_choices,
	  "a new game's variant: digits, classic, bulls, or custom (the keys below)" },
	{ "pegs", GAME_OPT_INT, MM_MIN_PEGS, MM_MAX_PEGS, NULL, "custom: pegs in a code" },
	{ "colors", GAME_OPT_INT, MM_MIN_COLORS, MM_MAX_COLORS, NULL,
	  "custom: colours a peg may have" },
	{ "repeats", GAME_OPT_BOOL, 0, 0, NULL, "custom: whether a code may repeat a colour" },
	{ "tries", GAME_OPT_INT, 1, MM_MAX_TRIES, NULL, "custom: guesses the codebreaker has" },
	{ "feedback", GAME_OPT_ENUM, 0, 0, style_choices,
	  "custom: answers per position (positional) or as counts" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

/* The custom variant before the configuration changes it. */
static const struct mm_variant custom_default = { 4, 10, true, 10, MM_POSITIONAL };

static void random_code(struct mm_game *mg, struct mm_code *c)
{
	const struct mm_variant *v = &mg->v;
	int pool[MM_MAX_COLORS], n = v->colors;

	memset(c, 0, sizeof(*c));
	for (int i = 0; i < n; i++)
		pool[i] = i;
	/* pegs <= MM_MAX_PEGS always (the options' bounds); saying so spares
	 * GCC's -O3 a false -Wstringop-overflow */
	for (int i = 0; i < v->pegs && i < MM_MAX_PEGS; i++) {
		int k = (int)rng_below(&mg->base.rng, (uint32_t)n);
		c->d[i] = (uint8_t)pool[k];
		if (!v->repeats)
			pool[k] = pool[--n];
	}
}

void mm_new_game(struct mm_game *mg)
{
	mg->ntries = 0;
	mg->breaker = false;
	mg->secret_set = false;
	random_code(mg, &mg->secret);
}

void mm_set_variant(struct mm_game *mg, const struct mm_variant *v)
{
	mg->v = *v;
	mm_new_game(mg);
}

bool mm_pending(const struct mm_game *mg)
{
	return mg->ntries > 0 && mg->tries[mg->ntries - 1].fb < 0;
}

int mm_answered(const struct mm_game *mg)
{
	return mg->ntries - (mm_pending(mg) ? 1 : 0);
}

bool mm_solved(const struct mm_game *mg)
{
	int n = mm_answered(mg);

	return n > 0 && mg->tries[n - 1].fb == mm_fb_win(&mg->v);
}

bool mm_is_over(const struct mm_game *mg)
{
	return mm_solved(mg) || mm_answered(mg) >= mg->v.tries;
}

bool mm_holds_secret(const struct mm_game *mg)
{
	return !mg->breaker;
}

int mm_try_code(struct mm_game *mg, const struct mm_code *guess, char *err, size_t errlen)
{
	if (mm_is_over(mg)) {
		snprintf(err, errlen, "game over");
		return -1;
	}
	if (mm_pending(mg)) {
		snprintf(err, errlen, "awaiting feedback");
		return -1;
	}
	if (!mm_code_valid(&mg->v, guess)) {
		snprintf(err, errlen, "invalid code");
		return -1;
	}
	struct mm_try *t = &mg->tries[mg->ntries++];
	t->guess = *guess;
	t->fb = mm_holds_secret(mg) ? mm_feedback(&mg->v, &mg->secret, guess) : -1;
	return 0;
}

int mm_give_feedback(struct mm_game *mg, int fb, char *err, size_t errlen)
{
	return mm_give_feedback_until(mg, fb, NULL, err, errlen);
}

int mm_give_feedback_until(struct mm_game *mg, int fb, const struct mm_limits *lim,
			   char *err, size_t errlen)
{
	bool stopped = false;

	if (!mg->breaker || !mm_pending(mg)) {
		snprintf(err, errlen, "no guess awaits feedback");
		return -1;
	}
	struct mm_try *t = &mg->tries[mg->ntries - 1];
	t->fb = fb;
	if (fb >= mm_fb_range(&mg->v) ||
	    !mm_any_consistent_until(&mg->v, mg->tries, mg->ntries, lim, &stopped)) {
		t->fb = -1;
		snprintf(err, errlen, "%s", stopped ? "interrupted" : "inconsistent feedback");
		return -1;
	}
	return 0;
}

int mm_set_secret(struct mm_game *mg, const struct mm_code *secret, char *err, size_t errlen)
{
	if (mg->ntries > 0) {
		snprintf(err, errlen, "game already started");
		return -1;
	}
	mg->secret = *secret;
	mg->secret_set = true;
	mg->breaker = false;
	return 0;
}

int mm_restore_secret(struct mm_game *mg, const struct mm_code *secret, char *err,
		      size_t errlen)
{
	if (mm_set_secret(mg, secret, err, errlen) < 0)
		return -1;
	mg->secret_set = false;
	return 0;
}

/* ---- game_ops ---- */

static struct game *mm_create(uint64_t seed)
{
	struct mm_game *mg = xcalloc(1, sizeof(*mg));

	mg->base.ops = &mastermind_ops;
	rng_seed(&mg->base.rng, seed);
	mg->custom = custom_default;
	mm_set_variant(mg, &mm_presets[0].v);
	return &mg->base;
}

static struct game *mm_copy(const struct game *g)
{
	struct mm_game *mg = xmalloc(sizeof(*mg));

	*mg = *mm_cof(g);
	return &mg->base;
}

static void mm_destroy(struct game *g)
{
	free(g);
}

/* Options: variant selects a preset or the custom variant; the other keys
 * change the custom variant (and the game, when it plays the custom one). */
static int mm_set_option(struct game *g, const char *key, const char *value,
			 char *err, size_t errlen)
{
	struct mm_game *mg = mm_of(g);

	if (!strcmp(key, "variant")) {
		const struct mm_preset *p = mm_preset_find(value);
		if (!p && strcmp(value, "custom") != 0) {
			snprintf(err, errlen, "unknown variant");
			return -1;
		}
		if (!p && mm_variant_check(&mg->custom, err, errlen) < 0)
			return -1;
		mm_set_variant(mg, p ? &p->v : &mg->custom);
		mg->custom_active = !p;
		return 0;
	}
	bool playing_custom = mg->custom_active;
	struct mm_variant next = mg->custom;
	if (mm_variant_set(&next, key, value, err, errlen) < 0)
		return -1;
	if (playing_custom && mm_variant_check(&next, err, errlen) < 0)
		return -1;
	mg->custom = next;
	if (playing_custom)
		mm_set_variant(mg, &next);
	return 0;
}

static void mm_clear(struct game *g)
{
	mm_new_game(mm_of(g));
}

/* The rules are the variant: the match referee's --rules picks a preset.
 * ops->rules is NULL, so the protocol's `rules` command is hidden (the
 * game has `variant`). */
static const char *mm_get_rules(const struct game *g)
{
	return mm_variant_name(&mm_cof(g)->v);
}

static int mm_set_rules(struct game *g, const char *name, char *err, size_t errlen)
{
	const struct mm_preset *p = mm_preset_find(name);

	if (!p) {
		snprintf(err, errlen, "unknown variant");
		return -1;
	}
	mm_set_variant(mm_of(g), &p->v);
	mm_of(g)->custom_active = false;
	return 0;
}

static int mm_parse_move(const struct game *g, const char *text, int *move,
			 char *err, size_t errlen)
{
	const struct mm_game *mg = mm_cof(g);
	struct mm_code c;

	if (mm_code_parse(&mg->v, text, &c, err, errlen) < 0)
		return -1;
	*move = mm_code_number(&mg->v, &c);
	return 0;
}

static void mm_print_move(const struct game *g, int move, struct strbuf *out)
{
	const struct mm_game *mg = mm_cof(g);
	struct mm_code c;

	mm_code_from_number(&mg->v, move, &c);
	mm_code_print(&mg->v, &c, out);
}

static int check_color(int color, char *err, size_t errlen)
{
	if (color == COLOR_BLACK)
		return 0;
	snprintf(err, errlen, "codebreaker is black");
	return -1;
}

static int mm_play(struct game *g, int color, int move, char *err, size_t errlen)
{
	struct mm_game *mg = mm_of(g);
	struct mm_code c;

	if (check_color(color, err, errlen) < 0)
		return -1;
	if (move < 0 || move >= mm_number_limit(&mg->v)) {
		snprintf(err, errlen, "invalid code");
		return -1;
	}
	mm_code_from_number(&mg->v, move, &c);
	return mm_try_code(mg, &c, err, errlen);
}

static int mm_undo(struct game *g, char *err, size_t errlen)
{
	struct mm_game *mg = mm_of(g);

	if (mg->ntries == 0) {
		snprintf(err, errlen, "cannot undo");
		return -1;
	}
	mg->ntries--;
	return 0;
}

static int mm_genmove(struct game *g, int color, const struct game_budget *budget,
		      int *move, char *err, size_t errlen)
{
	struct mm_game *mg = mm_of(g);
	struct mm_ai_stats stats;
	struct mm_code guess;

	if (check_color(color, err, errlen) < 0)
		return -1;
	if (mm_is_over(mg) || mm_pending(mg)) {
		snprintf(err, errlen, "%s", mm_is_over(mg) ? "game over" : "awaiting feedback");
		return -1;
	}
	bool was_breaker = mg->breaker;
	if (mg->ntries == 0 && !mg->secret_set)
		mg->breaker = true; /* the user holds the secret */
	if (mm_choose_guess(mg, budget, &guess, &stats, err, errlen) < 0 ||
	    mm_try_code(mg, &guess, err, errlen) < 0) {
		mg->breaker = was_breaker; /* a refused genmove changes nothing */
		return -1;
	}
	*move = mm_code_number(&mg->v, &guess);
	return 0;
}

static int mm_to_move(const struct game *g)
{
	(void)g;
	return COLOR_BLACK;
}

static bool mm_ops_is_over(const struct game *g)
{
	return mm_is_over(mm_cof(g));
}

static void render_secret(const struct mm_game *mg, struct strbuf *out)
{
	sb_puts(out, "\nsecret: ");
	if (mg->breaker && !mm_solved(mg))
		sb_puts(out, "unknown (the engine breaks it)");
	else if (!mm_is_over(mg))
		sb_puts(out, mg->secret_set ? "hidden (set by setcode)" : "hidden (the engine's)");
	else
		mm_code_print(&mg->v, mg->breaker ? &mg->tries[mm_answered(mg) - 1].guess
						   : &mg->secret, out);
}

static void mm_render(const struct game *g, struct strbuf *out)
{
	const struct mm_game *mg = mm_cof(g);

	sb_puts(out, "\nvariant: ");
	mm_variant_print(&mg->v, out);
	render_secret(mg, out);
	for (int i = 0; i < mg->ntries; i++) {
		sb_printf(out, "\n%3d. ", i + 1);
		mm_code_print(&mg->v, &mg->tries[i].guess, out);
		sb_puts(out, "  ");
		if (mg->tries[i].fb < 0)
			sb_puts(out, "? (awaiting feedback)");
		else
			mm_fb_print(&mg->v, mg->tries[i].fb, out);
	}
	if (mm_is_over(mg)) {
		sb_puts(out, mm_solved(mg) ? "\nsolved in " : "\nnot solved in ");
		sb_put_count(out, mm_answered(mg), "try", "tries");
	} else
		sb_printf(out, "\ntries left: %d", mg->v.tries - mm_answered(mg));
}

/* ---- setup, history, result, the referee ---- */

/* Mastermind's setup: the full variant (which starts a new game), then
 * what the reader's role needs. The codebreaker (black) learns nothing
 * more; the codemaker (white) gets the secret (setcode), which must be
 * known; everything (COLOR_NONE) is the secret the game holds, as
 * `setcode CODE` when a person set it and `setcode CODE engine` when it is
 * the engine's own (a save gives the very secret back, and the game goes
 * on as the engine's), or, when the engine breaks an unknown code, the
 * codebreaker role itself: `genmove b` on a new game takes it, `undo`
 * drops the guess and keeps the role. */
static int mm_write_setup(const struct game *g, int side, struct strbuf *out, char *err,
			  size_t errlen)
{
	const struct mm_game *mg = mm_cof(g);

	if (side == COLOR_WHITE && !mm_holds_secret(mg)) {
		snprintf(err, errlen, "secret unknown");
		return -1;
	}
	sb_puts(out, "variant ");
	mm_variant_print(&mg->v, out);
	sb_puts(out, "\n");
	if (side == COLOR_BLACK)
		return 0;
	if (!mm_holds_secret(mg)) {
		sb_puts(out, "genmove b\nundo\n");
		return 0;
	}
	sb_puts(out, "setcode ");
	mm_code_print(&mg->v, &mg->secret, out);
	sb_puts(out, side == COLOR_NONE && !mg->secret_set ? " engine\n" : "\n");
	return 0;
}

/* Each try as `play b CODE`; when the engine breaks an unknown code, the
 * answer it was given follows as `feedback ANSWER`. */
static void mm_history(const struct game *g, struct strbuf *out)
{
	const struct mm_game *mg = mm_cof(g);

	for (int i = 0; i < mg->ntries; i++) {
		sb_puts(out, "play b ");
		mm_code_print(&mg->v, &mg->tries[i].guess, out);
		sb_puts(out, "\n");
		if (!mm_holds_secret(mg) && mg->tries[i].fb >= 0) {
			sb_puts(out, "feedback ");
			mm_fb_print(&mg->v, mg->tries[i].fb, out);
			sb_puts(out, "\n");
		}
	}
}

/* The codebreaker (black) wins by breaking the code within the tries;
 * there is no margin. detail names the secret ("secret unknown" when the
 * engine failed to break a person's code). */
static int mm_result(const struct game *g, struct game_result *r, char *err, size_t errlen)
{
	const struct mm_game *mg = mm_cof(g);
	bool solved = mm_solved(mg);
	struct strbuf code = STRBUF_INIT;

	if (!mm_is_over(mg)) {
		snprintf(err, errlen, "game not over");
		return -1;
	}
	*r = (struct game_result){
		.winner = solved ? COLOR_BLACK : COLOR_WHITE,
		.reason = solved ? GAME_REASON_SOLVED : GAME_REASON_UNSOLVED,
	};
	if (mg->breaker && !solved)
		sb_puts(&code, "unknown");
	else
		mm_code_print(&mg->v, mg->breaker ? &mg->tries[mm_answered(mg) - 1].guess
						  : &mg->secret, &code);
	snprintf(r->detail, sizeof(r->detail), "secret %s", sb_str(&code));
	sb_free(&code);
	return 0;
}

/* "B+ solved in 3 tries, secret 1234", "W+ not solved in 10 tries, ...". */
static int mm_final_score(const struct game *g, struct strbuf *out, char *err, size_t errlen)
{
	struct game_result r;

	if (mm_result(g, &r, err, errlen) < 0)
		return -1;
	game_result_print(&r, out);
	sb_printf(out, " %s in ", r.winner == COLOR_BLACK ? "solved" : "not solved");
	sb_put_count(out, mm_answered(mm_cof(g)), "try", "tries");
	sb_printf(out, ", %s", r.detail);
	return 0;
}

/* mastermind/NAME/PEGSxCOLORS/REPEATS/TRIES/FEEDBACK, every parameter
 * spelled out (a custom variant has no other name): REPEATS is repeats or
 * norepeats, FEEDBACK positional or counts:
 * mastermind/digits/4x9/norepeats/10/positional. */
static void mm_variant_key(const struct game *g, struct strbuf *out)
{
	const struct mm_variant *v = &mm_cof(g)->v;

	sb_printf(out, "mastermind/%s/%dx%d/%s/%d/%s", mm_variant_name(v), v->pegs, v->colors,
		  v->repeats ? "repeats" : "norepeats", v->tries,
		  v->style == MM_COUNTS ? "counts" : "positional");
}

static void mm_describe(const struct game *g, struct strbuf *out)
{
	const struct mm_variant *v = &mm_cof(g)->v;

	sb_printf(out, "%s (%d pegs, colors %c-%c, %s, %s feedback, ", mm_variant_name(v),
		  v->pegs, mm_digit(v, 0), mm_digit(v, v->colors - 1),
		  v->repeats ? "repeats" : "no repeats",
		  v->style == MM_COUNTS ? "counts" : "positional");
	sb_put_count(out, v->tries, "try", "tries");
	sb_puts(out, ")");
}

static long mm_max_moves(const struct game *g)
{
	return mm_cof(g)->v.tries;
}

/* The referee holds the secret and both engines break it (a SOLVE
 * contest): after each guess, the engine is told the answer. */
static void mm_answer(const struct game *g, struct strbuf *out)
{
	const struct mm_game *mg = mm_cof(g);

	sb_puts(out, "feedback ");
	if (mg->ntries > 0)
		mm_fb_print(&mg->v, mg->tries[mg->ntries - 1].fb, out);
}

/* play's reply: the answer to a try against the secret the game holds,
 * as guess gives it; nothing for a try awaiting the user's feedback. */
static void mm_play_reply(const struct game *g, struct strbuf *out)
{
	const struct mm_game *mg = mm_cof(g);

	if (mg->ntries > 0 && mg->tries[mg->ntries - 1].fb >= 0)
		mm_fb_print(&mg->v, mg->tries[mg->ntries - 1].fb, out);
}

/* ---- saves ---- */

/* A preset as variant alone; a custom variant as its five parameters,
 * then variant custom (which plays them). */
static int mm_get_options(const struct game *g, struct game_option_value *out, int max)
{
	const struct mm_variant *v = &mm_cof(g)->v;
	const char *name = mm_variant_name(v);
	char text[16];
	int n = 0;

	if (strcmp(name, "custom") == 0) {
		snprintf(text, sizeof(text), "%d", v->pegs);
		n = game_put_option(out, n, max, "pegs", text);
		snprintf(text, sizeof(text), "%d", v->colors);
		n = game_put_option(out, n, max, "colors", text);
		n = game_put_option(out, n, max, "repeats", v->repeats ? "true" : "false");
		snprintf(text, sizeof(text), "%d", v->tries);
		n = game_put_option(out, n, max, "tries", text);
		n = game_put_option(out, n, max, "feedback",
				    v->style == MM_COUNTS ? "counts" : "positional");
	}
	n = game_put_option(out, n, max, "variant", name);
	return n < max ? n : max;
}

/* The variant, the secret (or "-" when the engine breaks an unknown one)
 * and whose it is (engine, setcode, breaker), then every try with its
 * answer ("?" while it waits):
 * "digits pegs 4 ... secret 1234 engine tries 1356:XO-- 5678:?". */
static void mm_position(const struct game *g, struct strbuf *out)
{
	const struct mm_game *mg = mm_cof(g);

	mm_variant_print(&mg->v, out);
	sb_puts(out, " secret ");
	if (mm_holds_secret(mg))
		mm_code_print(&mg->v, &mg->secret, out);
	else
		sb_puts(out, "-");
	sb_puts(out, mg->breaker ? " breaker" : mg->secret_set ? " setcode" : " engine");
	sb_puts(out, " tries");
	for (int i = 0; i < mg->ntries; i++) {
		sb_puts(out, " ");
		mm_code_print(&mg->v, &mg->tries[i].guess, out);
		sb_puts(out, ":");
		if (mg->tries[i].fb < 0)
			sb_puts(out, "?");
		else
			mm_fb_print(&mg->v, mg->tries[i].fb, out);
	}
}

const struct game_ops mastermind_ops = {
	.name = "mastermind",
	.move_syntax = "a code, a digit a peg (1234 with four pegs)",
	.result_syntax = "once the game is over, B+ solved in N tries, secret CODE (the codebreaker "
			 "won) or W+ not solved in N tries, secret CODE; before, game not over",
	.commands = mastermind_commands,
	.rules = NULL,
	.algorithms = mm_algorithms,
	.options = mm_options,
	.set_option = mm_set_option,
	.create = mm_create,
	.copy = mm_copy,
	.destroy = mm_destroy,
	.set_size = NULL,
	.clear = mm_clear,
	.get_rules = mm_get_rules,
	.set_rules = mm_set_rules,
	.parse_move = mm_parse_move,
	.print_move = mm_print_move,
	.play = mm_play,
	.undo = mm_undo,
	.genmove = mm_genmove,
	.play_reply = mm_play_reply,
	.genmove_color_optional = true,
	.to_move = mm_to_move,
	.is_over = mm_ops_is_over,
	.render = mm_render,
	.final_score = mm_final_score,
	.write_setup = mm_write_setup,
	.history = mm_history,
	.result = mm_result,
	.variant_key = mm_variant_key,
	.describe = mm_describe,
	.max_moves = mm_max_moves,
	.contest = GAME_CONTEST_SOLVE,
	.answer = mm_answer,
	.moves_word = "guesses",
	.get_options = mm_get_options,
	.position = mm_position,
};
