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
import type { SqlStorage } from '../storage';
import { hashToken } from '../secrets';
import { KeyedMutex } from '../lock';

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

export class PlayerLists {
  private readonly lock = new KeyedMutex();
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

  private async addDevice(playerId: string, rec: PlayerRecord): Promise<string> {
    const deviceToken = token('d');
    const hash = hashToken(deviceToken);
    const devices = [...rec.devices, hash];
    for (const dropped of devices.slice(0, Math.max(0, devices.length - MAX_DEVICES)))
      await this.storage.putSide(NONE, DEVICE, dropped, null);
    await this.storage.putSide(NONE, DEVICE, hash, playerId);
    await this.storage.putSide(NONE, PLAYER, playerId, { ...rec, devices: devices.slice(-MAX_DEVICES) });
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
      fresh = await this.lock.run(playerId, () => this.addDevice(playerId!, { devices: [], blob: null, version: 0 }));
    }
    const code = token('l');
    const expiresAt = this.now() + LINK_TTL_MS;
    await this.storage.putSide(NONE, LINK, hashToken(code), { playerId, expiresAt });
    return { code, expiresAt, ...(fresh ? { deviceToken: fresh } : {}) };
  }

  /** Redeem a link code (once, before it expires): a device token of that player, or undefined. */
  async redeem(code: string): Promise<string | undefined> {
    const key = hashToken(code);
    return this.lock.run(`link ${key}`, async () => {
      const link = (await this.storage.getSide(NONE, LINK, key)) as { playerId: string; expiresAt: number } | undefined;
      if (!link) return undefined;
      // Used up whether or not it was still good: a code works once at most.
      await this.storage.putSide(NONE, LINK, key, null);
      if (link.expiresAt <= this.now()) return undefined;
      return this.lock.run(link.playerId, async () => {
        const rec = await this.record(link.playerId);
        return rec ? this.addDevice(link.playerId, rec) : undefined;
      });
    });
  }

  async read(playerId: string): Promise<{ blob: string | null; version: number }> {
    const rec = await this.record(playerId);
    return { blob: rec?.blob ?? null, version: rec?.version ?? 0 };
  }

  /** Write the list over `version`; answers the new version, or undefined when another device wrote first. */
  async write(playerId: string, blob: string, version: number): Promise<number | undefined> {
    return this.lock.run(playerId, async () => {
      const rec = await this.record(playerId);
      if (!rec || rec.version !== version) return undefined;
      await this.storage.putSide(NONE, PLAYER, playerId, { ...rec, blob, version: version + 1 });
      return version + 1;
    });
  }
}
