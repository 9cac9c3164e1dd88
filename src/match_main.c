/* quintet-match: command line, checks, then the match (src/match/). Any bad
 * input ends here with a message on stderr and exit status 2. */
#include <errno.h>
#include <stdarg.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "game.h"
#include "gtp.h"
#include "match/engine.h"
#include "match/match.h"
#include "match/merge.h"
#include "match/openings.h"
#include "match/refclock.h"
#include "match/results.h"
#include "util/xalloc.h"

#define EXIT_USAGE 2

static void usage(FILE *f)
{
	fputs(
"NAME\n"
"    quintet-match - play engines against each other, refereed, with statistics\n"
"\n"
"SYNOPSIS\n"
"    quintet-match [--game GAME] --black 'CMD ...' --white 'CMD ...' [--games N]\n"
"        [--black-init LINE] [--black-name NAME] [--white-init ...] [--white-name ...]\n"
"        [--size N] [--rules R] [--komi K] [--option KEY=VALUE]\n"
"        [--time SECONDS-PER-MOVE | --clock M[+I|+PxS]] [--adjudicate-score M[/N]]\n"
"        [--openings FILE] [--random-opening N] [--alternate] [--concurrency J]\n"
"        [--sgf-dir DIR] [--seed S] [--max-moves N] [--sprt ELO0 ELO1]\n"
"        [--results FILE [--shard K/N]] [--quiet] [--verbose]\n"
"    quintet-match --engine 'CMD' [--engine-init LINE] [--engine-name NAME]\n"
"        --engine 'CMD' ... --tournament gauntlet|roundrobin [OPTIONS]\n"
"    quintet-match --resume FILE [--concurrency J] [--quiet] [--verbose]\n"
"    quintet-match --merge FILE...\n"
"\n"
"DESCRIPTION\n"
"    Plays GAMES games between two engines (or more, as a tournament) that speak\n"
"    quintet's protocol (GTP v2), UAI or Gomocup's, and judges them itself with\n"
"    quintet's own rules code: every move is checked;\n"
"    an illegal or unreadable move, a crash, a malformed reply, a refused command,\n"
"    a time overrun or a reply out of turn (every command carries an id: a reply\n"
"    with another id or none, a second reply, output nobody asked for) loses the\n"
"    game for that engine, with the reason recorded.\n"
"    The referee decides the end and the result (Go: two passes, then area score\n"
"    with komi; `resign` loses); engines never judge. A move cap ends endless\n"
"    games: the position is scored if the game can be scored, else it is a draw.\n"
"\n"
"    An engine is a command line, started as a child on stdin/stdout (quotes and\n"
"    backslashes work as in a shell; no other shell syntax), or tcp:HOST:PORT for\n"
"    a running quintet daemon (tcp:[::1]:7077 for IPv6). It speaks GTP, or with\n"
"    the prefix uai: UAI (Ataxx engines such as cuteataxx's, or\n"
"    'uai:quintet --protocol uai'; also uai:tcp:HOST:PORT): the referee sends\n"
"    position fen FEN moves ... and go movetime MS (or go btime/wtime/binc/winc\n"
"    with --clock), so UAI engines need --time or --clock, and play standard\n"
"    rules unless they offer a Rules option; with the prefix gomocup: the\n"
"    Gomocup brain protocol (Gomoku engines such as\n"
"    'gomocup:quintet --protocol gomocup'): INFO rule and times in milliseconds,\n"
"    START N, then BEGIN, TURN x,y or BOARD ... DONE, answered x,y. GTP engines\n"
"    that know `set_random_seed`\n"
"    get a seed derived from --seed and the game number, so a match of seedable\n"
"    engines is reproducible whatever --concurrency is.\n"
"\n"
"OPTIONS\n"
"    --game GAME        game to play (default: go); see `quintet`'s list_games\n"
"    --black CMD        engine 1, black in odd games (required, unless --engine)\n"
"    --white CMD        engine 2, white in odd games (required, unless --engine)\n"
"    --black-init LINE  a line of engine 1's protocol sent after each game's setup\n"
"                       (GTP: `level hard`; UAI: `setoption name Level value hard`),\n"
"                       also to tcp: engines; refused at the start: exit 2.\n"
"                       Repeatable. --white-init for engine 2\n"
"    --black-name NAME  engine 1's name in the report and records, instead of\n"
"                       what it answers to `name` (see NAMES); --white-name for\n"
"                       engine 2\n"
"    --engine CMD       an engine of a tournament (instead of --black and --white;\n"
"                       repeatable, at most 16); --engine-init LINE and\n"
"                       --engine-name NAME belong to the --engine before them\n"
"    --tournament T     with more than two engines: gauntlet (engine 1 against\n"
"                       each of the others) or roundrobin (every pair); --games is\n"
"                       then per pair, colours alternate within each pair, and the\n"
"                       report gives each engine's standing and each pair's result\n"
"    --games N          number of games (default 2); per pair in a tournament\n"
"    --size N           board size, sent as `boardsize N`\n"
"    --rules R          rule variant (Go: chinese, superko, tromp-taylor; Gomoku:\n"
"                       freestyle, standard, renju; ...), applied by the referee\n"
"                       and sent as `rules R` to engines that know it\n"
"                       (known_command is asked after `game GAME`: what an engine\n"
"                       knows in Go it may not know in another game)\n"
"    --komi K           komi (Go; default 7.5), sent as `komi K`\n"
"    --option KEY=VALUE a setting of the game, as the configuration names them\n"
"                       (games.GAME.KEY: Ataxx layout, Flood colors/width/height,\n"
"                       Mastermind variant/pegs/...); applied by the referee and\n"
"                       passed on by the game's setup commands. Repeatable.\n"
"    --time S           seconds per move (a real number, at least 1 with GTP\n"
"                       engines; default: no limit). An engine whose genmove\n"
"                       reply takes longer than S\n"
"                       plus 5% plus 50 ms loses on time. GTP takes whole seconds:\n"
"                       engines get `time_settings 0 N 1` with N the whole part of\n"
"                       S (2.7 -> 2), never more than the referee allows; UAI\n"
"                       engines get go movetime in milliseconds, so a match of\n"
"                       UAI engines only may give less than a second. Beside\n"
"                       --clock M[+I] for Gomocup engines only: their\n"
"                       timeout_turn (a cap per move on the game clock)\n"
"    --clock M[+I]      a game clock: M seconds per side for the game, I seconds\n"
"                       added after each move (Fischer; --clock 60+0.5). An engine\n"
"                       whose reply takes longer than its time left plus 50 ms\n"
"                       loses on time. GTP engines get `time_settings M 0 0` and\n"
"                       `time_left COLOR S 0` before each genmove (whole seconds,\n"
"                       rounded down; M at least 1); UAI engines go btime/wtime/\n"
"                       binc/winc in milliseconds. Not with --time (but for\n"
"                       Gomocup engines)\n"
"    --clock M+PxS      Japanese byo-yomi, as GUIs and KGS run it: M seconds of\n"
"                       main time (0: straight into byo-yomi), then P periods of\n"
"                       S seconds (--clock 5+3x1). A move made within a period\n"
"                       keeps it; each period a move uses up is lost; a move\n"
"                       that outlasts the last one (plus 50 ms, forgiven once\n"
"                       per move at a period's end) loses on time. GTP engines\n"
"                       get `kgs-time_settings byoyomi M S P` (or, without it,\n"
"                       `time_settings M S 1`: one period) and before each\n"
"                       genmove `time_left COLOR T N`: in main time what is\n"
"                       left of it and 0, in byo-yomi S and the periods left\n"
"                       (1 after time_settings); S at least 1. UAI engines get\n"
"                       btime/wtime = main time and periods left, no increment;\n"
"                       Gomocup engines timeout_turn S, timeout_match and\n"
"                       time_left likewise M + P x S. Records: SGF TM[M]\n"
"                       OT[PxS byo-yomi], PGN TimeControl \"?\" and ByoYomi\n"
"    --openings FILE    one opening per line, moves separated by spaces or commas,\n"
"                       played alternately from the start ('#' starts a comment;\n"
"                       Gomoku: vertices from the empty board, `H8 H9 J8`);\n"
"                       each opening is played twice, colours swapped. A line\n"
"                       `seed N [MOVES]` makes the start with seed N (Flood's\n"
"                       board, Mastermind's secret: such games take only seeds);\n"
"                       `[KEY]` starts a section for the variants whose key\n"
"                       starts with KEY (`[go/9]`, `[ataxx/7/standard]`; `[*]`:\n"
"                       all), so one file serves every size and rule. Shipped:\n"
"                       " DATADIR "/openings/GAME.txt\n"
"    --random-opening N N plies of the game's random player before the engines\n"
"                       play (after the --openings moves, if any); both games of\n"
"                       a pair (colours swapped) get the same N plies\n"
"    --alternate        swap colours every game (implied by --openings and\n"
"                       --random-opening)\n"
"    --concurrency J    play J games at once (threads, each with its own instance\n"
"                       of every engine; default 1, at most 64)\n"
"    --sgf-dir DIR      save every game in DIR (created if missing) as\n"
"                       game-NNNN.gtp, a GTP script of the setup and moves ending\n"
"                       with the result (and final_score when the rules gave it),\n"
"                       replayable with quintet; Go and Gomoku also as\n"
"                       game-NNNN.sgf (RU, DT, TM/OT, RE), Ataxx as game-NNNN.pgn\n"
"                       (cuteataxx's tags)\n"
"    --seed S           seed for engines and random start positions (default: from\n"
"                       the clock; the report shows it)\n"
"    --adjudicate-score M[/N]\n"
"                       end a game once one side has led by at least M (points,\n"
"                       pieces, squares: the position counted as if the game ended\n"
"                       there) after N moves in a row (default 1): the leader wins,\n"
"                       `adjudicated`; at the move cap, such a count also scores\n"
"                       games that cannot score themselves before the end (Ataxx,\n"
"                       Flood), which are otherwise a draw. Not for Mastermind or\n"
"                       Gomoku (they cannot be counted before the end)\n"
"    --max-moves N      move cap per game (default per game; Go: 3 x size^2 + 10,\n"
"                       Gomoku: size^2; at most 100000, the longest game quintet\n"
"                       records)\n"
"    --sprt ELO0 ELO1   stop when a sequential probability ratio test accepts H0\n"
"                       (engine 1 is at most ELO0 stronger) or H1 (at least ELO1);\n"
"                       games already running finish and count. A paired match\n"
"                       tests its whole pairs (pentanomial), others their games\n"
"                       (trinomial): see STATISTICS\n"
"    --sprt-alpha A     SPRT false positive rate (default 0.05)\n"
"    --sprt-beta B      SPRT false negative rate (default 0.05)\n"
"    --results FILE     write the match to FILE (which must not exist): its\n"
"                       arguments and seed, then a line per game as it ends\n"
"    --resume FILE      continue the match FILE records (after SIGINT, SIGTERM or\n"
"                       a crash): its options and seed, the games it lists count,\n"
"                       the others are played and added to FILE; only\n"
"                       --concurrency, --quiet and --verbose may be given with it\n"
"    --shard K/N        play shard K (0 to N - 1) of the match the other options\n"
"                       describe: the pairs of games (games 2k-1 and 2k) whose\n"
"                       number is K modulo N, each with the seeds, opening and\n"
"                       colours the whole match gives it. Needs --seed and\n"
"                       --results (which records K/N and the engines' names);\n"
"                       --sprt does not stop a shard: --merge decides. See SHARDS\n"
"    --merge FILE...    the report of the match whose shards' results files are\n"
"                       given, as one process playing all their games gives it.\n"
"                       The files must be of one match: the same arguments (but\n"
"                       --shard, --results, --concurrency, --quiet, --verbose),\n"
"                       the same seed, each shard once; what is missing (shards,\n"
"                       games, a last line cut) is said on stderr. Starts no engine\n"
"    -q, --quiet        no progress line\n"
"    -v, --verbose      pass the engines' stderr through and log every command\n"
"    -h, --help         show this help and exit\n"
"    -V, --version      show the version and exit\n"
"\n"
"OUTPUT\n"
"    stderr: a progress line after each game (redrawn in place on a terminal):\n"
"        game 12/20: quintet 0.1.0 +7 =0 -5 (58.3%), Elo +58.5 [-131.3, +248.2]\n"
"    stdout: the match and its engines, numbered (engine 2: NAME (COMMAND));\n"
"    one line per game (black's and white's numbers, result in SGF style such\n"
"    as B+3.5, W+R resign, B+T time, W+F forfeit, moves, how it ended: a\n"
"    word, see ENDS), each as soon as it and every game before it have ended\n"
"    (so the lines come in game order whatever --concurrency is); at the end,\n"
"    naming the engines (see NAMES), wins, draws and losses of engine 1\n"
"    overall and per colour; the score of engine 1 with a 95% Wilson interval (`-` for a\n"
"    colour without games); the Elo difference with its 95% interval, the Elo\n"
"    of the Wilson bounds; in a paired match, the pairs by engine 1's points\n"
"    in them and its score and Elo with the pentanomial variance (see\n"
"    STATISTICS); the average moves per game; losses by reason; with\n"
"    a time control, each engine's slowest reply for its time left (the\n"
"    largest reply / time left of its moves: game, move, seconds) and the\n"
"    byo-yomi periods it lost; the SPRT state; a warning when games repeat an\n"
"    earlier one move for move (deterministic engines: use --openings or\n"
"    --random-opening).\n"
"\n"
"STATISTICS\n"
"    Engine 1's score counts a draw half; its 95% interval is Wilson's, and\n"
"    the Elo difference's interval is the Elo of its bounds. A paired match\n"
"    (two engines and --alternate, --openings or --random-opening: games\n"
"    2k-1 and 2k start alike, colours swapped) also counts its whole pairs\n"
"    (neither game void) by engine 1's points in them, the pentanomial:\n"
"        pairs (colours swapped): 40; LL 3, LD 7, DD/WL 18, WD 9, WW 3\n"
"    with the score s, the mean of a pair's points / 2, its interval\n"
"    s +- 1.96 sqrt(var / pairs) (var: the variance of a pair's points / 2)\n"
"    and their Elo, -400 log10(1/s - 1). --sprt then tests the pairs with\n"
"    the exact maximum likelihood estimates, as fishtest's LLR_logistic and\n"
"    fastchess's logistic model: for pair scores a = 0, 1/4, 1/2, 3/4, 1\n"
"    seen with frequencies q (a count of 0 taken as 0.001) in N pairs, and\n"
"    s0, s1 the scores of ELO0 and ELO1 (1 / (1 + 10^(-elo/400))),\n"
"        LLR = N sum q_i log(p1_i / p0_i),  pj_i = q_i / (1 + tj (a_i - sj))\n"
"    with tj the root of sum q_i (a_i - sj) / (1 + tj (a_i - sj)) = 0.\n"
"    Other matches test their games (trinomial, the GSPRT approximation):\n"
"    LLR = n (s1 - s0) (2 s - s0 - s1) / (2 var), var a game's variance with\n"
"    half a game added to each of wins, draws and losses. H1 is accepted at\n"
"    LLR >= log((1 - beta) / alpha), H0 at LLR <= log(beta / (1 - alpha)).\n"
"\n"
"SHARDS\n"
"    One match can be played by many processes, on one machine or many: each\n"
"    plays a shard and writes its results file, and --merge puts the files\n"
"    together into the report one process playing every game gives, line for\n"
"    line (the same seeds, so the same games with seedable engines). GNU\n"
"    parallel, four shards here (or on other machines with --sshlogin, the\n"
"    files in a shared directory):\n"
"        parallel -j 4 quintet-match --black ./a --white ./b --games 400 \\\n"
"            --alternate --seed 7 --quiet --shard {}/4 --results r{} ::: 0 1 2 3\n"
"        quintet-match --merge r0 r1 r2 r3\n"
"    Slurm: an array job (sbatch --array=0-3) whose task K runs the same\n"
"    command with --shard $SLURM_ARRAY_TASK_ID/4 (README.md has the script).\n"
"    A shard killed on its way continues with --resume FILE: each game\n"
"    counts once. With --sprt, --merge replays the test as the whole match\n"
"    meets it playing one game at a time: from game 1, while every game is\n"
"    there, the LLR after each game (each whole pair in a paired match); the\n"
"    first bound reached decides, where the whole match would have stopped,\n"
"    and the games after it are not counted. A missing game ends the replay\n"
"    undecided (`continue, game N not played yet'), however the games after\n"
"    it stand, for the whole match might have stopped before them: a merge\n"
"    never claims a decision the whole match would not have reached. To stop\n"
"    early, run the N shards at once (each plays its pairs in order), merge\n"
"    their files as they grow (a line a running shard is writing is left\n"
"    out) and stop the shards once the SPRT line says H0 or H1 accepted.\n"
"\n"
"NAMES\n"
"    The report and the records name each engine by its --black-name\n"
"    (--white-name, --engine-name), else by what it says it is (GTP: name and\n"
"    version; UAI: id name; Gomocup: ABOUT's name and version), else by its\n"
"    command's basename (or tcp:HOST:PORT). A name an earlier engine has\n"
"    already gets #N added, N the engine's number: two copies of quintet are\n"
"    quintet 0.1.0 and quintet 0.1.0#2.\n"
"\n"
"ENDS\n"
"    How a game ended is one word, in the report, its losses by reason and the\n"
"    results file. By the game's rules: passes (Go: two passes in a row, then\n"
"    the count), five (Gomoku), wipeout (Ataxx: a side has no pieces left),\n"
"    no-moves (a side cannot move: Ataxx yinyang, Flood; Gomoku's full board),\n"
"    move-rule (Ataxx's 50 moves), score (counted: Ataxx with no empty square\n"
"    left or in reach), solved (Mastermind: both engines broke the code) or\n"
"    unsolved (one did not). By the referee, the game's line adding its\n"
"    detail after a colon: resign, time (lost on time), illegal (an illegal\n"
"    or unreadable move), malformed, crash, refused, protocol (a reply out of\n"
"    turn), adjudicated (--adjudicate-score), cap-scored and cap-draw (the\n"
"    move cap).\n"
"\n"
"SIGNALS\n"
"    SIGINT (Ctrl-C) or SIGTERM stops the match: the games running are\n"
"    abandoned (not counted), every engine's process group is killed (an\n"
"    engine that ignores signals and its input too), and the report ends with\n"
"    the games played and, with --results, the --resume command to go on.\n"
"\n"
"EXIT STATUS\n"
"    0 when the match was played; 2 for bad options, an engine that cannot be\n"
"    started or does not answer, an unreadable openings file or record\n"
"    directory, a results file that exists (without --resume) or is not one,\n"
"    results files that are not of one match (--merge);\n"
"    130 after SIGINT, 143 after SIGTERM (128 + the signal).\n"
"\n"
"EXAMPLES\n"
"    quintet-match --black quintet \\\n"
"        --white 'gnugo --mode gtp --level 1 --chinese-rules --capture-all-dead' \\\n"
"        --size 9 --games 20 --alternate --time 5 --sgf-dir games\n"
"    (Go is scored by area without dead-stone agreement: --capture-all-dead\n"
"    makes GNU Go remove dead stones before it passes.)\n"
"    quintet-match --black ./a --white ./b --size 9 --games 1000 --concurrency 4 \\\n"
"        --alternate --sprt 0 20 --results ab.txt\n"
"    quintet-match --resume ab.txt           (after Ctrl-C: plays the rest)\n"
"    parallel -j 4 quintet-match --black ./a --white ./b --size 9 --games 400 \\\n"
"        --alternate --seed 7 --quiet --shard {}/4 --results r{} ::: 0 1 2 3\n"
"    quintet-match --merge r0 r1 r2 r3       (the four shards' report)\n"
"    quintet-match --game ataxx --rules standard --option 'layout=corners 2' \\\n"
"        --black 'uai:quintet --protocol uai' --white quintet --white-init 'level hard' \\\n"
"        --clock 60+0.5 --openings " DATADIR "/openings/ataxx.txt --games 100\n"
"    quintet-match --game flood --engine quintet --engine-init 'level hard' \\\n"
"        --engine quintet --engine-init 'level medium' --engine quintet \\\n"
"        --tournament roundrobin --games 20\n",
		f);
}

