/* The GTP analysis commands shared by every game with a search (see
 * analysis.h): the arguments and a candidate's numbers. Nothing here names
 * a game. */
#include "analysis.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

#define INTERVAL_MAX 360000  /* centiseconds: an hour */
#define INTERVAL_DEFAULT 100 /* centiseconds between lines when none is given */
#define MOVES_MAX 1000

/* ---- arguments and numbers (every game) ---- */

static int parse_bool(const char *text, bool *out)
{
	if (!strcmp(text, "true") || !strcmp(text, "1"))
		*out = true;
	else if (!strcmp(text, "false") || !strcmp(text, "0"))
		*out = false;
	else
		return -1;
	return 0;
}

/* One KEY VALUE pair; -1 for an unknown key or a bad value. */
static int parse_pair(const char *key, const char *value, struct analysis_args *a)
{
	if (!strcmp(key, "interval"))
		return gtp_parse_int(value, 0, INTERVAL_MAX, &a->interval);
	if (!strcmp(key, "maxmoves"))
		return gtp_parse_int(value, 0, MOVES_MAX, &a->maxmoves);
	if (!strcmp(key, "minmoves"))
		return gtp_parse_int(value, 0, MOVES_MAX, &a->minmoves);
	if (a->kata && !strcmp(key, "ownership"))
		return parse_bool(value, &a->ownership);
	return -1;
}

static bool is_number(const char *text)
{
	return *text && strspn(text, "0123456789") == strlen(text);
}

int analysis_parse_args(const struct game *g, int argc, char **argv, bool kata,
			struct analysis_args *a)
{
	int i = 0;

	*a = (struct analysis_args){ .interval = INTERVAL_DEFAULT, .kata = kata };
	if (i < argc && game_parse_color(g, argv[i]))
		a->color = game_parse_color(g, argv[i++]);
	if (i < argc && is_number(argv[i]) &&
	    gtp_parse_int(argv[i++], 0, INTERVAL_MAX, &a->interval) < 0)
		return -1;
	for (; i + 1 < argc; i += 2)
		if (parse_pair(argv[i], argv[i + 1], a) < 0)
			return -1;
	return i == argc ? 0 : -1;
}

/* Leela Zero's integers: 10000 times a fraction, rounded. */
static int permyriad(double x)
{
	return (int)lround(x * 10000);
}

/* KataGo's utility is the win rate mapped to [-1, 1] (quintet's searches
 * value nothing else); scoreMean and scoreSelfplay equal scoreLead. */
void analysis_put_numbers(const struct analysis_candidate *k, bool kata, struct strbuf *sb)
{
	if (!kata) {
		sb_printf(sb, " visits %ld winrate %d prior %d lcb %d order %d", k->visits,
			  permyriad(k->winrate), permyriad(k->prior), permyriad(k->lcb), k->order);
		return;
	}
	sb_printf(sb, " visits %ld utility %.6f winrate %.6f scoreMean %.3f scoreStdev %.3f"
		      " scoreLead %.3f scoreSelfplay %.3f prior %.6f lcb %.6f utilityLcb %.6f"
		      " order %d",
		  k->visits, 2 * k->winrate - 1, k->winrate, k->score_lead, k->score_stdev,
		  k->score_lead, k->score_lead, k->prior, k->lcb, 2 * k->lcb - 1, k->order);
}
