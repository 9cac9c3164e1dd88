/* Results files: create, append a game, load for --resume. The format and
 * the reader's bounds are in results.h. */
#include "match/results.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gtp.h"
#include "util/xalloc.h"

#define RESULTS_MAGIC "quintet-match results 1"
#define RESULTS_FIELDS 13 /* fields of a game line after "game " */
#define RESULTS_OLD_FIELDS 11 /* ... before the timing fields were added */
#define RESULTS_TAIL 65536 /* bytes of the end searched for the last newline */

/* Append s with backslash, tab, newline and CR escaped. */
static void put_escaped(struct strbuf *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\')
			sb_puts(out, "\\\\");
		else if (*s == '\t')
			sb_puts(out, "\\t");
		else if (*s == '\n')
			sb_puts(out, "\\n");
		else if (*s == '\r')
			sb_puts(out, "\\r");
		else
			sb_append(out, s, 1);
	}
}

/* Undo put_escaped in place; false on a bad escape. */
static bool unescape(char *s)
{
	char *w = s;

	for (char *p = s; *p; p++) {
		if (*p != '\\') {
			*w++ = *p;
			continue;
		}
		p++;
		switch (*p) {
		case '\\': *w++ = '\\'; break;
		case 't': *w++ = '\t'; break;
		case 'n': *w++ = '\n'; break;
		case 'r': *w++ = '\r'; break;
		default: return false;
		}
	}
	*w = '\0';
	return true;
}

static int write_all(int fd, const char *data, size_t len, char *err, size_t errlen)
{
	while (len > 0) {
		ssize_t n = write(fd, data, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(err, errlen, "cannot write results: %s", strerror(errno));
			return -1;
		}
		data += n;
		len -= (size_t)n;
	}
	if (fdatasync(fd) < 0 && errno != EINVAL) {
		snprintf(err, errlen, "cannot sync results: %s", strerror(errno));
		return -1;
	}
	return 0;
}

