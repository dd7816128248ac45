/** The Loop tools: listed only to a token holding their scope (loop_read and loop_members: loops:read; the rest loops:write). */
export const LOOP_READ_TOOLS = ['loop_members', 'loop_read'];
export const LOOP_WRITE_TOOLS = ['loop_archive', 'loop_create', 'loop_set_item_visibility', 'loop_share', 'loop_unshare', 'loop_write', 'run_outcome'];
export const LOOP_TOOLS = [...LOOP_READ_TOOLS, ...LOOP_WRITE_TOOLS].sort();
/** The turn-scoped suggestion tool (signals:write, plus the run token of a live turn at call time). */
export const TURN_SCOPED_TOOLS = ['signal_suggestion_write'];
