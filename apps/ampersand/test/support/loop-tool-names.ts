/** The Loop tools any holder of their scope is shown (loop_read and loop_members: loops:read; the rest loops:write). */
export const LOOP_READ_TOOLS = ['loop_members', 'loop_read'];
export const LOOP_WRITE_TOOLS = ['loop_archive', 'loop_create', 'loop_set_item_visibility', 'loop_share', 'loop_unshare', 'loop_write'];
export const LOOP_TOOLS = [...LOOP_READ_TOOLS, ...LOOP_WRITE_TOOLS].sort();
/** The turn-scoped tools, shown only within a turn (a request carrying the caller's run token) and each only with its scope. */
export const TURN_SCOPED_TOOLS = { signal_suggestion_write: 'signals:write', run_outcome: 'loops:write' } as const;
