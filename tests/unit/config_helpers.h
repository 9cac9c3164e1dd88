/* Helpers for tests that run under a configuration of their own (include
 * after cmocka.h). Each test that calls use_config ends with
 * cfg_set_current(NULL), so the next test starts from the defaults. */
#ifndef QUINTET_TEST_CONFIG_HELPERS_H
#define QUINTET_TEST_CONFIG_HELPERS_H

#include <string.h>

#include "cfg.h"

/* Make text (YAML) the current configuration; the test fails with the
 * loader's message when text is not a valid one. */
static inline void use_config(const char *text)
{
	char err[CFG_ERRLEN];
	struct config *cfg = cfg_load_text(text, strlen(text), "test.yaml", err, sizeof(err));

	if (!cfg)
		fail_msg("%s", err);
	cfg_set_current(cfg);
	cfg_unref(cfg);
}

#endif
