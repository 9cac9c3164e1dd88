#include "games/go/go_board.h"

#include <string.h>

/* Zobrist keys: immutable after start-up, shared by every board. */
static uint64_t zobrist[3][GO_MAX_POINTS];

__attribute__((constructor)) static void zobrist_init(void)
{
	struct rng r;

	rng_seed(&r, 0x5175696e746574ULL);
	for (int c = 0; c < 3; c++)
		for (int p = 0; p < GO_MAX_POINTS; p++)
			zobrist[c][p] = rng_next(&r);
}

#define FOR_NEIGHBOURS GO_FOR_NEIGHBOURS

static void empty_add(struct go_board *b, int p)
{
	b->empty_at[p] = (uint16_t)b->nempty;
	b->empty[b->nempty++] = (uint16_t)p;
}

static void empty_remove(struct go_board *b, int p)
{
	int i = b->empty_at[p];
	int last = b->empty[--b->nempty];

	b->empty[i] = (uint16_t)last;
	b->empty_at[last] = (uint16_t)i;
}

void go_board_copy(struct go_board *dst, const struct go_board *src)
{
	size_t n = (size_t)src->stride * (size_t)src->stride;

	memcpy(dst->color, src->color, n * sizeof(src->color[0]));
	memcpy(dst->head, src->head, n * sizeof(src->head[0]));
	memcpy(dst->next, src->next, n * sizeof(src->next[0]));
	memcpy(dst->str, src->str, n * sizeof(src->str[0]));
	memcpy(dst->nbr, src->nbr, n * sizeof(src->nbr[0]));
	memcpy(dst->empty, src->empty, (size_t)src->nempty * sizeof(src->empty[0]));
	memcpy(dst->empty_at, src->empty_at, n * sizeof(src->empty_at[0]));
	dst->size = src->size;
	dst->stride = src->stride;
	dst->nempty = src->nempty;
	dst->ko = src->ko;
	dst->ko_color = src->ko_color;
	memcpy(dst->captures, src->captures, sizeof(src->captures));
	dst->hash = src->hash;
	dst->last_captured = src->last_captured;
}

void go_board_init(struct go_board *b, int size)
{
	memset(b, 0, sizeof(*b));
	b->size = size;
	b->stride = size + 2;
	for (int p = 0; p < b->stride * b->stride; p++)
		b->color[p] = GO_EDGE;
	for (int row = 0; row < size; row++)
		for (int col = 0; col < size; col++) {
			int p = go_point(b, col, row);

			b->color[p] = GO_EMPTY;
			empty_add(b, p);
		}
	for (int row = 0; row < size; row++)
		for (int col = 0; col < size; col++) {
			int p = go_point(b, col, row);

			FOR_NEIGHBOURS(b, p, n)
				b->nbr[p] += b->color[n] == GO_EMPTY
						     ? GO_NBR_EMPTY
						     : GO_NBR_ONE(GO_BLACK) + GO_NBR_ONE(GO_WHITE);
		}
}

/* What a stone of c adds to each neighbour's counts when it is put down
 * (and takes away when captured): one c neighbour more, one empty less.
 * The edge points' own counts drift and are never read. */
#define NBR_STONE(c) ((uint16_t)(GO_NBR_ONE(c) - GO_NBR_EMPTY))

static inline void lib_add(struct go_string *s, int p)
{
	s->plibs++;
	s->lib_sum += (uint32_t)p;
	s->lib_sq += (uint32_t)(p * p);
}

/* Without a branch: it is asked of random neighbours in playouts. */
static inline bool string_in_atari(const struct go_string *s)
{
	return (s->plibs != 0) &
	       ((uint64_t)s->plibs * s->lib_sq == (uint64_t)s->lib_sum * s->lib_sum);
}

/* The only liberty of a string in atari. */
static inline int atari_lib(const struct go_string *s)
{
	return (int)(s->lib_sum / s->plibs);
}

/* Whether c's stone at p, next to the string at n, leaves that string a
 * liberty: a friend not in atari, or an enemy in atari (captured). False
 * at the edge, whose string str[0] is all zero. */
