/* The fuzz targets' shared setup and the front-end driver standing in for
 * net_*.c (fuzz_common.h). */
#define _GNU_SOURCE
#include "fuzz_common.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <event2/buffer.h>

#include "cfg.h"
#include "framer.h"
#include "log.h"
#include "session.h"
#include "util/monotime.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* Every level small, the server's node cap on every slow command small,
 * one search thread, Go's tree in 1 MiB (not 256, which ASan's calloc
 * would pay for at every genmove): a genmove costs milliseconds. */
static const char fuzz_overlay[] = "server:\n"
				   "  max_move_time: 1\n"
				   "  max_command_time: 5\n"
				   "  max_command_nodes: 8\n"
				   "  log_level: error\n"
				   "games:\n"
				   "  go:\n"
				   "    levels:\n"
				   "      medium: {playouts: 4, memory: 1}\n"
				   "      hard: {threads: 1, playouts: 8, time: 1, memory: 1}\n"
				   "  flood:\n"
				   "    width: 8\n"
				   "    height: 8\n"
				   "    levels:\n"
				   "      hard: {nodes: 300, time: 1}\n"
				   "  ataxx:\n"
				   "    levels:\n"
				   "      hard: {nodes: 300, time: 1}\n"
				   "  mastermind:\n"
				   "    levels:\n"
				   "      hard: {nodes: 3000, time: 1}\n"
				   "  gomoku:\n"
				   "    levels:\n"
				   "      medium: {nodes: 300}\n"
				   "      hard: {nodes: 300, time: 1}\n";

#define FUZZ_OUT_CAP (64 * 1024) /* output kept before it is dropped */
#define FUZZ_MAX_JOBS 16         /* jobs an input may run; later ones are dropped
				  * unrun, as for a client gone (an input of
				  * a thousand genmoves is slow, not a hang) */

static char dir[256];     /* the temporary directory */
static char files[300];   /* its files/ subdirectory: client files */
static int files_fd = -1; /* open on files */

void fuzz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s:%d: check failed: %s: ", file, line, cond);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag;
	if (ftw->level == 0 || !strcmp(path, files))
		return 0;
	if (remove(path) < 0)
		fuzz_fail(__FILE__, __LINE__, "remove", "%s: %s", path, strerror(errno));
	return 0;
}

