/**
 * What a route does beyond its schemas: the rules a caller must know (who may call it, when it
 * refuses, what it changes). The OpenAPI document carries each as its operation's description, and
 * docs/api.md (npm run docs:api) prints them. Keyed `METHOD path` as in the route table.
 */
export const ROUTE_NOTES: Record<string, string> = {
  'GET /healthz': '`503` when the store (or Redis, with `REDIS_URL`) does not answer, or the server is shutting down.',
  'GET /api/games':
    "The registry of `apps/server/src/games/registry.ts`: each game is a module of `@kon/platform` from its own package. `bots`: the computer players it offers, weakest first; `atZero`: what its clocks may do at zero; each game's default plan first.",
  'GET /api/scenarios':
    'Every valid file of `SCENARIOS_DIR`, read at start (texts as `{ no, en }`; `region` a list of area ids or `"all"`). A file that fails validation is logged at `error` (`scenario refused`, naming each bad field) and left out.',
  'GET /api/matches': 'Private matches never appear.',
  'POST /api/matches':
    'Every field is optional. `game`: one of `GET /api/games` (default Kampen om Norge); `plan`: one of that game\'s plans (default `three`); `setupData` is checked by the game\'s schema: Kampen om Norge takes `{ ruleset: "basic" | "advanced" }` or `{ scenario: "<id>" }` (one of `GET /api/scenarios`; the server hands the game the whole scenario and stores `{ ruleset, scenario }`), Deres uenighet `{}` (optional `maxRounds`; plans `two`, `three`, `four`, seats `player1`…`player4`, clocks with `atZero: "pass"` only). Clock limits: `baseSeconds` 60–86400, `incrementSeconds` 0–3600, `decisionSeconds` 60–2592000. `bots` gives seats of the plan to computer players (seat → strength): a seat not in the plan is `no_such_seat`, a strength the game does not offer `bot_unavailable` (never silently another one); a computer seat gets no seat link, joining it is `seat_is_computer`, and it plays from the start. The tokens in `links` are shown only here: the server keeps only their hashes. Every match is seeded with 32 bytes from the CSPRNG.',
  'GET /api/matches/{id}':
    "Bearer: member credentials, a seat link or the spectator link (none for a public match). `404 not_found` also when the token does not open the match: private matches are never confirmed to exist. `you.role` is `member`, `seat-link` (with `claimed`), `co-link`, `spectator` or `public`; `coLink` is shown to the holder only. `connected` is live socket presence; `awaySince` is when an absent member's last socket closed (kept across restarts). `bots` maps each computer seat to `{ strength, reason: created | handed | timeout | server, since }`. A seat's `handOverAt` is when the other players may hand it to the computer, `null` while they may not.",
  'GET /api/matches/{id}/log':
    "Any token of the match (none for a public match). The public log from entry `from` (default 0) to the newest stored move. States carry only their move's entries (`G.log` from `G.logBase`): a client fetches the history once and stitches the rest from the states. An undo takes entries back: the history always reads as the log of the newest state.",
  'POST /api/matches/{id}/join':
    '`{ token }` for a private match: the seat link (or a `c_…` co-commander link); `{ seat }` for a public match. `name`: 1–32 characters, trimmed, no control characters. `browserKey` (optional, 16–200 of `A–Z a–z 0–9 _ -`): one seat per browser per match (`already_member`); the same browser joining its own seat again gets fresh credentials for the same member (`returning: true`). A claimed seat link seats nobody (`seat_taken`); a revoked co-commander link is `404`.',
  'PATCH /api/matches/{id}/members/me': 'Answers the match details.',
  'DELETE /api/matches/{id}/members/me':
    'The credentials stop working at once and the member\'s sockets are disconnected (`kon:error { code: "left_match" }`). When the holder leaves, the co-commander who joined first holds the seat; when nobody is left, the seat link works again.',
  'POST /api/matches/{id}/members/me/recovery': 'A `r_…` link, shown once, that works once; a new one replaces an unused one.',
  'POST /api/matches/{id}/recover':
    "Answers like a join: the same member, new credentials (the member's other devices keep theirs). `404` once used; `already_member` from a browser that holds another seat.",
  'POST /api/matches/{id}/seat/co-link':
    "The seat holder's credentials only (`not_holder` for anyone else). Shown once; an earlier link stops working.",
  'DELETE /api/matches/{id}/seat/co-link': "Revokes the holder's co-commander link.",
  'DELETE /api/matches/{id}/members/{memberId}':
    'The seat holder removes a co-commander: the removed member\'s credentials stop working and their sockets are disconnected (`kon:error { code: "left_match" }`).',
  'POST /api/my-matches':
    "1–50 matches, in order; an unknown match or credentials that are not a member's of it answer `{ matchID, found: false }`. `toMove` is who must act now (what every seat sees anyway).",
  'GET /api/matches/{id}/board':
    "Same tokens as the log. The spectators' view (no hand, no deck order, no face-down ship) right after the move that wrote entry `entry`, replayed on the server from the stored initial state and moves. `no_such_entry` past the log's end.",
  'GET /api/matches/{id}/record':
    "Same tokens as the log; sent as an attachment. `setupData` carries a scenario's whole definition, so the record replays without the server; `seed` (boardgame.io's PRNG seed) is given out only once the game is over. `not_over` while it goes on.",
  'POST /api/matches/{id}/rematch':
    'A member only. A new match with the same plan, visibility and set-up, the same members in the same seats with the credentials they hold (seats someone left stay open: `links` has their new seat links). The old match\'s details then say `rematch: "<new id>"`; asking again answers the same rematch.',
  'GET /api/matches/{id}/clock':
    "`{ clock: null }` for a match without time controls, or before every seat is taken. `remainingMs`: live, each side's time left; correspondence, the running side's time to its deadline. `flagged`: sides whose time ran out at least once. The same object is pushed as `kon:clock` whenever it changes.",
  'GET /api/matches/{id}/notifications':
    "A member's own credentials only (`not_a_member` for a seat or spectator link). The settings are the member's alone: no match view, list or socket message carries them.",
  'PUT /api/matches/{id}/notifications':
    '`webhookUrl` must be `http(s)://` and allowed by `WEBHOOK_TARGETS` (`webhook_refused`); `webhookFormat` is guessed from the address when left out (`hooks.slack.com`: Slack, else Discord); `email` needs `SMTP_URL` (`email_off`). Both `null` removes the settings.',
  'GET /api/matches/{id}/autopass': 'A member of the side only. `available: false` on a server started with `AUTOPASS=off`.',
  'PUT /api/matches/{id}/autopass':
    "On by default. While on, the server passes for the side where passing is all it can do, after the delay drawn for that window. `notThisPhase: true` declines the repeated window the side faces now (Ubåt after each reinforcement) for the rest of the phase: while the switch is on the server passes it, and the phase's later ones of its kind, as it passes a side that cannot answer; `false` asks each time again; `skips` lists what is declined. A change is pushed as `kon:autopass { on, skips }` to the side's own sockets only. `autopass_off` when the server runs with `AUTOPASS=off`.",
  'PUT /api/matches/{id}/seats/{seat}/bot':
    "A member of another seat (`own_seat` for one's own). Only once every seat was taken (`not_started`), in a match not over, for a seat whose members all left or have all been away `HAND_OVER_AFTER_S` from the running game (`seat_present`, `seat_away_briefly`). Presence is asked of every process (`presence_unavailable` when Redis does not answer). Answers the match details; the computer acts at once if the seat must act.",
  'DELETE /api/matches/{id}/seats/{seat}/bot':
    'A member of that seat. The computer stops at once: a decision under way is dropped, and no move of it is made after this answer. While the computer holds a seat its members may watch, but their moves are refused with `seat_is_computer`.',
  'GET /api/openapi.json': 'Generated from the route table and its zod schemas (packages/protocol).',
};
