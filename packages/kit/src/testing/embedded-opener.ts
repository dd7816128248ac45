/**
 * A separate process that opens an embedded data directory, for tests of its single owner:
 * `node --import tsx embedded-opener.ts <dataDir> <refuse|reach> [sql]`. It prints one JSON line,
 * `{ "opened": true, "ownerPid": … , "rows": … }` or `{ "opened": false, "code": …, "message": … }`,
 * then, when it opened the directory itself, holds it until its standard input ends.
 */
import { openDatabase } from '../store/index.ts';
import { sql } from 'kysely';

const [dataDir, mode, statement] = process.argv.slice(2);
try {
  const database = await openDatabase({ dataDir, whenOwned: mode === 'reach' ? 'reach' : 'refuse' });
  const rows = statement ? (await sql.raw(statement).execute(database.db)).rows : undefined;
  process.stdout.write(`${JSON.stringify({ opened: true, ownerPid: database.ownerPid, rows })}\n`);
  if (database.ownerPid === process.pid) {
    process.stdin.resume();
    await new Promise((resolve) => process.stdin.once('end', resolve));
  }
  await database.close();
} catch (error) {
  const { code, message } = error as { code?: string; message: string };
  process.stdout.write(`${JSON.stringify({ opened: false, code, message })}\n`);
  process.exitCode = 1;
}
