// Writes the web app manifest's PNG icons (public/icons/) with no image library and no download:
// the shop's teal with a white plate, drawn pixel by pixel, encoded as PNG with node's zlib.
// `npx tsx scripts/generate-icons.ts`; the output is committed.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";

const TEAL = [0x0f, 0x76, 0x6e] as const;
const WHITE = [0xff, 0xff, 0xff] as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A square icon: teal background (rounded corners unless maskable, which must fill the square),
 * a white plate with a teal rim inside it; `safe` is the fraction of the size the plate may use.
 */
function icon(size: number, maskable: boolean): Buffer {
  const rows: Buffer[] = [];
  const c = (size - 1) / 2;
  const plate = (maskable ? 0.3 : 0.36) * size;
  const rim = plate * 0.72;
  const corner = maskable ? 0 : size * 0.18;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const dx = Math.max(corner - x, x - (size - 1 - corner), 0);
      const dy = Math.max(corner - y, y - (size - 1 - corner), 0);
      const inside = dx * dx + dy * dy <= corner * corner;
      const r = Math.hypot(x - c, y - c);
      const colour = r <= rim * 0.92 ? WHITE : r <= rim ? TEAL : r <= plate ? WHITE : TEAL;
      row.set([...colour, inside ? 255 : 0], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const out = path.resolve(import.meta.dirname, "..", "public", "icons");
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, "icon-192.png"), icon(192, false));
writeFileSync(path.join(out, "icon-512.png"), icon(512, false));
writeFileSync(path.join(out, "maskable-512.png"), icon(512, true));
console.log(`Icons written to ${path.relative(process.cwd(), out)}`);
