/* Unit tests of Gomoku's engine (the alphabeta level): the line tables
 * against hand-counted lines, the incremental position against a
 * recomputation after random stones and takebacks, renju's cheap foul
 * filter against the exact test; the threat solver on the VCF set
 * (gomoku_vcf_set.h: the solver's line and the hand-checked line both
 * replayed with the rules alone), positions without a VCF, a VCT; the
 * search through the game's genmove: VCF wins within a node budget, fives,
 * blocks of fours and of open threes under each rule set (renju's
 * forbidden points for black included), the only defences of open threes,
 * four-three and double-three points at medium's budget, hard against easy
 * in four games, determinism, and the limits (node budget, depth, stop flag, time).
 * Every search runs on a node or depth budget but the time test's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/gomoku/gomoku.h"
#include "games/gomoku/gomoku_search.h"
#include "gomoku_vcf_set.h"
#include "util/monotime.h"
#include "util/xalloc.h"

#define CASES (sizeof(gomoku_vcf_set) / sizeof(gomoku_vcf_set[0]))
#define HARD_NODES 20000 /* the tests' hard level for tactics and VCF */
#define MEDIUM_NODES 20000 /* the shipped medium level's budget */
#define MATCH_NODES 50000 /* hard's budget against easy */
#define CHECK_NODES 1000000 /* a budget whose checks see a VCT of three threes */

/* ---- helpers ------------------------------------------------------------ */

static int vertex(const struct gomoku_board *b, const char *text)
{
	int p;

	if (gomoku_parse_vertex(b, text, &p) < 0)
		fail_msg("bad vertex %s", text);
	return p;
}

static char *vertex_text(const struct gomoku_board *b, int p)
{
	static char text[8];
	struct strbuf sb = STRBUF_INIT;

	gomoku_print_vertex(b, p, &sb);
	snprintf(text, sizeof(text), "%s", sb_str(&sb));
	sb_free(&sb);
	return text;
}

/* Put stones of color on the vertices of a space-separated list. */
static void put(struct gomoku_board *b, int color, const char *list)
{
	char *copy = xstrdup(list), *save = NULL;

	for (char *v = strtok_r(copy, " ", &save); v; v = strtok_r(NULL, " ", &save))
		gomoku_board_put(b, vertex(b, v), color);
	free(copy);
}

/* The points of a space-separated list into out; returns how many. */
static int points(const struct gomoku_board *b, const char *list, int *out)
{
	char *copy = xstrdup(list), *save = NULL;
	int n = 0;

	for (char *v = strtok_r(copy, " ", &save); v; v = strtok_r(NULL, " ", &save))
		out[n++] = vertex(b, v);
	free(copy);
	return n;
}

static struct gomoku_game *new_game(int size, enum gomoku_rules rules)
{
	struct gomoku_game *gg = gomoku_of(gomoku_ops.create(7));

	gomoku_set_rules(gg, rules);
	gomoku_reset(gg, size);
	return gg;
}

static void destroy(struct gomoku_game *gg)
{
	gomoku_ops.destroy(&gg->base);
}

/* Play a space-separated list of vertices alternately from the side to
 * move; every move must be accepted and the game must go on. */
static void play_all(struct gomoku_game *gg, const char *list)
{
	char *copy = xstrdup(list), *save = NULL, err[64];

	for (char *v = strtok_r(copy, " ", &save); v; v = strtok_r(NULL, " ", &save))
		if (gomoku_play(gg, gomoku_to_move(gg), vertex(&gg->board, v), err, sizeof(err)) < 0)
			fail_msg("play %s: %s", v, err);
	assert_false(gg->over);
	free(copy);
}

static struct gomoku_game *case_game(const struct gomoku_vcf_case *c)
{
	struct gomoku_game *gg = new_game(c->size, c->rules);

	play_all(gg, c->moves);
	return gg;
}

/* The points where color, to play now, makes a winning line, by the rules
 * alone; returns how many (into out when not NULL). */
static int five_points(const struct gomoku_board *b, enum gomoku_rules rules, int color,
		       int *out)
{
	int n = 0;

	for (int row = 0; row < b->size; row++)
		for (int col = 0; col < b->size; col++) {
			int p = gomoku_point(b, col, row);

			if (b->cell[p] == GOMOKU_EMPTY && gomoku_wins(b, rules, color, p)) {
				if (out)
					out[n] = p;
				n++;
			}
		}
	return n;
}

/* Replay a VCF line for the side to move of gg's position with the rules
 * alone (no engine code): each attacker stone legal and a five or a four,
 * the defender without a five, each reply the one completion point; the
 * line ends with a five, or with a stone after which the defender cannot
 * stop every five (two completion points, or renju's forbidden block). */
