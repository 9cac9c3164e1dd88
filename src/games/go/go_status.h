/* The end-of-game commands of Go (go_status.c): dead stones and seki from
 * playouts, the score without the dead stones, the cleanup phase. Rows of
 * go_gtp.c's table. */
#ifndef QUINTET_GO_STATUS_H
#define QUINTET_GO_STATUS_H

#include "games/go/go.h"
#include "gtp.h"

enum gtp_status go_cmd_final_score(struct cmd_ctx *ctx, int argc, char **argv,
				   struct strbuf *out);
enum gtp_status go_cmd_final_status_list(struct cmd_ctx *ctx, int argc, char **argv,
					 struct strbuf *out);
enum gtp_status go_cmd_kgs_genmove_cleanup(struct cmd_ctx *ctx, int argc, char **argv,
					   struct strbuf *out);

#endif