void fuzz_clean(void)
{
	nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void remove_dir(void)
{
	fuzz_clean();
	rmdir(files);
	rmdir(dir);
}

void fuzz_init(void)
{
	char err[CFG_ERRLEN];
	const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR");

	if (files_fd >= 0)
		return;
	log_set_level(LOG_ERROR);
	struct config *cfg = cfg_load_text(fuzz_overlay, strlen(fuzz_overlay), "fuzz overlay",
					   err, sizeof(err));
	if (!cfg)
		fuzz_fail(__FILE__, __LINE__, "cfg", "%s", err);
	cfg_set_current(cfg);
	cfg_unref(cfg);
	snprintf(dir, sizeof(dir), "%s/quintet-fuzz.XXXXXX", base ? base : "/tmp");
	if (!mkdtemp(dir))
		fuzz_fail(__FILE__, __LINE__, "mkdtemp", "%s: %s", dir, strerror(errno));
	snprintf(files, sizeof(files), "%s/files", dir);
	if (mkdir(files, 0700) < 0 ||
	    (files_fd = open(files, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		fuzz_fail(__FILE__, __LINE__, "files", "%s: %s", files, strerror(errno));
	atexit(remove_dir);
}

const char *fuzz_dir(void)
{
	return dir;
}

int fuzz_dir_fd(void)
{
	return files_fd;
}

void fuzz_write_file(const char *name, const uint8_t *data, size_t len)
{
	int fd = openat(files_fd, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

	if (fd < 0 || (len > 0 && write(fd, data, len) != (ssize_t)len) || close(fd) < 0)
		fuzz_fail(__FILE__, __LINE__, "write", "%s: %s", name, strerror(errno));
}

char *fuzz_line(const uint8_t *data, size_t len)
{
	char *line = xmalloc(len + 1);

	for (size_t i = 0; i < len; i++)
		line[i] = data[i] == '\n' || data[i] == '\0' ? ' ' : (char)data[i];
	line[len] = '\0';
	return line;
}

/* ---------------------------------------------- net_*.c's stand-in */

struct fe_conn {
	const struct frontend_ops *ops; /* the front end */
	void *st;                       /* its state */
	struct strbuf out;              /* what it wrote, up to FUZZ_OUT_CAP */
	size_t written;                 /* bytes written in all */
	bool busy;                      /* a job (or a hold) is pending */
	bool holding;                   /* the pending thing is fe_hold's */
	worker_fn run;                  /* the job */
	void *arg;                      /* for run */
	atomic_bool *stop;              /* its stop flag, NULL for a final job */
	bool keep;                      /* a streaming job: run even when stopped */
	int jobs;                       /* jobs started */
};

void fe_write(struct fe_conn *c, const char *data, size_t len)
{
	c->written += len;
	if (c->out.len + len > FUZZ_OUT_CAP)
		sb_reset(&c->out);
	sb_append(&c->out, data, len);
}

void fe_emit(struct fe_conn *c, const char *line, size_t len)
{
	fe_write(c, line, len);
	fe_write(c, "\n", 1);
}

bool fe_is_stdio(const struct fe_conn *c)
{
	(void)c;
	return true; /* so the reply to a last line still comes (and its job runs) */
}

bool fe_hung_up(const struct fe_conn *c)
{
	(void)c;
	return false; /* as stdin: the end of input is no hang-up */
}

static void start(struct fe_conn *c, worker_fn run, void *arg, atomic_bool *stop)
{
	FUZZ_CHECK(!c->busy, "a second job while one is pending");
	c->busy = true;
	c->holding = false;
	c->run = run;
	c->arg = arg;
	c->stop = stop;
	c->keep = false;
}

void fe_start_job(struct fe_conn *c, enum fe_queue q, enum worker_kind kind, worker_fn run,
		  void *arg, atomic_bool *stop, double deadline)
{
	(void)q, (void)deadline; /* jobs keep to their own limits here */
	FUZZ_CHECK(stop != NULL, "a job without a stop flag");
	start(c, run, arg, stop);
	c->keep = kind == WORKER_MOVE; /* a move owes an answer, stopped or not */
	if (++c->jobs > FUZZ_MAX_JOBS)
		atomic_store(stop, true);
}

void fe_start_stream_job(struct fe_conn *c, enum fe_queue q, enum worker_kind kind,
			 worker_fn run, void *arg, atomic_bool *stop, double deadline)
{
	fe_start_job(c, q, kind, run, arg, stop, deadline);
	c->keep = true; /* never dropped: it finds its flag set and answers */
}

void fe_start_final_job(struct fe_conn *c, enum fe_queue q, worker_fn run, void *arg)
{
	(void)q;
	start(c, run, arg, NULL);
}

void fe_hold(struct fe_conn *c, double seconds)
{
	(void)seconds;
	c->busy = true;
	c->holding = true;
	c->stop = NULL;
}

bool fe_job_refused(const struct fe_conn *c)
{
	(void)c;
	return false; /* no queue here to be full */
}

void fe_stop_job(struct fe_conn *c)
{
	if (c->busy && c->stop) /* a hold has none: it ends when finished, at once */
		atomic_store(c->stop, true);
}

/* Run the pending job (unless its flag was set first: dropped unrun, as
 * the worker pool does) and tell the front end; it may start another. */
static void finish(struct fe_conn *c)
{
	bool ran = true;

	if (c->holding) {
		c->busy = c->holding = false;
	} else {
		ran = c->keep || !(c->stop && atomic_load(c->stop));
		c->busy = false;
		if (ran)
			c->run(c->arg);
	}
	c->stop = NULL;
	c->ops->job_done(c->st, ran);
}

/* Offer the framed line until it is taken; the step. */
static enum fe_step offer(struct fe_conn *c, enum framer_result r, struct strbuf *line)
{
	for (;;) {
		enum fe_step step;

		if (r == FRAMER_LINE)
			step = c->ops->line(c->st, line->buf, line->len, monotime_now(), c->busy);
		else
			step = c->ops->too_long(c->st, line->buf, line->len, c->busy);
		if (step != FE_LATER)
			return step;
		FUZZ_CHECK(c->busy, "FE_LATER with no job");
		finish(c);
	}
}

size_t fuzz_frontend(const struct frontend_ops *ops, const uint8_t *data, size_t size,
		     size_t max_line, const char *owner)
{
	struct fe_conn c = { .ops = ops };
	struct fe_info info = { .seed = 1, .confined = true, .files_dir = files_fd,
				.owner = owner, .data_dir = dir };
	struct line_framer f = { .in = evbuffer_new(), .max_line = max_line };
	struct strbuf line = STRBUF_INIT;
	enum framer_result r;

	fuzz_init();
	c.st = ops->open(&c, &info);
	evbuffer_add(f.in, data, size);
	while ((r = framer_next(&f, &line, true)) != FRAMER_NONE)
		if (offer(&c, r, &line) == FE_CLOSE)
			break;
	if (ops->input_ended)
		ops->input_ended(c.st, c.busy);
	while (c.busy)
		finish(&c);
	if (ops->ending) {
		ops->ending(c.st);
		while (c.busy)
			finish(&c);
	}
	ops->close(c.st);
	sb_free(&line);
	sb_free(&c.out);
	evbuffer_free(f.in);
	fuzz_clean();
	return c.written;
}

/* ------------------------------------------------ one session */

struct session *fuzz_session(const char *game)
{
	struct session *s;

	fuzz_init();
	s = session_new(1);
	s->confine_files = true;
	s->files_dir = files_fd;
	s->data_dir = dir;
	if (game)
		fuzz_sayf(s, "game %s", game);
	return s;
}

char *fuzz_say(struct session *s, const char *line, size_t len)
{
	struct strbuf wire = STRBUF_INIT;
	struct session_job *job = NULL;
	char *buf = xmalloc(len + 1);

	memcpy(buf, line, len);
	buf[len] = '\0';
	if (session_handle_line(s, buf, len, 0, &wire, &job) == SESSION_JOB) {
		session_job_run(job);
		session_job_finish(s, job, true, &wire);
	}
	free(buf);
	if (!wire.buf)
		sb_puts(&wire, "");
	return wire.buf;
}

bool fuzz_sayf(struct session *s, const char *fmt, ...)
{
	struct strbuf line = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(&line, fmt, ap);
	va_end(ap);
	char *reply = fuzz_say(s, line.buf ? line.buf : "", line.len);
	bool ok = reply[0] == '=';

	free(reply);
	sb_free(&line);
	return ok;
}

char *fuzz_ask(struct session *s, const char *line)
{
	char *reply = fuzz_say(s, line, strlen(line));
	size_t skip = reply[0] == '=' && reply[1] == ' ' ? 2 : 1, n = strlen(reply);

	if (reply[0] != '=') {
		free(reply);
		return NULL;
	}
	while (n > skip && reply[n - 1] == '\n')
		n--;
	memmove(reply, reply + skip, n - skip);
	reply[n - skip] = '\0';
	return reply;
}