static void assert_vcf_line(const struct gomoku_game *gg, const int *line, int n,
			    const char *name)
{
	struct gomoku_board b = gg->board;
	enum gomoku_rules rules = gg->rules;
	int att = gomoku_to_move(gg), def = gomoku_other(att), fives[GOMOKU_MAX_CELLS];

	if (n < 1)
		fail_msg("%s: empty line", name);
	for (int i = 0; i < n; i += 2) {
		int x = line[i];

		if (!gomoku_is_legal(&b, rules, att, x))
			fail_msg("%s: attacker stone %d (%s) illegal", name, i, vertex_text(&b, x));
		bool five = gomoku_wins(&b, rules, att, x);
		gomoku_board_put(&b, x, att);
		if (five) {
			if (i != n - 1)
				fail_msg("%s: a five before the line ends", name);
			return;
		}
		int nf = five_points(&b, rules, att, fives);
		if (nf < 1)
			fail_msg("%s: stone %d (%s) is no four", name, i, vertex_text(&b, x));
		if (five_points(&b, rules, def, NULL))
			fail_msg("%s: the defender has a five after stone %d", name, i);
		bool unstoppable = nf >= 2 || !gomoku_is_legal(&b, rules, def, fives[0]);
		if (i == n - 1) {
			if (!unstoppable)
				fail_msg("%s: the line ends on a four that can be blocked", name);
			return;
		}
		if (unstoppable)
			fail_msg("%s: won before the line ends", name);
		if (line[i + 1] != fives[0])
			fail_msg("%s: reply %d is %s, not the block %s", name, i + 1,
				 vertex_text(&b, line[i + 1]), vertex_text(&b, fives[0]));
		gomoku_board_put(&b, fives[0], def);
	}
	fail_msg("%s: the line ends on a defender's stone", name);
}

/* The VCF solver on gg's position, the side to move attacking. */
static bool solve(const struct gomoku_game *gg, bool vct, long limit, int *line, int *n,
		  long *nodes)
{
	struct gomoku_pos *pos = xmalloc(sizeof(*pos));
	struct gomoku_solver sv;

	gomoku_pos_init(pos, &gg->board, gg->rules, gomoku_to_move(gg));
	gomoku_solver_init(&sv, pos);
	sv.limit = limit;
	if (vct)
		sv.max_depth = 4;
	bool won = vct ? gomoku_solve_vct(&sv) : gomoku_solve_vcf(&sv);
	if (line) {
		memcpy(line, sv.seq, (size_t)sv.nseq * sizeof(*line));
		*n = sv.nseq;
	}
	if (nodes)
		*nodes = sv.nodes;
	assert_true(gomoku_pos_check(pos)); /* unchanged by the search */
	gomoku_solver_free(&sv);
	free(pos);
	return won;
}

/* genmove through the game at an alphabeta level of nodes; the move. */
static int hard_move(struct gomoku_game *gg, long nodes)
{
	struct game_level level = { .name = "hard", .algorithm = "alphabeta", .nodes = nodes };
	struct game_budget budget = { .level = &level };
	char err[64];
	int move;

	if (gomoku_ops.genmove(&gg->base, gomoku_to_move(gg), &budget, &move, err, sizeof(err)) < 0)
		fail_msg("genmove: %s", err);
	return move;
}

/* ---- line tables ---------------------------------------------------------- */

/* The pattern of color's stone on v along direction d of b. */
static int pattern_at(const struct gomoku_board *b, enum gomoku_rules rules, int color,
		      const char *v, int d)
{
	struct gomoku_pos *pos = xmalloc(sizeof(*pos));
	int pat;

	gomoku_pos_init(pos, b, rules, color);
	pat = gomoku_pat_of(pos->cell[vertex(b, v)].pat[d], color);
	free(pos);
	return pat;
}

static void test_line_patterns(void **state)
{
	struct gomoku_board b;

	(void)state;
	gomoku_board_init(&b, 15);
	put(&b, GOMOKU_BLACK, "H8 J8 K8"); /* an open three on row 8 */
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "L8", 0), GOMOKU_PAT_F4);
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "G8", 0), GOMOKU_PAT_F4);
	/* H8 J8 K8 . M8: one completion point */
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "M8", 0), GOMOKU_PAT_B4);
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "F8", 0), GOMOKU_PAT_B4);
	/* N8: J8 K8 . . N8, one stone more makes a four (a closed three) */
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "N8", 0), GOMOKU_PAT_B3);
	/* white there blocks: its own line is one stone */
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_WHITE, "L8", 0), GOMOKU_PAT_B1);
	/* column L for black: a lone stone on an open line */
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "L8", 1), GOMOKU_PAT_F1);
	/* closed on one side: O H8 J8 K8 -> L8 makes a four with M8 only */
	put(&b, GOMOKU_WHITE, "G8");
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "L8", 0), GOMOKU_PAT_B4);
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "M8", 0), GOMOKU_PAT_B4);
	/* ...and an open two there is a closed three's start */
	gomoku_board_init(&b, 15);
	put(&b, GOMOKU_BLACK, "H8 J8");
	put(&b, GOMOKU_WHITE, "G8");
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "K8", 0), GOMOKU_PAT_B3);
	/* G8 H8 J8 K8 . M8: L8 makes six */
	gomoku_board_init(&b, 15);
	put(&b, GOMOKU_BLACK, "G8 H8 J8 K8 M8");
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "L8", 0), GOMOKU_PAT_F5);
	assert_int_equal(pattern_at(&b, GOMOKU_STANDARD, GOMOKU_BLACK, "L8", 0), GOMOKU_PAT_OL);
	assert_int_equal(pattern_at(&b, GOMOKU_RENJU, GOMOKU_BLACK, "L8", 0), GOMOKU_PAT_OL);
	/* F8 completes exactly five (G8..K8 with F8) in every rule set */
	assert_int_equal(pattern_at(&b, GOMOKU_STANDARD, GOMOKU_BLACK, "F8", 0), GOMOKU_PAT_F5);
	/* the same stones white: renju lets white's six win */
	gomoku_board_init(&b, 15);
	put(&b, GOMOKU_WHITE, "G8 H8 J8 K8 M8");
	assert_int_equal(pattern_at(&b, GOMOKU_RENJU, GOMOKU_WHITE, "L8", 0), GOMOKU_PAT_F5);
	assert_int_equal(pattern_at(&b, GOMOKU_STANDARD, GOMOKU_WHITE, "L8", 0), GOMOKU_PAT_OL);
	/* the edge blocks: A1 A2 A3, A4 makes a four with A5 only */
	gomoku_board_init(&b, 15);
	put(&b, GOMOKU_BLACK, "A1 A2 A3");
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "A4", 1), GOMOKU_PAT_B4);
	/* four cells between white stones hold no five */
	gomoku_board_init(&b, 15);
	put(&b, GOMOKU_WHITE, "D8 J8");
	put(&b, GOMOKU_BLACK, "F8");
	assert_int_equal(pattern_at(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, "G8", 0), GOMOKU_PAT_DEAD);
	/* a 5x5 board: a row is exactly one five */
	gomoku_board_init(&b, 5);
	put(&b, GOMOKU_BLACK, "A1 B1 D1");
	assert_int_equal(pattern_at(&b, GOMOKU_STANDARD, GOMOKU_BLACK, "C1", 0), GOMOKU_PAT_B4);
}

