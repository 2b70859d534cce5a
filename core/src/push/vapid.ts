import webpush from 'web-push';
import { ensureKeyPair, loadOnce } from '../accounts/serverKeys.ts';
import type { Db } from '../platform/database.ts';

const VAPID_KEY_ID = 'vapid-p256';

/** The VAPID key pair (ES256 on P-256), both halves base64url as web-push and the browser take them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Made on first start and kept beside the login key (server_keys), so every replica signs alike. */
export function ensureVapidKeys(db: Db): Promise<VapidKeys> {
  return ensureKeyPair(db, VAPID_KEY_ID, async () => webpush.generateVAPIDKeys());
}

export function vapidKeyStore(db: Db): () => Promise<VapidKeys> {
  return loadOnce(() => ensureVapidKeys(db));
}

/**
 * The VAPID `sub` claim: who the push service may contact about our pushes. It must be a mailto:
 * or https: URL; the address the app mails from is the one we read.
 */
export function vapidSubject(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
