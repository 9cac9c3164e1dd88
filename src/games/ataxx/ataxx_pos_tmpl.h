/* Ataxx positions over one bitboard width. This file has no include guard:
 * ataxx_pos.h includes it twice, with AX(name) defined as ax64_##name and
 * then as axw_##name, so every function below exists for both widths.
 *
 * Moves are ints: (from << 8) | to in the width's own square numbers; a
 * clone has from == to; AX_PASS is the pass. The rules:
 *   - both: a clone goes to an empty square next to one of the mover's
 *     pieces, a jump takes a piece to an empty square at distance 2; the
 *     opponent's pieces next to the destination change sides.
 *   - standard (tournament Ataxx, libataxx): a side with no move passes; the
 *     game is over when a side has no piece, when no empty square is within
 *     reach of any piece, or after 100 half-moves without a clone. Pieces
 *     are counted; the 50-move rule is a draw.
 *   - yinyang (seed 004): no passes; the game is over when no square is
 *     empty or the side to move has no move, and then every empty square
 *     goes to the other side. */

struct AX(pos) {
	AX(bb) piece[2]; /* [0] x (black, first), [1] o (white) */
	AX(bb) blocked;  /* gaps, and every square off the board */
	int turn;        /* 0: x to move, 1: o to move */
	int halfmoves;   /* half-moves since the last clone */
	int fullmoves;   /* 1 at the start, +1 after every o move */
	bool standard;   /* standard rules; false: yinyang */
	uint8_t size;    /* N of the N x N board (blocked shows it too, but
			  * the evaluation's windows want it whole); a byte
			  * beside standard keeps the struct the size it was */
};

static inline AX(bb) AX(empty)(const struct AX(pos) *p)
{
	return AX(not)(AX(or)(AX(or)(p->piece[0], p->piece[1]), p->blocked));
}

/* Whether no empty square lies within reach (a clone or a jump) of any of
 * the pieces. */
static inline bool AX(out_of_reach)(AX(bb) pieces, AX(bb) empty)
{
	return !AX(any)(AX(and)(AX(grow)(AX(grow)(pieces)), empty));
}

/* Whether a standard game is over whatever the moves: the 50-move rule or
 * a side without pieces (a, b: the two sides' pieces). */
static inline bool AX(ends_early)(bool standard, int halfmoves, AX(bb) a, AX(bb) b)
{
	return standard && (halfmoves >= 100 || !AX(any)(a) || !AX(any)(b));
}

/* Squares the side to move can reach (clone or jump destinations). */
static inline AX(bb) AX(targets)(const struct AX(pos) *p, int side)
{
	return AX(and)(AX(grow)(AX(grow)(p->piece[side])), AX(empty)(p));
}

static inline bool AX(is_over)(const struct AX(pos) *p)
{
	if (!p->standard)
		return !AX(any)(AX(targets)(p, p->turn));
	return AX(ends_early)(true, p->halfmoves, p->piece[0], p->piece[1]) ||
	       AX(out_of_reach)(AX(or)(p->piece[0], p->piece[1]), AX(empty)(p));
}

/* The result of a finished game for x: squares (yinyang) or pieces
 * (standard) of x minus o's; 0 is a draw. */
static inline int AX(outcome)(const struct AX(pos) *p)
{
	int diff = AX(count)(p->piece[0]) - AX(count)(p->piece[1]);

	if (!p->standard) {
		int spare = AX(count)(AX(empty)(p));

		return p->turn == 0 ? diff - spare : diff + spare;
	}
	if (AX(out_of_reach)(AX(or)(p->piece[0], p->piece[1]), AX(empty)(p)) ||
	    !AX(any)(p->piece[0]) || !AX(any)(p->piece[1]))
		return diff;
	return 0; /* the 50-move rule */
}

/* Clones and jumps of the side to move (no pass), in this order: clones by
 * destination, then jumps by origin and destination. Returns the count;
 * list needs room for AX(MAX_MOVES). */
