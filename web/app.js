/* app.js: the page around the games: the games' modules and nav links (one
 * per game `list_games` names), the route per game (#go, #gomoku, ...), new
 * game and its pickers (filled from the server: `level`, `list_sizes`,
 * `rules`, `list_variants`), the computer's turn, undo, pass, the player's
 * account, statistics and the top three, saves and resume.
 *
 * Everything shown comes from the server's replies: after each action the
 * game's adapter (games/NAME.js, see games.js) reads the position back, so
 * what the page shows is what the session holds, also after a load or a
 * resume.
 *
 * A lost connection (conn.js) is restored: the page keeps the game's record
 * (the commands that rebuild it, below) and a player's session token (in
 * localStorage, never the password), and on the new session replays the
 * one and logs in with the other (restoreSession).
 */
"use strict";
window.Q = window.Q || {};

(function () {
	const $ = (id) => document.getElementById(id);
	const ask = (line) => Q.conn.ask(line);

	const ui = {
		games: [],       /* the names of the games on the page, in nav order */
		game: null,      /* the adapter of the game on the page */
		st: null,        /* its last state */
		busy: false,     /* a command (the engine's move) is running */
		human: null,     /* the human's colour against the computer */
		opts: {},        /* the options of the game on the page */
		board: null,
		player: null,    /* the logged-in player's name */
		quiet: false,    /* set while a load changes the route itself */
		pending: 0,      /* actions under way (tests wait for 0) */
		renders: 0,      /* how many times the position was drawn */
	};

	/* Run an action, counted in ui.pending while it runs. */
	async function task(fn) {
		ui.pending++;
		try {
			return await fn();
		} catch (e) {
			say(e.message, true);
		} finally {
			ui.pending--;
		}
	}
	Q.ui = ui;

	function say(text, isError) {
		const m = $("message");
		m.textContent = text || "";
		m.classList.toggle("error", !!isError);
	}
	ui.say = say;

	function optsFromForm() {
		const g = ui.game;
		const o = {
			opponent: g.puzzle ? "engine" : $("opponent").value,
			human: $("human-color").value,
			level: $("level").value, size: $("size").value, height: $("height").value,
			rules: $("rules").value,
			variant: $("variant").value, role: $("role").value,
		};
		o.engine = o.human === "black" ? "white" : "black";
		ui.human = o.opponent === "engine" && !g.puzzle ? o.human : null;
		return o;
	}

	function setBusy(b) {
		ui.busy = b;
		document.body.classList.toggle("busy", b);
		for (const id of ["pass", "undo", "new-game", "save", "load", "resume"])
			$(id).disabled = b;
	}

	/* ---- the game's record ----
	 * The commands that rebuild the game on the page in a new session: its
	 * random seed (so that a secret code or a random board comes out the
	 * same), `game NAME`, the setup, then every move as it was made: the
	 * player's lines (play, guess, setcode, feedback), the engine's moves as
	 * the game's `play` (g.recordOf when that differs) and each `undo`. null
	 * when the game came from a save (load, resume): then only a player's
	 * autosave brings it back. */
	let record = null;
	function newSeed() {
		const [a, b] = crypto.getRandomValues(new Uint32Array(2));
		return String((BigInt(a) << 21n) ^ BigInt(b));
	}
	function recordStart(name) {
		record = [`set_random_seed ${newSeed()}`, `game ${name}`];
		return record.slice();
	}
	function recordAdd(...lines) {
		if (record)
			record.push(...lines);
	}
	ui.record = () => (record ? record.slice() : null);

	/* The player's session token (session_token): logs the page back in
	 * after a lost connection or a reload. */
	const TOKEN_KEY = "quintet-token";
	const token = {
		get: () => { try { return localStorage.getItem(TOKEN_KEY); } catch (e) { return null; } },
		set: (t) => { try { if (t) localStorage.setItem(TOKEN_KEY, t); else localStorage.removeItem(TOKEN_KEY); } catch (e) { /* private mode */ } },
	};
	async function keepToken() {
		try {
			token.set(await ask("session_token"));
		} catch (e) {
			token.set(null); /* a server without tokens: a reload logs out */
		}
	}
	/* Log in with the kept token; the reply of login, or null. */
	async function tokenLogin(raw) {
		const t = token.get();
		if (!t)
			return null;
		try {
			return await Q.conn.ask("login_token " + t, raw);
		} catch (e) {
			if (e.message === "connection closed")
				throw e;
			if (/token/.test(e.message))
				token.set(null); /* expired or revoked */
			return null;
		}
	}

	/* ---- pickers ---- */
	/* Fill a select from a listing with the active entry marked " *". */
	function fill(select, text) {
		select.innerHTML = "";
		for (const line of Q.conn.lines(text)) {
			const active = line.endsWith(" *");
			const name = active ? line.slice(0, -2) : line;
			const o = new Option(name, name, active, active);
			select.appendChild(o);
		}
	}
	async function fillPickers() {
		const g = ui.game;
		const has = (p) => g.pickers.includes(p);
		$("level-field").hidden = !has("level");
		$("size-field").hidden = !has("size");
		$("size-label").textContent = has("height") ? "Width" : "Size";
		$("height-field").hidden = !has("height");
		$("rules-field").hidden = !has("rules");
		$("variant-field").hidden = !has("variant");
		$("role-field").hidden = !has("role");
		$("opponent-field").hidden = has("role");
		$("color-field").hidden = has("role") || $("opponent").value !== "engine";
		fill($("level"), await ask("level"));
		showLevelField();
		if (has("size"))
			fill($("size"), await ask("list_sizes"));
		if (has("height")) { /* the same sizes; the current board's height marked */
			fill($("height"), await ask("list_sizes"));
			$("height").value = String(await g.height(ask));
		}
		if (has("rules"))
			fill($("rules"), await ask("rules"));
		if (has("variant"))
			fill($("variant"), await ask("list_variants"));
	}

	/* The level means something only when the computer plays. */
	function engineInGame() {
		const g = ui.game;
		return g.pickers.includes("role") ? $("role").value !== "two" : $("opponent").value === "engine";
	}
	function showLevelField() {
		$("level-field").hidden = !ui.game.pickers.includes("level") || !engineInGame();
	}

	/* A picker whose value is not the game's says it is for the next game
	 * (the level is not among them: it applies at once, applyLevel). */
	const NEXT_GAME_PICKERS = { opponent: "opponent", "human-color": "human", size: "size",
		height: "height", rules: "rules", variant: "variant", role: "role" };
	function markNextGame() {
		let any = false;
		for (const [id, key] of Object.entries(NEXT_GAME_PICKERS)) {
			const field = $(id).closest("label");
			const next = !field.hidden && ui.opts[key] !== undefined && $(id).value !== ui.opts[key];
			field.classList.toggle("next-game", next);
			any = any || next;
		}
		$("new-game").classList.toggle("next-game", any);
	}
	async function applyLevel() {
		const level = $("level").value;
		if (!ui.st || ui.st.over || ui.opts.level === level)
			return;
		try {
			await ask("level " + level);
			recordAdd("level " + level);
			ui.opts.level = level;
			say(`level ${level} from the computer's next move`);
		} catch (e) {
			$("level").value = ui.opts.level;
			say("level: " + e.message, true);
		}
	}

	/* ---- the position ---- */
	function prettyResult(r) {
		if (r === null || r === undefined)
			return "";
		const who = r.startsWith("B+") ? "Black wins" : r.startsWith("W+") ? "White wins" : r.startsWith("0") ? "Draw" : "";
		if (ui.game.resultText)
			return ui.game.resultText(r);
		const rest = r.replace(/^[BW]\+|^0/, "").trim().replace(/^\((.*)\)$/, "$1");
		if (who && ui.game.resultUnit && /^\d+(\.\d+)?$/.test(rest))
			return `Game over: ${who} by ${rest} ${ui.game.resultUnit} [${r}]`;
		return `Game over: ${who}${rest ? " (" + (rest === "R" ? "resignation" : rest) + ")" : ""} [${r}]`;
	}

	function sideName(c) {
		return c === "black" ? ui.game.sides[0] : ui.game.sides[1];
	}

	function render() {
		const g = ui.game, st = ui.st;
		if (!st)
			return;
		let turn = "";
		if (st.turn) {
			turn = sideName(st.turn) + " to move";
			if (g.turnText)
				turn = g.turnText(st);
			else if (ui.opts.opponent === "engine")
				turn += st.turn === ui.opts.engine ? " (computer)" : " (you)";
		}
		$("turn").textContent = turn;
		$("turn").dataset.turn = st.turn || "";
		$("moves").textContent = `Moves ${st.moves}`;
		$("moves").dataset.moves = st.moves;
		$("last").textContent = st.lastText ? `Last ${st.lastText}` : "";
		$("result").textContent = st.over ? prettyResult(st.result) : "";
		$("result").dataset.result = st.over ? st.result || "" : "";
		document.body.dataset.over = st.over ? "yes" : "no";
		const dl = $("counters");
		dl.innerHTML = "";
		for (const [k, v] of st.counters) {
			const dt = document.createElement("dt");
			dt.textContent = k;
			const dd = document.createElement("dd");
			dd.textContent = v;
			dd.dataset.counter = k;
			dl.append(dt, dd);
		}
		if (g.kind) {
			g.draw(ui.board, st, ui);
			if (ui.board.hover && g.hover)
				g.hover(ui.board, ui.board.hover, st);
		}
		const box = $("game-controls");
		box.innerHTML = "";
		if (g.controls)
			g.controls(box, st, ui);
		ui.renders++;
		if (passArmedAt !== null && passArmedAt !== st.moves)
			disarmPass();
		const myTurn = !st.over && st.turn && (ui.opts.opponent !== "engine" || st.turn === ui.opts.human);
		$("pass").hidden = !(typeof g.canPass === "function" ? g.canPass(st) : g.canPass);
		$("pass").disabled = ui.busy || !myTurn;
		$("move-form").hidden = !g.kind || g.typedMoves === false;
		$("undo").disabled = ui.busy || st.moves === 0;
	}
	ui.redraw = render;

	async function refresh(a) {
		ui.st = await ui.game.refresh(a || ask);
		render();
		return ui.st;
	}

	/* The computer plays while it is its turn; one run at a time (a
	 * restored session and the player's move may both ask for it). */
	let engineRun = null;
	function engineTurns() {
		if (!engineRun)
			engineRun = engineLoop().finally(() => { engineRun = null; });
		return engineRun;
	}
	async function engineLoop() {
		for (let n = 0; n < 10000; n++) {
			const cmd = ui.game.engineCommand(ui.st, ui.opts);
			if (!cmd)
				return;
			setBusy(true);
			$("turn").textContent += " — thinking…";
			let mv;
			try {
				mv = Q.analysis.moveOf(await ask(Q.analysis.wrap(cmd)));
			} finally {
				setBusy(false);
			}
			if (mv === "resign") {
				ui.st.over = true;
				ui.st.result = (ui.opts.engine === "black" ? "W" : "B") + "+R";
				ui.st.turn = null;
				render();
				return gameEnded();
			}
			recordAdd(...(ui.game.recordOf ? ui.game.recordOf(cmd, mv, ui.st)
				: [cmd.replace(/^genmove /, "play ") + " " + mv]));
			if (ui.game.played)
				ui.game.played(mv, cmd.split(" ")[1]);
			await refresh();
		}
	}

	/* An action of the player's: a command, then the position, then the
	 * computer's reply. Errors are shown and change nothing. */
	async function act(line) {
		if (ui.busy)
			return;
		setBusy(true);
		try {
			const reply = await ask(line);
			recordAdd(line);
			if (/^(play|guess) /.test(line) && ui.game.played)
				ui.game.played(line.split(" ").pop(), line.split(" ")[1]);
			say(reply && !/^play /.test(line) ? reply : "");
		} catch (e) {
			setBusy(false);
			/* A refused secret is not shown to the codebreaker. */
			say(`${/^setcode /.test(line) ? "setcode" : line}: ${e.message}`, true);
			return;
		}
		setBusy(false);
		try {
			await refresh();
			const wasOver = ui.st.over;
			await engineTurns();
			if (ui.st.over || wasOver)
				await gameEnded();
		} catch (e) {
			say(e.message, true);
		}
	}
	ui.act = (line) => task(() => act(line));
	ui.play = (move) => {
		const st = ui.st;
		if (!st || st.over || !st.turn)
			return;
		if (ui.opts.opponent === "engine" && st.turn !== ui.opts.human) {
			say("wait for the computer's move");
			return;
		}
		if (move === "pass" && !passConfirmed(st))
			return;
		return ui.act(`play ${st.turn} ${move}`);
	};
	/* A pass the game calls early (g.earlyPass: Go before a third of the
	 * board is filled, the opponent not having passed) is played at the
	 * second press; any move in between disarms it. */
	let passArmedAt = null;
	function passConfirmed(st) {
		if (!ui.game.earlyPass || !ui.game.earlyPass(st) || passArmedAt === st.moves) {
			disarmPass();
			return true;
		}
		passArmedAt = st.moves;
		$("pass").textContent = "Pass? Press again";
		$("pass").dataset.armed = "yes";
		say("passing this early gives the game away if the other side passes too: press Pass again to pass");
		return false;
	}
	function disarmPass() {
		passArmedAt = null;
		$("pass").textContent = "Pass";
		delete $("pass").dataset.armed;
	}

	async function gameEnded() {
		await showTop();
		if (ui.player)
			await showStats();
	}

	async function undo() {
		if (ui.busy || !ui.st)
			return;
		setBusy(true);
		try {
			await ask("undo");
			recordAdd("undo");
			if (ui.game.reset)
				ui.game.reset();
			let st = await ui.game.refresh(ask);
			/* Against the computer take back its reply too, so it is the
			 * human's turn again. */
			if (ui.opts.opponent === "engine" && !ui.game.puzzle &&
			    st.turn && st.turn !== ui.opts.human && st.moves > 0) {
				await ask("undo");
				recordAdd("undo");
				st = await ui.game.refresh(ask);
			}
			ui.st = st;
			say("");
		} catch (e) {
			say("undo: " + e.message, true);
		} finally {
			setBusy(false);
		}
		render();
	}

	/* ---- games and routes ---- */
	/* Leaving a logged-in player's unfinished game against the computer
	 * after 4 of the player's moves counts as a loss unless the player
	 * leads (the server's rule, PROTOCOL.md "How a game counts"): the
	 * page asks for a second press first. The page's record knows the
	 * player's moves (none after a load: no warning then). */
	let leaveArmed = null;
	function ownMoves() {
		const mine = ui.opts.human ? new RegExp(`^play ${ui.opts.human} `) : null;
		return (record || []).filter((l) => /^guess /.test(l) || (mine && mine.test(l))).length;
	}
	function leavingCounts(target) {
		const st = ui.st;
		if (!ui.player || !st || st.over || !engineInGame() || ownMoves() < 4)
			return false;
		if (leaveArmed === target)
			return false;
		leaveArmed = target;
		say(`leaving this ${ui.game.title} game now counts as a loss unless you lead: ` +
		    (target === "new" ? "press New game again to start anew" : "click it again to go"), true);
		return true;
	}

	async function newGame() {
		const g = ui.game;
		if (leavingCounts("new"))
			return;
		leaveArmed = null;
		ui.opts = optsFromForm();
		markNextGame();
		setBusy(true);
		try {
			for (const line of recordStart(g.name))
				await ask(line);
			for (const line of g.setup(ui.opts)) {
				await ask(line);
				recordAdd(line);
			}
			if (g.reset)
				g.reset();
			say("");
		} catch (e) {
			say("new game: " + e.message, true);
		} finally {
			setBusy(false);
		}
		await refresh();
		await engineTurns();
		await showTop();
		if (ui.player)
			await showStats(); /* a game left for this one may have counted */
	}

	async function showTop() {
		const ol = $("top");
		ol.innerHTML = "";
		let text = "";
		try {
			text = await ask("top " + ui.game.name);
		} catch (e) {
			text = "";
			ol.dataset.error = e.message;
		}
		for (const line of Q.conn.lines(text)) {
			const [rank, name, w, l, d] = line.split(/\s+/);
			const li = document.createElement("li");
			li.value = Number(rank);
			li.textContent = `${name}: ${w} won, ${l} lost, ${d} drawn`;
			li.dataset.name = name;
			ol.appendChild(li);
		}
		if (!ol.children.length) {
			const li = document.createElement("li");
			li.className = "none";
			li.textContent = "nobody has finished a counted game here yet";
			ol.appendChild(li);
		}
	}

	async function showStats() {
		const body = $("stats").tBodies[0];
		body.innerHTML = "";
		let text = "";
		try {
			text = await ask("stats");
		} catch (e) {
			say("stats: " + e.message, true);
		}
		for (const line of Q.conn.lines(text)) {
			const tr = body.insertRow();
			for (const cell of line.split(/\s+/))
				tr.insertCell().textContent = cell;
		}
	}

	/* Show the game named by the route; with fresh, start it anew. */
	async function enter(name, fresh) {
		const g = Q.games[ui.games.includes(name) ? name : ui.games[0]];
		ui.game = g;
		document.body.dataset.game = g.name;
		document.body.dataset.kind = g.kind || "none";
		$("title").textContent = g.title;
		$("howto-text").innerHTML = g.howTo || "";
		$("howto").hidden = !g.howTo;
		for (const a of document.querySelectorAll("nav a"))
			a.toggleAttribute("aria-current", a.dataset.game === g.name);
		const svg = $("board");
		svg.hidden = !g.kind;
		$("board-wrap").hidden = !g.kind;
		ui.board.w = 0;
		$("thinking").hidden = !g.analysis;
		if (fresh) {
			for (const line of recordStart(g.name))
				await ask(line);
			if (g.reset)
				g.reset();
		}
		await fillPickers();
		ui.opts = optsFromForm();
		markNextGame();
		await refresh();
		await showTop();
		if (g.analysis)
			await Q.analysis.probe();
		if (fresh)
			await engineTurns();
	}

	function route() {
		return task(routeNow);
	}
	async function routeNow() {
		if (ui.quiet)
			return;
		const name = location.hash.replace(/^#/, "") || ui.games[0];
		if (ui.game && name !== ui.game.name && leavingCounts(name)) {
			ui.quiet = true;
			location.hash = "#" + ui.game.name;
			setTimeout(() => { ui.quiet = false; }, 0);
			return;
		}
		leaveArmed = null;
		try {
			await enter(name, true);
		} catch (e) {
			say(e.message, true);
		}
	}

	/* After load/resume: the session holds a game of its own kind. */
	async function adoptLoaded(what) {
		record = null;
		const name = await ask("game");
		ui.quiet = true;
		location.hash = "#" + name;
		await enter(name, false);
		setTimeout(() => { ui.quiet = false; }, 0);
		say(what);
		await engineTurns();
	}

	/* ---- players and saves ---- */
	async function login(register) {
		const name = $("login-name").value.trim(), pw = $("login-password").value;
		if (!name || !pw) {
			say("a name and a password, please", true);
			return;
		}
		try {
			const reply = await ask(`${register ? "register" : "login"} ${name} ${pw}`);
			$("login-password").value = "";
			await keepToken();
			say(reply.replace(/: resume$/, ": press Resume unfinished to go on"));
			await whoami();
			await listSaves();
		} catch (e) {
			say(`${register ? "register" : "login"}: ${e.message}`, true);
		}
	}
	async function logout() {
		token.set(null); /* the server forgets it too */
		try {
			say(await ask("logout"));
		} catch (e) {
			say("logout: " + e.message, true);
		}
		await whoami();
	}
	async function whoami(a) {
		const who = await (a || ask)("whoami");
		ui.player = who === "guest" ? null : who;
		$("who").textContent = who;
		$("who").dataset.player = ui.player || "";
		$("login-form").hidden = !!ui.player;
		$("logged-in").hidden = !ui.player;
		$("saves").classList.toggle("guest", !ui.player);
		if (ui.player && !a)
			await showStats();
		else if (!ui.player) {
			$("stats").tBodies[0].innerHTML = "";
			$("save-list").innerHTML = "";
		}
	}
	async function listSaves() {
		const sel = $("save-list");
		sel.innerHTML = "";
		if (!ui.player)
			return;
		try {
			for (const line of Q.conn.lines(await ask("list_saves"))) {
				const [name, game, moves, when] = line.split(/\s+/);
				sel.appendChild(new Option(`${name} (${game}, ${moves} moves, ${when})`, name));
			}
		} catch (e) {
			say("list_saves: " + e.message, true);
		}
	}
	async function save() {
		const name = $("save-name").value.trim();
		try {
			await ask("save " + name);
			say(`saved as ${name}`);
			await listSaves();
		} catch (e) {
			say("save: " + e.message, true);
		}
	}
	async function load(line) {
		try {
			await ask(line);
		} catch (e) {
			say(`${line.split(" ")[0]}: ${e.message}`, true);
			return;
		}
		await adoptLoaded(line === "resume" ? "resumed your unfinished game" : `loaded ${line.split(" ")[1]}`);
	}

	/* ---- the Go engine's thinking ----
	 * In Go the engine moves with lz-genmove_analyze instead of genmove: the
	 * lines it streams while it searches (Q.conn.onStream) list its
	 * candidate moves, best first, with their win rates and playouts, shown
	 * in the Engine thinking panel (the best five); its reply is "play
	 * MOVE". A server without the command (known_command) gets genmove. */
	Q.analysis = {
		command: "lz-genmove_analyze",
		available: false,
		drawn: 0,              /* how many times candidates were drawn on the board */
		async probe() {
			this.available = (await ask("known_command " + this.command)) === "true";
			$("thinking-text").textContent = this.available
				? "The engine's candidate moves show here while it thinks."
				: "This server does not stream the engine's thinking.";
			$("candidates").replaceChildren();
		},
		/* The command the engine moves with: genmove, or in Go its
		 * analysing form, a line every 0.1 s. */
		wrap(cmd) {
			const m = /^genmove (\S+)$/.exec(cmd);
			if (!this.available || !ui.game.analysis || !m)
				return cmd;
			$("candidates").replaceChildren();
			return `${this.command} ${m[1]} 10 maxmoves 5`;
		},
		moveOf(reply) {
			return reply.replace(/^play /, "");
		},
		/* One line: "info move D4 visits 120 winrate 5312 ... pv D4 Q16 info move ...". */
		parse(line) {
			const out = [];
			for (const part of line.split(/(?=info move )/)) {
				const m = /^info move (\S+) visits (\d+) winrate (\d+)/.exec(part);
				if (m)
					out.push({ move: m[1], visits: Number(m[2]), winrate: Number(m[3]) / 100 });
			}
			return out;
		},
		/* The candidates in the panel, and on the board (cleared by the
		 * next drawing of the position); the win rates are the side to
		 * move's, the engine's. */
		show(line) {
			const cands = this.parse(line);
			if (!cands.length || !ui.st)
				return;
			const who = `${sideName(ui.st.turn)}'s${ui.opts.opponent === "engine" ? " (the computer's)" : ""}`;
			$("thinking-text").textContent = `Win rates are ${who}, best first:`;
			$("candidates").replaceChildren(...cands.map((c) => {
				const li = document.createElement("li");
				li.dataset.move = c.move;
				li.textContent = `${c.move}: ${c.winrate.toFixed(1)}% to win, ${c.visits} playouts`;
				return li;
			}));
			const b = ui.board;
			b.clear(b.marks);
			this.drawn++;
			for (const [i, c] of cands.entries()) {
				const pt = Q.parse.pointOfVertex(c.move, b.h);
				if (!pt)
					continue; /* pass */
				b.circle(pt.x, pt.y, 0.42, "candidate" + (i ? "" : " best"), b.marks).dataset.v = c.move;
				b.text(pt.x, pt.y, String(Math.round(c.winrate)), 0.36, "candidate-rate");
			}
		},
	};
	Q.conn.onStream = (line) => { if (Q.analysis.available) Q.analysis.show(line); };

	/* ---- a lost connection ----
	 * On the new session (conn.js calls this before any other command is
	 * sent), with commands sent raw: the game rebuilt from the record, as a
	 * guest so that its replayed moves do not count as the player's; the
	 * player logged in by token; and the player's autosave resumed instead
	 * when it holds this game with as many moves (the server's copy keeps
	 * the game's count and its saves as they were). Then the page is read
	 * back. Throws only when the connection is lost again. */
	async function restoreSession() {
		const raw = (line) => Q.conn.ask(line, true);
		const last = ui.st, wasPlayer = ui.player;
		if (!ui.game) { /* lost before the page had a game: the player only */
			await tokenLogin(true);
			return whoami(raw);
		}
		let rebuilt = false;
		if (record) {
			try {
				for (const line of record)
					await raw(line);
				rebuilt = true;
			} catch (e) {
				if (e.message === "connection closed")
					throw e;
			}
		}
		const welcome = await tokenLogin(true);
		if (welcome && last && await autosaveHolds(raw, last.moves)) {
			await raw("resume");
			rebuilt = true;
		}
		await whoami(raw);
		let what = "reconnected";
		if (!rebuilt) {
			for (const line of recordStart(ui.game.name))
				await raw(line);
			what += `: the game could not be restored, a new ${ui.game.title} game begins`;
		}
		if (wasPlayer && !ui.player)
			what += "; log in again to go on as " + wasPlayer;
		await refresh(raw);
		say(what, !rebuilt);
	}
	/* Does the player's autosave hold the game on the page? */
	async function autosaveHolds(raw, moves) {
		for (const line of Q.conn.lines(await raw("list_saves"))) {
			const [name, game, n] = line.split(/\s+/);
			if (name === "autosave")
				return game === ui.game.name && Number(n) === moves;
		}
		return false;
	}
	function connState(state, detail) {
		document.body.dataset.conn = state;
		if (state === "down" && detail === "idle")
			say("the server closed the idle connection: your next move reconnects");
		else if (state === "reconnecting")
			say(`connection lost: reconnecting… (try ${detail})`, true);
		else if (state === "up" && Q.conn.reconnects && !ui.busy)
			task(engineTurns); /* a move the lost session did not answer */
	}

	/* ---- wiring ---- */
	function wire() {
		ui.board = new Q.Board($("board"), {
			onPress: (x, y) => {
				if (!ui.st || ui.busy)
					return;
				const mv = ui.game.press(x, y, ui.st, ui);
				if (mv)
					ui.play(mv);
			},
			onHover: (pt) => { if (ui.st && ui.game.hover) ui.game.hover(ui.board, pt, ui.st); },
			label: (x, y) => (ui.game.label ? ui.game.label(x, y, ui.board.h)
				: Q.parse.vertexOf(x, y, ui.board.h)),
		});
		$("newgame-form").addEventListener("submit", (e) => { e.preventDefault(); task(newGame); });
		$("opponent").addEventListener("change", () => { $("color-field").hidden = $("opponent").value !== "engine"; });
		for (const id of Object.keys(NEXT_GAME_PICKERS))
			$(id).addEventListener("change", () => { showLevelField(); markNextGame(); });
		$("level").addEventListener("change", () => task(applyLevel));
		$("move-form").addEventListener("submit", (e) => {
			e.preventDefault();
			const mv = $("move-input").value.trim();
			if (mv) {
				$("move-input").value = "";
				ui.play(mv);
			}
		});
		$("pass").addEventListener("click", () => ui.play("pass"));
		$("undo").addEventListener("click", () => task(undo));
		$("login-form").addEventListener("submit", (e) => { e.preventDefault(); task(() => login(false)); });
		$("register").addEventListener("click", () => task(() => login(true)));
		$("logout").addEventListener("click", () => task(logout));
		$("save-form").addEventListener("submit", (e) => { e.preventDefault(); task(save); });
		$("load-form").addEventListener("submit", (e) => {
			e.preventDefault();
			if ($("save-list").value)
				task(() => load("load " + $("save-list").value));
		});
		$("resume").addEventListener("click", () => task(() => load("resume")));
		window.addEventListener("hashchange", route);
		Q.conn.onState = connState;
		Q.conn.restore = restoreSession;
	}

	/* ---- the games' modules ----
	 * One script per game list_games names, games/NAME.js, each registering
	 * its adapter as Q.games.NAME. They are fetched together and run in
	 * list_games' order; a game whose module does not load (or registers
	 * nothing) is said on the page and left out. */
	function loadModule(name) {
		return new Promise((resolve) => {
			const s = document.createElement("script");
			s.src = `games/${encodeURIComponent(name)}.js`;
			s.async = false;
			s.onload = () => resolve(!!Q.games[name]);
			s.onerror = () => resolve(false);
			document.head.appendChild(s);
		});
	}
	async function loadGames(names) {
		const loaded = await Promise.all(names.map(loadModule));
		const failed = names.filter((_, i) => !loaded[i]);
		ui.games = names.filter((_, i) => loaded[i]);
		const nav = document.querySelector("nav");
		nav.replaceChildren(...ui.games.map((name) => {
			const a = document.createElement("a");
			a.href = "#" + name;
			a.dataset.game = name;
			a.textContent = Q.games[name].title;
			return a;
		}));
		if (!ui.games.length)
			throw new Error("no game's page module loaded: " + (names.join(", ") || "the server lists no game"));
		document.querySelector("header .brand").href = "#" + ui.games[0];
		if (failed.length)
			say(`the page module of ${failed.join(", ")} did not load: left out of the games`, true);
	}

	async function start() {
		wire();
		try {
			await Q.conn.open();
			await loadGames(Q.conn.lines(await ask("list_games")));
			const welcome = await tokenLogin(false);
			await whoami();
			if (welcome)
				say(welcome.replace(/: resume$/, ": press Resume unfinished to go on"));
			await route();
			document.body.dataset.ready = "yes";
		} catch (e) {
			say(e.message, true);
		}
	}
	document.addEventListener("DOMContentLoaded", start);
})();
