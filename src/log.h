/* Logging on stderr with levels. Game traffic is logged at debug only;
 * passwords never. Thread-safe: one fprintf per line. */
#ifndef QUINTET_LOG_H
#define QUINTET_LOG_H

enum log_level { LOG_ERROR, LOG_WARN, LOG_INFO, LOG_DEBUG };

/* Set the most verbose level printed (default LOG_WARN in stdin mode). */
void log_set_level(enum log_level level);

/* Parse "error", "warn", "info", "debug"; 0, or -1 for anything else. */
int log_parse_level(const char *name, enum log_level *level);

/* Whether a message at level would be printed. */
int log_enabled(enum log_level level);

/* Print one line "STAMP quintet LEVEL: message" (STAMP the UTC time,
 * 2025-03-02T18:04:11.250Z) when level is enabled. */
void log_msg(enum log_level level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Print one line "STAMP quintet notice: message" whatever the level: the
 * few lines scripts wait for and read (the addresses the daemon listens
 * on, "listening on HOST:PORT"), which no --log-level may hide. */
void log_notice(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
