/* Unit tests for the match core: schedule, options, summary, and whole
 * refereed games (src/match/referee.c) between tiny sh engines. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/ataxx/ataxx.h"
#include "games/go/go.h"
#include "match/match.h"
#include "match/referee.h"
#include "match/refclock.h"
#include "match/report.h"
#include "match_helpers.h"

#define ERRLEN 256

/* An engine that says "=" to everything and answers genmove with MOVE, and
 * play with PLAY (a reply line). */
#define SH_ENGINE(MOVE, PLAY) "sh -c 'while read -r i c a; do case \"$c\" in " \
	"genmove) printf \"=$i " MOVE "\\n\\n\";; " \
	"play) printf \"" PLAY "\\n\\n\";; " \
	"quit) printf \"=$i\\n\\n\"; exit 0;; " \
	"*) printf \"=$i\\n\\n\";; esac; done'"
#define PASSER SH_ENGINE("pass", "=$i")
#define RESIGNER SH_ENGINE("resign", "=$i")
#define STUBBORN SH_ENGINE("E5", "=$i")
#define REJECTER SH_ENGINE("pass", "?$i illegal move")
#define SLEEPER "sh -c 'while read -r i c a; do case \"$c\" in " \
	"genmove) sleep 3; printf \"=$i pass\\n\\n\";; " \
	"*) printf \"=$i\\n\\n\";; esac; done'"

static struct match_config config(void)
{
	struct match_config cfg = {
		.ops = &go_ops, .games = 4, .size = "9", .nengines = 2,
		.concurrency = 1, .seed = 1,
	};
	return cfg;
}

static void test_schedule(void **state)
{
	struct match_config cfg = config();
	char *m[] = { "E5" };
	struct opening ops[] = { { .moves = m, .n = 1, .line = 1 }, { .moves = m, .n = 1, .line = 2 } };
	struct openings book = { ops, 2 };
	int black, white, opening;

	(void)state;
	for (long i = 0; i < 4; i++) {
		match_schedule(&cfg, i, &black, &white, &opening);
		assert_int_equal(black, 0);
		assert_int_equal(white, 1);
		assert_int_equal(opening, -1);
	}
	cfg.alternate = true;
	for (long i = 0; i < 4; i++) {
		match_schedule(&cfg, i, &black, &white, &opening);
		assert_int_equal(black, i % 2);
		assert_int_equal(white, 1 - i % 2);
	}
	cfg.alternate = false;
	cfg.openings = &book;
	const int want_open[] = { 0, 0, 1, 1, 0, 0 };
	for (long i = 0; i < 6; i++) {
		match_schedule(&cfg, i, &black, &white, &opening);
		assert_int_equal(black, i % 2);
		assert_int_equal(opening, want_open[i]);
	}
}

/* Tournaments: the pairs of a gauntlet and of a round robin, each pair's
 * games in a row with colours alternating and the openings from the
 * start of the book, a seed per pair of games. */
static void test_tournament_schedule(void **state)
{
	struct match_config cfg = config();
	char *m[] = { "E5" };
	struct opening ops[] = { { .moves = m, .n = 1, .line = 1 }, { .moves = m, .n = 1, .line = 2 } };
	struct openings book = { ops, 2 };
	int a, b, black, white, opening;

	(void)state;
	cfg.nengines = 4;
	cfg.tournament = TOURNAMENT_GAUNTLET;
	assert_int_equal(match_pairs(&cfg), 3);
	for (int p = 0; p < 3; p++) {
		match_pair(&cfg, p, &a, &b);
		assert_int_equal(a, 0);
		assert_int_equal(b, p + 1);
	}
	cfg.tournament = TOURNAMENT_ROUNDROBIN;
	assert_int_equal(match_pairs(&cfg), 6);
	const int want[6][2] = { { 0, 1 }, { 0, 2 }, { 0, 3 }, { 1, 2 }, { 1, 3 }, { 2, 3 } };
	for (int p = 0; p < 6; p++) {
		match_pair(&cfg, p, &a, &b);
		assert_int_equal(a, want[p][0]);
		assert_int_equal(b, want[p][1]);
	}
	cfg.games_per_pair = 3;
	cfg.games = 18;
	cfg.openings = &book;
	const int games[7][3] = { /* black, white, opening of games 0..6 */
		{ 0, 1, 0 }, { 1, 0, 0 }, { 0, 1, 1 }, { 0, 2, 0 }, { 2, 0, 0 }, { 0, 2, 1 }, { 0, 3, 0 },
	};
	for (long i = 0; i < 7; i++) {
		match_schedule(&cfg, i, &black, &white, &opening);
		assert_int_equal(black, games[i][0]);
		assert_int_equal(white, games[i][1]);
		assert_int_equal(opening, games[i][2]);
	}
	match_schedule(&cfg, 17, &black, &white, &opening);
	assert_int_equal(black, 2);
	assert_int_equal(white, 3);
	assert_true(match_pair_seed(&cfg, 0) == match_pair_seed(&cfg, 1));
	assert_true(match_pair_seed(&cfg, 2) != match_pair_seed(&cfg, 3));
	assert_true(match_pair_seed(&cfg, 3) == match_pair_seed(&cfg, 4));
}

