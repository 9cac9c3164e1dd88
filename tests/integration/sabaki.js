/* tests/integration/sabaki.js ENGINE: a Sabaki-style client, the npm
 * package @sabaki/gtp (its Controller: the engine as a child process, a
 * command's response lines handed to a subscriber as they arrive), runs
 * quintet's analysis as Sabaki does and parses the candidates as Sabaki does
 * (a line split at "info ", key-value pairs, pv taking the rest; the winrate
 * an integer out of 10000 in lz-analyze, a decimal fraction in kata-analyze,
 * ownership the numbers after "ownership"). Prints TAP, each result as it
 * comes. Every wait is bounded, and the whole run too (a watchdog fails the
 * checks left and kills the engine).
 */
"use strict";
const { Controller } = require("@sabaki/gtp");

const engine = process.argv[2];
const LINES_WAIT = 20000; /* for the first streamed lines of an analysis */
const REPLY_WAIT = 15000; /* for any other reply: a hang bound */
const TOTAL_WAIT = 100000; /* the whole run (sabaki.sh's timeout is longer) */
const CHECKS = 4;
const SIZE = 9;
const VERTEX = /^([A-HJ][1-9]|pass)$/; /* 9x9 */
const INT = /^\d+$/;
const isNumber = (v) => v.trim() !== "" && Number.isFinite(Number(v));

let reported = 0;
let failed = 0;

function report(ok, name, why) {
	reported++;
	if (!ok)
		failed++;
	console.log(`${ok ? "ok" : "not ok"} ${reported} - ${name}`);
	if (!ok && why)
		for (const l of String(why).split("\n").slice(0, 8))
			console.log("#   " + l);
}

function assert(cond, why) {
	if (!cond)
		throw new Error(why);
}

