// The bare limit beside each read: a plain node:http server answering the bytes the real server
// gave once for the same request, from memory, with the same content type. Started by
// scripts/bench.ts as its own process (as the app is), so the load generator never shares its
// event loop: node bare-server.ts PORT ANSWERS.json
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

type Answer = { contentType: string; body: string };

const [port, file] = process.argv.slice(2);
const answers = new Map<string, { contentType: string; body: Buffer }>(
  Object.entries(JSON.parse(readFileSync(file!, "utf8")) as Record<string, Answer>).map(
    ([key, a]) => [key, { contentType: a.contentType, body: Buffer.from(a.body, "base64") }],
  ),
);

createServer((req, res) => {
  // Read (and drop) the request body as the app does, then answer from memory.
  req.resume();
  req.on("end", () => {
    const answer = answers.get(`${req.method} ${req.url}`);
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      "content-type": answer.contentType,
      "content-length": answer.body.length,
    });
    res.end(answer.body);
  });
}).listen(Number(port), "127.0.0.1", () => console.info("bare server listening"));
