/* Go's row of the referee table: move cap, komi, engine setup, SGF records. */
#include "match/match_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/go/go.h"
#include "games/go/go_sgf.h"
#include "gtp.h"
#include "util/xalloc.h"

/* Random players on an open board take about size² moves; three times
 * that only stops games stuck in long capture cycles. */
long match_go_max_moves(const struct game *g)
{
	int size = go_cof(g)->board.size;

	return 3L * size * size + 10;
}

int match_go_set_komi(struct game *g, const char *text, char *err, size_t errlen)
{
	double komi;

	if (gtp_parse_double(text, &komi) < 0 || komi > 1000 || komi < -1000) {
		snprintf(err, errlen, "komi not a float");
		return -1;
	}
	go_of(g)->komi = komi;
	return 0;
}

void match_go_setup(const struct game *g, const char *size, struct strbuf *out)
{
	const struct go_game *gg = go_cof(g);

	(void)size; /* already applied to g */
	sb_printf(out, "boardsize %d\nclear_board\nkomi %g", gg->board.size, gg->komi);
}

void match_go_describe(const struct game *g, struct strbuf *out)
{
	const struct go_game *gg = go_cof(g);

	sb_printf(out, "%dx%d, komi %g", gg->board.size, gg->board.size, gg->komi);
}

/* Root properties sgf_write does not know: players, game name, comment. */
static void extra_root(const struct game_record *rec, struct strbuf *out)
{
	char *pb = record_sgf_escape(rec->black), *pw = record_sgf_escape(rec->white);
	char *c = record_sgf_escape(rec->comment ? rec->comment : "");

	sb_printf(out, "PB[%s]PW[%s]GN[quintet-match game %d]", pb, pw, rec->number);
	if (*c)
		sb_printf(out, "C[%s]", c);
	free(pb);
	free(pw);
	free(c);
}

char *match_go_write_sgf(const struct game *g, const struct game_record *rec)
{
	const struct go_game *gg = go_cof(g);
	struct sgf_record sgf;
	struct strbuf out = STRBUF_INIT;

	go_sgf_record(gg, &sgf);
	sgf.result = (char *)rec->result;
	char *text = sgf_write(&sgf);
	sgf.result = NULL; /* borrowed, not ours to free */
	sgf_record_free(&sgf);
	/* The root node starts right after "(;": add our properties there. */
	const char *root = strstr(text, "(;");
	size_t at = root ? (size_t)(root - text) + 2 : 0;
	sb_append(&out, text, at);
	extra_root(rec, &out);
	sb_puts(&out, text + at);
	free(text);
	return out.buf;
}
