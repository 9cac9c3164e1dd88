/* quintet-match --merge FILE...: the report of a match played in shards
 * (--shard K/N, each writing its --results file), as the whole match
 * played in one process gives it.
 *
 * The files must be of one match: the same arguments (but those that only
 * change how a process plays its share: --shard, --results, --concurrency,
 * --quiet, --verbose), the same seed, the same N, each shard K at most
 * once (a file without a shard line is the whole match, shard 0/1), and
 * every game in the shard its file names. Shards and games may be
 * missing (shards still running, or not submitted yet): the report counts
 * the games there, and says on stderr what is missing.
 *
 * The SPRT (--sprt) is replayed as the whole match plays it one game at a
 * time (--concurrency 1): in game order, from game 1, while every game is
 * there, the LLR after each game (a paired match: after each whole pair);
 * the first time it reaches a bound decides, and the games after that one
 * are left out, for the whole match would not have played them. A run of
 * games from game 1 that ends at a missing game without reaching a bound
 * decides nothing ("continue"): games after a gap never decide, since the
 * whole match might have stopped in the gap. So a merge never claims a
 * decision the whole match (playing one game at a time) would not have
 * reached; with the same games it reaches the same one at the same game,
 * and its report is the same, line for line.
 *
 *   files ── results_load, merge_note_cut (a last line cut?)
 *         ── merge_check (one match? each shard once?)
 *         ── merge_collect (games by number, fitting the schedule and shard)
 *         ── merge_report (SPRT replay, summary, report_print)
 */
#ifndef QUINTET_MATCH_MERGE_H
#define QUINTET_MATCH_MERGE_H

#include <stdio.h>

#include "match/match.h"
#include "match/results.h"

/* One results file given to --merge. */
struct merge_file {
	const char *path;        /* as given */
	struct results_file rf;  /* what it holds (results_load) */
	char *args;              /* its arguments as they bear on the games
				  * (quintet-match's canonical form), owned */
};

/* Say on stderr that the file's last line was cut (a shard killed while
 * writing it, or still writing it) and is not counted, naming its start;
 * nothing when it was not. */
void merge_note_cut(const struct merge_file *f);

/* Whether the n files are of one match, each shard once: 0, or -1 with a
 * message in err naming the file ("r2 is not of the match r0 records:
 * its seed is 5, not 3"; "r1 and r3 are both shard 1/4"). */
int merge_check(const struct merge_file *f, int n, char *err, size_t errlen);

/* Put the files' games in results (cfg->games entries, zeroed, by game
 * number; cfg is the whole match). A game beyond the match, not fitting
 * its schedule or not of its file's shard is an error naming the file
 * and the game (-1, message in err); a game a file lists twice counts
 * once. What is missing (shards, games of a shard) is said on stderr, as
 * notes. 0 on success. */
int merge_collect(const struct match_config *cfg, const struct merge_file *f, int n,
		  struct match_result *results, char *err, size_t errlen);

/* The engines' names for the report: the first file's engine lines, else
 * (files written before them) the name an engine that says none gets
 * (its --black-name ..., else its command's basename), made unique. */
void merge_names(const struct match_config *cfg, const struct merge_file *f, int n,
		 char (*names)[MATCH_NAME_MAX]);

/* Print on out the report of the games in results (cfg->games entries by
 * game number, those done counted), with the SPRT replayed as above.
 * Returns the SPRT's state (SPRT_CONTINUE without --sprt). */
enum sprt_state merge_report(const struct match_config *cfg, const char *const *names,
			     const struct match_result *results, FILE *out);

#endif
