/* Save-file benchmark: saves and loads per second through a session, as a
 * client's `save NAME` / `load NAME` runs them on a short-work worker, for
 * a 200-move Go game (19x19) and a 100-move Ataxx game (7x7): a save is
 * the text, its load-back check and the atomic write (two fsyncs); a load
 * is the read and the rebuild (parse, options, replay, checks). The text
 * alone (saves_format, no file) is shown for scale.
 *
 * Usage: bench/saves DATA_DIR [SECONDS-PER-FIGURE]
 *   DATA_DIR: an empty directory on the file system to measure (fsync is
 *   real); saves go to DATA_DIR/saves/bench/. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "session.h"
#include "store/saves.h"
#include "util/monotime.h"
#include "util/xalloc.h"

static double seconds = 2.0;

/* One command through the session (a job runs inline); exits on "?". */
static void say(struct session *s, const char *line)
{
	struct strbuf wire = STRBUF_INIT;
	struct session_job *job = NULL;
	char *buf = xstrdup(line);

	if (session_handle_line(s, buf, strlen(buf), 0, &wire, &job) == SESSION_JOB) {
		session_job_run(job);
		session_job_finish(s, job, true, &wire);
	}
	if (wire.buf && wire.buf[0] == '?') {
		fprintf(stderr, "saves: '%s' failed: %s", line, wire.buf);
		exit(1);
	}
	free(buf);
	sb_free(&wire);
}

static int moves_of(const struct session *s)
{
	struct strbuf h = STRBUF_INIT;
	int n = 0;

	s->game->ops->history(s->game, &h);
	for (const char *p = sb_str(&h); (p = strstr(p, "play ")); p += 5)
		n++;
	sb_free(&h);
	return n;
}

/* A game of exactly moves moves by the random players (seeds tried until
 * one lasts that long). */
static struct session *game_of(const char *data_dir, const char *setup, int moves)
{
	for (uint64_t seed = 1;; seed++) {
		struct session *s = session_new(seed);
		char line[64];

		s->owner = "bench";
		s->data_dir = data_dir;
		for (const char *p = setup; *p;) {
			const char *end = strchr(p, '\n');
			size_t n = (size_t)(end - p);

			snprintf(line, sizeof(line), "%.*s", (int)n, p);
			say(s, line);
			p = end + 1;
		}
		while (moves_of(s) < moves && !s->game->ops->is_over(s->game))
			say(s, s->game->ops->to_move(s->game) == COLOR_WHITE ? "genmove w" : "genmove b");
		if (moves_of(s) == moves)
			return s;
		session_free(s);
	}
}

static struct cmd_ctx context_of(const struct session *s)
{
	return (struct cmd_ctx){ .game = s->game, .cfg = s->cfg, .level = s->level,
				 .clock = s->clock, .seed = s->seed, .owner = s->owner,
				 .data_dir = s->data_dir, .created = s->created };
}

/* Repeat line for `seconds`; returns the rate. */
static double rate_of(struct session *s, const char *line)
{
	double start = monotime_now(), t;
	long n = 0;

	do {
		say(s, line);
		n++;
	} while ((t = monotime_now() - start) < seconds);
	return n / t;
}

static void bench(const char *what, struct session *s)
{
	struct strbuf text = STRBUF_INIT;
	char err[SAVES_ERRLEN];
	double start, t;
	long n = 0;

	say(s, "save b"); /* a job: the session adopts its copy of the game */
	struct cmd_ctx ctx = context_of(s);
	start = monotime_now();
	do {
		sb_reset(&text);
		saves_format(&ctx, 0, &text, err, sizeof(err));
		n++;
	} while ((t = monotime_now() - start) < seconds);
	double format = n / t;
	size_t bytes = text.len;
	double save = rate_of(s, "save b");
	struct session *l = session_new(99);
	l->owner = "bench";
	l->data_dir = s->data_dir;
	double load = rate_of(l, "load b");
	session_free(l);
	printf("%-26s %6zu bytes  save %7.0f/s  load %7.0f/s   (text alone %7.0f/s)\n", what,
	       bytes, save, load, format);
	sb_free(&text);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: bench/saves DATA_DIR [SECONDS-PER-FIGURE]\n");
		return 2;
	}
	if (argc > 2)
		seconds = atof(argv[2]);
	struct session *go = game_of(argv[1], "boardsize 19\n", 200);
	struct session *ataxx = game_of(argv[1], "game ataxx\nboardsize 7\n", 100);
	bench("go 19x19, 200 moves", go);
	bench("ataxx 7x7, 100 moves", ataxx);
	session_free(go);
	session_free(ataxx);
	cfg_set_current(NULL);
	return 0;
}
