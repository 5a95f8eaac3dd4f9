import { z } from 'zod';
import { SEA_ZONES } from '../types.js';

const seaZone = z.enum(SEA_ZONES);
const point = z.object({ x: z.number(), y: z.number() });

export const areaSchema = z.object({
  /** ASCII slug, lower case: "ostfold", "andalsnes", "bjornfjell". */
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  /** Display name as printed on the board (Norwegian spelling). */
  name: z.string().min(1),
  victoryCity: z.boolean(),
  mobilizationPoint: z.boolean(),
  airfield: z.boolean(),
  /** South of the "Fra Tyskland" line: German aircraft reach it without any air field. */
  southOfFraTyskland: z.boolean(),
  /** Sea zones this land area has a coast (or a fjord shore) on; empty for inland areas. */
  seaZones: z.array(seaZone),
  /** Where the telegraph cable to Britain lands (advanced rules). */
  telegraphCable: z.boolean().default(false),
  /** Anchor for the name label and the battalion stacks, in map coordinates. */
  label: point,
  /** SVG path data of the area's outline, in map coordinates. */
  shape: z.string().min(1),
});

export const borderSchema = z.object({
  a: z.string(),
  b: z.string(),
  /** "fjord" covers fjords and lakes (Mjøsa): crossing is allowed, attacking across is halved. */
  kind: z.enum(['land', 'fjord']),
});

export const seaZoneSchema = z.object({
  id: seaZone,
  /** Sea zones a ship may move to in one step (symmetric). */
  adjacent: z.array(seaZone),
  /** Zones I and II: mined, guarded by the Luftwaffe (red shadow). */
  redShadow: z.boolean(),
  label: point,
  shape: z.string().min(1),
});

export const boardSchema = z.object({
  /** SVG viewBox of the map: "minX minY width height". */
  viewBox: z.string(),
  /** The impassable mountain areas inside Norway, SVG path data. */
  impassable: z.array(z.string()),
  /** The land of other countries (Sweden, Finland, Russia, Denmark, Britain …): impassable background. */
  abroad: z.array(z.string()).default([]),
  /** Lakes (Mjøsa), drawn as water. */
  lakes: z.array(z.string()).default([]),
  /**
   * Where the board (Norway or a sea zone) is drawn rather than another country: one bit per square
   * of `cell` units, row by row from the top left, base64. The client uses it to fill the screen.
   */
  fill: z.object({ cell: z.number().positive(), cols: z.number().int(), rows: z.number().int(), bits: z.string() }).optional(),
  areas: z.array(areaSchema).length(44),
  borders: z.array(borderSchema),
  seaZones: z.array(seaZoneSchema).length(8),
  /** For each air field (area id): every land area within its air range (the field itself included). */
  airRange: z.record(z.string(), z.array(z.string())),
  /**
   * Optional. For each air field: the sea zones where German Bombefly from it reach ships (EN 5.1: an
   * air field adjacent to the zone). Normally the field's own coast zones; inland Bardufoss covers VII.
   */
  airRangeAtSea: z.record(z.string(), z.array(seaZone)).optional(),
  /** The raiding-ships box (advanced): counts as a sea zone bordering these, for ship movement only. */
  raidBox: z.object({ adjacent: z.array(seaZone), label: point }),
  /** SVG path of the "Fra Tyskland" line, for drawing. */
  fraTysklandLine: z.string(),
  /** SVG path of the telegraph cable, for drawing. */
  telegraphLine: z.string(),
});

export type AreaData = z.infer<typeof areaSchema>;
export type BorderData = z.infer<typeof borderSchema>;
export type SeaZoneData = z.infer<typeof seaZoneSchema>;
export type BoardData = z.infer<typeof boardSchema>;