enum {
	OPT_GAME = 256, OPT_BLACK, OPT_WHITE, OPT_GAMES, OPT_SIZE, OPT_RULES, OPT_KOMI,
	OPT_TIME, OPT_OPENINGS, OPT_ALTERNATE, OPT_CONCURRENCY, OPT_SGF_DIR, OPT_SEED,
	OPT_MAX_MOVES, OPT_SPRT, OPT_SPRT_ALPHA, OPT_SPRT_BETA, OPT_OPTION, OPT_RESULTS,
	OPT_RESUME, OPT_RANDOM_OPENING, OPT_BLACK_INIT, OPT_WHITE_INIT, OPT_BLACK_NAME,
	OPT_WHITE_NAME, OPT_CLOCK, OPT_ADJUDICATE, OPT_ENGINE, OPT_ENGINE_INIT, OPT_ENGINE_NAME,
	OPT_TOURNAMENT, OPT_SHARD, OPT_MERGE,
};

static const struct option longopts[] = {
	{ "game", required_argument, NULL, OPT_GAME },
	{ "black", required_argument, NULL, OPT_BLACK },
	{ "white", required_argument, NULL, OPT_WHITE },
	{ "engine", required_argument, NULL, OPT_ENGINE },
	{ "engine-init", required_argument, NULL, OPT_ENGINE_INIT },
	{ "engine-name", required_argument, NULL, OPT_ENGINE_NAME },
	{ "tournament", required_argument, NULL, OPT_TOURNAMENT },
	{ "black-init", required_argument, NULL, OPT_BLACK_INIT },
	{ "white-init", required_argument, NULL, OPT_WHITE_INIT },
	{ "black-name", required_argument, NULL, OPT_BLACK_NAME },
	{ "white-name", required_argument, NULL, OPT_WHITE_NAME },
	{ "games", required_argument, NULL, OPT_GAMES },
	{ "size", required_argument, NULL, OPT_SIZE },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "komi", required_argument, NULL, OPT_KOMI },
	{ "option", required_argument, NULL, OPT_OPTION },
	{ "time", required_argument, NULL, OPT_TIME },
	{ "clock", required_argument, NULL, OPT_CLOCK },
	{ "adjudicate-score", required_argument, NULL, OPT_ADJUDICATE },
	{ "openings", required_argument, NULL, OPT_OPENINGS },
	{ "random-opening", required_argument, NULL, OPT_RANDOM_OPENING },
	{ "alternate", no_argument, NULL, OPT_ALTERNATE },
	{ "concurrency", required_argument, NULL, OPT_CONCURRENCY },
	{ "sgf-dir", required_argument, NULL, OPT_SGF_DIR },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "max-moves", required_argument, NULL, OPT_MAX_MOVES },
	{ "sprt", required_argument, NULL, OPT_SPRT },
	{ "sprt-alpha", required_argument, NULL, OPT_SPRT_ALPHA },
	{ "sprt-beta", required_argument, NULL, OPT_SPRT_BETA },
	{ "results", required_argument, NULL, OPT_RESULTS },
	{ "resume", required_argument, NULL, OPT_RESUME },
	{ "shard", required_argument, NULL, OPT_SHARD },
	{ "merge", no_argument, NULL, OPT_MERGE },
	{ "quiet", no_argument, NULL, 'q' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

/* Everything the command line says, before it is checked. */
struct cli {
	struct match_config cfg;  /* the match being configured */
	const char *game;         /* --game */
	const char *openings;     /* --openings path */
	bool quiet;               /* --quiet */
	bool seeded;              /* --seed was given */
	const char *resume;       /* --resume path */
	bool resuming;            /* parsing the arguments a results file recorded */
	bool concurrency_given;   /* --concurrency was given */
	int not_resumable;        /* the first option --resume cannot be given with, or 0 */
	int listed;               /* engines given with --engine */
	bool black_white;         /* an option of --black's or --white's was given */
	bool merge;               /* --merge: the arguments left are results files */
	int not_mergeable;        /* the first option --merge cannot be given with, or 0 */
};

static int bad(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print "quintet-match: MESSAGE" on stderr; returns -1. */
static int bad(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "quintet-match: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	return -1;
}

static int parse_long(const char *opt, const char *text, long min, long max, long *out)
{
	char range[64];

	if (gtp_parse_int(text, min, max, out) == 0)
		return 0;
	snprintf(range, sizeof(range), "%ld..%ld", min, max);
	return bad("%s needs an integer in %s", opt, range);
}

static int parse_real(const char *opt, const char *text, double min, double max, double *out)
{
	if (gtp_parse_double(text, out) == 0 && *out >= min && *out <= max)
		return 0;
	return bad("%s needs a number, got '%s'", opt, text);
}

static int parse_sprt(struct cli *c, int argc, char **argv)
{
	if (parse_real("--sprt", optarg, -2000, 2000, &c->cfg.sprt.elo0) < 0)
		return -1;
	if (optind >= argc)
		return bad("--sprt needs two values: ELO0 ELO1");
	if (parse_real("--sprt", argv[optind++], -2000, 2000, &c->cfg.sprt.elo1) < 0)
		return -1;
	if (c->cfg.sprt.elo1 <= c->cfg.sprt.elo0)
		return bad("--sprt: ELO1 must be greater than ELO0");
	c->cfg.use_sprt = true;
	return 0;
}

/* Copy the n bytes of text at s into buf (len bytes) as a string; false
 * when they do not fit. */
static bool cut(const char *s, size_t n, char *buf, size_t len)
{
	if (n >= len)
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return true;
}

/* The byo-yomi part of --clock M+PxS: "PxS", P periods (1..1000) of S
 * seconds (> 0). */
static bool parse_byoyomi(struct match_config *cfg, const char *text)
{
	char periods[32];
	const char *x = strchr(text, 'x');
	long p;

	return x && cut(text, (size_t)(x - text), periods, sizeof(periods)) &&
	       gtp_parse_int(periods, 1, 1000, &p) == 0 &&
	       gtp_parse_double(x + 1, &cfg->byo_time) == 0 && cfg->byo_time > 0 &&
	       cfg->byo_time <= 1e6 && (cfg->byo_periods = (int)p) > 0;
}

/* --clock MAIN[+INC]: seconds per side for the game, and seconds added
 * after each move (Fischer); --clock MAIN+PxS: Japanese byo-yomi, P
 * periods of S seconds after MAIN (which may then be 0). An 'x' after the
 * '+' tells the two apart: an increment is a plain number. */
static int parse_clock(struct match_config *cfg, const char *text)
{
	char main_text[64];
	const char *plus = strchr(text, '+');
	size_t n = plus ? (size_t)(plus - text) : strlen(text);
	bool byoyomi = plus && strchr(plus + 1, 'x');

	cfg->clock_inc = 0;
	cfg->byo_periods = 0;
	cfg->byo_time = 0;
	if (!cut(text, n, main_text, sizeof(main_text)) ||
	    gtp_parse_double(main_text, &cfg->clock_main) < 0 || cfg->clock_main < 0 ||
	    (cfg->clock_main == 0 && !byoyomi) || cfg->clock_main > 1e6)
		goto bad;
	if (byoyomi ? !parse_byoyomi(cfg, plus + 1)
		    : plus && (gtp_parse_double(plus + 1, &cfg->clock_inc) < 0 ||
			       cfg->clock_inc < 0 || cfg->clock_inc > 1e6))
		goto bad;
	return 0;
bad:
	return bad("--clock needs MAIN[+INC] or MAIN+PERIODSxSECONDS in seconds (MAIN > 0, or "
		   "0 with byo-yomi; PERIODS 1..1000), got '%s'", text);
}

/* --adjudicate-score M[/N]: a lead of M held for N moves (default 1). */
static int parse_adjudicate(struct match_config *cfg, const char *text)
{
	char margin[64];
	const char *slash = strchr(text, '/');
	size_t n = slash ? (size_t)(slash - text) : strlen(text);

	cfg->adjudicate_moves = 1;
	if (n >= sizeof(margin))
		goto bad;
	memcpy(margin, text, n);
	margin[n] = '\0';
	if (gtp_parse_double(margin, &cfg->adjudicate_margin) < 0 || cfg->adjudicate_margin <= 0 ||
	    cfg->adjudicate_margin > 1e6 ||
	    (slash && gtp_parse_int(slash + 1, 1, GAME_MAX_HISTORY, &cfg->adjudicate_moves) < 0))
		goto bad;
	return 0;
bad:
	return bad("--adjudicate-score needs MARGIN[/MOVES] (MARGIN > 0, MOVES 1..%d), got '%s'",
		   GAME_MAX_HISTORY, text);
}

/* --black-init LINE: one more line for the engine after each game's setup. */
static int add_init(struct match_engine *e, const char *opt, const char *line)
{
	if (e->ninit == MATCH_MAX_INIT)
		return bad("at most %d %s", MATCH_MAX_INIT, opt);
	if (!*line || strchr(line, '\n'))
		return bad("%s needs one line of the engine's protocol", opt);
	e->init[e->ninit++] = line;
	return 0;
}

static int set_name(struct match_engine *e, const char *opt, const char *name)
{
	if (!*name || strlen(name) > 80 || strchr(name, '\n'))
		return bad("%s needs a name of 1 to 80 characters on one line", opt);
	e->name = name;
	return 0;
}

/* Whether an option may go with --resume: it changes how the match runs,
 * not its games. */
static bool resumable(int ch)
{
	return ch == OPT_CONCURRENCY || ch == OPT_RESUME || ch == 'q' || ch == 'v' ||
	       ch == 'h' || ch == 'V';
}

/* Whether an option only changes how a process plays its share of a
 * match, not the match's games: left out when --merge compares the
 * shards' arguments. */
static bool runs_only(int ch)
{
	return ch == OPT_SHARD || ch == OPT_RESULTS || ch == OPT_CONCURRENCY || ch == 'q' ||
	       ch == 'v';
}

/* --shard K/N: 0 <= K < N <= RESULTS_MAX_SHARDS. */
static int parse_shard(struct match_config *cfg, const char *text)
{
	char k[32];
	const char *slash = strchr(text, '/');

	if (!slash || !cut(text, (size_t)(slash - text), k, sizeof(k)) ||
	    gtp_parse_int(k, 0, RESULTS_MAX_SHARDS - 1, &cfg->shard) < 0 ||
	    gtp_parse_int(slash + 1, 1, RESULTS_MAX_SHARDS, &cfg->shards) < 0 ||
	    cfg->shard >= cfg->shards)
		return bad("--shard needs K/N, the shard K (0 to N - 1) of N (1 to %d), got '%s'",
			   RESULTS_MAX_SHARDS, text);
	return 0;
}

/* One option; 0, or -1 after printing what was wrong. */
static int parse_option(struct cli *c, int ch, int argc, char **argv)
{
	struct match_config *cfg = &c->cfg;
	long v;

	if (!resumable(ch) && !c->not_resumable)
		c->not_resumable = ch;
	if (ch != OPT_MERGE && ch != 'q' && ch != 'v' && !c->not_mergeable)
		c->not_mergeable = ch;
	switch (ch) {
	case OPT_GAME: c->game = optarg; return 0;
	case OPT_BLACK: c->black_white = true; cfg->engines[0].spec = optarg; return 0;
	case OPT_WHITE: c->black_white = true; cfg->engines[1].spec = optarg; return 0;
	case OPT_BLACK_INIT:
		c->black_white = true;
		return add_init(&cfg->engines[0], "--black-init", optarg);
	case OPT_WHITE_INIT:
		c->black_white = true;
		return add_init(&cfg->engines[1], "--white-init", optarg);
	case OPT_BLACK_NAME:
		c->black_white = true;
		return set_name(&cfg->engines[0], "--black-name", optarg);
	case OPT_WHITE_NAME:
		c->black_white = true;
		return set_name(&cfg->engines[1], "--white-name", optarg);
	case OPT_ENGINE:
		if (c->listed == MATCH_MAX_ENGINES)
			return bad("at most %d --engine", MATCH_MAX_ENGINES);
		cfg->engines[c->listed++].spec = optarg;
		return 0;
	case OPT_ENGINE_INIT:
		if (!c->listed)
			return bad("--engine-init belongs to an --engine given before it");
		return add_init(&cfg->engines[c->listed - 1], "--engine-init", optarg);
	case OPT_ENGINE_NAME:
		if (!c->listed)
			return bad("--engine-name belongs to an --engine given before it");
		return set_name(&cfg->engines[c->listed - 1], "--engine-name", optarg);
	case OPT_TOURNAMENT:
		if (!strcmp(optarg, "gauntlet"))
			cfg->tournament = TOURNAMENT_GAUNTLET;
		else if (!strcmp(optarg, "roundrobin"))
			cfg->tournament = TOURNAMENT_ROUNDROBIN;
		else
			return bad("--tournament is gauntlet or roundrobin, not '%s'", optarg);
		return 0;
	case OPT_GAMES: return parse_long("--games", optarg, 1, 10000000, &cfg->games);
	case OPT_SIZE: cfg->size = optarg; return 0;
	case OPT_RULES: cfg->rules = optarg; return 0;
	case OPT_KOMI: cfg->komi = optarg; return 0;
	case OPT_OPTION:
		if (cfg->noptions == MATCH_MAX_OPTIONS) {
			fprintf(stderr, "quintet-match: at most %d --option\n", MATCH_MAX_OPTIONS);
			return -1;
		}
		cfg->options[cfg->noptions++] = optarg;
		return 0;
	case OPT_TIME: return parse_real("--time", optarg, 0, 1e6, &cfg->time);
	case OPT_CLOCK: return parse_clock(cfg, optarg);
	case OPT_ADJUDICATE: return parse_adjudicate(cfg, optarg);
	case OPT_OPENINGS: c->openings = optarg; return 0;
	case OPT_RANDOM_OPENING:
		if (parse_long("--random-opening", optarg, 0, 1000, &v) < 0)
			return -1;
		cfg->random_plies = (int)v;
		return 0;
	case OPT_ALTERNATE: cfg->alternate = true; return 0;
	case OPT_CONCURRENCY:
		if (parse_long("--concurrency", optarg, 1, MATCH_MAX_CONCURRENCY, &v) < 0)
			return -1;
		cfg->concurrency = (int)v;
		c->concurrency_given = true;
		return 0;
	case OPT_SGF_DIR: cfg->sgf_dir = optarg; return 0;
	case OPT_SEED:
		if (parse_long("--seed", optarg, 0, LONG_MAX, &v) < 0)
			return -1;
		cfg->seed = (uint64_t)v;
		c->seeded = true;
		return 0;
	case OPT_MAX_MOVES: return parse_long("--max-moves", optarg, 1, GAME_MAX_HISTORY,
						   &cfg->max_moves);
	case OPT_SPRT: return parse_sprt(c, argc, argv);
	case OPT_SPRT_ALPHA: return parse_real("--sprt-alpha", optarg, 1e-9, 0.5, &cfg->sprt.alpha);
	case OPT_SPRT_BETA: return parse_real("--sprt-beta", optarg, 1e-9, 0.5, &cfg->sprt.beta);
	case OPT_RESULTS:
		if (!c->resuming) /* a resumed match writes to its --resume file */
			cfg->results = optarg;
		return 0;
	case OPT_RESUME:
		if (c->resuming)
			return bad("a results file cannot --resume another");
		c->resume = optarg;
		return 0;
	case OPT_SHARD: return parse_shard(cfg, optarg);
	case OPT_MERGE: c->merge = true; return 0;
	case 'q': c->quiet = true; return 0;
	case 'v': cfg->verbose = true; return 0;
	case 'h': usage(stdout); exit(0);
	case 'V': printf("quintet-match %s\n", PACKAGE_VERSION); exit(0);
	default: return -1; /* getopt printed why */
	}
}

static int parse_args(struct cli *c, int argc, char **argv)
{
	int ch;

	while ((ch = getopt_long(argc, argv, "+qvhV", longopts, NULL)) != -1)
		if (parse_option(c, ch, argc, argv) < 0)
			return -1;
	if (optind < argc && !c->merge)
		return bad("unexpected argument '%s'", argv[optind]);
	return 0;
}

/* The game named by --game, or NULL after printing why not. */
static const struct game_ops *pick_game(const char *name)
{
	const struct game_ops *ops = game_find(name);
	char list[256] = "";

	if (ops)
		return ops;
	for (int i = 0; game_table[i]; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s", i ? ", " : "",
			 game_table[i]->name);
	bad("unknown game '%s' (available: %s)", name, list);
	return NULL;
}

static int check_engine(const char *opt, const char *spec)
{
	char err[256];

	if (!spec)
		return bad("%s is required (try --help)", opt);
	if (engine_check_spec(spec, err, sizeof(err)) < 0)
		return bad("%s: %s", opt, err);
	return 0;
}

/* What the engines' protocols can be told: GTP takes whole seconds; UAI
 * searches need a time control. */
static int check_times(const struct match_config *cfg)
{
	for (int k = 0; k < cfg->nengines; k++) {
		const char *target;
		const struct engine_driver *drv = engine_driver_of(cfg->engines[k].spec, &target);

		if (drv->whole_seconds && cfg->clock_main > 0 && cfg->clock_main < 1)
			return bad("--clock: %s engines are told whole seconds, so a clock of less "
				   "than 1 s cannot be given to them", drv->name);
		if (drv->whole_seconds && cfg->byo_periods > 0 && cfg->byo_time < 1)
			return bad("--clock: %s engines are told whole seconds, so a byo-yomi "
				   "period of less than 1 s cannot be given to them", drv->name);
		if (cfg->time > 0 && refclock_running(cfg) && drv != &engine_gomocup)
			return bad("--time and --clock: give one time control, not both (only "
				   "Gomocup engines are told both: timeout_turn beside "
				   "timeout_match)");
		if (drv->whole_seconds && cfg->time > 0 && cfg->time < 1)
			return bad("--time %g: %s engines are told whole seconds, so less than 1 s "
				   "cannot be given to them; use --time 1 or more", cfg->time,
				   drv->name);
		if (drv->needs_time && cfg->time <= 0 && !refclock_running(cfg))
			return bad("%s engines need a time control: give --time or --clock",
				   drv->name);
		if (!drv->solves && cfg->ops->contest == GAME_CONTEST_SOLVE)
			return bad("%s engines cannot play %s", drv->name, cfg->ops->name);
	}
	return 0;
}

/* Create DIR when missing and make sure records can be written there. */
static int check_dir(const char *dir)
{
	struct stat st;

	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		return bad("--sgf-dir %s: %s", dir, strerror(errno));
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode))
		return bad("--sgf-dir %s: not a directory", dir);
	if (access(dir, W_OK | X_OK) < 0)
		return bad("--sgf-dir %s: %s", dir, strerror(errno));
	return 0;
}

