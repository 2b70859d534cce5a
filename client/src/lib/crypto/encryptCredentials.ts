/** OAEP with SHA-256 spends 2 × 32 + 2 bytes of each block on padding. */
const OAEP_SHA256_OVERHEAD = 66;

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Encrypts credentials for login and register: RSA-OAEP (SHA-256) with the server's SPKI PEM
 * key, base64. A 2048-bit key takes at most 190 bytes per block, which long registration data
 * can pass, so the UTF-8 JSON is cut into 190-byte pieces, each encrypted into one
 * modulus-sized block, the blocks concatenated: short credentials are a single block.
 */
export async function encryptCredentials(publicKeyPem: string, credentials: object): Promise<string> {
  const key = await crypto.subtle.importKey(
    'spki',
    pemToDer(publicKeyPem),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const blockBytes = (key.algorithm as RsaHashedKeyAlgorithm).modulusLength / 8;
  const chunkBytes = blockBytes - OAEP_SHA256_OVERHEAD;
  const plain = new TextEncoder().encode(JSON.stringify(credentials));
  const blocks: ArrayBuffer[] = [];
  for (let offset = 0; offset < plain.length; offset += chunkBytes) {
    blocks.push(
      await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, plain.slice(offset, offset + chunkBytes)),
    );
  }
  const out = new Uint8Array(blocks.length * blockBytes);
  for (const [index, block] of blocks.entries()) out.set(new Uint8Array(block), index * blockBytes);
  return toBase64(out);
}
