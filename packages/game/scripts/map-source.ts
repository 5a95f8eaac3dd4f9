/**
 * Hand-written source of the board: everything about the map that is a game decision (areas, flags,
 * borders, sea zones, air ranges) plus the geographic seeds the drawing is generated from.
 * `scripts/build-map.ts` turns this into `src/board/board-data.json`. Every choice here that the
 * rulebooks do not state is listed with its reason in docs/rules-decisions.md ("The map").
 */
import type { SeaZone } from '../src/types.js';

export type LatLon = [lat: number, lon: number];

export interface AreaSource {
  id: string;
  name: string;
  /** Voronoi seed (approximate real position of the place, nudged so the cells fall right). */
  seed: LatLon;
  /** More seeds of the same area, where one point cannot make the cell follow the real valleys and fjords. */
  seeds?: LatLon[];
  victoryCity?: boolean;
  mobilizationPoint?: boolean;
  airfield?: boolean;
  telegraphCable?: boolean;
  seaZones: SeaZone[];
  /**
   * Air-range band, south (0) to north (7). Band 0 is south of the "Fra Tyskland" line. A field with
   * limit L (see AIRFIELDS) reaches every area whose band is <= L.
   */
  band: number;
}

export const AREAS: AreaSource[] = [
  // --- South-east: Oslofjord, Østfold, Vestfold (zone I) ---
  { id: 'ostfold', name: 'Østfold', seed: [59.4, 11.4], mobilizationPoint: true, seaZones: ['I'], band: 0 },
  { id: 'oslo', name: 'Oslo', seed: [60.05, 10.9], seeds: [[59.72, 10.2]], victoryCity: true, airfield: true, seaZones: ['I'], band: 0 },
  { id: 'horten', name: 'Horten', seed: [59.33, 10.2], seaZones: ['I'], band: 0 },
  // --- South coast (zone II) ---
  { id: 'skien', name: 'Skien', seed: [59.25, 9.35], seaZones: ['II'], band: 0 },
  { id: 'arendal', name: 'Arendal', seed: [58.68, 8.65], seaZones: ['II'], band: 0 },
  { id: 'kristiansand', name: 'Kristiansand', seed: [58.28, 7.65], victoryCity: true, airfield: true, seaZones: ['II'], band: 0 },
  // --- Inland south ---
  { id: 'kongsberg', name: 'Kongsberg', seed: [59.75, 9.55], mobilizationPoint: true, seaZones: [], band: 1 },
  { id: 'honefoss', name: 'Hønefoss', seed: [60.3, 10.05], mobilizationPoint: true, seaZones: [], band: 1 },
  { id: 'kongsvinger', name: 'Kongsvinger', seed: [60.2, 12.05], mobilizationPoint: true, seaZones: [], band: 1 },
  { id: 'hamar', name: 'Hamar', seed: [60.9, 11.2], mobilizationPoint: true, seaZones: [], band: 1 },
  { id: 'gjovik', name: 'Gjøvik', seed: [60.78, 10.4], mobilizationPoint: true, seaZones: [], band: 1 },
  { id: 'elverum', name: 'Elverum', seed: [61.05, 12.0], seaZones: [], band: 1 },
  { id: 'rena', name: 'Rena', seed: [61.6, 11.1], seaZones: [], band: 1 },
  { id: 'lillehammer', name: 'Lillehammer', seed: [61.3, 10.1], seaZones: [], band: 1 },
  { id: 'fagernes', name: 'Fagernes', seed: [61.05, 9.05], seaZones: [], band: 1 },
  { id: 'hallingdal', name: 'Hallingdal', seed: [60.55, 8.7], seaZones: [], band: 1 },
  { id: 'setesdal', name: 'Setesdal', seed: [59.1, 7.7], seaZones: [], band: 1 },
  // --- South-west (zone III) ---
  { id: 'egersund', name: 'Egersund', seed: [58.55, 6.55], telegraphCable: true, seaZones: ['III'], band: 1 },
  { id: 'stavanger', name: 'Stavanger', seed: [58.92, 5.75], victoryCity: true, airfield: true, seaZones: ['III'], band: 1 },
  { id: 'haugesund', name: 'Haugesund', seed: [59.45, 5.7], seaZones: ['III'], band: 1 },
  // --- West (zone IV) ---
  { id: 'bergen', name: 'Bergen', seed: [60.5, 5.45], seeds: [[60.0, 5.6]], victoryCity: true, seaZones: ['IV'], band: 1 },
  { id: 'voss', name: 'Voss', seed: [60.7, 6.65], mobilizationPoint: true, seaZones: ['IV'], band: 1 },
  { id: 'sogndal', name: 'Sogndal', seed: [61.35, 6.6], seeds: [[61.82, 5.55]], seaZones: ['IV'], band: 1 },
  // --- Møre, Romsdal, Dovre, Gudbrandsdalen north (zone V) ---
  { id: 'alesund', name: 'Ålesund', seed: [62.4, 6.5], seeds: [[62.1, 5.42]], seaZones: ['V'], band: 2 },
  { id: 'andalsnes', name: 'Åndalsnes', seed: [62.45, 7.85], mobilizationPoint: true, seaZones: ['V'], band: 2 },
  { id: 'kristiansund', name: 'Kristiansund', seed: [63.1, 8.35], seaZones: ['V'], band: 2 },
  { id: 'otta', name: 'Otta', seed: [61.85, 9.75], seaZones: [], band: 2 },
  { id: 'dombas', name: 'Dombås', seed: [62.1, 9.5], seaZones: [], band: 2 },
  { id: 'oppdal', name: 'Oppdal', seed: [62.55, 9.65], seaZones: [], band: 2 },
  { id: 'tynset', name: 'Tynset', seed: [62.25, 10.5], seaZones: [], band: 2 },
  // --- Trøndelag ---
  { id: 'trondheim', name: 'Trondheim', seed: [63.35, 10.6], victoryCity: true, airfield: true, seaZones: ['V'], band: 3 },
  { id: 'steinkjer', name: 'Steinkjer', seed: [64.0, 11.8], mobilizationPoint: true, seaZones: ['V'], band: 3 },
  { id: 'namsos', name: 'Namsos', seed: [64.65, 12.2], seaZones: ['VI'], band: 3 },
  // --- Helgeland (zone VI) and Salten ---
  { id: 'mosjoen', name: 'Mosjøen', seed: [65.6, 13.3], mobilizationPoint: true, seaZones: ['VI'], band: 4 },
  { id: 'mo-i-rana', name: 'Mo i Rana', seed: [66.35, 14.2], seaZones: ['VI'], band: 4 },
  { id: 'bodo', name: 'Bodø', seed: [67.25, 15.0], airfield: true, seaZones: ['VII'], band: 4 },
  // --- Ofoten and Troms (zone VII) ---
  {
    id: 'tysfjord',
    name: 'Tysfjord',
    seed: [67.95, 16.1],
    seeds: [
      [68.08, 16.9],
      [67.8, 16.5],
    ],
    seaZones: ['VII'],
    band: 5,
  },
  {
    id: 'narvik',
    name: 'Narvik',
    seed: [68.45, 17.35],
    seeds: [
      [68.42, 17.75],
      [68.22, 17.28],
    ],
    victoryCity: true,
    seaZones: ['VII'],
    band: 5,
  },
  { id: 'bjornfjell', name: 'Bjørnfjell', seed: [68.38, 18.25], seeds: [[68.08, 17.5]], seaZones: [], band: 5 },
  { id: 'harstad', name: 'Harstad', seed: [68.6, 15.6], seaZones: ['VII'], band: 5 },
  { id: 'gratangen', name: 'Gratangen', seed: [68.82, 17.4], seaZones: ['VII'], band: 6 },
  { id: 'bardufoss', name: 'Bardufoss', seed: [68.75, 18.35], mobilizationPoint: true, airfield: true, seaZones: [], band: 7 },
  { id: 'tromso', name: 'Tromsø', seed: [69.45, 20.6], mobilizationPoint: true, seaZones: ['VII'], band: 7 },
  { id: 'finnmark', name: 'Finnmark', seed: [70.0, 24.5], seaZones: ['VII'], band: 7 },
];