/* ---- the incremental position ------------------------------------------- */

/* Random stones and takebacks on boards of every kind of edge; after each
 * step every invariant holds (gomoku_pos_check recomputes them), and after
 * taking everything back the position is the empty one again. */
static void test_pos_incremental(void **state)
{
	static const int sizes[] = { 5, 9, 15, 25 };
	struct gomoku_pos *pos = xmalloc(sizeof(*pos)), *empty = xmalloc(sizeof(*empty));

	(void)state;
	for (size_t si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++)
		for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++) {
			int size = sizes[si], stack[GOMOKU_MAX_CELLS], n = 0;
			struct gomoku_board b;
			struct rng r;

			rng_seed(&r, (uint64_t)(size * 10 + rules));
			gomoku_board_init(&b, size);
			gomoku_pos_init(pos, &b, rules, GOMOKU_BLACK);
			gomoku_pos_init(empty, &b, rules, GOMOKU_BLACK);
			for (int i = 0; i < 400; i++) {
				if (n < size * size - 1 && (n == 0 || rng_below(&r, 3))) {
					int p;

					do
						p = gomoku_point(&b, (int)rng_below(&r, (uint32_t)size),
								 (int)rng_below(&r, (uint32_t)size));
					while (pos->b.cell[p] != GOMOKU_EMPTY);
					gomoku_pos_put(pos, p);
					stack[n++] = p;
				} else {
					gomoku_pos_remove(pos, stack[--n]);
				}
				if (i % 23 == 0 && !gomoku_pos_check(pos))
					fail_msg("size %d rules %d step %d: invariants broken", size,
						 rules, i);
			}
			while (n > 0)
				gomoku_pos_remove(pos, stack[--n]);
			assert_true(gomoku_pos_check(pos));
			assert_int_equal(pos->hash, empty->hash);
			assert_memory_equal(pos->cell, empty->cell, sizeof(pos->cell));
		}
	free(pos);
	free(empty);
}

/* The cheap filter never misses a forbidden point: in renju positions with
 * many black stones, gomoku_pos_forbidden agrees with gomoku_renju_foul on
 * every empty point. */
static void test_foul_filter(void **state)
{
	struct gomoku_pos *pos = xmalloc(sizeof(*pos));
	int fouls = 0;

	(void)state;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		struct gomoku_board b;
		struct rng r;

		rng_seed(&r, seed);
		gomoku_board_init(&b, 15);
		/* clustered stones, two black for one white */
		for (int i = 0; i < 45; i++) {
			int p = gomoku_point(&b, 4 + (int)rng_below(&r, 7), 4 + (int)rng_below(&r, 7));

			if (b.cell[p] == GOMOKU_EMPTY)
				gomoku_board_put(&b, p, i % 3 ? GOMOKU_BLACK : GOMOKU_WHITE);
		}
		gomoku_pos_init(pos, &b, GOMOKU_RENJU, GOMOKU_BLACK);
		for (int row = 0; row < 15; row++)
			for (int col = 0; col < 15; col++) {
				int p = gomoku_point(&b, col, row);

				if (b.cell[p] != GOMOKU_EMPTY)
					continue;
				bool foul = gomoku_renju_foul(&b, p) != GOMOKU_FOUL_NONE;

				fouls += foul;
				if (foul != gomoku_pos_forbidden(pos, GOMOKU_BLACK, p))
					fail_msg("seed %d %s: filter disagrees", (int)seed,
						 vertex_text(&b, p));
				assert_false(gomoku_pos_forbidden(pos, GOMOKU_WHITE, p));
			}
	}
	assert_true(fouls > 20); /* the positions did have forbidden points */
	free(pos);
}

/* Every point the replies to an open-four threat leave out loses: after
 * the defender's stone there, the attacker still has a point making an
 * open four, and the defender no five to make. In clustered positions of
 * every rules, for both colours; some points are left out. */
