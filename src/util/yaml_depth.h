/* How deep a YAML text nests, counted on libyaml's parser events before any
 * document is built: libyaml's loader recurses once per level, and its
 * scanner slows down with the depth of flow collections (a 40,000-deep
 * "[[[[..." takes seconds), so a hostile text must stop at the limit,
 * having cost a few dozen events. Shared by the configuration (cfg.c) and
 * the save files (store/saves.c). */
#ifndef QUINTET_YAML_DEPTH_H
#define QUINTET_YAML_DEPTH_H

#include <stddef.h>

enum yaml_depth_result {
	YAML_DEPTH_OK = 0,       /* within max_depth, or a syntax error: the caller's
				  * load reports it as usual */
	YAML_DEPTH_TOO_DEEP = 1, /* a mapping or sequence opens deeper than max_depth */
	YAML_DEPTH_NO_MEMORY = -1, /* libyaml could not start */
};

/* Count the nesting of len bytes of text: mappings and sequences, the root
 * included. On YAML_DEPTH_TOO_DEEP, *line and *col (1-based) say where the
 * collection that went too deep starts. */
enum yaml_depth_result yaml_depth_check(const char *text, size_t len, int max_depth,
					int *line, int *col);

#endif
