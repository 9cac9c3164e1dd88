/* The search over one bitboard width; included three times by
 * ataxx_search.c (AX = ax64_ / ax128_ / axw_; AX_DIRECT 1 in the 64-bit
 * width, whose tuple windows a CPU with AVX-512 reads whole from the
 * bitboards, ataxx_tuple_sum64), after the width-free parts (table,
 * clock, limits). */

/* A position as the search holds it: with its tuple windows' pattern
 * indices (ataxx_tuple.h), kept move by move. A window's two indices,
 * from x's view and from o's, are packed in one word, x's + 65536 o's:
 * a square's change moves both by a sum known in advance, and one add
 * applies it (the packing is linear, so the sum is exact whatever the
 * carries). Windows are numbered by their lower left square (row by row,
 * then column), the 4 x 2 one before the 2 x 4 one, as
 * ataxx_tuple_indices lists them. When the search reads the windows whole
 * (s->plan) it keeps none: a node's copy and updates cost more than
 * reading them whole (doc/ataxx-tuning.md, section 3). */
struct AX(node) {
	struct AX(pos) p;                  /* the position */
	uint32_t idx[AX(MAX_WINDOWS)];     /* its windows' indices (the first
					    * nwin, when the table is on) */
};

/* A square's part in a window: which, and what its digit is worth. */
struct AX(cover) {
	uint16_t window; /* the window's number */
	uint16_t pow;    /* 3^cell, the square's cell in the canonical window */
};

struct AX(search) {
	struct search_common c;                /* table, limits, counters */
	bool tuples;                           /* the rules' tuple table is on */
	const int16_t *tw;                     /* ... and its weights */
	int nwin;                              /* windows kept in the nodes (0: none) */
	struct ataxx_tuple_plan *plan;         /* or the windows read whole (NULL: not) */
	struct AX(node) *stack;                /* the node of each ply */
	uint8_t ncover[AX(SQUARES)];           /* windows each square is in */
	struct AX(cover) (*cover)[16];         /* ... and which: [square][i] */
	int *moves;                            /* ATAXX_MAX_PLY move lists */
	int *keys;                             /* their ordering keys */
	struct search_pv pv;                   /* the principal variation */
	int root_best;                         /* best root move of this iteration */
};

/* The most pieces the side to move can turn with one move to a square
 * of reach (its clone and jump destinations). */
static int AX(best_capture)(AX(bb) reach, AX(bb) them)
{
	AX(bb) targets = AX(and)(reach, AX(grow)(them));
	int best = 0;

	for (AX_EACH_WORD(targets, k, w)) {
		int n = AX(count)(AX(and)(AX(near)(AX_SQ(k, w)), them));

		best = n > best ? n : best;
	}
	return best;
}

/* The features (ataxx_search.h) of p for its side to move into f: all
 * when w is NULL, else only those of a nonzero weight in w (the rest are
 * left 0). Always inlined, with w a table known to the compiler, so the
 * search pays only for what it weighs. */