/* openings_start_fn: the configured game made with seed. */
static struct game *start_of(void *arg, uint64_t seed, char *err, size_t errlen)
{
	return match_new_game(arg, seed, err, errlen);
}

static bool has_algorithm(const struct game_ops *ops, const char *name)
{
	for (int i = 0; ops->algorithms && ops->algorithms[i].name; i++)
		if (!strcmp(ops->algorithms[i].name, name))
			return true;
	return false;
}

/* Opening moves need a game whose players alternate; random ones a random
 * player. */
static int check_opening_moves(const struct match_config *cfg)
{
	const struct game_ops *ops = cfg->ops;

	if (ops->contest == GAME_CONTEST_SOLVE) {
		for (size_t i = 0; cfg->openings && i < cfg->openings->n; i++)
			if (cfg->openings->v[i].n > 0)
				return bad("--openings: line %d: %s takes no opening moves, only "
					   "`seed N` lines", cfg->openings->v[i].line, ops->name);
		if (cfg->random_plies > 0)
			return bad("--random-opening: %s takes no opening moves", ops->name);
	}
	if (cfg->random_plies > 0 && (!ops->genmove || !has_algorithm(ops, "random")))
		return bad("--random-opening: %s has no random player", ops->name);
	if (cfg->adjudicate_margin > 0 && (!ops->standing || ops->contest == GAME_CONTEST_SOLVE))
		return bad("--adjudicate-score: %s cannot be counted before its end", ops->name);
	return 0;
}

