/* The shipped tables of Go's learned move patterns (go_features.h): the
 * gammas tools/go_patterns wrote into go_gammas.h and go_gammas_small.h
 * (doc/go-patterns.md). */
#include <pthread.h>

#include "games/go/go_features.h"

#include "games/go/go_gammas.h"
#include "games/go/go_gammas_small.h"

static const struct go_gamma large[] = GO_GAMMAS;
static const struct go_gamma small[] = GO_GAMMAS_SMALL;
static struct go_gamma_index large_index, small_index;
static pthread_once_t shipped_once = PTHREAD_ONCE_INIT;

static void index_shipped(void)
{
	go_gamma_index_build(&large_index, large, GO_GAMMAS_COUNT);
	go_gamma_index_build(&small_index, small, GO_GAMMAS_SMALL_COUNT);
}

const struct go_gamma_index *go_shipped_gammas(bool small)
{
	pthread_once(&shipped_once, index_shipped);
	return small ? &small_index : &large_index;
}

const struct go_gamma_index *go_learned_gammas(int size)
{
	return go_shipped_gammas(GO_GAMMAS_SMALL_ON && size < GO_GAMMAS_SMALL_BELOW);
}
