/**
 * The POSIX ustar archive format, as far as a data directory's backup needs it: regular files and
 * directories, written as they are read and read back as a stream, never the whole archive in
 * memory. A backup is a plain tar (`tar tf` lists it, `tar xf` unpacks it) so an operator can look
 * inside one without this code; anything else in an archive (links, devices, pax headers) is
 * refused on reading rather than guessed at.
 */
import { BackupError } from './backup-error.ts';

export const BLOCK = 512;
/** ustar's size field: 11 octal digits, so one entry stays under 8 GiB (a PostgreSQL segment is 1 GiB). */
const MAX_SIZE = 0o77777777777;

export type TarEntryType = 'file' | 'directory';

export interface TarEntryHeader {
  /** Relative path with `/` separators; a directory's without a trailing slash. */
  name: string;
  type: TarEntryType;
  /** Permission bits. */
  mode: number;
  size: number;
  mtime: Date;
}

const invalid = (message: string) => new BackupError('invalid_backup', message);

/** The 512-byte header of one entry. */
export function tarHeader(entry: TarEntryHeader): Buffer {
  if (entry.size > MAX_SIZE) throw invalid(`${entry.name} is ${entry.size} bytes; a ustar entry holds at most ${MAX_SIZE}.`);
  const header = Buffer.alloc(BLOCK);
  const path = entry.type === 'directory' ? `${entry.name}/` : entry.name;
  const [prefix, name] = splitName(path);
  header.write(name, 0, 100, 'utf8');
  writeOctal(header, 100, 8, entry.mode & 0o7777);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, entry.type === 'file' ? entry.size : 0);
  writeOctal(header, 136, 12, Math.floor(entry.mtime.getTime() / 1000));
  header.write(entry.type === 'file' ? '0' : '5', 156, 1, 'latin1');
  header.write('ustar\u000000', 257, 8, 'latin1');
  header.write(prefix, 345, 155, 'utf8');
  header.fill(' ', 148, 156);
  writeOctal(header, 148, 7, checksum(header));
  return header;
}

/** Zero bytes after an entry's data up to the next block boundary. */
export const tarPadding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The end of an archive: two zero blocks. */
export const tarEnd = (): Buffer => Buffer.alloc(2 * BLOCK);

/** Reads one header block; undefined for a zero block (the archive's end). */
export function parseTarHeader(block: Buffer): TarEntryHeader | undefined {
  if (block.every((byte) => byte === 0)) return undefined;
  const stored = readOctal(block, 148, 8);
  const copy = Buffer.from(block);
  copy.fill(' ', 148, 156);
  if (stored !== checksum(copy)) throw invalid('A header block of the backup is damaged (its checksum does not match).');
  if (block.toString('latin1', 257, 262) !== 'ustar') throw invalid('The backup is not a ustar archive.');
  const typeflag = block.toString('latin1', 156, 157);
  const type: TarEntryType | undefined = typeflag === '0' || typeflag === '\u0000' ? 'file' : typeflag === '5' ? 'directory' : undefined;
  const prefix = readText(block, 345, 155);
  const name = (prefix ? `${prefix}/` : '') + readText(block, 0, 100);
  if (!type) throw invalid(`The backup holds ${name}, which is neither a file nor a directory (type ${JSON.stringify(typeflag)}).`);
  return {
    name: name.replace(/\/+$/, ''),
    type,
    mode: readOctal(block, 100, 8),
    size: type === 'file' ? readOctal(block, 124, 12) : 0,
    mtime: new Date(readOctal(block, 136, 12) * 1000),
  };
}

/** A path over 100 bytes goes into ustar's 155-byte prefix and 100-byte name, split at a slash. */
function splitName(path: string): [string, string] {
  if (Buffer.byteLength(path) <= 100) return ['', path];
  for (let cut = path.indexOf('/'); cut > 0; cut = path.indexOf('/', cut + 1)) {
    const prefix = path.slice(0, cut);
    const name = path.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100 && name.length > 0) return [prefix, name];
  }
  throw invalid(`The path ${path} is too long for a ustar archive.`);
}

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, offset, length, 'latin1');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  // A field ends at its first NUL; spaces may pad it.
  const field = block.toString('latin1', offset, offset + length);
  const end = field.indexOf('\u0000');
  const text = (end === -1 ? field : field.slice(0, end)).trim();
  if (!/^[0-7]*$/.test(text)) throw invalid('A header block of the backup holds a number that is not octal.');
  return text === '' ? 0 : Number.parseInt(text, 8);
}

function readText(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.toString('utf8', 0, end === -1 ? length : end);
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (const byte of header) sum += byte;
  return sum;
}
