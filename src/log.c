#include "log.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static atomic_int current_level = LOG_WARN;
static const char *const level_names[] = { "error", "warn", "info", "debug" };

void log_set_level(enum log_level level)
{
	atomic_store(&current_level, (int)level);
}

int log_parse_level(const char *name, enum log_level *level)
{
	for (int i = 0; i <= LOG_DEBUG; i++)
		if (!strcmp(name, level_names[i])) {
			*level = (enum log_level)i;
			return 0;
		}
	return -1;
}

int log_enabled(enum log_level level)
{
	return (int)level <= atomic_load(&current_level);
}

/* msg with its control bytes (a client's CR, ESC, ...) as \xNN into out
 * (4 x msg's size): one log line, which no client can forge or colour. */
static void escape_controls(const char *msg, char *out, size_t len)
{
	size_t n = 0;

	for (; *msg && n + 5 <= len; msg++) {
		unsigned char ch = (unsigned char)*msg;

		if (ch < 32 || ch == 127)
			n += (size_t)snprintf(out + n, len - n, "\\x%02x", ch);
		else
			out[n++] = (char)ch;
	}
	out[n] = '\0';
}

/* One line "STAMP quintet TAG: message" on stderr, in one fprintf. */
static void log_line(const char *tag, const char *fmt, va_list ap)
{
	char msg[1024], line[4 * 1024], stamp[32];
	struct timespec ts;
	struct tm tm;

	vsnprintf(msg, sizeof(msg), fmt, ap);
	escape_controls(msg, line, sizeof(line));
	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%S", &tm);
	fprintf(stderr, "%s.%03ldZ quintet %s: %s\n", stamp, ts.tv_nsec / 1000000, tag, line);
}

void log_msg(enum log_level level, const char *fmt, ...)
{
	va_list ap;

	if (!log_enabled(level))
		return;
	va_start(ap, fmt);
	log_line(level_names[level], fmt, ap);
	va_end(ap);
}

void log_notice(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_line("notice", fmt, ap);
	va_end(ap);
}
