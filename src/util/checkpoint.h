/* Checkpoints of long jobs: a search that may run for a long time (perft,
 * playout_score, an analysis, pondering) calls job_checkpoint() where it
 * checks its stop flag, every few thousand nodes. The job core registers
 * a hook per worker thread (worker.c): at a checkpoint a long job gives
 * its worker up to a waiting engine move and resumes after it. Without a
 * hook (a test, a benchmark, the referee) a checkpoint does nothing.
 *
 * Layer: util, so games and the shared search parts may call it without
 * knowing the job core above them. */
#ifndef QUINTET_CHECKPOINT_H
#define QUINTET_CHECKPOINT_H

/* The hook a thread's checkpoints call: arg is what was registered. */
typedef void (*job_checkpoint_fn)(void *arg);

/* Register fn(arg) for the calling thread's checkpoints (NULL: none). */
void job_checkpoint_set(job_checkpoint_fn fn, void *arg);

/* A long job's checkpoint: calls the thread's hook, if any. Costs a
 * thread-local load when there is none. */
void job_checkpoint(void);

/* The calling thread's hook (*fn NULL: none), for a search that starts
 * threads of its own: each registers it, so the whole search pauses. */
void job_checkpoint_get(job_checkpoint_fn *fn, void **arg);

#endif
