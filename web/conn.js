/* conn.js: the page's one WebSocket to the daemon.
 *
 * The server's /ws carries the protocol of protocol/PROTOCOL.md: each text
 * frame we send is one command line, and each reply comes back as one text
 * frame ("=7 D4", "?7 illegal move"; a result of several lines is one frame).
 * We number every command, so a reply is matched to its command by its id;
 * replies come in order anyway (a session answers one command at a time).
 * A frame that is not a reply (a streamed line of a command such as a future
 * analysis command) goes to Q.conn.onStream.
 *
 * A lost connection (a daemon restart, a network blip, the server's idle
 * timeout) is never followed by a command sent to a new session as if it
 * were the old one: the commands waiting for replies fail ("connection
 * closed"), and every later command waits while the page reconnects and
 * api.restore (app.js: the player logged in again, the game rebuilt) runs
 * on the new session. Reconnecting starts at once after a drop, with the
 * delay doubling from 0.25 s to 5 s between failed tries; after the server's
 * idle timeout it waits for the page's next command, so an idle page does
 * not keep a session open.
 */
"use strict";
window.Q = window.Q || {};

Q.conn = (function () {
	let ws = null;
	let nextId = 1;
	let pending = [];          /* [{id, line, resolve}] in the order sent */
	let opened = null;         /* a promise of the open socket */
	let restoring = null;      /* a promise of the reconnection under way */
	let everOpen = false;      /* the first session was opened */
	const api = {
		onStream: null,        /* function(line): a frame that is no reply */
		onState: null,         /* function(state, detail): "down", "reconnecting", "up" */
		restore: null,         /* async function(): rebuild a new session (app.js) */
		busy: 0,               /* commands sent and not answered yet */
		state: "new",          /* "new", "up", "down" (lost), "reconnecting" */
		attempts: 0,           /* tries of the reconnection under way */
		reconnects: 0,         /* sessions restored since the page loaded */
	};

	function url() {
		const scheme = location.protocol === "https:" ? "wss:" : "ws:";
		return scheme + "//" + location.host + "/ws";
	}

	/* A reply frame: "=ID TEXT" or "?ID TEXT" (TEXT may start with a newline,
	 * as showboard's does); a trailing empty line, if the server keeps it,
	 * is dropped. */
	function parse(frame) {
		const m = /^([=?])(\d*)(?: |$)([\s\S]*)$/.exec(frame);
		if (!m)
			return null;
		return { ok: m[1] === "=", id: m[2] ? Number(m[2]) : null,
			 text: m[3].replace(/\n+$/, "") };
	}

	function onMessage(ev) {
		const reply = parse(String(ev.data));
		if (!reply || !pending.length) {
			if (api.onStream)
				api.onStream(String(ev.data));
			return;
		}
		let i = 0;
		if (reply.id !== null) {
			i = pending.findIndex((p) => p.id === reply.id);
			if (i < 0)
				i = 0;
		}
		const p = pending.splice(i, 1)[0];
		api.busy = pending.length;
		p.resolve(reply);
	}

	function fail(message) {
		const waiting = pending;
		pending = [];
		api.busy = 0;
		for (const p of waiting)
			p.resolve({ ok: false, id: p.id, text: message });
	}

	function setState(state, detail) {
		api.state = state;
		if (api.onState)
			api.onState(state, detail);
	}

	/* Open a socket (one at a time); rejects when it cannot be opened. */
	function openSocket() {
		if (opened)
			return opened;
		opened = new Promise((resolve, reject) => {
			const sock = new WebSocket(url());
			sock.onopen = () => { ws = sock; resolve(sock); };
			sock.onmessage = onMessage;
			sock.onerror = () => reject(new Error("cannot reach the server"));
			sock.onclose = (ev) => {
				opened = null;
				reject(new Error("cannot reach the server"));
				if (ws !== sock)
					return;
				ws = null;
				fail("connection closed");
				lost(ev.reason === "idle timeout");
			};
		});
		return opened;
	}

	function lost(idle) {
		if (!everOpen || restoring)
			return;
		setState("down", idle ? "idle" : "lost");
		if (!idle)
			reconnect();
	}

	const pause = (ms) => new Promise((r) => setTimeout(r, ms));

	/* Reconnect until a new session is open and restored. */
	function reconnect() {
		if (restoring)
			return restoring;
		restoring = (async () => {
			let delay = 250;
			for (api.attempts = 1; ; api.attempts++) {
				setState("reconnecting", api.attempts);
				try {
					await openSocket();
					if (api.restore)
						await api.restore();
					if (!ws)
						throw new Error("connection closed while restoring");
					break;
				} catch (e) {
					if (ws)
						ws.close();
					await pause(delay);
					delay = Math.min(delay * 2, 5000);
				}
			}
			restoring = null;
			api.reconnects++;
			setState("up");
		})();
		return restoring;
	}

	/* The first session: opened once, when the page starts. */
	api.open = async function () {
		await openSocket();
		everOpen = true;
		setState("up");
	};

	/* Send one command line; resolves with {ok, text} (never rejects once
	 * the socket is open: a lost connection answers ok false). raw: send on
	 * the socket as it is (restore's own commands), without waiting for a
	 * reconnection. */
	api.send = async function (line, raw) {
		if (!raw) {
			if (!everOpen)
				await api.open();
			else if (api.state !== "up")
				await reconnect();
		}
		if (!ws)
			return { ok: false, id: null, text: "connection closed" };
		const id = nextId++;
		return new Promise((resolve) => {
			pending.push({ id, line, resolve });
			api.busy = pending.length;
			ws.send(id + " " + line);
		});
	};

	/* Send a command; resolve with its result text, or throw an Error with
	 * the server's message ("illegal move"). */
	api.ask = async function (line, raw) {
		const r = await api.send(line, raw);
		if (!r.ok) {
			const e = new Error(r.text);
			e.command = line;
			throw e;
		}
		return r.text;
	};

	/* The lines of a result, empty lines dropped. */
	api.lines = function (text) {
		return text.split("\n").map((l) => l.trim()).filter((l) => l.length);
	};

	return api;
})();
