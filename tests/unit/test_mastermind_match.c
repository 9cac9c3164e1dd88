/* Unit tests of Mastermind's referee row (src/games/mastermind/mastermind_match.c):
 * whole games between real quintet engines (found next to this program's
 * build directory) and small sh engines: both engines break the referee's
 * secret, fewer guesses wins; bad guesses and refused answers lose; the
 * setup, description, tally and record. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/mastermind/mastermind.h"
#include "match/match.h"
#include "match/referee.h"
#include "util/xalloc.h"
#include "match_helpers.h"

/* An engine that knows every command, answers genmove with GUESS and
 * feedback with FEEDBACK (a reply line). */
#define SH_ENGINE(GUESS, FEEDBACK) "sh -c 'while read -r c a; do case \"$c\" in " \
	"known_command) printf \"= true\\n\\n\";; " \
	"genmove) printf \"= " GUESS "\\n\\n\";; " \
	"feedback) printf \"" FEEDBACK "\\n\\n\";; " \
	"quit) printf \"=\\n\\n\"; exit 0;; " \
	"*) printf \"=\\n\\n\";; esac; done'"

static char quintet[PATH_MAX]; /* BUILDDIR/quintet */

static char *engine(const char *level)
{
	static char spec[2][PATH_MAX + 64];
	static int k;

	k ^= 1;
	snprintf(spec[k], sizeof(spec[k]), "%s --game mastermind --level %s", quintet, level);
	return spec[k];
}

static struct match_config config(void)
{
	struct match_config cfg = {
		.ops = &mastermind_ops, .mg = match_game_for("mastermind"), .games = 2,
		.concurrency = 1, .seed = 7,
	};
	return cfg;
}

/* The referee's secret for game index, as text. */
static void secret_of(const struct match_config *cfg, long index, char *out, size_t len)
{
	char err[128];
	struct game *g = match_new_game(cfg, cfg->seed + (uint64_t)index / 2, err, sizeof(err));
	struct strbuf s = STRBUF_INIT;

	assert_non_null(g);
	mm_code_print(&mm_cof(g)->v, &mm_cof(g)->secret, &s);
	snprintf(out, len, "%s", sb_str(&s));
	sb_free(&s);
	g->ops->destroy(g);
}

static void test_row(void **state)
{
	struct match_config cfg = config();
	struct strbuf out = STRBUF_INIT;
	char err[128];

	(void)state;
	assert_string_equal(cfg.mg->name, "mastermind");
	assert_true(match_game_planned("mastermind"));
	cfg.rules = "bulls";
	struct game *g = match_new_game(&cfg, 1, err, sizeof(err));
	assert_non_null(g);
	assert_int_equal(match_max_moves(&cfg, g), 10);
	match_game_setup(cfg.mg, g, NULL, &out);
	assert_string_equal(sb_str(&out), "variant bulls pegs 4 colors 10 repeats no tries 10 "
					  "feedback counts\nclear_board");
	sb_reset(&out);
	cfg.mg->describe(g, &out);
	assert_string_equal(sb_str(&out), "bulls (4 pegs, colors 0-9, no repeats, counts "
					  "feedback, 10 tries)");
	assert_string_equal(g->ops->get_rules(g), "bulls");
	g->ops->destroy(g);
	cfg.rules = "chess";
	assert_null(match_new_game(&cfg, 1, err, sizeof(err)));
	assert_int_equal(strncmp(err, "--rules chess: unknown variant", 30), 0);
	sb_free(&out);
}

static void test_equal_engines_draw(void **state)
{
	struct match_config cfg = config();
	struct match_result res;
	char secret[16], want[96];

	(void)state;
	play(&cfg, engine("hard"), engine("hard"), 0, &res);
	secret_of(&cfg, 0, secret, sizeof(secret));
	assert_true(res.done);
	assert_int_equal(res.end, END_SCORE);
	assert_int_equal(res.winner, COLOR_NONE);
	assert_string_equal(res.result, "0");
	assert_true(res.tally >= 1 && res.tally <= 5);
	assert_int_equal(res.moves, 2 * res.tally);
	snprintf(want, sizeof(want), "secret %s: black %ld guesses, white %ld guesses", secret,
		 res.tally, res.tally);
	assert_string_equal(res.detail, want);
}

