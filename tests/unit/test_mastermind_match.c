/* Unit tests of Mastermind under the referee (a GAME_CONTEST_SOLVE game,
 * src/match/referee.c): whole games between real quintet engines (found
 * next to this program's build directory) and small sh engines: both
 * engines break the referee's secret, fewer guesses wins; bad guesses and
 * refused answers lose; the setup, description, tally and record. */
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
#include <unistd.h>

#include "games/mastermind/mastermind.h"
#include "match/match.h"
#include "match/referee.h"
#include "match/record.h"
#include "session.h"
#include "util/xalloc.h"
#include "match_helpers.h"
#include "replay_helpers.h"

/* An engine that knows every command, answers genmove with GUESS and
 * feedback with FEEDBACK (a reply line). */
#define SH_ENGINE(GUESS, FEEDBACK) "sh -c 'while read -r i c a; do case \"$c\" in " \
	"known_command) printf \"=$i true\\n\\n\";; " \
	"genmove) printf \"=$i " GUESS "\\n\\n\";; " \
	"feedback) printf \"" FEEDBACK "\\n\\n\";; " \
	"quit) printf \"=$i\\n\\n\"; exit 0;; " \
	"*) printf \"=$i\\n\\n\";; esac; done'"

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
		.ops = &mastermind_ops, .games = 2, .nengines = 2,
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

static void test_setup_and_description(void **state)
{
	struct match_config cfg = config();
	struct strbuf out = STRBUF_INIT;
	char err[128];

	(void)state;
	cfg.rules = "bulls";
	struct game *g = match_new_game(&cfg, 1, err, sizeof(err));
	assert_non_null(g);
	assert_int_equal(match_max_moves(&cfg, g), 10);
	/* Engines break the code: they get the variant, never the secret. */
	assert_int_equal(g->ops->write_setup(g, COLOR_BLACK, &out, err, sizeof(err)), 0);
	assert_string_equal(sb_str(&out), "variant bulls pegs 4 colors 10 repeats no tries 10 "
					  "feedback counts\n");
	sb_reset(&out);
	g->ops->describe(g, &out);
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
	assert_int_equal(res.end, END_SOLVED);
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
	play(&cfg, engine("hard"), SH_ENGINE("1234", "=$i"), 0, &res);
	assert_int_equal(res.end, END_UNSOLVED);
	assert_int_equal(res.winner, COLOR_BLACK);
	char want[32];
	snprintf(want, sizeof(want), "B+%ld", 11 - res.tally);
	assert_string_equal(res.result, want);
	assert_non_null(strstr(res.detail, "white not solved"));
	assert_int_equal(res.moves, res.tally + 10);
	/* colours swapped: engine 1 (hard) is white and wins */
	cfg.alternate = true;
	play(&cfg, engine("hard"), SH_ENGINE("1234", "=$i"), 1, &res);
	assert_int_equal(res.black, 1);
	assert_int_equal(res.winner, COLOR_WHITE);
	assert_int_equal(res.tally, 10);
	/* --max-moves caps each breaker */
	cfg.alternate = false;
	cfg.max_moves = 2;
	play(&cfg, SH_ENGINE("1234", "=$i"), SH_ENGINE("1234", "=$i"), 0, &res);
	assert_string_equal(res.result, "0");
	assert_int_equal(res.moves, 4);
}

static void test_forfeits(void **state)
{
	struct match_config cfg = config();
	struct match_result res;

	(void)state;
	play(&cfg, SH_ENGINE("12", "=$i"), engine("easy"), 0, &res);
	assert_int_equal(res.end, END_ILLEGAL);
	assert_int_equal(res.winner, COLOR_WHITE);
	assert_string_equal(res.detail,
			    "black played an unreadable move '12' (invalid code: 4 digits expected)");
	assert_int_equal(res.moves, 0);
	play(&cfg, engine("easy"), SH_ENGINE("1123", "=$i"), 0, &res);
	assert_int_equal(res.end, END_ILLEGAL);
	assert_int_equal(res.winner, COLOR_BLACK);
	assert_string_equal(res.detail,
			    "white played an unreadable move '1123' (invalid code: repeated color 1)");
	play(&cfg, SH_ENGINE("1234", "?$i nope"), engine("easy"), 0, &res);
	assert_int_equal(res.end, END_REFUSED);
	assert_int_equal(res.winner, COLOR_WHITE);
	assert_non_null(strstr(res.detail, "feedback"));
}

/* Read a whole small file into a malloc'd string. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	struct strbuf sb = STRBUF_INIT;
	char buf[4096];
	size_t n;

	assert_non_null(f);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sb_append(&sb, buf, n);
	fclose(f);
	return sb.buf ? sb.buf : xstrdup("");
}

/* The lines of text from the one starting with from up to (not
 * including) the one starting with to, or the end. Malloc'd. */
static char *section(const char *text, const char *from, const char *to)
{
	const char *a = strstr(text, from);
	assert_non_null(a);
	a = strchr(a, '\n') + 1;
	const char *b = to ? strstr(a, to) : NULL;
	size_t len = b ? (size_t)(b - a) : strlen(a);
	char *out = xmalloc(len + 1);

	memcpy(out, a, len);
	out[len] = '\0';
	return out;
}

/* Each solver's part of the record, replayed on a fresh session, shows
 * the code solved in the number of guesses it took. */
static void check_part(const char *part, const char *secret, long guesses)
{
	struct session *s = session_new(1);
	char want[64];

	free(replay_say(s, "game mastermind", false));
	replay_lines(s, part);
	char *score = replay_say(s, "final_score", false);
	snprintf(want, sizeof(want), "B+ solved in %ld tries, secret %s", guesses, secret);
	assert_string_equal(score, want);
	free(score);
	session_free(s);
}

static void test_classic_and_record(void **state)
{
	struct match_config cfg = config();
	struct match_result res;
	char dir[] = "/tmp/quintet-mm-record.XXXXXX", secret[16];

	(void)state;
	assert_non_null(mkdtemp(dir));
	cfg.rules = "classic";
	cfg.sgf_dir = dir;
	play(&cfg, engine("medium"), engine("hard"), 0, &res);
	assert_int_equal(res.end, END_SOLVED);
	assert_true(res.tally >= 1 && res.tally <= 5); /* minimax's book: at most 5 */
	secret_of(&cfg, 0, secret, sizeof(secret));
	char *path = record_path(dir, 1, "gtp");
	char *text = slurp(path);
	char want[64];
	snprintf(want, sizeof(want), "# result: %s\n", res.result);
	assert_non_null(strstr(text, want));
	assert_non_null(strstr(text, "\ngame mastermind\n# black's game\nvariant classic "));
	snprintf(want, sizeof(want), "\nsetcode %s engine\nplay b ", secret);
	assert_non_null(strstr(text, want));
	char *black = section(text, "# black's game", "# white's game");
	char *white = section(text, "# white's game", "\n# result: ");
	check_part(black, secret, res.tally);
	check_part(white, secret, res.moves - res.tally);
	free(black);
	free(white);
	free(text);
	remove(path);
	free(path);
	rmdir(dir);
}

static void test_openings_void(void **state)
{
	struct match_config cfg = config();
	struct match_result res;
	char *m[] = { "1234" };
	struct opening op = { .moves = m, .n = 1, .line = 1 };
	struct openings book = { &op, 1 };

	(void)state;
	cfg.openings = &book;
	play(&cfg, engine("easy"), engine("easy"), 0, &res);
	assert_int_equal(res.end, END_VOID);
	assert_string_equal(res.detail, "mastermind has no opening moves");
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setup_and_description),
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
