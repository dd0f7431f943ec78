import { describe, expect, it } from "@jest/globals";
import { readBodyCapped, readTextCapped } from "@/lib/api/read-body";

// The one capped body reader (lib/api/read-body.ts) behind the JSON routes, the menu CSV upload,
// the sandbox's XML endpoint and the DPO client's answers.

function streamOf(chunks: Uint8Array[]): {
  stream: ReadableStream<Uint8Array>;
  cancelled: () => boolean;
} {
  let cancelled = false;
  let next = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

describe("readBodyCapped", () => {
  it("joins the chunks of a body within the cap", async () => {
    const { stream } = streamOf([
      new Uint8Array([1, 2]),
      new Uint8Array([3]),
      new Uint8Array([4, 5]),
    ]);
    const bytes = await readBodyCapped(new Response(stream), 5);
    expect(Array.from(bytes ?? [])).toEqual([1, 2, 3, 4, 5]);
  });

  it("answers an empty array for a message without a body", async () => {
    const bytes = await readBodyCapped(new Request("http://localhost/"), 10);
    expect(bytes).toEqual(new Uint8Array());
  });

  it("stops reading and cancels the stream once the cap is passed", async () => {
    const { stream, cancelled } = streamOf([
      new Uint8Array(4),
      new Uint8Array(4),
      new Uint8Array(4),
    ]);
    await expect(readBodyCapped(new Response(stream), 7)).resolves.toBeNull();
    expect(cancelled()).toBe(true);
  });
});

describe("readTextCapped", () => {
  it("decodes UTF-8 split across chunks", async () => {
    const encoded = new TextEncoder().encode("Nshima ✓");
    const { stream } = streamOf([encoded.slice(0, 8), encoded.slice(8)]);
    await expect(readTextCapped(new Response(stream), 100)).resolves.toBe("Nshima ✓");
  });

  it("is null past the cap, whatever the request claims", async () => {
    const req = new Request("http://localhost/", {
      method: "POST",
      body: "x".repeat(11),
      headers: { "content-length": "1" },
    });
    await expect(readTextCapped(req, 10)).resolves.toBeNull();
  });
});