static inline __attribute__((always_inline)) void AX(features)(const struct AX(pos) *p, int *f,
							      const int *w)
{
	bool all = !w;
	AX(bb) us = p->piece[p->turn], them = p->piece[!p->turn], empty = AX(empty)(p);
	AX(bb) our_near = AX(grow)(us), their_near = AX(grow)(them);
	AX(bb) our_reach = AX(and)(AX(grow)(our_near), empty);
	AX(bb) their_reach = AX(and)(AX(grow)(their_near), empty);
	int ours = AX(count)(us), theirs = AX(count)(them);
	int our_moves = AX(count)(our_reach), their_moves = AX(count)(their_reach);

	f[ATAXX_F_MATERIAL] = ours - theirs;
	if (all || w[ATAXX_F_MATERIAL_LATE]) {
		int filled = ours + theirs;
		f[ATAXX_F_MATERIAL_LATE] = 16 * (ours - theirs) * filled / (filled + AX(count)(empty));
	} else {
		f[ATAXX_F_MATERIAL_LATE] = 0;
	}
	f[ATAXX_F_SAFE] = ours - AX(count)(AX(and)(AX(grow)(their_reach), us)) -
			  (theirs - AX(count)(AX(and)(AX(grow)(our_reach), them)));
	f[ATAXX_F_MOBILITY] = our_moves - their_moves;
	f[ATAXX_F_CLONES] = all || w[ATAXX_F_CLONES]
				    ? AX(count)(AX(and)(our_near, empty)) -
					      AX(count)(AX(and)(their_near, empty))
				    : 0;
	if (all || w[ATAXX_F_FRONTIER]) {
		AX(bb) open = AX(grow)(empty);
		f[ATAXX_F_FRONTIER] = AX(count)(AX(and)(open, us)) - AX(count)(AX(and)(open, them));
	} else {
		f[ATAXX_F_FRONTIER] = 0;
	}
	f[ATAXX_F_TEMPO] = 1;
	f[ATAXX_F_THREAT] = all || w[ATAXX_F_THREAT] ? AX(best_capture)(our_reach, them) : 0;
	f[ATAXX_F_THREAT_THEM] =
		all || w[ATAXX_F_THREAT_THEM] ? AX(best_capture)(their_reach, us) : 0;
	int reached = AX(count)(AX(or)(our_reach, their_reach));
	f[ATAXX_F_PARITY] = reached > ATAXX_PARITY_EMPTIES ? 0 : reached & 1 ? 1 : -1;
	if (all || w[ATAXX_F_EDGE]) {
		AX(bb) edge = AX(or)(AX(grow)(p->blocked), AX(border)());
		f[ATAXX_F_EDGE] = AX(count)(AX(and)(edge, us)) - AX(count)(AX(and)(edge, them));
	} else {
		f[ATAXX_F_EDGE] = 0;
	}
	f[ATAXX_F_YY_STUCK] = p->standard || their_moves ? 0 : AX(count)(empty);
}

static inline __attribute__((always_inline)) int AX(weigh)(const struct AX(pos) *p,
							    const int *w)
{
	int f[ATAXX_NFEATURES], v = 0;

	AX(features)(p, f, w);
	for (int i = 0; i < ATAXX_NFEATURES; i++)
		v += w[i] * f[i];
	return v;
}

/* The evaluation's hand-shaped part for the side to move: the features
 * weighed by the table of its rules. */
static int AX(evaluate)(const struct AX(pos) *p)
{
	return p->standard ? AX(weigh)(p, ataxx_weights[1]) : AX(weigh)(p, ataxx_weights[0]);
}

/* The packed change (x's digit + 65536 o's) of a square going from
 * state a to state b (0 empty, 1 x, 2 o): x's view counts x 1 and o 2,
 * o's view the other way round. */
static const uint32_t AX(digit_change)[3][3] = {
	{ 0, 1 + 65536u * 2, 2 + 65536u * 1 },
	{ (uint32_t)(-1 - 65536 * 2), 0, (uint32_t)(1 - 65536 * 1) },
	{ (uint32_t)(-2 - 65536 * 1), (uint32_t)(-1 + 65536 * 1), 0 },
};

static inline int AX(state)(const struct AX(pos) *p, int sq)
{
	return AX(test)(p->piece[0], sq) ? 1 : AX(test)(p->piece[1], sq) ? 2 : 0;
}

/* The windows of an n x n board: each square's covers; returns the
 * windows. Cell (r, c) of a 4 x 2 window is canonical cell 4 r + c, of a
 * 2 x 4 window 4 c + r (ataxx_tuple.h). */
static int AX(tuple_windows)(struct AX(search) *s, int n)
{
	static const uint16_t pow3[8] = { 1, 3, 9, 27, 81, 243, 729, 2187 };
	int w = 0;

	memset(s->ncover, 0, sizeof(s->ncover));
	for (int row = 0; row < n; row++)
		for (int col = 0; col < n; col++)
			for (int vertical = 0; vertical < 2; vertical++) {
				int rows = vertical ? 4 : 2, cols = vertical ? 2 : 4;

				if (row + rows > n || col + cols > n)
					continue;
				for (int r = 0; r < rows; r++)
					for (int c = 0; c < cols; c++) {
						int sq = (row + r) * AX(STRIDE) + col + c;
						struct AX(cover) *cv = &s->cover[sq][s->ncover[sq]++];

						cv->window = (uint16_t)w;
						cv->pow = pow3[vertical ? 4 * c + r : 4 * r + c];
					}
				w++;
			}
	return w;
}

