/* Fuzz target: the SGF reader (sgf_parse) and loadsgf in Go and Gomoku.
 * The first byte picks the game (bit 0: Gomoku) and loadsgf's move
 * number (the rest: 0 for none); the rest is the file. A record that
 * parses must write (sgf_write) to one that parses to the same size and
 * moves; a file that loads must print (printsgf) to one that loads to the
 * same board. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "sgf.h"
#include "session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_parse(const uint8_t *text, size_t len, int game)
{
	struct sgf_record rec, back;
	char err[128];

	if (sgf_parse((const char *)text, len, game, &rec, err, sizeof(err)) < 0) {
		FUZZ_CHECK(err[0], "refused without a message");
		return;
	}
	char *out = sgf_write(&rec);
	FUZZ_CHECK(sgf_parse(out, strlen(out), game, &back, err, sizeof(err)) == 0,
		   "the written record does not parse: %s\n%s", err, out);
	FUZZ_CHECK(back.size == rec.size && back.handicap == rec.handicap &&
			   back.nitems == rec.nitems,
		   "the written record differs (size, handicap or items):\n%s", out);
	/* The writer groups the root's setup by colour (a record from a game
	 * never sets one point twice), so only the moves keep their order. */
	for (size_t i = 0, j = 0; i < rec.nitems; i++) {
		if (rec.items[i].kind != SGF_PLAY)
			continue;
		while (j < back.nitems && back.items[j].kind != SGF_PLAY)
			j++;
		FUZZ_CHECK(j < back.nitems && !memcmp(&back.items[j], &rec.items[i], sizeof(rec.items[i])),
			   "move %zu differs:\n%s", i, out);
		j++;
	}
	free(out);
	sgf_record_free(&rec);
	sgf_record_free(&back);
}

static void check_load(const uint8_t *text, size_t len, const char *game, int stop)
{
	struct session *s = fuzz_session(game), *t = fuzz_session(game);
	char line[64], *board, *sgf, *board2;

	fuzz_write_file("in.sgf", text, len);
	snprintf(line, sizeof(line), stop ? "loadsgf in.sgf %d" : "loadsgf in.sgf", stop);
	char *loaded = fuzz_ask(s, line);
	if (loaded) {
		board = fuzz_ask(s, "showboard");
		FUZZ_CHECK(board && fuzz_sayf(s, "printsgf out.sgf"), "no board or no printsgf");
		FUZZ_CHECK((sgf = fuzz_ask(t, "loadsgf out.sgf")), "printsgf's file does not load");
		board2 = fuzz_ask(t, "showboard");
		FUZZ_CHECK(board2 && !strcmp(board, board2), "the board differs:\n%s\n%s", board,
			   board2);
		fuzz_sayf(s, "genmove %s", loaded);
		fuzz_sayf(s, "undo");
		free(board);
		free(board2);
		free(sgf);
		free(loaded);
	}
	session_free(s);
	session_free(t);
	fuzz_clean();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	bool gomoku = data[0] & 1;

	check_parse(data + 1, size - 1, gomoku ? SGF_GAME_GOMOKU : SGF_GAME_GO);
	check_load(data + 1, size - 1, gomoku ? "gomoku" : "go", data[0] >> 1);
	return 0;
}
