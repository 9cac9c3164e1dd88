/* The results file of a match (--results FILE; --resume FILE continues
 * it; --merge FILE... reports the shards of one): the command line that
 * started the match, the seed it used, the shard it plays, the engines'
 * names, and one line per finished game, appended and synced as each game
 * ends, so an interrupted match (SIGINT, SIGTERM, a crash, a power cut)
 * loses only the games that were running. Text, one record a line:
 *
 *   quintet-match results 1
 *   arg ARG                      the match's arguments, one a line, in order
 *   seed S                       the seed (given, or taken from the clock)
 *   shard K N                    --shard K/N: the file holds shard K's games
 *   engine K NAME                engine K's name in the report (1-based)
 *   game N B W OPENING WINNER END MOVES TALLY DIGEST RESULT DETAIL BTIME WTIME
 *
 * Files written before the shard and engine lines have none: a file
 * without a shard line holds games of the whole match.
 *
 * A game line's fields are tab-separated: number, black's and white's
 * engine numbers (1-based), the opening (-1: none), the winner (b, w, or 0
 * for a draw or a void game), the end's short name (match_end_name:
 * passes, five, solved, ..., resign, time, ...), moves,
 * the game's count, the digest of its moves (hex), the result text, the
 * detail, and black's and white's timing (struct match_timing): `-` when
 * no move of theirs had a time limit, else
 *   share=0.4120 move=57 reply=1.2340 left=2.9950 periods_lost=1
 * their slowest reply for the time left (reply / left), at which move,
 * the reply's seconds and the seconds the move could have taken before a
 * loss on time (main time and byo-yomi periods left, or the time per
 * move), and the byo-yomi periods lost over the game. A share above 1 is
 * a loss on time. Files written before the timing fields (eleven fields)
 * are read as they are, without timing; files written before the ends by
 * the rules had words of their own say `score` for them all, read as the
 * reason the detail names ("ended by the rules (five); ..."), else as
 * `score`. Arguments and texts escape
 * backslash, tab and newline as \\, \t, \n. A last line without its
 * newline (cut by a crash) is not a game.
 *
 * The reader is bounded: the file is read whole up to RESULTS_MAX_FILE,
 * lines are split in place, and every field is checked (numbers in range,
 * names known) before it is used; a bad line is an error naming it. */
#ifndef QUINTET_MATCH_RESULTS_H
#define QUINTET_MATCH_RESULTS_H

#include <stddef.h>
#include <stdint.h>

#include "match/match.h"

#define RESULTS_MAX_FILE (256L << 20) /* a results file larger than this is refused */

#define RESULTS_MAX_SHARDS 1000000 /* N of --shard K/N at most */

/* What a results file holds. */
struct results_file {
	char **argv;                  /* the match's arguments, NULL-terminated */
	int argc;                     /* entries in argv */
	uint64_t seed;                /* the seed the match used */
	bool has_seed;                /* a seed line was there */
	long shard;                   /* the shard line's K */
	long shards;                  /* its N, or 0 without a shard line */
	char *names[MATCH_MAX_ENGINES]; /* engine k + 1's name line, or NULL */
	struct match_result *games;   /* finished games, in file order */
	long ngames;                  /* entries in games */
	char cut[40];                 /* the start of a last line without its newline
				       * (not read: cut by a crash), or "" */
	long cut_bytes;               /* that line's length, 0 if none */
};

/* What a new results file starts with. */
struct results_head {
	char *const *argv;            /* the match's arguments */
	int argc;                     /* entries in argv */
	uint64_t seed;                /* its seed */
	long shard, shards;           /* --shard K/N, shards 0 for none */
	const char *const *names;     /* the engines' names in the report, or NULL */
	int nnames;                   /* entries in names */
};

/* Read path. 0, or -1 with a message in err ("cannot read F: ...",
 * "F:7: bad game line"). Free with results_free. */
int results_load(const char *path, struct results_file *out, char *err, size_t errlen);

void results_free(struct results_file *rf);

/* Create path (it must not exist: "F exists; --resume F continues it")
 * with the header, the arguments, the seed, the shard and the names.
 * Returns an open descriptor for results_append, or -1 with a message in
 * err. */
int results_create(const char *path, const struct results_head *head, char *err,
		   size_t errlen);

/* Open an existing results file to append games to (--resume), cutting a
 * last line without its newline; -1 with a message in err. */
int results_reopen(const char *path, char *err, size_t errlen);

/* Append the line of a finished game and sync it. 0, or -1 with a message. */
int results_append(int fd, const struct match_result *res, char *err, size_t errlen);

/* Append the game line of res, newline included (what results_append
 * writes). */
void results_game_line(const struct match_result *res, struct strbuf *out);

#endif
