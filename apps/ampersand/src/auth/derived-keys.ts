/**
 * Keys derived from the one shared secret (HKDF-SHA256, one label per use), so a key for one job
 * can never be replayed as another: the access-token and run-token MAC keys, the authorization
 * server's cookie keys, the phone-number hashing key, and the sealing key for the few secrets it
 * must keep in the database.
 */
import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';

export interface DerivedKeys {
  accessToken: KeyObject;
  /** Signs run tokens: one turn's authority, never accepted as an access token (another key). */
  runToken: KeyObject;
  /** What the MCP service presents to the API's revocation feed (auth/revocation-feed.ts). */
  revocationFeed: Buffer;
  /** The HMAC key phone numbers are hashed with before they are stored (contacts.ts). */
  phoneHash: Buffer;
  cookieKeys: string[];
  seal(plain: string): string;
  unseal(sealed: string): string;
}

export function deriveKeys(secret: string): DerivedKeys {
  const derive = (label: string) => Buffer.from(hkdfSync('sha256', secret, 'ampersand', label, 32));
  const sealing = derive('sealing v1');
  return {
    accessToken: createSecretKey(derive('access token v1')),
    runToken: createSecretKey(derive('run token v1')),
    phoneHash: derive('phone hash v1'),
    revocationFeed: derive('revocation feed v1'),
    cookieKeys: [derive('cookies v1').toString('base64url')],
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealing, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    unseal(sealed) {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) throw new TypeError('Not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', sealing, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