/* Add the packed change of square sq from state a to state b to idx. */
static inline void AX(tuple_square)(const struct AX(search) *s, uint32_t *idx, int sq, int a,
				    int b)
{
	uint32_t d = AX(digit_change)[a][b];
	const struct AX(cover) *cv = s->cover[sq];
	int n = s->ncover[sq]; /* read once: stores to idx may not alias it */

	for (int i = 0; i < n; i++)
		idx[cv[i].window] += d * cv[i].pow;
}

/* The windows' indices of p computed whole: every piece added to empty
 * windows. */
static void AX(tuple_full)(const struct AX(search) *s, const struct AX(pos) *p, uint32_t *idx)
{
	memset(idx, 0, (size_t)s->nwin * sizeof(*idx));
	for (int side = 0; side < 2; side++)
		for (AX_EACH_WORD(p->piece[side], k, b))
			AX(tuple_square)(s, idx, AX_SQ(k, b), 0, side + 1);
}

/* The windows' indices after a move from before to after: each changed
 * square's change added. */
static inline void AX(tuple_update)(const struct AX(search) *s, const struct AX(pos) *before,
				    const struct AX(pos) *after, uint32_t *idx)
{
	AX(bb) changed = AX(or)(AX(xor)(before->piece[0], after->piece[0]),
				AX(xor)(before->piece[1], after->piece[1]));

	for (AX_EACH_WORD(changed, k, b)) {
		int sq = AX_SQ(k, b);

		AX(tuple_square)(s, idx, sq, AX(state)(before, sq), AX(state)(after, sq));
	}
}

/* The tuple windows' weights from the side to move's view, by the
 * indices the node keeps. */
static inline int AX(tuple_kept_sum)(const struct AX(search) *s, const struct AX(node) *n)
{
	int v = 0, shift = n->p.turn ? 16 : 0;

	for (int w = 0; w < s->nwin; w++)
		v += s->tw[(n->idx[w] >> shift) & 0xffff];
	return v;
}

/* The tuple windows' weights from the side to move's view, read from
 * the bitboards (s->plan) or from the indices kept. */
static inline int AX(tuple_sum)(const struct AX(search) *s, const struct AX(node) *n)
{
#if AX_DIRECT
	if (s->plan)
		return ataxx_tuple_sum64(s->plan, n->p.piece[n->p.turn], n->p.piece[!n->p.turn]);
#endif
	return AX(tuple_kept_sum)(s, n);
}

/* The whole evaluation of a search node for its side to move: the
 * hand-shaped part and the tuple part. */
static inline int AX(evaluate_node)(const struct AX(search) *s, const struct AX(node) *n)
{
	return AX(evaluate)(&n->p) + (s->tuples ? AX(tuple_sum)(s, n) : 0);
}

/* Whether the tuple part can move a node whose hand-shaped score is h
 * across x (a score of x or more against one below): the tuple part lies
 * within TUPLE_BOUND of 0, so only when x is in (h - TUPLE_BOUND, h +
 * TUPLE_BOUND]. Most leaves are far from their window, and most tests of
 * the pruning far from their margin: they are decided without it. */
static inline bool AX(tuple_matters)(const struct AX(search) *s, int h, int x)
{
	return s->tuples && h - TUPLE_BOUND < x && x <= h + TUPLE_BOUND;
}

/* A leaf's score for the window (alpha, beta): exact inside it; outside,
 * a bound on the right side of it (the hand-shaped score TUPLE_BOUND
 * nearer the window, when the tuple part cannot bring it inside). */
static inline int AX(leaf_score)(const struct AX(search) *s, const struct AX(node) *n,
				 int alpha, int beta)
{
	int h = AX(evaluate)(&n->p);

	if (!s->tuples)
		return h;
	if (h + TUPLE_BOUND <= alpha)
		return h + TUPLE_BOUND;
	if (h - TUPLE_BOUND >= beta)
		return h - TUPLE_BOUND;
	return h + AX(tuple_sum)(s, n);
}

/* The score of a finished game for the side to move. */
static int AX(terminal)(const struct AX(pos) *p, int ply)
{
	int v = AX(outcome)(p);

	if (p->turn)
		v = -v;
	return v > 0 ? ATAXX_WIN - ply : v < 0 ? -(ATAXX_WIN - ply) : 0;
}

/* Ordering keys: the table move first, then by pieces gained, then a
 * jump by the fewer own pieces it leaves around its start (the hole it
 * opens there is a capture for the opponent), then killers, history
 * (ORDER_KEY). */
