/**
 * Offer references the stand-in hands out (offer_id, details_ref, offerpack_hash). Tutu's are
 * opaque strings; ours are opaque to callers too (base64url JSON behind a kind prefix) but carry
 * everything needed to rebuild the offer, so the stand-in stays stateless like its original.
 */

export function encodeRef(kind: string, fields: Record<string, string | number | boolean>): string {
  return `${kind}_${Buffer.from(JSON.stringify(fields)).toString('base64url')}`;
}

/** The fields of a reference of the given kind, or undefined when it is not one of ours. */
export function decodeRef(kind: string, ref: string): Record<string, unknown> | undefined {
  if (!ref.startsWith(`${kind}_`)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(ref.slice(kind.length + 1), 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