/**
 * Impassable mountain areas drawn on the board (EN 2.3: "impenetrable mountain areas"), cut out of the
 * land before the areas are drawn; they also keep apart areas that are not neighbours.
 */
export const MOUNTAINS: { name: string; polygon: LatLon[] }[] = [
  {
    name: 'Hardangervidda',
    polygon: [
      [59.85, 7.0],
      [60.15, 6.95],
      [60.4, 7.25],
      [60.45, 7.9],
      [60.2, 8.35],
      [59.8, 8.25],
      [59.65, 7.6],
    ],
  },
  {
    name: 'Jotunheimen',
    polygon: [
      [61.4, 8.0],
      [61.6, 7.8],
      [61.85, 8.05],
      [61.9, 8.7],
      [61.72, 9.35],
      [61.58, 9.7],
      [61.45, 9.55],
      [61.35, 8.6],
    ],
  },
  {
    name: 'Dovrefjell',
    polygon: [
      [62.2, 8.5],
      [62.45, 8.35],
      [62.6, 8.7],
      [62.55, 9.3],
      [62.35, 9.45],
      [62.2, 9.1],
    ],
  },
  {
    name: 'Jostedalsbreen',
    polygon: [
      [61.55, 6.85],
      [61.8, 6.75],
      [61.95, 7.1],
      [61.9, 7.9],
      [61.7, 8.05],
      [61.5, 7.35],
    ],
  },
  {
    name: 'Setesdalsheiene',
    polygon: [
      [59.0, 6.6],
      [59.15, 6.45],
      [59.45, 6.7],
      [59.5, 7.2],
      [59.3, 7.35],
      [59.05, 7.1],
    ],
  },
];

