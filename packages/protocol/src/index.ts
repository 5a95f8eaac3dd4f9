/** The protocol between the server and its clients: HTTP bodies, socket messages, error codes, OpenAPI. */
export * from './errors';
export * from './common';
export * from './lobby';
export * from './match-extras';
export * from './devices';
export * from './accounts';
export * from './account-routes';
export * from './socket';
export * from './routes';
export * from './openapi';
export * from './route-notes';
export * from './matchmaking';
