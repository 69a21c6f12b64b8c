// The stdio transport (the SDK v2 Transport that serveStdio is given; server.ts says why it is
// ours): newline-delimited JSON-RPC with a bounded read buffer. A line over MAX_LINE_BYTES is
// dropped up to its newline, answered with a JSON-RPC error, and reading goes on; so is a line
// that is not JSON or not JSON-RPC. Memory held for input: one line at most.
import type { Readable, Writable } from 'node:stream';
import {
  parseJSONRPCMessage,
  ProtocolErrorCode,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/server';

const NEWLINE = 0x0a;

/** Bytes of one incoming JSON-RPC message (one stdio line): every valid request fits in far less. */
export const MAX_LINE_BYTES = 1024 * 1024;
/**
 * Requests being answered at once on one connection: past it, and while stdout is backed up,
 * no more input is read (a client that pipelines without reading cannot pile answers up).
 */
export const MAX_IN_FLIGHT = 8;

/** Where a tool call's argument names, as they arrived, ride to the server's handler (server.ts). */
export const ARRIVED_ARGUMENTS = 'aria-context/arguments-arrived';

/**
 * A tool call's own argument names as parsed from the line, kept in its `_meta` (whatever the
 * client put under that key is replaced): the SDK's copy of the arguments drops an own
 * `__proto__`, so the strict check would not see what arrived.
 */
function recordArgumentNames(message: JSONRPCMessage): void {
  const request = message as { method?: unknown; params?: { arguments?: unknown; _meta?: unknown } };
  if (request.method !== 'tools/call' || !request.params || typeof request.params !== 'object') return;
  const args = request.params.arguments;
  if (!args || typeof args !== 'object' || Array.isArray(args)) return;
  const meta = request.params._meta && typeof request.params._meta === 'object' ? request.params._meta : {};
  request.params._meta = { ...meta, [ARRIVED_ARGUMENTS]: Object.keys(args) };
}

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  /** The current line's chunks so far (no newline yet), and their length. */
  private parts: Buffer[] = [];
  private length = 0;
  /** Dropping the rest of a line that went over the cap. */
  private discarding = false;
  private started = false;
  private closed = false;
  /** Requests read and not yet answered (by their id's JSON), at most MAX_IN_FLIGHT. */
  private readonly inFlight = new Set<string>();
  /** stdout said it is full: nothing more is read until it drains. */
  private backedUp = false;
  /** Input read past the line that filled the quota, held (one chunk at most) until reading resumes. */
  private pending: Buffer | null = null;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    /** Told about every malformed or over-long line (stderr); never sent to the client. */
    private readonly note: (line: string) => void = () => undefined,
    private readonly maxLineBytes = MAX_LINE_BYTES,
    private readonly maxInFlight = MAX_IN_FLIGHT,
  ) {}

  async start(): Promise<void> {
    if (this.started) throw new Error('LineTransport already started');
    this.started = true;
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
    // The client closed its end: the connection is over (serveStdio then closes the server).
    this.input.once('end', this.onEnd);
  }

  private readonly onEnd = () => void this.close();

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    this.input.off('end', this.onEnd);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.parts = [];
    this.length = 0;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    const answer = message as { id?: unknown; method?: unknown };
    if (answer.method === undefined && answer.id !== undefined) this.inFlight.delete(JSON.stringify(answer.id));
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) {
        resolve();
        this.resume();
        return;
      }
      this.backedUp = true;
      this.output.once('drain', () => {
        this.backedUp = false;
        resolve();
        this.resume();
      });
    });
  }

  /** Whether reading waits: too many requests unanswered, or stdout full. */
  private blocked(): boolean {
    return this.backedUp || this.inFlight.size >= this.maxInFlight;
  }

  /** Reads on once answers went out: first what was held, then the stream. */
  private resume(): void {
    if (this.closed || this.blocked()) return;
    const held = this.pending;
    this.pending = null;
    if (held) this.feed(held);
    if (!this.blocked() && this.pending === null) this.input.resume();
  }

  private readonly onInputError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string) => {
    const data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (this.pending)
      this.pending = Buffer.concat([this.pending, data]); // a chunk already on its way when reading paused
    else this.feed(data);
  };

  private feed(input: Buffer): void {
    let data = input;
    for (let nl = data.indexOf(NEWLINE); ; nl = data.indexOf(NEWLINE)) {
      if (this.blocked()) {
        // §9 Bounded: the rest waits (in the pipe, and this one chunk here) until answers go out.
        if (data.length) this.pending = data;
        this.input.pause();
        return;
      }
      const piece = nl === -1 ? data : data.subarray(0, nl);
      if (!this.discarding && this.length + piece.length > this.maxLineBytes) {
        this.discarding = true;
        this.parts = [];
        this.length = 0;
      }
      if (!this.discarding && piece.length) {
        this.parts.push(piece);
        this.length += piece.length;
      }
      if (nl === -1) return;
      data = data.subarray(nl + 1);
      this.endLine();
    }
  }

  private endLine(): void {
    if (this.discarding) {
      this.discarding = false;
      this.note(`Dropped a message longer than ${this.maxLineBytes} bytes`);
      this.answerError(
        ProtocolErrorCode.ParseError,
        `Parse error: the message is longer than ${this.maxLineBytes} bytes and was not read.`,
      );
      return;
    }
    const line = Buffer.concat(this.parts, this.length).toString('utf8').replace(/\r$/, '');
    this.parts = [];
    this.length = 0;
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (err) {
      this.note(`Ignored a malformed message: ${(err as Error).message.split('\n')[0].slice(0, 200)}`);
      this.answerError(ProtocolErrorCode.ParseError, 'Parse error: the line is not JSON.');
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(json);
    } catch {
      this.note('Ignored a message that is not JSON-RPC 2.0');
      this.answerError(ProtocolErrorCode.InvalidRequest, 'Invalid Request: not a JSON-RPC 2.0 message.');
      return;
    }
    recordArgumentNames(message);
    this.track(message);
    this.onmessage?.(message);
  }

  /** A request is in flight until its answer is sent, or the client cancels it (then none is sent). */
  private track(message: JSONRPCMessage): void {
    const m = message as { id?: unknown; method?: unknown; params?: { requestId?: unknown } };
    if (typeof m.method !== 'string') return;
    if (m.id !== undefined) this.inFlight.add(JSON.stringify(m.id));
    else if (m.method === 'notifications/cancelled' && m.params?.requestId !== undefined) {
      this.inFlight.delete(JSON.stringify(m.params.requestId));
      this.resume();
    }
  }

  /** JSON-RPC's answer to a message whose id could not be read: the id is null. */
  private answerError(code: number, message: string): void {
    this.send({ jsonrpc: '2.0', id: null, error: { code, message } } as unknown as JSONRPCMessage).catch(
      () => undefined,
    );
  }
}