/**
 * Air fields and how far north each reaches: the field's range is every area whose band is <= limit.
 * Bardufoss is the exception (EN 2.3): it covers the northern pocket listed in BARDUFOSS_RANGE.
 */
export const AIRFIELD_LIMITS: Record<string, number> = {
  kristiansand: 1, // Kjevik
  stavanger: 2, // Sola
  oslo: 3, // Fornebu, Kjeller, Gardermoen
  trondheim: 5, // Værnes: to Harstad, Narvik, Bjørnfjell, Tysfjord; not Gratangen, Bardufoss, Tromsø (EN example 3)
  bodo: 6, // one band further than Værnes: adds Gratangen
};
export const BARDUFOSS_RANGE = ['bardufoss', 'tromso', 'finnmark', 'gratangen', 'narvik', 'bjornfjell', 'harstad', 'tysfjord', 'bodo'];

/**
 * Islands that go whole to a named area (a point on the island, and the area). Other islands go to the
 * area whose cells cover most of them.
 */
export const ISLANDS: { at: LatLon; area: string }[] = [
  { at: [68.55, 15.9], area: 'harstad' }, // Hinnøya
  { at: [68.3, 14.5], area: 'harstad' }, // Lofoten (Austvågøya)
  { at: [68.7, 15.0], area: 'harstad' }, // Vesterålen (Langøya)
];

