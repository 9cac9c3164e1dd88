/* The Go analysis commands (go_analyze.c): Leela Zero's, KataGo's and
 * GoGui's; rows of go_gtp.c's table. */
#ifndef QUINTET_GO_ANALYZE_H
#define QUINTET_GO_ANALYZE_H

#include "games/go/go.h"
#include "gtp.h"

enum gtp_status go_cmd_lz_analyze(struct cmd_ctx *ctx, int argc, char **argv,
				  struct strbuf *out);
enum gtp_status go_cmd_kata_analyze(struct cmd_ctx *ctx, int argc, char **argv,
				    struct strbuf *out);
enum gtp_status go_cmd_lz_genmove_analyze(struct cmd_ctx *ctx, int argc, char **argv,
					  struct strbuf *out);
enum gtp_status go_cmd_kata_genmove_analyze(struct cmd_ctx *ctx, int argc, char **argv,
					    struct strbuf *out);
enum gtp_status go_cmd_gogui_analyze_commands(struct cmd_ctx *ctx, int argc, char **argv,
					      struct strbuf *out);
enum gtp_status go_cmd_gogui_interrupt(struct cmd_ctx *ctx, int argc, char **argv,
				       struct strbuf *out);
enum gtp_status go_cmd_quintet_ownership(struct cmd_ctx *ctx, int argc, char **argv,
					 struct strbuf *out);
enum gtp_status go_cmd_quintet_winrates(struct cmd_ctx *ctx, int argc, char **argv,
					struct strbuf *out);
enum gtp_status go_cmd_quintet_pv(struct cmd_ctx *ctx, int argc, char **argv,
				  struct strbuf *out);

#endif
