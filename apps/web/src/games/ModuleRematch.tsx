/**
 * The rematch of a finished match of a game module (Deres uenighet and any later game): Kampen om
 * Norge's button and API call (replay/AfterGame.tsx), offered to the match's members only. Every
 * member's page follows the rematch by itself (useRematchFollow in ModuleMatchPage).
 */
import type { Joined } from '../api';
import { AfterGame } from '../replay/AfterGame';
import { followRematch } from '../replay/rematch';

export function ModuleRematch({
  matchID,
  member,
  existing,
  navigate,
}: {
  matchID: string;
  /** This browser's membership; a spectator has none and is offered nothing. */
  member: Joined | undefined;
  /** A rematch already started (the lobby view names it). */
  existing: string | null;
  navigate: (to: string) => void;
}) {
  if (!member) return null;
  return (
    <AfterGame
      matchID={matchID}
      token={member.credentials}
      canRematch
      existing={existing}
      onRematch={(id) => followRematch(id, member, navigate)}
      navigate={navigate}
      lookBack={false}
    />
  );
}