static inline unsigned gives_liberty(const struct go_board *b, enum go_color c, int n)
{
	return (b->color[n] == (int)c) != string_in_atari(&b->str[b->head[n]]);
}

/* Without branches over the neighbours, which are random in a playout. */
static inline bool is_suicide(const struct go_board *b, enum go_color c, int p)
{
	const int st = b->stride;

	if (go_board_empty_nbrs(b, p))
		return false;
	return !(gives_liberty(b, c, p - st) | gives_liberty(b, c, p - 1) |
		 gives_liberty(b, c, p + 1) | gives_liberty(b, c, p + st));
}

/* Whether a suicide at p would take more than the stone itself. */
static bool suicide_takes_friends(const struct go_board *b, enum go_color c, int p)
{
	FOR_NEIGHBOURS(b, p, n)
		if (b->color[n] == (int)c)
			return true;
	return false;
}

bool go_board_is_legal(const struct go_board *b, enum go_color c, int p,
		       bool allow_suicide)
{
	if (p == GO_PASS)
		return true;
	if (p < 0 || p >= GO_MAX_POINTS || b->color[p] != GO_EMPTY)
		return false;
	if (p == b->ko && c == b->ko_color)
		return false;
	if (!is_suicide(b, c, p))
		return true;
	return allow_suicide && suicide_takes_friends(b, c, p);
}

/* Points 1 to 4 are on the edge and never hold a stone: their strings are
 * scratch, where the branchless updates of put_stone and remove_string
 * meant for no string (an empty or edge neighbour, head 0) go, one per
 * direction so that they do not wait on each other. str[0] stays zero. */
#define SCRATCH(dir) (1 + (dir))

/* The string index for a neighbour of head h in direction dir: h, or the
 * scratch when h is 0 (in arithmetic: compilers turn ?: into a branch). */
static inline unsigned or_scratch(unsigned h, int dir)
{
	return h + (unsigned)(h == 0) * SCRATCH((unsigned)dir);
}

static void remove_string(struct go_board *b, int h)
{
	/* Restrict pointers and locals, as in put_stone: each colour store
	 * would otherwise reload the rest. */
	const enum go_color c = (enum go_color)b->color[h];
	const int st = b->stride, off[4] = { -st, -1, 1, st };
	uint8_t *restrict color = b->color;
	uint16_t *restrict head = b->head, *restrict nbr = b->nbr;
	uint16_t *restrict empty = b->empty, *restrict empty_at = b->empty_at;
	const uint16_t *restrict next = b->next;
	struct go_string *restrict str = b->str;
	uint64_t hash = b->hash;
	int nempty = b->nempty, s = h;

	do {
		color[s] = GO_EMPTY;
		head[s] = 0;
		hash ^= zobrist[c][s];
		empty_at[s] = (uint16_t)nempty;
		empty[nempty++] = (uint16_t)s;
		for (int i = 0; i < 4; i++) {
			int n = s + off[i];

			nbr[n] -= NBR_STONE(c);
			lib_add(&str[or_scratch(head[n], i)], s);
		}
		s = next[s];
	} while (s != h);
	b->hash = hash;
	b->nempty = nempty;
	b->last_captured += str[h].stones;
}

/* Merge string b into string a (a is the larger; callers pick). */
static void merge_strings(struct go_board *b, int a, int other)
{
	struct go_string *sa = &b->str[a], *so = &b->str[other];
	int s = other;

	do {
		b->head[s] = (uint16_t)a;
		s = b->next[s];
	} while (s != other);
	uint16_t tmp = b->next[a];
	b->next[a] = b->next[other];
	b->next[other] = tmp;
	sa->stones += so->stones;
	sa->plibs += so->plibs;
	sa->lib_sum += so->lib_sum;
	sa->lib_sq += so->lib_sq;
}

/* Join the string at other to c's string at h, the new stone's, through the
 * larger of the two; returns the joined string's head. */
static int join(struct go_board *b, int h, int other)
{
	if (other == h)
		return h;
	if (b->str[other].stones > b->str[h].stones) {
		merge_strings(b, other, h);
		return other;
	}
	merge_strings(b, h, other);
	return h;
}

