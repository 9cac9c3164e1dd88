/* SGF (FF[4], GM[1]) reading and writing for Go game records.
 *
 * Pure text in, text out: no files, no board. The caller replays the items
 * on a board (loadsgf) or fills a record from its history (printsgf). */
#ifndef QUINTET_GO_SGF_H
#define QUINTET_GO_SGF_H

#include <stdbool.h>
#include <stddef.h>

enum sgf_item_kind {
	SGF_SETUP, /* AB / AW / AE: place (or, with color 0, remove) a stone */
	SGF_PLAY,  /* B / W: a move; col = row = -1 for a pass */
};

struct sgf_item {
	enum sgf_item_kind kind; /* setup or move */
	int color;               /* 1 black, 2 white, 0 empty (AE only) */
	int col;                 /* 0 = leftmost column; -1 for a pass */
	int row;                 /* 0 = bottom row (SGF counts from the top); -1 for a pass */
};

struct sgf_record {
	int size;              /* SZ, 1..25; 19 when absent */
	double komi;           /* KM; 0 when absent */
	bool has_komi;         /* KM was present */
	int handicap;          /* HA; 0 when absent */
	char *result;          /* RE text, or NULL */
	size_t nitems;         /* number of items in items[] */
	struct sgf_item *items; /* setup and moves of the main line, in file order */
};

/* Parse the first game tree of an SGF text (len bytes, need not be
 * NUL-terminated), following the main line (first variation at each branch).
 * Returns 0 and fills *rec (free with sgf_record_free), or -1 with a short
 * message in err: "not an SGF file", "not a Go game" (GM other than 1),
 * "unsupported board size", "bad coordinate", "syntax error", ... */
int sgf_parse(const char *text, size_t len, struct sgf_record *rec,
	      char *err, size_t errlen);

/* Release what sgf_parse or the caller allocated inside rec. */
void sgf_record_free(struct sgf_record *rec);

/* Write rec as one SGF game tree: root node with FF[4] GM[1] CA[UTF-8]
 * AP[quintet:VERSION] SZ KM (HA, RE when set) and the root's leading setup
 * items as AB/AW, then one node per later item. Returns a malloc'd string
 * ending in a newline; the caller frees it. */
char *sgf_write(const struct sgf_record *rec);

struct strbuf;

/* Append the property ID[s], a SimpleText value with ']' and '\' escaped. */
void sgf_write_text(struct strbuf *sb, const char *id, const char *s);

#endif