static void test_new_game_options(void **state)
{
	struct match_config cfg = config();
	char err[ERRLEN];
	struct game *g;

	(void)state;
	cfg.komi = "0.5";
	cfg.rules = "tromp-taylor";
	g = match_new_game(&cfg, 1, err, sizeof(err));
	assert_non_null(g);
	assert_int_equal(go_cof(g)->board.size, 9);
	assert_true(go_cof(g)->komi == 0.5);
	assert_string_equal(go_ops.get_rules(g), "tromp-taylor");
	assert_int_equal(match_max_moves(&cfg, g), 253);
	cfg.max_moves = 17;
	assert_int_equal(match_max_moves(&cfg, g), 17);
	go_ops.destroy(g);
	cfg.size = "30";
	assert_null(match_new_game(&cfg, 1, err, sizeof(err)));
	assert_string_equal(err, "--size 30: unacceptable size");
	cfg.size = "9";
	cfg.rules = "ing";
	assert_null(match_new_game(&cfg, 1, err, sizeof(err)));
	assert_string_equal(err,
			    "--rules ing: unknown rules (go has: chinese, superko, tromp-taylor, japanese)");
	cfg.rules = NULL;
	cfg.komi = "x";
	assert_null(match_new_game(&cfg, 1, err, sizeof(err)));
	assert_string_equal(err, "--komi x: komi not a float");
}

static void test_summary(void **state)
{
	struct match_summary s = { 0 };
	struct match_result r[] = {
		{ .black = 0, .white = 1, .winner = COLOR_BLACK, .end = END_SCORE, .tally = 10 },
		{ .black = 1, .white = 0, .winner = COLOR_BLACK, .end = END_TIMEOUT, .tally = 20 },
		{ .black = 0, .white = 1, .winner = COLOR_NONE, .end = END_CAP_DRAW, .tally = 30 },
		{ .black = 1, .white = 0, .winner = COLOR_WHITE, .end = END_RESIGN, .tally = 40 },
		{ .black = 0, .white = 1, .winner = COLOR_NONE, .end = END_VOID },
	};
	struct strbuf line = STRBUF_INIT;

	(void)state;
	for (int i = 0; i < 5; i++)
		summary_add(&s, &r[i]);
	assert_int_equal(s.voids, 1);
	assert_int_equal(s.all.wins, 2);
	assert_int_equal(s.all.draws, 1);
	assert_int_equal(s.all.losses, 1);
	assert_int_equal(s.as_color[COLOR_BLACK].wins, 1);
	assert_int_equal(s.as_color[COLOR_BLACK].draws, 1);
	assert_int_equal(s.as_color[COLOR_WHITE].wins, 1);
	assert_int_equal(s.as_color[COLOR_WHITE].losses, 1);
	assert_int_equal(s.color_wins[COLOR_BLACK], 2);
	assert_int_equal(s.color_wins[COLOR_WHITE], 1);
	assert_int_equal(s.color_wins[COLOR_NONE], 1);
	assert_int_equal(s.lost_by[0][END_TIMEOUT], 1);
	assert_int_equal(s.lost_by[1][END_SCORE], 1);
	assert_int_equal(s.lost_by[1][END_RESIGN], 1);
	assert_true(s.tally_sum[0] == 100 && s.tally_games[0] == 4);
	assert_true(s.tally_sum[1] == 40 && s.tally_sum[2] == 60);
	assert_int_equal(s.engine[0].wins, 2);
	assert_int_equal(s.engine[1].losses, 2);
	assert_int_equal(s.pair[1][0].wins, 1);
	assert_int_equal(s.pair[0][1].draws, 1);
	/* A game engine 1 did not play counts for the two who did. */
	struct match_result other = { .black = 2, .white = 1, .winner = COLOR_WHITE, .end = END_SCORE };
	summary_add(&s, &other);
	assert_int_equal(stats_games(&s.all), 4);
	assert_int_equal(s.pair[1][2].wins, 1);
	assert_int_equal(s.engine[2].losses, 1);
	assert_int_equal(s.lost_by[2][END_SCORE], 1);
	report_progress(&s, "quintet 0.1.0", 5, 10, &line);
	assert_string_equal(sb_str(&line),
			    "game 5/10: quintet 0.1.0 +2 =1 -1 (62.5%), Elo +88.7 [-220.4, +397.9]");
	sb_free(&line);
	assert_true(match_end_is_forfeit(END_TIMEOUT));
	assert_false(match_end_is_forfeit(END_RESIGN));
	assert_string_equal(match_end_name(END_CAP_SCORED), "cap-scored");
}

