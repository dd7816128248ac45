/** The 16 public tools of the catalog (spec "Tool catalog"), sorted, as tools/list must show them. */
export const PUBLIC_TOOLS = [
  'andee_read',
  'ask_andee',
  'ask_question',
  'connections_accept',
  'connections_deny',
  'connections_pending',
  'connections_read',
  'connections_remove',
  'connections_request',
  'find_andees',
  'identity_write',
  'questions_answer',
  'questions_list',
  'questions_pending',
  'questions_reject',
  'questions_withdraw',
];