/** Every neighbour pair once. F = across a fjord or lake, L = over land. */
export const BORDERS: [string, string, 'L' | 'F'][] = [
  // South-east
  ['ostfold', 'oslo', 'L'],
  ['ostfold', 'kongsvinger', 'L'],
  ['ostfold', 'horten', 'F'], // across the Oslofjord (Moss–Horten ferry)
  ['oslo', 'kongsvinger', 'L'],
  ['oslo', 'honefoss', 'L'], // EN example 1
  ['oslo', 'hamar', 'L'], // Romerike–Eidsvoll, railway to Hamar
  ['oslo', 'gjovik', 'L'], // Gjøvikbanen through Hadeland
  ['oslo', 'horten', 'L'],
  ['oslo', 'kongsberg', 'L'], // via Drammen
  ['horten', 'kongsberg', 'L'],
  ['horten', 'skien', 'L'],
  ['kongsberg', 'skien', 'L'],
  ['kongsberg', 'honefoss', 'L'],
  ['kongsberg', 'hallingdal', 'L'], // Numedal
  ['kongsberg', 'setesdal', 'L'], // Telemark interior
  ['skien', 'arendal', 'L'],
  ['skien', 'setesdal', 'L'],
  ['arendal', 'kristiansand', 'L'],
  ['arendal', 'setesdal', 'L'],
  ['kristiansand', 'setesdal', 'L'],
  ['kristiansand', 'egersund', 'L'],
  ['setesdal', 'egersund', 'L'], // Sirdal
  ['setesdal', 'haugesund', 'L'], // Haukeli–Røldal road
  // Inland east: Mjøsa, Gudbrandsdalen, Østerdalen, Valdres, Hallingdal
  ['honefoss', 'gjovik', 'L'],
  ['honefoss', 'hallingdal', 'L'],
  ['honefoss', 'fagernes', 'L'],
  ['kongsvinger', 'hamar', 'L'], // EN example 1
  ['kongsvinger', 'elverum', 'L'],
  ['hamar', 'gjovik', 'F'], // Mjøsa, EN example 1
  ['hamar', 'elverum', 'L'],
  ['hamar', 'lillehammer', 'L'],
  ['hamar', 'rena', 'L'],
  ['elverum', 'rena', 'L'],
  ['gjovik', 'lillehammer', 'L'],
  ['gjovik', 'fagernes', 'L'],
  ['fagernes', 'hallingdal', 'L'],
  ['fagernes', 'lillehammer', 'L'],
  ['fagernes', 'sogndal', 'L'], // Filefjell
  ['lillehammer', 'otta', 'L'],
  ['lillehammer', 'rena', 'L'],
  ['rena', 'tynset', 'L'],
  ['rena', 'otta', 'L'],
  ['otta', 'dombas', 'L'],
  ['otta', 'tynset', 'L'],
  ['hallingdal', 'voss', 'L'], // Bergen railway
  ['hallingdal', 'sogndal', 'L'], // Hemsedal–Lærdal
  // West
  ['egersund', 'stavanger', 'L'], // EN example 4
  ['stavanger', 'haugesund', 'F'], // Boknafjord, EN 2.3
  ['haugesund', 'bergen', 'F'], // EN 2.3
  ['haugesund', 'voss', 'F'], // Hardangerfjord
  ['bergen', 'voss', 'L'],
  ['bergen', 'sogndal', 'F'], // the fjord north of Bergen, EN 2.3
  ['voss', 'sogndal', 'L'],
  ['sogndal', 'alesund', 'L'], // Nordfjord–Sunnmøre
  // Møre og Romsdal, Dovre
  ['alesund', 'andalsnes', 'F'], // EN example 2
  ['alesund', 'kristiansund', 'F'], // across the Romsdalsfjord (Molde)
  ['andalsnes', 'kristiansund', 'F'], // EN example 2
  ['andalsnes', 'dombas', 'L'], // Romsdalen, EN example 2
  ['dombas', 'oppdal', 'L'], // Dovrefjell
  ['dombas', 'tynset', 'L'], // Hjerkinn–Folldal
  ['kristiansund', 'oppdal', 'L'], // Sunndalen
  ['kristiansund', 'trondheim', 'L'],
  ['oppdal', 'tynset', 'L'], // EN 4.1
  ['oppdal', 'trondheim', 'L'],
  ['tynset', 'trondheim', 'L'], // Rørosbanen via Støren
  // Trøndelag, Helgeland
  ['trondheim', 'steinkjer', 'L'],
  ['steinkjer', 'namsos', 'L'],
  ['namsos', 'mosjoen', 'L'],
  ['mosjoen', 'mo-i-rana', 'L'],
  ['mo-i-rana', 'bodo', 'L'], // Saltfjellet
  ['bodo', 'tysfjord', 'L'],
  // Ofoten, Troms
  ['tysfjord', 'narvik', 'L'], // EN example 3 (a battalion from Tysfjord attacks Narvik at full strength)
  ['tysfjord', 'bjornfjell', 'L'], // EN example 3
  ['tysfjord', 'harstad', 'F'], // S1
  ['narvik', 'bjornfjell', 'L'],
  ['narvik', 'bardufoss', 'L'], // EN example 3
  ['narvik', 'harstad', 'F'], // S1
  ['narvik', 'gratangen', 'L'], // Bjerkvik–Gratangen
  ['bjornfjell', 'bardufoss', 'L'], // EN example 3
  ['harstad', 'gratangen', 'F'], // S1
  ['gratangen', 'bardufoss', 'L'], // Lapphaugen
  ['bardufoss', 'tromso', 'L'], // EN example 3
  ['gratangen', 'tromso', 'L'], // coast road Salangen–Finnsnes–Tromsø
  ['tromso', 'finnmark', 'L'], // Lyngen–Kvænangen
];

