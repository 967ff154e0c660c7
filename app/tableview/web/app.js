// The table view on a phone: draws the game's snapshot (from /state, then each one the WebSocket pushes).
// Every text from the game goes in through textContent, never as markup. Reconnects by itself after the phone
// sleeps or the table's Muster restarts.
"use strict";

const key = new URLSearchParams(location.search).get("key") || "";
const $ = (id) => document.getElementById(id);
let state = null;
let spokenUpTo = null; // the story lines already read aloud, by their text and position
let retryMs = 500;
let socket = null;

function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
}

function colour(c) {
    return /^#[0-9a-fA-F]{3,8}$/.test(c || "") ? c : "transparent";
}

function mySide() {
    return localStorage.getItem("musterSide") || "";
}

function drawSides(s) {
    const nav = $("sides");
    nav.replaceChildren();
    for (const side of s.sides || []) {
        const b = el("button", "", side.name);
        b.setAttribute("aria-pressed", String(side.id === mySide()));
        b.style.borderLeft = "8px solid " + colour(side.colour);
        b.addEventListener("click", () => {
            localStorage.setItem("musterSide", side.id === mySide() ? "" : side.id);
            draw(state);
        });
        nav.append(b);
    }
}

function drawRoster(s) {
    const roster = $("roster");
    roster.replaceChildren();
    const sides = [...(s.sides || [])];
    sides.sort((a, b) => (b.id === mySide()) - (a.id === mySide())); // the chosen side first
    for (const side of sides) {
        const box = el("div", "side");
        const h = el("h3", "", side.name);
        h.style.borderLeftColor = colour(side.colour);
        box.append(h);
        for (const u of (s.roster || []).filter((r) => r.side === side.id)) {
            const row = el("div", "unit" + (u.removed ? " removed" : ""));
            row.append(el("span", "name", u.name));
            row.append(el("span", "strength", u.strength + " / " + u.start));
            if (u.status) row.append(el("span", "status", u.status));
            if (u.details) row.append(el("span", "details", u.details));
            box.append(row);
        }
        roster.append(box);
    }
}

// The last throw's photo with every die the camera found outlined and its value ("?" where it was unsure).
let shownPhoto = null;
function drawPhoto(s) {
    const p = s.photo;
    $("throw").hidden = !p;
    if (!p) { shownPhoto = null; return; }
    if (shownPhoto === p.seq) return;
    shownPhoto = p.seq;
    const box = $("photo");
    box.replaceChildren();
    const img = el("img");
    img.alt = "The last throw";
    img.src = "/photo?key=" + encodeURIComponent(key) + "&seq=" + encodeURIComponent(p.seq);
    box.append(img);
    for (const d of p.dice || []) {
        if (!p.width || !p.height) break;
        const half = d.size / 2;
        const mark = el("div", "die" + (d.unsure ? " unsure" : ""));
        mark.style.left = ((d.x - half) / p.width * 100) + "%";
        mark.style.top = ((d.y - half) / p.height * 100) + "%";
        mark.style.width = (d.size / p.width * 100) + "%";
        mark.style.height = (d.size / p.height * 100) + "%";
        mark.append(el("span", "", d.unsure ? (d.value ? d.value + "?" : "?") : String(d.value)));
        box.append(mark);
    }
}

function speakNew(s) {
    const lines = (s.story || []).map((l) => l.text);
    const said = spokenUpTo;
    spokenUpTo = { turn: s.turn, lines };
    if (!$("speak").checked || !said || said.turn !== s.turn || !("speechSynthesis" in window)) return;
    // The story is newest first: what is new is what stands before the lines already said.
    const fresh = lines.slice(0, Math.max(0, lines.length - said.lines.length)).reverse();
    for (const text of fresh) speechSynthesis.speak(new SpeechSynthesisUtterance(text));
}

function draw(s) {
    if (!s || !s.sides) return;
    state = s;
    document.title = "Muster · " + (s.scenario || "table view");
    $("title").textContent = s.scenario || "Muster";
    $("turn").textContent = s.over ? "Game over" + (s.winner ? ": " + s.winner : "")
                                   : "Turn " + s.turn + (s.maxTurns ? " of " + s.maxTurns : "") +
                                     (s.phase ? " · " + s.phase : "");
    const who = $("who");
    who.textContent = s.sideName ? s.sideName + (s.player && s.player !== s.sideName ? " (" + s.player + ")" : "") : "";
    who.style.borderLeftColor = colour(s.sideColour);
    $("question").textContent = s.question || "";
    drawSides(s);
    const story = $("story");
    story.replaceChildren();
    for (const line of s.story || []) story.append(el("li", line.big ? "big" : "", line.text));
    if (!(s.story || []).length)
        story.append(el("li", "dim", s.over ? "The game is over." : "Nothing resolved yet this turn."));
    $("summary").textContent = s.summary || "";
    $("report").hidden = !(s.over && s.report);
    $("reportLink").href = "/report?key=" + encodeURIComponent(key);
    drawRoster(s);
    const seals = $("seals");
    seals.replaceChildren();
    for (const seal of s.seals || []) seals.append(el("li", "", "Turn " + seal.turn + ": " + seal.seal));
    drawPhoto(s);
    speakNew(s);
}

function connect() {
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host +
                             "/live?key=" + encodeURIComponent(key));
    socket = ws;
    ws.onopen = () => { retryMs = 500; $("link").textContent = "live"; };
    ws.onmessage = (m) => {
        try { draw(JSON.parse(m.data)); } catch (e) { /* a torn message: the next one redraws */ }
    };
    ws.onclose = () => {
        if (socket !== ws) return;
        $("link").textContent = "reconnecting…";
        setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, 8000);
    };
}

fetch("/state?key=" + encodeURIComponent(key), { cache: "no-store" })
    .then((r) => (r.ok ? r.json() : Promise.reject(r.status)))
    .then(draw)
    .catch((status) => { $("link").textContent = status === 403 ? "this link is not the table's" : "offline"; })
    .finally(connect);

// A phone that slept may hold a dead socket: start again when it is looked at.
document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && socket && socket.readyState !== WebSocket.OPEN) {
        socket.onclose = null;
        socket.close();
        connect();
    }
});
