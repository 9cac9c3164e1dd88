/* Go's rules as KataGo and KGS name them (go_rules.c): kata-get-rules,
 * kata-set-rules, kgs-rules; rows of go_gtp.c's table. */
#ifndef QUINTET_GO_RULES_H
#define QUINTET_GO_RULES_H

#include "games/go/go.h"
#include "gtp.h"

/* Append the game's rules as kata-get-rules answers them: KataGo's JSON
 * object of its seven fields, on one line without spaces. */
void go_rules_json(const struct go_game *gg, struct strbuf *out);

enum gtp_status go_cmd_kata_get_rules(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out);
enum gtp_status go_cmd_kata_set_rules(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out);
enum gtp_status go_cmd_kgs_rules(struct cmd_ctx *ctx, int argc, char **argv,
				 struct strbuf *out);

#endif
