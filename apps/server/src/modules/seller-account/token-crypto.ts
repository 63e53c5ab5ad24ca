import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config/env.ts';

/**
 * The refresh tokens of connected seller accounts are stored only encrypted (AES-256-GCM). The key is SP_API_TOKEN_KEY
 * (any text of ≥ 32 characters, hashed to 256 bits) or, without it, a random key generated once into
 * DATA_DIR/sp-api-token-key (like the JWT secret). A stored value is "<key id>.<iv>.<tag>.<ciphertext>" (base64url);
 * the key id (8 hex digits of the key's SHA-256) tells which key wrote it, so after a rotation the previous key
 * (SP_API_TOKEN_KEY_PREVIOUS) still reads the old values and they are written again with the new key on first use
 * (docs/seller-account.md "Encryption key and its rotation").
 */
export interface TokenKey {
  id: string;
  key: Buffer;
}

const generated = new Map<string, string>();

function keyOf(text: string): TokenKey {
  const key = crypto.createHash('sha256').update(text, 'utf8').digest();
  return { id: crypto.createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

function generatedKeyText(dataDir: string): string {
  const known = generated.get(dataDir);
  if (known) return known;
  const file = path.join(dataDir, 'sp-api-token-key');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  generated.set(dataDir, text);
  return text;
}

/** The key new values are written with, and every key that may read a stored value (current first). */
export function tokenKeys(config: Pick<Config, 'SP_API_TOKEN_KEY' | 'SP_API_TOKEN_KEY_PREVIOUS' | 'DATA_DIR'>): { current: TokenKey; readable: TokenKey[] } {
  const current = keyOf(config.SP_API_TOKEN_KEY ?? generatedKeyText(config.DATA_DIR));
  const readable = [current];
  if (config.SP_API_TOKEN_KEY_PREVIOUS) readable.push(keyOf(config.SP_API_TOKEN_KEY_PREVIOUS));
  return { current, readable };
}

export function encryptToken(plain: string, key: TokenKey): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key.key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [key.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export class TokenKeyMissing extends Error {}

/** The plain token and whether it was written with an older key (then the caller stores it again with the current one). */
export function decryptToken(stored: string, keys: { current: TokenKey; readable: TokenKey[] }): { plain: string; stale: boolean } {
  const [id, iv, tag, data] = stored.split('.');
  const key = keys.readable.find((k) => k.id === id);
  if (!key || !iv || !tag || data === undefined) throw new TokenKeyMissing('The stored seller token was written with a key this install does not have.');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  return { plain, stale: key.id !== keys.current.id };
}