function bounded(promise, ms, what) {
	let timer;
	const timeout = new Promise((_, reject) => {
		timer = setTimeout(() => reject(new Error(`nothing within ${ms / 1000} s: ${what}`)), ms);
	});
	return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/* Sabaki's reading of an analysis line: the ownership numbers when the line
 * carries them (everything after "ownership"), and the candidates (the rest
 * split at "info "; key-value pairs until "pv", whose value is the rest).
 * Values are kept as the strings the engine wrote. */
function parseAnalysis(line) {
	let ownership = null;
	const m = line.match(/\s*ownership\s+(.+)/);
	if (m) {
		ownership = m[1].trim().split(/\s+/);
		line = line.slice(0, m.index);
	}
	const candidates = line.split(/\s*info\s+/).slice(1).map((part) => {
		const words = part.trim().split(/\s+/);
		const c = {};
		for (let i = 0; i < words.length; i += 2) {
			if (words[i] === "pv") {
				c.pv = words.slice(i + 1);
				break;
			}
			c[words[i]] = words[i + 1];
		}
		return c;
	});
	return { candidates, ownership };
}

/* The candidates of one line as Sabaki reads them. lz: winrate, prior, lcb
 * integers in 0..10000; kata: numbers in [0, 1], the winrate with a decimal
 * point (how Sabaki tells the two scales apart), and a scoreLead. */
function checkCandidates(cands, kata, occupied) {
	assert(cands.length > 0, "no candidate");
	let prev = Infinity;
	cands.forEach((c, i) => {
		const what = `candidate ${i} (${JSON.stringify(c).slice(0, 200)})`;
		assert(c.order === String(i), `${what}: order ${c.order}, not ${i}`);
		assert(VERTEX.test(c.move || "") && c.move !== occupied, `${what}: move ${c.move}`);
		assert(INT.test(c.visits || ""), `${what}: visits ${c.visits}`);
		assert(Number(c.visits) <= prev, `${what}: more visits than the candidate before`);
		prev = Number(c.visits);
		for (const k of ["winrate", "prior", "lcb"]) {
			const v = c[k] || "";
			if (kata)
				assert(isNumber(v) && Number(v) >= 0 && Number(v) <= 1 && (k !== "winrate" || v.includes(".")),
					`${what}: ${k} ${v} is not a decimal fraction in [0, 1]`);
			else
				assert(INT.test(v) && Number(v) <= 10000, `${what}: ${k} ${v} is not an integer in 0..10000`);
		}
		if (kata)
			assert(isNumber(c.scoreLead || ""), `${what}: scoreLead ${c.scoreLead}`);
		assert(Array.isArray(c.pv) && c.pv.length > 0 && c.pv[0] === c.move,
			`${what}: the pv does not start with the move`);
		assert(c.pv.every((v) => VERTEX.test(v)), `${what}: a pv move is no 9x9 vertex`);
	});
}

/* The engine's stdout as it came, line by line (@sabaki/gtp drops a line
 * that comes while no command waits, or before a reply's first line: the
 * raw lines show whether an analysis really stopped). */
const raw = [];

/* The raw lines from `from` on, each run of analysis lines as one "info...". */
function shapeOf(from) {
	const shape = [];
	for (const l of raw.slice(from)) {
		const v = l.startsWith("info ") ? "info..." : l.trimEnd();
		if (v !== "info..." || shape[shape.length - 1] !== v)
			shape.push(v);
	}
	return shape;
}

/* Start an analysis as Sabaki does, collect n streamed lines, then send the
 * next command (Sabaki sends one when the user moves on): the analysis's
 * response must end without error and the next command be answered, and
 * after three more intervals the engine must have written nothing else. */
async function analyse(controller, command, n, interval) {
	const lines = [];
	let enough;
	const got = new Promise((resolve) => { enough = resolve; });
	const from = raw.length;
	let ended = null;
	const reply = controller.sendCommand(command, ({ line }) => {
		if (line.startsWith("info ")) {
			lines.push(line);
			if (lines.length === n)
				enough();
		}
	});
	reply.then((r) => { ended = r; }, (e) => { ended = e; });
	const text = `${command.name} ${command.args.join(" ")}`;
	try {
		await bounded(got, LINES_WAIT, `${n} lines of ${text} (${lines.length} came)`);
	} catch (e) {
		if (ended)
			e.message += `; it ended with ${String(ended.message || JSON.stringify(ended)).slice(0, 200)}`;
		throw e;
	}
	const next = controller.sendCommand({ name: "name" });
	next.catch(() => {}); /* awaited below unless the analysis fails to end */
	const response = await bounded(reply, REPLY_WAIT, `the end of ${text} after the next command`);
	assert(!response.error, `${text} answered an error: ${response.content}`);
	const name = await bounded(next, REPLY_WAIT, `the answer to name after ${text}`);
	assert(!name.error && name.content === "quintet", `name answered ${JSON.stringify(name.content)}`);
	await sleep(3 * interval * 10);
	const want = JSON.stringify(["=", "info...", "", "= quintet", ""]);
	const shape = JSON.stringify(shapeOf(from));
	assert(shape === want, `the engine wrote ${shape}, not ${want}`);
	return lines.slice(0, n);
}

/* A command left waiting when a check fails is rejected when the engine
 * goes ("GTP engine output has stopped"): that is no further failure. */
process.on("unhandledRejection", () => {});

async function main() {
	console.log("1.." + CHECKS);
	const controller = new Controller(engine, []);
	controller.start();
	const proc = controller.process;
	const stderr = [];
	let exit = null;
	let rawBuf = "";
	proc.stdout.on("data", (d) => {
		rawBuf += d.toString().replace(/\r/g, "");
		const parts = rawBuf.split("\n");
		rawBuf = parts.pop();
		raw.push(...parts);
	});
	/* Read here, not through the Controller's stderr event: it stops at the
	 * exit, before a sanitizer's report at the exit is read. */
	proc.stderr.on("data", (d) => stderr.push(d.toString()));
	const closed = new Promise((resolve) => proc.once("close", (code, signal) => {
		exit = { code, signal };
		resolve();
	}));
	let current = "";
	setTimeout(() => {
		report(false, current, `the run was still here after ${TOTAL_WAIT / 1000} s`);
		while (reported < CHECKS)
			report(false, "not run: the run took too long");
		proc.kill("SIGKILL");
		process.exit(1);
	}, TOTAL_WAIT).unref();

	async function check(name, fn) {
		current = name;
		try {
			await fn();
			report(true, name);
		} catch (e) {
			report(false, name, e.stack || String(e));
		}
	}

	await check("boardsize 9, clear_board, play B E5", async () => {
		for (const c of [{ name: "boardsize", args: [String(SIZE)] }, { name: "clear_board" },
			{ name: "play", args: ["B", "E5"] }]) {
			const r = await bounded(controller.sendCommand(c), REPLY_WAIT, c.name);
			assert(!r.error, `${c.name}: ${r.content}`);
		}
	});
	await check("lz-analyze W 10: streamed candidates Sabaki parses, ended by the next command", async () => {
		const lines = await analyse(controller, { name: "lz-analyze", args: ["W", "10"] }, 3, 10);
		for (const l of lines) {
			const { candidates, ownership } = parseAnalysis(l);
			assert(ownership === null, "ownership unasked for");
			checkCandidates(candidates, false, "E5");
		}
	});
	await check("kata-analyze B 10 ownership true: candidates and 81 ownership numbers in [-1, 1]", async () => {
		const lines = await analyse(controller,
			{ name: "kata-analyze", args: ["B", "10", "ownership", "true"] }, 3, 10);
		for (const l of lines) {
			const { candidates, ownership } = parseAnalysis(l);
			checkCandidates(candidates, true, "E5");
			assert(ownership && ownership.length === SIZE * SIZE,
				`ownership of ${ownership && ownership.length} points, not ${SIZE * SIZE}`);
			const bad = ownership.find((v) => !isNumber(v) || Number(v) < -1 || Number(v) > 1);
			assert(bad === undefined, `ownership ${bad} is not a number in [-1, 1]`);
		}
	});
	await check("the controller stops the engine (quit), which exits 0", async () => {
		await bounded(controller.stop(REPLY_WAIT), REPLY_WAIT + 5000, "the controller's stop");
		await bounded(closed, REPLY_WAIT, "the engine's exit");
		assert(exit.code === 0, `the engine exited ${exit.code === null ? "on " + exit.signal : exit.code}`);
		const err = stderr.join("");
		assert(!/Sanitizer|runtime error:/.test(err), "sanitizer report: " + err.slice(-600));
	});
	process.exit(failed === 0 ? 0 : 1);
}

main().catch((e) => { console.log("Bail out! " + (e.stack || e)); process.exit(1); });
