#include "util/yaml_depth.h"

#include <yaml.h>

enum yaml_depth_result yaml_depth_check(const char *text, size_t len, int max_depth,
					int *line, int *col)
{
	yaml_parser_t parser;
	yaml_event_t ev;
	enum yaml_depth_result rc = YAML_DEPTH_OK;
	int depth = 0;

	if (!yaml_parser_initialize(&parser))
		return YAML_DEPTH_NO_MEMORY;
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	while (rc == YAML_DEPTH_OK && yaml_parser_parse(&parser, &ev)) {
		yaml_event_type_t type = ev.type;

		if (type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT) {
			if (++depth > max_depth) {
				*line = (int)ev.start_mark.line + 1;
				*col = (int)ev.start_mark.column + 1;
				rc = YAML_DEPTH_TOO_DEEP;
			}
		} else if (type == YAML_SEQUENCE_END_EVENT || type == YAML_MAPPING_END_EVENT) {
			depth--;
		}
		yaml_event_delete(&ev);
		if (type == YAML_STREAM_END_EVENT)
			break;
	}
	yaml_parser_delete(&parser);
	return rc;
}
