/* Fuzz target: Mastermind codes and feedback. The first byte picks a
 * variant (pegs 3..8, colours 2..10, repeats, answer style, a few
 * unplayable ones too); the rest is lines. Directly: a code or answer
 * that parses must print to the same text and parse back to the same
 * value, and the answer mm_feedback gives must print and parse back to
 * itself. Through a session of the variant's preset: each line's first
 * byte picks a command (guess, setcode, feedback, genmove, candidates,
 * undo, variant, play), the rest is its argument. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "games/mastermind/mastermind.h"
#include "session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct mm_variant variant_of(uint8_t b)
{
	return (struct mm_variant){ .pegs = 3 + b % 6,
				    .colors = 2 + (b / 6) % 9,
				    .repeats = (b / 54) & 1,
				    .tries = 10,
				    .style = (b / 108) & 1 ? MM_COUNTS : MM_POSITIONAL };
}

static void check_code(const struct mm_variant *v, const char *word)
{
	struct mm_code c, back;
	struct strbuf text = STRBUF_INIT;
	char err[128] = "";

	if (mm_code_parse(v, word, &c, err, sizeof(err)) < 0) {
		FUZZ_CHECK(err[0], "refused without a message");
		return;
	}
	FUZZ_CHECK(mm_code_valid(v, &c), "parsed an invalid code %s", word);
	mm_code_print(v, &c, &text);
	FUZZ_CHECK(mm_code_parse(v, text.buf, &back, err, sizeof(err)) == 0 &&
			   !memcmp(&back, &c, sizeof(c)),
		   "%s prints as %s", word, text.buf);
	int n = mm_code_number(v, &c);
	FUZZ_CHECK(n >= 0 && n < mm_number_limit(v), "number %d out of range", n);
	mm_code_from_number(v, n, &back);
	FUZZ_CHECK(!memcmp(&back, &c, sizeof(c)), "number %d is another code", n);
	sb_free(&text);
}

/* Parse words as an answer, and the answer to the first word as a guess
 * against the code of the second. */
static void check_feedback(const struct mm_variant *v, int argc, char **argv)
{
	struct mm_code a, b;
	struct strbuf text = STRBUF_INIT;
	char err[128], *w[2];
	int fb, back;

	if (mm_fb_parse(v, argc, argv, &fb, err, sizeof(err)) == 0)
		FUZZ_CHECK(fb >= 0 && fb < mm_fb_range(v), "answer %d out of range", fb);
	if (argc < 2 || mm_code_parse(v, argv[0], &a, err, sizeof(err)) < 0 ||
	    mm_code_parse(v, argv[1], &b, err, sizeof(err)) < 0)
		return;
	fb = mm_feedback(v, &a, &b);
	FUZZ_CHECK(fb >= 0 && fb < mm_fb_range(v), "answer %d out of range", fb);
	FUZZ_CHECK((fb == mm_fb_win(v)) == !memcmp(&a, &b, sizeof(a)), "win answer wrong");
	mm_fb_print(v, fb, &text);
	char *copy = strdup(text.buf), *save = NULL;
	int n = 0;
	for (char *t = strtok_r(copy, " ", &save); t && n < 2; t = strtok_r(NULL, " ", &save))
		w[n++] = t;
	FUZZ_CHECK(mm_fb_parse(v, n, w, &back, err, sizeof(err)) == 0 && back == fb,
		   "answer %s does not parse back", text.buf);
	free(copy);
	sb_free(&text);
}

static void check_direct(uint8_t b, char *line)
{
	struct mm_variant v = variant_of(b);
	char err[128], *w[4], *save = NULL;
	int n = 0;

	if (mm_variant_check(&v, err, sizeof(err)) < 0)
		return;
	for (char *t = strtok_r(line, " \t", &save); t && n < 4; t = strtok_r(NULL, " \t", &save))
		check_code(&v, w[n++] = t);
	check_feedback(&v, n, w);
}

static void run_line(struct session *s, const char *line)
{
	static const char *const commands[] = { "guess",   "setcode",    "feedback", "genmove",
						 "play b",  "candidates", "undo",     "variant",
						 "showboard", "final_score", "clear_board" };
	size_t n = sizeof(commands) / sizeof(commands[0]);
	const char *cmd = commands[(unsigned char)line[0] % n];

	if (line[0])
		line++;
	fuzz_sayf(s, "%s %s", cmd, line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const presets[] = { "digits", "classic", "bulls", "custom" };

	if (size < 1)
		return 0;
	struct session *s = fuzz_session("mastermind");
	char *text = fuzz_line(data + 1, size - 1), *save = NULL;

	fuzz_sayf(s, "variant %s", presets[data[0] % 4]);
	/* fuzz_line turned LFs into spaces: lines are split at '|' instead. */
	for (char *l = strtok_r(text, "|", &save); l; l = strtok_r(NULL, "|", &save)) {
		char *copy = strdup(l);

		check_direct(data[0], copy);
		free(copy);
		run_line(s, l);
	}
	free(text);
	session_free(s);
	return 0;
}
