/**
 * The named call message: byte for byte what PGlite's serializer writes for the same Bind,
 * Execute and Sync, whatever the values (none, NULLs, empty text, multi-byte and astral text,
 * long text).
 */
import { protocol } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { namedCallMessage } from './named-call-message.ts';
import { concatBytes } from './concat-bytes.ts';

function pgliteMessage(statement: string, values: Array<string | null>): Uint8Array {
  const s = protocol.serialize;
  return concatBytes([s.bind({ statement, values: values as string[] }), s.execute({}), s.sync()]);
}

describe('named call message', () => {
  it.each([
    ['no values', 's1', []],
    ['one value', 's_2', ['42']],
    ['nulls and empty text', 'ap_statement_7', [null, '', 'x', null]],
    ['multi-byte and astral text', 'ap_statement_8', ['één', '成都', '🙂 family movie night', '\u0000after-nul']],
    ['long text', 'ap_statement_9', ['y'.repeat(70_000), null, 'z'.repeat(300)]],
  ] as Array<[string, string, Array<string | null>]>)('writes %s as PGlite does', (_, statement, values) => {
    expect(Buffer.from(namedCallMessage(statement, values)).equals(Buffer.from(pgliteMessage(statement, values)))).toBe(true);
  });
});