/* How many of the four neighbours of a point with neighbour counts nb
 * are c's stones (nb counts the edge for both colours). */
static inline unsigned nbr_stones(unsigned nb, enum go_color c)
{
	unsigned e = nb & 15, fb = (nb >> (4 * GO_BLACK)) & 15, fw = (nb >> (4 * GO_WHITE)) & 15;

	return ((nb >> (4 * c)) & 15) - (fb + fw + e - 4);
}

/* What put_stone learnt from the neighbours. */
struct placed {
	bool capture;    /* an enemy neighbour has no pseudo-liberty left */
	int friend_head; /* the friend's head, when the stone has one friend */
};

/* Put c's stone at p as a string of its own: the neighbours' counts, the
 * pseudo-liberties it gives and takes. Without branches: a playout's
 * neighbours are random, and a mispredicted branch costs more than the
 * sums. The arrays are reached through restrict pointers (they never
 * overlap): otherwise the compiler must assume that each update may
 * change the colours and heads still to be read (a char may alias
 * anything) and keep every load after the stores before it. */
static struct placed put_stone(struct go_board *b, enum go_color c, int p)
{
	const int st = b->stride;
	const uint32_t pp = (uint32_t)(p * p);
	const unsigned enemy = go_other(c);
	uint8_t *restrict color = b->color;
	uint16_t *restrict head = b->head;
	uint16_t *restrict nbr = b->nbr;
	struct go_string *restrict str = b->str;
	struct go_string own = { .stones = 1 };
	unsigned cap = 0, fh = 0;
	const int nb[4] = { p - st, p - 1, p + 1, p + st };

	for (int i = 0; i < 4; i++) {
		int n = nb[i];
		unsigned nc = color[n], hn = or_scratch(head[n], i);
		uint32_t empty = -(uint32_t)(nc == GO_EMPTY);
		struct go_string *ns = &str[hn];

		nbr[n] += NBR_STONE(c);
		own.plibs += (uint16_t)(empty & 1);
		own.lib_sum += (uint32_t)n & empty;
		own.lib_sq += (uint32_t)(n * n) & empty;
		ns->plibs--;
		ns->lib_sum -= (uint32_t)p;
		ns->lib_sq -= pp;
		fh |= hn & -(unsigned)(nc == (unsigned)c);
		cap |= (unsigned)(nc == enemy) & (ns->plibs == 0);
	}
	str[p] = own;
	color[p] = (uint8_t)c;
	head[p] = (uint16_t)p;
	b->next[p] = (uint16_t)p;
	b->hash ^= zobrist[c][p];
	empty_remove(b, p);
	return (struct placed){ .capture = cap, .friend_head = (int)fh };
}

/* c's stone at p joins its friends among the neighbours; returns the head
 * of the joined string. */
static int join_friends(struct go_board *b, enum go_color c, int p)
{
	int h = p;

	FOR_NEIGHBOURS(b, p, n)
		if (b->color[n] == (int)c)
			h = join(b, h, b->head[n]);
	return h;
}

static void capture_enemies(struct go_board *b, enum go_color c, int p)
{
	FOR_NEIGHBOURS(b, p, n)
		if (b->color[n] == (int)go_other(c) && b->str[b->head[n]].plibs == 0)
			remove_string(b, b->head[n]);
}

/* Place the stone and resolve captures; no legality or ko bookkeeping. */
static int place_and_capture(struct go_board *b, enum go_color c, int p)
{
	unsigned friends = nbr_stones(b->nbr[p], c);
	int h = p;

	b->last_captured = 0;
	struct placed put = put_stone(b, c, p);
	if (friends == 1)
		h = join(b, p, put.friend_head);
	else if (friends > 1)
		h = join_friends(b, c, p);
	if (put.capture) {
		capture_enemies(b, c, p);
		b->captures[c] += b->last_captured;
	}
	int captured = b->last_captured;
	if (b->str[h].plibs == 0) {
		/* Suicide (allowed by the caller's rules): the opponent takes them. */
		remove_string(b, h);
		b->captures[go_other(c)] += b->last_captured - captured;
	}
	return h;
}

