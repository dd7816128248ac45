/**
 * The `context` a suggestion may carry: flat (the contract already refuses nested objects),
 * small, and free of anything that locates or identifies a person — coordinates, e-mail
 * addresses, phone numbers, or keys naming such things. A refusal names the key.
 */
import { ampersandErrors } from '../errors.ts';

const MAX_KEYS = 20;
const MAX_CHARS = 2000;
const LOCATING_KEY =
  /^(lat|lng|lon|long|latitude|longitude|coords?|coordinates?|geo|geohash|gps|location|position|point|address|street|zip|postcode|postal_code|email|e_mail|phone|mobile|tel|ssn|passport|ip|ip_address|device_id|full_name|name|birth_?date|dob)$/i;
const COORDINATE = /-?\d{1,3}\.\d{3,}\s*[,;/ ]\s*-?\d{1,3}\.\d{3,}/;
const EMAIL = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;
const PHONE = /\+?\d[\d\s().-]{7,}\d/;

export function checkedContext(context: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!context) return {};
  const keys = Object.keys(context);
  if (keys.length > MAX_KEYS || JSON.stringify(context).length > MAX_CHARS) refuse('(context)', `is larger than ${MAX_KEYS} keys or ${MAX_CHARS} characters`);
  for (const key of keys) {
    if (LOCATING_KEY.test(key)) refuse(key, 'names a coordinate or a personal identifier');
    const value = context[key];
    for (const text of [value].flat()) {
      if (typeof text === 'number' && !Number.isInteger(text) && Math.abs(text) <= 180 && String(text).split('.')[1]!.length >= 4)
        refuse(key, 'looks like a coordinate');
      if (typeof text !== 'string') continue;
      if (COORDINATE.test(text)) refuse(key, 'contains a coordinate');
      if (EMAIL.test(text)) refuse(key, 'contains an e-mail address');
      if (PHONE.test(text)) refuse(key, 'contains a phone number');
    }
  }
  return context;
}

function refuse(field: string, problem: string): never {
  throw ampersandErrors.fail('invalid_arguments', `Invalid context: ${field} ${problem}.`, {
    fields: [{ field: field === '(context)' ? 'context' : `context.${field}`, problem }],
  });
}