static void test_fewer_guesses_win(void **state)
{
	struct match_config cfg = config();
	struct match_result res;
	char secret[16];

	(void)state;
	/* A breaker that always guesses 1234 never breaks another code. */
	secret_of(&cfg, 0, secret, sizeof(secret));
	assert_string_not_equal(secret, "1234");
	play(&cfg, engine("hard"), SH_ENGINE("1234", "="), 0, &res);
	assert_int_equal(res.end, END_SCORE);
	assert_int_equal(res.winner, COLOR_BLACK);
	char want[32];
	snprintf(want, sizeof(want), "B+%ld", 11 - res.tally);
	assert_string_equal(res.result, want);
	assert_non_null(strstr(res.detail, "white not broken"));
	assert_int_equal(res.moves, res.tally + 10);
	/* colours swapped: engine 1 (hard) is white and wins */
	cfg.alternate = true;
	play(&cfg, engine("hard"), SH_ENGINE("1234", "="), 1, &res);
	assert_int_equal(res.black, 1);
	assert_int_equal(res.winner, COLOR_WHITE);
	assert_int_equal(res.tally, 10);
	/* --max-moves caps each breaker */
	cfg.alternate = false;
	cfg.max_moves = 2;
	play(&cfg, SH_ENGINE("1234", "="), SH_ENGINE("1234", "="), 0, &res);
	assert_string_equal(res.result, "0");
	assert_int_equal(res.moves, 4);
}

static void test_forfeits(void **state)
{
	struct match_config cfg = config();
	struct match_result res;

	(void)state;
	play(&cfg, SH_ENGINE("12", "="), engine("easy"), 0, &res);
	assert_int_equal(res.end, END_ILLEGAL);
	assert_int_equal(res.winner, COLOR_WHITE);
	assert_string_equal(res.detail, "black guessed '12' (invalid code: 4 digits expected)");
	assert_int_equal(res.moves, 0);
	play(&cfg, engine("easy"), SH_ENGINE("1123", "="), 0, &res);
	assert_int_equal(res.end, END_ILLEGAL);
	assert_int_equal(res.winner, COLOR_BLACK);
	assert_string_equal(res.detail, "white guessed '1123' (invalid code: repeated color 1)");
	play(&cfg, SH_ENGINE("1234", "? nope"), engine("easy"), 0, &res);
	assert_int_equal(res.end, END_REFUSED);
	assert_int_equal(res.winner, COLOR_WHITE);
	assert_non_null(strstr(res.detail, "feedback"));
}

static void test_classic_and_record(void **state)
{
	struct match_config cfg = config();
	struct match_result res;
	struct game_record rec = { .number = 3, .game = "mastermind", .black = "a", .white = "b",
				   .result = "B+1", .comment = "c",
				   .setup = "variant classic\nclear_board" };
	struct record_move moves[] = { { COLOR_BLACK, "1122" }, { COLOR_WHITE, "3456" },
				       { COLOR_BLACK, "6543" } };
	char err[128];

	(void)state;
	cfg.rules = "classic";
	play(&cfg, engine("medium"), engine("hard"), 0, &res);
	assert_int_equal(res.end, END_SCORE);
	assert_true(res.tally >= 1 && res.tally <= 5); /* Knuth: at most 5 */
	rec.moves = moves;
	rec.nmoves = 3;
	struct game *g = match_new_game(&cfg, 1, err, sizeof(err));
	char *text = cfg.mg->write_record(g, &rec);
	struct strbuf secret = STRBUF_INIT;
	mm_code_print(&mm_cof(g)->v, &mm_cof(g)->secret, &secret);
	char want[512];
	snprintf(want, sizeof(want), "# black breaks the code\nvariant classic\nclear_board\n"
				     "setcode %s\nplay b 1122\nplay b 6543\nshowboard\n"
				     "# white breaks the code\nvariant classic\nclear_board\n"
				     "setcode %s\nplay b 3456\nshowboard\n",
		 sb_str(&secret), sb_str(&secret));
	assert_non_null(strstr(text, want));
	assert_non_null(strstr(text, "# result: B+1\n"));
	free(text);
	sb_free(&secret);
	g->ops->destroy(g);
}

static void test_openings_void(void **state)
{
	struct match_config cfg = config();
	struct match_result res;
	char *m[] = { "1234" };
	struct opening op = { m, 1, 1 };
	struct openings book = { &op, 1 };

	(void)state;
	cfg.openings = &book;
	play(&cfg, engine("easy"), engine("easy"), 0, &res);
	assert_int_equal(res.end, END_VOID);
	assert_string_equal(res.detail, "mastermind has no openings");
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_row),
		cmocka_unit_test(test_equal_engines_draw),
		cmocka_unit_test(test_fewer_guesses_win),
		cmocka_unit_test(test_forfeits),
		cmocka_unit_test(test_classic_and_record),
		cmocka_unit_test(test_openings_void),
	};
	char *self = xstrdup(argc > 0 ? argv[0] : ".");

	/* BUILDDIR/tests/unit/test_mastermind_match -> BUILDDIR/quintet */
	snprintf(quintet, sizeof(quintet), "%s/../../quintet", dirname(self));
	free(self);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
