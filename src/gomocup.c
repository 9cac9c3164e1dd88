/* The Gomocup protocol's coordinates and rule bits: see gomocup.h. */
#include "gomocup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* See gomocup.h. */
void gomocup_vertex_text(int size, int x, int y, char *out, size_t len)
{
	char col = (char)('A' + x + (x >= 8));

	snprintf(out, len, "%c%d", col, size - y);
}

/* See gomocup.h. */
int gomocup_vertex_xy(int size, const char *text, int *x, int *y)
{
	char c = (char)(text[0] & ~0x20);
	char *end;

	if (c < 'A' || c > 'Z' || c == 'I')
		return -1;
	long row = strtol(text + 1, &end, 10);
	*x = c - 'A' - (c > 'I');
	*y = size - (int)row;
	return *end || *x < 0 || *x >= size || *y < 0 || *y >= size ? -1 : 0;
}

/* See gomocup.h. */
int gomocup_parse_xy(const char *text, int size, int *x, int *y)
{
	char *end;
	long a = strtol(text, &end, 10), b;

	if (end == text || *end != ',')
		return -1;
	const char *second = end + 1;
	b = strtol(second, &end, 10);
	if (end == second || (*end && *end != ','))
		return -1;
	*x = (int)a;
	*y = (int)b;
	return a >= 0 && a < size && b >= 0 && b < size ? 0 : -1;
}

/* See gomocup.h. */
const char *gomocup_rules_name(int rule)
{
	if (rule & GOMOCUP_RULE_RENJU)
		return "renju";
	return rule & GOMOCUP_RULE_EXACT ? "standard" : "freestyle";
}

/* See gomocup.h. */
int gomocup_rule_bits(const char *rules)
{
	if (!strcmp(rules, "freestyle"))
		return 0;
	if (!strcmp(rules, "standard"))
		return GOMOCUP_RULE_EXACT;
	return !strcmp(rules, "renju") ? GOMOCUP_RULE_RENJU : -1;
}
