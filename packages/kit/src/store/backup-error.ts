/**
 * The one error a backup or a restore of an embedded data directory refuses with: a stable `code`
 * an operator's script can test, and a message that says what to do. A refused restore leaves the
 * target as it found it; a refused backup leaves no file.
 */
export type BackupErrorCode =
  /** The command's arguments are missing or wrong. */
  | 'usage'
  /** The backup file named already exists: a backup never overwrites one. */
  | 'backup_exists'
  /** The directory holds no embedded database (no PG_VERSION), or the product runs on PostgreSQL. */
  | 'not_embedded'
  /** A restore's target directory holds something already. */
  | 'data_directory_not_empty'
  /** The file is not a whole backup this code wrote (damaged, cut short, or another format). */
  | 'invalid_backup'
  /** The backup is another product's. */
  | 'wrong_product';

export class BackupError extends Error {
  constructor(
    readonly code: BackupErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}
