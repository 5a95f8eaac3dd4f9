/**
 * The receiving end of Web Push, written from the RFCs with node:crypto only, so that the push tests
 * prove our messages can be read by a browser independently of the library that made them:
 * a subscription's keys (RFC 8291 §2: a P-256 key pair and a 16-byte authentication secret),
 * decryption of an "aes128gcm" body (RFC 8188 framing, RFC 8291 §3.3-3.4 keys), and the VAPID
 * signature check (RFC 8292: ES256 JWT over the push service's origin).
 */
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';

export interface TestSubscription {
  ecdh: ECDH;
  auth: Buffer;
  /** As PushSubscription.toJSON() gives them. */
  keys: { p256dh: string; auth: string };
}

export function newSubscriptionKeys(): TestSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** Decrypt one aes128gcm push body (a single record, as every push message is). */
export function decryptAes128gcm(sub: TestSubscription, body: Buffer): string {
  // Header (RFC 8188 §2.1): salt(16) | rs(4) | idlen(1) | keyid(idlen): the keyid is the sender's public key.
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const senderPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65 || record.length > rs) throw new Error('not a one-record aes128gcm push body');
  const uaPublic = sub.ecdh.getPublicKey();
  // RFC 8291 §3.3-3.4: IKM from the ECDH secret and the auth secret, then the content key and nonce.
  const ecdhSecret = sub.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderPublic]);
  const ikm = hkdf(sub.auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and then zero padding (RFC 8188 §2).
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('bad padding delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** Check `Authorization: vapid t=<jwt>, k=<key>`: signed by `publicKey` (base64url, raw P-256) for `audience`. */
export function checkVapid(authorization: string | undefined, publicKey: string, audience: string): { sub: string; exp: number } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, k] = m;
  if (k !== publicKey) throw new Error('signed with another key');
  const [head, claims, sig] = jwt!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig!, 'base64url'));
  if (!ok) throw new Error('bad VAPID signature');
  const c = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as { aud: string; sub: string; exp: number };
  if (c.aud !== audience) throw new Error(`VAPID audience ${c.aud}, wanted ${audience}`);
  return c;
}
