// The race's WebSocket (docs/live-protocol.md): says hello with the player's access token, pings every 10 s,
// and on a lost connection opens a new one after a growing pause (0.5 s doubling to 8 s), saying hello again.
// A refusal (close code 4003) is final: the server said why, and asking again would not change its mind.

const PING_MS = 10_000;
const FIRST_PAUSE_MS = 500;
const LAST_PAUSE_MS = 8_000;
const REFUSED = 4003;

export class LiveSocket {
  /**
   * @param {() => object} hello the hello frame to send on every (re)connection
   * @param {{onFrame: (frame: object) => void, onState: (state: string) => void}} handlers
   *   state is "connecting", "open", "reconnecting" or "refused"
   */
  constructor(hello, { onFrame, onState }) {
    this.hello = hello;
    this.onFrame = onFrame;
    this.onState = onState;
    this.pause = FIRST_PAUSE_MS;
    this.nextId = 1;
    this.done = false;
    this.ws = null;
    this.pinger = null;
  }

  open(state = "connecting") {
    this.onState(state);
    const url = new URL("api/live", document.baseURI);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify(this.hello()));
      this.pinger = setInterval(() => this.send({ type: "ping" }), PING_MS);
    });
    ws.addEventListener("message", (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type === "welcome") {
        this.pause = FIRST_PAUSE_MS;
        this.onState("open");
      }
      if (frame.type === "refused" && frame.id === undefined) this.done = true;
      this.onFrame(frame);
    });
    ws.addEventListener("close", (event) => {
      clearInterval(this.pinger);
      if (this.ws !== ws) return;
      if (event.code === REFUSED || this.done) {
        this.done = true;
        this.onState("refused");
        return;
      }
      this.onState("reconnecting");
      setTimeout(() => this.open("reconnecting"), this.pause);
      this.pause = Math.min(this.pause * 2, LAST_PAUSE_MS);
    });
  }

  /** Sends a frame if the socket is open; returns whether it went. */
  send(frame) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  /** Sends a frame with a fresh id (a move or a hint); returns the id, or null when the socket is down. */
  request(frame) {
    const id = this.nextId++;
    return this.send({ ...frame, id }) ? id : null;
  }
}
