/* Fuzz target: Ataxx FEN (ataxx_parse_fen) and the position it sets up.
 * The input is one line of words. A FEN that parses must print
 * (ataxx_print_fen) to one that parses and prints the same; through a
 * session, a position loadfen accepts must answer fen with a FEN that
 * loads to the same fen, and the commands that read a position (showboard,
 * list_moves, perft, genmove, undo) must run on it. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "games/ataxx/ataxx.h"
#include "session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FEN_WORDS 8

static int split(char *text, char **w)
{
	int n = 0;

	for (char *save = NULL, *t = strtok_r(text, " \t", &save); t && n < FEN_WORDS;
	     t = strtok_r(NULL, " \t", &save))
		w[n++] = t;
	return n;
}

/* The FEN text parsed and printed into out; whether it parsed. */
static bool parse_print(const char *text, struct strbuf *out)
{
	char *copy = strdup(text), *w[FEN_WORDS], err[128] = "";
	struct axw_pos pos;
	int size, rc = ataxx_parse_fen(split(copy, w), w, &size, &pos, err, sizeof(err));

	FUZZ_CHECK(rc == 0 || err[0], "refused without a message");
	if (rc == 0)
		ataxx_print_fen(&pos, size, out);
	free(copy);
	return rc == 0;
}

static void check_direct(const char *line)
{
	struct strbuf fen = STRBUF_INIT, again = STRBUF_INIT;

	if (parse_print(line, &fen)) {
		FUZZ_CHECK(parse_print(fen.buf, &again), "printed FEN refused: %s", fen.buf);
		FUZZ_CHECK(!strcmp(fen.buf, again.buf), "%s prints as %s", fen.buf, again.buf);
	}
	sb_free(&fen);
	sb_free(&again);
}

static void check_session(const char *line)
{
	struct session *s = fuzz_session("ataxx");
	static const char *const probes[] = { "showboard", "list_moves", "perft 2",
					      "genmove", "is_legal x a1", "undo", "final_score" };

	if (fuzz_sayf(s, "loadfen %s", line)) {
		char *fen = fuzz_ask(s, "fen");

		FUZZ_CHECK(fen && fuzz_sayf(s, "loadfen %s", fen), "fen does not load: %s", fen);
		char *again = fuzz_ask(s, "fen");
		FUZZ_CHECK(again && !strcmp(fen, again), "%s loads as %s", fen, again);
		for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); i++)
			free(fuzz_say(s, probes[i], strlen(probes[i])));
		free(fen);
		free(again);
	}
	session_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *line = fuzz_line(data, size);

	check_direct(line);
	check_session(line);
	free(line);
	return 0;
}
