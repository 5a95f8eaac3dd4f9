/**
 * The naval movement panel: the viewer's ships grouped by the place they may sail from, each group a
 * task force sent in one decision (EN 8.1). Every option comes from the engine's legal moves.
 */
import { useState } from 'react';
import type { FactionView } from '@kon/game';
import { useI18n } from '../../../i18n';
import { matchSet, members, type Args } from '../game/advancedChoices';
import { shipName } from '../game/ships';

/**
 * Naval movement, one task force per decision (EN 8.1: ships starting in one zone and taking the same
 * route move together): a picker per place the viewer's ships may set out from, every ship ticked.
 * One click sails them all (then the zone on the map); untick the ships that stay first. Only groups
 * the engine lists can be sent.
 */
export function TaskForces({
  G,
  options,
  placeName,
  onSail,
  busy,
}: {
  G: FactionView;
  options: Args[];
  placeName: (at: string) => string;
  onSail: (ships: string[]) => void;
  busy: boolean;
}) {
  const { t } = useI18n();
  const byPlace = new Map<string, Args[]>();
  for (const o of options) {
    const at = String(G.ships.find((s) => s.id === (o.ships as string[])[0])?.at ?? '');
    byPlace.set(at, [...(byPlace.get(at) ?? []), o]);
  }
  return (
    <div className="task-forces">
      <h4>{t('adv.sail')}</h4>
      {[...byPlace].map(([at, opts]) => {
        const ships = members(opts, 'ships');
        return (
          <TaskForcePicker
            key={`${at}:${ships.join(',')}`}
            from={placeName(at)}
            at={at}
            ships={ships}
            options={opts}
            onSail={onSail}
            busy={busy}
          />
        );
      })}
    </div>
  );
}

function TaskForcePicker({
  from,
  at,
  ships,
  options,
  onSail,
  busy,
}: {
  from: string;
  at: string;
  ships: string[];
  options: Args[];
  onSail: (ships: string[]) => void;
  busy: boolean;
}) {
  const { t } = useI18n();
  const [staying, setStaying] = useState<string[]>([]);
  const going = ships.filter((id) => !staying.includes(id));
  const match = matchSet(options, 'ships', going);
  const names = going.map((id) => shipName(id) ?? '?').join(', ');
  return (
    <div className="set-choice" data-sail-from={at}>
      <p>{t('adv.sailFrom', { from })}</p>
      {ships.length > 1 &&
        ships.map((id) => (
          <label key={id} className="row">
            <input
              type="checkbox"
              checked={!staying.includes(id)}
              onChange={() => setStaying((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]))}
            />{' '}
            {shipName(id) ?? '?'}
          </label>
        ))}
      <button
        type="button"
        className="primary"
        onClick={() => match && onSail(match.ships as string[])}
        disabled={!match || busy}
        data-adv="sail"
      >
        {t('adv.sail')}
        {going.length > 1 && going.length === ships.length ? ` (${t('adv.allShips', { n: going.length })})` : ''}
        {names ? `: ${names}` : ''}
      </button>
    </div>
  );
}
