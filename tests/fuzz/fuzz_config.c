/* Fuzz target: the YAML configuration loader (cfg_load_text: libyaml,
 * the depth count, every key's checks, the merge over the defaults, each
 * game's options on a throwaway game). A text that loads must dump
 * (--dump-config) to a text that loads, whose dump loads to the same dump
 * again (not the first: a dump is laid over the defaults like any file,
 * so a level the text removed comes back), and diff against the defaults
 * (SIGHUP's report) without trouble. */
#include <string.h>

#include "cfg.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void ignore(void *arg, const char *path, const char *old, const char *new)
{
	(void)arg, (void)path, (void)old, (void)new;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[CFG_ERRLEN], err2[CFG_ERRLEN];
	struct strbuf first = STRBUF_INIT, dump = STRBUF_INIT, again = STRBUF_INIT;

	fuzz_init();
	struct config *cfg = cfg_load_text((const char *)data, size, "fuzz.yaml", err, sizeof(err));
	if (!cfg) {
		FUZZ_CHECK(err[0] != '\0', "refused without a message");
		return 0;
	}
	cfg_dump(cfg, &first);
	struct config *once = cfg_load_text(first.buf, first.len, "dump.yaml", err2, sizeof(err2));
	FUZZ_CHECK(once, "the dump does not load: %s\n%s", err2, first.buf);
	cfg_dump(once, &dump);
	struct config *back = cfg_load_text(dump.buf, dump.len, "dump.yaml", err2, sizeof(err2));
	FUZZ_CHECK(back, "the dump's dump does not load: %s\n%s", err2, dump.buf);
	cfg_dump(back, &again);
	FUZZ_CHECK(again.len == dump.len && !memcmp(again.buf, dump.buf, dump.len),
		   "the dump's dump differs:\n%s\n---\n%s", dump.buf, again.buf);
	cfg_diff(cfg_current(), cfg, ignore, NULL);
	struct config *copy = cfg_copy(cfg);
	cfg_unref(copy);
	cfg_unref(back);
	cfg_unref(once);
	cfg_unref(cfg);
	sb_free(&first);
	sb_free(&dump);
	sb_free(&again);
	return 0;
}
