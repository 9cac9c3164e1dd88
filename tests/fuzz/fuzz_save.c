/* Fuzz target: the save-file loader (saves_restore: the YAML parser, the
 * fixed-shape walk, the options applied, setup and history replayed
 * through the session's GTP_REPLAY rows, the checks of moves, side to
 * move and digest). A text that loads must format (save) to a text that
 * loads again and formats the same. */
#include <string.h>

#include "cfg.h"
#include "ctx.h"
#include "fuzz_common.h"
#include "session.h"
#include "store/saves.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_NOW 1700000000 /* the save time written */

static void restore(const struct cmd_ctx *ctx, const char *text, size_t len,
		    struct saves_game *out, bool must)
{
	char err[SAVES_ERRLEN] = "";
	int rc = saves_restore(ctx, text, len, session_replay_line, out, err, sizeof(err));

	FUZZ_CHECK(rc == 0 || !must, "the saved text does not load: %s\n%.*s", err, (int)len,
		   text);
	FUZZ_CHECK(rc == 0 || err[0], "refused without a message");
	if (rc < 0)
		out->game = NULL;
}

/* The save text of a restored game (as the session would save it). */
static void format(const struct cmd_ctx *base, const struct saves_game *sg, struct strbuf *out)
{
	struct cmd_ctx ctx = *base;
	char err[SAVES_ERRLEN];

	ctx.game = sg->game;
	ctx.level = sg->level;
	ctx.clock = sg->clock;
	ctx.created = sg->created;
	FUZZ_CHECK(saves_format(&ctx, FUZZ_NOW, out, err, sizeof(err)) == 0, "%s", err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_init();
	struct cmd_ctx ctx = { .cfg = cfg_current(), .level = -1, .seed = 1, .files_dir = -1,
			       .confine_files = true };
	struct saves_game sg, sg2;
	struct strbuf text = STRBUF_INIT, again = STRBUF_INIT;

	restore(&ctx, (const char *)data, size, &sg, false);
	if (!sg.game)
		return 0;
	format(&ctx, &sg, &text);
	restore(&ctx, text.buf, text.len, &sg2, true);
	format(&ctx, &sg2, &again);
	FUZZ_CHECK(again.len == text.len && !memcmp(again.buf, text.buf, text.len),
		   "a saved game saves differently:\n%s\n---\n%s", text.buf, again.buf);
	sg.game->ops->destroy(sg.game);
	sg2.game->ops->destroy(sg2.game);
	sb_free(&text);
	sb_free(&again);
	return 0;
}
