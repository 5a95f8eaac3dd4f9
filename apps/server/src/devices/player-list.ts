/**
 * One list of matches per player across their devices, without accounts or passwords. A player is a
 * group of linked devices; each device holds its own random device token (stored here only hashed).
 * The list itself is an encrypted blob the devices write and read: the key lives only on the devices
 * (it travels in the link's #fragment, which browsers never send), so the seat credentials inside it
 * are never readable here, as they are nowhere else on the server.
 *
 * Linking: a device makes a link code (random, stored hashed, single use, expiring after LINK_TTL_MS),
 * the other device redeems it once and becomes a device of the same player. These are the recovery
 * link's properties (seats.ts), for a whole player instead of one seat.
 *
 * Records are side records of no match (match id ''), so SQLite and PostgreSQL keep them alike.
 */
import { randomBytes } from 'node:crypto';
import { type SqlStorage, updateSide } from '../storage';
import { hashToken } from '../core/secrets';

export const LINK_TTL_MS = 10 * 60_000;
/** Devices one player may link (the oldest is dropped beyond it). */
export const MAX_DEVICES = 10;

const NONE = '';
const PLAYER = 'player';
const DEVICE = 'player-device';
const LINK = 'player-link';

interface PlayerRecord {
  devices: string[];
  /** The devices' encrypted list (opaque here), or null before the first write. */
  blob: string | null;
  /** Bumped on every write: a device that read version n may write only over n. */
  version: number;
}

const token = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;
/**
 * Every change here is one atomic store operation (a code taken by delete-returning, a player record
 * changed by compare-and-set), so several server processes on one database never hand out a code twice,
 * lose a write or pass the device cap: no process-local lock would cover the others.
 */
export class PlayerLists {
  constructor(
    private readonly storage: SqlStorage,
    private readonly now: () => number = Date.now,
  ) {}

  /** The player a device token belongs to, if any. */
  async playerOf(deviceToken: string | undefined): Promise<string | undefined> {
    if (!deviceToken) return undefined;
    const id = (await this.storage.getSide(NONE, DEVICE, hashToken(deviceToken))) as string | undefined;
    return typeof id === 'string' ? id : undefined;
  }

  private async record(playerId: string): Promise<PlayerRecord | undefined> {
    return (await this.storage.getSide(NONE, PLAYER, playerId)) as PlayerRecord | undefined;
  }

  /** Changes the player's record by compare-and-set (updateSide): no other process's change is lost. */
  private update<T>(playerId: string, change: (rec: PlayerRecord | undefined) => { next: PlayerRecord; result: T } | undefined) {
    return updateSide(this.storage, NONE, PLAYER, playerId, change);
  }

  /** A new device of the player (`create`: a new player): its token, or undefined when there is no such player. */
  private async addDevice(playerId: string, create: boolean): Promise<string | undefined> {
    const deviceToken = token('d');
    const hash = hashToken(deviceToken);
    // The device's record first: until the list names it, nobody holds its token, so it opens nothing.
    await this.storage.putSide(NONE, DEVICE, hash, playerId);
    const dropped = await this.update(playerId, (rec) => {
      const base = rec ?? (create ? { devices: [], blob: null, version: 0 } : undefined);
      if (!base) return undefined;
      const devices = [...base.devices, hash];
      const cut = Math.max(0, devices.length - MAX_DEVICES);
      return { next: { ...base, devices: devices.slice(cut) }, result: devices.slice(0, cut) };
    });
    if (!dropped) {
      await this.storage.putSide(NONE, DEVICE, hash, null);
      return undefined;
    }
    for (const old of dropped) await this.storage.putSide(NONE, DEVICE, old, null);
    return deviceToken;
  }

  /**
   * A link code for this device's player. A device that is not yet one of a player's starts a new
   * player and gets its own device token too.
   */
  async makeLink(deviceToken: string | undefined): Promise<{ code: string; expiresAt: number; deviceToken?: string }> {
    let playerId = await this.playerOf(deviceToken);
    let fresh: string | undefined;
    if (!playerId) {
      playerId = randomBytes(12).toString('base64url');
      fresh = await this.addDevice(playerId, true);
    }
    const code = token('l');
    const expiresAt = this.now() + LINK_TTL_MS;
    await this.storage.putSide(NONE, LINK, hashToken(code), { playerId, expiresAt });
    return { code, expiresAt, ...(fresh ? { deviceToken: fresh } : {}) };
  }

  /** Redeem a link code (once, before it expires): a device token of that player, or undefined. */
  async redeem(code: string): Promise<string | undefined> {
    // Taken whether or not it was still good: a code works once at most, for whoever's delete returned it.
    const link = (await this.storage.takeSide(NONE, LINK, hashToken(code))) as { playerId: string; expiresAt: number } | undefined;
    if (!link || link.expiresAt <= this.now()) return undefined;
    return this.addDevice(link.playerId, false);
  }

  async read(playerId: string): Promise<{ blob: string | null; version: number }> {
    const rec = await this.record(playerId);
    return { blob: rec?.blob ?? null, version: rec?.version ?? 0 };
  }

  /** Write the list over `version`; answers the new version, or undefined when another device wrote first. */
  async write(playerId: string, blob: string, version: number): Promise<number | undefined> {
    return this.update(playerId, (rec) =>
      rec && rec.version === version ? { next: { ...rec, blob, version: version + 1 }, result: version + 1 } : undefined,
    );
  }
}