/* The engines: --black and --white, or two or more --engine (more than
 * two as a --tournament); the games in all. */
static int check_engines(struct cli *c)
{
	struct match_config *cfg = &c->cfg;
	char opt[32];

	if (c->listed && c->black_white)
		return bad("--engine cannot be mixed with --black and --white options");
	if (c->listed == 1)
		return bad("--engine: give at least two engines");
	if (c->listed > 2 && cfg->tournament == TOURNAMENT_NONE)
		return bad("%d engines: give --tournament gauntlet or --tournament roundrobin",
			   c->listed);
	if (!c->listed && cfg->tournament != TOURNAMENT_NONE)
		return bad("--tournament: give its engines with --engine");
	if (cfg->tournament != TOURNAMENT_NONE && cfg->use_sprt)
		return bad("--sprt: a tournament has no single pair to test");
	cfg->nengines = c->listed ? c->listed : 2;
	for (int k = 0; k < cfg->nengines; k++) {
		snprintf(opt, sizeof(opt), "--engine %d", k + 1);
		if (check_engine(c->listed ? opt : k ? "--white" : "--black", cfg->engines[k].spec) < 0)
			return -1;
	}
	cfg->games_per_pair = cfg->games;
	cfg->games *= match_pairs(cfg);
	return 0;
}

