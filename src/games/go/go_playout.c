/* Playout policies (see go_playout.h). The heavy policy looks only at the
 * last move's surroundings, so its cost per move stays small and flat. */
#include "games/go/go_playout.h"

#include <stddef.h>

#include "games/go/go_patterns.h"
#include "games/go/go_priors.h"

#define MAX_CANDIDATES 32

struct candidates {
	int point[MAX_CANDIDATES];
	int n;
};

static void cand_add(struct candidates *cs, int p)
{
	for (int i = 0; i < cs->n; i++)
		if (cs->point[i] == p)
			return;
	if (cs->n < MAX_CANDIDATES)
		cs->point[cs->n++] = p;
}

/* Whether c may play p in a playout: legal, not its own eye. */
static bool acceptable(const struct go_board *b, enum go_color c, int p)
{
	return !go_board_is_eye(b, c, p) && go_board_is_legal(b, c, p, false);
}

/* Captures of opponent strings in atari that touch the string at s. */
static void add_captures_around(const struct go_board *b, int s, struct candidates *cs)
{
	int p = s, own = b->color[s];

	do {
		GO_FOR_NEIGHBOURS(b, p, n)
			if (b->color[n] == go_other((enum go_color)own) && go_board_in_atari(b, n))
				cand_add(cs, go_board_atari_lib(b, n));
		p = b->next[p];
	} while (p != s);
}

/* Ways for c's string at s, in atari, to live on: capture a neighbour, or
 * extend when that leaves it more than one liberty. */
static void add_escapes(const struct go_board *b, enum go_color c, int s,
			struct candidates *cs, struct go_ladder *ladder)
{
	int lib = go_board_atari_lib(b, s);

	if (b->str[b->head[s]].stones < 40)
		add_captures_around(b, s, cs);
	if (go_board_is_self_atari(b, c, lib, NULL))
		return;
	if (!ladder || !go_ladder_extension_fails(b, c, lib, ladder))
		cand_add(cs, lib);
}

/* Captures and escapes the last move calls for. */
static void tactical(const struct go_board *b, enum go_color c, int last,
		     struct candidates *cs, struct go_ladder *ladder)
{
	if (b->color[last] == go_other(c) && go_board_in_atari(b, last))
		cand_add(cs, go_board_atari_lib(b, last));
	GO_FOR_NEIGHBOURS(b, last, n) {
		if (b->color[n] == (int)c && go_board_in_atari(b, n))
			add_escapes(b, c, n, cs, ladder);
		else if (b->color[n] == go_other(c) && go_board_in_atari(b, n))
			cand_add(cs, go_board_atari_lib(b, n));
	}
}

/* The liberties the defender's string would have after extending at e
 * against the attacker's atari at a, captures aside, counted up to three:
 * the empty points next to e and the liberties of the defender's strings
 * there, a and e excluded (the string itself has no others). */
static int extension_liberties(const struct go_board *b, enum go_color def, int e, int a)
{
	int seen[3] = { 0 }, n = 0;

	GO_FOR_NEIGHBOURS(b, e, q) {
		int libs[4], k = 0;

		if (b->color[q] == GO_EMPTY)
			libs[k++] = q;
		else if (b->color[q] == (int)def)
			k = go_board_libs_upto(b, q, 4, libs);
		for (int i = 0; i < k; i++) {
			int j = 0;

			if (libs[i] == a || libs[i] == e)
				continue;
			while (j < n && seen[j] != libs[i])
				j++;
			if (j == n && (seen[n++] = libs[i], n == 3))
				return n;
		}
	}
	return n;
}

/* Whether c's atari at a on the string at s (two liberties, a and e)
 * catches it. An extension left with a liberty or none is caught at once
 * unless the defender can capture (or the atari captures and changes the
 * liberties): that needs no reading. */
static bool chase_catches(const struct go_board *b, enum go_color c, int s, int a, int e,
			  struct go_ladder *ladder)
{
	int libs = extension_liberties(b, go_other(c), e, a);

	if (libs >= 3)
		return false; /* the extension breaks out */
	if (!acceptable(b, c, a) || go_board_is_self_atari(b, c, a, NULL))
		return false;
	if (libs <= 1 && !go_board_captures(b, c, a) && !go_board_captures(b, go_other(c), e) &&
	    !go_board_can_capture_around(b, s))
		return true;
	return go_ladder_atari_catches(b, c, a, s, ladder);
}

/* Ataris on the last move's string, down to two liberties, that catch it
 * in a ladder: the playouts then take a string that is lost, as a player
 * would, where they used to let it crawl out (on 19x19 the search crawled
 * along the first line with strings a ladder had caught). */
static void ladder_chases(const struct go_board *b, enum go_color c, int last,
			  struct candidates *cs, struct go_ladder *ladder)
{
	int libs[3];