/* Each end by the rules is the word of the game's reason for it, so the
 * report says what the game says (five, wipeout, solved); the referee's
 * own ends are not ends by the rules. */
static void test_rules_end_names(void **state)
{
	(void)state;
	for (int k = 0; k < GAME_REASON_COUNT; k++) {
		enum game_end end = match_end_of_reason((enum game_reason)k);

		assert_true(match_end_by_rules(end));
		assert_string_equal(match_end_name(end), game_reason_name((enum game_reason)k));
	}
	assert_string_equal(match_end_name(END_PASSES), "passes");
	assert_true(match_end_by_rules(END_PASSES));
	for (int e = 0; e < END_COUNT; e++)
		assert_null(strchr(match_end_name((enum game_end)e), ' '));
	assert_false(match_end_by_rules(END_RESIGN));
	assert_false(match_end_by_rules(END_CAP_SCORED));
	assert_false(match_end_by_rules(END_ADJUDICATED));
	assert_false(match_end_by_rules(END_VOID));
}

/* Engines are named in the report by unique names: one an earlier engine
 * has already gets "#N", N its number, again while that is taken. */
static void test_unique_names(void **state)
{
	const char *base[] = { "quintet 0.1.0", "GNU Go 3.8", "quintet 0.1.0", "x#6", "x", "x" };
	const char *want[] = { "quintet 0.1.0", "GNU Go 3.8", "quintet 0.1.0#3", "x#6", "x", "x#6#6" };
	char out[6][MATCH_NAME_MAX], longest[97];

	(void)state;
	match_unique_names(base, 6, out);
	for (int k = 0; k < 6; k++)
		assert_string_equal(out[k], want[k]);
	/* The longest names with every suffix still fit. */
	const char *same[MATCH_MAX_ENGINES];
	char many[MATCH_MAX_ENGINES][MATCH_NAME_MAX];
	memset(longest, 'q', 96);
	longest[96] = '\0';
	for (int k = 0; k < MATCH_MAX_ENGINES; k++)
		same[k] = longest;
	match_unique_names(same, MATCH_MAX_ENGINES, many);
	for (int k = 0; k < MATCH_MAX_ENGINES; k++)
		for (int j = 0; j < k; j++)
			assert_string_not_equal(many[j], many[k]);
	assert_string_equal(many[15] + 96, "#16");
}

/* The table: engine 1's row is its name; a colour engine 1 never played
 * has no score ("-", not 50%); the Elo interval comes from the Wilson
 * bounds. */
static void test_report_table(void **state)
{
	struct match_config cfg = config();
	struct match_summary s = { 0 };
	struct match_result r = { .black = 0, .white = 1, .winner = COLOR_BLACK, .end = END_SCORE };
	struct report_info info = { .cfg = &cfg, .options = "9x9", .played = 4,
				    .names = { "quintet 0.1.0", "quintet 0.1.0#2" } };
	char *text = NULL;
	size_t len = 0;

	(void)state;
	for (int i = 0; i < 4; i++)
		summary_add(&s, &r);
	r.winner = COLOR_WHITE;
	summary_add(&s, &r);
	FILE *f = open_memstream(&text, &len);
	report_footer(f, &info, &s);
	fclose(f);
	assert_non_null(strstr(text, "\n               games   wins  draws  losses   score\n"
				     "quintet 0.1.0      5      4      0       1   80.0%\n"
				     "  as black         5      4      0       1   80.0%\n"
				     "  as white         0      0      0       0       -\n"));
	assert_non_null(strstr(text, "Elo difference (quintet 0.1.0 - quintet 0.1.0#2): +240.8 "
				     "[-88.3, +570.0]"));
	assert_non_null(strstr(text, "\nlosses by reason: quintet 0.1.0: 1 score; quintet 0.1.0#2: 4 "
				     "score\n"));
	free(text);
	memset(&s, 0, sizeof(s));
	f = open_memstream(&text, &len);
	report_footer(f, &info, &s);
	fclose(f);
	assert_non_null(strstr(text, "quintet 0.1.0      0      0      0       0       -\n"));
	assert_non_null(strstr(text, "score of quintet 0.1.0: - (no game counted)\n"));
	assert_non_null(strstr(text, "Elo difference (quintet 0.1.0 - quintet 0.1.0#2): n/a"));
	free(text);
}

