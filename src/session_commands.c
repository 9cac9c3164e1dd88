/* The common command table: the rows every game shares (a row needing an
 * optional game_ops member only where the game has it), and how a name
 * resolves to a row, common or the game's own. The handlers live with
 * their concept (session_int.h lists the files; players.c has the
 * players' commands). */
#include "session.h"

#include "players.h"
#include "session_int.h"

/* The command a name means in a game: a common one the game supports,
 * else the game's own (a game's row may need an optional op too). */
const struct gtp_command *session_lookup(const struct game_ops *ops, const char *name)
{
	const struct gtp_command *c = gtp_find(session_commands, name);

	if (!c || !game_has_op(ops, c->needs))
		c = gtp_find(ops->commands, name);
	return c && game_has_op(ops, c->needs) ? c : NULL;
}

/* Result of an ops call that returned 0 or -1 with err. */
enum gtp_status session_result(int rc, const char *err, struct strbuf *out)
{
	return rc == 0 ? GTP_OK : gtp_fail(out, err);
}

const struct gtp_command session_commands[] = {
	{ "boardsize", session_cmd_boardsize, 1, 1, GTP_REPLAY, GTP_NEEDS(set_size),
	  "SIZE", "start a new game on a board of that size" },
	{ "clear_board", session_cmd_clear_board, 0, 0, GTP_REPLAY, 0,
	  "", "start a new game with the same options" },
	{ "cputime", session_cmd_cputime, 0, 0, GTP_STATELESS, 0,
	  "", "the CPU seconds the engine's process has used" },
	{ "delete_account", players_delete_account, 1, 1, GTP_SHORT | GTP_DB | GTP_SECRET, 0,
	  "PASSWORD", "delete your account, its statistics and saves" },
	{ "delete_save", session_cmd_delete_save, 1, 1, GTP_SHORT | GTP_SAVES, 0,
	  "NAME", "delete a saved game" },
	{ "final_score", session_cmd_final_score, 0, 0, 0, GTP_NEEDS(final_score),
	  "", "the result of the game (help final_score says how it reads)" },
	{ "game", session_cmd_game, 0, 1, 0, 0,
	  "[NAME]", "the current game, or switch to another (list_games)" },
	{ "genmove", session_cmd_genmove, 0, 1, GTP_SLOW | GTP_REPLAY | GTP_ENGINE_MOVE,
	  GTP_NEEDS(genmove),
	  "COLOR", "let the engine choose and play a move" },
	{ "gogui-rules_board", session_cmd_gogui_board, 0, 0, 0, GTP_NEEDS(board_view),
	  "", "the board for GoGui: a row a line from the top, X black, O white, . empty" },
	{ "gogui-rules_board_gfx", session_cmd_gogui_board_gfx, 0, 0, 0, GTP_NEEDS(board_view),
	  "", "what GoGui draws over the board (gfx: the squares' colours and marks)" },
	{ "gogui-rules_board_size", session_cmd_gogui_board_size, 0, 0, 0, GTP_NEEDS(board_view),
	  "", "the board's size for GoGui: N, or W H" },
	{ "gogui-rules_final_result", session_cmd_gogui_final_result, 0, 0, GTP_SLOW,
	  GTP_NEEDS(board_view), "", "the result of the finished game, in a sentence" },
	{ "gogui-rules_game_id", session_cmd_gogui_game_id, 0, 0, 0, GTP_NEEDS(board_view),
	  "", "the game's name for GoGui (Go, Gomoku, Ataxx, Flood)" },
	{ "gogui-rules_legal_moves", session_cmd_gogui_legal_moves, 0, 0, 0, GTP_NEEDS(board_view),
	  "", "the squares (and pass) play takes now for the side to move, as GoGui clicks" },
	{ "gogui-rules_side_to_move", session_cmd_gogui_side_to_move, 0, 0, 0,
	  GTP_NEEDS(board_view), "", "the side to move for GoGui: black or white" },
	{ "help", session_cmd_help, 0, 1, GTP_STATELESS, 0,
	  "[COMMAND]", "one line on each command of this game, or on one" },
	{ "kgs-game_over", session_cmd_kgs_game_over, 0, 0, 0, 0,
	  "", "kgsGtp's word that the game is over (nothing changes)" },
	{ "kgs-time_settings", session_cmd_kgs_time_settings, 1, 4, 0, GTP_NEEDS(genmove),
	  "none|absolute|canadian|byoyomi [MAIN [BYO_YOMI STONES|PERIODS]]",
	  "set the time control as KGS names it (seconds)" },
	{ "known_command", session_cmd_known_command, 1, 1, GTP_STATELESS, 0,
	  "COMMAND", "true if this game has the command" },
	{ "level", session_cmd_level, 0, 1, 0, 0,
	  "[NAME]", "the AI levels (the active one marked *), or pick one" },
	{ "list_commands", session_cmd_list_commands, 0, 0, GTP_STATELESS, 0,
	  "", "the names of this game's commands" },
	{ "list_games", session_cmd_list_games, 0, 0, GTP_STATELESS, 0,
	  "", "the games quintet plays" },
	{ "list_saves", session_cmd_list_saves, 0, 0, GTP_SHORT | GTP_SAVES, 0,
	  "", "your saved games, newest first" },
	{ "list_sizes", session_cmd_list_sizes, 0, 0, 0, GTP_NEEDS(set_size),
	  "", "the board sizes boardsize accepts (the current one marked *)" },
	{ "load", session_cmd_load, 1, 1, GTP_SHORT | GTP_SAVES, 0,
	  "NAME", "replace the game with a saved one" },
	{ "login", players_login, 2, 2, GTP_SHORT | GTP_DB | GTP_SECRET, 0,
	  "NAME PASSWORD", "log in: your saves and statistics" },
	{ "login_token", players_login_token, 1, 1, GTP_SHORT | GTP_DB | GTP_SECRET, 0,
	  "TOKEN", "log in with a token of session_token" },
	{ "logout", players_logout, 0, 0, GTP_SHORT | GTP_DB, 0,
	  "", "log out (an unfinished game is autosaved, the token revoked)" },
	{ "name", session_cmd_name, 0, 0, GTP_STATELESS, 0, "", "the engine's name" },
	{ "passwd", players_passwd, 2, 2, GTP_SHORT | GTP_DB | GTP_SECRET, 0,
	  "OLD NEW", "change your password" },
	{ "play", session_cmd_play, 2, 2, GTP_REPLAY, 0, "COLOR MOVE", "play a move for a colour" },
	{ "protocol_version", session_cmd_protocol_version, 0, 0, GTP_STATELESS, 0,
	  "", "the GTP version (2)" },
	{ "quit", session_cmd_quit, 0, 0, GTP_STATELESS, 0,
	  "", "end the session (over TCP the connection closes)" },
	{ "reg_genmove", session_cmd_reg_genmove, 0, 1, GTP_SLOW, GTP_NEEDS(genmove),
	  "COLOR", "the move genmove would play, not played" },
	{ "register", players_register, 2, 2, GTP_SHORT | GTP_DB | GTP_SECRET, 0,
	  "NAME PASSWORD", "create an account" },
	{ "resume", session_cmd_resume, 0, 0, GTP_SHORT | GTP_SAVES, 0,
	  "", "load the game your last session left unfinished" },
	{ "rules", session_cmd_rules, 0, 1, GTP_REPLAY, GTP_NEEDS(rules),
	  "[NAME]", "the rule variants (the active one marked *), or pick one" },
	{ "save", session_cmd_save, 1, 1, GTP_SHORT | GTP_SAVES, 0,
	  "NAME", "save the game (options, moves, level, clock)" },
	{ "session_token", players_session_token, 0, 0, GTP_SHORT | GTP_DB, 0,
	  "", "a token to log in again without the password (login_token)" },
	{ "set_random_seed", session_cmd_set_random_seed, 1, 1, 0, 0,
	  "N", "make every later random choice reproducible" },
	{ "showboard", session_cmd_showboard, 0, 0, 0, 0, "", "draw the position" },
	{ "stats", players_stats, 0, 1, GTP_SHORT | GTP_DB, 0,
	  "[NAME]", "a player's wins, losses and draws per game and level" },
	{ "time_left", session_cmd_time_left, 3, 3, 0, GTP_NEEDS(genmove),
	  "COLOR SECONDS STONES", "tell the engine a colour's time left" },
	{ "time_settings", session_cmd_time_settings, 3, 3, 0, GTP_NEEDS(genmove),
	  "MAIN BYO_YOMI STONES", "set the time control (seconds)" },
	{ "top", players_top, 0, 2, GTP_SHORT | GTP_DB, 0,
	  "[GAME [LEVEL]]", "the three best players" },
	{ "undo", session_cmd_undo, 0, 0, GTP_REPLAY, GTP_NEEDS(undo),
	  "", "take back the last move" },
	{ "verbose", session_cmd_verbose, 0, 1, 0, 0,
	  "[on|off]", "for people: a move that ends the game says the result on a second line" },
	{ "version", session_cmd_version, 0, 0, GTP_STATELESS, 0, "", "the engine's version" },
	{ "whoami", players_whoami, 0, 0, 0, 0, "", "the player logged in, or guest" },
	{ NULL, NULL, 0, 0, 0, 0, NULL, NULL },
};
