// Draws the app icons (pwa/public/icons/icon-192.png and icon-512.png) with no image
// tools: the shape is sampled per pixel and written as a PNG through zlib.
// Run: npm exec -- node pwa/scripts/make-icons.ts
// The artwork matches pwa/public/favicon.svg: a white chat bubble on the primary blue,
// kept inside the central 80% so the same file works as a maskable icon.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { crc32, deflateSync } from "node:zlib";

const BLUE = [0x00, 0x00, 0xff] as const;
const WHITE = [0xff, 0xff, 0xff] as const;
const SAMPLES = 4; // 4x4 samples per pixel smooth the edges

type Shape = (x: number, y: number) => boolean;

// Coordinates are fractions of the icon's side, origin top-left.
const inEllipse =
  (cx: number, cy: number, rx: number, ry: number): Shape =>
  (x, y) =>
    ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;

function inTriangle(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): Shape {
  const side = (px: number, py: number, qx: number, qy: number, x: number, y: number) =>
    (qx - px) * (y - py) - (qy - py) * (x - px);
  return (x, y) => {
    const d1 = side(ax, ay, bx, by, x, y);
    const d2 = side(bx, by, cx, cy, x, y);
    const d3 = side(cx, cy, ax, ay, x, y);
    return (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0);
  };
}

const bubble: Shape[] = [inEllipse(0.5, 0.46, 0.27, 0.21), inTriangle(0.33, 0.56, 0.27, 0.74, 0.46, 0.64)];
const dots: Shape[] = [0.39, 0.5, 0.61].map((cx) => inEllipse(cx, 0.46, 0.035, 0.035));

function colourAt(x: number, y: number): readonly number[] {
  if (dots.some((s) => s(x, y))) return BLUE;
  if (bubble.some((s) => s(x, y))) return WHITE;
  return BLUE;
}

function render(size: number): Buffer {
  const stride = size * 4 + 1;
  const raw = Buffer.alloc(stride * size);
  for (let py = 0; py < size; py++) {
    raw[py * stride] = 0; // filter type None
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const c = colourAt((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size);
          for (let i = 0; i < 3; i++) sum[i] = (sum[i] ?? 0) + (c[i] ?? 0);
        }
      }
      const at = py * stride + 1 + px * 4;
      for (let i = 0; i < 3; i++) raw[at + i] = Math.round((sum[i] ?? 0) / SAMPLES ** 2);
      raw[at + 3] = 0xff;
    }
  }
  return png(size, raw);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size: number, raw: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering
  header[12] = 0; // no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const outDir = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "icons");
for (const size of [192, 512]) {
  const file = join(outDir, `icon-${size}.png`);
  writeFileSync(file, render(size));
  console.log(`wrote ${file}`);
}