/* Check the options against the game; loads the openings into *op. */
static int check_config(struct cli *c, struct openings *op)
{
	struct match_config *cfg = &c->cfg;
	char err[512];

	if (!(cfg->ops = pick_game(c->game)))
		return -1;
	if (cfg->time > 0 && cfg->byo_periods > 0)
		return bad("--time and --clock with byo-yomi: give one time control, not both");
	if (check_engines(c) < 0 || check_times(cfg) < 0)
		return -1;
	struct game *probe = match_new_game(cfg, cfg->seed, err, sizeof(err));
	if (!probe)
		return bad("%s", err);
	int rc = 0;
	if (c->openings) {
		rc = openings_load(c->openings, probe, start_of, cfg, op, err, sizeof(err));
		if (rc < 0)
			bad("--openings: %s", err);
		else
			cfg->openings = op;
	}
	probe->ops->destroy(probe);
	if (rc == 0)
		rc = check_opening_moves(cfg);
	if (rc == 0 && cfg->sgf_dir)
		rc = check_dir(cfg->sgf_dir);
	if (rc == 0 && cfg->shards > 0 && match_shard_games(cfg) == 0)
		rc = bad("--shard %ld/%ld: the match has %ld pairs of games, so that shard has none",
			 cfg->shard, cfg->shards, match_game_pair(cfg, cfg->games - 1) + 1);
	return rc;
}

