/**
 * Every error code the server answers with, on HTTP (`{ error: { code, message } }`) and on the socket
 * (`kon:error`), in one naming style, with its HTTP status where it has one. The server's ApiError
 * takes only codes from here (with their own status), the socket's refusals too, and the web client
 * keeps one text per code in each language.
 */

/**
 * `status`: the HTTP status the code is answered with; null: a socket refusal only. `wait`: a limit's
 * refusal, sent with `retryAfter` (whole seconds), which the page shows as `{minutes}` in its text.
 */
export const ERRORS = {
  // Requests
  bad_authorization: { status: 401 },
  unauthorized: { status: 401 },
  body_too_large: { status: 413 },
  json_required: { status: 415 },
  invalid_json: { status: 400 },
  invalid_body: { status: 400 },
  invalid_query: { status: 400 },
  method_not_allowed: { status: 405 },
  no_route: { status: 404 },
  rate_limited: { status: 429, wait: true },
  rate_limit_unavailable: { status: 503, wait: true },
  shutting_down: { status: 503 },
  internal: { status: 500 },
  // Matches and seats
  not_found: { status: 404 },
  bad_seat_token: { status: 403 },
  seat_required: { status: 400 },
  no_such_seat: { status: 400 },
  no_such_game: { status: 400 },
  no_such_plan: { status: 400 },
  no_such_lesson: { status: 400 },
  lesson_brings_its_own: { status: 400 },
  seat_taken: { status: 409 },
  seat_full: { status: 409 },
  already_member: { status: 409 },
  not_a_member: { status: 403 },
  not_holder: { status: 403 },
  no_holder: { status: 409 },
  no_such_member: { status: 404 },
  cannot_remove_self: { status: 400 },
  game_over: { status: 409 },
  match_busy: { status: 503 },
  presence_unavailable: { status: 503 },
  // Replays and rematches
  no_such_entry: { status: 404 },
  not_over: { status: 409 },
  // Notifications
  email_off: { status: 409 },
  webhook_refused: { status: 400 },
  push_off: { status: 409 },
  push_refused: { status: 400 },
  // Linked devices
  not_linked: { status: 401 },
  link_invalid: { status: 404 },
  list_changed: { status: 409 },
  // Accounts (apps/server/src/players)
  sign_in_required: { status: 401 },
  cross_origin: { status: 403 },
  name_taken: { status: 409 },
  name_reserved: { status: 400 },
  challenge_invalid: { status: 400 },
  passkey_refused: { status: 400 },
  no_such_passkey: { status: 404 },
  last_sign_in_method: { status: 409 },
  signin_link_invalid: { status: 400 },
  email_taken: { status: 409 },
  // Computer seats
  bot_unavailable: { status: 400 },
  own_seat: { status: 403 },
  not_your_seat: { status: 403 },
  not_computer_seat: { status: 409 },
  seat_is_computer: { status: 409 },
  not_started: { status: 409 },
  seat_present: { status: 409 },
  seat_away_briefly: { status: 409 },
  // Automatic passes
  autopass_off: { status: 409 },
  // The match maker and blocks (sign_in_required is the accounts')
  ticket_closed: { status: 409 },
  too_many_tickets: { status: 409 },
  cannot_block_self: { status: 400 },
  // The socket: joining a match, sending moves and chat
  bad_sync: { status: null },
  too_many_connections: { status: null },
  match_not_found: { status: null },
  not_synced: { status: null },
  spectator_cannot_act: { status: null },
  spectator_cannot_chat: { status: null },
  only_moves_allowed: { status: null },
  wrong_seat: { status: null },
  bad_state_id: { status: null },
  bad_chat: { status: null },
  bad_private_message: { status: null },
  left_match: { status: null },
  stale_state: { status: null },
  not_stored: { status: null },
  refused: { status: null },
  no_game: { status: null },
  // The game's judgement of a move (packages/game checkMove; the rules' own codes in snake_case)
  unknown_move: { status: null },
  bad_arguments: { status: null },
  not_a_seat: { status: null },
  server_only: { status: null },
  not_your_turn: { status: null },
  wrong_time: { status: null },
  not_yours: { status: null },
  nothing_to_undo: { status: null },
  /** Any other rule the move breaks; `rule` on the refusal names it (e.g. not_adjacent). */
  illegal_move: { status: null },
} as const satisfies Record<string, { status: number | null; wait?: true }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** Codes the HTTP API answers with, and the status of each. */
export type HttpErrorCode = { [C in ErrorCode]: (typeof ERRORS)[C]['status'] extends number ? C : never }[ErrorCode];
export type ErrorStatus<C extends HttpErrorCode> = (typeof ERRORS)[C]['status'];

/** The codes whose refusal carries a wait (`retryAfter`): their texts name `{minutes}`. */
export const WAIT_CODES = ERROR_CODES.filter((c) => (ERRORS[c] as { wait?: true }).wait === true);

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code);
}

/**
 * The game's refusal of a move (its codes are kebab-case: `not-your-turn`) in the protocol's terms:
 * its own code where the table has it, else `illegal_move` naming the rule in `rule`.
 */
export function gameRefusal(gameCode: string): { code: ErrorCode; rule?: string } {
  const snake = gameCode.replace(/-/g, '_');
  if (isErrorCode(snake)) return { code: snake };
  return { code: 'illegal_move', rule: snake };
}
