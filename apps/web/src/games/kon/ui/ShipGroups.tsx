/**
 * Placing ships by groups (9. April, the Allied home fleet): the ships still to place by type, the
 * group picked now (at first the first type, so its zones light up on the map at once), how many of
 * a type, and the zones as buttons for the keyboard. One click on a zone places the whole group.
 */
import { useEffect, useState } from 'react';
import { useI18n } from '../../../i18n';
import { shipInfo } from '../game/ships';
import { someOfType, toggleType } from '../game/shipGroups';
import { ShipChip } from './Fleet';
import { Stepper } from './Pieces';
import { placeLabel, type AdvancedState } from './advanced-state';

export function ShipGroups({ state, busy }: { state: AdvancedState; busy: boolean }) {
  const { t, lang } = useI18n();
  // Whether the pick was made ship by ship (then a ship's click adds or takes it out) or by types.
  const [byShip, setByShip] = useState(false);
  const p = state.ships;
  // A group placed (fewer ships left): the next ship clicked starts a new pick.
  const left = p?.toPlace.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the count of ships left is the trigger
  useEffect(() => setByShip(false), [left]);
  if (!p) return null;
  const byType = (ids: string[] | null) => {
    setByShip(false);
    state.pickShips(ids);
  };
  const pickShip = (id: string) => {
    setByShip(true);
    if (!byShip) return state.pickShips([id]);
    const next = p.pick.includes(id) ? p.pick.filter((x) => x !== id) : [...p.pick, id];
    state.pickShips(next.length > 0 ? next : null);
  };
  const all = p.pick.length === p.toPlace.length;
  return (
    <div className="ship-groups" data-testid="ship-groups">
      <p>{t('groups.intro', { n: p.toPlace.length })}</p>
      <ul className="ship-group-list">
        {p.groups.map((g) => {
          const picked = g.ids.filter((id) => p.pick.includes(id)).length;
          const name = shipInfo(g.ids[0]!, lang).typeName;
          return (
            <li key={g.type} className={`ship-group ${picked > 0 ? 'picked' : ''}`} data-ship-type={g.type}>
              <button
                type="button"
                aria-pressed={picked === g.ids.length}
                onClick={() => byType(toggleType(p, g.type))}
                disabled={busy}
                data-pick-type={g.type}
              >
                {t('groups.type', { n: g.ids.length, type: name })}
              </button>
              {g.ids.length > 1 && picked > 0 && (
                <Stepper
                  value={picked}
                  min={1}
                  max={g.ids.length}
                  onChange={(k) => byType(someOfType(p, g.type, k))}
                  label={t('groups.howMany', { type: name })}
                />
              )}
            </li>
          );
        })}
      </ul>
      {p.groups.length > 1 && (
        <button type="button" aria-pressed={all} onClick={() => byType(p.toPlace)} disabled={busy} data-pick-all>
          {t('groups.all', { n: p.toPlace.length })}
        </button>
      )}
      <div className="ship-group-picked" data-testid="ships-picked" data-count={p.pick.length}>
        <p className="small">{t('groups.picked', { n: p.pick.length })}</p>
        <div className="ship-list">
          {p.pick.map((id) => (
            <ShipChip key={id} id={id} compact />
          ))}
        </div>
      </div>
      {p.zones.length > 0 ? (
        <>
          <p className="small">{t('groups.where', { n: p.pick.length })}</p>
          <div className="button-grid">
            {p.zones.map((z) => (
              <button key={z} type="button" onClick={() => state.placeShips(z)} disabled={busy} data-place-zone={z}>
                {placeLabel(t, z)}
              </button>
            ))}
          </div>
        </>
      ) : (
        <p className="small">{t('groups.nowhere')}</p>
      )}
      <details className="ship-one">
        <summary>{t('groups.one')}</summary>
        <p className="muted small">{t('groups.oneHint')}</p>
        <div className="ship-list">
          {p.toPlace.map((id) => (
            <button
              key={id}
              type="button"
              className="ship-button"
              aria-pressed={byShip ? p.pick.includes(id) : p.pick.length === 1 && p.pick[0] === id}
              onClick={() => pickShip(id)}
              disabled={busy}
              data-place-ship={id}
            >
              <ShipChip id={id} />
            </button>
          ))}
        </div>
      </details>
    </div>
  );
}