static void test_two_passes_are_scored(void **state)
{
	struct match_config cfg = config();
	struct match_result res;

	(void)state;
	play(&cfg, PASSER, PASSER, 0, &res);
	assert_true(res.done);
	assert_int_equal(res.number, 1);
	assert_int_equal(res.end, END_PASSES);
	assert_int_equal(res.winner, COLOR_WHITE);
	assert_string_equal(res.result, "W+7.5");
	assert_string_equal(res.detail, "ended by two passes; scored W+7.5");
	assert_int_equal(res.moves, 2);
	assert_int_equal(res.tally, 2);
}

static void test_resign_loses(void **state)
{
	struct match_config cfg = config();
	struct match_result res;

	(void)state;
	cfg.alternate = true;
	play(&cfg, PASSER, RESIGNER, 1, &res); /* game 2: engine 2 is black */
	assert_int_equal(res.black, 1);
	assert_int_equal(res.end, END_RESIGN);
	assert_int_equal(res.winner, COLOR_WHITE);
	assert_string_equal(res.result, "W+R");
	assert_string_equal(res.detail, "black resigned");
	assert_int_equal(res.moves, 0);
}

static void test_illegal_move_loses(void **state)
{
	struct match_config cfg = config();
	struct match_result res;

	(void)state;
	play(&cfg, STUBBORN, PASSER, 0, &res);
	assert_int_equal(res.end, END_ILLEGAL);
	assert_int_equal(res.winner, COLOR_WHITE);
	assert_string_equal(res.result, "W+F");
	assert_string_equal(res.detail, "black played an illegal move E5 (illegal move)");
	assert_int_equal(res.moves, 2);
}

static void test_rejecting_a_legal_move_loses(void **state)
{
	struct match_config cfg = config();
	struct match_result res;

	(void)state;
	play(&cfg, STUBBORN, REJECTER, 0, &res);
	assert_int_equal(res.end, END_REFUSED);
	assert_int_equal(res.winner, COLOR_BLACK);
	assert_string_equal(res.result, "B+F");
	assert_string_equal(res.detail, "white failed 'play b E5': illegal move");
}

static void test_move_cap_scores(void **state)
{
	struct match_config cfg = config();
	struct match_result res;

	(void)state;
	cfg.max_moves = 1;
	cfg.komi = "-3";
	play(&cfg, STUBBORN, PASSER, 0, &res);
	assert_int_equal(res.end, END_CAP_SCORED);
	assert_int_equal(res.moves, 1);
	assert_string_equal(res.result, "B+84"); /* 81 points of area + 3 komi */
	assert_int_equal(res.winner, COLOR_BLACK);
}

/* A passer that writes every command it gets to a file. */
static void logging_passer(char *buf, size_t len, const char *log)
{
	snprintf(buf, len, "sh -c 'while read -r i c a; do echo \"$c $a\" >> %s; "
			   "case \"$c\" in genmove) printf \"=$i pass\\n\\n\";; "
			   "quit) printf \"=$i\\n\\n\"; exit 0;; *) printf \"=$i\\n\\n\";; esac; done'",
		 log);
}

/* The same, knowing every command known_command asks about. */
static void logging_knower(char *buf, size_t len, const char *log)
{
	snprintf(buf, len, "sh -c 'while read -r i c a; do echo \"$c $a\" >> %s; "
			   "case \"$c\" in genmove) printf \"=$i pass\\n\\n\";; "
			   "known_command) printf \"=$i true\\n\\n\";; "
			   "quit) printf \"=$i\\n\\n\"; exit 0;; *) printf \"=$i\\n\\n\";; esac; done'",
		 log);
}

