// Renders the view tree to a PNG (quarter resolution): boxes for views, bars for text, so a
// screenshot shows the layout the page source describes. No fonts, no dependencies.
import { deflateSync } from 'node:zlib';
import { flatten, SCREEN_H, SCREEN_W, STATUS_H } from './tree.js';

const SCALE = 4;
const W = SCREEN_W / SCALE;
const H = SCREEN_H / SCALE;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf) {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** @param {import('./tree.js').UiNode} root @returns {Buffer} PNG bytes */
export function renderPng(root) {
  const px = new Uint8Array(W * H * 3).fill(250);
  const fill = (x1, y1, x2, y2, [r, g, b]) => {
    const ax = Math.max(0, Math.floor(x1 / SCALE));
    const bx = Math.min(W, Math.ceil(x2 / SCALE));
    const ay = Math.max(0, Math.floor(y1 / SCALE));
    const by = Math.min(H, Math.ceil(y2 / SCALE));
    for (let y = ay; y < by; y++)
      for (let x = ax; x < bx; x++) {
        const i = (y * W + x) * 3;
        px[i] = r;
        px[i + 1] = g;
        px[i + 2] = b;
      }
  };
  const frame = (x1, y1, x2, y2, color) => {
    fill(x1, y1, x2, y1 + SCALE, color);
    fill(x1, y2 - SCALE, x2, y2, color);
    fill(x1, y1, x1 + SCALE, y2, color);
    fill(x2 - SCALE, y1, x2, y2, color);
  };
  fill(0, 0, SCREEN_W, STATUS_H, [32, 33, 36]);
  for (const n of flatten(root)) {
    const [x1, y1, x2, y2] = n.bounds;
    if (n.cls.endsWith('Button') || n.cls.endsWith('ImageButton')) fill(x1 + 8, y1 + 8, x2 - 8, y2 - 8, [26, 115, 232]);
    else if (n.cls.endsWith('EditText')) {
      fill(x1 + 8, y1 + 8, x2 - 8, y2 - 8, [241, 243, 244]);
      frame(x1 + 8, y1 + 8, x2 - 8, y2 - 8, [95, 99, 104]);
    } else if (n.cls.endsWith('Switch')) fill(x2 - 160, y1 + 40, x2 - 40, y2 - 40, n.checked ? [26, 115, 232] : [189, 193, 198]);
    else if (n.clickable) frame(x1, y1, x2, y2, [218, 220, 224]);
    const label = n.text || (n.children?.length ? '' : n.desc) || '';
    if (label) {
      const width = Math.min(x2 - x1 - 64, label.length * 22);
      const light = n.cls.endsWith('Button');
      fill(x1 + 32, y1 + (y2 - y1) / 2 - 12, x1 + 32 + width, y1 + (y2 - y1) / 2 + 12, light ? [255, 255, 255] : [60, 64, 67]);
    }
  }
  const raw = Buffer.alloc((W * 3 + 1) * H);
  for (let y = 0; y < H; y++) {
    raw[y * (W * 3 + 1)] = 0;
    Buffer.from(px.buffer, y * W * 3, W * 3).copy(raw, y * (W * 3 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolor RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