static void check_defences(struct gomoku_pos *pos, int att, int *dropped)
{
	int def = gomoku_other(att);
	struct gomoku_bits kept;

	gomoku_pos_defences(pos, att, &kept);
	for (int p = 0; p < GOMOKU_MAX_CELLS; p++) {
		if (pos->b.cell[p] != GOMOKU_EMPTY || gomoku_bits_has(&kept, p) ||
		    gomoku_pos_forbidden(pos, def, p))
			continue;
		(*dropped)++;
		gomoku_pos_put(pos, p);
		if (gomoku_pos_flex4(pos, att) < 0 || pos->count[def][GOMOKU_T_FIVE])
			fail_msg("rules %d: %s left out but it defends", (int)pos->rules,
				 vertex_text(&pos->b, p));
		gomoku_pos_remove(pos, p);
	}
}

static void test_defences(void **state)
{
	struct gomoku_pos *pos = xmalloc(sizeof(*pos));
	int dropped = 0, threats = 0;

	(void)state;
	for (uint64_t seed = 1; seed <= 120; seed++)
		for (int att = GOMOKU_BLACK; att <= GOMOKU_WHITE; att++) {
			struct gomoku_board b;
			struct rng r;
			int def = gomoku_other(att);

			rng_seed(&r, seed);
			gomoku_board_init(&b, 15);
			for (int i = 0; i < 24; i++) {
				int p = gomoku_point(&b, 3 + (int)rng_below(&r, 9),
						     3 + (int)rng_below(&r, 9));

				if (b.cell[p] == GOMOKU_EMPTY)
					gomoku_board_put(&b, p, i % 2 ? def : att);
			}
			gomoku_pos_init(pos, &b, (enum gomoku_rules)(seed % GOMOKU_RULES_COUNT),
					def);
			if (gomoku_pos_flex4(pos, att) < 0 || pos->count[att][GOMOKU_T_FIVE] ||
			    pos->count[def][GOMOKU_T_FIVE])
				continue;
			threats++;
			check_defences(pos, att, &dropped);
		}
	assert_true(threats > 20);
	assert_true(dropped > 100);
	free(pos);
}

/* ---- the threat solver ---------------------------------------------------- */

/* Every position of the set: the solver finds a win within a small budget;
 * its line and the hand-checked line both stand the rules-only replay. */
static void test_vcf_set(void **state)
{
	(void)state;
	for (size_t i = 0; i < CASES; i++) {
		const struct gomoku_vcf_case *c = &gomoku_vcf_set[i];
		struct gomoku_game *gg = case_game(c);
		int line[GOMOKU_SOLVE_MAX], n, hand[GOMOKU_SOLVE_MAX];
		long nodes;

		if (!solve(gg, false, 20000, line, &n, &nodes))
			fail_msg("%s: no VCF found (%ld nodes)", c->name, nodes);
		assert_vcf_line(gg, line, n, c->name);
		n = points(&gg->board, c->line, hand);
		assert_vcf_line(gg, hand, n, c->name);
		destroy(gg);
	}
}

/* No VCF: the forbidden block is no block under freestyle; the renju
 * double four is not the renju line's first stone; a four whose block
 * makes a four the attacker cannot answer with a four. */
static void test_vcf_none(void **state)
{
	struct gomoku_game *gg;
	int line[GOMOKU_SOLVE_MAX], n;

	(void)state;
	for (size_t i = 0; i < CASES; i++) {
		const struct gomoku_vcf_case *c = &gomoku_vcf_set[i];

		if (strcmp(c->name, "renju-white-forbidden-block"))
			continue;
		gg = new_game(c->size, GOMOKU_FREESTYLE);
		play_all(gg, c->moves);
		assert_false(solve(gg, false, 0, NULL, NULL, NULL));
		destroy(gg);
	}
	for (size_t i = 0; i < CASES; i++) {
		const struct gomoku_vcf_case *c = &gomoku_vcf_set[i];

		if (strcmp(c->name, "renju-black-avoids-double-four"))
			continue;
		gg = case_game(c);
		assert_true(solve(gg, false, 0, line, &n, NULL));
		assert_int_not_equal(line[0], vertex(&gg->board, "H8"));
		gomoku_set_rules(gg, GOMOKU_FREESTYLE);
		assert_true(solve(gg, false, 0, line, &n, NULL));
		assert_int_equal(n, 1);
		assert_int_equal(line[0], vertex(&gg->board, "H8"));
		destroy(gg);
	}
	/* black F8 G8 H8 (E8 white): J8 makes a four, but white's block K8
	 * makes K8 K9 K10 K11 (K12 black), and black has no four at K7; K8
	 * instead leaves black no four after white's J8 */
	gg = new_game(15, GOMOKU_FREESTYLE);
	play_all(gg, "F8 E8 G8 K9 H8 K10 K12 K11");
	assert_false(solve(gg, false, 0, NULL, NULL, NULL));
	destroy(gg);
}

/* Black F8 G8 and H10 H11 (white far away): no four to play, so no
 * VCF, but threes win (H8 is a double three); the first stone is a three
 * or a four. Under renju H8 is black's forbidden point: a VCT there starts
 * elsewhere. */
