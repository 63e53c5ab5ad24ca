import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** JWT_SECRET when set; otherwise a random secret generated once and kept in DATA_DIR. */
export function loadJwtSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}