static inline int AX(gen_moves)(const struct AX(pos) *p, int *list)
{
	AX(bb) empty = AX(empty)(p), us = p->piece[p->turn];
	int n = 0;

	AX(bb) clones = AX(and)(AX(grow)(us), empty);

	for (AX_EACH_WORD(clones, k, w)) {
		int to = AX_SQ(k, w);

		list[n++] = to << 8 | to;
	}
	for (AX_EACH_WORD(us, k, w)) {
		int from = AX_SQ(k, w);
		AX(bb) jumps = AX(and)(AX(far)(from), empty);

		for (AX_EACH_WORD(jumps, j, v))
			list[n++] = from << 8 | AX_SQ(j, v);
	}
	return n;
}

/* Whether the game is over, given that the side to move has no clone and
 * no jump (the cheap way when the moves are already known). */
static inline bool AX(is_over_stuck)(const struct AX(pos) *p)
{
	return !p->standard || AX(out_of_reach)(AX(or)(p->piece[0], p->piece[1]), AX(empty)(p));
}

/* Whether a standard game is over whatever the moves: the 50-move rule or
 * a side without pieces. */
static inline bool AX(is_over_early)(const struct AX(pos) *p)
{
	return AX(ends_early)(p->standard, p->halfmoves, p->piece[0], p->piece[1]);
}

/* The legal moves: none when the game is over, else the clones and jumps,
 * or a lone pass (standard rules) when there is none. */
static inline int AX(legal_moves)(const struct AX(pos) *p, int *list)
{
	if (AX(is_over_early)(p))
		return 0;
	int n = AX(gen_moves)(p, list);
	if (n == 0 && !AX(is_over_stuck)(p))
		list[n++] = AX_PASS;
	return n;
}

/* How many legal moves (as legal_moves counts them) the side `mover`
 * has, given the position's pieces and empty squares and the half-moves
 * since the last clone, without listing them. */
static inline int AX(count_moves_of)(bool standard, int halfmoves, AX(bb) mover, AX(bb) other,
				     AX(bb) empty)
{
	if (AX(ends_early)(standard, halfmoves, mover, other))
		return 0;
	int n = AX(count)(AX(and)(AX(grow)(mover), empty));

	for (AX_EACH_WORD(mover, k, w))
		n += AX(count)(AX(and)(AX(far)(AX_SQ(k, w)), empty));
	if (n > 0 || !standard)
		return n;
	/* no clone and no jump: a pass, unless no piece can reach a square */
	return !AX(out_of_reach)(AX(or)(mover, other), empty);
}

/* How many legal moves (as legal_moves counts them), without listing. */
static inline int AX(count_moves)(const struct AX(pos) *p)
{
	return AX(count_moves_of)(p->standard, p->halfmoves, p->piece[p->turn],
				  p->piece[!p->turn], AX(empty)(p));
}

/* The legal moves after move from-to (a clone when from == to) of the
 * side to move in p, counted as count_moves counts them, without making
 * it. */
static inline int AX(count_moves_after)(const struct AX(pos) *p, int from, int to)
{
	AX(bb) us = p->piece[p->turn], them = p->piece[!p->turn];
	AX(bb) flip = AX(and)(AX(near)(to), them), empty = AX(xor)(AX(empty)(p), AX(bit)(to));

	us = AX(or)(AX(or)(us, AX(bit)(to)), flip);
	if (from != to) {
		us = AX(xor)(us, AX(bit)(from));
		empty = AX(or)(empty, AX(bit)(from));
	}
	return AX(count_moves_of)(p->standard, from == to ? 0 : p->halfmoves + 1,
				  AX(xor)(them, flip), us, empty);
}

/* The opponent's pieces a move to `to` would turn. */
static inline AX(bb) AX(captures)(const struct AX(pos) *p, int to)
{
	return AX(and)(AX(near)(to), p->piece[!p->turn]);
}

/* Play a legal move (not checked). */
static inline void AX(make)(struct AX(pos) *p, int move)
{
	int us = p->turn;

	p->halfmoves++;
	p->fullmoves += us;
	p->turn = !us;
	if (move == AX_PASS)
		return;
	int from = move >> 8, to = move & 0xff;
	AX(bb) flip = AX(and)(AX(near)(to), p->piece[!us]);

	p->piece[us] = AX(or)(AX(or)(p->piece[us], AX(bit)(to)), flip);
	p->piece[!us] = AX(xor)(p->piece[!us], flip);
	if (from == to)
		p->halfmoves = 0;
	else
		p->piece[us] = AX(xor)(p->piece[us], AX(bit)(from));
}