static void test_vct(void **state)
{
	struct gomoku_game *gg = new_game(15, GOMOKU_FREESTYLE);
	int line[GOMOKU_SOLVE_MAX], n;
	struct gomoku_pos *pos = xmalloc(sizeof(*pos));

	(void)state;
	play_all(gg, "F8 A1 G8 O1 H10 A15 H11 O15");
	assert_false(solve(gg, false, 0, NULL, NULL, NULL));
	assert_true(solve(gg, true, 100000, line, &n, NULL));
	gomoku_pos_init(pos, &gg->board, gg->rules, COLOR_BLACK);
	assert_true(gomoku_p4(pos, COLOR_BLACK, line[0]) >= GOMOKU_P4_FLEX3);
	gomoku_set_rules(gg, GOMOKU_RENJU);
	assert_true(gomoku_renju_foul(&gg->board, vertex(&gg->board, "H8")) ==
		    GOMOKU_FOUL_DOUBLE_THREE);
	if (solve(gg, true, 100000, line, &n, NULL))
		assert_int_not_equal(line[0], vertex(&gg->board, "H8"));
	free(pos);
	destroy(gg);
}

/* ---- the search through genmove ------------------------------------------ */

/* In every position of the set hard's move within HARD_NODES keeps the win:
 * it makes a five, or a four after whose block the attacker still wins by
 * VCF (replayed by the rules), or leaves no block at all. */
static void test_hard_finds_vcf(void **state)
{
	(void)state;
	for (size_t i = 0; i < CASES; i++) {
		const struct gomoku_vcf_case *c = &gomoku_vcf_set[i];
		struct gomoku_game *gg = case_game(c);
		int att = gomoku_to_move(gg), fives[GOMOKU_MAX_CELLS], line[GOMOKU_SOLVE_MAX], n;
		char err[64];

		hard_move(gg, HARD_NODES);
		if (gg->over) {
			if (gg->winner != att)
				fail_msg("%s: the game ended without the attacker winning", c->name);
			destroy(gg);
			continue;
		}
		int nf = five_points(&gg->board, gg->rules, att, fives);
		if (nf == 0)
			fail_msg("%s: hard's move %s is no four", c->name,
				 vertex_text(&gg->board, gg->moves[gg->nmoves - 1]));
		if (nf == 1 && gomoku_is_legal(&gg->board, gg->rules, gomoku_other(att), fives[0])) {
			assert_int_equal(gomoku_play(gg, gomoku_other(att), fives[0], err, sizeof(err)),
					 0);
			if (!solve(gg, false, 20000, line, &n, NULL))
				fail_msg("%s: no win left after hard's move", c->name);
			assert_vcf_line(gg, line, n, c->name);
		}
		destroy(gg);
	}
}

/* The moves of limits' exclude list are never chosen, whatever decides
 * the move: of black's open four's two fives the other is played, with
 * both left out some other legal point; white left without its only
 * block plays elsewhere; on the empty board the centre's next best is
 * beside it. */
static void test_exclude(void **state)
{
	struct gomoku_board b;
	int ex[2];
	struct search_limits lim = { .nodes = 3000, .exclude = ex };

	(void)state;
	gomoku_board_init(&b, 15);
	put(&b, GOMOKU_BLACK, "H8 J8 K8 L8");
	put(&b, GOMOKU_WHITE, "H9 J9 K9");
	ex[0] = vertex(&b, "G8");
	lim.nexclude = 1;
	assert_int_equal(gomoku_search(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, &lim, NULL),
			 vertex(&b, "M8"));
	ex[1] = vertex(&b, "M8");
	lim.nexclude = 2;
	int m = gomoku_search(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, &lim, NULL);
	assert_true(m >= 0 && m != ex[0] && m != ex[1] && b.cell[m] == GOMOKU_EMPTY);

	gomoku_board_init(&b, 15);
	put(&b, GOMOKU_BLACK, "H8 J8 K8 L8");
	put(&b, GOMOKU_WHITE, "G8 H9 J9");
	ex[0] = vertex(&b, "M8");
	lim.nexclude = 1;
	m = gomoku_search(&b, GOMOKU_FREESTYLE, GOMOKU_WHITE, &lim, NULL);
	assert_true(m >= 0 && m != ex[0] && b.cell[m] == GOMOKU_EMPTY);

	gomoku_board_init(&b, 15);
	ex[0] = vertex(&b, "H8");
	m = gomoku_search(&b, GOMOKU_FREESTYLE, GOMOKU_BLACK, &lim, NULL);
	assert_true(m != ex[0] && abs(gomoku_col(&b, m) - 7) <= 1 && abs(gomoku_row(&b, m) - 7) <= 1);
}

struct tactic {
	const char *moves; /* from the empty 15x15 board */
	unsigned rules;    /* bit r: the case holds under rules r */
	const char *want;  /* the points any of which is right, or NULL */
	const char *never; /* points that must not be played, or NULL */
};

/* Whether m is one of c's want points (any when it has none) and none of
 * its never points. */
static bool move_among(const struct gomoku_board *b, int m, const struct tactic *c)
{
	int want[16], nwant = c->want ? points(b, c->want, want) : 0;
	int never[16], nnever = c->never ? points(b, c->never, never) : 0;
	bool ok = !c->want;

	for (int j = 0; j < nwant; j++)
		ok |= m == want[j];
	for (int j = 0; j < nnever; j++)
		ok &= m != never[j];
	return ok;
}

#define ALL_RULES 7u
#define FREE (1u << GOMOKU_FREESTYLE)
#define STANDARD (1u << GOMOKU_STANDARD)
#define RENJU (1u << GOMOKU_RENJU)

/* Fives and blocks: the engine plays one of want (any point when NULL),
 * never one of never, at the tests' hard budget and at a tiny one (its
 * root settles these). */
