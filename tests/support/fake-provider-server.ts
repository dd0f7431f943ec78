// The shared part of the fake messaging providers (tests/support/fake-africastalking.ts and
// fake-whatsapp.ts): a real HTTP server on 127.0.0.1 that records each request and answers what
// the test scripted, a status and body, a hang past the client's time-out, or a dropped connection.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ProviderRequest = {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
};

export type ProviderReply =
  { status: number; body: string; contentType?: string } | { hang: true } | { close: true };

export abstract class FakeProviderServer {
  /** Every request, answered or not, in order. */
  readonly requests: ProviderRequest[] = [];
  private server = createServer((req, res) => void this.handle(req, res));
  private scripted: ProviderReply[] = [];
  private always: ((request: ProviderRequest) => ProviderReply | undefined) | undefined;
  private waiters: Array<() => void> = [];
  private port = 0;

  /** What the provider answers when nothing is scripted (and records an accepted message). */
  protected abstract answer(request: ProviderRequest): ProviderReply;

  /** The fake's base address (the client adds the provider's own path). */
  get origin(): string {
    if (!this.port) throw new Error("The fake provider is not started");
    return `http://127.0.0.1:${this.port}`;
  }

  /** Listens on `port` (0: a free one; an end-to-end run gives a fixed one to the server). */
  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    // Hanging requests would keep close() waiting forever.
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Forgets what was received and scripted. */
  reset(): void {
    this.requests.length = 0;
    this.scripted = [];
    this.always = undefined;
    this.forget();
  }

  protected abstract forget(): void;

  /** The next requests get these answers, one each, in order; then the usual answer again. */
  next(...replies: ProviderReply[]): this {
    this.scripted.push(...replies);
    return this;
  }

  /** Every request gets `reply` (undefined: the usual answer) until reset. */
  every(reply: (request: ProviderRequest) => ProviderReply | undefined): this {
    this.always = reply;
    return this;
  }

  /** Waits until `count` requests have arrived (at most `timeoutMs`). */
  async waitForRequests(count: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Only ${this.requests.length} of ${count} requests arrived`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: ProviderRequest = {
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    this.requests.push(request);
    const reply = this.scripted.shift() ?? this.always?.(request) ?? this.answer(request);
    this.waiters.splice(0).forEach((wake) => wake());
    if ("hang" in reply) return; // The client's time-out has to end it (stop() drops the socket).
    if ("close" in reply) {
      req.socket.destroy();
      return;
    }
    res.writeHead(reply.status, { "Content-Type": reply.contentType ?? "application/json" });
    res.end(reply.body);
  }
}