static bool file_has_line(const char *path, const char *line)
{
	FILE *f = fopen(path, "r");
	char buf[256];
	bool found = false;

	while (f && !found && fgets(buf, sizeof(buf), f)) {
		buf[strcspn(buf, "\n")] = '\0';
		found = strcmp(buf, line) == 0;
	}
	if (f)
		fclose(f);
	return found;
}

/* The opening is played first, and both engines hear every opening move
 * (the mover's engine did not choose it). */
static void test_opening_is_played_first(void **state)
{
	struct match_config cfg = config();
	char *m[] = { "C3", "G7" };
	struct opening op = { .moves = m, .n = 2, .line = 1 };
	struct openings book = { &op, 1 };
	struct match_result res;
	char dir[] = "/tmp/quintet-referee.XXXXXX", log[2][64], eng[2][512];

	(void)state;
	assert_non_null(mkdtemp(dir));
	for (int i = 0; i < 2; i++) {
		snprintf(log[i], sizeof(log[i]), "%s/engine%d", dir, i + 1);
		logging_passer(eng[i], sizeof(eng[i]), log[i]);
	}
	cfg.openings = &book;
	play(&cfg, eng[0], eng[1], 1, &res);
	assert_int_equal(res.opening, 0);
	assert_int_equal(res.black, 1);
	assert_int_equal(res.end, END_PASSES);
	assert_int_equal(res.moves, 4);
	assert_string_equal(res.result, "W+7.5"); /* one stone each: komi decides */
	for (int i = 0; i < 2; i++) {
		assert_true(file_has_line(log[i], "play b C3"));
		assert_true(file_has_line(log[i], "play w G7"));
		remove(log[i]);
	}
	rmdir(dir);
}

/* An engine whose `rules` depends on the game it plays, as a real engine's
 * command set does: RULES_IN is the game where known_command rules says
 * true and `rules` works; elsewhere it is unknown. It resigns its genmove
 * only when it was told the rules wherever it knows them ("? no rules"
 * otherwise), so a rules line sent or held back wrongly shows. */
#define RULES_ONLY_IN(RULES_IN) "sh -c 'g=go; told=no; while read -r i c a; do case \"$c\" in " \
	"game) g=$a; told=no; printf \"=$i\\n\\n\";; " \
	"known_command) if [ \"$a\" = game ] || { [ \"$a\" = rules ] && [ $g = " RULES_IN " ]; }; " \
	"then printf \"=$i true\\n\\n\"; else printf \"=$i false\\n\\n\"; fi;; " \
	"rules) if [ $g = " RULES_IN " ]; then told=yes; printf \"=$i\\n\\n\"; " \
	"else printf \"?$i unknown command\\n\\n\"; fi;; " \
	"genmove) if [ $g != " RULES_IN " ] || [ $told = yes ]; " \
	"then printf \"=$i resign\\n\\n\"; else printf \"?$i no rules\\n\\n\"; fi;; " \
	"quit) printf \"=$i\\n\\n\"; exit 0;; " \
	"*) printf \"=$i\\n\\n\";; esac; done'"

/* known_command rules is asked once the engine plays the match's game:
 * an engine with rules in Go only is not sent Ataxx's rules line (it
 * would refuse it), one with rules in Ataxx only is. */
static void test_probe_after_game(void **state)
{
	struct match_config cfg = { .ops = &ataxx_ops, .games = 2, .rules = "standard",
				    .concurrency = 1, .seed = 1 };
	struct match_result res;

	(void)state;
	play(&cfg, RULES_ONLY_IN("go"), RULES_ONLY_IN("go"), 0, &res);
	assert_string_equal(res.detail, "black resigned");
	assert_int_equal(res.end, END_RESIGN);
	play(&cfg, RULES_ONLY_IN("ataxx"), RULES_ONLY_IN("ataxx"), 0, &res);
	assert_string_equal(res.detail, "black resigned");
	assert_int_equal(res.end, END_RESIGN);
}

/* --time 2.7: engines are told 2 whole seconds, never more than the
 * referee allows (it was rounded up to 3). */
static void test_time_settings_whole_seconds(void **state)
{
	struct match_config cfg = config();
	struct match_result res;
	char dir[] = "/tmp/quintet-referee.XXXXXX", log[64], eng[512];

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(log, sizeof(log), "%s/engine", dir);
	logging_knower(eng, sizeof(eng), log);
	cfg.time = 2.7;
	assert_int_equal(match_time_seconds(&cfg), 2);
	play(&cfg, eng, eng, 0, &res);
	assert_int_equal(res.end, END_PASSES);
	assert_true(file_has_line(log, "time_settings 0 2 1"));
	assert_false(file_has_line(log, "time_settings 0 3 1"));
	cfg.time = 1;
	assert_int_equal(match_time_seconds(&cfg), 1);
	remove(log);
	rmdir(dir);
}

