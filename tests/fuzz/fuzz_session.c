/* Fuzz target: a TCP client's whole input through the GTP front end
 * (framer, session, jobs run in line, the autosave at the end), in every
 * game: what it sends picks the games (game NAME), ids and pipelined
 * lines. The client owns saves (save, load, autosave) in the temporary
 * directory; lines are at most 1024 bytes, so over-long ones come cheap. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_frontend(&frontend_gtp, data, size, 1024, "fuzz");
	return 0;
}