/* Play a move already known to be legal. */
static void play_legal(struct go_board *b, enum go_color c, int p)
{
	b->ko = 0;
	if (p == GO_PASS) {
		b->last_captured = 0;
		return;
	}
	int h = place_and_capture(b, c, p);
	const struct go_string *s = &b->str[h];
	if (b->last_captured == 1 && b->color[p] == (int)c && s->stones == 1 &&
	    string_in_atari(s)) {
		b->ko = atari_lib(s);
		b->ko_color = go_other(c);
	}
}

int go_board_play(struct go_board *b, enum go_color c, int p, bool allow_suicide)
{
	if (!go_board_is_legal(b, c, p, allow_suicide))
		return -1;
	play_legal(b, c, p);
	return 0;
}

int go_board_place(struct go_board *b, enum go_color c, int p)
{
	if (p <= 0 || p >= GO_MAX_POINTS || b->color[p] != GO_EMPTY)
		return -1;
	b->ko = 0;
	place_and_capture(b, c, p);
	return 0;
}

int go_board_string_stones(const struct go_board *b, int p, int *out)
{
	int n = 0, s = p;

	if (!b->head[p])
		return 0;
	do {
		out[n++] = s;
		s = b->next[s];
	} while (s != p);
	return n;
}

int go_board_string_libs(const struct go_board *b, int p, int *out)
{
	uint8_t seen[GO_MAX_POINTS] = { 0 };
	int n = 0, s = p;

	if (!b->head[p])
		return 0;
	do {
		FOR_NEIGHBOURS(b, s, nb)
			if (b->color[nb] == GO_EMPTY && !seen[nb]) {
				seen[nb] = 1;
				out[n++] = nb;
			}
		s = b->next[s];
	} while (s != p);
	return n;
}

/* go_board_is_eye at an empty point. */
static inline bool empty_is_eye(const struct go_board *b, enum go_color c, int p)
{
	const int st = b->stride;
	const uint8_t *d = &b->color[p];
	const int enemy = go_other(c);

	if (!go_board_surrounded_by(b, c, p))
		return false;
	/* The diagonals' colours, without a branch or an array. */
	int enemies = (d[-st - 1] == enemy) + (d[-st + 1] == enemy) + (d[st - 1] == enemy) +
		      (d[st + 1] == enemy);
	int edge = (d[-st - 1] == GO_EDGE) | (d[-st + 1] == GO_EDGE) | (d[st - 1] == GO_EDGE) |
		   (d[st + 1] == GO_EDGE);
	return enemies + edge < 2;
}

bool go_board_is_eye(const struct go_board *b, enum go_color c, int p)
{
	return b->color[p] == GO_EMPTY && empty_is_eye(b, c, p);
}

/* Whether a random move of c may go at empty p: legal, no suicide, not its
 * own eye. A point with an empty neighbour is all three (a ko point has
 * none), and most are. */
static inline bool random_ok(const struct go_board *b, enum go_color c, int p)
{
	if (go_board_empty_nbrs(b, p))
		return true;
	return !empty_is_eye(b, c, p) && !(p == b->ko && c == b->ko_color) &&
	       !is_suicide(b, c, p);
}

/* go_board_play_random_if, inline: the light playout loop keeps its rng in
 * registers. */
static inline int random_move(struct go_board *b, enum go_color c, struct rng *r,
			      go_board_filter ok, void *arg)
{
	/* Partial Fisher-Yates over the empty list: each rejected point is
	 * swapped past the end of the range, so the pick is uniform over the
	 * acceptable points and the list stays a permutation of the empties. */
	int n = b->nempty;

	while (n > 0) {
		int i = (int)rng_below(r, (uint32_t)n);
		int p = b->empty[i];

		if (random_ok(b, c, p) && (!ok || ok(b, c, p, arg))) {
			play_legal(b, c, p);
			return p;
		}
		int last = b->empty[--n];
		b->empty[i] = (uint16_t)last;
		b->empty_at[last] = (uint16_t)i;
		b->empty[n] = (uint16_t)p;
		b->empty_at[p] = (uint16_t)n;
	}
	play_legal(b, c, GO_PASS);
	return GO_PASS;
}