/* Init lines follow each game's setup, for the engine they belong to
 * (engine 1 here, playing white in game 2). */
static void test_init_lines(void **state)
{
	struct match_config cfg = config();
	struct match_result res;
	char dir[] = "/tmp/quintet-referee.XXXXXX", log[2][64], eng[2][512], line[256];

	(void)state;
	assert_non_null(mkdtemp(dir));
	for (int i = 0; i < 2; i++) {
		snprintf(log[i], sizeof(log[i]), "%s/engine%d", dir, i + 1);
		logging_knower(eng[i], sizeof(eng[i]), log[i]);
	}
	cfg.alternate = true;
	cfg.engines[0].init[0] = "level hard";
	cfg.engines[0].init[1] = "komi 3";
	cfg.engines[0].ninit = 2;
	play(&cfg, eng[0], eng[1], 1, &res);
	assert_int_equal(res.black, 1);
	FILE *f = fopen(log[0], "r");
	assert_non_null(f);
	char *lines[64];
	int n = 0;
	while (n < 64 && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		lines[n++] = strdup(line);
	}
	fclose(f);
	int at = -1;
	for (int i = 0; i < n; i++)
		if (!strcmp(lines[i], "level hard"))
			at = i;
	assert_true(at > 0 && at + 1 < n);
	assert_string_equal(lines[at - 1], "rules chinese"); /* after the setup */
	assert_string_equal(lines[at + 1], "komi 3");
	for (int i = 0; i < n; i++)
		free(lines[i]);
	assert_false(file_has_line(log[1], "level hard"));
	remove(log[0]);
	remove(log[1]);
	rmdir(dir);
}

/* --clock: GTP engines are told the clock (time_settings M 0 0, then
 * time_left before each genmove, whole seconds rounded down); an engine
 * whose reply outlasts its time left loses on time. */
static void test_clock(void **state)
{
	struct match_config cfg = config();
	struct match_result res;
	char dir[] = "/tmp/quintet-referee.XXXXXX", log[64], eng[512];

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(log, sizeof(log), "%s/engine", dir);
	logging_knower(eng, sizeof(eng), log);
	cfg.clock_main = 5.9;
	cfg.clock_inc = 0.5;
	play(&cfg, eng, eng, 0, &res);
	assert_int_equal(res.end, END_PASSES);
	assert_true(file_has_line(log, "time_settings 5 0 0"));
	assert_true(file_has_line(log, "time_left b 5 0"));
	assert_true(file_has_line(log, "time_left w 5 0"));
	remove(log);
	rmdir(dir);
	cfg.clock_main = 0.5;
	cfg.clock_inc = 0;
	play(&cfg, SLEEPER, PASSER, 0, &res);
	assert_int_equal(res.end, END_TIMEOUT);
	assert_string_equal(res.result, "W+T");
	assert_non_null(strstr(res.detail, "black overran the time on 'genmove b'"));
}

/* --clock 5+3x1, Japanese byo-yomi, charged move by move with seconds
 * given (no clock runs): main time first; then a move within a period
 * keeps it, one that used up k periods loses k; the slack (50 ms) is
 * forgiven once per move; outlasting the last period loses on time. */
