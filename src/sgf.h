/* SGF (FF[4]) reading and writing for game records of Go (GM[1]) and
 * Gomoku (GM[4]): one parser and one writer, told which game they read or
 * write (the game decides GM, the default size, whether "tt" is a pass and
 * whether komi is written).
 *
 * Pure text in, text out: no files, no board. The caller replays the items
 * on a board (loadsgf) or fills a record from its history (printsgf). */
#ifndef QUINTET_SGF_H
#define QUINTET_SGF_H

#include <stdbool.h>
#include <stddef.h>

/* The games SGF records here, by their GM number. */
enum sgf_game {
	SGF_GAME_GO = 1,     /* Go; a record whose game is 0 is Go's too */
	SGF_GAME_GOMOKU = 4, /* Gomoku and renju */
};

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
	int game;              /* GM: enum sgf_game (0: Go) */
	int size;              /* SZ, 1..25; when absent 19 (Go), 15 (Gomoku) */
	double komi;           /* KM; 0 when absent */
	bool has_komi;         /* KM was present */
	int handicap;          /* HA; 0 when absent */
	char *result;          /* RE text, or NULL */
	char *rules;           /* RU text, or NULL */
	size_t nitems;         /* number of items in items[] */
	struct sgf_item *items; /* setup and moves of the main line, in file order */
};

/* Parse the first game tree of an SGF text (len bytes, need not be
 * NUL-terminated) of game (enum sgf_game), following the main line (first
 * variation at each branch). Returns 0 and fills *rec (free with
 * sgf_record_free), or -1 with a short message in err: "not an SGF file",
 * "not a Go game" / "not a Gomoku game" (a GM other than game's),
 * "unsupported board size", "bad coordinate", "syntax error", ... A move
 * with an empty value is a pass (col = row = -1); so is "tt" on Go boards
 * up to 19x19. */
int sgf_parse(const char *text, size_t len, int game, struct sgf_record *rec,
	      char *err, size_t errlen);

/* Release what sgf_parse or the caller allocated inside rec. */
void sgf_record_free(struct sgf_record *rec);

/* Write rec as one SGF game tree: root node with FF[4] GM CA[UTF-8]
 * AP[quintet:VERSION] SZ, KM (Go only), HA, RE and RU when set, and the
 * root's leading setup items as AB/AW, then one node per later item.
 * Returns a malloc'd string ending in a newline; the caller frees it. */
char *sgf_write(const struct sgf_record *rec);

struct game_record_info;

/* sgf_write with what a match record says first in the root node: the
 * players (PB, PW; NULL is written empty), then when set the game's name
 * (GN), event (EV), round (RO), date (DT), time (TM, with OT in words: a
 * game clock's increment, or TM[0] and a time per move) and comment (C).
 * The rest of info is not SGF's. */
char *sgf_write_info(const struct sgf_record *rec, const struct game_record_info *info);

struct strbuf;

/* Append the property ID[s], a SimpleText value with ']' and '\' escaped. */
void sgf_write_text(struct strbuf *sb, const char *id, const char *s);

#endif
