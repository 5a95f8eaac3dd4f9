import { describe, it, expect } from 'vitest';
import {
  AREA_IDS,
  BOARD,
  airfields,
  area,
  areNeighbours,
  borderKind,
  bordersRedZone,
  coastZones,
  inAirRange,
  isAlliedCoast,
  isArea,
  isCoastal,
  neighbours,
  victoryCities,
} from '../src/board/index.js';
import type { SeaZone } from '../src/types.js';

const sorted = (xs: readonly string[]) => [...xs].sort();
const ALLIED_ZONES: SeaZone[] = ['III', 'IV', 'V', 'VI', 'VII'];
const onAlliedZone = (id: string) => coastZones(id).some((z) => ALLIED_ZONES.includes(z));
const zone = (id: SeaZone) => BOARD.seaZones.find((z) => z.id === id)!;
const landAreasOn = (z: SeaZone) => AREA_IDS.filter((id) => coastZones(id).includes(z));

// One block per line of /work/shared/rules/board-facts.md, in its order.
describe('board facts: kinds of area', () => {
  it('has 44 land areas, each named', () => {
    expect(BOARD.areas).toHaveLength(44);
    for (const a of BOARD.areas) expect(a.name.trim().length).toBeGreaterThan(0);
  });
  it('has 8 sea zones I–VIII; I–VII border land, VIII borders no land and every zone except I', () => {
    expect(sorted(BOARD.seaZones.map((z) => z.id))).toEqual(sorted(['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII']));
    for (const z of ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII'] as SeaZone[]) expect(landAreasOn(z).length).toBeGreaterThan(0);
    expect(landAreasOn('VIII')).toEqual([]);
    expect(sorted(zone('VIII').adjacent)).toEqual(sorted(['II', 'III', 'IV', 'V', 'VI', 'VII']));
  });
  it('impassable areas are drawn but are not areas', () => {
    expect(BOARD.impassable.length).toBeGreaterThan(0);
    for (const name of ['sweden', 'sverige', 'denmark', 'danmark']) expect(isArea(name)).toBe(false);
  });
  it('the raiding-ships box borders VI, VII and VIII', () => {
    expect(sorted(BOARD.raidBox.adjacent)).toEqual(sorted(['VI', 'VII', 'VIII']));
  });
});

describe('board facts: special land areas', () => {
  it('the 6 victory cities are Oslo, Kristiansand, Stavanger, Bergen, Trondheim and Narvik', () => {
    expect(sorted(victoryCities())).toEqual(sorted(['oslo', 'kristiansand', 'stavanger', 'bergen', 'trondheim', 'narvik']));
  });
  it('the 12 mobilization points are the listed ones', () => {
    const mob = BOARD.areas.filter((a) => a.mobilizationPoint).map((a) => a.id);
    expect(sorted(mob)).toEqual(
      sorted([
        'ostfold',
        'kongsvinger',
        'hamar',
        'gjovik',
        'honefoss',
        'kongsberg',
        'voss',
        'andalsnes',
        'steinkjer',
        'mosjoen',
        'bardufoss',
        'tromso',
      ]),
    );
  });
  it('air fields: Bardufoss and Trondheim have one; every field but Bardufoss reaches the southernmost areas; south of Fra Tyskland needs no field', () => {
    expect(airfields()).toContain('bardufoss');
    expect(airfields()).toContain('trondheim');
    const southmost = BOARD.areas.filter((a) => a.southOfFraTyskland).map((a) => a.id);
    expect(southmost.length).toBeGreaterThan(0);
    for (const f of airfields().filter((f) => f !== 'bardufoss')) {
      for (const s of southmost) expect(BOARD.airRange[f], `${f} reaches ${s}`).toContain(s);
    }
    for (const s of southmost) expect(inAirRange(s, [])).toBe(true);
    const north = BOARD.areas.filter((a) => !a.southOfFraTyskland).map((a) => a.id);
    for (const n of north) expect(inAirRange(n, []), n).toBe(false);
  });
  it('air range from Trondheim reaches Harstad, Narvik and Bjørnfjell, not Gratangen, Bardufoss or Tromsø', () => {
    for (const id of ['harstad', 'narvik', 'bjornfjell']) expect(inAirRange(id, ['trondheim']), id).toBe(true);
    for (const id of ['gratangen', 'bardufoss', 'tromso']) expect(inAirRange(id, ['trondheim']), id).toBe(false);
  });
  it('the telegraph cable runs from Egersund (only)', () => {
    expect(BOARD.areas.filter((a) => a.telegraphCable).map((a) => a.id)).toEqual(['egersund']);
  });
});

describe('board facts: the land areas named in the rules', () => {
  const named = [
    'oslo',
    'horten',
    'ostfold',
    'kongsvinger',
    'hamar',
    'gjovik',
    'honefoss',
    'kongsberg',
    'kristiansand',
    'egersund',
    'stavanger',
    'haugesund',
    'bergen',
    'voss',
    'hallingdal',
    'andalsnes',
    'alesund',
    'kristiansund',
    'dombas',
    'oppdal',
    'tynset',
    'trondheim',
    'steinkjer',
    'mosjoen',
    'tysfjord',
    'narvik',
    'bjornfjell',
    'harstad',
    'gratangen',
    'bardufoss',
    'tromso',
    'finnmark',
  ];
  it('all 32 named areas exist', () => {
    expect(named).toHaveLength(32);
    for (const id of named) expect(isArea(id), id).toBe(true);
    expect(area('andalsnes').name).toBe('Åndalsnes');
    expect(area('hallingdal').name).toBe('Hallingdal');
  });
  it('Mjøsa is a lake, not a land area', () => {
    expect(isArea('mjosa')).toBe(false);
    expect(BOARD.areas.some((a) => a.name === 'Mjøsa')).toBe(false);
  });
});

describe('board facts: adjacencies and fjords', () => {
  it('fjords exist as a border kind; a fjord-side area is coastal (Voss)', () => {
    expect(BOARD.borders.some((b) => b.kind === 'fjord')).toBe(true);
    expect(BOARD.borders.some((b) => b.kind === 'land')).toBe(true);
    expect(isCoastal('voss')).toBe(true);
  });
  it('Gjøvik and Hamar are separated by Mjøsa', () => {
    expect(borderKind('gjovik', 'hamar')).toBe('fjord');
  });
  it('Oslo borders Hønefoss; Kongsvinger borders Hamar', () => {
    expect(borderKind('oslo', 'honefoss')).toBe('land');
    expect(borderKind('kongsvinger', 'hamar')).toBe('land');
  });
  it('Oppdal borders Tynset', () => {
    expect(areNeighbours('oppdal', 'tynset')).toBe(true);
  });
  it('Åndalsnes: fjords to Ålesund and Kristiansund, land to Dombås, no other neighbours', () => {
    expect(sorted(neighbours('andalsnes'))).toEqual(['alesund', 'dombas', 'kristiansund']);
    expect(borderKind('andalsnes', 'alesund')).toBe('fjord');
    expect(borderKind('andalsnes', 'kristiansund')).toBe('fjord');
    expect(borderKind('andalsnes', 'dombas')).toBe('land');
  });
  it('Tysfjord borders Bjørnfjell and Narvik (over land: a battalion from Tysfjord attacks Narvik at full strength); Bjørnfjell borders Bardufoss', () => {
    expect(areNeighbours('tysfjord', 'bjornfjell')).toBe(true);
    expect(borderKind('tysfjord', 'narvik')).toBe('land');
    expect(areNeighbours('bjornfjell', 'bardufoss')).toBe(true);
  });
  it('Bardufoss borders Bjørnfjell, Narvik and Tromsø; Tromsø is a legal retreat once Bjørnfjell and Narvik are German', () => {
    for (const n of ['bjornfjell', 'narvik', 'tromso']) expect(areNeighbours('bardufoss', n), n).toBe(true);
    const retreats = neighbours('bardufoss').filter((n) => n !== 'bjornfjell' && n !== 'narvik');
    expect(retreats).toContain('tromso');
  });
  it('Harstad is across fjords from Gratangen, Narvik and Tysfjord', () => {
    for (const n of ['gratangen', 'narvik', 'tysfjord']) expect(borderKind('harstad', n), n).toBe('fjord');
  });
  it('Stavanger: fjord to Haugesund, land to Egersund, and no other neighbours', () => {
    expect(borderKind('stavanger', 'haugesund')).toBe('fjord');
    expect(borderKind('stavanger', 'egersund')).toBe('land');
    expect(sorted(neighbours('stavanger'))).toEqual(['egersund', 'haugesund']);
  });
  it('fjords north of Bergen, between Bergen and Haugesund, and between Haugesund and Stavanger', () => {
    const northOfBergen = neighbours('bergen').filter(
      (n) => borderKind('bergen', n) === 'fjord' && area(n).label.y < area('bergen').label.y,
    );
    expect(northOfBergen.length).toBeGreaterThan(0);
    expect(borderKind('bergen', 'haugesund')).toBe('fjord');
    expect(borderKind('haugesund', 'stavanger')).toBe('fjord');
    expect(areNeighbours('bergen', 'voss')).toBe(true);
  });
});

describe('board facts: sea zones and coasts', () => {
  it('sea zone III borders Haugesund, Stavanger and Egersund', () => {
    for (const id of ['haugesund', 'stavanger', 'egersund']) expect(coastZones(id), id).toContain('III');
  });
  it('Voss lies by a fjord and borders sea zone IV', () => {
    expect(coastZones('voss')).toContain('IV');
  });
  it('zones I and II are the red shadow; Germany reinforces on them, the Allies may not', () => {
    expect(sorted(BOARD.seaZones.filter((z) => z.redShadow).map((z) => z.id))).toEqual(['I', 'II']);
    for (const id of ['oslo', 'horten', 'ostfold', 'kristiansand']) {
      expect(bordersRedZone(id), id).toBe(true);
      expect(isAlliedCoast(id), id).toBe(false);
    }
  });
  it('the Allies have a blue-shadow coast on zones III–VII', () => {
    const allied = AREA_IDS.filter(isAlliedCoast);
    expect(allied.length).toBeGreaterThanOrEqual(2);
    for (const id of allied) expect(onAlliedZone(id), id).toBe(true);
  });
  it('III lies between II and IV: II and IV do not touch, III touches both', () => {
    expect(zone('II').adjacent).not.toContain('IV');
    expect(zone('III').adjacent).toEqual(expect.arrayContaining(['II', 'IV']));
    expect(zone('II').adjacent).toContain('VIII');
    expect(zone('IV').adjacent).toContain('VIII');
  });
  it('Stupbombefly zones III–V and Rekognoseringsfly zones exist and border land', () => {
    for (const z of ['III', 'IV', 'V', 'II'] as SeaZone[]) expect(landAreasOn(z).length, z).toBeGreaterThan(0);
  });
  it('with Bardufoss, Germany may use Bombefly in zone VII', () => {
    expect(BOARD.airRangeAtSea?.bardufoss).toContain('VII');
    expect(landAreasOn('VII').length).toBeGreaterThan(0);
  });
  it('German raiding ships leave from VI, VII or VIII, which are sea zones', () => {
    for (const z of ['VI', 'VII', 'VIII'] as SeaZone[]) expect(BOARD.seaZones.some((s) => s.id === z)).toBe(true);
  });
  it('Tromsø is coastal to a zone in III–VII', () => {
    expect(onAlliedZone('tromso')).toBe(true);
    expect(isAlliedCoast('tromso')).toBe(true);
  });
  it('Åndalsnes, Ålesund and Kristiansund are coastal to a zone in III–VII', () => {
    for (const id of ['andalsnes', 'alesund', 'kristiansund']) expect(isAlliedCoast(id), id).toBe(true);
  });
});

describe('board facts: starting positions exist', () => {
  it('basic setup areas exist', () => {
    for (const id of [
      'oslo',
      'horten',
      'kristiansand',
      'egersund',
      'stavanger',
      'bergen',
      'trondheim',
      'narvik',
      'kongsvinger',
      'gjovik',
      'honefoss',
      'voss',
      'steinkjer',
      'bardufoss',
      'gratangen',
      'finnmark',
    ])
      expect(isArea(id), id).toBe(true);
  });
  it('the Allies can land two stacks in two non-bordering areas coastal to III–VII', () => {
    const coast = AREA_IDS.filter(isAlliedCoast);
    const pair = coast.some((a) => coast.some((b) => a !== b && !areNeighbours(a, b)));
    expect(pair).toBe(true);
  });
  it('scenario 1 areas exist', () => {
    for (const id of ['narvik', 'bjornfjell', 'mosjoen', 'tromso', 'bardufoss', 'gratangen', 'harstad', 'tysfjord']) {
      expect(isArea(id), id).toBe(true);
    }
  });
});

describe('board structure', () => {
  it('has unique ids and names', () => {
    expect(new Set(AREA_IDS).size).toBe(AREA_IDS.length);
    expect(new Set(BOARD.areas.map((a) => a.name)).size).toBe(BOARD.areas.length);
  });
  it('borders reference existing areas, with no self or duplicate borders', () => {
    const seen = new Set<string>();
    for (const b of BOARD.borders) {
      expect(isArea(b.a), b.a).toBe(true);
      expect(isArea(b.b), b.b).toBe(true);
      expect(b.a).not.toBe(b.b);
      const key = [b.a, b.b].sort().join('|');
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });
  it('sea-zone adjacency is symmetric and irreflexive', () => {
    for (const z of BOARD.seaZones) {
      expect(z.adjacent).not.toContain(z.id);
      for (const other of z.adjacent) expect(zone(other).adjacent, `${other} -> ${z.id}`).toContain(z.id);
    }
  });
  it('zones follow the coast I–II–III–IV–V–VI–VII', () => {
    const chain: SeaZone[] = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII'];
    for (let i = 0; i + 1 < chain.length; i++) expect(zone(chain[i]!).adjacent).toContain(chain[i + 1]);
    expect(zone('I').adjacent).toEqual(['II']);
  });
  it('the map is connected over land and fjord borders', () => {
    const seen = new Set<string>([AREA_IDS[0]!]);
    const queue = [AREA_IDS[0]!];
    while (queue.length) for (const n of neighbours(queue.shift()!)) if (!seen.has(n)) seen.add(n), queue.push(n);
    expect(seen.size).toBe(AREA_IDS.length);
  });
  it('inland areas stay inland', () => {
    for (const id of [
      'kongsvinger',
      'hamar',
      'gjovik',
      'honefoss',
      'dombas',
      'oppdal',
      'tynset',
      'bjornfjell',
      'bardufoss',
      'hallingdal',
    ]) {
      expect(coastZones(id), id).toEqual([]);
    }
  });
  it('the Fra Tyskland strip lies on the red-shadow coast', () => {
    for (const a of BOARD.areas.filter((x) => x.southOfFraTyskland)) expect(bordersRedZone(a.id), a.id).toBe(true);
  });
  it('air ranges list only existing areas, exist exactly for the air fields, and contain their field', () => {
    expect(sorted(Object.keys(BOARD.airRange))).toEqual(sorted(airfields()));
    for (const [field, list] of Object.entries(BOARD.airRange)) {
      expect(list, field).toContain(field);
      expect(new Set(list).size).toBe(list.length);
      for (const id of list) expect(isArea(id), `${field}: ${id}`).toBe(true);
    }
  });
  it('air range at sea is given for every air field and uses its coast (or VII for Bardufoss)', () => {
    const sea = BOARD.airRangeAtSea ?? {};
    expect(sorted(Object.keys(sea))).toEqual(sorted(airfields()));
    for (const f of airfields()) if (f !== 'bardufoss') expect(sorted(sea[f] ?? []), f).toEqual(sorted(coastZones(f)));
  });
  it('Bardufoss reaches only a northern pocket, not the south', () => {
    const list = BOARD.airRange.bardufoss ?? [];
    expect(list).toEqual(expect.arrayContaining(['bardufoss', 'tromso', 'gratangen']));
    for (const s of ['oslo', 'kristiansand', 'trondheim']) expect(list).not.toContain(s);
  });
  it('every shape is a non-empty closed SVG path with finite numbers', () => {
    const shapes = [...BOARD.areas.map((a) => a.shape), ...BOARD.seaZones.map((z) => z.shape), ...BOARD.impassable];
    for (const d of shapes) {
      expect(d).toMatch(/^M[-\d.]+,[-\d.]+(L[-\d.]+,[-\d.]+)+Z(M[-\d.]+,[-\d.]+(L[-\d.]+,[-\d.]+)+Z)*$/);
      for (const n of d.match(/-?\d+(\.\d+)?/g) ?? []) expect(Number.isFinite(Number(n))).toBe(true);
    }
    expect(BOARD.fraTysklandLine).toMatch(/^M[-\d.]+,[-\d.]+L/);
    expect(BOARD.telegraphLine).toMatch(/^M[-\d.]+,[-\d.]+/);
  });
  it('labels lie inside the viewBox', () => {
    const [x0, y0, w, h] = BOARD.viewBox.split(' ').map(Number) as [number, number, number, number];
    const labels = [...BOARD.areas.map((a) => a.label), ...BOARD.seaZones.map((z) => z.label), BOARD.raidBox.label];
    for (const p of labels) {
      expect(p.x).toBeGreaterThanOrEqual(x0);
      expect(p.x).toBeLessThanOrEqual(x0 + w);
      expect(p.y).toBeGreaterThanOrEqual(y0);
      expect(p.y).toBeLessThanOrEqual(y0 + h);
    }
  });
  it('south is at the bottom and Finnmark at the top right', () => {
    expect(area('kristiansand').label.y).toBeGreaterThan(area('trondheim').label.y);
    expect(area('trondheim').label.y).toBeGreaterThan(area('finnmark').label.y);
    expect(area('finnmark').label.x).toBeGreaterThan(area('bergen').label.x);
  });
});
