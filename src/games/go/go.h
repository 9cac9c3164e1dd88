/* Go: the game module (rule variants, history, undo, scoring, handicap, the
 * random player) over the incremental board of go_board.h. go.c is pure
 * computation; go_gtp.c holds the Go-only protocol commands. */
#ifndef QUINTET_GO_H
#define QUINTET_GO_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "games/go/go_board.h"

enum go_rules {
	GO_RULES_CHINESE,      /* simple ko, suicide illegal, area scoring */
	GO_RULES_SUPERKO,      /* chinese plus positional superko */
	GO_RULES_TROMP_TAYLOR, /* positional superko, multi-stone suicide legal */
	GO_RULES_JAPANESE,     /* simple ko, suicide illegal, territory scoring:
				* territory plus prisoners, seki's points nobody's */
};

/* What white gets for black's handicap stones on top of komi (KataGo's
 * whiteHandicapBonus; kata-set-rules sets it, apart from the variant). */
enum go_bonus {
	GO_BONUS_NONE,        /* "0": nothing */
	GO_BONUS_N,           /* "N": a point per handicap stone */
	GO_BONUS_N_MINUS_ONE, /* "N-1": a point per handicap stone but one */
};

struct go_watch;

struct go_move {
	enum go_color color; /* who played */
	int point;           /* where, or GO_PASS */
};

struct go_game {
	struct game base;       /* must stay first */
	enum go_rules rules;    /* active rule variant */
	double komi;            /* points given to white */
	enum go_bonus bonus;    /* and for the handicap (go_compensation) */
	struct go_board setup;  /* position before the first move (handicap, SGF setup) */
	int handicap;           /* stones placed by fixed/free handicap */
	struct go_board board;  /* current position */
	struct go_move *moves;  /* history after setup */
	size_t nmoves;          /* moves played */
	size_t cap;             /* room in moves[] and hashes[] */
	uint64_t *hashes;       /* hashes[i]: position hash after i moves */
	struct go_mcts_cache *mcts; /* the search tree kept between moves, shared
				     * by copies (go_mcts.h), or NULL */
	const struct go_watch *watch; /* what the next search reports (set
				       * around one genmove by the analysis
				       * commands), or NULL; never copied */
};

extern const struct game_ops go_ops;
extern const struct gtp_command go_commands[];

static inline struct go_game *go_of(struct game *g)
{
	return (struct go_game *)g;
}

static inline const struct go_game *go_cof(const struct game *g)
{
	return (const struct go_game *)g;
}

/* New game of the given size (rules, komi kept), history cleared. */
void go_reset(struct go_game *gg, int size);

/* Whether c may play p under the active rules (ko, suicide, superko). */
bool go_is_legal(const struct go_game *gg, enum go_color c, int p);

#define GO_TOO_LONG (-2) /* go_play: the history holds GAME_MAX_HISTORY moves */

/* Play c at p (or GO_PASS) under the active rules; 0, -1 if illegal, or
 * GO_TOO_LONG (nothing played) when the history is full. */
int go_play(struct go_game *gg, enum go_color c, int p);

/* Put a setup stone before any move; 0, or -1 if not allowed. */
int go_setup_stone(struct go_game *gg, enum go_color c, int p);

/* Fixed handicap points for n stones on this size, GNU Go's placement.
 * Returns the count written to out, or 0 when n is not allowed. */
int go_fixed_handicap_points(const struct go_board *b, int n, int *out);

/* Parse a vertex ("D4", "pass", any case); 0 with *p set, or -1. */
int go_parse_vertex(const struct go_board *b, const char *text, int *p);

/* Append a vertex in protocol form ("D4", "PASS" as "pass"). */
void go_print_vertex(const struct go_board *b, int p, struct strbuf *out);

/* Sort points the way GNU Go prints vertex lists: top row first, then
 * left to right. */
void go_sort_points(const struct go_board *b, int *points, int n);

/* Sort points (go_sort_points) and append them as "A1 B2 ...". */
void go_print_points(const struct go_board *b, int *points, int n, struct strbuf *out);

/* The colour to play: after the last move's colour, white after handicap,
 * else black. */
enum go_color go_to_move(const struct go_game *gg);

/* Whether the last two moves were passes. */
bool go_is_over(const struct go_game *gg);

struct sgf_record;

/* The game as an SGF record: size, komi, handicap, the setup stones (top row
 * first), then the moves. Free with sgf_record_free. */
void go_sgf_record(const struct go_game *gg, struct sgf_record *rec);

/* What white gets besides its area: komi and the handicap bonus. Every
 * count (scores, playouts, the search) takes this, not komi alone. */
static inline double go_compensation(const struct go_game *gg)
{
	int n = gg->handicap;

	if (gg->bonus == GO_BONUS_N_MINUS_ONE)
		n = n > 0 ? n - 1 : 0;
	return gg->komi + (gg->bonus == GO_BONUS_NONE ? 0 : n);
}

/* The score with komi and the handicap bonus by the rules (area; under
 * japanese territory and prisoners), the board as it stands: positive
 * means black leads. */
double go_score(const struct go_game *gg);

/* What area counting gives black over the rules' counting now, for a
 * score from area counting (the playouts') to be read under the rules:
 * 0, or under japanese black's stones on the board less white's, less
 * the prisoners black took over white's (the gap moves by one a stone
 * placed, so it stays about the same to the game's end). */
double go_count_gap(const struct go_game *gg);

/* Japanese counting of board b of gg: each side's territory (empty regions
 * only its stones border, none of them a seki string's) and prisoners
 * (the stones it captured, and the other side's dead stones still on the
 * board), komi in. dead and seki: per point, as final_status_list marks
 * them, or NULL (every stone alive, none in seki). */
double go_territory_score(const struct go_game *gg, const struct go_board *b, const uint8_t *dead,
			  const uint8_t *seki);

#endif