static void cli_defaults(struct cli *c)
{
	*c = (struct cli){
		.game = game_table[0]->name,
		.cfg = { .games = 2, .concurrency = 1, .nengines = 2,
			 .sprt = { .elo0 = 0, .elo1 = 0, .alpha = 0.05, .beta = 0.05 } },
	};
}

/* The long name of option ch, for messages. */
static const char *option_name(int ch)
{
	for (const struct option *o = longopts; o->name; o++)
		if (o->val == ch)
			return o->name;
	return "?";
}

/* The arguments a results file recorded, after argv0 (NULL-terminated;
 * the caller frees the array, not the strings). */
static char **recorded_argv(char *argv0, const struct results_file *rf)
{
	char **args = xcalloc((size_t)rf->argc + 2, sizeof(*args));

	args[0] = argv0;
	for (int i = 0; i < rf->argc; i++)
		args[i + 1] = rf->argv[i];
	return args;
}

/* Parse the arguments rf recorded into r (fresh) as they were parsed
 * when the match started (--results ignored: the file is known). 0, or
 * -1 after getopt or a check printed why not. */
static int parse_recorded(struct cli *r, char *argv0, const struct results_file *rf)
{
	char **args = recorded_argv(argv0, rf);

	cli_defaults(r);
	r->resuming = true;
	optind = 0; /* GNU getopt: start again */
	int rc = parse_args(r, rf->argc + 1, args);
	free(args);
	r->cfg.seed = rf->seed;
	r->seeded = true;
	return rc;
}