int go_board_play_random_if(struct go_board *b, enum go_color c, struct rng *r,
			    go_board_filter ok, void *arg)
{
	return random_move(b, c, r, ok, arg);
}

int go_board_play_random(struct go_board *b, enum go_color c, struct rng *r)
{
	return random_move(b, c, r, NULL, NULL);
}

int go_board_playout_random(struct go_board *b, enum go_color c, bool passed, struct rng *r,
			    int max_moves, struct go_trace *trace)
{
	/* The rng and the trace's count in locals whose address does not
	 * escape: through the pointers, every store to the board (of char
	 * type, which may alias anything) would make the compiler reload them. */
	struct rng local = *r;
	int passes = passed ? 1 : 0, i, n = trace ? trace->n : 0, cap = trace ? trace->cap : 0;

	for (i = 0; i < max_moves && passes < 2; i++) {
		int p = random_move(b, c, &local, NULL, NULL);

		if (n < cap) {
			trace->point[n] = (uint16_t)p;
			trace->color[n++] = (uint8_t)c;
		}
		passes = p == GO_PASS ? passes + 1 : 0;
		c = go_other(c);
	}
	if (trace)
		trace->n = n;
	*r = local;
	return i;
}

/* Owner of the empty region containing p: GO_BLACK, GO_WHITE or GO_EMPTY
 * (touches both or none, or with seki given, a stone marked there). Marks
 * the region in seen and counts it in *size. */
static int region_owner_seki(const struct go_board *b, int p, const uint8_t *seki,
			     uint8_t *seen, int *size)
{
	uint16_t stack[GO_MAX_POINTS];
	int top = 0, touch = 0;

	stack[top++] = (uint16_t)p;
	seen[p] = 1;
	*size = 0;
	while (top > 0) {
		int q = stack[--top];

		(*size)++;
		FOR_NEIGHBOURS(b, q, n) {
			int nc = b->color[n];

			if (nc == GO_BLACK || nc == GO_WHITE)
				touch |= seki && seki[n] ? 3 : nc;
			else if (nc == GO_EMPTY && !seen[n]) {
				seen[n] = 1;
				stack[top++] = (uint16_t)n;
			}
		}
	}
	return touch == 3 ? GO_EMPTY : touch;
}

static int region_owner(const struct go_board *b, int p, uint8_t *seen, int *size)
{
	return region_owner_seki(b, p, NULL, seen, size);
}

int go_board_territory(const struct go_board *b, const uint8_t *seki)
{
	uint8_t seen[GO_MAX_POINTS] = { 0 };
	int score = 0;

	for (int i = 0; i < b->nempty; i++) {
		int p = b->empty[i], owner, size;

		if (seen[p])
			continue;
		owner = region_owner_seki(b, p, seki, seen, &size);
		score += owner == GO_BLACK ? size : owner == GO_WHITE ? -size : 0;
	}
	return score;
}

int go_board_area_score(const struct go_board *b)
{
	uint8_t seen[GO_MAX_POINTS] = { 0 };
	int score = 0;

	for (int row = 0; row < b->size; row++)
		for (int col = 0; col < b->size; col++) {
			int p = go_point(b, col, row), owner, size;

			if (b->color[p] == GO_BLACK)
				score++;
			else if (b->color[p] == GO_WHITE)
				score--;
			else if (!seen[p]) {
				owner = region_owner(b, p, seen, &size);
				score += owner == GO_BLACK ? size : owner == GO_WHITE ? -size : 0;
			}
		}
	return score;
}

bool go_board_has_dame(const struct go_board *b)
{
	uint8_t seen[GO_MAX_POINTS] = { 0 };
	int size;

	for (int i = 0; i < b->nempty; i++)
		if (!seen[b->empty[i]] && region_owner(b, b->empty[i], seen, &size) == GO_EMPTY)
			return true;
	return false;
}

int go_board_playout(struct go_board *b, enum go_color c, struct rng *r, int max_moves)
{
	go_board_playout_random(b, c, false, r, max_moves, NULL);
	return go_board_area_score(b);
}

