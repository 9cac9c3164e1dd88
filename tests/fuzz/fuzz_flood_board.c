/* Fuzz target: Flood's board text (loadboard). The input is the
 * command's arguments: the board, maybe a colour. A board loadboard
 * accepts must print (board) to a text that loads to the same board; the
 * position's commands (showboard, score, gains, genmove, undo) must run
 * on it. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const probes[] = { "showboard", "score", "gains", "genmove",
					      "final_score", "undo", "showboard" };
	char *line = fuzz_line(data, size);
	struct session *s = fuzz_session("flood");

	if (fuzz_sayf(s, "loadboard %s", line)) {
		char *board = fuzz_ask(s, "board");

		FUZZ_CHECK(board && fuzz_sayf(s, "loadboard %s", board), "board does not load: %s",
			   board);
		char *again = fuzz_ask(s, "board");
		FUZZ_CHECK(again && !strcmp(board, again), "%s loads as %s", board, again);
		for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); i++)
			free(fuzz_say(s, probes[i], strlen(probes[i])));
		free(board);
		free(again);
	}
	session_free(s);
	free(line);
	return 0;
}