/* The arguments rf recorded as they bear on the match's games, for
 * --merge to compare: one option a line by its long name with its
 * arguments ("--games 8", "--sprt 0 5"), in order, without the options
 * runs_only names, abbreviations and --opt=value spelled out. The
 * caller frees it. */
static char *canonical_args(char *argv0, const struct results_file *rf)
{
	char **args = recorded_argv(argv0, rf);
	struct strbuf out = STRBUF_INIT;
	int ch, saved = opterr, argc = rf->argc + 1;

	opterr = 0;
	optind = 0;
	while ((ch = getopt_long(argc, args, "+qvhV", longopts, NULL)) != -1) {
		if (ch == '?' || ch == ':') {
			sb_puts(&out, "?\n");
			continue;
		}
		if (runs_only(ch))
			continue;
		sb_printf(&out, "--%s", option_name(ch));
		if (optarg)
			sb_printf(&out, " %s", optarg);
		if (ch == OPT_SPRT && optind < argc)
			sb_printf(&out, " %s", args[optind++]);
		sb_puts(&out, "\n");
	}
	for (; optind < argc; optind++)
		sb_printf(&out, "%s\n", args[optind]);
	opterr = saved;
	free(args);
	/* An argument with a newline of its own would split a line: the
	 * lines are compared, not parsed, so any mark of it will do. */
	return out.buf ? out.buf : xstrdup("");
}

