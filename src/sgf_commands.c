/* loadsgf and printsgf's shared part (see sgf_commands.h). */
#include "sgf_commands.h"

#include <limits.h>
#include <stdlib.h>

/* The game FILE holds, up to stop, or NULL with err. */
static struct game *load(const struct cmd_ctx *ctx, const char *name, long stop, int sgf_game,
			 sgf_replay_fn replay, char *err, size_t errlen)
{
	struct sgf_record rec = { 0 };
	struct game *g = NULL;
	size_t len;
	char *text;

	if (ctx_read_file(ctx, name, SGF_MAX_BYTES, &text, &len, err, errlen) < 0)
		return NULL;
	if (sgf_parse(text, len, sgf_game, &rec, err, errlen) == 0) {
		g = replay(ctx, &rec, stop, err, errlen);
		sgf_record_free(&rec);
	}
	free(text);
	return g;
}

enum gtp_status sgf_cmd_loadsgf(struct cmd_ctx *ctx, int argc, char **argv, int sgf_game,
				sgf_replay_fn replay, struct strbuf *out)
{
	char err[256];
	long stop = 0;

	if (argc == 2 && gtp_parse_int(argv[1], 1, LONG_MAX, &stop) < 0)
		return gtp_fail(out, "invalid move number");
	struct game *g = load(ctx, argv[0], stop, sgf_game, replay, err, sizeof(err));
	if (!g)
		return gtp_fail(out, err);
	ctx->game->ops->destroy(ctx->game);
	ctx->game = g;
	sb_puts(out, g->ops->to_move(g) == COLOR_BLACK ? "black" : "white");
	return GTP_OK;
}

enum gtp_status sgf_cmd_printsgf(struct cmd_ctx *ctx, int argc, char **argv,
				 struct sgf_record *rec, struct strbuf *out)
{
	char *text = sgf_write(rec);
	enum gtp_status status = ctx_reply_or_write(ctx, argc == 1 ? argv[0] : NULL, text, out);

	free(text);
	sgf_record_free(rec);
	return status;
}