static void AX(order)(struct AX(search) *s, const struct AX(pos) *p, int *list, int *keys,
		      int n, int tt_move, int ply)
{
	for (int i = 0; i < n; i++) {
		int m = list[i], key;

		if (m == tt_move) {
			key = SEARCH_KEY_TT;
		} else if (m == AX_PASS) {
			key = 0;
		} else {
			int from = m >> 8, to = m & 0xff;
			int gain = 2 * AX(count)(AX(captures)(p, to)) + (from == to);
			int left = from == to ? 0
					      : AX(count)(AX(and)(AX(near)(from), p->piece[p->turn]));

			key = ORDER_KEY(gain, 7 - (left < 7 ? left : 7));
			int credit = search_history_get(&s->c.history, (size_t)(m & 0xffff));

			if (search_killers_has(&s->c.killers, ply, m))
				key += 1 << 19;
			key += credit < (1 << 19) ? credit : (1 << 19) - 1;
		}
		keys[i] = key;
	}
}

static void AX(reward)(struct AX(search) *s, int move, int depth, int ply)
{
	if (move == AX_PASS)
		return;
	search_killers_add(&s->c.killers, ply, move);
	search_history_reward(&s->c.history, (size_t)(move & 0xffff), depth);
}

static int AX(negamax)(struct AX(search) *s, const struct AX(node) *n, int depth, int ply,
		       int alpha, int beta);

/* Search the child after move i: the first in full, the others with a
 * null window and a reduction first (PVS), at full depth then in full
 * when that beats alpha. */
static int AX(child)(struct AX(search) *s, const struct AX(node) *n, int move, int i,
		     int depth, int ply, int alpha, int beta)
{
	struct AX(node) *next = &s->stack[ply + 1];
	int score;

	next->p = n->p;
	AX(make)(&next->p, move);
	if (s->nwin) {
		/* a small board's whole array is copied faster than its part */
		memcpy(next->idx, n->idx,
		       AX(MAX_WINDOWS) <= 70 ? sizeof(next->idx) : (size_t)s->nwin * sizeof(*next->idx));
		AX(tuple_update)(s, &n->p, &next->p, next->idx);
	}
	s->c.nodes++;
	if (i == 0)
		return -AX(negamax)(s, next, depth - 1, ply + 1, -beta, -alpha);
	int r = late_move_reduction(i);
	score = -AX(negamax)(s, next, depth - 1 - r, ply + 1, -alpha - 1, -alpha);
	if (score > alpha && !s->c.lim.aborted)
		score = -AX(negamax)(s, next, depth - 1, ply + 1, -alpha - 1, -alpha);
	if (score > alpha && score < beta && !s->c.lim.aborted)
		score = -AX(negamax)(s, next, depth - 1, ply + 1, -beta, -alpha);
	return score;
}

