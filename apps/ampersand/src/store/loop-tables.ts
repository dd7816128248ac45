/** Row types of the Loop records (see loop-migrations.ts). */
export type RunState = 'running' | TerminalState;
export type TerminalState = 'completed' | 'refused' | 'failed' | 'timed_out' | 'cancelled';
export const TERMINAL_STATES: readonly TerminalState[] = ['completed', 'refused', 'failed', 'timed_out', 'cancelled'];

export interface LoopTables {
  photo_labels: {
    label_id: string;
    andee_id: string;
    label: string;
    category: string;
    photo_count: number;
    confidence: 'low' | 'medium' | 'high';
    first_seen: Date;
    last_seen: Date;
  };
  photo_coverage: { andee_id: string; photos_seen: number; photos_labelled: number; updated_at: Date };
  places: { place_id: string; name: string; category: string; description: string | null; status: 'ready' | 'pending' };
  place_observations: {
    observation_key: string;
    andee_id: string;
    observed_at: Date;
    confidence: 'low' | 'medium' | 'high';
    fact: string;
    selected_place_id: string;
    candidates: unknown;
  };
  signal_suggestions: {
    suggestion_id: string;
    andee_id: string;
    signal_id: string;
    run_id: string;
    loop_id: string | null;
    drafted_text: string;
    canonical_text: string;
    hds_code: string;
    context: unknown;
    created_at: Date;
  };
  skill_releases: { skill_id: string; version: number; content: unknown; digest: string; outcome_spec: unknown; created_at: Date };
  loops: {
    loop_id: string;
    owner_id: string;
    title: string;
    renderer: string;
    skill_id: string;
    skill_version: number | null;
    composition: unknown;
    archived_at: Date | null;
    created_at: Date;
    updated_at: Date;
  };
  loop_members: { loop_id: string; andee_id: string; role: 'owner' | 'member'; added_at: Date };
  /** A share to someone who is not the owner's connection, waiting for them to accept (they are no member until then). */
  loop_invitations: { loop_id: string; andee_id: string; invited_by: string; created_at: Date };
  loop_items: {
    item_id: string;
    loop_id: string;
    kind: string;
    title: string;
    content: unknown;
    fallback_text: string;
    grounding: unknown;
    provenance: unknown;
    author: 'agent' | 'andee';
    visibility: 'members' | 'owner';
    version: number;
    created_at: Date;
    updated_at: Date;
  };
  loop_item_history: { item_id: string; version: number; title: string; content: unknown; fallback_text: string; provenance: unknown; recorded_at: Date };
  loop_runs: {
    run_id: string;
    /** Null for an agent-chat turn, which has `chat_turn_id` instead. */
    loop_id: string | null;
    chat_turn_id: string | null;
    andee_id: string;
    task_id: string;
    attempt: number;
    envelope: unknown;
    correlation_id: string;
    stage: string;
    effects: unknown;
    state: RunState;
    terminal: unknown;
    deadline: Date;
    started_at: Date;
    ended_at: Date | null;
  };
  turn_log: { run_id: string; seq: number; stage: string; detail: unknown; at: Date };
  conversation_messages: {
    message_id: string;
    /** Null in plain agent chat, whose conversation is the andee's (`chat_andee_id`). */
    loop_id: string | null;
    chat_andee_id: string | null;
    seq: number;
    role: 'andee' | 'agent' | 'system';
    /** Who wrote it: the andee (an andee's message), or the client whose `run_outcome` ended the run (a run's ending); null when & wrote it. */
    author_id: string | null;
    body: string;
    run_id: string | null;
    terminal_state: TerminalState | null;
    correlation_id: string | null;
    created_at: Date;
  };
}
