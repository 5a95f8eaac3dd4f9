/** Who is connected to a match through one process. */
export interface ProcessPresence {
  members: string[];
  playerIDs: string[];
  spectators: number;
}

/**
 * The presence the other processes reported, per match and process. Each process sends its whole
 * presence of a match when it changes (not deltas), so a lost message is repaired by the next one,
 * and a process that dies is dropped whole (RedisMatchBus.onProcessGone).
 */
export class RemotePresence {
  private byMatch = new Map<string, Map<string, ProcessPresence>>();

  /** Record a process's presence of a match; returns the members no longer connected through it. */
  set(matchID: string, process: string, p: ProcessPresence): string[] {
    let m = this.byMatch.get(matchID);
    if (!m) this.byMatch.set(matchID, (m = new Map()));
    const left = (m.get(process)?.members ?? []).filter((id) => !p.members.includes(id));
    if (p.members.length === 0 && p.playerIDs.length === 0 && p.spectators === 0) m.delete(process);
    else m.set(process, p);
    if (m.size === 0) this.byMatch.delete(matchID);
    return left;
  }

  /** Forget a process everywhere; returns the matches whose presence changed, with the members it had there. */
  dropProcess(process: string): Map<string, string[]> {
    const changed = new Map<string, string[]>();
    for (const [matchID, m] of this.byMatch) {
      const gone = m.get(process);
      if (gone && m.delete(process)) changed.set(matchID, gone.members);
      if (m.size === 0) this.byMatch.delete(matchID);
    }
    return changed;
  }

  forget(matchID: string) {
    this.byMatch.delete(matchID);
  }

  members(matchID: string): string[] {
    return [...(this.byMatch.get(matchID)?.values() ?? [])].flatMap((p) => p.members);
  }

  playerIDs(matchID: string): string[] {
    return [...(this.byMatch.get(matchID)?.values() ?? [])].flatMap((p) => p.playerIDs);
  }

  spectators(matchID: string): number {
    let n = 0;
    for (const p of this.byMatch.get(matchID)?.values() ?? []) n += p.spectators;
    return n;
  }
}