/**
 * Sea zones: adjacency (symmetric) and the drawing polygons (lat/lon). Each zone's water is its polygon
 * less all land and less the zones listed before it; the polygons reach far out so the sea fills the
 * board's extent. Each zone line meets the coast where two areas on different zones meet.
 */
export const SEA_ZONE_SOURCE: { id: SeaZone; adjacent: SeaZone[]; label: LatLon; polygon: (LatLon | string)[] }[] = [
  {
    id: 'I',
    adjacent: ['II'],
    label: [59.3, 10.65],
    polygon: [[60.1, 9.86], 'horten|skien', [58.75, 10.3], [58.75, 11.9], [60.1, 11.9]],
  },
  {
    id: 'II',
    adjacent: ['I', 'III', 'VIII'],
    label: [57.85, 8.6],
    polygon: [
      [59.6, 9.86],
      'horten|skien',
      [58.75, 10.3],
      [58.75, 11.9],
      [55.5, 12.8],
      [55.5, 8.6],
      [57.12, 8.6],
      [57.5, 6.2],
      'kristiansand|egersund',
      [59.6, 6.84],
    ],
  },
  {
    id: 'III',
    adjacent: ['II', 'IV', 'VIII'],
    label: [58.75, 4.9],
    polygon: [
      'kristiansand|egersund',
      [57.5, 6.2],
      [58.5, 4.3],
      [59.55, 4.0],
      [59.572, 5.097],
      [59.633, 5.219],
      'haugesund|bergen',
      [59.6, 7.35],
      [59.6, 6.84],
    ],
  },
  {
    id: 'IV',
    adjacent: ['III', 'V', 'VIII'],
    label: [61.0, 4.2],
    polygon: [
      [59.55, 4.0],
      [59.572, 5.097],
      [59.633, 5.219],
      'haugesund|bergen',
      [59.6, 7.35],
      [61.6, 8.3],
      'sogndal|alesund',
      [61.9, 4.9],
      [62.1, 3.6],
    ],
  },
  {
    id: 'V',
    adjacent: ['IV', 'VI', 'VIII'],
    label: [63.3, 6.6],
    polygon: [[62.1, 3.6], [61.9, 4.9], 'sogndal|alesund', [61.6, 8.3], [63.3, 14.5], [64.3, 14.5], 'steinkjer|namsos', [64.6, 8.0]],
  },
  {
    id: 'VI',
    adjacent: ['V', 'VII', 'VIII'],
    label: [65.6, 10.6],
    polygon: [[64.6, 8.0], 'steinkjer|namsos', [64.3, 14.5], [66.64, 15.72], 'mo-i-rana|bodo', [67.3, 11.0]],
  },
  {
    id: 'VII',
    adjacent: ['VI', 'VIII'],
    label: [71.1, 20.5],
    polygon: [
      'mo-i-rana|bodo',
      [66.64, 15.72],
      [67.0, 17.0],
      [68.0, 19.5],
      [68.9, 29],
      [69.5, 34],
      [69.5, 50],
      [72.5, 50],
      [71.7, 34],
      [71.45, 23.5],
      [70.25, 18.2],
      [69.3, 14.6],
      [68.0, 11.3],
      [67.3, 11.0],
    ],
  },
  {
    id: 'VIII',
    adjacent: ['II', 'III', 'IV', 'V', 'VI', 'VII'],
    label: [64.2, 3.2],
    polygon: [
      [55, -40],
      [55, 8.6],
      [57.12, 8.6],
      [57.5, 6.2],
      [58.5, 4.3],
      [59.55, 4.0],
      [62.1, 3.6],
      [64.6, 8.0],
      [67.3, 11.0],
      [68.0, 11.3],
      [69.3, 14.6],
      [70.25, 18.2],
      [71.45, 23.5],
      [71.7, 34],
      [72.5, 50],
      [85, 50],
      [85, -40],
    ],
  },
];

/** The raiding-ships box (advanced rules, EN 7.2): out in zone VIII, off zones VI and VII. */
export const RAID_BOX = { adjacent: ['VI', 'VII', 'VIII'] as SeaZone[], label: [67.2, 6.5] as LatLon };
