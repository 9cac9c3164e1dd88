/* The players' commands (register, login, session_token, login_token,
 * logout, whoami, passwd, delete_account, stats, top): rows of the common
 * table (session_commands.c), each a GTP_SHORT job but whoami, over
 * store/accounts.h. A handler never echoes, logs or keeps a password or a
 * token: it wipes its arguments once used. */
#ifndef QUINTET_PLAYERS_H
#define QUINTET_PLAYERS_H

#include "ctx.h"
#include "gtp.h"

enum gtp_status players_register(struct cmd_ctx *ctx, int argc, char **argv,
				 struct strbuf *out);
enum gtp_status players_login(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);
enum gtp_status players_session_token(struct cmd_ctx *ctx, int argc, char **argv,
				      struct strbuf *out);
enum gtp_status players_login_token(struct cmd_ctx *ctx, int argc, char **argv,
				    struct strbuf *out);
enum gtp_status players_logout(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);
enum gtp_status players_whoami(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);
enum gtp_status players_passwd(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);
enum gtp_status players_delete_account(struct cmd_ctx *ctx, int argc, char **argv,
				       struct strbuf *out);
enum gtp_status players_stats(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);
enum gtp_status players_top(struct cmd_ctx *ctx, int argc, char **argv, struct strbuf *out);

#endif
