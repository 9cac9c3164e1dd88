/* Unit tests for shards and --merge (src/match/merge.c, the shard
 * functions of src/match/match.c): which games a shard plays, the checks
 * that files are of one match, and the SPRT replayed in game order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/go/go.h"
#include "match/match.h"
#include "match/merge.h"
#include "match/report.h"

#define ERRLEN 256

static struct match_config config(long games)
{
	struct match_config cfg = {
		.ops = &go_ops, .games = games, .games_per_pair = games, .size = "9",
		.nengines = 2, .concurrency = 1, .seed = 1, .alternate = true,
		.engines = { { .spec = "a" }, { .spec = "b" } },
	};
	return cfg;
}

/* Every game is in exactly one shard, the two games of a pair in the
 * same one, and the shards' counts add up to the match. */
static void check_shards(struct match_config cfg, long n)
{
	long total = 0;
	int *owner = calloc((size_t)cfg.games, sizeof(*owner));

	assert_non_null(owner);
	for (long k = 0; k < n; k++) {
		cfg.shard = k;
		cfg.shards = n;
		for (long i = 0; i < cfg.games; i++)
			if (match_in_shard(&cfg, i))
				owner[i] += (int)k + 1;
		total += match_shard_games(&cfg);
	}
	assert_int_equal(total, cfg.games);
	for (long i = 0; i < cfg.games; i++) {
		long partner = match_partner(&cfg, i);
		assert_true(owner[i] >= 1 && owner[i] <= n);
		assert_int_equal(match_game_pair(&cfg, i) % n, owner[i] - 1);
		if (partner >= 0)
			assert_int_equal(owner[partner], owner[i]);
	}
	free(owner);
}

static void test_shards_keep_pairs_whole(void **state)
{
	struct match_config cfg = config(13);

	(void)state;
	/* 13 games: pairs 0..5, and game 13 alone (pair 6). */
	assert_int_equal(match_game_pair(&cfg, 0), 0);
	assert_int_equal(match_game_pair(&cfg, 1), 0);
	assert_int_equal(match_game_pair(&cfg, 2), 1);
	assert_int_equal(match_game_pair(&cfg, 12), 6);
	assert_int_equal(match_partner(&cfg, 4), 5);
	assert_int_equal(match_partner(&cfg, 5), 4);
	assert_int_equal(match_partner(&cfg, 12), -1);
	cfg.shard = 1;
	cfg.shards = 3;
	/* Pairs 1 and 4: games 3, 4, 9, 10 (1-based). */
	assert_int_equal(match_shard_games(&cfg), 4);
	assert_true(match_in_shard(&cfg, 2) && match_in_shard(&cfg, 3));
	assert_true(match_in_shard(&cfg, 8) && match_in_shard(&cfg, 9));
	assert_false(match_in_shard(&cfg, 0) || match_in_shard(&cfg, 4));
	for (long n = 1; n <= 8; n++)
		check_shards(config(13), n);
	/* A round robin of three engines, 3 games a pair: each engine pair's
	 * games are numbered apart, their pairs too (2 per engine pair). */
	struct match_config rr = config(9);
	rr.nengines = 3;
	rr.tournament = TOURNAMENT_ROUNDROBIN;
	rr.games_per_pair = 3;
	assert_int_equal(match_game_pair(&rr, 2), 1);
	assert_int_equal(match_game_pair(&rr, 3), 2);
	assert_int_equal(match_partner(&rr, 2), -1);
	assert_int_equal(match_partner(&rr, 3), 4);
	for (long n = 1; n <= 7; n++)
		check_shards(rr, n);
}

/* Games where engine 1 wins as the string says, a pair a character:
 * 'W' both games, 'D' one each (DD/WL), 'L' neither. */
static void fill_games(const struct match_config *cfg, const char *pairs,
		       struct match_result *results)
{
	for (long i = 0; i < cfg->games; i++) {
		struct match_result *r = &results[i];
		char kind = pairs[i / 2];
		int opening;

		memset(r, 0, sizeof(*r));
		r->number = (int)i + 1;
		match_schedule(cfg, i, &r->black, &r->white, &opening);
		r->opening = opening;
		bool one_wins = kind == 'W' || (kind == 'D' && i % 2 == 0);
		int color1 = r->black == 0 ? COLOR_BLACK : COLOR_WHITE;
		r->winner = one_wins ? color1 : color1 == COLOR_BLACK ? COLOR_WHITE : COLOR_BLACK;
		r->end = END_RESIGN;
		snprintf(r->result, sizeof(r->result), "%s+R", r->winner == COLOR_BLACK ? "B" : "W");
		r->digest = (uint64_t)i + 1;
		r->done = true;
	}
}

