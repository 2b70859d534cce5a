/** A fresh RSA-OAEP key pair as the server has one: the public half as SPKI PEM. */
export async function testKeyPair(): Promise<{ pem: string; privateKey: CryptoKey }> {
  const keys = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
  const base64 = btoa(String.fromCharCode(...spki));
  const pem = `-----BEGIN PUBLIC KEY-----\n${base64.match(/.{1,64}/g)?.join('\n')}\n-----END PUBLIC KEY-----\n`;
  return { pem, privateKey: keys.privateKey };
}

/** What the server does with `query`: decrypt each 256-byte block, join, parse. */
export async function decryptQuery(query: string, privateKey: CryptoKey): Promise<unknown> {
  const bytes = Uint8Array.from(atob(query), (c) => c.charCodeAt(0));
  let text = new Uint8Array(0);
  for (let offset = 0; offset < bytes.length; offset += 256) {
    const plain = new Uint8Array(
      await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, bytes.slice(offset, offset + 256)),
    );
    const joined = new Uint8Array(text.length + plain.length);
    joined.set(text);
    joined.set(plain, text.length);
    text = joined;
  }
  return JSON.parse(new TextDecoder().decode(text));
}
