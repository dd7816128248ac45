/**
 * A rendered page as a complete HTML document. JSX renders elements only; without the doctype a
 * browser falls back to quirks mode, so every page goes through here.
 */
import type { JSX } from 'hono/jsx/jsx-runtime';

export function htmlDocument(page: JSX.Element): string {
  return `<!DOCTYPE html>${String(page)}`;
}