/* merge_report's text, in a buffer the caller frees. */
static char *merged(const struct match_config *cfg, const struct match_result *results,
		    enum sprt_state *state)
{
	const char *names[] = { "one", "two" };
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	*state = merge_report(cfg, names, results, out);
	fclose(out);
	return text;
}

/* The game at which the whole match, one game at a time, stops: the
 * first whole pair after which the pentanomial LLR reaches a bound. */
static long whole_match_stop(const struct match_config *cfg, const char *pairs)
{
	struct stats_penta p = { { 0 } };

	for (long k = 0; 2 * k + 1 < cfg->games; k++) {
		p.pairs[pairs[k] == 'W' ? 4 : pairs[k] == 'D' ? 2 : 0]++;
		if (stats_sprt_state(stats_penta_llr(&p, &cfg->sprt), &cfg->sprt) != SPRT_CONTINUE)
			return 2 * k + 2;
	}
	return 0;
}

static void test_sprt_replayed_in_game_order(void **state)
{
	/* Engine 1 wins both games of most pairs: H1 somewhere in the
	 * middle of the 60 games. */
	const char *pairs = "WWDWWWWWWWDWWWWWWWWWWWWWWWWWWW";
	struct match_config cfg = config(60);
	struct match_result results[60];
	enum sprt_state st;
	char line[64];

	(void)state;
	cfg.use_sprt = true;
	cfg.sprt = (struct sprt){ .elo0 = 0, .elo1 = 100, .alpha = 0.05, .beta = 0.05 };
	long stop = whole_match_stop(&cfg, pairs);
	assert_true(stop > 8 && stop < 60);
	fill_games(&cfg, pairs, results);

	/* Every game there: H1 at the whole match's game, the later games
	 * left out of the report. */
	char *text = merged(&cfg, results, &st);
	assert_int_equal(st, SPRT_H1);
	snprintf(line, sizeof(line), "H1 accepted, stopped after %ld games\n", stop);
	assert_non_null(strstr(text, line));
	snprintf(line, sizeof(line), "\n%5ld ", stop);
	assert_non_null(strstr(text, line));
	snprintf(line, sizeof(line), "\n%5ld ", stop + 1);
	assert_null(strstr(text, line));
	free(text);

	/* A game missing before that point: no decision, whatever the
	 * games after the gap say. */
	results[6].done = false;
	text = merged(&cfg, results, &st);
	assert_int_equal(st, SPRT_CONTINUE);
	assert_non_null(strstr(text, "over games 1-6: continue, game 7 not played yet\n"));
	free(text);

	/* A game missing after it: the same decision as with every game. */
	results[6].done = true;
	results[stop + 3].done = false;
	text = merged(&cfg, results, &st);
	assert_int_equal(st, SPRT_H1);
	snprintf(line, sizeof(line), "H1 accepted, stopped after %ld games\n", stop);
	assert_non_null(strstr(text, line));
	free(text);
}

/* Without --sprt the report counts every game there, pairs whole or not. */
static void test_report_counts_what_is_there(void **state)
{
	struct match_config cfg = config(8);
	struct match_result results[8];
	enum sprt_state st;

	(void)state;
	fill_games(&cfg, "WDLW", results);
	results[5].done = false; /* pair 2 (LL) is not whole */
	char *text = merged(&cfg, results, &st);
	assert_int_equal(st, SPRT_CONTINUE);
	assert_non_null(strstr(text, "pairs (colours swapped): 3 (1 game outside a whole pair); "
				     "LL 0, LD 0, DD/WL 1, WD 0, WW 2\n"));
	assert_null(strstr(text, "SPRT"));
	free(text);
}

static void file(struct merge_file *f, const char *path, uint64_t seed, long shard, long shards,
		 const char *args)
{
	memset(f, 0, sizeof(*f));
	f->path = path;
	f->rf.seed = seed;
	f->rf.shard = shard;
	f->rf.shards = shards;
	f->args = (char *)args;
}

