/* The shipped table of Go's learned move patterns (go_features.h): the
 * gammas tools/go_patterns wrote into go_gammas.h (doc/go-patterns.md). */
#include <pthread.h>

#include "games/go/go_features.h"

#include "games/go/go_gammas.h"

static const struct go_gamma shipped[] = GO_GAMMAS;
static struct go_gamma_index shipped_index;
static pthread_once_t shipped_once = PTHREAD_ONCE_INIT;

static void index_shipped(void)
{
	go_gamma_index_build(&shipped_index, shipped, GO_GAMMAS_COUNT);
}

const struct go_gamma_index *go_learned_gammas(void)
{
	pthread_once(&shipped_once, index_shipped);
	return &shipped_index;
}
