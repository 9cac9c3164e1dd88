/* loadsgf and printsgf for the games whose records are SGF (Go, Gomoku):
 * the commands' arguments, file handling, replies and errors, around each
 * game's own replay of a record and its own record of a game. */
#ifndef QUINTET_SGF_COMMANDS_H
#define QUINTET_SGF_COMMANDS_H

#include "ctx.h"
#include "gtp.h"
#include "sgf.h"

#define SGF_MAX_BYTES (8 << 20) /* the largest SGF file loadsgf reads */

/* A new game of the context's game, made from rec (parsed as the game's
 * GM) with the moves before move number stop (0: all); NULL with err. */
typedef struct game *(*sgf_replay_fn)(const struct cmd_ctx *ctx, const struct sgf_record *rec,
				      long stop, char *err, size_t errlen);

/* loadsgf FILE [MOVE]: read FILE (ctx_read_file), parse it as sgf_game,
 * replay it; on success the new game replaces the context's and the reply
 * is the colour to play; on failure the game is unchanged. */
enum gtp_status sgf_cmd_loadsgf(struct cmd_ctx *ctx, int argc, char **argv, int sgf_game,
				sgf_replay_fn replay, struct strbuf *out);

/* printsgf [FILE]: rec (freed here) as SGF text, into FILE or as the reply. */
enum gtp_status sgf_cmd_printsgf(struct cmd_ctx *ctx, int argc, char **argv,
				 struct sgf_record *rec, struct strbuf *out);

#endif