static void test_byoyomi_accounting(void **state)
{
	struct match_config cfg = config();
	struct refclock c;

	(void)state;
	cfg.clock_main = 5;
	cfg.byo_periods = 3;
	cfg.byo_time = 1;
	refclock_start(&c, &cfg);
	assert_true(refclock_running(&cfg));
	assert_true(refclock_allowed(&c, &cfg) == 8);
	assert_true(refclock_deadline(&c, &cfg) == 8 + MATCH_CLOCK_SLACK);
	assert_int_equal(refclock_charge(&c, &cfg, 2), 0);       /* main time: 3 s left */
	assert_true(c.main_left == 3 && c.periods == 3);
	assert_int_equal(refclock_charge(&c, &cfg, 3.5), 0);     /* 0.5 s into period 1 */
	assert_true(c.main_left == 0 && c.periods == 3);
	assert_int_equal(refclock_charge(&c, &cfg, 0.9), 0);     /* within a period */
	assert_int_equal(refclock_charge(&c, &cfg, 1.04), 0);    /* within the slack */
	assert_int_equal(refclock_charge(&c, &cfg, 1.5), 1);     /* one period used up */
	assert_int_equal(c.periods, 2);
	assert_true(refclock_allowed(&c, &cfg) == 2);
	assert_int_equal(refclock_charge(&c, &cfg, 2.03), 1);    /* made in the last one */
	assert_int_equal(c.periods, 1);
	assert_int_equal(refclock_charge(&c, &cfg, 0.99), 0);
	assert_int_equal(refclock_charge(&c, &cfg, 1.2), -1);    /* the last one outlasted */
	/* From main time straight past every period. */
	refclock_start(&c, &cfg);
	assert_int_equal(refclock_charge(&c, &cfg, 7.9), 2);
	assert_int_equal(c.periods, 1);
	refclock_start(&c, &cfg);
	assert_int_equal(refclock_charge(&c, &cfg, 8.1), -1);
	/* No main time: straight into byo-yomi. */
	cfg.clock_main = 0;
	refclock_start(&c, &cfg);
	assert_true(refclock_running(&cfg));
	assert_int_equal(refclock_charge(&c, &cfg, 1.6), 1);
	/* Fischer and Gomocup's pair (a clock with a cap per move). */
	cfg.byo_periods = 0;
	cfg.byo_time = 0;
	cfg.clock_main = 10;
	cfg.clock_inc = 1;
	refclock_start(&c, &cfg);
	assert_int_equal(refclock_charge(&c, &cfg, 4), 0);
	assert_true(c.main_left == 7);
	cfg.time = 2;
	assert_true(refclock_allowed(&c, &cfg) == 2);
	assert_int_equal(refclock_charge(&c, &cfg, 2.5), -1);   /* over the cap */
	cfg.clock_inc = 0; /* a clock run down allows next to nothing, not the cap */
	refclock_start(&c, &cfg);
	assert_int_equal(refclock_charge(&c, &cfg, 2), 0);
	assert_int_equal(refclock_charge(&c, &cfg, 2), 0);
	assert_int_equal(refclock_charge(&c, &cfg, 2), 0);
	assert_int_equal(refclock_charge(&c, &cfg, 2), 0);
	assert_int_equal(refclock_charge(&c, &cfg, 2), 0);
	assert_true(c.main_left == 0);
	assert_true(refclock_allowed(&c, &cfg) == REFCLOCK_FLOOR);
	assert_true(refclock_deadline(&c, &cfg) == MATCH_CLOCK_SLACK);
	cfg.clock_inc = 1;
	struct strbuf text = STRBUF_INIT;
	refclock_describe(&cfg, &text);
	assert_string_equal(sb_str(&text), "clock 10+1, 2 s per move");
	sb_reset(&text);
	cfg = config();
	cfg.clock_main = 5;
	cfg.byo_periods = 3;
	cfg.byo_time = 1;
	refclock_describe(&cfg, &text);
	assert_string_equal(sb_str(&text), "clock 5+3x1");
	sb_free(&text);
}

/* Like logging_knower, but without kgs-time_settings (GNU Go). */
static void logging_no_kgs(char *buf, size_t len, const char *log)
{
	snprintf(buf, len, "sh -c 'while read -r i c a; do echo \"$c $a\" >> %s; "
			   "case \"$c $a\" in \"genmove \"*) printf \"=$i pass\\n\\n\";; "
			   "\"known_command kgs-time_settings\") printf \"=$i false\\n\\n\";; "
			   "\"known_command \"*) printf \"=$i true\\n\\n\";; "
			   "\"quit \"*) printf \"=$i\\n\\n\"; exit 0;; *) printf \"=$i\\n\\n\";; "
			   "esac; done'",
		 log);
}

/* --clock M+PxS: engines with kgs-time_settings get `kgs-time_settings
 * byoyomi M S P` and, in byo-yomi, `time_left COLOR S P` (KGS's
 * convention); those without get `time_settings M S 1` and `time_left
 * COLOR S 1`; in main time `time_left COLOR T 0`. An engine that outlasts
 * its last period loses on time, the move and its time left named, its
 * reply's share of that time above 1. */
