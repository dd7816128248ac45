/** The Loop tools and the turn-scoped suggestion tool every token is shown (the kit's tool contract refuses a call without the scope). */
export const LOOP_TOOLS = [
  'loop_archive',
  'loop_create',
  'loop_members',
  'loop_read',
  'loop_set_item_visibility',
  'loop_share',
  'loop_unshare',
  'loop_write',
  'run_outcome',
  'signal_suggestion_write',
];