static void test_files_of_one_match(void **state)
{
	struct merge_file f[3];
	char err[ERRLEN];

	(void)state;
	file(&f[0], "r0", 7, 0, 3, "--games 8\n");
	file(&f[1], "r1", 7, 1, 3, "--games 8\n");
	file(&f[2], "r2", 7, 2, 3, "--games 8\n");
	assert_int_equal(merge_check(f, 3, err, sizeof(err)), 0);
	f[2].rf.seed = 8;
	assert_int_equal(merge_check(f, 3, err, sizeof(err)), -1);
	assert_string_equal(err, "r2 is not of the match r0 records: its seed is 8, not 7");
	f[2].rf.seed = 7;
	f[2].args = "--games 10\n";
	assert_int_equal(merge_check(f, 3, err, sizeof(err)), -1);
	assert_string_equal(err, "r2 is not of the match r0 records: its arguments differ "
				 "(--games 10, not --games 8)");
	f[2].args = "--games 8\n--sprt 0 5\n";
	assert_int_equal(merge_check(f, 3, err, sizeof(err)), -1);
	assert_string_equal(err, "r2 is not of the match r0 records: its arguments differ "
				 "(--sprt 0 5, not nothing)");
	f[2].args = "--games 8\n";
	f[2].rf.shard = 1;
	assert_int_equal(merge_check(f, 3, err, sizeof(err)), -1);
	assert_string_equal(err, "r1 and r2 are both shard 1/3");
	f[2].rf.shard = 2;
	f[2].rf.shards = 4;
	assert_int_equal(merge_check(f, 3, err, sizeof(err)), -1);
	assert_string_equal(err, "r2 is shard 2/4, r0 shard 0/3: not the shards of one match");
	f[2].rf.shards = 0;
	assert_int_equal(merge_check(f, 3, err, sizeof(err)), -1);
	assert_string_equal(err, "r2 is the whole match, r0 shard 0/3: not the shards of one match");
}

static void test_games_of_their_shard(void **state)
{
	struct match_config cfg = config(8);
	struct match_result games[8], results[8];
	struct merge_file f[2];
	char err[ERRLEN];

	(void)state;
	fill_games(&cfg, "WDLW", games);
	file(&f[0], "r0", 1, 0, 2, "");
	file(&f[1], "r1", 1, 1, 2, "");
	/* Shard 0 of 2: pairs 0 and 2, games 1, 2, 5, 6. */
	struct match_result s0[] = { games[0], games[1], games[4], games[5] };
	struct match_result s1[] = { games[2], games[3], games[6], games[7] };
	f[0].rf.games = s0;
	f[0].rf.ngames = 4;
	f[1].rf.games = s1;
	f[1].rf.ngames = 4;
	memset(results, 0, sizeof(results));
	assert_int_equal(merge_collect(&cfg, f, 2, results, err, sizeof(err)), 0);
	for (int i = 0; i < 8; i++)
		assert_true(results[i].done && results[i].number == i + 1);
	/* A game of the other shard. */
	s1[0] = games[0];
	memset(results, 0, sizeof(results));
	assert_int_equal(merge_collect(&cfg, f, 2, results, err, sizeof(err)), -1);
	assert_string_equal(err, "r1: game 1 is not one of shard 1/2's");
	/* A game whose colours are not the schedule's. */
	s1[0] = games[2];
	s1[0].black = 1;
	s1[0].white = 0;
	memset(results, 0, sizeof(results));
	assert_int_equal(merge_collect(&cfg, f, 2, results, err, sizeof(err)), -1);
	assert_string_equal(err, "r1: game 3 does not fit the match's schedule");
	/* A game beyond the match. */
	s1[0] = games[2];
	s1[0].number = 9;
	memset(results, 0, sizeof(results));
	assert_int_equal(merge_collect(&cfg, f, 2, results, err, sizeof(err)), -1);
	assert_string_equal(err, "r1: game 9 is beyond the match's 8 games");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shards_keep_pairs_whole),
		cmocka_unit_test(test_sprt_replayed_in_game_order),
		cmocka_unit_test(test_report_counts_what_is_there),
		cmocka_unit_test(test_files_of_one_match),
		cmocka_unit_test(test_games_of_their_shard),
	};

	return cmocka_run_group_tests_name("match_merge", tests, NULL, NULL);
}
