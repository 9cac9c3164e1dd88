#include "util/checkpoint.h"

#include <stddef.h>

static _Thread_local job_checkpoint_fn hook;  /* this thread's hook, or NULL */
static _Thread_local void *hook_arg;          /* its argument */

void job_checkpoint_set(job_checkpoint_fn fn, void *arg)
{
	hook = fn;
	hook_arg = arg;
}

void job_checkpoint_get(job_checkpoint_fn *fn, void **arg)
{
	*fn = hook;
	*arg = hook_arg;
}

void job_checkpoint(void)
{
	if (hook)
		hook(hook_arg);
}
