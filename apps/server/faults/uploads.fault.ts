// Fault 5 (README.md, "Fault tests"): an upload cut off mid-body leaves no file and no row; an uploads folder that is
// full (a 2 MB tmpfs mounted for the test) gets a clear error (507 UPLOADS_FULL), keeps nothing of the
// refused upload, and takes uploads again once there is room.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { codeOf, query, report, request, sleep, startCluster, type Cluster, type Outcome } from './lib.ts';

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-faults-uploads-'));
let c: Cluster;
beforeAll(async () => {
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', uploads], { encoding: 'utf8' });
  if (mounted.status !== 0) throw new Error(`The full-disk fault needs a tmpfs (run as root): ${mounted.stderr}`);
  c = await startCluster(5, { env: { UPLOADS_DIR: uploads } });
});
afterAll(async () => {
  await c?.stop();
  spawnSync('umount', [uploads]);
  fs.rmSync(uploads, { recursive: true, force: true });
});

const files = () => (fs.readdirSync(uploads, { recursive: true }) as string[]).filter((f) => f.endsWith('.webp')).sort();

function bannerForm(picture: Buffer, title: string) {
  const boundary = `----faults${Date.now()}`;
  const field = (name: string, value: string) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field('title', title) +
      field('storeId', '1') +
      `--${boundary}\r\ncontent-disposition: form-data; name="picture"; filename="p.png"\r\ncontent-type: image/png\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, picture, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(base: string, token: string, picture: Buffer, title: string): Promise<Outcome> {
  const { body, type } = bannerForm(picture, title);
  const started = Date.now();
  const res = await fetch(`${base}/api/banners`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: await res.json().catch(() => null), ms: Date.now() - started };
}

/** Sends the request's headers and the first `fraction` of its body straight to an instance, then drops the connection. */
async function cutOff(port: number, token: string, picture: Buffer, fraction: number) {
  const { body, type } = bannerForm(picture, 'Cut off');
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  socket.write(
    `POST /api/banners HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${token}\r\ncontent-type: ${type}\r\ncontent-length: ${body.length}\r\n\r\n`,
  );
  socket.write(body.subarray(0, Math.floor(body.length * fraction)));
  await sleep(300);
  socket.destroy();
}

it('a cut-off upload leaves nothing; a full uploads folder answers UPLOADS_FULL and nothing else', async () => {
  const { seeded, instances, nginx } = c;
  const token = seeded.superAdmin.token;
  const count = async () => (await query<{ n: number }>(c.postgres.url, 'select count(*)::int n from banners'))[0]!.n;
  // A picture of about 1.5 MB (noise does not compress), within the 5 MB limit.
  const noise = Buffer.alloc(700 * 700 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const picture = await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } })
    .png()
    .toBuffer();

  const bannersBefore = await count();
  const filesBefore = files();
  for (const fraction of [0.1, 0.5, 0.95]) await cutOff(instances[0]!.port, token, picture, fraction);
  await sleep(500);
  const bannersAfterCut = await count();
  const filesAfterCut = files();
  const healthAfterCut = await request(instances[0]!.base, { path: '/api/health' });

  // Fill the folder, then upload through the proxy.
  const filler = path.join(uploads, 'filler.bin');
  const fd = fs.openSync(filler, 'w');
  try {
    for (;;) fs.writeSync(fd, Buffer.alloc(64 * 1024, 1));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    fs.closeSync(fd);
  }
  const full = await upload(nginx.base, token, picture, 'Disk full');
  const bannersWhenFull = await count();
  const filesWhenFull = files();
  fs.rmSync(filler);
  const roomAgain = await upload(nginx.base, token, picture, 'Room again');
  const bannersAtEnd = await count();

  report('Fault 5: uploads cut off mid-body, and a full uploads folder (2 MB tmpfs)', {
    'uploads cut off (10 %, 50 %, 95 % of the body)': 3,
    'banners before / after the cut-off uploads': `${bannersBefore} / ${bannersAfterCut}`,
    'picture files before / after': `${filesBefore.length} / ${filesAfterCut.length}`,
    'health after the cut-off uploads': healthAfterCut.status,
    'upload into the full folder': `${full.status} ${codeOf(full) ?? ''}`,
    'banners / files after it': `${bannersWhenFull} / ${filesWhenFull.length}`,
    'upload once there is room': roomAgain.status,
    'banners / files at the end': `${bannersAtEnd} / ${files().length}`,
  });

  expect(bannersAfterCut).toBe(bannersBefore);
  expect(filesAfterCut).toEqual(filesBefore);
  expect(healthAfterCut.status).toBe(200);
  expect(full.status).toBe(507);
  expect(codeOf(full)).toBe('UPLOADS_FULL');
  expect(bannersWhenFull).toBe(bannersBefore);
  expect(filesWhenFull).toEqual(filesBefore);
  expect(roomAgain.status).toBe(201);
  expect(bannersAtEnd).toBe(bannersBefore + 1);
  expect(files()).toHaveLength(filesBefore.length + 3);
});