/* Whether move is legal in p (pass included). */
static inline bool AX(is_legal)(const struct AX(pos) *p, int move)
{
	if (AX(is_over)(p))
		return false;
	AX(bb) empty = AX(empty)(p), us = p->piece[p->turn];
	if (move == AX_PASS)
		return p->standard && !AX(any)(AX(targets)(p, p->turn));
	int from = move >> 8, to = move & 0xff;
	if (from < 0 || from >= AX(SQUARES) || to < 0 || to >= AX(SQUARES) ||
	    !AX(test)(empty, to))
		return false;
	if (from == to)
		return AX(any)(AX(and)(AX(near)(to), us));
	return AX(test)(us, from) && AX(test)(AX(far)(from), to);
}

/* A hash of the pieces and the side to move (not the gaps, which do not
 * change during a game, nor the counters). */
static inline uint64_t AX(pos_hash)(const struct AX(pos) *p)
{
	return AX(hash)(p->piece[1], AX(hash)(p->piece[0], (uint64_t)p->turn + 1));
}

/* Perft 2 without a cap: each legal move's successors counted as the move
 * is found (count_moves_after), with no move list, no position made and
 * no call per move: the last two plies are where a perft spends its time. */
static inline uint64_t AX(perft2)(const struct AX(pos) *p)
{
	if (AX(is_over_early)(p))
		return 0;
	AX(bb) empty = AX(empty)(p), us = p->piece[p->turn];
	AX(bb) clones = AX(and)(AX(grow)(us), empty);
	uint64_t n = 0;

	for (AX_EACH_WORD(clones, k, w)) {
		int to = AX_SQ(k, w);

		n += (uint64_t)AX(count_moves_after)(p, to, to);
	}
	for (AX_EACH_WORD(us, k, w)) {
		int from = AX_SQ(k, w);
		AX(bb) jumps = AX(and)(AX(far)(from), empty);

		for (AX_EACH_WORD(jumps, j, v))
			n += (uint64_t)AX(count_moves_after)(p, from, AX_SQ(j, v));
	}
	if (AX(any)(AX(targets)(p, p->turn)) || AX(is_over_stuck)(p))
		return n;
	struct AX(pos) passed = *p;

	AX(make)(&passed, AX_PASS);
	return (uint64_t)AX(count_moves)(&passed);
}

/* Leaves counted against a cap: *left drops by each leaf; reaching 0
 * stops the count (left NULL: no cap). */
static inline bool AX(perft_spend)(uint64_t *left, uint64_t n)
{
	if (!left)
		return true;
	if (*left < n) {
		*left = 0;
		return false;
	}
	*left -= n;
	return true;
}

/* Leaf count to depth (a pass is a move; a finished game has none). Stops
 * early, returning what it has, once *stop is set (may be NULL) or once
 * more than *left leaves would be counted (left may be NULL; it is then 0). */
static inline uint64_t AX(perft_capped)(const struct AX(pos) *p, int depth, atomic_bool *stop,
					uint64_t *left)
{
	int list[AX(MAX_MOVES)];
	uint64_t nodes = 0;

	if (depth == 0)
		return AX(perft_spend)(left, 1) ? 1 : 0;
	if (depth == 1) {
		uint64_t n = (uint64_t)AX(count_moves)(p);
		return AX(perft_spend)(left, n) ? n : 0;
	}
	job_checkpoint(); /* a long count gives its worker up to a waiting move */
	if (stop && atomic_load_explicit(stop, memory_order_relaxed))
		return 0;
	if (depth == 2 && !left)
		return AX(perft2)(p);
	int n = AX(legal_moves)(p, list);
	for (int i = 0; i < n && !(left && *left == 0); i++) {
		struct AX(pos) next = *p;

		AX(make)(&next, list[i]);
		nodes += AX(perft_capped)(&next, depth - 1, stop, left);
	}
	return nodes;
}

/* Leaf count to depth without a cap (see perft_capped). */
static inline uint64_t AX(perft)(const struct AX(pos) *p, int depth, atomic_bool *stop)
{
	return AX(perft_capped)(p, depth, stop, NULL);
}