/* --resume FILE: the match's options are the arguments FILE recorded
 * (parsed as they were), its seed FILE's; --concurrency, --quiet and
 * --verbose given now apply. 0, or -1 after printing why not. */
static int resume_args(struct cli *c, char *argv0, struct results_file *rf)
{
	char err[512];

	if (c->not_resumable)
		return bad("--resume FILE takes the match's options from FILE: --%s cannot be "
			   "given with it (only --concurrency, --quiet, --verbose)",
			   option_name(c->not_resumable));
	if (results_load(c->resume, rf, err, sizeof(err)) < 0)
		return bad("--resume: %s", err);
	struct cli r;
	if (parse_recorded(&r, argv0, rf) < 0)
		return bad("--resume %s: the arguments it recorded are refused", c->resume);
	if (c->concurrency_given)
		r.cfg.concurrency = c->cfg.concurrency;
	r.quiet = r.quiet || c->quiet;
	r.cfg.verbose = r.cfg.verbose || c->cfg.verbose;
	r.cfg.results = c->resume;
	r.cfg.resume = true;
	r.cfg.resumed = rf->games;
	r.cfg.nresumed = rf->ngames;
	r.resume = c->resume;
	r.cfg.argv = rf->argv;
	r.cfg.argc = rf->argc;
	*c = r;
	return 0;
}

/* The games a results file says were played must be games of this match. */
static int check_resumed(const struct match_config *cfg, const char *path)
{
	for (long i = 0; i < cfg->nresumed; i++) {
		const struct match_result *g = &cfg->resumed[i];
		int black, white, opening;

		if (g->number > cfg->games)
			return bad("--resume %s: game %d is beyond the match's %ld games", path,
				   g->number, cfg->games);
		match_schedule(cfg, g->number - 1, &black, &white, &opening);
		if (g->black != black || g->white != white || g->opening != opening)
			return bad("--resume %s: game %d does not fit the match's schedule", path,
				   g->number);
		if (!match_in_shard(cfg, g->number - 1))
			return bad("--resume %s: game %d is not one of shard %ld/%ld's", path,
				   g->number, cfg->shard, cfg->shards);
	}
	return 0;
}

/* --shard K/N: every shard of a match must play it with the same seed,
 * and the games must reach a results file for --merge. */
static int check_shard(const struct cli *c)
{
	const struct match_config *cfg = &c->cfg;

	if (cfg->shards <= 0)
		return 0;
	if (!cfg->results)
		return bad("--shard needs --results FILE: --merge reads the shards' results");
	if (!c->seeded)
		return bad("--shard needs --seed S: every shard of a match plays it from the "
			   "same seed");
	return 0;
}

/* --merge FILE...: the files must be the results of one match's shards;
 * the report is the whole match's (src/match/merge.h). EXIT_USAGE after
 * printing why not, else 0. */
static int merge_main(const struct cli *c, char *argv0, int n, char **paths)
{
	struct merge_file *f = xcalloc((size_t)(n > 0 ? n : 1), sizeof(*f));
	struct openings op = { NULL, 0 };
	struct match_result *results = NULL;
	char err[512], names[MATCH_MAX_ENGINES][MATCH_NAME_MAX];
	const char *shown[MATCH_MAX_ENGINES];
	int loaded = 0, rc = EXIT_USAGE;
	struct cli r;

	if (c->not_mergeable) {
		bad("--merge takes results files only: --%s cannot be given with it",
		    option_name(c->not_mergeable));
		goto out;
	}
	if (n == 0) {
		bad("--merge needs the results files of a match's shards "
		    "(--shard K/N --results FILE)");
		goto out;
	}
	for (; loaded < n; loaded++) {
		f[loaded].path = paths[loaded];
		if (results_load(paths[loaded], &f[loaded].rf, err, sizeof(err)) < 0) {
			bad("--merge: %s", err);
			goto out;
		}
		f[loaded].args = canonical_args(argv0, &f[loaded].rf);
		merge_note_cut(&f[loaded]);
	}
	if (merge_check(f, n, err, sizeof(err)) < 0) {
		bad("--merge: %s", err);
		goto out;
	}
	if (parse_recorded(&r, argv0, &f[0].rf) < 0) {
		bad("--merge: %s: the arguments it recorded are refused", f[0].path);
		goto out;
	}
	/* The whole match, which writes nothing. */
	r.cfg.shard = r.cfg.shards = 0;
	r.cfg.sgf_dir = NULL;
	r.cfg.results = NULL;
	if (check_config(&r, &op) < 0)
		goto out;
	results = xcalloc((size_t)r.cfg.games, sizeof(*results));
	if (merge_collect(&r.cfg, f, n, results, err, sizeof(err)) < 0) {
		bad("--merge: %s", err);
		goto out;
	}
	merge_names(&r.cfg, f, n, names);
	for (int k = 0; k < r.cfg.nengines; k++)
		shown[k] = names[k];
	merge_report(&r.cfg, shown, results, stdout);
	rc = 0;
out:
	for (int i = 0; i < loaded; i++) {
		results_free(&f[i].rf);
		free(f[i].args);
	}
	free(f);
	free(results);
	openings_free(&op);
	return rc;
}

int main(int argc, char **argv)
{
	struct cli c;
	struct openings op = { NULL, 0 };
	struct results_file rf = { 0 };
	int rc = EXIT_USAGE;

	cli_defaults(&c);
	if (parse_args(&c, argc, argv) < 0)
		return EXIT_USAGE;
	if (c.merge)
		return merge_main(&c, argv[0], argc - optind, argv + optind);
	c.cfg.argv = argv + 1;
	c.cfg.argc = argc - 1;
	if ((c.resume && resume_args(&c, argv[0], &rf) < 0) || check_shard(&c) < 0)
		goto out;
	if (!c.seeded)
		c.cfg.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 16);
	c.cfg.seed %= (uint64_t)LONG_MAX;
	c.cfg.progress = c.quiet ? PROGRESS_NONE : isatty(2) ? PROGRESS_REDRAW : PROGRESS_LINES;
	if (check_config(&c, &op) == 0 && check_resumed(&c.cfg, c.resume) == 0)
		rc = match_run(&c.cfg, stdout);
out:
	openings_free(&op);
	results_free(&rf);
	return rc;
}