static void test_hard_tactics(void **state)
{
	static const struct tactic cases[] = {
		/* black's five (H8..L8, G8 or M8) before white's open four */
		{ "H8 H9 J8 J9 K8 K9 L8 L9", ALL_RULES, "G8 M8", NULL },
		/* white: its own five (A1..A4) before black's open four */
		{ "H8 A1 J8 A2 K8 A3 L8 A4 O15", ALL_RULES, "A5", NULL },
		/* white blocks black's four (closed at G8) */
		{ "H8 G8 J8 A1 K8 A2 L8", ALL_RULES, "M8", NULL },
		/* a split four: the gap */
		{ "H8 A1 J8 A2 L8 A3 M8", ALL_RULES, "K8", NULL },
		/* a diagonal four at the corner */
		{ "E5 O15 D4 O13 C3 O11 B2", ALL_RULES, "A1 F6", NULL },
		/* white answers black's open three (H8 J8 K8) at an end or
		 * beyond (G8 L8 F8 M8) */
		{ "H8 A1 J8 A3 K8", ALL_RULES, "G8 L8 F8 M8", NULL },
		/* black answers white's split three (H9 J9 . L9) */
		{ "A1 H9 A15 J9 P1 L9 P15", ALL_RULES, "K9 G9 M9", NULL },
		/* black's G8..K8 + M8: L8 makes six, a five only in freestyle;
		 * white's four (A1..A4) must be blocked otherwise */
		{ "G8 A1 H8 A2 J8 A3 K8 A4 M8 O15", FREE, "L8 F8", NULL },
		{ "G8 A1 H8 A2 J8 A3 K8 A4 M8 O15", STANDARD | RENJU, "F8", "L8" },
		/* renju: white's six wins, not under standard */
		{ "A1 G8 A3 H8 A5 J8 A7 K8 C15 M8 O15", FREE | RENJU, "L8 F8", NULL },
		{ "A1 G8 A3 H8 A5 J8 A7 K8 C15 M8 O15", STANDARD, "F8", NULL },
		/* black's H8 makes two fours: a win, but forbidden under renju */
		{ "E8 D8 F8 H12 G8 A1 H9 A15 H10 P1 H11 P15", FREE | STANDARD, "H8", NULL },
		{ "E8 D8 F8 H12 G8 A1 H9 A15 H10 P1 H11 P15", RENJU, NULL, "H8" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++) {
			if (!(cases[i].rules & (1u << rules)))
				continue;
			for (int k = 0; k < 2; k++) {
				struct gomoku_game *gg = new_game(15, rules);

				play_all(gg, cases[i].moves);
				int m = hard_move(gg, k ? HARD_NODES : 200);
				if (!move_among(&gg->board, m, &cases[i]))
					fail_msg("case %zu rules %s: played %s, want one of %s", i,
						 gomoku_rule_names[rules], vertex_text(&gg->board, m),
						 cases[i].want ? cases[i].want : "any");
				destroy(gg);
			}
		}
}

/* Whether the side to move of gg wins by VCF, or with vct by a VCT of
 * four threes at most; the solver must answer within limit (a question it
 * gives up proves nothing). */
static bool threat_wins(const struct gomoku_game *gg, bool vct, long limit)
{
	struct gomoku_pos *pos = xmalloc(sizeof(*pos));
	struct gomoku_solver sv;

	gomoku_pos_init(pos, &gg->board, gg->rules, gomoku_to_move(gg));
	gomoku_solver_init(&sv, pos);
	sv.limit = limit;
	sv.max_depth = vct ? 4 : 0;
	bool won = vct ? gomoku_solve_vct(&sv) : gomoku_solve_vcf(&sv);
	if (sv.aborted)
		fail_msg("the solver gave up after %ld nodes", sv.nodes);
	gomoku_solver_free(&sv);
	free(pos);
	return won;
}

/* Positions where only a defence saves the game: the opponent has an open
 * three (a contiguous one: only its two ends stop it, the points beyond
 * lose to an open four; a split one: its gap and ends), a point making
 * four and three, or a double three, while the side to move has tempting
 * moves of its own (an open two to extend, stones to build on). At
 * medium's budget (20,000 nodes) the engine plays one of the defences,
 * and after it the opponent wins neither by fours nor by threes (the
 * solver, exhaustively, within a large budget). Each case's defences are
 * every point after which the solver finds no win for the opponent (and
 * the opponent has a VCF or a VCT before): the move must be one of them. */
static void test_only_block_saves(void **state)
{
	static const struct tactic cases[] = {
		/* black's open three H8 J8 K8 (room on both sides): G8 or L8,
		 * not F8 or M8, not white's own open three at E3 or B3 */
		{ "H8 C3 J8 D3 K8", ALL_RULES, "G8 L8", "F8 M8 E3 B3" },
		/* the same with white's stones near: still only the ends */
		{ "H8 C3 J8 D3 K8 E4 A15", ALL_RULES, "G8 L8", "F8 M8" },
		/* black's split three H9 J9 . L9: its gap or its ends */
		{ "H9 G8 J9 A1 L9 B1 C10", ALL_RULES, "K9 G9 M9", NULL },
		/* white's L8 makes a four (H8..L8, closed at G8) and a split
		 * three L8 . L6 L5: black takes the point, its four's end M8,
		 * or the three's gap L7 (not in renju: there L7 loses too) or
		 * end L9; black has stones of its own to build on (J9 K9 K7) */
		{ "G8 H8 K7 J8 K9 K8 J9 L6 M7 L5", FREE | STANDARD, "L7 L8 M8 L9", NULL },
		{ "G8 H8 K7 J8 K9 K8 J9 L6 M7 L5", RENJU, "L8 M8 L9", NULL },
		/* black's K8 makes two open threes (H8 J8 K8, K8 . K10 K11),
		 * where white's stones leave only K8 and K9 to stop it;
		 * freestyle and standard (renju forbids black the double three) */
		{ "H8 J9 J8 L12 K10 G7 K11", FREE | STANDARD, "K8 K9", NULL },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		for (int rules = 0; rules < GOMOKU_RULES_COUNT; rules++) {
			if (!(cases[i].rules & (1u << rules)))
				continue;
			struct gomoku_game *gg = new_game(15, rules);

			play_all(gg, cases[i].moves);
			/* no win by fours of its own: it must defend */
			assert_false(threat_wins(gg, false, 1000000));
			int m = hard_move(gg, MEDIUM_NODES);
			if (!move_among(&gg->board, m, &cases[i]))
				fail_msg("case %zu rules %s: played %s, want one of %s", i,
					 gomoku_rule_names[rules], vertex_text(&gg->board, m),
					 cases[i].want);
			/* genmove played m */
			if (threat_wins(gg, false, 1000000) || threat_wins(gg, true, 2000000))
				fail_msg("case %zu rules %s: after %s the opponent still wins", i,
					 gomoku_rule_names[rules], vertex_text(&gg->board, m));
			destroy(gg);
		}
}

/* A move that loses to threats deeper than the iterations see: in this
 * position of a game against AIWine (freestyle), black's H9 lets white
 * win by a VCT of three threes, which the search's check of its best
 * moves finds at CHECK_NODES (the version before the check played H9
 * there). After the move played the opponent has no win by fours (a
 * proof that it has none by threes is out of the solver's reach here). */
static void test_checks_threats(void **state)
{
#define CHECK_GAME "H8 J7 G8 H6 F8 J8 J9 F6 E6 G5 F4 E7 H4 F7 D8 E8 G6 K7"
	struct gomoku_game *gg = new_game(15, GOMOKU_FREESTYLE);

	(void)state;
	play_all(gg, CHECK_GAME " H9");
	assert_true(threat_wins(gg, true, 2000000)); /* H9 loses */
	destroy(gg);
	gg = new_game(15, GOMOKU_FREESTYLE);
	play_all(gg, CHECK_GAME);
	int m = hard_move(gg, CHECK_NODES);
	if (m == vertex(&gg->board, "H9"))
		fail_msg("played H9, which loses to threats");
	if (threat_wins(gg, false, 1000000))
		fail_msg("after %s the opponent wins by fours", vertex_text(&gg->board, m));
	destroy(gg);
}

/* One game of hard (nodes a move) against easy (the seed's computer at
 * depth 1) from an opening; hard plays hard_color. Returns the winner and
 * checks on the way that hard never leaves a five unplayed nor a single
 * four unblocked. */
static int hard_against_easy(const char *opening, enum gomoku_rules rules, int hard_color,
			     long nodes)
{
	struct game_level easy = { .name = "easy", .algorithm = "weights", .depth = 1 };
	struct game_budget easy_budget = { .level = &easy };
	struct gomoku_game *gg = new_game(15, rules);
	char err[64];
	int winner, move;

	play_all(gg, opening);
	while (!gg->over) {
		int color = gomoku_to_move(gg), them = gomoku_other(color);

		if (color != hard_color) {
			assert_int_equal(gomoku_ops.genmove(&gg->base, color, &easy_budget, &move, err,
							    sizeof(err)),
					 0);
			continue;
		}
		int own = 0, fives[GOMOKU_MAX_CELLS];
		int theirs = five_points(&gg->board, rules, them, fives);
		for (int row = 0; row < 15; row++)
			for (int col = 0; col < 15; col++) {
				int p = gomoku_point(&gg->board, col, row);

				own += gomoku_is_legal(&gg->board, rules, color, p) &&
				       gomoku_wins(&gg->board, rules, color, p);
			}
		move = hard_move(gg, nodes);
		if (own)
			assert_true(gg->over && gg->winner == color);
		else if (theirs == 1 && gomoku_is_legal(&gg->board, rules, color, fives[0]) &&
			 !gg->over)
			assert_int_equal(move, fives[0]);
	}
	winner = gg->winner;
	destroy(gg);
	return winner;
}

/* Four games against easy: two openings, hard with each colour, freestyle
 * and renju; hard wins them, never leaving a five unplayed or a four
 * unblocked (tests/integration/gomoku_levels.sh plays the 20 games of
 * the issue through quintet-match). */
static void test_hard_against_easy(void **state)
{
	static const char *const openings[] = { "H8 G9", "H8 J9" };
	int won = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(openings) / sizeof(openings[0]); i++)
		for (int k = 0; k < 2; k++) {
			enum gomoku_rules rules = i % 2 ? GOMOKU_RENJU : GOMOKU_FREESTYLE;
			int hard_color = k ? COLOR_WHITE : COLOR_BLACK;
			int winner = hard_against_easy(openings[i], rules, hard_color, MATCH_NODES);

			if (winner != hard_color)
				print_message("opening %zu (%s), hard %s: lost\n", i, openings[i],
					      k ? "white" : "black");
			won += winner == hard_color;
		}
	assert_int_equal(won, 4);
}

/* The same position and budget: the same move and the same nodes, through
 * two games and through the search itself. */
static void test_determinism(void **state)
{
	const char *moves = "H8 H6 J5 K5 G6 L4 L6 M3 J6 N2 O1 J8";
	struct gomoku_game *a = new_game(15, GOMOKU_FREESTYLE), *b = new_game(15, GOMOKU_FREESTYLE);
	struct search_limits lim = { .nodes = 30000 };
	struct search_info i1, i2;

	(void)state;
	play_all(a, moves);
	play_all(b, moves);
	int m1 = gomoku_search(&a->board, a->rules, COLOR_BLACK, &lim, &i1);
	int m2 = gomoku_search(&b->board, b->rules, COLOR_BLACK, &lim, &i2);
	assert_int_equal(m1, m2);
	assert_int_equal(i1.nodes, i2.nodes);
	assert_int_equal(i1.depth, i2.depth);
	assert_int_equal(i1.score, i2.score);
	assert_int_equal(hard_move(a, 30000), hard_move(b, 30000));
	assert_int_equal(hard_move(a, 30000), hard_move(b, 30000));
	destroy(a);
	destroy(b);
}

/* Limits: a node budget is kept (within one check interval and the first
 * iteration), a depth limit ends the deepening, a stop flag set before
 * stops even the first iteration (the best-ordered move is played), and a
 * time limit ends the search soon after: in the thread's CPU time
 * (cpu_clock), which a busy machine does not stretch. */
static void test_limits(void **state)
{
	const char *moves = "H8 H6 J5 K5 G6 L4 L6 M3 J6 N2 O1 J8";
	struct gomoku_game *gg = new_game(15, GOMOKU_FREESTYLE);
	struct search_info info;
	atomic_bool stop = true;

	(void)state;
	play_all(gg, moves);
	struct search_limits lim = { .nodes = 5000 };
	gomoku_search(&gg->board, gg->rules, COLOR_BLACK, &lim, &info);
	assert_true(info.depth >= 1);
	assert_true(info.nodes <= 5000 + 1000);
	lim = (struct search_limits){ .depth = 2 };
	gomoku_search(&gg->board, gg->rules, COLOR_BLACK, &lim, &info);
	assert_int_equal(info.depth, 2);
	lim = (struct search_limits){ .stop = &stop };
	int m = gomoku_search(&gg->board, gg->rules, COLOR_BLACK, &lim, &info);
	assert_true(m >= 0 && gg->board.cell[m] == GOMOKU_EMPTY);
	assert_int_equal(info.depth, 0);
	lim = (struct search_limits){ .seconds = 0.2, .cpu_clock = true };
	double start = monotime_cpu_now();
	m = gomoku_search(&gg->board, gg->rules, COLOR_BLACK, &lim, &info);
	double took = monotime_cpu_now() - start;
	assert_true(m >= 0 && gg->board.cell[m] == GOMOKU_EMPTY);
	if (took > 0.2 + 0.5)
		fail_msg("a search of 0.2 CPU seconds took %.3f", took);
	destroy(gg);
}

/* Randomness 1: one of the engine's five best-ordered points, drawn with
 * the game's seed (the same in two games), but the five when there is one. */
static void test_randomness(void **state)
{
	struct game_level level = { .name = "n", .algorithm = "alphabeta", .nodes = 100,
				    .randomness = 1 };
	struct game_budget budget = { .level = &level };
	struct game *a = gomoku_ops.create(5), *b = gomoku_ops.create(5);
	char err[64];
	int m1, m2;

	(void)state;
	for (int i = 0; i < 12; i++) {
		assert_int_equal(
			gomoku_ops.genmove(a, gomoku_ops.to_move(a), &budget, &m1, err, sizeof(err)), 0);
		assert_int_equal(
			gomoku_ops.genmove(b, gomoku_ops.to_move(b), &budget, &m2, err, sizeof(err)), 0);
		assert_int_equal(m1, m2);
		if (gomoku_ops.is_over(a))
			break;
	}
	gomoku_ops.destroy(a);
	gomoku_ops.destroy(b);
	struct gomoku_game *gg = new_game(15, GOMOKU_FREESTYLE);
	play_all(gg, "H8 H9 J8 J9 K8 K9 L8 L9");
	assert_int_equal(gomoku_ops.genmove(&gg->base, COLOR_BLACK, &budget, &m1, err, sizeof(err)),
			 0);
	assert_true(gg->over);
	destroy(gg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_line_patterns),
		cmocka_unit_test(test_pos_incremental),
		cmocka_unit_test(test_foul_filter),
		cmocka_unit_test(test_defences),
		cmocka_unit_test(test_vcf_set),
		cmocka_unit_test(test_vcf_none),
		cmocka_unit_test(test_vct),
		cmocka_unit_test(test_hard_finds_vcf),
		cmocka_unit_test(test_hard_tactics),
		cmocka_unit_test(test_exclude),
		cmocka_unit_test(test_only_block_saves),
		cmocka_unit_test(test_checks_threats),
		cmocka_unit_test(test_hard_against_easy),
		cmocka_unit_test(test_determinism),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_randomness),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