static int AX(negamax)(struct AX(search) *s, const struct AX(node) *nd, int depth, int ply,
		       int alpha, int beta)
{
	const struct AX(pos) *p = &nd->p;

	search_pv_clear(&s->pv, ply);
	if (ply > s->c.seldepth)
		s->c.seldepth = ply;
	if (AX(is_over)(p))
		return AX(terminal)(p, ply);
	if (depth <= 0 || ply >= ATAXX_MAX_PLY - 1)
		return AX(leaf_score)(s, nd, alpha, beta);
	/* The table's entry is fetched from memory (a miss costs as much as
	 * the rest of a node) while the limits and reverse futility run. */
	uint64_t key = AX(pos_hash)(p);
	struct search_tt_entry *e = &s->c.tt[key & s->c.tt_mask];
	__builtin_prefetch(e);
	if (stopped(&s->c))
		return 0;

	/* Reverse futility and razoring: near the leaves, a null-window node
	 * whose static score beats beta by a margin per ply left is taken as
	 * a cut-off, one whose static score falls far short of alpha as a
	 * fail-low. */
	if (ply > 0 && beta - alpha == 1 && depth <= RFP_DEPTH && beta < ATAXX_WIN_BOUND &&
	    beta > -ATAXX_WIN_BOUND) {
		int v = AX(evaluate)(p), cut = beta + RFP_MARGIN * depth;
		int low = depth <= RAZOR_DEPTH ? alpha - razor_margin[depth] : -ATAXX_WIN;

		/* the tables' part only where it could change a test */
		if (AX(tuple_matters)(s, v, cut) || AX(tuple_matters)(s, v, low))
			v += AX(tuple_sum)(s, nd);
		else if (s->tuples && v >= cut)
			v -= TUPLE_BOUND; /* a lower bound */
		if (v >= cut)
			return v;
		if (v < low)
			return alpha;
	}

	int tt_move = -1, alpha0 = alpha;
	if (e->key == key) {
		int v = search_tt_score_out(e->score, ply, ATAXX_WIN_BOUND);

		tt_move = search_tt_move(e);
		if (ply > 0 && beta - alpha == 1 && search_tt_cuts(e, v, depth, alpha, beta))
			return v;
	}

	int *list = s->moves + (size_t)ply * AX(MAX_MOVES);
	int *keys = s->keys + (size_t)ply * AX(MAX_MOVES);
	int n = AX(gen_moves)(p, list);
	if (n == 0)
		list[n++] = AX_PASS; /* standard rules: yinyang ends when stuck */
	AX(order)(s, p, list, keys, n, tt_move, ply);

	int best = -ATAXX_WIN - 1, best_move = list[0], i;
	bool pv_node = beta - alpha > 1;
	struct search_picker picker;
	search_picker_init(&picker, list, keys, n, PICK_MOVES);
	while ((i = search_picker_next(&picker)) >= 0) {
		int m = list[i], quiet = keys[i] < QUIET_KEY;

		/* Late-move pruning: near the leaves of a null-window node, the
		 * moves past the first few are not tried, quiet or small
		 * captures (moves come in key order: the rest are no better). */
		if (!pv_node && depth <= LMP_DEPTH &&
		    i >= (quiet ? LMP_MOVES(depth) : LMP_CAPTURES(depth)) &&
		    best > -ATAXX_WIN_BOUND)
			break;
		int score = AX(child)(s, nd, m, i, depth, ply, alpha, beta);

		if (s->c.lim.aborted)
			return 0;
		if (score <= best)
			continue;
		best = score;
		best_move = m;
		if (score > alpha) {
			if (ply == 0)
				s->root_best = m; /* not a fail-low's bound */
			alpha = score;
			search_pv_update(&s->pv, ply, m);
		}
		if (alpha >= beta) {
			if (quiet)
				AX(reward)(s, m, depth, ply);
			break;
		}
	}
	search_tt_store(e, s->c.age, key, search_tt_score_in(best, ply, ATAXX_WIN_BOUND), best_move,
			depth, best >= beta ? SEARCH_TT_LOWER : best > alpha0 ? SEARCH_TT_EXACT
									: SEARCH_TT_UPPER,
			false);
	return best;
}

static int AX(to_wide)(int move);

/* One iteration at the root: first in a window around the last score
 * (aspiration), widened on the side that failed until the score falls
 * inside. Returns the score (meaningless when aborted). */
static int AX(root_search)(struct AX(search) *s, const struct AX(node) *root, int depth,
			   int last)
{
	struct search_window w;
	int score;

	search_window_start(&w, &aspiration, depth >= ASPIRATION_DEPTH, last);
	do
		score = AX(negamax)(s, root, depth, 0, w.alpha, w.beta);
	while (!s->c.lim.aborted && search_window_failed(&w, score));
	return score;
}

/* Iterative deepening from the root; returns the best move (wide). */
static int AX(iterate)(struct AX(search) *s, const struct AX(node) *root, int max_depth,
		       struct search_info *info)
{
	int list[AX(MAX_MOVES)];
	int n = AX(gen_moves)(&root->p, list);
	int best = n > 0 ? list[0] : AX_PASS, stable = 0, scores[ATAXX_MAX_PLY] = { 0 };

	for (int depth = 1; depth <= max_depth; depth++) {
		s->root_best = -1;
		s->c.lim.must_finish = depth == 1;
		/* Scores swing between odd and even depths: the window is
		 * centred on the last one of the same parity. */
		int score = AX(root_search)(s, root, depth, depth > 2 ? scores[depth - 2] : 0);

		scores[depth] = score;

		if (s->root_best >= 0) {
			stable = s->root_best == best ? stable + 1 : 0;
			best = s->root_best;
		}
		if (s->c.lim.aborted)
			break;
		info->depth = depth;
		info->score = score;
		search_pv_to_info(&s->pv, info, best);
		for (int i = 0; i < info->npv; i++)
			info->pv[i] = AX(to_wide)(info->pv[i]);
		search_report(&s->c, info);
		if (score > ATAXX_WIN_BOUND || score < -ATAXX_WIN_BOUND ||
		    search_soft_stop(&s->c.lim, s->c.nodes, stable))
			break;
	}
	search_finish(&s->c, info);
	return AX(to_wide)(best);
}

