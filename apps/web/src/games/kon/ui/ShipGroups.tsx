/**
 * Placing ships by groups (9. April, the Allied home fleet): the ships still to place by type, the
 * group picked now (at first the first type, so its zones light up on the map at once), how many of
 * a type, and the zones as buttons for the keyboard. One click on a zone places the whole group.
 */
import { useI18n } from '../../../i18n';
import { shipInfo } from '../game/ships';
import { someOfType, toggleType } from '../game/shipGroups';
import { ShipChip } from './Fleet';
import { Stepper } from './Pieces';
import { placeLabel, type AdvancedState } from './advanced-state';

export function ShipGroups({ state, busy }: { state: AdvancedState; busy: boolean }) {
  const { t, lang } = useI18n();
  const p = state.ships;
  if (!p) return null;
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
                onClick={() => state.pickShips(toggleType(p, g.type))}
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
                  onChange={(k) => state.pickShips(someOfType(p, g.type, k))}
                  label={t('groups.howMany', { type: name })}
                />
              )}
            </li>
          );
        })}
      </ul>
      {p.groups.length > 1 && (
        <button type="button" aria-pressed={all} onClick={() => state.pickShips(p.toPlace)} disabled={busy} data-pick-all>
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
        <div className="ship-list">
          {p.toPlace.map((id) => (
            <button
              key={id}
              type="button"
              className="ship-button"
              aria-pressed={p.pick.length === 1 && p.pick[0] === id}
              onClick={() => state.pickShips([id])}
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
