/** This folder's game (its module's id): the registry finds the folder by it without loading the game. */
export const id = 'kampen-om-norge';