	/* Three empty points around the last stone are three liberties;
	 * pseudo-liberties (counted once per stone) above eight: seldom two. */
	if (!ladder || b->color[last] != go_other(c) || go_board_empty_nbrs(b, last) >= 3 ||
	    b->str[b->head[last]].plibs > 8 || go_board_libs_upto(b, last, 3, libs) != 2)
		return;
	for (int i = 0; i < 2; i++)
		if (chase_catches(b, c, last, libs[i], libs[1 - i], ladder))
			cand_add(cs, libs[i]);
}

/* Good shapes among the eight neighbours of the last move. */
static void shapes(const struct go_board *b, enum go_color c, int last,
		   struct candidates *cs)
{
	const uint8_t *table = go_pattern_table(c);
	const int s = b->stride;
	const int around[8] = { -s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1 };

	for (int i = 0; i < 8; i++) {
		int p = last + around[i];

		if (b->color[p] == GO_EMPTY && go_pattern_match(table, b, p))
			cand_add(cs, p);
	}
}

/* Play a random one of the candidates that passes the checks; the list is
 * consumed. Returns the point or GO_PASS when none did. */
static int play_one_of(struct go_board *b, enum go_color c, struct candidates *cs,
		       bool check_self_atari, struct rng *r)
{
	while (cs->n > 0) {
		int i = (int)rng_below(r, (uint32_t)cs->n), p = cs->point[i];

		cs->point[i] = cs->point[--cs->n];
		if (!acceptable(b, c, p))
			continue;
		if (check_self_atari && go_board_is_self_atari(b, c, p, NULL))
			continue;
		go_board_play(b, c, p, false);
		return p;
	}
	return GO_PASS;
}

/* Whether a random move at p is acceptable: not a self-atari that gives
 * up more than one stone, and a lone stone's only one time in four (a
 * throw-in is sometimes right). arg: the rng. */
static bool not_bad_self_atari(const struct go_board *b, enum go_color c, int p, void *arg)
{
	int stones;

	if (!go_board_is_self_atari(b, c, p, &stones))
		return true;
	return stones == 1 && rng_below(arg, 4) == 0;
}

/* The reply c stored for last, when it may be played: empty, legal, not
 * c's own eye, not a self-atari. Returns it played, or GO_PASS (nothing
 * played). */
static int play_reply(struct go_board *b, enum go_color c, int last,
		      const struct go_replies *rp)
{
	int p = rp->reply[c - 1][last];

	if (p == GO_PASS || b->color[p] != GO_EMPTY || !acceptable(b, c, p) ||
	    go_board_is_self_atari(b, c, p, NULL))
		return GO_PASS;
	go_board_play(b, c, p, false);
	return p;
}

void go_replies_learn(struct go_replies *rp, const struct go_trace *trace, bool black_won)
{
	enum go_color winner = black_won ? GO_BLACK : GO_WHITE;

	for (int i = 1; i < trace->n; i++) {
		int prev = trace->point[i - 1], p = trace->point[i];
		enum go_color c = (enum go_color)trace->color[i];
		uint16_t *slot = &rp->reply[c - 1][prev];

		if (prev == GO_PASS || p == GO_PASS)
			continue;
		if (c == winner)
			*slot = (uint16_t)p;
		else if (*slot == p)
			*slot = GO_PASS;
	}
}

int go_policy_play(struct go_board *b, enum go_color c, int last, enum go_policy policy,
		   struct rng *r, const struct go_policy_aids *aids)
{
	struct go_ladder *ladder = aids ? aids->ladder : NULL;

	if (policy == GO_POLICY_LIGHT)
		return go_board_play_random(b, c, r);
	if (last != GO_PASS) {
		struct candidates cs = { .n = 0 };
		int p;

		tactical(b, c, last, &cs, ladder);
		if (cs.n && (p = play_one_of(b, c, &cs, false, r)) != GO_PASS)
			return p;
		if (b->size >= GO_LARGE_MIN_SIZE)
			ladder_chases(b, c, last, &cs, ladder);
		if (cs.n && (p = play_one_of(b, c, &cs, false, r)) != GO_PASS)
			return p;
		if (aids && aids->replies && (p = play_reply(b, c, last, aids->replies)) != GO_PASS)
			return p;
		shapes(b, c, last, &cs);
		if (cs.n && rng_below(r, 10) < 9 && (p = play_one_of(b, c, &cs, true, r)) != GO_PASS)
			return p;
	}
	return go_board_play_random_if(b, c, r, not_bad_self_atari, r);
}

int go_policy_playout(struct go_board *b, enum go_color c, int last, bool passed,
		      enum go_policy policy, struct rng *r, int max_moves, struct go_trace *trace,
		      const struct go_policy_aids *aids)
{
	int passes = passed ? 1 : 0;

	if (policy == GO_POLICY_LIGHT) {
		go_board_playout_random(b, c, passed, r, max_moves, trace);
		return go_board_eye_score(b);
	}
	for (int i = 0; i < max_moves && passes < 2; i++) {
		last = go_policy_play(b, c, last, policy, r, aids);
		go_trace_add(trace, last, c);
		passes = last == GO_PASS ? passes + 1 : 0;
		c = go_other(c);
	}
	return go_board_eye_score(b);
}
