/* The clock commands: time_settings, kgs-time_settings and time_left set
 * the session's game clock (clock.h), which genmove's budget reads. */
#include "session_int.h"

#include <string.h>

#include "clock.h"

/* A whole number of seconds or stones, as GTP's clock commands take. */
static int parse_clock_number(const char *text, long *out)
{
	return gtp_parse_int(text, 0, 100000000, out);
}

/* Function:  set the time control (Canadian byo-yomi)
 * Arguments: main time, byo-yomi time (seconds), byo-yomi stones
 * Fails:     syntax error (not integers from 0 to 100000000)
 * Returns:   nothing. genmove then spends a share of the time left (see
 *            time_left); byo-yomi time with 0 stones means no limit */
enum gtp_status session_cmd_time_settings(struct cmd_ctx *ctx, int argc, char **argv,
					  struct strbuf *out)
{
	long main_time, byo_time, stones;

	(void)argc;
	if (parse_clock_number(argv[0], &main_time) < 0 ||
	    parse_clock_number(argv[1], &byo_time) < 0 || parse_clock_number(argv[2], &stones) < 0)
		return gtp_fail(out, "syntax error");
	clock_set(&ctx->clock, (double)main_time, (double)byo_time, (int)stones);
	return GTP_OK;
}

/* Function:  set the time control as KGS names it
 * Arguments: none | absolute MAIN | canadian MAIN BYO_YOMI STONES |
 *            byoyomi MAIN BYO_YOMI PERIODS (whole seconds and counts)
 * Fails:     syntax error (an unknown system, the wrong count of numbers
 *            for it, a number not an integer from 0 to 100000000)
 * Returns:   nothing */
enum gtp_status session_cmd_kgs_time_settings(struct cmd_ctx *ctx, int argc, char **argv,
					      struct strbuf *out)
{
	static const char *const systems[] = { "none", "absolute", "canadian", "byoyomi" };
	static const int numbers[] = { 0, 1, 3, 3 };
	long n[3] = { 0, 0, 0 };
	int k = 0;

	while (k < 4 && strcmp(argv[0], systems[k]))
		k++;
	if (k == 4 || argc - 1 != numbers[k])
		return gtp_fail(out, "syntax error");
	for (int i = 0; i < numbers[k]; i++)
		if (parse_clock_number(argv[i + 1], &n[i]) < 0)
			return gtp_fail(out, "syntax error");
	if (k == 3)
		clock_set_byoyomi(&ctx->clock, (double)n[0], (double)n[1], (int)n[2]);
	else /* as time_settings MAIN BYO_YOMI STONES (none: 0 0 0) */
		clock_set(&ctx->clock, (double)n[0], (double)n[1], (int)n[2]);
	return GTP_OK;
}

/* Function:  tell the engine a colour's remaining time
 * Arguments: colour, seconds left, stones left in the byo-yomi period (0:
 *            still in main time)
 * Fails:     invalid color, syntax error
 * Returns:   nothing */
enum gtp_status session_cmd_time_left(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out)
{
	int color = game_parse_color(ctx->game, argv[0]);
	long seconds, stones;

	(void)argc;
	if (!color)
		return gtp_fail(out, "invalid color");
	if (parse_clock_number(argv[1], &seconds) < 0 || parse_clock_number(argv[2], &stones) < 0)
		return gtp_fail(out, "syntax error");
	clock_left(&ctx->clock, color, (double)seconds, (int)stones);
	return GTP_OK;
}