static void test_byoyomi(void **state)
{
	struct match_config cfg = config();
	struct match_result res;
	char dir[] = "/tmp/quintet-referee.XXXXXX", log[2][64], eng[2][512];

	(void)state;
	assert_non_null(mkdtemp(dir));
	for (int i = 0; i < 2; i++)
		snprintf(log[i], sizeof(log[i]), "%s/engine%d", dir, i + 1);
	logging_knower(eng[0], sizeof(eng[0]), log[0]);
	logging_no_kgs(eng[1], sizeof(eng[1]), log[1]);
	cfg.byo_periods = 3;
	cfg.byo_time = 2;
	play(&cfg, eng[0], eng[1], 0, &res);
	assert_int_equal(res.end, END_PASSES);
	assert_true(file_has_line(log[0], "kgs-time_settings byoyomi 0 2 3"));
	assert_true(file_has_line(log[0], "time_left b 2 3"));
	assert_false(file_has_line(log[0], "time_settings 0 2 1"));
	assert_true(file_has_line(log[1], "time_settings 0 2 1"));
	assert_true(file_has_line(log[1], "time_left w 2 1"));
	assert_false(file_has_line(log[1], "kgs-time_settings byoyomi 0 2 3"));
	assert_true(res.timed);
	assert_true(res.timing[COLOR_BLACK].share > 0 && res.timing[COLOR_BLACK].share < 1);
	assert_true(res.timing[COLOR_BLACK].left == 6);
	remove(log[0]);
	remove(log[1]);
	cfg.clock_main = 7.5;
	play(&cfg, eng[0], eng[1], 0, &res);
	assert_true(file_has_line(log[0], "kgs-time_settings byoyomi 7 2 3"));
	assert_true(file_has_line(log[0], "time_left b 7 0"));
	assert_true(file_has_line(log[1], "time_settings 7 2 1"));
	assert_true(file_has_line(log[1], "time_left w 7 0"));
	remove(log[0]);
	remove(log[1]);
	rmdir(dir);
	cfg.clock_main = 0;
	cfg.byo_periods = 2;
	cfg.byo_time = 1;
	play(&cfg, SLEEPER, PASSER, 0, &res);
	assert_int_equal(res.end, END_TIMEOUT);
	assert_string_equal(res.result, "W+T");
	assert_non_null(strstr(res.detail, "black overran the time on 'genmove b' (move 1, "
					   "2.000 s left)"));
	assert_true(res.timing[COLOR_BLACK].share > 1);
	assert_int_equal(res.timing[COLOR_BLACK].move, 1);
	assert_true(res.timing[COLOR_BLACK].left == 2);
}

/* --adjudicate-score M/N: a lead of M for N moves ends the game for the
 * leader; a lead that does not last does not. */
static void test_adjudication(void **state)
{
	struct match_config cfg = config();
	struct match_result res;

	(void)state;
	cfg.adjudicate_margin = 50;
	cfg.adjudicate_moves = 1;
	play(&cfg, STUBBORN, PASSER, 0, &res); /* E5 alone owns the board */
	assert_int_equal(res.end, END_ADJUDICATED);
	assert_int_equal(res.winner, COLOR_BLACK);
	assert_string_equal(res.result, "B+73.5");
	assert_int_equal(res.moves, 1);
	assert_string_equal(res.detail, "black led by at least 50 for 1 move; standing B+73.5");
	assert_false(match_end_is_forfeit(END_ADJUDICATED));
	assert_string_equal(match_end_name(END_ADJUDICATED), "adjudicated");
	cfg.adjudicate_moves = 3; /* then white's pass and black's illegal E5 */
	play(&cfg, STUBBORN, PASSER, 0, &res);
	assert_int_equal(res.end, END_ILLEGAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_schedule),
		cmocka_unit_test(test_tournament_schedule),
		cmocka_unit_test(test_new_game_options),
		cmocka_unit_test(test_summary),
		cmocka_unit_test(test_rules_end_names),
		cmocka_unit_test(test_unique_names),
		cmocka_unit_test(test_report_table),
		cmocka_unit_test(test_two_passes_are_scored),
		cmocka_unit_test(test_resign_loses),
		cmocka_unit_test(test_illegal_move_loses),
		cmocka_unit_test(test_rejecting_a_legal_move_loses),
		cmocka_unit_test(test_move_cap_scores),
		cmocka_unit_test(test_opening_is_played_first),
		cmocka_unit_test(test_probe_after_game),
		cmocka_unit_test(test_time_settings_whole_seconds),
		cmocka_unit_test(test_init_lines),
		cmocka_unit_test(test_clock),
		cmocka_unit_test(test_byoyomi_accounting),
		cmocka_unit_test(test_byoyomi),
		cmocka_unit_test(test_adjudication),
	};

	return cmocka_run_group_tests_name("match_referee", tests, NULL, NULL);
}