int results_create(const char *path, const struct results_head *head, char *err,
		   size_t errlen)
{
	struct strbuf text = STRBUF_INIT;
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);

	if (fd < 0) {
		if (errno == EEXIST)
			snprintf(err, errlen, "%s exists; --resume %s continues that match", path,
				 path);
		else
			snprintf(err, errlen, "cannot create %s: %s", path, strerror(errno));
		return -1;
	}
	sb_puts(&text, RESULTS_MAGIC "\n");
	for (int i = 0; i < head->argc; i++) {
		sb_puts(&text, "arg ");
		put_escaped(&text, head->argv[i]);
		sb_puts(&text, "\n");
	}
	sb_printf(&text, "seed %" PRIu64 "\n", head->seed);
	if (head->shards > 0)
		sb_printf(&text, "shard %ld %ld\n", head->shard, head->shards);
	for (int k = 0; k < head->nnames; k++) {
		sb_printf(&text, "engine %d ", k + 1);
		put_escaped(&text, head->names[k]);
		sb_puts(&text, "\n");
	}
	int rc = write_all(fd, sb_str(&text), text.len, err, errlen);
	sb_free(&text);
	if (rc < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Cut a last line that has no newline (a crash while it was written), so
 * the next game starts a line of its own. Lines are short (RESULTS_TAIL
 * holds many), so the newline is in the file's tail. */
static int cut_partial_line(int fd, const char *path, char *err, size_t errlen)
{
	char tail[RESULTS_TAIL];
	struct stat st;

	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", path);
		return -1;
	}
	off_t from = st.st_size > (off_t)sizeof(tail) ? st.st_size - (off_t)sizeof(tail) : 0;
	ssize_t n = pread(fd, tail, (size_t)(st.st_size - from), from);
	if (n < 0 || n != st.st_size - from) {
		snprintf(err, errlen, "cannot read %s: %s", path, n < 0 ? strerror(errno) : "short read");
		return -1;
	}
	if (n == 0 || tail[n - 1] == '\n')
		return 0;
	while (n > 0 && tail[n - 1] != '\n')
		n--;
	if (n == 0 && from > 0) {
		snprintf(err, errlen, "%s: last line too long", path);
		return -1;
	}
	if (ftruncate(fd, from + n) < 0) {
		snprintf(err, errlen, "cannot truncate %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

int results_reopen(const char *path, char *err, size_t errlen)
{
	int fd = open(path, O_RDWR | O_APPEND | O_CLOEXEC);

	if (fd < 0) {
		snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	if (cut_partial_line(fd, path, err, errlen) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static char winner_letter(int winner)
{
	return winner == COLOR_BLACK ? 'b' : winner == COLOR_WHITE ? 'w' : '0';
}

void results_game_line(const struct match_result *res, struct strbuf *out)
{
	sb_printf(out, "game %d\t%d\t%d\t%d\t%c\t%s\t%ld\t%ld\t%016" PRIx64 "\t", res->number,
		  res->black + 1, res->white + 1, res->opening, winner_letter(res->winner),
		  match_end_name(res->end), res->moves, res->tally, res->digest);
	put_escaped(out, res->result);
	sb_puts(out, "\t");
	put_escaped(out, res->detail);
	for (int color = COLOR_BLACK; color <= COLOR_WHITE; color++) {
		const struct match_timing *t = &res->timing[color];

		if (!res->timed || t->share <= 0)
			sb_puts(out, "\t-");
		else
			sb_printf(out, "\tshare=%.4f move=%ld reply=%.4f left=%.4f periods_lost=%d",
				  t->share, t->move, t->reply, t->left, t->periods_lost);
	}
	sb_puts(out, "\n");
}

int results_append(int fd, const struct match_result *res, char *err, size_t errlen)
{
	struct strbuf line = STRBUF_INIT;

	results_game_line(res, &line);
	int rc = write_all(fd, sb_str(&line), line.len, err, errlen);
	sb_free(&line);
	return rc;
}

/* ---- reading ---- */

static char *read_file(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	struct strbuf sb = STRBUF_INIT;
	char chunk[8192];
	size_t n;

	if (!f) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0 && sb.len <= RESULTS_MAX_FILE)
		sb_append(&sb, chunk, n);
	bool bad = ferror(f) || sb.len > RESULTS_MAX_FILE || memchr(sb_str(&sb), '\0', sb.len);
	if (bad)
		snprintf(err, errlen, "cannot read %s: %s", path,
			 ferror(f) ? strerror(errno) : sb.len > RESULTS_MAX_FILE ? "file too big"
										 : "not a text file");
	fclose(f);
	if (bad) {
		sb_free(&sb);
		return NULL;
	}
	*len = sb.len;
	return sb.buf ? sb.buf : xstrdup("");
}

static bool parse_end(const char *name, enum game_end *end)
{
	for (int e = 0; e < END_COUNT; e++)
		if (!strcmp(name, match_end_name((enum game_end)e))) {
			*end = (enum game_end)e;
			return true;
		}
	return false;
}

/* A game line written before the ends by the rules had words of their
 * own says `score` for all of them; the reason its detail names ("ended
 * by the rules (five); scored B+") is its end. Without one (Go's two
 * passes, Mastermind's solves, a count) it stays END_SCORE. */
static enum game_end old_rules_end(const char *detail)
{
	static const char prefix[] = "ended by the rules (";

	if (strncmp(detail, prefix, strlen(prefix)))
		return END_SCORE;
	const char *name = detail + strlen(prefix);
	size_t n = strcspn(name, ")");
	for (int k = 0; k < GAME_REASON_COUNT; k++) {
		const char *reason = game_reason_name((enum game_reason)k);
		if (strlen(reason) == n && !strncmp(name, reason, n))
			return match_end_of_reason((enum game_reason)k);
	}
	return END_SCORE;
}

static bool parse_num(const char *s, long min, long max, long *out)
{
	return gtp_parse_int(s, min, max, out) == 0;
}

/* A timing field: "-", or the five figures results_game_line writes. */
static bool parse_timing(const char *s, struct match_timing *t)
{
	int used = -1;

	memset(t, 0, sizeof(*t));
	if (!strcmp(s, "-"))
		return true;
	if (sscanf(s, "share=%lf move=%ld reply=%lf left=%lf periods_lost=%d%n", &t->share,
		   &t->move, &t->reply, &t->left, &t->periods_lost, &used) != 5 ||
	    used != (int)strlen(s))
		return false;
	return t->share >= 0 && t->share < 1e9 && t->move >= 1 && t->move <= 100000000 &&
	       t->reply >= 0 && t->reply < 1e9 && t->left > 0 && t->left < 1e9 &&
	       t->periods_lost >= 0 && t->periods_lost <= 1000000;
}

/* One game line's fields (after "game "): eleven, or thirteen with the
 * timing; false when any is bad. */
static bool parse_game(char *line, struct match_result *res)
{
	char *f[RESULTS_FIELDS];
	long v[8];
	int n = 0;
	char *end;

	for (char *p = line; n < RESULTS_FIELDS; n++) {
		f[n] = p;
		char *tab = strchr(p, '\t');
		if (!tab) {
			n++;
			break;
		}
		*tab = '\0';
		p = tab + 1;
	}
	if ((n != RESULTS_FIELDS && n != RESULTS_OLD_FIELDS) || strchr(f[n - 1], '\t'))
		return false;
	memset(res, 0, sizeof(*res));
	if (n == RESULTS_FIELDS) {
		if (!parse_timing(f[11], &res->timing[COLOR_BLACK]) ||
		    !parse_timing(f[12], &res->timing[COLOR_WHITE]))
			return false;
		/* "-" twice: no move had a limit (a match without one). */
		res->timed = strcmp(f[11], "-") || strcmp(f[12], "-");
	}
	if (!parse_num(f[0], 1, 100000000, &v[0]) || !parse_num(f[1], 1, 1000, &v[1]) ||
	    !parse_num(f[2], 1, 1000, &v[2]) || !parse_num(f[3], -1, 100000000, &v[3]) ||
	    !parse_num(f[6], 0, 100000000, &v[4]) || !parse_num(f[7], 0, 100000000, &v[5]))
		return false;
	if (strlen(f[4]) != 1 || !strchr("bw0", f[4][0]) || !parse_end(f[5], &res->end))
		return false;
	errno = 0;
	res->digest = strtoull(f[8], &end, 16);
	if (errno || *end || end == f[8] || strlen(f[8]) != 16)
		return false;
	if (!unescape(f[9]) || !unescape(f[10]) || strlen(f[9]) >= sizeof(res->result) ||
	    strlen(f[10]) >= sizeof(res->detail))
		return false;
	res->number = (int)v[0];
	res->black = (int)v[1] - 1;
	res->white = (int)v[2] - 1;
	res->opening = (int)v[3];
	res->winner = f[4][0] == 'b' ? COLOR_BLACK : f[4][0] == 'w' ? COLOR_WHITE : COLOR_NONE;
	res->moves = v[4];
	res->tally = v[5];
	snprintf(res->result, sizeof(res->result), "%s", f[9]);
	snprintf(res->detail, sizeof(res->detail), "%s", f[10]);
	if (res->end == END_SCORE)
		res->end = old_rules_end(res->detail);
	res->done = true;
	return true;
}

/* One line (its newline cut); -1 with a message naming the line. */
static int parse_line(struct results_file *rf, char *line, const char *path, int number,
		      char *err, size_t errlen)
{
	if (!strncmp(line, "arg ", 4)) {
		if (!unescape(line + 4))
			goto bad;
		rf->argv = xrealloc(rf->argv, (size_t)(rf->argc + 2) * sizeof(*rf->argv));
		rf->argv[rf->argc++] = xstrdup(line + 4);
		rf->argv[rf->argc] = NULL;
		return 0;
	}
	if (!strncmp(line, "seed ", 5)) {
		long seed;
		if (!parse_num(line + 5, 0, INT64_MAX, &seed) || rf->has_seed)
			goto bad;
		rf->seed = (uint64_t)seed;
		rf->has_seed = true;
		return 0;
	}
	if (!strncmp(line, "shard ", 6)) {
		long k, n;
		char *sp = strchr(line + 6, ' ');
		if (!sp || rf->shards)
			goto bad;
		*sp = '\0';
		if (!parse_num(line + 6, 0, RESULTS_MAX_SHARDS - 1, &k) ||
		    !parse_num(sp + 1, 1, RESULTS_MAX_SHARDS, &n) || k >= n)
			goto bad;
		rf->shard = k;
		rf->shards = n;
		return 0;
	}
	if (!strncmp(line, "engine ", 7)) {
		long k;
		char *sp = strchr(line + 7, ' ');
		if (!sp)
			goto bad;
		*sp = '\0';
		if (!parse_num(line + 7, 1, MATCH_MAX_ENGINES, &k) || rf->names[k - 1] ||
		    !unescape(sp + 1) || !sp[1] || strlen(sp + 1) >= MATCH_NAME_MAX)
			goto bad;
		rf->names[k - 1] = xstrdup(sp + 1);
		return 0;
	}
	if (!strncmp(line, "game ", 5)) {
		struct match_result res;
		if (!parse_game(line + 5, &res))
			goto bad;
		rf->games = xrealloc(rf->games, (size_t)(rf->ngames + 1) * sizeof(*rf->games));
		rf->games[rf->ngames++] = res;
		return 0;
	}
	if (line[0] == '#' || line[0] == '\0')
		return 0;
bad:
	snprintf(err, errlen, "%s:%d: not a results line", path, number);
	return -1;
}

int results_load(const char *path, struct results_file *out, char *err, size_t errlen)
{
	size_t len;
	char *text = read_file(path, &len, err, errlen);
	int number = 1, rc = 0;

	memset(out, 0, sizeof(*out));
	if (!text)
		return -1;
	char *line = text, *nl = strchr(line, '\n');
	if (!nl || (size_t)(nl - line) != strlen(RESULTS_MAGIC) ||
	    strncmp(line, RESULTS_MAGIC, strlen(RESULTS_MAGIC))) {
		snprintf(err, errlen, "%s: not a quintet-match results file", path);
		rc = -1;
	}
	/* Only whole lines count: a last line without its newline was cut. */
	for (line = nl ? nl + 1 : NULL; rc == 0 && line && (nl = strchr(line, '\n')); line = nl + 1) {
		*nl = '\0';
		rc = parse_line(out, line, path, ++number, err, errlen);
	}
	if (rc == 0 && line && *line) { /* a last line without its newline */
		out->cut_bytes = (long)strlen(line);
		snprintf(out->cut, sizeof(out->cut), "%s", line);
		for (char *p = out->cut; *p; p++)
			if (*p == '\t' || (unsigned char)*p < ' ')
				*p = ' ';
	}
	if (rc == 0 && !out->has_seed) {
		snprintf(err, errlen, "%s: no seed line", path);
		rc = -1;
	}
	free(text);
	if (rc < 0)
		results_free(out);
	return rc;
}

void results_free(struct results_file *rf)
{
	for (int i = 0; i < rf->argc; i++)
		free(rf->argv[i]);
	free(rf->argv);
	for (int k = 0; k < MATCH_MAX_ENGINES; k++)
		free(rf->names[k]);
	free(rf->games);
	memset(rf, 0, sizeof(*rf));
}
