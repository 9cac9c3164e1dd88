/* The evaluation tuners' common reading (see tune_io.h). */
#include "util/tune_io.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

int tune_parse_share(const char *text, double *y)
{
	char *end;
	double v;

	while (*text == ' ')
		text++;
	v = strtod(text, &end);
	while (*end == ' ' || *end == '\n' || *end == '\r')
		end++;
	if (end == text || *end || !(v >= 0 && v <= 1))
		return -1;
	*y = v;
	return 0;
}

int tune_parse_result(const char *text, double *y)
{
	double v;

	if (tune_parse_share(text, &v) < 0 || !(v == 0 || v == 0.5 || v == 1))
		return -1;
	*y = v;
	return 0;
}

int tune_read(FILE *in, size_t max_line, tune_line_fn parse, void *ctx, char *err,
	      size_t errlen)
{
	char *line = xmalloc(max_line + 2), why[160];
	long number = 0;
	int rc = 0;

	while (rc == 0 && fgets(line, (int)max_line + 2, in)) {
		number++;
		size_t len = strlen(line);
		if (len == max_line + 1 && line[len - 1] != '\n') {
			snprintf(err, errlen, "line %ld: line too long", number);
			rc = -1;
		} else if (line[0] != '\n' && line[0] != '#' &&
			   parse(line, ctx, why, sizeof(why)) < 0) {
			snprintf(err, errlen, "line %ld: %s", number, why);
			rc = -1;
		}
	}
	if (rc == 0 && ferror(in)) {
		snprintf(err, errlen, "read error");
		rc = -1;
	}
	free(line);
	return rc;
}

/* Whether path names an xz-compressed file (".xz"). */
static bool is_xz(const char *path)
{
	size_t n = strlen(path);

	return n > 3 && !strcmp(path + n - 3, ".xz");
}

/* path for reading: through `xz -dc` when compressed; NULL with the
 * reason on stderr. */
static FILE *open_data(const char *path)
{
	FILE *in;

	if (!is_xz(path)) {
		if (!(in = fopen(path, "r")))
			perror(path);
		return in;
	}
	if (strchr(path, '\'')) {
		fprintf(stderr, "%s: a compressed file's name may not hold a quote\n", path);
		return NULL;
	}
	char *cmd = xmalloc(strlen(path) + 32);
	sprintf(cmd, "xz -dc -- '%s'", path);
	if (!(in = popen(cmd, "r")))
		perror("xz");
	free(cmd);
	return in;
}

/* Close what open_data opened; 0, or -1 when xz failed (its message is on
 * stderr). */
static int close_data(const char *path, FILE *in)
{
	if (!is_xz(path))
		return fclose(in) == 0 ? 0 : -1;
	int status = pclose(in);
	if (status != 0) {
		fprintf(stderr, "%s: xz -dc failed (status %d)\n", path, status);
		return -1;
	}
	return 0;
}

int tune_read_files(int n, char **paths, size_t max_line, tune_line_fn parse, void *ctx)
{
	char err[256];

	for (int i = 0; i < n; i++) {
		FILE *in = open_data(paths[i]);
		if (!in)
			return -1;
		int rc = tune_read(in, max_line, parse, ctx, err, sizeof(err));
		if (rc < 0) {
			/* xz is left to finish writing into the closed pipe */
			close_data(paths[i], in);
			fprintf(stderr, "%s: %s\n", paths[i], err);
			return -1;
		}
		if (close_data(paths[i], in) < 0)
			return -1;
	}
	return 0;
}

bool tune_split3(char *buf, char **b, char **c)
{
	char *first = strchr(buf, ';'), *second = first ? strchr(first + 1, ';') : NULL;

	if (!second)
		return false;
	*first = *second = '\0';
	*b = first + 1;
	*c = second + 1;
	return true;
}

bool tune_parse_long(const char *text, long lo, long hi, long *out)
{
	char *end;

	errno = 0;
	long v = strtol(text, &end, 10);
	if (errno || end == text || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

bool tune_parse_seed(const char *text, uint64_t *out)
{
	char *end;

	errno = 0;
	unsigned long long v = strtoull(text, &end, 10);
	if (errno || end == text || *end)
		return false;
	*out = v;
	return true;
}

int tune_feature_index(const char *prog, const char *const *names, int n, int fixed,
		       const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(name, names[i]) && i != fixed)
			return i;
	fprintf(stderr, "%s: unknown or fixed feature %s\n", prog, name);
	return -1;
}

bool tune_parse_drop(const char *prog, char *list, const char *const *names, int n, int fixed,
		     bool *use)
{
	char *save = NULL;

	for (char *name = strtok_r(list, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		int i = tune_feature_index(prog, names, n, fixed, name);
		if (i < 0)
			return false;
		use[i] = false;
	}
	return true;
}

bool tune_parse_set(const char *prog, char *arg, const char *const *names, int n, int fixed,
		    bool *use, int *given)
{
	char *eq = strchr(arg, '='), *end;
	long v;

	if (!eq)
		return false;
	*eq = '\0';
	int i = tune_feature_index(prog, names, n, fixed, arg);
	errno = 0;
	v = strtol(eq + 1, &end, 10);
	if (i < 0 || errno || end == eq + 1 || *end || v < -100000 || v > 100000)
		return false;
	use[i] = false;
	given[i] = (int)v;
	return true;
}
