/* A save file's text: one YAML document, written with libyaml's emitter
 * and read with its parser, to and from struct save_doc. This layer knows
 * the format (fields, their types, their order) and nothing of games:
 * store/saves.c fills a save_doc from a game and replays one into a game.
 *
 * The document, version 1 (every scalar is text; numbers are decimal):
 *
 *   quintet_save: 1            the format's version
 *   game: go                   the game's protocol name
 *   moves: 3                   history lines that are moves (play ...)
 *   saved: 2025-01-02T03:04:05Z    UTC, to the second
 *   created: 2025-01-02T02:00:00Z  when the session began the game
 *   level: easy                the AI level (absent: none)
 *   options:                   the variant, as get_options gives it, in order
 *     size: 19
 *     rules: chinese
 *     komi: 7.5
 *   clock:                     time_settings and time_left
 *     main_time: 0
 *     byo_yomi_time: 0
 *     byo_yomi_stones: 0
 *     black_time_left: 0
 *     black_stones_left: 0
 *     white_time_left: 0
 *     white_stones_left: 0
 *   random: <64 hex digits>    the game's random generator
 *   setup:                     write_setup's commands, only when the game
 *   - set_free_handicap D4 Q16   did not start as its variant starts
 *   history:                   the moves and answers as protocol commands
 *   - play w D5
 *   to_move: black             the side to move after the history
 *   digest: <16 hex digits>    game_digest of the position after it
 *
 * The fields a listing needs come first, and the ones that check the
 * replay last, so a truncated file always lacks one of them.
 *
 * Bounds (the text is a user's file, maybe hand-edited, maybe hostile):
 * the caller caps its size (SAVES_MAX_BYTES); nesting is counted on parser
 * events before any document is built (util/yaml_depth.h), so a deep text
 * costs a few events; the document is walked to a fixed shape, never
 * recursively, so aliases cannot make the walk loop; every key is known,
 * none twice; every value is checked (type, range, length) before use. */
#ifndef QUINTET_SAVE_YAML_H
#define QUINTET_SAVE_YAML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "clock.h"
#include "game.h"
#include "util/rng.h"
#include "util/strbuf.h"

#define SAVE_YAML_VERSION 1   /* the format written and read */
#define SAVE_YAML_MAX_DEPTH 8 /* nested mappings and sequences, the root included */
#define SAVE_YAML_NAME_MAX 64 /* longest game or level name kept */

struct save_doc {
	int version;                    /* quintet_save */
	char game[SAVE_YAML_NAME_MAX + 1];  /* the game's name */
	long moves;                     /* history lines that are moves */
	time_t saved, created;          /* wall clock, seconds */
	bool has_level;                 /* level is given */
	char level[SAVE_YAML_NAME_MAX + 1]; /* the level's name */
	struct game_option_value options[GAME_MAX_OPTIONS]; /* in order */
	int noptions;                   /* entries in options */
	struct game_clock clock;        /* time_settings and time_left */
	struct rng rng;                 /* the game's generator */
	char **setup;                   /* setup lines (malloc'd), or NULL */
	size_t nsetup;                  /* entries in setup */
	char **history;                 /* history lines (malloc'd) */
	size_t nhistory;                /* entries in history */
	int to_move;                    /* COLOR_BLACK or COLOR_WHITE */
	uint64_t digest;                /* game_digest after the history */
};

/* Append lines (each ending in '\n', as write_setup and history write
 * them) to *list as malloc'd strings without the newline. */
void save_doc_add_lines(char ***list, size_t *n, const char *text);

/* Free what save_doc_add_lines and save_yaml_parse allocated in d. */
void save_doc_free(struct save_doc *d);

/* Append d as a YAML document to out. 0, or -1 with err (libyaml failed:
 * out of memory). */
int save_yaml_emit(const struct save_doc *d, struct strbuf *out, char *err, size_t errlen);

/* Parse len bytes of text into *d (zeroed first; free with save_doc_free
 * whatever the result). 0, or -1 with err saying what is wrong and where,
 * without the "corrupt save: " prefix: "not UTF-8: invalid leading UTF-8
 * octet at byte 12", "history: item 3 is not text", "missing field
 * digest", "quintet_save: version 2 (this quintet reads version 1)". */
int save_yaml_parse(const char *text, size_t len, struct save_doc *d, char *err,
		    size_t errlen);

/* What a listing shows of a save: its game, moves and save time, read from
 * the first fields without building the document. 0, or -1 when the text
 * does not start as a save does. */
int save_yaml_peek(const char *text, size_t len, char *game, size_t gamelen, long *moves,
		   time_t *saved);

/* "2025-01-02T03:04:05Z" for t (UTC), in buf (at least 21 bytes). */
void save_yaml_time(time_t t, char *buf, size_t len);

#endif
