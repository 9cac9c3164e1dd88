/* conn.js: the page's one WebSocket to the daemon.
 *
 * The server's /ws carries the protocol of protocol/PROTOCOL.md: each text
 * frame we send is one command line, and each reply comes back as one text
 * frame ("=7 D4", "?7 illegal move"; a result of several lines is one frame).
 * We number every command, so a reply is matched to its command by its id;
 * replies come in order anyway (a session answers one command at a time).
 * A frame that is not a reply (a streamed line of a command such as a future
 * analysis command) goes to Q.conn.onStream.
 */
"use strict";
window.Q = window.Q || {};

Q.conn = (function () {
	let ws = null;
	let nextId = 1;
	let pending = [];          /* [{id, line, resolve}] in the order sent */
	let opened = null;         /* a promise of the open socket */
	const api = {
		onStream: null,        /* function(line): a frame that is no reply */
		onClose: null,         /* function(): the socket closed */
		busy: 0,               /* commands sent and not answered yet */
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

	api.open = function () {
		if (opened)
			return opened;
		opened = new Promise((resolve, reject) => {
			ws = new WebSocket(url());
			ws.onopen = () => resolve(ws);
			ws.onmessage = onMessage;
			ws.onerror = () => reject(new Error("cannot reach the server"));
			ws.onclose = () => {
				opened = null;
				fail("connection closed");
				if (api.onClose)
					api.onClose();
			};
		});
		return opened;
	};

	/* Send one command line; resolves with {ok, text} (never rejects once
	 * the socket is open: a lost connection answers ok false). */
	api.send = async function (line) {
		await api.open();
		const id = nextId++;
		return new Promise((resolve) => {
			pending.push({ id, line, resolve });
			api.busy = pending.length;
			ws.send(id + " " + line);
		});
	};

	/* Send a command; resolve with its result text, or throw an Error with
	 * the server's message ("illegal move"). */
	api.ask = async function (line) {
		const r = await api.send(line);
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