/* The node stack and, when the table is on, the plan to read the windows
 * whole or else the windows and the root's indices (s->stack[0]: root);
 * keep: the windows and indices in any case. */
static void AX(tuple_start)(struct AX(search) *s, const struct AX(pos) *root, bool on,
			    const int16_t *w, bool keep)
{
	s->stack = xmalloc((size_t)(ATAXX_MAX_PLY + 1) * sizeof(*s->stack));
	s->cover = xmalloc(AX(SQUARES) * sizeof(*s->cover));
	s->tuples = on;
	s->tw = w;
	s->plan = NULL;
#if AX_DIRECT
	if (on) {
		s->plan = xmalloc(sizeof(*s->plan));
		if (!ataxx_tuple_plan64(s->plan, root->size, w)) {
			free(s->plan);
			s->plan = NULL;
		}
	}
#endif
	s->nwin = on && (keep || !s->plan) ? AX(tuple_windows)(s, root->size) : 0;
	s->stack[0].p = *root;
	AX(tuple_full)(s, root, s->stack[0].idx);
}

static void common_init(struct search_common *c, const struct search_limits *lim);
static void common_free(struct search_common *c);

/* One whole search of root in this width; returns the best move (wide). */
static int AX(run)(const struct AX(pos) *root, const struct search_limits *lim, int max_depth,
		   struct search_info *info)
{
	struct AX(search) *s = xcalloc(1, sizeof(*s));
	size_t n = (size_t)ATAXX_MAX_PLY * AX(MAX_MOVES);

	common_init(&s->c, lim);
	s->moves = xmalloc(n * sizeof(*s->moves));
	s->keys = xmalloc(n * sizeof(*s->keys));
	AX(tuple_start)(s, root, ataxx_tuple_searched(root->size, root->standard),
			ataxx_tuple_weights[root->standard], false);
	int move = AX(iterate)(s, &s->stack[0], max_depth, info);
	free(s->plan);
	free(s->stack);
	free(s->cover);
	common_free(&s->c);
	free(s->moves);
	free(s->keys);
	free(s);
	return move;
}

/* ataxx_tuple_replay in this width: root is start in this width, moves
 * the wide moves and mine the same in this width. */
static int AX(tuple_replay)(const struct axw_pos *start, const struct AX(pos) *root,
			    const int *moves, const int *mine, int n, const int16_t *w)
{
	struct AX(search) *s = xcalloc(1, sizeof(*s));
	struct AX(node) *node = xmalloc(3 * sizeof(*node)), *next = node + 1, *whole = node + 2;
	struct axw_pos wide = *start;
	int rc = -1, ref[2][400];

	AX(tuple_start)(s, root, true, w, true);
	*node = s->stack[0];
	for (int i = 0; i < n && rc < 0; i++) {
		next->p = node->p;
		AX(make)(&next->p, mine[i]);
		memcpy(next->idx, node->idx, (size_t)s->nwin * sizeof(*next->idx));
		AX(tuple_update)(s, &node->p, &next->p, next->idx);
		*node = *next;
		axw_make(&wide, moves[i]);
		AX(tuple_full)(s, &node->p, whole->idx);
		for (int side = 0; side < 2; side++) {
			struct axw_pos seen = wide;

			seen.turn = side;
			if (ataxx_tuple_indices(&seen, ref[side]) != s->nwin)
				rc = i;
		}
		for (int k = 0; k < s->nwin && rc < 0; k++)
			if (node->idx[k] != whole->idx[k] ||
			    node->idx[k] != (uint32_t)ref[0][k] + 65536u * (uint32_t)ref[1][k])
				rc = i;
		/* both sums: the kept indices' and, when the search reads
		 * the windows whole, that one's */
		int v = ataxx_evaluate_with(&wide, w);
		if (AX(evaluate_node)(s, node) != v ||
		    AX(evaluate)(&node->p) + AX(tuple_kept_sum)(s, node) != v)
			rc = i;
	}
	free(s->plan);
	free(s->stack);
	free(s->cover);
	free(s);
	free(node);
	return rc;
}
