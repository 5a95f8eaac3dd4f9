/**
 * One text per error code of the protocol's table (packages/protocol/src/errors.ts), bokmål and
 * English: what the server refused, in the player's words. A code added to the table does not compile
 * here until it has both texts. Shown for socket refusals (`kon:error`) and wherever a page has no
 * text of its own for an API error; looked up as `code.<code>`. A code the protocol marks `wait` (a
 * limit) names `{minutes}`, filled from the refusal's `retryAfter` (refusal-text.ts); a placeholder is
 * the same in both languages (tested). Only the table's type is imported:
 * the protocol's schemas stay out of the page's code (zod must not build them before the page has
 * turned its eval-based compiler off, see game/zod-jitless.ts).
 */
import type { ErrorCode } from '@kon/protocol';
import { dictionary, type Entry } from './i18n-words';

export const ERROR_TEXTS: Record<ErrorCode, { no: string; en: string }> = {
  bad_authorization: { no: 'Nettleseren sendte en ugyldig nøkkel.', en: 'This browser sent an invalid key.' },
  unauthorized: { no: 'Du har ikke tilgang til dette.', en: 'You do not have access to this.' },
  body_too_large: { no: 'Det som ble sendt, var for stort.', en: 'What was sent was too large.' },
  json_required: { no: 'Serveren forsto ikke forespørselen.', en: 'The server did not understand the request.' },
  invalid_json: { no: 'Serveren forsto ikke forespørselen.', en: 'The server did not understand the request.' },
  invalid_body: { no: 'Noe av det du fylte inn, er ikke gyldig.', en: 'Something you filled in is not valid.' },
  invalid_query: { no: 'Serveren forsto ikke forespørselen.', en: 'The server did not understand the request.' },
  method_not_allowed: { no: 'Serveren forsto ikke forespørselen.', en: 'The server did not understand the request.' },
  no_route: { no: 'Serveren kjenner ikke den adressen.', en: 'The server does not know that address.' },
  rate_limit_unavailable: {
    no: 'Nye partier kan ikke opprettes akkurat nå; prøv igjen om {minutes} min.',
    en: 'New matches cannot be created right now; try again in {minutes} min.',
  },
  rate_limited: {
    no: 'For mange forsøk fra denne adressen på kort tid; prøv igjen om {minutes} min.',
    en: 'Too many tries from this address in a short time; try again in {minutes} min.',
  },
  shutting_down: {
    no: 'Serveren starter på nytt; ingenting ble gjort. Prøv igjen om et øyeblikk.',
    en: 'The server is restarting; nothing was done. Try again in a moment.',
  },
  internal: { no: 'Noe gikk galt på serveren.', en: 'Something went wrong on the server.' },
  sign_in_required: { no: 'Logg inn først.', en: 'Sign in first.' },
  cross_origin: {
    no: 'Forespørselen kom fra en annen nettside og ble avvist.',
    en: 'The request came from another website and was refused.',
  },
  name_taken: { no: 'Det navnet er tatt; velg et annet.', en: 'That name is taken; choose another.' },
  name_reserved: { no: 'Det navnet kan ikke brukes; velg et annet.', en: 'That name cannot be used; choose another.' },
  challenge_invalid: {
    no: 'Forsøket er brukt opp eller gått ut på tid; prøv igjen.',
    en: 'This attempt was used up or timed out; try again.',
  },
  passkey_refused: { no: 'Tilgangsnøkkelen ble ikke godtatt.', en: 'The passkey was not accepted.' },
  no_such_passkey: { no: 'Fant ikke den tilgangsnøkkelen.', en: 'That passkey was not found.' },
  last_sign_in_method: {
    no: 'Dette er din siste måte å logge inn på; legg til en annen først.',
    en: 'This is your last way to sign in; add another first.',
  },
  signin_link_invalid: {
    no: 'Lenken er brukt, utløpt eller ukjent. Be om en ny.',
    en: 'This link is used, expired or unknown. Ask for a new one.',
  },
  email_taken: { no: 'Den adressen hører til en annen konto.', en: 'That address belongs to another account.' },
  not_found: { no: 'Fant ikke partiet – lenken kan være feil.', en: 'Match not found – the link may be wrong.' },
  bad_seat_token: { no: 'Det er ikke en plasslenke til dette partiet.', en: 'That is not a seat link of this match.' },
  seat_required: { no: 'Velg hvilken side du vil spille.', en: 'Choose which side to play.' },
  no_such_seat: { no: 'Partiet har ikke den siden.', en: 'The match has no such side.' },
  no_such_game: { no: 'Serveren har ikke det spillet.', en: 'The server does not host that game.' },
  no_such_lesson: { no: 'Det finnes ingen slik leksjon.', en: 'There is no such lesson.' },
  lesson_brings_its_own: {
    no: 'En leksjon har sine egne plasser og sitt eget oppsett.',
    en: 'A lesson brings its own seats and set-up.',
  },
  no_such_plan: { no: 'Spillet har ikke den plassfordelingen.', en: 'The game has no such seat plan.' },
  seat_taken: { no: 'Noen har allerede tatt den plassen.', en: 'Someone has taken that seat already.' },
  seat_full: { no: 'Den siden har ikke plass til flere.', en: 'That side has no room for more people.' },
  already_member: { no: 'Denne nettleseren har allerede en plass i partiet.', en: 'This browser already has a seat in the match.' },
  not_a_member: { no: 'Bare den som er med i partiet, kan gjøre det.', en: 'Only someone in the match can do that.' },
  not_holder: { no: 'Bare den som holder siden, kan gjøre det.', en: 'Only the holder of the side can do that.' },
  no_holder: { no: 'Ingen holder den siden ennå.', en: 'Nobody holds that side yet.' },
  no_such_member: { no: 'Den medkommandøren finnes ikke på siden din.', en: 'There is no such co-commander on your side.' },
  cannot_remove_self: {
    no: 'Du kan ikke fjerne deg selv; forlat partiet i stedet.',
    en: 'You cannot remove yourself; leave the match instead.',
  },
  game_over: { no: 'Partiet er over.', en: 'The match is over.' },
  match_busy: { no: 'Serveren er opptatt med partiet; prøv igjen.', en: 'The server is busy with the match; try again.' },
  presence_unavailable: {
    no: 'Serveren vet ikke hvem som er her akkurat nå; prøv igjen.',
    en: 'The server cannot tell who is here right now; try again.',
  },
  no_such_entry: { no: 'Loggen har ikke den linjen.', en: 'The log has no such entry.' },
  not_over: { no: 'Partiet er ikke over ennå.', en: 'The match is not over yet.' },
  ticket_closed: { no: 'Denne søken er ikke åpen lenger.', en: 'This search is no longer open.' },
  too_many_tickets: { no: 'Du har for mange åpne søk; avbryt ett først.', en: 'You have too many open searches; cancel one first.' },
  cannot_block_self: { no: 'Du kan ikke blokkere deg selv.', en: 'You cannot block yourself.' },
  email_off: { no: 'E-post er slått av på denne serveren.', en: 'E-mail is off on this server.' },
  webhook_refused: { no: 'Den webhook-adressen tar ikke serveren imot.', en: 'The server does not accept that webhook address.' },
  push_off: { no: 'Denne serveren sender ikke push-varsler.', en: 'This server sends no push notifications.' },
  push_refused: { no: 'Serveren tar ikke imot den push-adressen.', en: 'The server does not accept that push address.' },
  not_linked: { no: 'Denne enheten er ikke koblet til.', en: 'This device is not linked.' },
  link_invalid: { no: 'Koden er brukt, utløpt eller ukjent.', en: 'That code is used up, expired or unknown.' },
  list_changed: { no: 'En annen enhet endret listen først; prøver igjen.', en: 'Another device changed the list first; trying again.' },
  bot_unavailable: { no: 'Den styrken finnes ikke på denne serveren.', en: 'That strength is not available on this server.' },
  own_seat: {
    no: 'Din egen side overlates ikke slik; det gjør de andre spillerne.',
    en: 'Your own side is not handed over this way; the other players do that.',
  },
  not_your_seat: { no: 'Bare den som spiller siden, kan ta den tilbake.', en: 'Only a player of that side can take it back.' },
  not_computer_seat: { no: 'Datamaskinen spiller ikke den siden.', en: 'The computer does not play that side.' },
  seat_is_computer: {
    no: 'Datamaskinen spiller siden nå; ta plassen tilbake for å spille selv.',
    en: 'The computer is playing that side now; take the seat back to play yourself.',
  },
  not_started: { no: 'Partiet venter fortsatt på spillere.', en: 'The match is still waiting for players.' },
  seat_present: { no: 'Noen på den siden er her nå.', en: 'Someone on that side is here now.' },
  seat_away_briefly: { no: 'Spilleren på den siden gikk nettopp.', en: 'That side’s player left only just now.' },
  autopass_off: { no: 'Denne serveren står aldri over for noen.', en: 'This server never passes for anyone.' },
  bad_sync: { no: 'Fikk ikke koblet til partiet; last inn siden på nytt.', en: 'Could not connect to the match; reload the page.' },
  too_many_connections: {
    no: 'For mange åpne forbindelser fra din adresse; lukk noen faner og prøv igjen.',
    en: 'Too many open connections from your address; close some tabs and try again.',
  },
  match_not_found: { no: 'Fant ikke partiet – lenken kan være feil.', en: 'Match not found – the link may be wrong.' },
  not_synced: {
    no: 'Forbindelsen er ikke klar ennå; prøv igjen om et øyeblikk.',
    en: 'The connection is not ready yet; try again in a moment.',
  },
  spectator_cannot_act: { no: 'Tilskuere kan ikke gjøre trekk.', en: 'Spectators cannot make moves.' },
  spectator_cannot_chat: { no: 'Tilskuere kan ikke skrive i chatten.', en: 'Spectators cannot write in the chat.' },
  only_moves_allowed: { no: 'Serveren tar bare imot trekk.', en: 'The server accepts only moves.' },
  wrong_seat: { no: 'Det trekket hører til en annen side.', en: 'That move belongs to another side.' },
  bad_state_id: { no: 'Trekket var ikke gyldig; last inn siden på nytt.', en: 'That move was not valid; reload the page.' },
  bad_chat: { no: 'Meldingen ble ikke sendt.', en: 'The message was not sent.' },
  bad_private_message: {
    no: 'Den private meldingen ble ikke sendt: bare en spiller kan skrive til en annen spiller.',
    en: 'The private message was not sent: only a player can write to another player.',
  },
  left_match: {
    no: 'Denne nettleseren er ikke lenger med i partiet.',
    en: 'This browser is no longer in the match.',
  },
  stale_state: {
    no: 'Spillet hadde gått videre; brettet er oppdatert, prøv igjen.',
    en: 'The game had moved on; the board is up to date now, try again.',
  },
  not_stored: { no: 'Trekket kunne ikke lagres; prøv igjen.', en: 'The move could not be saved; try again.' },
  refused: { no: 'Serveren avviste trekket.', en: 'The server refused that move.' },
  no_game: { no: 'Serveren har ikke spillet lastet.', en: 'The server has no game loaded.' },
  unknown_move: { no: 'Serveren kjenner ikke det trekket.', en: 'The server does not know that move.' },
  bad_arguments: {
    no: 'Trekket var ikke fullstendig eller gyldig; velg på nytt.',
    en: 'That move was incomplete or invalid; choose again.',
  },
  not_a_seat: { no: 'Bare en side kan gjøre trekk.', en: 'Only a side can make moves.' },
  server_only: { no: 'Bare serveren kan gjøre det trekket.', en: 'Only the server can make that move.' },
  not_your_turn: { no: 'Det er ikke din tur: trekket ble ikke gjort.', en: 'It is not your turn: the move was not made.' },
  wrong_time: { no: 'Det trekket kan ikke gjøres nå.', en: 'That move cannot be made now.' },
  not_yours: { no: 'Bare den siden som tok valget, kan angre det.', en: 'Only the side that made a decision can take it back.' },
  nothing_to_undo: {
    no: 'Det er ingenting å angre: noe er blitt kjent siden.',
    en: 'There is nothing to undo: something has become known since.',
  },
  illegal_move: { no: 'Reglene tillater ikke det trekket.', en: 'The rules do not allow that move.' },
};

/** A text with `{name}` placeholders, filled from the lookup's parameters. */
const filled =
  (text: string): Entry =>
  (p) =>
    text.replace(/\{(\w+)\}/g, (_m, k: string) => String(p[k] ?? `{${k}}`));
const side = (lang: 'no' | 'en') =>
  Object.fromEntries(Object.entries(ERROR_TEXTS).map(([code, t]) => [`code.${code}`, filled(t[lang])])) as Record<
    `code.${ErrorCode}`,
    Entry
  >;

/** The texts as i18n tables, keyed `code.<code>`. */
export const ERROR_STRINGS = dictionary({ no: side('no'), en: side('en') });
