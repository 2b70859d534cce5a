/**
 * A push service of our own for the tests: an HTTPS server on 127.0.0.1 (a throwaway certificate
 * the sender's agent trusts) that checks each request's VAPID JWT against the server's public
 * key and decrypts its payload per RFC 8291 (aes128gcm) with the keys a test device made.
 */
import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** A browser's side of a subscription: its P-256 key pair and auth secret, as pushManager makes them. */
export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

/** One request as the push service saw it, checked and decrypted. */
export interface ReceivedPush {
  deviceId: string;
  headers: Record<string, string | string[] | undefined>;
  claims: { aud: string; exp: number; sub: string };
  /** The `k` of the Authorization header: the sender's VAPID public key. */
  vapidKey: string;
  payload: unknown;
}

/** Decrypts an aes128gcm body (RFC 8188 framing, RFC 8291 keys) with the device's private key. */
export function decryptAes128gcm(body: Buffer, device: Pick<TestDevice, 'ecdh' | 'authSecret'>): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const receiverPublic = device.ecdh.getPublicKey();
  const shared = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((b) => b !== 0)) throw new Error('bad record padding');
  return padded.subarray(0, end);
}

/** Checks a `vapid t=…, k=…` Authorization header: an ES256 JWT signed by the key `k`. */
export function verifyVapid(header: string | undefined): {
  claims: ReceivedPush['claims'];
  vapidKey: string;
} {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, jwt = '', vapidKey = ''] = match;
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(vapidKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID JWT signature does not verify');
  const { alg } = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string };
  if (alg !== 'ES256') throw new Error(`VAPID JWT alg ${alg}`);
  return { claims: JSON.parse(Buffer.from(body, 'base64url').toString()), vapidKey };
}

function throwawayCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'push-endpoint-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface LocalPushService {
  origin: string;
  /** An HTTPS agent that trusts this service's certificate, for a sender in this process. */
  agent: Agent;
  /** The service's certificate (PEM), for a sender in another process: its NODE_EXTRA_CA_CERTS. */
  certificate: Buffer;
  /** Every push received, checked and decrypted; a request that fails a check is answered 400 and recorded in `refused`. */
  received: ReceivedPush[];
  refused: string[];
  /** A new device subscribed at this service. */
  device(): TestDevice;
  /** What the service answers for a device from now on (201 by default; 410 for gone). */
  answer(device: TestDevice, status: number): void;
  /** Resolves once `count` pushes in all reached `deviceId`'s endpoint. */
  waitFor(device: TestDevice, count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const { key, cert } = throwawayCertificate();
  const devices = new Map<string, TestDevice>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const deviceId = (req.url ?? '').replace(/^\/push\//, '');
      const device = devices.get(deviceId);
      const status = statuses.get(deviceId) ?? 201;
      if (!device) {
        res.writeHead(404).end();
        return;
      }
      if (status >= 300) {
        res.writeHead(status).end();
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const { claims, vapidKey } = verifyVapid(req.headers.authorization);
        if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
        if (!(claims.exp > Date.now() / 1000)) throw new Error('JWT expired');
        if (!claims.sub) throw new Error('no sub');
        const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), device).toString('utf8'));
        received.push({ deviceId, headers: req.headers, claims, vapidKey, payload });
        res.writeHead(201).end();
      } catch (err) {
        refused.push((err as Error).message);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert, keepAlive: false });
  return {
    origin,
    agent,
    certificate: cert,
    received,
    refused,
    device() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const id = randomBytes(8).toString('hex');
      const device: TestDevice = {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(authSecret) },
        ecdh,
        authSecret,
      };
      devices.set(id, device);
      return device;
    },
    answer(device, status) {
      statuses.set(device.endpoint.split('/').pop()!, status);
    },
    async waitFor(device, count, timeoutMs = 10_000) {
      const id = device.endpoint.split('/').pop()!;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mine = received.filter((r) => r.deviceId === id);
        if (mine.length >= count) return mine;
        if (Date.now() > deadline)
          throw new Error(`push: ${mine.length} of ${count} received; refused: ${refused.join('; ')}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
