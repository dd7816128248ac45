/**
 * A local stand-in for a raster tile server, for pages with maps: every `/{z}/{x}/{y}.png` is
 * the same small PNG (a pale square with a darker top and left edge, so loaded tiles show as a
 * grid in screenshots). It counts what it was asked, to prove a page fetched its tiles from it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

const SIDE = 256;
const GROUND = [235, 240, 230];
const EDGE = [190, 200, 188];

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const framed = Buffer.alloc(body.length + 8);
  framed.writeUInt32BE(data.length, 0);
  body.copy(framed, 4);
  framed.writeUInt32BE(crc32(body), body.length + 4);
  return framed;
}

function gridTile(): Buffer {
  // Each row: filter byte 0, then RGB pixels.
  const raw = Buffer.alloc(SIDE * (1 + SIDE * 3));
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) raw.set(x === 0 || y === 0 ? EDGE : GROUND, y * (1 + SIDE * 3) + 1 + x * 3);
  }
  const header = Buffer.from([0, 0, 1, 0, 0, 0, 1, 0, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface TileStandIn {
  /** The template to configure: `http://127.0.0.1:<port>/{z}/{x}/{y}.png`. */
  template: string;
  origin: string;
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startTileStandIn(): Promise<TileStandIn> {
  const tile = gridTile();
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '';
    requests.push(path);
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(path)) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    template: `${origin}/{z}/{x}/{y}.png`,
    origin,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