/* Add p to the distinct points in set (n of them, at most max); returns n. */
static inline int add_distinct(int *set, int n, int max, int p)
{
	for (int i = 0; i < n; i++)
		if (set[i] == p)
			return n;
	if (n < max)
		set[n++] = p;
	return n;
}

int go_board_libs_upto(const struct go_board *b, int p, int max, int *out)
{
	int n = 0, s = p;

	if (!b->head[p])
		return 0;
	do {
		FOR_NEIGHBOURS(b, s, nb)
			if (b->color[nb] == GO_EMPTY) {
				n = add_distinct(out, n, max, nb);
				if (n >= max)
					return n;
			}
		s = b->next[s];
	} while (s != p);
	return n;
}

bool go_board_captures(const struct go_board *b, enum go_color c, int p)
{
	FOR_NEIGHBOURS(b, p, n)
		if (b->color[n] == (int)go_other(c) && go_board_in_atari(b, n))
			return true;
	return false;
}

bool go_board_can_capture_around(const struct go_board *b, int s)
{
	int p = s, other = go_other((enum go_color)b->color[s]);

	do {
		FOR_NEIGHBOURS(b, p, n)
			if (b->color[n] == other && go_board_in_atari(b, n))
				return true;
		p = b->next[p];
	} while (p != s);
	return false;
}

int go_board_libs_after(const struct go_board *b, enum go_color c, int p, int max)
{
	int libs[4], nlibs = 0;

	FOR_NEIGHBOURS(b, p, n) {
		if (b->color[n] == GO_EMPTY) {
			nlibs = add_distinct(libs, nlibs, max, n);
		} else if (b->color[n] == (int)c) {
			int own[5], k = go_board_libs_upto(b, n, max + 1, own);

			for (int i = 0; i < k; i++)
				if (own[i] != p)
					nlibs = add_distinct(libs, nlibs, max, own[i]);
		}
		if (nlibs >= max)
			break;
	}
	return nlibs;
}

bool go_board_is_self_atari(const struct go_board *b, enum go_color c, int p, int *stones)
{
	int libs[3], nlibs = 0, heads[4], nheads = 0, size = 1;

	if (go_board_empty_nbrs(b, p) >= 2)
		return false;
	FOR_NEIGHBOURS(b, p, n) {
		int nc = b->color[n];

		if (nc == GO_EMPTY) {
			nlibs = add_distinct(libs, nlibs, 3, n);
		} else if (nc == (int)go_other(c) && go_board_in_atari(b, n)) {
			nlibs = add_distinct(libs, nlibs, 3, n); /* captured: a liberty */
		} else if (nc == (int)c) {
			int h = b->head[n], before = nheads;

			nheads = add_distinct(heads, nheads, 4, h);
			if (nheads == before)
				continue;
			size += b->str[h].stones;
			int own[3], k = go_board_libs_upto(b, n, 3, own);
			for (int i = 0; i < k; i++)
				if (own[i] != p)
					nlibs = add_distinct(libs, nlibs, 3, own[i]);
		}
		if (nlibs >= 2)
			return false;
	}
	if (stones)
		*stones = size;
	return true;
}

int go_board_eye_score(const struct go_board *b)
{
	const int first = b->stride, last = b->stride * (b->size + 1);
	int score = 0;

	/* The stones, over the rows with their edge points (which count 0):
	 * one flat loop, which the compiler vectorises. */
	for (int p = first; p < last; p++)
		score += (b->color[p] == GO_BLACK) - (b->color[p] == GO_WHITE);
	/* With e empty neighbours and fb, fw the black-or-edge and
	 * white-or-edge counts, a point has no white neighbour exactly when
	 * fb + e == 4 and some black one when fw + e < 4 (and the other way). */
	for (int i = 0; i < b->nempty; i++) {
		unsigned nb = b->nbr[b->empty[i]], e = nb & 15;
		unsigned fb = (nb >> (4 * GO_BLACK)) & 15, fw = (nb >> (4 * GO_WHITE)) & 15;

		score += (fb + e == 4 && fw + e < 4) - (fw + e == 4 && fb + e < 4);
	}
	return score;
}
