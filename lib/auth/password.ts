import bcrypt from "bcryptjs";

/** bcrypt cost factor: 2^12 rounds (~250 ms on this machine class; OWASP minimum is 10). */
const COST = Number(process.env.SWITCHYARD_BCRYPT_COST ?? 12);

/** Hashes a password with bcrypt (bcryptjs). */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

/** Constant-time comparison of a password with a stored bcrypt hash. */
export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
