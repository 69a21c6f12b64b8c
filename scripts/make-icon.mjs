// Draws media/icon.png (128x128, the extension icon) with Node only: a tag on a dark tile.
// Run: node scripts/make-icon.mjs. The PNG is committed; this script is how to redraw it.
import * as fs from 'node:fs';
import * as zlib from 'node:zlib';

const W = 128,
  H = 128,
  SS = 4;
const BG = [0x1e, 0x2a, 0x3a],
  TAG = [0xf2, 0xb8, 0x4b],
  LINE = [0x1e, 0x2a, 0x3a];
const tag = [
  [28, 32],
  [70, 32],
  [104, 66],
  [104, 70],
  [70, 104],
  [66, 104],
  [28, 66],
];

function inRoundRect(x, y, x0, y0, x1, y1, r) {
  const cx = Math.min(Math.max(x, x0 + r), x1 - r),
    cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return x >= x0 && x <= x1 && y >= y0 && y <= y1 && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}
function inPolygon(x, y, pts) {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i],
      [xj, yj] = pts[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
function nearSegment(x, y, [ax, ay], [bx, by], w) {
  const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return (x - ax - t * (bx - ax)) ** 2 + (y - ay - t * (by - ay)) ** 2 <= (w / 2) ** 2;
}
function color(x, y) {
  if (!inRoundRect(x, y, 4, 4, 124, 124, 24)) return null;
  if (inPolygon(x, y, tag)) {
    if ((x - 46) ** 2 + (y - 50) ** 2 <= 49) return BG;
    if (nearSegment(x, y, [56, 74], [72, 90], 6) || nearSegment(x, y, [68, 62], [84, 78], 6)) return LINE;
    return TAG;
  }
  return BG;
}

const raw = Buffer.alloc(H * (1 + W * 4));
for (let y = 0; y < H; y++) {
  raw[y * (1 + W * 4)] = 0;
  for (let x = 0; x < W; x++) {
    let r = 0,
      g = 0,
      b = 0,
      a = 0;
    for (let sy = 0; sy < SS; sy++)
      for (let sx = 0; sx < SS; sx++) {
        const c = color(x + (sx + 0.5) / SS, y + (sy + 0.5) / SS);
        if (c) {
          r += c[0];
          g += c[1];
          b += c[2];
          a++;
        }
      }
    const o = y * (1 + W * 4) + 1 + x * 4;
    if (a) {
      raw[o] = r / a;
      raw[o + 1] = g / a;
      raw[o + 2] = b / a;
    }
    raw[o + 3] = Math.round((a / (SS * SS)) * 255);
  }
}
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(body));
  return Buffer.concat([len, body, sum]);
};
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(W, 0);
ihdr.writeUInt32BE(H, 4);
ihdr[8] = 8;
ihdr[9] = 6;
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
fs.writeFileSync(new URL('../media/icon.png', import.meta.url), png);
console.log(`media/icon.png: ${png.length} bytes`);
