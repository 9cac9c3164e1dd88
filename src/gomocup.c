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
	if (rule == GOMOCUP_RULE_YIXIN_RENJU || (rule & GOMOCUP_RULE_RENJU))
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

/* See gomocup.h. */
bool gomocup_rule_supported(long value)
{
	return value >= 0 && value < 16 && !(value & GOMOCUP_RULE_CARO);
}

/* See gomocup.h. */
enum gomocup_swap2_action gomocup_swap2_choose(int nstones, int score, int margin)
{
	if (nstones == 5)
		return score < 0 ? GOMOCUP_SWAP2_SWAP : GOMOCUP_SWAP2_ONE;
	if (score < -margin)
		return GOMOCUP_SWAP2_SWAP;
	return score > margin ? GOMOCUP_SWAP2_ONE : GOMOCUP_SWAP2_TWO;
}

/* Black in the centre; white touching it or a knight's move away; black's
 * second stone two to four away, not in line with the first two, so that
 * neither side starts with a shape that decides. The search picks. */
const struct gomocup_opening gomocup_swap2_openings[] = {
	{ { 0, 1, 2 }, { 0, 0, 2 } },   { { 0, 1, 3 }, { 0, 1, 0 } },
	{ { 0, 2, 0 }, { 0, 1, 3 } },   { { 0, 1, 3 }, { 0, -1, 1 } },
	{ { 0, 0, 4 }, { 0, 1, 0 } },   { { 0, 2, 1 }, { 0, 0, 3 } },
	{ { 0, 1, 3 }, { 0, 2, -1 } },  { { 0, 1, -3 }, { 0, 0, 2 } },
};

const int gomocup_swap2_nopenings =
	(int)(sizeof(gomocup_swap2_openings) / sizeof(gomocup_swap2_openings[0]));
